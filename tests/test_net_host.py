"""The host, in this process on the loopback address, with clients speaking the protocol:
each seat gets only what it may know, refused messages change nothing, a seat waits for its
person and comes back with its hand, many connections at once are answered or refused."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import replace

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from uno_tui.engine import DrawCard, IllegalActionError, PlayCard, PlayerView, Rules, parse_cards
from uno_tui.match.session import Seat, Session
from uno_tui.net import protocol
from uno_tui.net.codes import Codes
from uno_tui.net.host import STOPPED, Host
from uno_tui.store.saves import table_digest

from .net_helpers import QUICK, Client, audit, first_legal, hosting, play_to_the_end

TABLE = (Seat("Ann"), Seat("Ben"), Seat("Cy", "random"))
REMOTE = (0, 1)


async def test_two_remote_people_play_a_round_to_its_end_and_each_got_only_its_own_view() -> None:
    async with hosting(TABLE, REMOTE) as host:
        ann = await Client.join(host, host.codes.seats[0])
        ben = await Client.join(host, host.codes.seats[1])
        watcher = await Client.join(host, host.codes.spectators or "")
        await asyncio.gather(play_to_the_end(ann), play_to_the_end(ben), play_to_the_end(watcher))
        assert host.session.is_over
        record = host.game.record()
    assert isinstance(ann.messages[0], protocol.Welcome) and ann.messages[0].seat == 0
    assert isinstance(watcher.messages[0], protocol.Welcome) and watcher.messages[0].seat is None
    for seat, client in ((0, ann), (1, ben), (None, watcher)):
        assert audit(record, seat, client.raw) > 10
    views = [m.view for m in watcher.messages if isinstance(m, protocol.ViewUpdate)]
    assert views and not any(isinstance(view, PlayerView) for view in views)  # no hand at all


async def _both_joined(host_codes: dict[int, str], host: Host) -> tuple[Client, Client]:
    ann = await Client.join(host, host_codes[0])
    ben = await Client.join(host, host_codes[1])
    await ann.until(protocol.ViewUpdate)
    await ben.until(protocol.ViewUpdate)
    return ann, ben


async def test_another_seats_action_is_refused_and_nothing_changes() -> None:
    async with hosting(TABLE, REMOTE, seed=3) as host:
        ann, ben = await _both_joined(host.codes.seats, host)
        await ann.drain()
        await ben.drain()
        before = table_digest(host.game)
        for action in (DrawCard(1), DrawCard(2)):
            await ann.ws.send(protocol.action_message(action))
            refusal = await ann.until(protocol.Refusal)
            assert isinstance(refusal, protocol.Refusal)
            assert refusal.text == "that is another seat's action"
            assert refusal.action == action
        assert table_digest(host.game) == before


async def test_an_illegal_action_is_refused_with_the_engines_reason() -> None:
    async with hosting(TABLE, REMOTE, seed=3) as host:
        ann, ben = await _both_joined(host.codes.seats, host)
        await ann.drain()
        await ben.drain()
        deciding = host.session.person_to_decide()
        assert deciding is not None
        mover = (ann, ben)[deciding.player]
        view = mover.last_view.view
        not_held = next(c for c in parse_cards("R0 G0 B0 Y0 R1 G1") if c not in view.hand)
        before, actions = table_digest(host.game), len(host.game.actions)
        await mover.ws.send(protocol.action_message(PlayCard(view.player, not_held)))
        refusal = await mover.until(protocol.Refusal)
        assert isinstance(refusal, protocol.Refusal)
        with pytest.raises(IllegalActionError) as engine_says:
            host.game.check(PlayCard(view.player, not_held))
        assert refusal.text == str(engine_says.value)
        assert table_digest(host.game) == before and len(host.game.actions) == actions
        # The match goes on: a legal action is taken.
        action = first_legal(mover.last_view)
        assert action is not None
        await mover.ws.send(protocol.action_message(action))
        await mover.until(protocol.ViewUpdate)
        assert len(host.game.actions) > actions


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("not json at all", "not JSON"),
        ("[1, 2]", "a JSON object"),
        ('{"type": "shout"}', "unknown message type"),
        ('{"type": "action", "action": {"type": "play", "player": 0}}', "not an action"),
        ('{"type": "action", "action": {"type": "draw", "player": 0}, "x": 1}', "action message"),
        ("[" * 5000 + "]" * 5000, "not JSON"),
        ('{"type": "action", "action": "' + "x" * (70 * 1024) + '"}', "over the 65536 cap"),
    ],
)
async def test_malformed_or_oversized_messages_are_refused_and_the_connection_goes_on(
    raw: str, says: str
) -> None:
    async with hosting(TABLE, REMOTE, seed=3) as host:
        ann, _ben = await _both_joined(host.codes.seats, host)
        await ann.drain()
        before = table_digest(host.game)
        await ann.ws.send(raw)
        refusal = await ann.until(protocol.Refusal)
        assert isinstance(refusal, protocol.Refusal) and says in refusal.text
        assert table_digest(host.game) == before
        await ann.ws.send(protocol.bye())  # still connected: the host reads on


async def test_a_message_far_over_the_cap_closes_that_connection_only() -> None:
    async with hosting(TABLE, REMOTE, seed=3) as host:
        ann, ben = await _both_joined(host.codes.seats, host)
        await ann.ws.send("x" * (300 * 1024))
        with pytest.raises(ConnectionClosed):
            for _ in range(100):
                await ann.receive(10)
        assert ann.ws.close_code == 1009  # "message too big"
        # Ben plays on.
        await ben.drain()
        assert host.connections[1]


async def test_a_flood_is_refused_and_changes_nothing() -> None:
    async with hosting(TABLE, REMOTE, seed=3) as host:
        ann, ben = await _both_joined(host.codes.seats, host)
        await ann.drain()
        before = table_digest(host.game)
        with pytest.raises(ConnectionClosed):
            for _ in range(400):
                await ann.ws.send(protocol.action_message(DrawCard(1)))
            for _ in range(400):
                await ann.receive(10)
        texts = [m.text for m in ann.messages if isinstance(m, protocol.Refusal)]
        assert "too many messages: slow down" in texts
        assert table_digest(host.game) == before
        await ben.drain()
        assert host.connections[1], "the others play on"


async def test_a_wrong_code_is_refused_after_a_delay() -> None:
    async with hosting(TABLE, REMOTE) as host:
        began = time.monotonic()
        intruder = await Client.join(host, "AAAA-AAAA")
        refusal = await intruder.until(protocol.Refusal)
        assert time.monotonic() - began >= QUICK.wrong_code_delay
        assert isinstance(refusal, protocol.Refusal)
        assert refusal.text == "that code opens no seat at this table"
        right = await Client.join(host, host.codes.seats[0].lower().replace("-", " "))
        welcome = await right.until(protocol.Welcome)
        assert isinstance(welcome, protocol.Welcome) and welcome.seat == 0


async def test_a_first_message_that_is_not_a_hello_is_refused() -> None:
    async with hosting(TABLE, REMOTE) as host, connect(f"ws://127.0.0.1:{host.port}") as ws:
        await ws.send(protocol.action_message(DrawCard(0)))
        refusal = protocol.parse_host(await asyncio.wait_for(ws.recv(), 5))
        assert isinstance(refusal, protocol.Refusal)
        assert "hello" in refusal.text
        assert not host.connections.get(0)


async def test_a_dropped_seat_waits_and_its_person_gets_the_hand_back() -> None:
    async with hosting(TABLE, REMOTE, seed=3) as host:
        ann, ben = await _both_joined(host.codes.seats, host)
        await ann.drain()
        hand = ann.last_view.view.hand
        moves = len(host.game.actions)
        await ann.close()
        async with asyncio.timeout(10):
            while host.connections.get(0):
                await asyncio.sleep(0.01)
        assert 0 not in host.session.bots, "the seat waits for its person"
        told = await ben.until(protocol.Notice)  # once the news grace is over
        assert isinstance(told, protocol.Notice)
        assert told.text == "Ann left; their seat waits for them."
        again = await Client.join(host, host.codes.seats[0])
        await again.until(protocol.ViewUpdate)
        await again.drain()
        back = await ben.until(protocol.Notice)
        assert isinstance(back, protocol.Notice)
        assert back.text == "Ann is back.", "a return after a told leave is told as one"
        assert len(host.game.actions) == moves
        assert again.last_view.view.hand == hand == host.game.view(0).hand


async def test_a_seat_left_empty_past_the_timeout_is_played_by_a_bot_until_its_person_returns() -> (
    None
):
    options = replace(QUICK, away_bot_after=0.3)
    async with hosting(TABLE, REMOTE, seed=3, options=options) as host:
        ben = await Client.join(host, host.codes.seats[1])
        playing = asyncio.create_task(play_to_the_end(ben, timeout=60))
        async with asyncio.timeout(20):
            while 0 not in host.session.bots and not host.session.is_over:
                await asyncio.sleep(0.05)
        assert 0 in host.session.bots or host.session.is_over
        if not host.session.is_over:
            ann = await Client.join(host, host.codes.seats[0])
            await ann.until(protocol.ViewUpdate)
            assert 0 not in host.session.bots, "back: the person plays again"
            assert host.session.seats[0].bot_level is None
            await ann.close()
        playing.cancel()


async def test_fifty_connections_at_once_are_each_answered_or_refused() -> None:
    options = replace(QUICK, max_connections=30)
    async with hosting(TABLE, REMOTE, options=options) as host:
        spectators = host.codes.spectators
        assert spectators is not None

        async def one(number: int) -> str:
            code = spectators if number % 5 else "WRONG-CODE"
            try:
                async with connect(f"ws://127.0.0.1:{host.port}", open_timeout=20) as ws:
                    await ws.send(protocol.hello(code))
                    first = protocol.parse_host(await asyncio.wait_for(ws.recv(), 20))
                    return type(first).__name__
            except ConnectionClosed as closed:
                return f"closed {closed.rcvd.code if closed.rcvd else None}"

        answers = await asyncio.wait_for(asyncio.gather(*(one(n) for n in range(50))), 60)
        assert len(answers) == 50
        # A refused connection may be closed (normally, 1000) before its hello is sent.
        assert set(answers) <= {"Welcome", "Refusal", "closed 1000"}, answers
        assert answers.count("Welcome") >= 10
        refused = answers.count("Refusal") + answers.count("closed 1000")
        assert refused >= 20  # the wrong codes and those over the limit of 30
        # The host still serves.
        late = await Client.join(host, host.codes.seats[0])
        assert isinstance(await late.until(protocol.Welcome), protocol.Welcome)


async def test_spectators_get_the_onlooker_view_and_may_not_act() -> None:
    async with hosting(TABLE, REMOTE, rules=Rules.classic(), seed=3) as host:
        watcher = await Client.join(host, host.codes.spectators or "")
        update = await watcher.until(protocol.ViewUpdate)
        assert isinstance(update, protocol.ViewUpdate)
        view = update.view  # the engine's onlooker view: no hand, no decision, no seat
        assert not isinstance(view, PlayerView) and type(view) is type(host.game.view(None))
        assert not hasattr(view, "hand") and not hasattr(view, "decisions")
        assert update.view.hand_counts == host.game.view(0).hand_counts
        await watcher.ws.send(protocol.action_message(DrawCard(0)))
        refusal = await watcher.until(protocol.Refusal)
        assert isinstance(refusal, protocol.Refusal) and "spectators" in refusal.text


async def test_a_host_stopped_before_the_end_tells_its_guests_so() -> None:
    """Issue 36's play-through: the host typed quit and its guest over SSH heard only
    "Stopped (SIGHUP)."; every connection is told the match is saved and goes on."""
    session = Session(Rules.classic(target_score=1), TABLE, seed=7)
    host = Host(session, Codes.new([0, 1], spectators=False), QUICK, log=lambda line: None)
    started = asyncio.Event()
    task = asyncio.create_task(host.run(started.set))
    await asyncio.wait_for(started.wait(), 10)
    ann = await Client.join(host, host.codes.seats[0])
    await ann.until(protocol.Welcome)
    task.cancel()
    told: list[str] = []
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        while STOPPED not in told:
            message = await ann.receive(10)
            if isinstance(message, protocol.Notice):
                told.append(message.text)
    assert STOPPED in told
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.wait_for(task, 10)
