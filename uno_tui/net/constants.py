"""Names the host, the client and the SSH door share: the port, and how a door's join process
says whose connection it carries. A leaf: a joining client loads no host code for them."""

from __future__ import annotations

DEFAULT_PORT = 8765

DOOR_HEADER = "X-Uno-Tui-Door"
"""The SSH door's join processes send ``SECRET ADDRESS`` in this header: the host then counts
the connection as the guest's own address (``ADDRESS over SSH``), not as the loopback that
every door session shares. Without the host's secret the header is ignored."""

ENV_DOOR = "UNO_TUI_DOOR"
"""How the door hands a join process that header's value (its environment: its user's alone)."""
