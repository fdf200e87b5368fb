"""A finished match told again move by move, as ``uno-tui replay`` tells it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static


class ReplayScreen(Screen[None]):
    """The lines of a match, scrollable; Enter or Escape goes back."""

    BINDINGS = [
        Binding("enter", "close", "Back"),
        Binding("escape", "close", "Back", show=False),
        Binding("home", "scroll('home')", "First", show=False),
        Binding("end", "scroll('end')", "Last", show=False),
    ]

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.title_line = title
        self.lines = tuple(lines)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="replay"):
            yield Static(Text(self.title_line, style="bold"), id="replay-title")
            yield Static(Text("\n".join(line for line in self.lines if line)), id="replay-lines")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one(VerticalScroll)
        if where == "home":
            scroll.scroll_home(animate=False)
        else:
            scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
