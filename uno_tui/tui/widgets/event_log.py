"""The recent events in words, newest last, as the person watching may know them."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

MAX_LINES = 60
"""Enough to look back over a few turns; L (narration) reads them too. Rendering stays cheap."""


class EventLog(VerticalScroll, can_focus=False):
    """Rebuilt from the events whenever they change, so that a line told privately to one
    player (the card they drew) vanishes when the curtain falls. Wrapped at render time, so
    a resize never cuts a line."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(id="log-lines", markup=False)

    def on_mount(self) -> None:
        # Kept at the newest line by the layout itself, whenever the lines or the size change
        # (a scroll asked for after a refresh could run before the last layout, and leave an
        # older line at the bottom).
        self.anchor()

    def show_lines(self, lines: Sequence[str]) -> None:
        lines = tuple(lines[-MAX_LINES:])
        if lines == self.lines:
            return
        self.lines = lines
        self.query_one("#log-lines", Static).update("\n".join(lines))
