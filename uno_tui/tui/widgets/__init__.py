"""The app's widgets, one a file.

Each is imported when first asked for (PEP 562), so the setup screen does not load the game's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uno_tui.engine.lazy import names_on_demand

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


__getattr__ = names_on_demand(__name__, _MODULES, globals())


__all__ = [
    "Cycler",
    "EventLog",
    "FlyingCard",
    "HandView",
    "LightButton",
    "TableView",
    "TickBox",
]
