"""Turn timers at a hosted table, on a clock the test turns by hand: a warning with 10 s
left, a bot's move when the time is up, the bot keeping the seat after two in a row, and the
seat back with its person's next move or word."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from uno_tui.engine import PlayCard, parse_cards
from uno_tui.match.session import Seat
from uno_tui.narration import warning_words
from uno_tui.net import protocol
from uno_tui.net.host import Host
from uno_tui.net.timers import TurnTimers, timers_notice

from .net_helpers import QUICK, Client, first_legal, hosting, play_to_the_end

TABLE = (Seat("Ann"), Seat("Cy", "random"))


def test_the_timers_count_on_the_clock_they_are_given() -> None:
    now = [0.0]
    timers = TurnTimers(30, clock=lambda: now[0])
    assert timers.due([0], moment=4) == ([], [])
    now[0] = 19.5
    assert timers.due([0], moment=4) == ([], []), "10.5 s left: not yet"
    now[0] = 21.0
    assert timers.due([0], moment=4) == ([(0, 9)], [])
    now[0] = 22.0
    assert timers.due([0], moment=4) == ([], []), "warned once per move"
    now[0] = 30.0
    assert timers.due([0], moment=4) == ([], [0])
    assert timers.due([0], moment=5) == ([], []), "a new move: a new count"
    assert not timers.timed_out(0)
    timers.acted(0)
    assert not timers.timed_out(0), "acting starts the count of missed turns again"
    assert timers.timed_out(0)


def test_a_short_turn_is_warned_at_its_half_not_as_it_begins() -> None:
    """Eight-second turns: a warning with 10 seconds left would come as the turn begins and
    warn of nothing; it comes with 4 left, and the joining notice says so."""
    now = [0.0]
    timers = TurnTimers(8, clock=lambda: now[0])
    assert timers.due([0], moment=1) == ([], [])
    now[0] = 3.5
    assert timers.due([0], moment=1) == ([], []), "4.5 s left: not yet"
    now[0] = 4.5
    assert timers.due([0], moment=1) == ([(0, 4)], [])
    assert warning_words(1, "random") == "1 second left to move; then a random bot moves for you."
    told = timers_notice(timers, 1, moves=0, bot="random")
    assert told is not None and "a warning 4 seconds before the end" in told


async def notices(client: Client, wanted: str, seconds: float = 10) -> str:
    async with asyncio.timeout(seconds):
        while True:
            message = await client.receive(seconds)
            if isinstance(message, protocol.Notice) and wanted in message.text:
                return message.text


async def my_turn(client: Client, host: Host, seconds: float = 20) -> protocol.ViewUpdate:
    """Ann's next turn, once the host's timer counts it."""
    async with asyncio.timeout(seconds):
        while True:
            message = await client.receive(seconds)
            if isinstance(message, protocol.ViewUpdate) and first_legal(message) is not None:
                break
        assert host.timers is not None
        while host.timers.started.get(0, (-1, 0.0))[0] != message.moves:
            await asyncio.sleep(0.02)
        return message


async def test_a_late_move_is_the_bots_twice_late_the_seat_is_until_its_person_acts() -> None:
    options = replace(QUICK, turn_seconds=30, turn_bot="random")
    async with hosting(TABLE, (0,), seed=11, options=options) as host:
        assert host.timers is not None
        now = [0.0]
        host.timers.clock = lambda: now[0]
        ann = await Client.join(host, host.codes.seats[0])
        await my_turn(ann, host)
        moves = len(host.game.actions)
        now[0] += 21
        assert "9 seconds left to move; then a random bot" in await notices(ann, "seconds left")
        now[0] += 10
        assert "Your time ran out: a random bot made that move for you." in await notices(
            ann, "ran out"
        )
        assert host.game.actions[moves].player == 0
        assert 0 not in host.session.bots
        await my_turn(ann, host)
        now[0] += 31
        said = await notices(ann, "ran out twice")
        assert "plays for you until you act again" in said
        assert host.session.bots.get(0) is not None and host.session.seats[0].bot_level == "random"
        # the bot plays Ann's turns now; a word from her is no move: the seat stays the bot's
        await ann.ws.send(protocol.say("."))
        said = await ann.until(protocol.Chat)
        assert isinstance(said, protocol.Chat) and said.text == "."
        assert 0 in host.session.bots and 0 in host.autopilot
        # nor is a move the rules refuse
        hand = host.game.view(0).hand
        not_held = next(c for c in parse_cards("R0 G0 B0 Y0 R1 G1") if c not in hand)
        await ann.ws.send(protocol.action_message(PlayCard(0, not_held)))
        await ann.until(protocol.Refusal)
        assert 0 in host.session.bots and 0 in host.autopilot
        await ann.close()


async def test_the_seat_comes_back_with_its_persons_next_move() -> None:
    options = replace(QUICK, turn_seconds=30, turn_bot="random")
    table = (Seat("Ann"), Seat("Ben"))
    async with hosting(table, (0, 1), seed=11, options=options) as host:
        assert host.timers is not None
        now = [0.0]
        host.timers.clock = lambda: now[0]
        ann = await Client.join(host, host.codes.seats[0])
        ben = await Client.join(host, host.codes.seats[1])
        playing = asyncio.create_task(play_to_the_end(ben, 60))
        await my_turn(ann, host)
        now[0] += 31
        await notices(ann, "ran out")
        host.pace.seconds = 60  # the timer's bot waits before each move: Ann's key comes first
        await my_turn(ann, host)
        now[0] += 31
        await notices(ann, "ran out twice")
        assert 0 in host.autopilot
        async with asyncio.timeout(10):
            while True:  # her seat's next decision, while the bot waits out its pause
                message = await ann.receive(10)
                if isinstance(message, protocol.ViewUpdate) and first_legal(message):
                    break
        action = first_legal(message)
        assert action is not None
        await ann.ws.send(protocol.action_message(action))
        assert await notices(ann, "seat again") == "You play your seat again."
        assert 0 not in host.session.bots and 0 not in host.autopilot
        async with asyncio.timeout(10):
            while action not in host.game.actions[message.moves :]:
                await asyncio.sleep(0.02)
        playing.cancel()
        await ann.close()
