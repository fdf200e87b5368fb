"""Bots think off the UI thread when the table has a pause between bot moves: keys keep
working while a (hard) bot thinks, and a move thought about a table that changed meanwhile is
thrown away and thought again."""

from __future__ import annotations

import threading

from uno_tui.engine import Action, Card, Game, Rules
from uno_tui.match.bot_driver import BotTurn
from uno_tui.match.session import Seat, Session
from uno_tui.tui import UnoApp
from uno_tui.tui.cards import card_label
from uno_tui.tui.screens import GameScreen
from uno_tui.tui.table_setup import TableSetup
from uno_tui.tui.widgets import HandView

from .driver import SIZE, select_card, session_at
from .screen import screen_text


class HeldThinking:
    """Stands in for the bot driver's ``choose``: each think waits until the test lets it go."""

    def __init__(self, session: Session) -> None:
        self.think = session.driver.choose
        self.go = threading.Event()
        self.turns: list[BotTurn] = []

    def __call__(self, turn: BotTurn) -> Action:
        self.turns.append(turn)
        assert self.go.wait(10), "the test never let the bot go"
        return self.think(turn)


def hold_thinking(session: Session) -> HeldThinking:
    held = HeldThinking(session)
    session.driver.choose = held  # type: ignore[method-assign]
    return held


async def thinking_screen(app: UnoApp, pilot) -> GameScreen:  # type: ignore[no-untyped-def]
    """The game screen, once the first bot is thinking."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await until(pilot, lambda: screen.session.driver.thinking is not None)  # type: ignore[attr-defined]
    return screen


def paused_app(session: Session) -> UnoApp:
    setup = TableSetup(rules=session.game.rules.rule_set.value, seats=session.seats, bot_delay=0.05)
    return UnoApp(setup=setup, session=session, remember=False)


async def until(pilot, condition, steps: int = 400) -> None:  # type: ignore[no-untyped-def]
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never got there")


async def test_keys_are_answered_while_a_bot_thinks() -> None:
    session = session_at(
        Rules.two_player(),
        [Seat("Ann"), Seat("Hal", "hard")],
        ["R1 R2 G3 B4", "R5 Y6 G7 B8"],
        "R9",
        current=1,
    )
    game = session.game
    held = hold_thinking(session)
    app = paused_app(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await thinking_screen(app, pilot)

        hand = screen.query_one(HandView)
        before = hand.selected
        await pilot.press("right")  # the cursor moves at once, the bot still thinking
        await until(pilot, lambda: hand.selected is not before)
        assert f"[{card_label(hand.selected)}]" in screen_text(app)  # and is drawn there
        assert session.driver.thinking is not None and len(game.log) == held.turns[0].moment

        held.go.set()
        await until(pilot, lambda: session.person_to_decide() is not None)
    assert len(held.turns) == 1
    assert len(game.hands[1]) == 3  # Hal played one card


async def test_a_move_thought_about_a_changed_table_is_thought_again() -> None:
    # While Hal thinks, Ann jumps in (a house rule) with the card identical to the top card.
    session = session_at(
        Rules.two_player(jump_in=True),
        [Seat("Ann"), Seat("Hal", "hard")],
        ["R9 G3 B4", "Y6 G7 B8 Y2"],
        "R9",
        current=1,
    )
    game = session.game
    held = hold_thinking(session)
    app = paused_app(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await thinking_screen(app, pilot)

        await select_card(screen, Card.parse("R9"), pilot.press)
        await pilot.press("enter")  # jumps in, out of turn
        assert len(game.hands[0]) == 2
        held.go.set()
        await until(pilot, lambda: session.person_to_decide() is not None)
    # The first thought was of a table that had changed: Hal looked again, seeing the jump-in.
    first, second = held.turns[:2]
    assert (first.view.hand_counts[0], second.view.hand_counts[0]) == (3, 2)
    assert first.view.hand == second.view.hand  # nothing of Hal's first thought was played
    assert Game.from_record(session.game.record()).digest() == session.game.digest()
