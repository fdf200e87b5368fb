"""What a host may be told on its command line (``HostOptions``): its address, the door's
limits, the pace of its bots, its timers and its TLS."""

from __future__ import annotations

import ssl
from dataclasses import dataclass

from .constants import DEFAULT_PORT
from .pace import BOT_PAUSE

ROOM_JOIN_RATE = 1.0
"""Joins a second with a room's code, on average (names refused count) ..."""
ROOM_JOIN_BURST = 20.0
"""... and at once (a table of friends walking in together, with a few names taken)."""
TALLY_WINDOW = 60.0
"""Repeated happenings (wrong codes, dropped connections) are told once, then counted over
this many seconds."""
AWAY_BOT = "medium"
"""The level of the bot that takes a seat whose person stays away."""


@dataclass(frozen=True, slots=True)
class HostOptions:
    bind: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    wrong_code_delay: float = 1.0
    """Seconds before a wrong code is answered, so codes cannot be tried quickly."""
    hello_timeout: float = 5.0
    """Seconds a connection has to say its code; then it is cut off (and, under ``wss://``,
    seconds its TLS handshake may take)."""
    max_connections: int = 64
    """Connections that have not shown a valid code yet; a newcomer past this pushes out the
    oldest of the address holding the most (so idle connections cannot lock a seat out)."""
    max_per_address: int = 16
    """The same, from one address."""
    max_pending: int = 128
    """TCP connections that have not finished the WebSocket handshake (counted from their
    accept, through the TLS handshake under ``wss://``) ..."""
    max_pending_per_address: int = 64
    """... and from one address; past either, the oldest is cut off."""
    max_spectators: int = 64
    join_rate: float = 0.2
    """Joins a second with one seat's code, on average (a dropped person rejoins at once) ..."""
    join_burst: float = 5.0
    """... and at once."""
    address_join_rate: float = 2.0
    """Joins a second from one address with any valid code ..."""
    address_join_burst: float = 80.0
    """... and at once (a whole table of spectators from one machine)."""
    tally_window: float = TALLY_WINDOW
    """Seconds over which a repeated happening (a wrong code, a connection cut off) is counted
    and told in one line."""
    lobby_grace: float = 60.0
    """Seconds a room's seat waits for its person after their connection dropped (they come
    back with its token); then it is open again for anyone with the room's code."""
    news_grace: float = 2.0
    """Seconds a seat's leave waits before it is told: a quick rejoin is told nothing."""
    rate: float = 30.0
    """Messages a second a connection may send, on average (a person sends a few; a client
    paces itself under this, see ``client.MIN_SEND_INTERVAL``) ..."""
    burst: float = 60.0
    """... and at once."""
    away_bot_after: float | None = None
    """Seconds a remote seat may be awaited with nobody connected before a bot takes it."""
    uno_grace: float = 2.0
    """Seconds the bots wait after a person's play leaves them one card, for their UNO call."""
    turn_seconds: float | None = None
    """Seconds a person has for each move (``timers.TurnTimers``); ``None``: no limit."""
    turn_bot: str = AWAY_BOT
    """The level of the bot that moves for a person whose time is up."""
    spectators_chat: bool = False
    """Spectators may write in the chat (they always read it)."""
    bot_pause: float = BOT_PAUSE
    """Seconds before a bot's move, as at the app's own table (twice that after a move that
    hit a person): people far away follow the bots at the same pace (``pace.BotPace``)."""
    tls: ssl.SSLContext | None = None
    """Serve ``wss://`` with this context (``uno_tui.net.tls``); ``None``: plain ``ws://``."""
