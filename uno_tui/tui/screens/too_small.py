"""Shown instead of a broken layout when the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Label

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    """Covers everything until the terminal is large enough again; the match waits beneath."""

    def compose(self) -> ComposeResult:
        with Center():
            yield Label(self.message(), id="too-small")

    def message(self) -> str:
        width, height = self.app.size
        return (
            f"Please make the terminal larger: UNO needs {MIN_WIDTH}x{MIN_HEIGHT}, "
            f"this one is {width}x{height}."
        )

    def on_resize(self, event: Resize) -> None:
        width, height = self.app.size
        if width >= MIN_WIDTH and height >= MIN_HEIGHT:
            self.dismiss(None)
        else:
            self.query_one("#too-small", Label).update(self.message())
