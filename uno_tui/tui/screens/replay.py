"""A finished match told again move by move, as ``uno-tui replay`` tells it: one line at a
time under the arrows, each spoken to a listener with the terminal's cursor on it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from uno_tui.tui.listening import place_on_option, speak

REPLAY_KEYS = "Up and Down go line by line, Home and End to the first and last, Enter goes back."


class ReplayScreen(Screen[None]):
    """The lines of a match, one highlighted at a time; Enter or Escape goes back."""

    BINDINGS = [
        Binding("enter", "close", "Back", priority=True),
        Binding("escape", "close", "Back", show=False),
        Binding("home", "scroll('home')", "First", show=False),
        Binding("end", "scroll('end')", "Last", show=False),
    ]

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.title_line = title
        self.lines = tuple(line for line in lines if line)
        self.said_index = 0
        """The line last spoken (the first is spoken with the screen's arrival)."""

    def compose(self) -> ComposeResult:
        yield Static(Text(self.title_line, style="bold"), id="replay-title")
        yield OptionList(*(Option(Text(line)) for line in self.lines), id="replay")
        yield Footer()

    def on_mount(self) -> None:
        lines = self.query_one("#replay", OptionList)
        lines.focus()
        first = f" Line 1: {self.lines[0]}" if self.lines else " No lines."
        speak(self, f"{self.title_line}, {len(self.lines)} lines. {REPLAY_KEYS}{first}")
        if self.lines:
            lines.highlighted = 0
        self.call_after_refresh(self.place_cursor)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = event.option_index
        self.call_after_refresh(self.place_cursor)
        if index != self.said_index:
            self.said_index = index
            speak(self, f"{index + 1}: {self.lines[index]}")

    def place_cursor(self) -> None:
        """The terminal's cursor on the highlighted line."""
        place_on_option(self.query_one("#replay", OptionList))

    def action_scroll(self, where: str) -> None:
        lines = self.query_one("#replay", OptionList)
        if where == "home":
            lines.action_first()
        else:
            lines.action_last()

    def action_close(self) -> None:
        self.dismiss(None)
