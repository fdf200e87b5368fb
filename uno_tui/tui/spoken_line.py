"""Narration as text (``--speech text``): each line the app would speak is written on a live
line at the foot of the screen, with the terminal's cursor on it, for a screen reader on the
listener's own machine to read. The SSH door runs the guest's app so: its speech would be
heard at the host, its text reaches the guest.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.text import Text
from textual.app import App
from textual.widgets import Footer, Static

from uno_tui.tui.listening import place_cursor

KEPT = 400
"""Characters of lines said one after another that the live line keeps (its last ones)."""


class SpokenLine(Static):
    """The live line: what was said since the listener's last key, the newest last."""

    DEFAULT_CSS = """
    SpokenLine {
        dock: bottom;
        height: auto;
        max-height: 3;
        width: 100%;
        background: $panel;
        color: $foreground;
    }
    """

    def __init__(self) -> None:
        super().__init__("", id="spoken-line", markup=False)
        self.words = ""

    def tell(self, line: str, interrupt: bool) -> None:
        """``line`` after what is there (or instead of it, with ``interrupt``: the listener
        pressed a key and moved on)."""
        joined = line if interrupt or not self.words else f"{self.words} {line}"
        self.words = joined[-KEPT:]
        self.update(Text(self.words))


def write_spoken(app: App[Any], line: str, interrupt: bool) -> None:
    """Write ``line`` on the top screen's live line (made there on first use) and put the
    terminal's cursor on it."""
    screen = app.screen
    found = screen.query(SpokenLine)
    widget = found.first() if found else None
    if widget is None:
        widget = SpokenLine()
        if screen.query(Footer):  # docked to the same edge, above it: the keys stay seen
            widget.styles.margin = (0, 0, 1, 0)
        screen.mount(widget)
    widget.tell(line, interrupt)
    app.call_after_refresh(partial(place_cursor, widget, live=True))
