"""The one bot driver (``uno_tui.match.bot_driver``), used by the local session and the host
alike: a seat handed back to its person at any point of a bot's move gets no bot move, the
driver never dies of it, and a host whose seat changes hands while its bot thinks goes on."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest

from uno_tui.engine import Action, DrawCard, Game, Position, Rules
from uno_tui.engine.events import CardPlayed
from uno_tui.match.bot_driver import BotDriver, BotTurn
from uno_tui.match.session import Seat, Session
from uno_tui.net import tasks
from uno_tui.net.host import Codes, Host, HostOptions


def table(level: str = "medium") -> Session:
    """Ann (a person) and Ben, whose seat a bot plays; Ben's turn."""
    position = Position.of(["R1 R2 G3 B4", "R5 Y6 G7 B8"], top="R9", current=1)
    game = Game(Rules.two_player(), ["Ann", "Ben"], position=position, seed=3)
    return Session(game.rules, [Seat("Ann"), Seat("Ben", level)], game=game)


POINTS = ("the pause", "the thinking", "the moment before the move is applied")


@pytest.mark.parametrize("point", POINTS)
async def test_a_seat_handed_back_at_any_point_of_a_bot_move_gets_no_bot_move(point: str) -> None:
    session = table()
    driver = session.driver
    choose = driver.choose
    log = len(session.game.log)

    def hand_back() -> None:
        session.set_controller(1, None)  # Ben is back (as a host hands a seat back)

    async def pause(turn: BotTurn | None) -> None:
        if (point == POINTS[0] and turn is not None) or (point == POINTS[2] and turn is None):
            hand_back()

    def thinking(turn: BotTurn) -> Action:
        if point == POINTS[1]:
            hand_back()
        return choose(turn)

    driver.choose = thinking  # type: ignore[method-assign]
    assert await driver.step(pause) == [], "it looked again"
    assert len(session.game.log) == log, "no bot move for a seat its person has again"
    decision = session.person_to_decide()
    assert decision is not None and decision.player == 1, "Ben decides, as a person"
    assert await driver.step(pause) is None, "and the bots have nothing to do"


async def test_a_bot_that_replaced_another_while_it_thought_does_not_play_the_old_ones_move() -> (
    None
):
    session = table("easy")
    driver = session.driver
    turn = driver.turn()
    assert turn is not None
    action = driver.choose(turn)
    session.set_controller(1, "hard")  # the seat changed hands: a new bot plays it
    assert driver.play(turn, action) is None
    fresh = driver.turn()
    assert fresh is not None and fresh.bot is session.bots[1] and fresh.bot is not turn.bot


async def test_news_keeps_a_bot_step_running_when_its_waiter_stops_waiting() -> None:
    """A front end may stop waiting for news at any moment (a key, a question): the bots'
    step under way is not lost nor started twice; the next wait takes its move."""
    session = table()
    started = threading.Event()
    go = threading.Event()
    choose = session.driver.choose
    thoughts: list[BotTurn] = []

    def held(turn: BotTurn) -> Action:
        thoughts.append(turn)
        started.set()
        assert go.wait(10)
        return choose(turn)

    session.driver.choose = held  # type: ignore[method-assign]

    async def no_pause(turn: BotTurn | None) -> None:
        pass

    waiting = asyncio.ensure_future(session.news(no_pause))
    while not started.is_set():
        await asyncio.sleep(0.01)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    go.set()
    events = await asyncio.wait_for(session.news(no_pause), 10)
    assert events and len(thoughts) == 1, "one thought, its move taken by the next wait"


async def test_news_waits_while_a_person_decides_and_wakes_when_they_act() -> None:
    position = Position.of(["R1 R2", "R5 Y6 G7"], top="R9", current=0, draw="Y2 Y3 Y4")
    game = Game(Rules.two_player(), ["Ann", "Ben"], position=position, seed=3)
    session = Session(game.rules, [Seat("Ann"), Seat("Ben", "medium")], game=game)

    async def no_pause(turn: BotTurn | None) -> None:
        pass

    waiting = asyncio.ensure_future(session.news(no_pause))
    await asyncio.sleep(0.05)
    assert not waiting.done(), "Ann's turn: the bots wait"
    session.apply(DrawCard(0))  # Yellow 2 cannot go: Ben's turn
    events = await asyncio.wait_for(waiting, 10)
    assert isinstance(events[0], CardPlayed) and events[0].player == 1, "Ben's move"


def test_the_driver_is_the_sessions_and_the_hosts() -> None:
    session = table()
    host = Host(session, Codes.new([0], spectators=False), HostOptions(uno_grace=1.5))
    assert isinstance(session.driver, BotDriver)
    assert host.session.driver is session.driver and session.driver.uno_grace == 1.5


async def test_a_host_whose_seat_changes_hands_while_its_bot_thinks_goes_on() -> None:
    """The freeze found at hosted tables: the driver picked a seat's bot, the seat was handed
    back (a chat line, a rejoin) while the bot thought, and the bots' task died in silence.
    Now the move is dropped, the seat's person is awaited, and the bots play on after."""
    session = table("random")
    host = Host(
        session, Codes.new([0, 1], spectators=False), HostOptions(bot_pause=0), log=lambda _: None
    )
    host.hand_to_bot(1, "random")
    started = threading.Event()
    go = threading.Event()
    choose = session.driver.choose

    def held(turn: BotTurn) -> Action:
        started.set()
        assert go.wait(10)
        return choose(turn)

    session.driver.choose = held  # type: ignore[method-assign]
    bots = asyncio.ensure_future(host.guarded("bots' driver", host.drive_bots))
    try:
        await wait_for(started.is_set)
        host.hand_back(1)  # Ben is back while his seat's bot thinks
        go.set()
        log = len(session.game.log)
        await asyncio.sleep(0.2)
        assert not bots.done(), "the bots' task lives"
        assert len(session.game.log) == log, "no move for a seat its person has again"
        session.driver.choose = choose  # type: ignore[method-assign]
        host.hand_to_bot(1, "random")  # away again: the bots play on
        await wait_for(lambda: len(session.game.log) > log)
    finally:
        bots.cancel()


async def test_a_background_task_that_fails_is_told_and_started_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tasks, "TASK_RESTART", 0.0)
    said: list[str] = []
    session = table()
    host = Host(session, Codes.new([0], spectators=False), log=said.append)
    runs = 0

    async def flaky() -> None:
        nonlocal runs
        runs += 1
        if runs < 3:
            raise KeyError(1)

    await asyncio.wait_for(host.guarded("bots' driver", flaky), 10)
    assert runs == 3
    assert said == ["The host's bots' driver failed (KeyError: 1); it starts again."] * 2
    assert not host.finished.is_set()


async def test_a_task_that_keeps_failing_saves_the_match_and_stops_the_host_with_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tasks, "TASK_RESTART", 0.0)
    said: list[str] = []
    host = Host(table(), Codes.new([0], spectators=False), log=said.append)

    async def broken() -> None:
        raise RuntimeError("a bug")

    await asyncio.wait_for(host.guarded("turn timer", broken), 10)
    assert host.finished.is_set()
    assert said[-1] == (
        "The host's turn timer failed again (RuntimeError: a bug): the match is saved; "
        "uno-tui host resume continues it."
    )


async def wait_for(condition: Callable[[], bool], seconds: float = 10) -> None:
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.01)
