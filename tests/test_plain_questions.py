"""The line mode asks the flow's questions in the flow's words (issue 34): a drawn card, the
first card's colour, a stack and a challenge are each one line with its question mark, the
words of the app's dialog (``MatchFlow.question_for``), and the challenge names the colour
before the Wild Draw Four before it names the card."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace

from uno_tui.engine import DecisionKind, Game, Rules
from uno_tui.engine.events import ColorNamed, DrawnCardKept, PenaltyStacked
from uno_tui.match.flow import PROMPT_KINDS
from uno_tui.match.questions import Questions
from uno_tui.match.session import Seat, Session
from uno_tui.plain import PlainGame

from .helpers import game_at
from .plain_driver import is_prompt


def played(
    game: Game, answers: Sequence[str], seats: Sequence[Seat] | None = None
) -> tuple[list[str], dict[DecisionKind, str], Session]:
    """The lines printed as seat 0 answers ``answers`` (then the input ends), and the words
    the flow gives each question it asked of seat 0, by its kind."""
    seats = seats or [Seat(game.names[0])] + [Seat(n, "easy") for n in game.names[1:]]
    session = Session(game.rules, seats, game=game)
    out = io.StringIO()
    left = list(answers)
    flow_words: dict[DecisionKind, str] = {}

    def read() -> str:
        decision = session.person_to_decide()
        if decision is not None and decision.kind in PROMPT_KINDS:
            flow_words[decision.kind] = Questions(session).question_for(decision).spoken()
        if not left:
            raise EOFError
        return left.pop(0)

    PlainGame(session, read, out, color=False).run()
    return out.getvalue().splitlines(), flow_words, session


def asked(lines: list[str], kind: DecisionKind, flow_words: dict[DecisionKind, str]) -> str:
    """The flow's question of ``kind``, found as one whole line of what was printed."""
    question = flow_words[kind]
    assert question in lines, (question, lines[-6:])
    assert is_prompt(question) and question.count("?") >= 1
    return question


def test_a_drawn_card_that_may_be_kept_is_asked_play_it_or_keep_it() -> None:
    game = game_at(Rules.two_player(), ["B4 G3", "Y1 Y2"], top="R9", draw="R5")
    lines, words, session = played(game, ["d", "k"])
    question = asked(lines, DecisionKind.PLAY_DRAWN, words)
    assert question == "You drew Red 5. Play it or keep it? 1: play Red 5, 2: keep it."
    assert not any(line.startswith("Your move?") and "keep" in line for line in lines)
    assert any(isinstance(e, DrawnCardKept) for e in session.game.log), "k keeps it, as at a turn"


def test_a_drawn_card_the_rules_make_you_play_is_asked_with_its_one_answer() -> None:
    game = game_at(Rules.classic(), ["B4 G3", "Y1 Y2", "G1 G2"], top="R9", draw="R5")
    lines, words, _ = played(game, ["d", "1"])
    question = asked(lines, DecisionKind.PLAY_DRAWN, words)
    assert question == "You drew Red 5. The rules say it must be played. Play it? 1: play Red 5."
    assert "You play Red 5. Ben's turn." in lines


def test_the_first_cards_colour_is_asked_as_a_question() -> None:
    seats = [Seat("You"), Seat("Ada", "easy"), Seat("Bo", "easy")]
    session = Session(Rules.classic(), seats, seed=3)  # its first card is a Wild
    decision = session.person_to_decide()
    assert decision is not None and decision.kind is DecisionKind.NAME_COLOR
    lines, words, played_session = played(session.game, ["3"], seats)
    question = asked(lines, DecisionKind.NAME_COLOR, words)
    assert question == (
        "The first card is a Wild. Which colour do you name? 1: red, 2: yellow, 3: green, 4: blue."
    )
    named = [e for e in played_session.game.log if isinstance(e, ColorNamed)]
    assert [e.color.word for e in named[:1]] == ["green"]


def test_a_stack_is_asked_add_to_it_or_draw_and_d_draws() -> None:
    rules = replace(Rules.classic(), stack_draw_two=True)
    game = game_at(rules, ["R+2 G3 B4", "R+2 Y2"], top="R9", current=1)  # Ben plays R+2
    lines, words, session = played(game, ["1"])
    question = asked(lines, DecisionKind.STACK, words)
    assert question == (
        "Ann, you face 2 cards. Add to the stack, or draw them? 1: play Red Draw Two, "
        "2: draw the penalty cards."
    )
    assert any(isinstance(e, PenaltyStacked) for e in session.game.log)
    game = game_at(rules, ["R+2 G3 B4", "R+2 Y2"], top="R9", current=1)
    lines, _, _ = played(game, ["d"])  # d draws, as at every turn
    assert any(line.startswith("You draw 2 cards for the Draw Two") for line in lines)


def test_the_challenge_names_the_colour_before_the_wild_draw_four_first() -> None:
    """As the issue found it: the table's colour (red) is not the Wild Draw Four's (yellow)."""
    game = game_at(Rules.classic(), ["R2 G3 B4", "W+4 Y2"], top="R9", current=1)
    lines, words, _ = played(game, ["2"])
    question = asked(lines, DecisionKind.CHALLENGE, words)
    assert question.startswith(
        "Ann, you face 4 cards. Before it the colour was red. A challenge that fails costs "
        "you 6 cards. Challenge the Wild Draw Four, or draw? 1: challenge"
    ), "the colour first, then the stakes (the app's dialog shows them)"
    summary = lines[lines.index(question) - 1]
    assert summary.startswith("Top card: Wild Draw Four, colour yellow. 4 cards to draw.")
    assert not any(line.startswith("Your move?") and "challenge" in line for line in lines)
