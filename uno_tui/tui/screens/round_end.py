"""The end of a round: every hand shown, the scoring line by line, the totals; or the match."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from uno_tui.engine import PublicView
from uno_tui.engine.events import Event, HandScored, MatchEnded, RoundEnded
from uno_tui.tui.cards import card_text
from uno_tui.tui.widgets.table_view import scores_line

HAND_COLUMN = 24
"""Where a hand's cards start on its line: after the name (12) and "NNNN points  " (12)."""
LINE_WIDTH = 74
"""The summary's width at 80 columns, inside the padding and a scroll bar."""


class RoundEndScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "next", "Continue"),
        Binding("n", "next", "Next", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, view: PublicView, events: Sequence[Event]) -> None:
        super().__init__()
        self.view = view
        self.events = tuple(events)
        self.match_over = any(isinstance(event, MatchEnded) for event in self.events)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="round-end"):
            yield Static(round_summary(self.view, self.events), id="summary")
        yield Footer()

    def action_next(self) -> None:
        self.dismiss(None)


def winners_words(view: PublicView, winners: Sequence[int]) -> str:
    names = [view.names[seat] for seat in winners]
    return " and ".join(names)


def round_spoken(view: PublicView, events: Sequence[Event]) -> str:
    """The round's end for a listener, after the narration's lines (the winner, the points,
    every hand, the scores): the round, the target, who won a match, and what Enter does."""
    match = next((e for e in events if isinstance(e, MatchEnded)), None)
    if match is None:
        return (
            f"End of round {view.round_number}, target {view.rules.target_score}. "
            "Enter deals the next round."
        )
    winners = match.winners
    return (
        f"Match over: {winners_words(view, winners)} "
        f"{'win' if len(winners) > 1 else 'wins'} the match! "
        "Enter sets up a new match, Q quits."
    )


def round_summary(view: PublicView, events: Sequence[Event]) -> Text:
    text = Text()
    ended = next((e for e in events if isinstance(e, RoundEnded)), None)
    match = next((e for e in events if isinstance(e, MatchEnded)), None)
    if ended is not None:
        text.append(
            f"Round {ended.round_number}: {winners_words(view, ended.winners)} "
            f"{'win' if len(ended.winners) > 1 else 'wins'} the round",
            style="bold",
        )
        text.append(f" and {'score' if len(ended.winners) > 1 else 'scores'} {ended.points}.\n\n")
    for event in events:
        if isinstance(event, HandScored):
            text.append(f"{view.names[event.player]:<12}", style="bold")
            text.append(f"{event.points:>4} points  ")
            column = HAND_COLUMN
            for card in event.cards:
                chip = card_text(card)
                if column + chip.cell_len > LINE_WIDTH:  # a long hand goes on under itself
                    text.append("\n" + " " * HAND_COLUMN)
                    column = HAND_COLUMN
                text.append_text(chip)
                text.append(" ")
                column += chip.cell_len + 1
            if not event.cards:
                text.append("no cards", style="italic")
            text.append("\n")
    text.append("\nTotals: " + scores_line(view) + f"   (target {view.rules.target_score})\n")
    if match is not None:
        winners = match.winners
        text.append(
            f"\nMatch over: {winners_words(view, winners)} "
            f"{'win' if len(winners) > 1 else 'wins'} the match!\n",
            style="bold reverse",
        )
        text.append("\nPress Enter for the setup of a new match, or Q to quit.")
    else:
        text.append("\nPress Enter to deal the next round.")
    return text
