"""The handoff curtain: only "Hand the keyboard to NAME" and what everyone may see, until NAME
is ready."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from uno_tui.engine import Action
from uno_tui.tui.listening import place_cursor


class CurtainScreen(Screen[Action | None]):
    """Enter dismisses it with ``None`` (the player is ready); the public calls (call UNO for
    a player who may still, catch one who did not) dismiss it with that action; Q saves and
    quits, as in the game (``leave``)."""

    BINDINGS = [
        Binding("enter", "ready", "Ready"),
        Binding("u", "call", "Call UNO"),
        Binding("c", "catch", "Catch"),
        Binding("q", "leave", "Save & quit"),
    ]

    def __init__(
        self,
        name: str,
        table: Text,
        calls: Sequence[tuple[str, Action]] = (),
        catches: Sequence[tuple[str, Action]] = (),
        leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.leave = leave
        self.player_name = name
        self.table = table
        self.calls = list(calls)
        self.catches = list(catches)

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="curtain"):
            # Text, not markup: a name such as "[b]Ann" shows as typed.
            yield Label(Text(f"Hand the keyboard to {self.player_name}"), id="pass-to")
            yield Label("press Enter when ready", id="ready-hint")
            for label, _ in self.calls:
                yield Label(Text(f"U: {label}"), classes="curtain-call")
            for label, _ in self.catches:
                yield Label(Text(f"C: {label}"), classes="curtain-call")
            yield Static(self.table, id="curtain-table")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only the keys that do something now."""
        if action == "call":
            return bool(self.calls)
        if action == "catch":
            return bool(self.catches)
        if action == "leave":
            return self.leave is not None
        return True

    def action_leave(self) -> None:
        if self.leave is not None:
            self.leave()

    def on_mount(self) -> None:
        """The terminal's cursor on "Hand the keyboard to NAME" (the narration says it aloud)."""
        self.call_after_refresh(place_cursor, self.query_one("#pass-to", Label))

    def action_ready(self) -> None:
        self.dismiss(None)

    def action_call(self) -> None:
        if self.calls:
            self.dismiss(self.calls[0][1])

    def action_catch(self) -> None:
        if self.catches:
            self.dismiss(self.catches[0][1])
