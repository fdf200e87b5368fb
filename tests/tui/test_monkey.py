"""Random keys and random clicks on every screen of the app, in each rule set: nothing raises
and the match stays whole. ``UNO_TUI_MONKEY_STEPS=5000`` for a long run."""

from __future__ import annotations

import os
import random

import pytest

from uno_tui.engine import Game, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.tui import UnoApp
from uno_tui.tui.table_setup import TableSetup

from ..helpers import assert_invariants
from .driver import SIZE, make_app

STEPS = int(os.environ.get("UNO_TUI_MONKEY_STEPS", "150"))
KEYS = (
    *"0123456789abcdefghijklmnoprstuvwxyz",  # every letter but q (quit ends the test early)
    "enter", "escape", "tab", "shift+tab", "space", "backspace", "question_mark",
    "left", "right", "up", "down", "home", "end", "pageup", "pagedown", "ctrl+s", "f1",
)  # fmt: skip


def table(rules: str) -> Session:
    seats = {
        "classic": [Seat("Ann"), Seat("Bob"), Seat("Ada", "easy")],
        "two-player": [Seat("Ann"), Seat("Bob")],
        "teams": [Seat("Ann"), Seat("Bob"), Seat("Cat"), Seat("Ada", "random")],
    }[rules]
    return Session(Rules.preset(rules), seats, seed=len(rules))


async def monkey(app: UnoApp, rng: random.Random) -> dict[str, int]:
    seen: dict[str, int] = {}
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(STEPS):
            if app.return_code is not None or not app.is_running:
                break
            name = type(app.screen).__name__
            seen[name] = seen.get(name, 0) + 1
            if rng.random() < 0.15:
                await pilot.click(offset=(rng.randrange(SIZE[0]), rng.randrange(SIZE[1])))
            else:
                await pilot.press(rng.choice(KEYS))
    return seen


@pytest.mark.parametrize("rules", ["classic", "two-player", "teams"])
async def test_random_keys_and_clicks_never_break_a_match(rules: str) -> None:
    session = table(rules)
    seen = await monkey(make_app(session), random.Random(rules))
    assert "GameScreen" in seen or "CurtainScreen" in seen
    assert_invariants(session.game)
    assert Game.from_record(session.game.record()).digest() == session.game.digest()


async def test_random_keys_on_the_setup_screen() -> None:
    app = UnoApp(setup=TableSetup(), remember=False)
    seen = await monkey(app, random.Random(5))
    assert "SetupScreen" in seen


async def test_random_keys_while_bots_think_off_the_ui_thread() -> None:
    """With a pause between bot moves the bots think in a worker thread; keys pressed
    meanwhile (jump-ins, late UNO calls, catches) may change the table under their thought."""
    seats = [Seat("Ann"), Seat("Ada", "hard"), Seat("Bo", "medium")]
    session = Session(Rules.classic(jump_in=True), seats, seed=12)
    setup = TableSetup(rules="classic", seats=session.seats, bot_delay=0.02)
    app = UnoApp(setup=setup, session=session, remember=False)
    seen = await monkey(app, random.Random(12))
    assert "GameScreen" in seen
    assert_invariants(session.game)
    assert Game.from_record(session.game.record()).digest() == session.game.digest()
