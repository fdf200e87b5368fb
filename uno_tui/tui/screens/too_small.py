"""Shown instead of a broken layout when the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center
from textual.screen import ModalScreen
from textual.widgets import Label

from uno_tui.tui.listening import place_cursor

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(width: int, height: int) -> bool:
    """Below what the game needs: the cover goes up and the match waits (in narration mode
    the cover is spoken instead, and the match goes on)."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


def cover_words(width: int, height: int) -> str:
    return (
        f"Please make the terminal larger: UNO needs {MIN_WIDTH}x{MIN_HEIGHT}, "
        f"this one is {width}x{height}."
    )


class TooSmallScreen(ModalScreen[None]):
    """Covers everything until the terminal is large enough again; the match waits beneath."""

    def compose(self) -> ComposeResult:
        with Center():
            yield Label(self.message(), id="too-small")

    def on_mount(self) -> None:
        self.call_after_refresh(self.place_cursor)

    def place_cursor(self) -> None:
        place_cursor(self.query_one("#too-small", Label))

    def message(self) -> str:
        return cover_words(*self.app.size)

    def show_size(self) -> None:
        """The size now; the app takes this screen away once the terminal is large enough
        (it alone does, so that a cover never takes the screen beneath it along)."""
        self.query_one("#too-small", Label).update(self.message())
