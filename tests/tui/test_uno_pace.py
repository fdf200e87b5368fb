"""A person who forgets UNO has a person's chance to call it: bots catch after a reaction
time, measured on a clock the test turns by hand (never the wall clock)."""

from __future__ import annotations

from textual.pilot import Pilot

from uno_tui.engine import Rules
from uno_tui.engine.events import (
    CardsDrawn,
    DrawReason,
    HandsSwapped,
    PlayerSkipped,
    UnoCalled,
    UnoCaught,
)
from uno_tui.match.bot_driver import CATCH_REACTION, CATCH_SPREAD
from uno_tui.match.flow import hits_person
from uno_tui.match.session import Seat, Session
from uno_tui.tui.screens import GameScreen
from uno_tui.tui.table_setup import TableSetup

from .driver import SIZE, make_app, session_at
from .screen import screen_text


class Clock:
    """Seconds as the test sets them."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def paced(level: str) -> tuple[Session, Clock]:
    """You hold R2 R3 on your turn against one bot of ``level``."""
    session = session_at(
        Rules.two_player(), [Seat("You"), Seat("Ada", level)], ["R2 R3", "B7 Y3 G9"], "R5", seed=1
    )
    clock = Clock()
    session.pace_catches(clock)
    return session, clock


def caught(session: Session) -> list[UnoCaught]:
    return [e for e in session.game.log if isinstance(e, UnoCaught)]


async def settle(pilot: Pilot[None]) -> None:
    """Long enough for the flow to look again at the clock a few times."""
    await pilot.pause(0.2)


async def test_uno_pressed_within_a_person_s_reaction_beats_a_hard_bot() -> None:
    session, clock = paced("hard")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "U, then a card: UNO." in screen_text(app)
        await pilot.press("enter")  # R2 goes, UNO not called
        await settle(pilot)
        assert not caught(session)
        assert "Ada" in screen_text(app)
        clock.now = 0.8
        await settle(pilot)
        assert not caught(session), "hard waits at least a second"
        await pilot.press("u")
        clock.now = 10.0
        await settle(pilot)
    assert [e.player for e in session.game.log if isinstance(e, UnoCalled)] == [0]
    assert not caught(session)


async def test_a_forgotten_uno_is_caught_by_medium_after_its_reaction_not_before() -> None:
    session, clock = paced("medium")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # R2 goes, UNO not called
        await settle(pilot)
        clock.now = CATCH_REACTION["medium"] - 0.1
        await settle(pilot)
        assert not caught(session), "no bot catches before its reaction time"
        assert len(session.game.hands[0]) == 1
        clock.now = CATCH_REACTION["medium"] + CATCH_SPREAD + 0.1
        await settle(pilot)
        (catch,) = caught(session)
    assert (catch.catcher, catch.player) == (1, 0)
    assert len(session.game.hands[0]) == 1 + 2


def test_an_easy_bot_often_does_not_notice_and_no_bot_is_quicker_than_a_second() -> None:
    session, _ = paced("easy")
    pace = session.catch_pace
    assert pace is not None
    easy = [pace.delay("easy", moment, 1) for moment in range(200)]
    missed = easy.count(None)
    assert 60 < missed < 180, missed
    for level in CATCH_REACTION:
        delays = [pace.delay(level, moment, 1) for moment in range(200)]
        assert all(d is None or d >= 1.0 for d in delays)
    assert pace.delay("hard", 7, 1) == pace.delay("hard", 7, 1), "the same reflex each time"


def test_a_move_that_hits_a_person_earns_a_longer_pause() -> None:
    you = {0}
    drew = CardsDrawn(0, 2, DrawReason.DRAW_TWO, None)
    assert hits_person([drew], you)
    assert hits_person([PlayerSkipped(0)], you)
    assert hits_person([HandsSwapped(1, 0)], you)
    assert not hits_person([CardsDrawn(0, 1, DrawReason.CHOICE, None)], you), "a draw of yours"
    assert not hits_person([PlayerSkipped(1), CardsDrawn(1, 2, DrawReason.DRAW_TWO, None)], you)
    assert TableSetup().bot_delay == 1.0, "about a second between bot moves by default"
