"""Issue 11's parity table, row by row, over a Teams match and a classic match in ``--plain``.

A scripted person plays each match to its end, reading only what the line mode prints: at the
first turn of every hand they ask ``hand``, ``top``, ``counts`` and ``table``; they challenge
every Wild Draw Four and swap with a Seven when they can. Each row of the table must then be
found in what was printed, when the situation it names happened.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

import pytest

from uno_tui.engine import Rules, RuleSet
from uno_tui.engine.events import (
    CardsDrawn,
    DrawFourChallenged,
    DrawReason,
    HandsSwapped,
    MatchEnded,
    RoundEnded,
)
from uno_tui.match.session import Seat, Session
from uno_tui.plain import PlainGame

from .helpers import without_clock

CHOICE = re.compile(r"(?:\? |, )(\d+|[a-z]): (.+?)(?=, (?:\d+|[a-z]): |\.$)")


@dataclass
class Listener:
    """Plays seat 0 from the printed lines alone, and keeps what it was told."""

    session: Session
    out: io.StringIO
    asked_this_hand: set[int] = field(default_factory=set)
    pending: list[str] = field(default_factory=list)
    answers: dict[str, list[str]] = field(default_factory=dict)
    prompts: int = 0

    @property
    def lines(self) -> list[str]:
        return self.out.getvalue().splitlines()

    def read(self) -> str:
        self.prompts += 1
        assert self.prompts < 20_000, "the match does not end"
        if self.pending:
            return self.pending.pop(0)
        prompt = self.lines[-1]
        game = self.session.game
        if prompt.startswith("Your move?") and game.round_number not in self.asked_this_hand:
            self.asked_this_hand.add(game.round_number)
            self.pending = ["top", "counts", "table"]
            return "hand"
        choices = {label: key for key, label in CHOICE.findall(prompt)}
        for label, key in choices.items():  # the flow's challenge question, and UNO
            if label.startswith("challenge: ") or label == "call UNO":
                return key
        plays = [key for label, key in choices.items() if label.startswith("play ")]
        sevens = [
            key for label, key in choices.items() if label.startswith("play ") and " 7" in label
        ]
        if sevens:
            return sevens[0]
        if plays:
            return plays[0]
        for key in ("d", "k"):
            if key in choices.values():
                return key
        return next(iter(choices.values()), "")


def play_match(rules: Rules, seats: list[Seat], seed: int) -> tuple[Listener, Session]:
    # Hard on fixed deals: with its clock, a loaded machine once ended the Teams match in one
    # hand, and the test needs two.
    session = without_clock(Session(rules, seats, seed=seed))
    out = io.StringIO()
    listener = Listener(session, out)
    PlainGame(session, listener.read, out).run()
    assert session.is_over, listener.lines[-5:]
    return listener, session


def answer_to(lines: list[str], command: str, start: str) -> list[str]:
    """The lines that answered ``command``: the line right after each prompt it followed."""
    return [line for line in lines if line.startswith(start)]


MATCHES = {
    "classic": (
        Rules.preset(RuleSet.CLASSIC, target_score=400, seven_zero=True),
        [Seat("Maya"), Seat("Ada", "easy"), Seat("Bo", "medium"), Seat("Cy", "hard")],
    ),
    "teams": (
        Rules.preset(RuleSet.TEAMS, target_score=300),
        [Seat("Maya"), Seat("Ada", "easy"), Seat("Bo", "medium"), Seat("Cy", "hard")],
    ),
}


@pytest.mark.parametrize("kind", sorted(MATCHES))
def test_the_line_mode_has_every_row_of_the_parity_table(kind: str) -> None:
    rules, seats = MATCHES[kind]
    listener, session = play_match(rules, seats, seed=11)
    lines = listener.lines
    game = session.game
    mine = [e.seen_by(0) for e in game.log]

    # Who is a bot (and level) or a person, seat order, teams, target: at start and `table`.
    table = "Seats in order of play: you (person), Ada (easy bot), Bo (medium bot), Cy (hard bot)."
    assert lines[0].startswith(table)
    assert f" to {rules.target_score} points." in lines[0]
    # What this table's own cards do, before any is played: the pass symbol, the Customizable.
    if rules.pass_symbol_rank is not None:
        assert f"Every {rules.pass_symbol_rank.title} carries the pass symbol" in lines[0]
    else:
        assert "Wild Customizable here: " in lines[0]
    tables = [line for line in lines if line.startswith(table) and "Cards: " in line]
    assert len(tables) == game.round_number, "`table` at every hand's first turn"
    if rules.team_game:
        assert "Teams, partners across: you and Bo, Ada and Cy." in lines[0]

    # My hand, the top card and colour, a penalty waiting on me.
    assert answer_to(lines, "hand", "Your hand, ")
    assert all(re.search(r", colour \w+", line) for line in answer_to(lines, "top", "Top card: "))
    penalised = [
        i
        for i, line in enumerate(lines)
        if line.startswith("Your move?") and "draw the penalty" in line
    ]
    for index in penalised:
        summary = next(line for line in reversed(lines[:index]) if line.startswith("Top card: "))
        assert re.search(r"\d+ cards to draw\.", summary), summary

    # Whose turn, who plays next, the direction; counts, dealer, teammate, UNO status.
    counts = [line for line in lines if line.startswith("Cards: you have ")]
    assert len(counts) >= game.round_number
    for line in counts:
        assert re.search(r"(Your|\w+'s) turn, (you|\w+) next, (counter)?clockwise\.", line), line
        assert re.search(r"Dealer: (you|\w+)\.", line), line
        if rules.team_game:
            assert line.endswith("Your teammate: Bo."), line
        ones = re.findall(r"(?:you have|\w+) 1( \([^)]*\))?[,.]", line)
        assert all(note in (" (UNO)", " (no UNO called)", " (out)") for note in ones), line
    turns = [line for line in lines if line.startswith("Top card: ") and " plays next." in line]
    assert turns, "who plays next is said at my turn"

    # What I received in a Teams exchange or first pass, to me only.
    if rules.team_game:
        received = [line for line in lines if "exchange a card: you receive " in line]
        assert received
        assert all(line.count("you receive") == 1 for line in received)

    # A challenge's result, a swap's result (my new hand), a drawn card to its holder.
    challenges = [e for e in mine if isinstance(e, DrawFourChallenged) and e.challenger == 0]
    asked = [line for line in lines if "Challenge the Wild Draw Four, or draw? " in line]
    assert len(asked) == len(challenges), "every challenge answered the flow's own question"
    stakes = r"face (\d+) cards\..* A challenge that fails costs you (\d+) cards\. Challenge"
    for question in asked:  # the stakes before the question
        found = re.search(stakes, question)
        assert found and int(found[2]) == int(found[1]) + 2, question
    assert all(re.search(r"Before it .*\b(red|yellow|green|blue)\b", q) for q in asked), asked
    for challenge in challenges:
        verdict = "illegal" if challenge.illegal else "legal"
        assert any(
            line.startswith("You challenge ") and f"Wild Draw Four: it was {verdict}." in line
            for line in lines
        )
    swaps = [e for e in mine if isinstance(e, HandsSwapped) and 0 in (e.player, e.target)]
    for _ in swaps:
        assert any(
            re.search(r"(You play \w+ 7 and swap|\w+ plays \w+ 7 and swaps) hands with", line)
            for line in lines
        )
    # After a swap my new hand is read (at once, or by my turn's summary) before I choose.
    for index, line in enumerate(lines):
        if " hands with you" in line or re.match(r"You play \w+ 7 and swap", line):
            prompt = next(
                (i for i in range(index, len(lines)) if lines[i].startswith("Your move?")), None
            )
            if prompt is None:
                continue  # the match ended first
            after = lines[index + 1 : prompt]
            assert any(re.match(r"(Your new hand|Top card: .* Your hand), ", a) for a in after), (
                lines[index:prompt]
            )
    if kind == "classic":
        assert swaps, "the Seven-Zero match swapped my hand at least once"
    chose = [e for e in mine if isinstance(e, CardsDrawn) and e.player == 0]
    drew = [e for e in chose if e.reason is DrawReason.CHOICE and e.cards]
    assert drew
    for event in drew:
        assert any(
            line.startswith("You draw 1 card") and event.cards[0].title in line for line in lines
        )

    # Round end and match end: the winner named, points, totals; a pause after every hand.
    ended = [e for e in game.log if isinstance(e, RoundEnded)]
    told = [
        line for line in lines if re.search(r" wins? hand \d+ with \d+ points?\. Scores: ", line)
    ]
    assert len(told) == len(ended)
    pauses = [line for line in lines if re.match(r"Hand \d+ is over\. Ready for hand \d+\?", line)]
    assert len(ended) >= 2
    assert len(pauses) == len(ended) - 1, "a pause after every hand but the last, whoever deals"
    final = next(e for e in game.log if isinstance(e, MatchEnded))
    assert final
    assert re.search(r"(You|\w+)( and \w+)? wins? the match\. Final scores: ", lines[-1])


def test_hot_seat_names_the_winner_and_clears_only_a_terminal() -> None:
    """Hot-seat: the end of a hand is everyone's, so it names the winner; the curtain clears
    the screen and scrollback on a terminal and writes nothing but its line to a pipe."""

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    for out, cleared in ((io.StringIO(), False), (Tty(), True)):
        rules = Rules.preset(RuleSet.TWO_PLAYER, target_score=1)
        session = Session(rules, [Seat("Ann"), Seat("Ben")], seed=5)
        answers = iter([""] + ["1", "d", "1", ""] * 2000)
        PlainGame(session, lambda: next(answers), out, color=False).run()  # noqa: B023
        text = out.getvalue()
        assert session.is_over
        assert ("\x1b[3J" in text) is cleared
        assert "\x1b" not in text.replace("\x1b[H\x1b[2J\x1b[3J", "")
        assert re.search(r"^(Ann|Ben) wins the match\. Final scores: ", text.splitlines()[-1])
        assert "You win the match" not in text
        curtain = [line for line in text.splitlines() if line.endswith("Press Enter.")]
        assert curtain and all("are you ready?" in line for line in curtain)
