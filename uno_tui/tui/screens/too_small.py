"""Shown instead of a broken layout when the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center
from textual.screen import ModalScreen
from textual.widgets import Label

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(width: int, height: int) -> bool:
    """Below what the game needs: the cover goes up and the match waits."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


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

    def show_size(self) -> None:
        """The size now; the app takes this screen away once the terminal is large enough
        (it alone does, so that a cover never takes the screen beneath it along)."""
        self.query_one("#too-small", Label).update(self.message())
