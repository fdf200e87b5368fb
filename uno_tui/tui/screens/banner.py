"""A result that stays until a key closes it (a challenge's outcome), over the dimmed table."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class BannerScreen(ModalScreen[None]):
    """A title and a few lines; Enter, Space or Escape closes it."""

    BINDINGS = [
        Binding("enter", "close", "Close"),
        Binding("space", "close", "Close", show=False),
        Binding("escape", "close", "Close", show=False),
    ]

    def __init__(self, title: str, body: Text) -> None:
        super().__init__()
        self.title_words = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="banner"):
            yield Label(Text(self.title_words), id="banner-title")
            yield Static(self.body, id="banner-body")
            yield Label("Enter closes this.", id="banner-hint")

    def action_close(self) -> None:
        self.dismiss(None)
