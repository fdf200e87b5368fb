"""The session between front ends and the engine: whose move it is, and bots moving."""

from __future__ import annotations

from uno_tui.engine import DecisionKind, PlayCard, Rules
from uno_tui.engine.events import UnoCalled
from uno_tui.match.session import Seat, Session

from .helpers import card, game_at


def test_a_bot_calls_uno_in_the_same_step_as_its_next_to_last_card() -> None:
    """A person may call UNO with the card (U before it); a bot does the same, so a front end
    that pauses between bot steps never shows a bot open to be caught that meant to call."""
    game = game_at(Rules.two_player(), ["R1 R2 G3 B4", "R5 R6"], top="R9", current=1)
    session = Session(game.rules, [Seat("Ann"), Seat("Ben", "medium")], game=game)

    events = session.bot_step()

    assert events is not None
    assert any(isinstance(event, UnoCalled) for event in events)
    assert len(game.hands[1]) == 1
    assert not any(d.kind is DecisionKind.CATCH_UNO for d in game.decisions())


def test_a_bot_move_thought_about_an_older_table_is_not_played() -> None:
    """Thinking may happen off a front end's UI thread; if a person acted meanwhile (here Ann
    jumps in), the bot's answer is refused and the game is left as the person left it."""
    game = game_at(Rules.two_player(jump_in=True), ["R9 G3 B4", "Y6 G7 B8 Y2"], top="R9", current=1)
    session = Session(game.rules, [Seat("Ann"), Seat("Ben", "medium")], game=game)
    turn = session.driver.turn()
    assert turn is not None and turn.player == 1
    action = session.driver.choose(turn)
    session.apply(PlayCard(0, card("R9")))
    digest = game.digest()

    assert session.driver.play(turn, action) is None
    assert game.digest() == digest
