"""UNO for listeners in the line mode: with two cards the turn offers the call, and a player
who did not call is offered to the listener to catch before any bot acts."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence

from uno_tui.bots import Bot, make_bot
from uno_tui.engine import Action, Game, PlayerView, Position, Rules
from uno_tui.engine.events import UnoCalled, UnoCaught
from uno_tui.match.session import Seat, Session
from uno_tui.plain.game_loop import PlainGame


class Forgetful(Bot):
    """Plays as easy does, and never calls UNO (nor catches)."""

    level = "easy"

    def __init__(self) -> None:
        self.easy = make_bot("easy")

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return self.easy.choose(view, rng)


def line_game(
    hands: Sequence[str], seats: Sequence[Seat], answers: Sequence[str]
) -> tuple[list[str], Session]:
    """The prompts asked, answered in order, until the answers run out."""
    position = Position.of(hands, "R5", current=0)
    game = Game(Rules.classic(), [seat.name for seat in seats], position=position, seed=3)
    session = Session(game.rules, seats, game=game)
    if session.seats[1].bot_level is not None:
        session.bots[1] = Forgetful()
    out = io.StringIO()
    prompts: list[str] = []
    left = list(answers)

    def read() -> str:
        prompts.append(out.getvalue().rstrip("\n").rsplit("\n", 1)[-1])
        if not left:
            raise EOFError
        return left.pop(0)

    PlainGame(session, read, out).run()
    return prompts, session


def test_a_listener_is_offered_the_catch_before_any_bot_acts() -> None:
    seats = [Seat("You"), Seat("Ada", "easy"), Seat("Bo", "medium")]
    prompts, session = line_game(["R2 G4 Y6", "R7 B8", "Y3 G9 G1"], seats, ["1", "1"])
    assert prompts[1].startswith("Ada did not call UNO! Catch? 1: catch Ada, 2: let it go.")
    caught = [e for e in session.game.log if isinstance(e, UnoCaught)]
    assert [(e.catcher, e.player) for e in caught] == [(0, 1)], "caught by the listener, first"


def test_catch_is_a_command_at_any_question() -> None:
    seats = [Seat("You"), Seat("Ada", "easy"), Seat("Bo", "medium")]
    _, session = line_game(["R2 G4 Y6", "R7 B8", "Y3 G9 G1"], seats, ["1", "catch"])
    caught = [e for e in session.game.log if isinstance(e, UnoCaught)]
    assert [(e.catcher, e.player) for e in caught] == [(0, 1)]


def test_with_two_cards_the_turn_lists_calling_uno() -> None:
    seats = [Seat("You"), Seat("Ada", "medium")]
    prompts, session = line_game(["R2 R3", "B7 Y3 G9"], seats, ["u", "1"])
    assert "u: call UNO with the card you play." in prompts[0]
    assert not any("Call UNO?" in prompt for prompt in prompts), "called already"
    assert [e.player for e in session.game.log if isinstance(e, UnoCalled)] == [0]
