"""A finished match watched again on the table, move by move: the app's own table and log,
played at a speed of the person's choosing, paused, stepped back and forth.

It shows what everyone saw: no hand, except (at a table of one person and bots) that
person's own, which was on their screen all along; A shows every hand, for whoever asks.
L opens the match as a list of lines (``ReplayScreen``), the way narration reads it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from uno_tui.tui.challenge import cards_line
from uno_tui.tui.replay_frames import Frame
from uno_tui.tui.screens.replay import ReplayScreen
from uno_tui.tui.widgets.event_log import MAX_LINES, EventLog
from uno_tui.tui.widgets.table_view import TableView

SPEEDS = (3.0, 2.0, 1.0, 0.5, 0.25, 0.1)
"""Seconds between two moves while playing, slowest first (+ and - move along them)."""
START_SPEED = 2


class ReplayTableScreen(Screen[None]):
    """The frames of a match on the table; Escape goes back."""

    DEFAULT_CSS = """
    ReplayTableScreen #replay-status {
        height: auto;
        padding: 0 1;
        background: $panel;
    }
    ReplayTableScreen #replay-hands {
        height: auto;
        max-height: 12;
        border: round $accent;
        padding: 0 1;
    }
    """

    BINDINGS = [
        Binding("space", "play_pause", "Play/pause"),
        Binding("left", "step(-1)", "Earlier"),
        Binding("right", "step(1)", "Later"),
        Binding("home", "go('first')", "First", show=False),
        Binding("end", "go('last')", "Last", show=False),
        Binding("plus,equals_sign", "speed(1)", "Faster"),
        Binding("minus", "speed(-1)", "Slower"),
        Binding("a", "all_hands", "All hands"),
        Binding("l", "lines", "List", show=False),
        Binding("escape,q", "close", "Leave"),
    ]

    def __init__(
        self,
        title: str,
        frames: Sequence[Frame],
        *,
        labels: Sequence[str] = (),
        own: int | None = None,
        lines: Callable[[], Sequence[str]] | None = None,
        playing: bool = True,
    ) -> None:
        """``labels``: each seat's bot level (``""`` for a person); ``own``: the seat whose
        hand was shown all along (the one person at a table of bots); ``lines``: the match
        as lines, for L."""
        super().__init__()
        self.title_line = title
        self.frames = frames
        self.labels = tuple(labels) or ("",) * len(self.frames[0].view.names)
        self.own = own
        self.list_lines = lines
        self.at = 0
        self.speed = START_SPEED
        self.playing = playing and len(self.frames) > 1
        self.all_hands = False
        self.timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="replay-status")
        with Horizontal(id="top"):
            yield TableView(id="table")
            yield EventLog(id="log")
        yield Static(id="replay-hands")
        yield Footer()

    def on_mount(self) -> None:
        self.show()
        self.timer = self.set_interval(SPEEDS[self.speed], self.tick, pause=not self.playing)

    # Showing a frame ----------------------------------------------------------------

    @property
    def frame(self) -> Frame:
        return self.frames[self.at]

    def show(self) -> None:
        frame = self.frame
        self.query_one(TableView).show_table(frame.view, self.labels, self.own)
        told: list[str] = []
        for back in range(self.at, -1, -1):  # the newest lines, as many as the log keeps
            told[:0] = self.frames[back].lines
            if len(told) >= MAX_LINES:
                break
        self.query_one(EventLog).show_lines(told)
        self.query_one("#replay-status", Static).update(self.status())
        self.query_one("#replay-hands", Static).update(self.hands())

    def status(self) -> Text:
        last = len(self.frames) - 1
        state = "playing" if self.playing else ("the end" if self.at == last else "paused")
        text = Text(f"{self.title_line} · ", style="bold")
        text.append(f"move {self.frame.moves} of {last} · {state} · ")
        text.append(f"{SPEEDS[self.speed]:g} s a move")
        return text

    def hands(self) -> Text:
        frame = self.frame
        names = frame.view.names
        shown = range(len(names)) if self.all_hands else () if self.own is None else (self.own,)
        text = Text()
        for seat in shown:
            if text:
                text.append("\n")
            text.append(f"{'Your hand' if seat == self.own else names[seat]}: ", style="bold")
            hand = frame.hands[seat]
            text.append_text(cards_line(hand) if hand else Text("no cards", style="italic"))
        if not self.all_hands:
            if text:
                text.append("\n")
            text.append("Only what everyone saw: A shows every hand.", style="dim")
        return text

    # The keys -----------------------------------------------------------------------

    def tick(self) -> None:
        if self.at < len(self.frames) - 1:
            self.at += 1
        if self.at == len(self.frames) - 1:
            self.pause()
        self.show()

    def pause(self) -> None:
        self.playing = False
        if self.timer is not None:
            self.timer.pause()

    def action_play_pause(self) -> None:
        if self.playing:
            self.pause()
        else:
            if self.at == len(self.frames) - 1:
                self.at = 0  # from the start again
            self.playing = True
            if self.timer is not None:
                self.timer.reset()
                self.timer.resume()
        self.show()

    def action_step(self, by: int) -> None:
        self.pause()
        self.at = max(0, min(len(self.frames) - 1, self.at + by))
        self.show()

    def action_go(self, where: str) -> None:
        self.pause()
        self.at = 0 if where == "first" else len(self.frames) - 1
        self.show()

    def action_speed(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        if self.timer is not None:
            self.timer.stop()
        self.timer = self.set_interval(SPEEDS[self.speed], self.tick, pause=not self.playing)
        self.show()

    def action_all_hands(self) -> None:
        self.all_hands = not self.all_hands
        self.show()

    def action_lines(self) -> None:
        if self.list_lines is not None:
            self.pause()
            self.show()
            self.app.push_screen(ReplayScreen(self.title_line, self.list_lines()))

    def action_close(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self.dismiss(None)
