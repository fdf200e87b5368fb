"""Issue 36: a seat coming to a timed table is told so at joining (how long a move, the
warning, the bot), and one that comes back while its turn's clock runs is told how long it has
left; the joined window's help says it again."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from uno_tui.match.session import Seat
from uno_tui.narration import TIMED_TURNS
from uno_tui.net import protocol
from uno_tui.net.codes import new_code
from uno_tui.net.room import Room, open_name

from .net_helpers import QUICK, Client, first_legal, hosting
from .test_net_timers import notices

TABLE = (Seat("Ann"), Seat("Cy", "random"))
TIMED = (
    "Turns are timed: 30 seconds a move; a warning 10 seconds before the end, then a random "
    "bot moves for you."
)


async def test_a_seat_is_told_the_timers_at_joining_and_its_time_left_when_it_returns() -> None:
    options = replace(QUICK, turn_seconds=30, turn_bot="random")
    async with hosting(TABLE, (0,), seed=11, options=options) as host:
        assert host.timers is not None
        now = [0.0]
        host.timers.clock = lambda: now[0]
        ann = await Client.join(host, host.codes.seats[0])
        told = await notices(ann, "Turns are timed")
        assert told.startswith(TIMED_TURNS)
        assert told == TIMED or told.startswith(f"{TIMED} Your turn's clock is running: ")
        async with asyncio.timeout(20):  # her turn, once the host's timer counts it
            while host.timers.started.get(0, (-1, 0.0))[0] != len(host.game.actions):
                await asyncio.sleep(0.02)
        await ann.close()  # she drops with her turn's clock running
        now[0] += 12
        back = await Client.join(host, host.codes.seats[0])
        assert await notices(back, "Turns are timed") == (
            f"{TIMED} Your turn's clock is running: 18 seconds left."
        )
        await back.close()


async def test_an_untimed_table_says_nothing_of_timers() -> None:
    async with hosting(TABLE, (0,), seed=11, options=QUICK) as host:
        ann = await Client.join(host, host.codes.seats[0])
        said: list[str] = []
        while True:  # up to her first turn: what a timed table says by then, this does not
            message = await ann.receive(20)
            if isinstance(message, protocol.Notice):
                said.append(message.text)
            if isinstance(message, protocol.ViewUpdate) and first_legal(message) is not None:
                break
        assert not any("timed" in line for line in said)
        await ann.close()


async def test_a_seat_taken_in_a_timed_room_is_told_at_once_and_again_at_the_start() -> None:
    options = replace(QUICK, turn_seconds=30, turn_bot="random")
    made = Room(new_code(), [1], "random")
    seats = (Seat("Host"), Seat(open_name(1)))
    async with hosting(seats, (0, 1), room=made, local=0, options=options) as host:
        here = await Client.join(host, host.codes.seats[0])
        ann = await Client.join(host, made.code, "Ann")
        told = await notices(ann, "timed")
        assert told == (
            "Turns will be timed: 30 seconds a move; a warning 10 seconds before the end, then "
            "a random bot moves for you."
        )
        assert "Turns will be timed" in await notices(here, "timed"), "the host's seat too"
        await here.ws.send(protocol.start())
        assert await notices(ann, "Turns are timed") == TIMED
        await ann.close()
        await here.close()
