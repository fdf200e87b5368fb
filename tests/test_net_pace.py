"""Hosted bots move at the local table's pace: ``BotPace`` waits once per point of the
match, twice as long after a move that hit a person; the host waits before each bot move."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from uno_tui.engine.events import CardsDrawn, DrawReason, Event, PlayerSkipped
from uno_tui.match.flow import BOT_PAUSE, HIT_PAUSE
from uno_tui.match.session import Seat
from uno_tui.net.options import HostOptions
from uno_tui.net.pace import BotPace

from .net_helpers import QUICK, Client, hosting, play_to_the_end


def test_the_host_waits_as_long_as_the_app_by_default() -> None:
    assert HostOptions().bot_pause == BOT_PAUSE == 1.0


def test_a_pause_is_waited_once_per_point_and_longer_after_a_hit() -> None:
    pace = BotPace(0.5)
    log: list[Event] = [CardsDrawn(1, 1, DrawReason.CHOICE, None)]
    assert pace.delay(log, {0}) == 0.5
    assert pace.delay(log, {0}) == 0.0, "the same point is not waited for twice"
    log.append(PlayerSkipped(0))
    assert pace.delay(log, {0}) == 0.5 * HIT_PAUSE
    log.append(CardsDrawn(0, 2, DrawReason.DRAW_TWO, None))
    assert pace.delay(log, {1}) == 0.5, "a bot hit: no longer pause"
    assert BotPace(0).delay([*log, PlayerSkipped(0)], {0}) == 0.0


class CountingPace(BotPace):
    def __init__(self) -> None:
        super().__init__(0.01)
        self.waits: list[float] = []

    def delay(self, log: object, people: set[int]) -> float:  # type: ignore[override]
        wait = super().delay(log, people)  # type: ignore[arg-type]
        if wait:
            self.waits.append(wait)
        return wait


async def test_the_host_pauses_before_every_bot_move() -> None:
    table = (Seat("Ann"), Seat("Ben", "random"), Seat("Cy", "random"))
    async with hosting(table, (0,), seed=3, options=replace(QUICK, bot_pause=0.01)) as host:
        pace = CountingPace()
        host.pace = pace
        client = await Client.join(host, host.codes.seats[0])
        await asyncio.wait_for(play_to_the_end(client), 60)
        bot_moves = sum(1 for action in host.game.actions if action.player in (1, 2))
        assert bot_moves > 3
        # one wait before each bot move (a bot's reaction to a person, a catch, is not one)
        assert len(pace.waits) >= bot_moves - 1
        assert set(pace.waits) <= {0.01, 0.01 * HIT_PAUSE}
