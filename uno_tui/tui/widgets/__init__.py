"""The app's widgets, one a file.

Each is imported when first asked for (PEP 562), so the setup screen does not load the game's.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from uno_tui.tui.widgets.cycler import Cycler
    from uno_tui.tui.widgets.event_log import EventLog
    from uno_tui.tui.widgets.flying_card import FlyingCard
    from uno_tui.tui.widgets.hand_view import HandView
    from uno_tui.tui.widgets.light_button import LightButton
    from uno_tui.tui.widgets.table_view import TableView
    from uno_tui.tui.widgets.tick_box import TickBox

_MODULES = {
    "Cycler": "cycler",
    "EventLog": "event_log",
    "FlyingCard": "flying_card",
    "HandView": "hand_view",
    "LightButton": "light_button",
    "TableView": "table_view",
    "TickBox": "tick_box",
}


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = [
    "Cycler",
    "EventLog",
    "FlyingCard",
    "HandView",
    "LightButton",
    "TableView",
    "TickBox",
]
