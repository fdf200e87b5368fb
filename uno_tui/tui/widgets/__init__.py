"""The app's widgets, one a file."""

from uno_tui.tui.widgets.event_log import EventLog
from uno_tui.tui.widgets.flying_card import FlyingCard
from uno_tui.tui.widgets.hand_view import HandView
from uno_tui.tui.widgets.table_view import TableView
from uno_tui.tui.widgets.tick_box import TickBox

__all__ = ["EventLog", "FlyingCard", "HandView", "TableView", "TickBox"]
