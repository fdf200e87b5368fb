"""Narration mode in the app: every event told as it happens, review keys that use no turn."""

from __future__ import annotations

from uno_tui.engine import Game, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import GameScreen
from uno_tui.tui.table_setup import TableSetup

from .driver import SIZE


def narrated_app() -> tuple[UnoApp, Session]:
    position = Position.of(["R2 R3 G7", "B7 Y3 G9"], top="R5", current=0)
    game = Game(Rules.two_player(), ["You", "Ada"], position=position, seed=1)
    session = Session(game.rules, [Seat("You"), Seat("Ada", "easy")], game=game)
    setup = TableSetup(rules="two-player", seats=session.seats, bot_delay=0.0, narrate=True)
    return UnoApp(setup=setup, session=session, remember=False, speech="none"), session


async def test_review_keys_tell_the_hand_top_card_counts_and_moves_without_a_turn() -> None:
    app, session = narrated_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.voice is not None
        before = session.game.digest()
        told = []
        for key in "htkmsr":
            await pilot.press(key)
            await pilot.pause()
            told.append(screen.voice.history.last())
            if key == "m":  # the moves come as a question; Escape puts it off
                await pilot.press("escape")
        assert session.game.digest() == before  # no key used the turn
    hand, top, counts, moves, scores, repeat = told
    assert hand.startswith("Your hand, 3 cards") and "red: 2, 3" in hand
    assert top.startswith("Top card: Red 5")
    assert "Ada 3" in counts
    assert "play Red 2" in moves and "draw a card" in moves
    assert scores.startswith("Scores:")
    assert repeat == scores


async def test_every_event_is_told_to_the_listener_as_it_happens() -> None:
    app, _ = narrated_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.voice is not None
        await pilot.press("enter")  # play Red 2; then Ada plays or draws
        await pilot.pause()
        lines = list(screen.voice.history.lines)
    assert any(line.startswith("You play Red 2") for line in lines)
    assert any(line.startswith("Ada") for line in lines)
