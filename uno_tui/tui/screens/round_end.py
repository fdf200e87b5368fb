"""The end of a hand (a round): every player's cards shown with the points they held, the
points hand by hand, the totals; at the match's end the winner and a chart of the totals."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from uno_tui.engine import PublicView, team_of
from uno_tui.engine.events import CardPlayed, Event, HandScored, MatchEnded, RoundEnded
from uno_tui.tui.cards import card_text
from uno_tui.tui.listening import listening, place_cursor, speak
from uno_tui.tui.screens.replay import ReplayScreen
from uno_tui.tui.widgets.table_view import scores_line

HAND_COLUMN = 26
"""Where a hand's cards start on its line: after the name (12) and "held NNNN pts  " (14)."""
LINE_WIDTH = 74
"""The summary's width at 80 columns, inside the padding and a scroll bar."""


ROUND_KEYS = "Enter deals the next hand, Q quits."
"""Every key of a hand's end, as a listener hears them."""

JOINED_ROUND_KEYS = "Enter goes on to the next hand, Q leaves the table."
"""The same at a joined seat: the host deals."""


def match_keys(stats: bool, *, joined: bool = False, replay: bool = True) -> str:
    """Every key of the match's end, as a listener hears them (a joined seat replays only at
    the host, which keeps the match's record)."""
    more = " S shows the statistics of the kept matches," if stats else ""
    again = " R replays this match move by move," if replay else ""
    if joined:
        return f"Enter leaves the table,{again}{more} Q quits."
    return f"Enter sets up a new match,{again}{more} Q quits."


class RoundEndScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "next", "Continue"),
        Binding("n", "next", "Next", show=False),
        Binding("r", "replay", "Replay this match"),
        Binding("s", "stats", "Statistics"),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(
        self,
        view: PublicView,
        events: Sequence[Event],
        rounds: Sequence[RoundEnded] = (),
        replay: Callable[[], Sequence[str]] | None = None,
        stats: Callable[[], None] | None = None,
        *,
        joined: bool = False,
        leave: Callable[[], None] | None = None,
        watch: Callable[[], Screen[None]] | None = None,
    ) -> None:
        """``rounds``: every round ended so far, for the table of scores; ``replay``: the
        match told move by move, and ``stats``: shows the statistics of the kept matches,
        each offered once the match is over; ``joined``: a seat at a hosted table (the host
        deals, and there is no setup to go back to); ``leave``: what Q does (the game
        screen's leaving, which says how to resume), else the app quits; ``watch``: the
        match on the table, move by move (R; in narration mode R keeps the list of lines)."""
        super().__init__()
        self.view = view
        self.events = tuple(events)
        self.rounds = tuple(rounds)
        self.match_over = any(isinstance(event, MatchEnded) for event in self.events)
        self.replay = replay if self.match_over else None
        self.stats = stats if self.match_over else None
        self.replayed = False
        self.joined = joined
        self.leave = leave
        self.watch_replay = watch if self.match_over else None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="round-end"):
            if self.match_over and self.rounds:  # the winner and the match at a glance first
                yield Static(match_words(self.view, self.events), id="match-winner")
                yield Static(totals_chart(self.view, self.rounds), id="totals-chart")
            summary = round_summary(self.view, self.events)
            summary.rstrip()
            yield Static(summary, id="summary")
            if self.rounds:
                yield Static(score_table(self.view, self.rounds), id="score-table")
            hint = next_words(
                self.match_over,
                replay=self.replay is not None,
                stats=self.stats is not None,
                joined=self.joined,
            )
            yield Static(hint, id="next-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(place_cursor, self.query_one("#next-hint"))

    def on_screen_resume(self) -> None:
        """Back from the replay: the keys again, the cursor on them."""
        if self.replayed:
            keys = match_keys(
                self.stats is not None, joined=self.joined, replay=self.replay is not None
            )
            speak(self, f"Back at the match's end. {keys}")
            self.call_after_refresh(place_cursor, self.query_one("#next-hint"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            return self.replay is not None
        if action == "stats":
            return self.stats is not None
        return True

    def action_leave(self) -> None:
        if self.leave is not None:
            self.leave()
        else:
            self.app.exit()

    def action_next(self) -> None:
        self.dismiss(None)

    def action_replay(self) -> None:
        if self.watch_replay is not None and not listening(self):
            self.replayed = True
            self.app.push_screen(self.watch_replay())
        elif self.replay is not None:
            self.replayed = True
            lines = self.replay()
            names = ", ".join(self.view.names)
            self.app.push_screen(ReplayScreen(f"The match of {names}, move by move", lines))

    def action_stats(self) -> None:
        if self.stats is not None:
            self.stats()


def column_heads(view: PublicView) -> list[str]:
    """One column a player, or a team (``Ann&Cat``) in Teams."""
    if view.rules.team_game:
        half = len(view.names) // 2
        return [f"{view.names[t]}&{view.names[t + half]}" for t in range(len(view.scores))]
    return list(view.names)


def hand_winners(view: PublicView, ended: RoundEnded) -> set[int]:
    """The columns (players, or teams) that won a hand."""
    if view.rules.team_game:
        return {team_of(seat, len(view.names)) for seat in ended.winners}
    return set(ended.winners)


def score_table(view: PublicView, rounds: Sequence[RoundEnded]) -> Text:
    """Every hand so far, one row each: the points each player (or team) scored in it, the
    hand's winners in bold; then the totals, so the whole match reads at a glance."""
    heads = column_heads(view)
    width = max(6, min(10, max(len(head) for head in heads) + 1))
    text = Text("Points hand by hand\n", style="bold")
    text.append(f"{'Hand':<6}")
    for head in heads:
        cell = Text(head[: width - 1])
        cell.pad_left(width - cell.cell_len)
        text.append_text(cell)
    text.append("\n")
    before = (0,) * len(heads)
    for ended in rounds:
        text.append(f"{ended.round_number:<6}")
        won = hand_winners(view, ended)
        for column, score in enumerate(ended.scores):
            gained = score - before[column]
            points = f"+{gained}" if gained else "·"
            text.append(f"{points:>{width}}", style="bold" if column in won else "dim")
        before = ended.scores
        text.append("\n")
    text.append(f"{'Total':<6}", style="bold")
    for score in before:
        text.append(f"{score:>{width}}", style="bold")
    text.rstrip()
    return text


BARS = "▁▂▃▄▅▆▇█"
"""A total as one of eight bar heights, the last one the target."""


def totals_chart(view: PublicView, rounds: Sequence[RoundEnded]) -> Text:
    """The totals after each hand as a small bar chart, one row a player (or team): a bar a
    hand, as high as the total's share of the target or of the highest total, if higher."""
    heads = column_heads(view)
    target = max(1, view.rules.target_score)
    highest = max((score for ended in rounds for score in ended.scores), default=0)
    scale = max(target, highest)  # a hand may score far past the target: its bar is full
    width = max(len(head) for head in heads[:10]) + 2
    whose = "the target" if scale == target else "the highest total"
    text = Text(f"Totals hand by hand (a full bar is {scale}, {whose})\n", style="bold")
    for column, head in enumerate(heads):
        text.append(f"{head:<{width}}")
        for ended in rounds:
            share = min(1.0, ended.scores[column] / scale)
            bar = BARS[min(len(BARS) - 1, round(share * (len(BARS) - 1)))]
            text.append(bar, style="bold" if column in hand_winners(view, ended) else "")
        total = rounds[-1].scores[column] if rounds else 0
        text.append(f" {total}\n", style="bold")
    text.rstrip()
    return text


def winners_words(view: PublicView, winners: Sequence[int]) -> str:
    names = [view.names[seat] for seat in winners]
    return " and ".join(names)


def plural(view: PublicView, winners: Sequence[int]) -> bool:
    """The verb after the winners' names agrees with them: "Ann and Bo win", "You win"."""
    return len(winners) > 1 or any(view.names[seat].casefold() == "you" for seat in winners)


def round_spoken(
    view: PublicView,
    events: Sequence[Event],
    *,
    stats: bool = False,
    joined: bool = False,
    replay: bool = True,
) -> str:
    """The round's end for a listener, after the narration's lines (the winner, the points,
    every hand, the scores, who won the match): the round, the target, and what Enter does."""
    match = next((e for e in events if isinstance(e, MatchEnded)), None)
    if match is None:
        keys = JOINED_ROUND_KEYS if joined else ROUND_KEYS
        return f"End of hand {view.round_number}, target {view.rules.target_score}. {keys}"
    # The narration has just said who won, with the final scores: said once, not again.
    return f"Match over. {match_keys(stats, joined=joined, replay=replay)}"


def match_words(view: PublicView, events: Sequence[Event]) -> Text:
    """`` Match over: Ann wins the match! `` (reversed), with the final totals."""
    match = next((e for e in events if isinstance(e, MatchEnded)), None)
    winners = () if match is None else match.winners
    text = Text(
        f" Match over: {winners_words(view, winners)} "
        f"{'win' if plural(view, winners) else 'wins'} the match! ",
        style="bold reverse",
    )
    text.append(f"\nFinal totals: {scores_line(view)}")
    return text


def round_summary(view: PublicView, events: Sequence[Event]) -> Text:
    """Who won the hand (and the match), the card that ended it, each hand's cards and the
    points they held, the totals."""
    text = Text()
    ended = next((e for e in events if isinstance(e, RoundEnded)), None)
    if ended is not None:
        text.append(
            f"Hand {ended.round_number}: {winners_words(view, ended.winners)} "
            f"{'win' if plural(view, ended.winners) else 'wins'} the hand",
            style="bold",
        )
        text.append(
            f" and {'score' if plural(view, ended.winners) else 'scores'} {ended.points}.\n"
        )
    last = next((e for e in reversed(events) if isinstance(e, CardPlayed)), None)
    if last is not None:
        text.append(f"{view.names[last.player]} went out with ")
        text.append_text(card_text(last.card))
        text.append(".\n")
    text.append("\n")
    for event in events:
        if isinstance(event, HandScored):
            text.append(f"{view.names[event.player]:<12}", style="bold")
            if not event.cards:
                text.append("no cards left", style="italic")
                text.append("\n")
                continue
            text.append(f"held {event.points:>4} pts  ")
            column = HAND_COLUMN
            for card in event.cards:
                chip = card_text(card)
                if column + chip.cell_len > LINE_WIDTH:  # a long hand goes on under itself
                    text.append("\n" + " " * HAND_COLUMN)
                    column = HAND_COLUMN
                text.append_text(chip)
                text.append(" ")
                column += chip.cell_len + 1
            text.append("\n")
    text.append("\nTotals: " + scores_line(view) + f"   (target {view.rules.target_score})\n")
    return text


class JoinedRoundEndScreen(RoundEndScreen):
    """The same at a joined seat, where Q leaves the host's table (the seat waits there) and
    Ctrl+Q quits: the footer names each for what it does."""

    BINDINGS = [Binding("q", "leave", "Leave the table")]


def next_words(
    match_over: bool, *, replay: bool = True, stats: bool = False, joined: bool = False
) -> str:
    """What Enter does next: a local match goes back to the setup, a joined seat leaves the
    host's table (the host deals the next hand, and keeps the match's record)."""
    more = ", S for the statistics of the kept matches" if stats else ""
    again = ", R to replay this match" if replay else ""
    if match_over and joined:
        return f"Press Enter to leave the table{again}{more}, or Q to quit."
    if match_over:
        return f"Press Enter for the setup of a new match{again}{more}, or Q to quit."
    if joined:
        return "Press Enter to go on to the next hand."
    return "Press Enter to deal the next hand."
