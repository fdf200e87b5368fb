"""The end of a round: every hand shown, the scoring line by line, the totals; or the match."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from uno_tui.engine import PublicView, team_of
from uno_tui.engine.events import Event, HandScored, MatchEnded, RoundEnded
from uno_tui.tui.cards import card_text
from uno_tui.tui.screens.replay import ReplayScreen
from uno_tui.tui.widgets.table_view import scores_line

HAND_COLUMN = 24
"""Where a hand's cards start on its line: after the name (12) and "NNNN points  " (12)."""
LINE_WIDTH = 74
"""The summary's width at 80 columns, inside the padding and a scroll bar."""


class RoundEndScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "next", "Continue"),
        Binding("n", "next", "Next", show=False),
        Binding("r", "replay", "Replay this match"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(
        self,
        view: PublicView,
        events: Sequence[Event],
        rounds: Sequence[RoundEnded] = (),
        replay: Callable[[], Sequence[str]] | None = None,
        *,
        joined: bool = False,
    ) -> None:
        """``rounds``: every round ended so far, for the table of scores; ``replay``: the
        match told move by move, offered once the match is over; ``joined``: a seat at a
        hosted table (the host deals, and there is no setup to go back to)."""
        super().__init__()
        self.view = view
        self.events = tuple(events)
        self.rounds = tuple(rounds)
        self.match_over = any(isinstance(event, MatchEnded) for event in self.events)
        self.replay = replay if self.match_over else None
        self.joined = joined

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="round-end"):
            summary = round_summary(self.view, self.events)
            summary.rstrip()
            yield Static(summary, id="summary")
            if self.rounds:
                yield Static(score_table(self.view, self.rounds), id="score-table")
            hint = next_words(self.match_over, replay=self.replay is not None, joined=self.joined)
            yield Static(hint, id="next-hint")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.replay is not None if action == "replay" else True

    def action_next(self) -> None:
        self.dismiss(None)

    def action_replay(self) -> None:
        if self.replay is not None:
            lines = self.replay()
            names = ", ".join(self.view.names)
            self.app.push_screen(ReplayScreen(f"The match of {names}, move by move", lines))


def score_table(view: PublicView, rounds: Sequence[RoundEnded]) -> Text:
    """Every round so far, one row each: the running totals after it (the round's winners
    in bold), so the whole match reads at a glance."""
    if view.rules.team_game:
        half = len(view.names) // 2
        heads = [f"{view.names[t]}&{view.names[t + half]}" for t in range(len(view.scores))]
    else:
        heads = list(view.names)
    width = max(6, min(10, max(len(head) for head in heads) + 1))
    text = Text("Scores round by round\n", style="bold")
    text.append(f"{'Round':<6}")
    for head in heads:
        cell = Text(head[: width - 1])
        cell.pad_left(width - cell.cell_len)
        text.append_text(cell)
    text.append("\n")
    for ended in rounds:
        text.append(f"{ended.round_number:<6}")
        won = set(ended.winners)
        if view.rules.team_game:
            won = {team_of(seat, len(view.names)) for seat in ended.winners}
        for column, score in enumerate(ended.scores):
            text.append(f"{score:>{width}}", style="bold" if column in won else "")
        text.append("\n")
    text.rstrip()
    return text


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
    return text


def next_words(match_over: bool, *, replay: bool = True, joined: bool = False) -> str:
    """What Enter does next: a local match goes back to the setup, a joined seat leaves the
    host's table (the host deals the next round, and keeps the match's record)."""
    if match_over and joined:
        return "Press Enter to leave the table, or Q to quit."
    if match_over:
        again = ", R to replay this match," if replay else ""
        return f"Press Enter for the setup of a new match{again} or Q to quit."
    if joined:
        return "Press Enter to go on to the next round."
    return "Press Enter to deal the next round."
