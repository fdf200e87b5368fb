"""Helpers for the network tests: a host in this process on a free loopback port, a scripted
client speaking the protocol, and the audit of what a seat received against the match record.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import tempfile
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from benchmarks.bench_net import next_action
from uno_tui.engine import (
    Action,
    Card,
    CardNotationError,
    Game,
    MatchRecord,
    PlayerView,
    Rules,
)
from uno_tui.match.session import Seat, Session
from uno_tui.net import protocol
from uno_tui.net.codes import Codes
from uno_tui.net.host import Host
from uno_tui.net.options import HostOptions
from uno_tui.net.room import Room
from uno_tui.net.tls import Certificate, host_certificate, pinning_context

QUICK = HostOptions(port=0, wrong_code_delay=0.2, uno_grace=0.2, news_grace=0.1, bot_pause=0)


@functools.cache
def certificate() -> Certificate:
    """A host certificate made once for the test process, in a directory of its own."""
    return host_certificate(Path(tempfile.mkdtemp(prefix="uno-tls-")))


def secure(options: HostOptions = QUICK) -> HostOptions:
    """``options`` serving ``wss://`` with ``certificate()``."""
    return replace(options, tls=certificate().server_context())


@contextlib.asynccontextmanager
async def hosting(
    seats: Sequence[Seat],
    remote: Sequence[int],
    *,
    rules: Rules | None = None,
    seed: int = 7,
    options: HostOptions = QUICK,
    spectators: bool = True,
    log: Callable[[str], None] | None = None,
    room: Room | None = None,
    local: int | None = None,
) -> AsyncIterator[Host]:
    """A host on 127.0.0.1 (a free port), stopped on leaving. ``room``: its open seats
    (named ``room.open_name``) are among ``remote``."""
    session = Session(rules or Rules.classic(target_score=1), seats, seed=seed)
    codes = Codes.new(list(remote), spectators=spectators, local=local)
    codes.room = room
    host = Host(session, codes, options, local=local, log=log or (lambda line: None))
    started = asyncio.Event()
    task = asyncio.create_task(host.run(started.set))
    await asyncio.wait_for(started.wait(), 10)
    try:
        yield host
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 10)


def url(host: Host) -> str:
    return f"{'wss' if host.options.tls else 'ws'}://127.0.0.1:{host.port}"


class Client:
    """A protocol-level client: every message received is kept, raw and parsed."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.raw: list[str] = []
        self.messages: list[protocol.HostMessage] = []

    @classmethod
    async def join(
        cls, host: Host, code: str, name: str | None = None, source: str | None = None
    ) -> Client:
        """``source``: the loopback address to connect from (``127.0.0.2`` ...)."""
        secure: dict[str, Any] = {"ssl": pinning_context()} if host.options.tls else {}
        if source is not None:
            secure["local_addr"] = (source, 0)
        ws = await connect(url(host), max_size=None, **secure)
        client = cls(ws)
        await ws.send(protocol.hello(code, name))
        return client

    async def receive(self, timeout: float = 10) -> protocol.HostMessage:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(raw, str)
        self.raw.append(raw)
        message = protocol.parse_host(raw)
        self.messages.append(message)
        return message

    async def until(self, kind: type, timeout: float = 10) -> protocol.HostMessage:
        """Read until a message of ``kind`` comes (``TimeoutError`` if none in time)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.receive(timeout)
                if isinstance(message, kind):
                    return message

    async def drain(self, quiet: float = 0.3) -> None:
        """Read everything that comes until nothing has come for ``quiet`` seconds."""
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            while True:
                await self.receive(quiet)

    @property
    def last_view(self) -> protocol.ViewUpdate:
        return next(m for m in reversed(self.messages) if isinstance(m, protocol.ViewUpdate))

    async def close(self) -> None:
        await self.ws.close()


def first_legal(view_update: protocol.ViewUpdate) -> Action | None:
    """The scripted person's policy (the network benchmark's own): call UNO for yourself if
    you may, else the first legal action of the decision the game awaits from you."""
    view = view_update.view
    if not isinstance(view, PlayerView):  # a spectator's: nothing to decide
        return None
    return next_action(view)


async def play_to_the_end(client: Client, timeout: float = 60) -> None:
    """Answer every view with ``first_legal`` (once per move count) until the host says bye."""
    answered = -1
    async with asyncio.timeout(timeout):
        while True:
            try:
                message = await client.receive(timeout)
            except ConnectionClosed:
                return
            if isinstance(message, protocol.Bye):
                return
            if isinstance(message, protocol.ViewUpdate) and message.moves != answered:
                action = first_legal(message)
                if action is not None:
                    answered = message.moves
                    await client.ws.send(protocol.action_message(action))


# The audit -------------------------------------------------------------------------------------


def audit(record: MatchRecord, seat: int | None, raw_messages: Sequence[str]) -> int:
    """Check every view and events message a seat received against the match replayed to the
    same move: the view is exactly ``Game.view(seat)`` (the onlooker's for a spectator), the
    events exactly the round's events as that seat saw them, and no card that was then only in
    another hand or the draw pile appears in a view. Returns the number of messages checked."""
    messages = [(raw, protocol.parse_host(raw)) for raw in raw_messages]
    pending_events: list[protocol.EventsUpdate] = []
    by_moves: dict[int, list[tuple[str, protocol.ViewUpdate, list[protocol.EventsUpdate]]]] = {}
    for raw, message in messages:
        if isinstance(message, protocol.EventsUpdate):
            pending_events.append(message)
        elif isinstance(message, protocol.ViewUpdate):
            by_moves.setdefault(message.moves, []).append((raw, message, pending_events))
            pending_events = []
    game = Game.from_record(record, moves=0)
    checked = 0
    for moves in range(len(record.actions) + 1):
        if moves:
            game.apply(record.actions[moves - 1])
        for raw, update, events_updates in by_moves.pop(moves, []):
            _check_view(game, seat, raw, update)
            expected_events = game.round_events(seat)
            for events in events_updates:
                assert events.round_start == game.round_log_start
                got = events.events
                assert got == expected_events[events.start : events.start + len(got)]
            checked += 1 + len(events_updates)
    assert not by_moves, f"views at moves the record never reached: {sorted(by_moves)}"
    return checked


def _check_view(game: Game, seat: int | None, raw: str, update: protocol.ViewUpdate) -> None:
    if seat is None:
        expected = replace(game.view(None), events=())
    else:
        expected = replace(game.view(seat), events=())
    assert update.view == expected
    own = {str(card) for card in update.view.hand} if isinstance(update.view, PlayerView) else set()
    public = {str(card) for card in game.discard_pile}
    hidden = {
        str(card) for other, hand in enumerate(game.hands) if other != seat for card in hand
    } | {str(card) for card in game.draw_pile}
    unknowable = hidden - own - public
    seen = set(_card_strings(json.loads(raw)["view"]))
    assert not seen & unknowable, f"seat {seat} was sent {sorted(seen & unknowable)}"


def _card_strings(value: object) -> list[str]:
    if isinstance(value, str):
        with contextlib.suppress(CardNotationError):
            Card.parse(value)
            return [value]
        return []
    if isinstance(value, dict):
        return [text for item in value.values() for text in _card_strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _card_strings(item)]
    return []
