"""``uno-tui host``: one match served over WebSockets to the people at other terminals.

The host holds the only ``Session`` (engine, bots, autosave and its lock, as a local match
has). Each remote seat has a short random code; a connection that says a seat's code plays
that seat and receives only its view and the events as that seat saw them; a spectator's code
gives the onlooker's view. A refused message (another seat's action, an illegal one, bad or
oversized JSON, too many too fast) is answered with an error and changes nothing. A dropped
seat waits for its person, who rejoins with the same code; the host may hand it to a bot.

The codes are kept beside the autosave (``hosted-codes.json``), so ``uno-tui host resume``
continues a match after a crash and the same codes still open the same seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import math
import random
import secrets
import socket
import ssl
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from uno_tui.engine import Action, DecisionKind, UnoError
from uno_tui.match.session import Session
from uno_tui.seats import Seat
from uno_tui.store.files import data_dir, hold_save_lock, write_atomic
from uno_tui.store.saves import Autosave

from . import protocol
from .chat import CHAT_BURST, CHAT_KEPT, CHAT_RATE, ChatLine, ChatRefused, chat_path, check_text
from .chat import save_chat as save_chat_lines
from .constants import DEFAULT_PORT, DOOR_HEADER
from .pace import BOT_PAUSE, BotPace
from .room import Room, RoomRefusal
from .timers import TURN_POLL, WARN_AT, TurnTimers

SAVE_NAME = "hosted.json"
CODES_NAME = "hosted-codes.json"
CODES_FORMAT = "uno-tui host codes"
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""No 0/O, 1/I/L: a code is read aloud or copied from another screen."""
CODE_LENGTH = 8
AWAY_BOT = "medium"
"""The level of the bot that takes a seat whose person stays away."""
BUFFER_CAP = 1 << 20
"""Bytes the host holds for one connection (its queue and its socket's send buffer): past
this the connection is dropped at once. A client that reads keeps it near zero."""
REFUSE_SECONDS = 2.0
"""How long a refusal may take to leave; a client that does not read it is cut off."""
ROOM_JOIN_RATE = 1.0
"""Joins a second with a room's code, on average (names refused count) ..."""
ROOM_JOIN_BURST = 20.0
"""... and at once (a table of friends walking in together, with a few names taken)."""
TALLY_WINDOW = 60.0
"""Repeated happenings (wrong codes, dropped connections) are told once, then counted over
this many seconds."""
GUEST_ADDRESS_CHARACTERS = frozenset("0123456789abcdefABCDEF.:%")


def new_code() -> str:
    """``K7QM-2PXA``: 8 characters from 31, about 40 bits, drawn by ``secrets``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normal_code(code: str) -> str:
    return "".join(code.split()).replace("-", "").upper()


@dataclass(frozen=True, slots=True)
class HostOptions:
    bind: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    wrong_code_delay: float = 1.0
    """Seconds before a wrong code is answered, so codes cannot be tried quickly."""
    hello_timeout: float = 5.0
    """Seconds a connection has to say its code; then it is cut off (and, under ``wss://``,
    seconds its TLS handshake may take)."""
    max_connections: int = 64
    """Connections that have not shown a valid code yet; a newcomer past this pushes out the
    oldest of the address holding the most (so idle connections cannot lock a seat out)."""
    max_per_address: int = 16
    """The same, from one address."""
    max_pending: int = 128
    """TCP connections that have not finished the WebSocket handshake (counted from their
    accept, through the TLS handshake under ``wss://``) ..."""
    max_pending_per_address: int = 64
    """... and from one address; past either, the oldest is cut off."""
    max_spectators: int = 64
    join_rate: float = 0.2
    """Joins a second with one seat's code, on average (a dropped person rejoins at once) ..."""
    join_burst: float = 5.0
    """... and at once."""
    address_join_rate: float = 2.0
    """Joins a second from one address with any valid code ..."""
    address_join_burst: float = 80.0
    """... and at once (a whole table of spectators from one machine)."""
    tally_window: float = TALLY_WINDOW
    """Seconds over which a repeated happening (a wrong code, a connection cut off) is counted
    and told in one line."""
    news_grace: float = 2.0
    """Seconds a seat's leave waits before it is told: a quick rejoin is told nothing."""
    rate: float = 30.0
    """Messages a second a connection may send, on average (a person sends a few; a client
    paces itself under this, see ``client.MIN_SEND_INTERVAL``) ..."""
    burst: float = 60.0
    """... and at once."""
    away_bot_after: float | None = None
    """Seconds a remote seat may be awaited with nobody connected before a bot takes it."""
    uno_grace: float = 2.0
    """Seconds the bots wait after a person's play leaves them one card, for their UNO call."""
    turn_seconds: float | None = None
    """Seconds a person has for each move (``timers.TurnTimers``); ``None``: no limit."""
    turn_bot: str = AWAY_BOT
    """The level of the bot that moves for a person whose time is up."""
    spectators_chat: bool = False
    """Spectators may write in the chat (they always read it)."""
    bot_pause: float = BOT_PAUSE
    """Seconds before a bot's move, as at the app's own table (twice that after a move that
    hit a person): people far away follow the bots at the same pace (``pace.BotPace``)."""
    tls: ssl.SSLContext | None = None
    """Serve ``wss://`` with this context (``uno_tui.net.tls``); ``None``: plain ``ws://``."""


@dataclass
class Codes:
    """The seats' codes (seat number to code) and the spectators' code, if any."""

    seats: dict[int, str]
    spectators: str | None = None
    local: int | None = None
    """The seat of the person at the host's terminal (joined through the loopback)."""
    bind: str | None = None
    port: int | None = None
    """Where the host listened: ``uno-tui host resume`` listens there again, so the joined
    clients, which reconnect by themselves, find it."""
    room: Room | None = None
    """The room with one code, when seats were left open (``uno_tui.net.room``); its open
    seats' codes are the private tokens of whoever takes them."""

    @classmethod
    def new(cls, remote: list[int], *, spectators: bool, local: int | None = None) -> Codes:
        seats = [*remote, *([] if local is None else [local])]
        return cls({seat: new_code() for seat in seats}, new_code() if spectators else None, local)

    def for_remote(self) -> Codes:
        """The codes to print: every seat's but the local person's and the room's open
        seats' (their tokens go to whoever takes them)."""
        private = {self.local, *(() if self.room is None else self.room.open)}
        seats = {seat: code for seat, code in self.seats.items() if seat not in private}
        return Codes(seats, self.spectators, room=self.room)

    def seat_of(self, code: str) -> tuple[bool, int | None]:
        """Whether ``code`` opens a seat, and which (``None``: the spectators' code). Every
        code is compared, in constant time, whatever matches."""
        given = normal_code(code).encode(errors="replace")  # "\ud800" is no code
        found: tuple[bool, int | None] = (False, None)
        for seat, known in self.seats.items():
            if hmac.compare_digest(given, normal_code(known).encode()):
                found = (True, seat)
        if self.spectators is not None and hmac.compare_digest(
            given, normal_code(self.spectators).encode()
        ):
            found = (True, None)
        return found

    def save(self, path: Path, names: tuple[str, ...]) -> None:
        data = {
            "format": CODES_FORMAT,
            "version": 1,
            "players": list(names),
            "seats": {str(seat): code for seat, code in self.seats.items()},
            "spectators": self.spectators,
            "local": self.local,
            "bind": self.bind,
            "port": self.port,
            "room": None if self.room is None else self.room.to_dict(),
        }
        write_atomic(path, json.dumps(data) + "\n")
        with contextlib.suppress(OSError):
            path.chmod(0o600)

    @classmethod
    def load(cls, path: Path, names: tuple[str, ...]) -> Codes:
        """The codes saved beside a hosted match; ``ValueError`` with one line if they are
        missing, damaged or another table's."""
        try:
            raw = path.read_text(encoding="utf-8")[:100_000]
            data = json.loads(raw)
        except (OSError, ValueError) as error:
            raise ValueError(f"the seats' codes cannot be read ({error})") from None
        if not isinstance(data, dict) or data.get("format") != CODES_FORMAT:
            raise ValueError("the codes file is not uno-tui's")
        if data.get("players") != list(names):
            raise ValueError("the codes file belongs to another table")
        seats, spectators, local = data.get("seats"), data.get("spectators"), data.get("local")
        if (
            not isinstance(seats, dict)
            or not (spectators is None or isinstance(spectators, str))
            or not (local is None or (isinstance(local, int) and str(local) in seats))
        ):
            raise ValueError("the codes file is damaged")
        codes: dict[int, str] = {}
        for key, code in seats.items():
            if not (key.isdecimal() and int(key) < len(names) and isinstance(code, str)):
                raise ValueError("the codes file is damaged")
            codes[int(key)] = code
        bind, port = data.get("bind"), data.get("port")
        if not (bind is None or (isinstance(bind, str) and 0 < len(bind) < 256)):
            raise ValueError("the codes file is damaged")
        if not (port is None or (type(port) is int and 0 < port < 65536)):
            raise ValueError("the codes file is damaged")
        room = None if data.get("room") is None else Room.from_dict(data["room"], len(names))
        return cls(codes, spectators, local, bind, port, room)


def hosted_paths(directory: Path | None = None) -> tuple[Path, Path]:
    """Where a hosted match and its codes are saved (apart from the app's own autosave)."""
    directory = directory or data_dir()
    return directory / SAVE_NAME, directory / CODES_NAME


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    @property
    def full(self) -> bool:
        return self.tokens + (time.monotonic() - self.last) * self.rate >= self.burst


class Buckets:
    """One ``TokenBucket`` per key (a seat, an address); full ones are forgotten when many."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[object, TokenBucket] = {}

    def take(self, key: object) -> bool:
        if len(self.buckets) > 1000:
            self.buckets = {k: b for k, b in self.buckets.items() if not b.full}
        bucket = self.buckets.setdefault(key, TokenBucket(self.rate, self.burst))
        return bucket.take()


class Tally:
    """Happenings that may repeat fast (wrong codes, connections cut off), told in one line
    at the first and then one line a window with how many there were: a flood of them costs
    the host's terminal two lines a minute."""

    def __init__(self, log: Callable[[str], None], window: float = TALLY_WINDOW) -> None:
        self.log, self.window = log, window
        self.counts: dict[tuple[str, str], list[float]] = {}
        """(what, where) to [when its window began, how many since]."""

    def note(self, one: str, many: str, where: str) -> None:
        """``one``: "A wrong code" (the first); ``many``: "wrong codes" (the count's)."""
        now = time.monotonic()
        key = (many, where)
        if key not in self.counts:
            self.counts[key] = [now, 0]
            self.log(f"{one} from {where}.")
            return
        self.counts[key][1] += 1
        self.flush(now)

    def flush(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        for key, (began, count) in list(self.counts.items()):
            if now - began >= self.window:
                del self.counts[key]
                if count:
                    many, where = key
                    span = "minute" if self.window == 60 else f"{self.window:g} seconds"
                    self.log(f"{count} more {many} from {where} in the last {span}.")

    async def keep_flushing(self) -> None:
        while True:
            await asyncio.sleep(self.window / 4)
            self.flush()


class Pool:
    """Connections waiting for something (their handshake, their code), at most ``total`` and
    ``per_address`` from one address. A newcomer past either is let in and the oldest of its
    own address (or, past the total, of the address holding the most) is pushed out: holding
    the pool full costs an attacker nothing, so refusing newcomers would lock people out."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total, self.per_address = total, per_address
        self.members: dict[str, dict[object, Callable[[], None]]] = {}
        self.size = 0

    def admit(self, address: str, key: object, push_out: Callable[[], None]) -> None:
        own = self.members.setdefault(address, {})
        if len(own) >= self.per_address:
            self._push_out(address)
        elif self.size >= self.total:
            self._push_out(max(self.members, key=lambda a: len(self.members[a])))
        self.members.setdefault(address, {})[key] = push_out
        self.size += 1

    def _push_out(self, address: str) -> None:
        oldest = next(iter(self.members[address]))
        push_out = self.members[address][oldest]
        self.leave(address, oldest)
        push_out()

    def leave(self, address: str, key: object) -> None:
        own = self.members.get(address)
        if own is not None and own.pop(key, None) is not None:
            self.size -= 1
            if not own:
                del self.members[address]


DESCRIPTORS_KEPT = 64
"""Descriptors left for the host's own files (the autosave, its lock, the record)."""


def descriptor_limit() -> int:
    """The soft limit on open files, raised to the hard one where allowed (at most 65,536)."""
    try:
        import resource
    except ImportError:  # not on this system: assume the usual
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65_536 if hard == resource.RLIM_INFINITY else min(hard, 65_536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return 65_536 if soft == resource.RLIM_INFINITY else soft


def pending_room(options: HostOptions) -> int:
    """How many handshakes may wait at once so that every connection the host keeps, and its
    own files, still find a descriptor: at least 8."""
    kept = DESCRIPTORS_KEPT + options.max_connections + options.max_spectators + 16
    return max(8, (descriptor_limit() - kept) // 2)


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def address_of(transport: Any) -> str:
    peer = transport.get_extra_info("peername") if transport is not None else None
    return str(peer[0]) if isinstance(peer, tuple) and peer else "an unknown address"


class GuardedConnection(ServerConnection):
    """A ``ServerConnection`` that cannot make the host hold more than ``BUFFER_CAP`` for it:
    whatever is written for it (answers to its pings included, which ``websockets`` writes
    without waiting) is checked, and past the cap the transport is aborted.

    It waits in the host's ``pending`` pool from the moment its TCP connection is accepted
    until its WebSocket handshake is over, its TLS handshake included: with ``tls`` it is
    given the plain TCP connection and does the TLS handshake itself (``loop.start_tls``),
    so a connection that stalls or trickles its TLS handshake is counted (in all and per
    address) and pushed out like one that stalls its WebSocket handshake. (Given
    ``ssl=`` instead, asyncio would hand ``websockets`` the connection only once its TLS
    handshake was over, and nothing but the handshake's timeout would bound the ones under
    way.)"""

    queued = 0
    """Bytes in the host's own queue for this connection (``Connection`` keeps it)."""
    pending: Pool | None = None
    tally: Tally | None = None
    tls: ssl.SSLContext | None = None
    """Do a TLS handshake (server side, with this context) before the WebSocket one."""
    tls_timeout: float = 5.0
    """Seconds the TLS handshake may take."""
    tls_tasks: ClassVar[set[asyncio.Task[None]]] = set()
    """The TLS handshakes under way (held so none is collected mid-way; each host's class
    has its own)."""

    _address = "an unknown address"
    _raw: asyncio.Transport | None = None
    _early: list[bytes] | None = None
    """Set while the TLS handshake runs: what arrives between its end and the WebSocket's
    ``connection_made`` (``start_tls`` passes the protocol data before handing back)."""
    _early_eof = False
    _lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._address = address_of(transport)
        self._raw = transport
        if self.pending is not None:
            self.pending.admit(self._address, self, self._cut_pending)
        if self.tls is None:
            super().connection_made(transport)
            return
        self._early = []
        task = asyncio.get_running_loop().create_task(self._start_tls(transport, self.tls))
        self.tls_tasks.add(task)
        task.add_done_callback(self.tls_tasks.discard)

    async def _start_tls(self, transport: asyncio.Transport, context: ssl.SSLContext) -> None:
        loop = asyncio.get_running_loop()
        try:
            wrapped = await loop.start_tls(
                transport,
                self,
                context,
                server_side=True,
                ssl_handshake_timeout=self.tls_timeout,
                ssl_shutdown_timeout=REFUSE_SECONDS,
            )
        except (OSError, ssl.SSLError, ConnectionError, TimeoutError, RuntimeError):
            wrapped = None
        if wrapped is None or self._lost:
            self._forget()
            transport.abort()
            return
        early, self._early = self._early or [], None
        super().connection_made(wrapped)
        for data in early:
            super().data_received(data)
        if self._early_eof:
            super().eof_received()

    def _forget(self) -> None:
        if self.pending is not None:
            self.pending.leave(self._address, self)

    def _cut_pending(self) -> None:
        if self.tally is not None:
            self.tally.note(
                "A connection cut off before its handshake",
                "connections cut off before their handshake",
                self._address,
            )
        if self._raw is not None:
            self._raw.abort()

    async def handshake(self, *args: Any, **kwargs: Any) -> None:
        try:
            await super().handshake(*args, **kwargs)
        finally:
            self._forget()

    def data_received(self, data: bytes) -> None:
        if self._early is not None:
            self._early.append(data)
            return
        super().data_received(data)

    def eof_received(self) -> None:
        if self._early is not None:
            self._early_eof = True  # told to websockets with what came before it
            return
        super().eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget()
        if self._early is not None:
            self._lost = True  # still in its TLS handshake: websockets never saw it
            return
        super().connection_lost(exc)

    def send_data(self) -> None:
        """What ``websockets`` writes, in one write (a burst of pings is answered in one, and
        a socket that failed is not written to again for each of them), then checked."""
        pending: list[bytes] = []
        for data in self.protocol.data_to_send():
            if data:
                pending.append(data)
                continue
            if pending:
                self.transport.write(b"".join(pending))
                pending = []
            if self.transport.can_write_eof():  # the end of the stream: half-close
                with contextlib.suppress(Exception):
                    self.transport.write_eof()
            else:
                self.transport.close()
        if pending:
            self.transport.write(b"".join(pending))
        self.check_buffer()

    def check_buffer(self) -> None:
        transport = self.transport
        if transport.get_write_buffer_size() + self.queued > BUFFER_CAP:
            if self.tally is not None:
                self.tally.note(
                    "A connection cut off for not reading",
                    "connections cut off for not reading",
                    address_of(transport),
                )
            transport.abort()


class Connection:
    """One joined client: its seat (``None``: a spectator), its outgoing queue, and how much
    of the round's events it has been sent."""

    QUEUE = 256

    def __init__(self, ws: ServerConnection, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(self.QUEUE)
        self.round_start = -1
        self.sent = 0
        self.left = False
        """The client said goodbye (a drop is not a goodbye)."""

    def _count(self, size: int) -> None:
        if isinstance(self.ws, GuardedConnection):
            self.ws.queued += size
            if size > 0:
                self.ws.check_buffer()

    def push(self, message: str) -> None:
        """Queue a message; a client too slow to keep up is let go (it may rejoin)."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.close()
            return
        self._count(len(message))

    def close(self) -> None:
        """Close after the queued messages; at once if the queue is full (the client reads
        nothing: it would never get them)."""
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.ws.transport.abort()

    async def pump(self) -> None:
        while (message := await self.queue.get()) is not None:
            self._count(-len(message))
            await self.ws.send(message)
        await self.ws.close()


class Host:
    """The hosted match: the session, the codes, the connections, the bots' driver."""

    def __init__(
        self,
        session: Session,
        codes: Codes,
        options: HostOptions | None = None,
        *,
        local: int | None = None,
        log: Callable[[str], None] = print,
        record: Path | None = None,
    ) -> None:
        self.session = session
        session.pace_catches()  # people far away forget UNO too: bots catch at a human pace
        self.game = session.game
        self.codes = codes
        self.options = options or HostOptions()
        self.local = local
        self.log = log
        self.connections: dict[int | None, list[Connection]] = {}
        self.tally = Tally(self._say, self.options.tally_window)  # self.log may be set later
        options = self.options
        pending = min(options.max_pending, pending_room(options))
        self.pending = Pool(pending, min(pending, options.max_pending_per_address))
        """Connections in their WebSocket handshake, fewer when descriptors are few."""
        self.waiting = Pool(options.max_connections, options.max_per_address)
        self.door_secret: str | None = None
        """Set by the SSH door: the secret its join processes show (``DOOR_HEADER``)."""
        """Connections that have not shown a valid code yet."""
        self.code_joins = Buckets(options.join_rate, options.join_burst)
        self.spectator_joins = TokenBucket(options.address_join_rate, options.max_spectators)
        """The spectators' code is shared: joins with it have a bucket of their own."""
        self.address_joins = Buckets(options.address_join_rate, options.address_join_burst)
        self.spectators_told = 0
        self.leaving: dict[int, asyncio.TimerHandle] = {}
        """Seats whose leave is not told yet (told after ``news_grace`` unless they rejoin)."""
        self.tasks: set[asyncio.Future[None]] = set()
        self.spectators_due = False
        self.changed = asyncio.Event()
        self.finished = asyncio.Event()
        self.person_played_at = 0.0
        self.away_since: dict[int, float] = {}
        self.server: Server | None = None
        self.record = record
        """Where to write the match record when the host stops (``uno-tui replay`` reads it)."""
        self.pace = BotPace(self.options.bot_pause)
        self.room = codes.room
        self.room_started = asyncio.Event()
        """Set once the room's match has started (at once without a room): bots wait."""
        if self.room is None or self.room.started:
            self.room_started.set()
        self.codes_path: Path | None = None
        """Where the codes are kept (``hosted-codes.json``), saved again as the room fills."""
        self.chat_lines: list[ChatLine] = []
        self.chat_file: Path | None = None
        """Where the chat is kept with the hosted match (``hosted-chat.json``)."""
        self.chat_buckets = Buckets(CHAT_RATE, CHAT_BURST)
        self.room_joins = TokenBucket(ROOM_JOIN_RATE, ROOM_JOIN_BURST)
        """The room's code is shared by everyone walking in: joins with it have their own."""
        seconds = self.options.turn_seconds
        self.timers = None if seconds is None else TurnTimers(seconds)
        self.autopilot: set[int] = set()
        """Seats the turn timer's bot plays until their person acts again."""

    def _say(self, line: str) -> None:
        """What the tally tells (wrong codes, connections cut off): on the host's terminal, and
        to the person playing at the host, whose terminal shows their game instead (as their
        other news comes, a notice), so a guessing run is never told to nobody."""
        self.log(line)
        if self.local is not None:
            message = protocol.notice(line)
            for connection in self.connections.get(self.local, []):
                connection.push(message)

    # Who plays what -------------------------------------------------------------------------

    def seat_info(self) -> tuple[protocol.SeatInfo, ...]:
        def plays(seat: int) -> str:
            bot = self.session.seats[seat].bot_level
            if bot is not None and seat not in self.codes.seats:
                return bot
            if seat == self.local:
                return "local"
            return f"remote, {bot} bot for now" if bot is not None else "remote"

        return tuple(
            protocol.SeatInfo(seat.name, plays(i)) for i, seat in enumerate(self.session.seats)
        )

    def hand_to_bot(self, seat: int, level: str = AWAY_BOT) -> None:
        """A seat whose person stays away is played by a bot until they come back."""
        if seat in self.session.bots:
            return
        self._set_bot(seat, level)
        self.tell_all(f"{self.game.names[seat]} is away: a {level} bot plays their seat.")
        self.changed.set()

    def hand_back(self, seat: int) -> None:
        if seat in self.session.bots and seat in self.codes.seats:
            self._set_bot(seat, None)
            self.tell_all(f"{self.game.names[seat]} is back and plays their seat again.")

    def _set_bot(self, seat: int, level: str | None) -> None:
        from uno_tui.bots import make_bot

        seats = list(self.session.seats)
        seats[seat] = replace(seats[seat], bot_level=level)
        self.session.seats = tuple(seats)
        if level is None:
            self.session.bots.pop(seat, None)
        else:
            self.session.bots[seat] = make_bot(level)
        self.session.save()

    # Sending ------------------------------------------------------------------------------

    def tell_all(self, text: str) -> None:
        self.log(text)
        message = protocol.notice(text)
        for connections in self.connections.values():
            for connection in connections:
                connection.push(message)

    def update(self, connection: Connection, cache: dict[object, list[str]] | None = None) -> None:
        """Send ``connection`` the round's events it has not had and its current view.
        ``cache`` shares the messages between connections of one seat (the spectators)."""
        cache = {} if cache is None else cache
        seat = connection.seat
        round_start = self.game.round_log_start
        if connection.round_start != round_start:
            connection.round_start, connection.sent = round_start, 0
        events_key = ("events", seat, connection.sent)
        if events_key not in cache:
            events = self.game.round_events(seat)
            cache[events_key] = [
                *protocol.events_messages(round_start, connection.sent, events[connection.sent :]),
                str(len(events)),
            ]
        *messages, count = cache[events_key]
        for message in messages:
            connection.push(message)
        connection.sent = int(count)
        view_key = ("view", seat)
        if view_key not in cache:
            view = self.game.view(seat)  # None: the onlooker's, public facts only
            cache[view_key] = [protocol.view_message(len(self.game.actions), view)]
        connection.push(cache[view_key][0])

    def update_all(self) -> None:
        cache: dict[object, list[str]] = {}
        for connections in self.connections.values():
            for connection in connections:
                self.update(connection, cache)
        if self.session.is_over:
            self.finished.set()

    # The bots ------------------------------------------------------------------------------

    def waiting_for_uno_call(self) -> float:
        """Seconds the bots still hold off: a person's play left them one card, and they may
        call UNO before anyone else acts (as the local game asks them first)."""
        actions = self.game.actions
        if not actions or actions[-1].player in self.session.bots:
            return 0.0
        player = actions[-1].player
        if not any(
            d.kind is DecisionKind.CALL_UNO and d.player == player for d in self.game.decisions()
        ):
            return 0.0
        return max(0.0, self.person_played_at + self.options.uno_grace - time.monotonic())

    async def drive_bots(self) -> None:
        """Play the bots whenever the match waits for one; people's actions come meanwhile."""
        loop = asyncio.get_running_loop()
        await self.room_started.wait()
        while not self.session.is_over:
            await self.changed.wait()
            self.changed.clear()
            while not self.session.is_over:
                hold = max(self.waiting_for_uno_call(), self.session.catch_hold())
                if hold > 0:
                    loop.call_later(hold, self.changed.set)
                    break
                self.check_away()
                events = self.session.bot_react()
                if events is None:
                    turn = self.session.bot_turn()
                    if turn is None:
                        break
                    people = set(range(len(self.game.names))) - set(self.session.bots)
                    pause = self.pace.delay(self.game.log, people)
                    if pause > 0:  # the table as it stands is seen first; people act meanwhile
                        await asyncio.sleep(pause)
                        continue
                    action = await asyncio.to_thread(self.session.think, turn)
                    events = self.session.play_bot_turn(turn, action)
                    if events is None:
                        continue  # a person acted while the bot thought: it looks again
                self.update_all()
                await asyncio.sleep(0)  # let people's messages in between bot moves
        self.update_all()

    def check_away(self) -> None:
        """Hand to a bot a remote seat awaited for too long with nobody connected."""
        after = self.options.away_bot_after
        if after is None:
            return
        now = time.monotonic()
        for decision in self.game.decisions(out_of_turn=False):
            seat = decision.player
            if seat in self.session.bots or self.connections.get(seat):
                continue
            since = self.away_since.setdefault(seat, now)
            if now - since >= after:
                self.hand_to_bot(seat)

    async def watch_away(self) -> None:
        if self.options.away_bot_after is None:
            return
        await self.room_started.wait()
        while not self.session.is_over:
            await asyncio.sleep(min(1.0, self.options.away_bot_after / 4))
            before = len(self.session.bots)
            self.check_away()
            if len(self.session.bots) != before:
                self.changed.set()

    # Connections ---------------------------------------------------------------------------

    def address_for(self, ws: ServerConnection) -> str:
        """The address a connection is counted as: its peer's, or, for one of the SSH door's
        join processes (from the loopback, with the door's secret), its guest's."""
        address = address_of(ws.transport)
        claim = ws.request.headers.get(DOOR_HEADER) if ws.request is not None else None
        if self.door_secret is None or claim is None or not _loopback(address):
            return address
        secret, _, guest = claim.partition(" ")
        if not hmac.compare_digest(secret.encode(), self.door_secret.encode()):
            return address
        guest = "".join(c for c in guest[:60] if c in GUEST_ADDRESS_CHARACTERS)
        return f"{guest or 'a guest'} over SSH"

    async def handle(self, ws: ServerConnection) -> None:
        address = self.address_for(ws)
        key = object()
        self.waiting.admit(address, key, lambda: self._push_out(ws, address))
        try:
            seat = await self._greet(ws, address)
        finally:
            self.waiting.leave(address, key)
        if seat is not False:
            await self.play(ws, seat)

    def _push_out(self, ws: ServerConnection, address: str) -> None:
        self.tally.note(
            "A connection without a code pushed out by newer ones",
            "connections without a code pushed out by newer ones",
            address,
        )
        self._spawn(_refuse(ws, "too many connections are waiting to join; try again"))

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _greet(self, ws: ServerConnection, address: str) -> int | bool | None:
        """The seat a connection's hello opens (``None``: a spectator's); ``False`` once it
        has been refused. Whatever the client sends, this ends within the hello deadline,
        the wrong-code delay and ``REFUSE_SECONDS``."""
        try:
            async with asyncio.timeout(self.options.hello_timeout):
                raw = await ws.recv()
            greeting = protocol.parse_client(raw)
            if not isinstance(greeting, protocol.Hello):
                raise protocol.ProtocolError("the first message is a hello with a code")
        except (TimeoutError, ConnectionClosed):
            await _refuse(ws, "no hello in time")
            return False
        except protocol.ProtocolError as error:
            await _refuse(ws, str(error))
            return False
        if self.room is not None and self.room.opens(greeting.code):
            return await self._enter_room(ws, address, greeting.name)
        opens, seat = self.codes.seat_of(greeting.code)
        if not opens:
            self.tally.note("A wrong code", "wrong codes", address)
            await asyncio.sleep(self.options.wrong_code_delay)
            await _refuse(ws, "that code opens no seat at this table")
            return False
        if seat is None and len(self.connections.get(None, [])) >= self.options.max_spectators:
            self.tally.note("A spectator refused (all places taken)", "spectators refused", address)
            await _refuse(ws, "every spectator's place is taken; try later")
            return False
        by_code = self.spectator_joins.take() if seat is None else self.code_joins.take(seat)
        if not (by_code and self.address_joins.take(address)):
            self.tally.note("A join refused (too many too fast)", "joins refused", address)
            await _refuse(ws, "joined too often; try again in a few seconds")
            return False
        return seat

    async def _enter_room(self, ws: ServerConnection, address: str, name: str | None) -> int | bool:
        """The open seat a name takes with the room's code (``False`` once refused)."""
        assert self.room is not None
        if not (self.room_joins.take() and self.address_joins.take(address)):
            self.tally.note("A join refused (too many too fast)", "joins refused", address)
            await _refuse(ws, "joined too often; try again in a few seconds")
            return False
        try:
            seat = self.room.claim(name, self.game.names)
        except RoomRefusal as refusal:
            self.tally.note("A name refused by the room", "names refused by the room", address)
            await _refuse(ws, str(refusal))
            return False
        self.codes.seats[seat] = new_code()  # the seat's private token, this person's alone
        self._seat_room_names()
        return seat

    # The room --------------------------------------------------------------------------------

    @property
    def in_lobby(self) -> bool:
        return self.room is not None and not self.room.started

    def _rebuild(self, seats: list[Seat]) -> None:
        """The match not yet begun, seated anew (a name taken, a seat left, the start): the
        same rules and seed, its autosave and its codes kept up to date."""
        old = self.session
        session = Session(old.game.rules, seats, seed=old.game.seed, autosave=old.autosave)
        session.pace_catches()
        self.session, self.game = session, session.game
        session.save()
        if self.codes_path is not None:
            with contextlib.suppress(OSError):
                self.codes.save(self.codes_path, session.game.names)

    def _seat_room_names(self) -> None:
        assert self.room is not None
        names = self.room.names(self.game.names)
        seats = [replace(seat, name=names[i]) for i, seat in enumerate(self.session.seats)]
        self._rebuild(seats)

    def lobby_seats(self) -> tuple[protocol.LobbySeat, ...]:
        assert self.room is not None
        awaited = set(self.room.awaited)

        def plays(seat: int) -> str:
            if seat in awaited:
                return "open"
            if seat == self.local:
                return "local"
            return self.session.seats[seat].bot_level or "remote"

        return tuple(
            protocol.LobbySeat(name, plays(i), bool(self.connections.get(i)))
            for i, name in enumerate(self.game.names)
        )

    def tell_lobby(self) -> None:
        """Every connection the room as it stands, with its own seat's token."""
        if self.room is None:
            return
        seats = self.lobby_seats()
        for seat, connections in self.connections.items():
            token = None if seat is None else self.codes.seats.get(seat)
            message = protocol.lobby(seat, token, seats, self.room.bots)
            for connection in connections:
                connection.push(message)

    def start_room(self) -> str | None:
        """Start the room's match: the seats still open become bots. What is wrong, if the
        match cannot start (it has already)."""
        room = self.room
        if room is None or room.started:
            return "the match has already started"
        bots = room.bot_names(self.game.names)
        seats = list(self.session.seats)
        for seat, name in bots.items():
            seats[seat] = Seat(name, room.bots)
            self.codes.seats.pop(seat, None)
        room.started = True
        self._rebuild(seats)
        self.room_started.set()
        people = [n for i, n in enumerate(self.game.names) if i not in self.session.bots]
        told = f"The match begins: {', '.join(people)}"
        if bots:
            told += f", and {len(bots)} {room.bots} bot{'s' if len(bots) > 1 else ''} "
            told += f"({', '.join(bots.values())})"
        self.tell_all(f"{told}.")
        for at, connections in self.connections.items():
            for connection in connections:
                connection.push(
                    protocol.welcome(at, self.game.names, self.game.rules, self.seat_info())
                )
                self.update(connection)
                self.tell_timers(connection)
        self.changed.set()
        return None

    def greet(self, connection: Connection) -> None:
        """A connection's first messages: the room while it waits, else the table."""
        if self.in_lobby:
            self.tell_lobby()
            return
        seat = connection.seat
        connection.push(protocol.welcome(seat, self.game.names, self.game.rules, self.seat_info()))
        self.update(connection)
        self.tell_timers(connection)

    def tell_timers(self, connection: Connection) -> None:
        """A person coming to a timed table is told so, and how long their turn has left if
        its clock is running (issue 36: a seat joining mid-turn had no warning)."""
        timers, seat = self.timers, connection.seat
        if timers is None or seat is None:
            return
        text = (
            f"Turns are timed: {timers.seconds:g} seconds a move; a warning {WARN_AT:g} seconds "
            f"before the end, then a {self.options.turn_bot} bot moves for you."
        )
        began = timers.started.get(seat)
        if began is not None and began[0] == len(self.game.actions):
            left = max(1, math.ceil(timers.seconds - (timers.clock() - began[1])))
            text += f" Your turn's clock is running: {left} seconds left."
        connection.push(protocol.notice(text))

    def left_lobby(self, connection: Connection) -> None:
        """A person who said goodbye in the room gives their seat back (a dropped one
        keeps it: they come back with its token)."""
        seat, room = connection.seat, self.room
        if room is None or room.started or seat is None or seat not in room.taken:
            return
        if not connection.left or self.connections.get(seat):
            return
        room.release(seat)
        self.codes.seats[seat] = new_code()
        self.tell_all(f"{self.game.names[seat]} left the room.")
        self._seat_room_names()
        self.tell_lobby()

    async def play(self, ws: ServerConnection, seat: int | None) -> None:
        connection = Connection(ws, seat)
        pump = asyncio.create_task(connection.pump())
        who = "a spectator" if seat is None else self.game.names[seat]
        if seat is not None:
            taken = self.connections.pop(seat, [])
            for old in taken:
                old.push(protocol.bye("your seat was joined from another connection"))
                old.close()
            self.away_since.pop(seat, None)
            was_away = seat in self.session.bots
            self.hand_back(seat)
            quiet = self.leaving.pop(seat, None)
            if quiet is not None:
                quiet.cancel()  # a quick rejoin: its leave was never told
            if taken:
                connection.push(protocol.notice("You took your seat over from another connection."))
                self.log(f"{who} joined from another connection, which was closed.")
            elif quiet is None and not was_away:
                self.tell_all(f"{who} joined.")
        self.connections.setdefault(seat, []).append(connection)
        if seat is None:
            self._tell_spectators_soon()
        self.greet(connection)
        self.changed.set()
        try:
            await self.listen(connection)
        except ConnectionClosed:
            pass
        finally:
            connections = self.connections.get(seat, [])
            if connection in connections:
                connections.remove(connection)
                if seat is None:
                    self._tell_spectators_soon()
                elif self.in_lobby:
                    self.left_lobby(connection)
                    self.tell_lobby()
                elif not self.session.is_over and not connections:
                    self._tell_leave_soon(seat)
            connection.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, 5)
            pump.cancel()

    def _tell_leave_soon(self, seat: int) -> None:
        def tell() -> None:
            self.leaving.pop(seat, None)
            if not self.connections.get(seat) and not self.session.is_over:
                self.tell_all(f"{self.game.names[seat]} left; their seat waits for them.")

        if seat not in self.leaving:
            loop = asyncio.get_running_loop()
            self.leaving[seat] = loop.call_later(self.options.news_grace, tell)

    def _tell_spectators_soon(self) -> None:
        """Spectators come and go in one line: how many watch, once the count settles."""

        def tell() -> None:
            self.spectators_due = False
            count = len(self.connections.get(None, []))
            if count != self.spectators_told:
                self.spectators_told = count
                self.log(f"{count} spectator{'s' if count != 1 else ''} watching.")

        if not self.spectators_due:
            self.spectators_due = True
            asyncio.get_running_loop().call_later(self.options.news_grace, tell)

    async def listen(self, connection: Connection) -> None:
        bucket = TokenBucket(self.options.rate, self.options.burst)
        refused = 0
        async for raw in connection.ws:
            if not bucket.take():
                refused += 1
                connection.push(protocol.error(protocol.SLOW_DOWN))
                if refused > self.options.burst:
                    connection.push(protocol.bye("too many messages"))
                    connection.close()
                    return
                continue
            try:
                message = protocol.parse_client(raw)
            except protocol.ProtocolError as error:
                connection.push(protocol.error(str(error)))
                continue
            if isinstance(message, protocol.Bye):
                connection.left = True
                return
            if isinstance(message, protocol.Hello):
                connection.push(protocol.error("already joined"))
                continue
            if isinstance(message, protocol.Say):
                self.say_from(connection, message.text)
                continue
            if isinstance(message, protocol.Start):
                if connection.seat is None or connection.seat != self.local:
                    connection.push(protocol.error("only the host starts the match"))
                else:
                    why = self.start_room()
                    if why is not None:
                        connection.push(protocol.error(why))
                continue
            self.act(connection, message.action)

    # Chat ------------------------------------------------------------------------------------

    def say_from(self, connection: Connection, raw: str) -> None:
        """A chat message from a seat (or a spectator, when allowed), checked and paced."""
        seat = connection.seat
        if seat is None and not self.options.spectators_chat:
            connection.push(
                protocol.error("spectators read the chat; the host has not let them write")
            )
            return
        if not self.chat_buckets.take(seat if seat is not None else ("spectator", id(connection))):
            connection.push(protocol.error("too many messages: wait a moment before the next"))
            return
        try:
            text = check_text(raw)
        except ChatRefused as refusal:
            connection.push(protocol.error(str(refusal)))
            return
        if seat is not None:
            self.back_from_autopilot(seat)
        self.chat(seat, "Spectator" if seat is None else self.game.names[seat], text)

    def chat(self, seat: int | None, name: str, text: str) -> None:
        """Say ``text`` to every seat and spectator, and keep it with the match."""
        line = ChatLine(len(self.game.actions), seat, name, text)
        self.chat_lines = [*self.chat_lines[-(CHAT_KEPT - 1) :], line]
        message = protocol.chat(seat, name, text)
        for connections in self.connections.values():
            for connection in connections:
                connection.push(message)
        self.log(protocol.clean_text(line.words()))
        if self.chat_file is not None:
            save_chat_lines(self.chat_file, self.chat_lines)

    # Turn timers -------------------------------------------------------------------------------

    def back_from_autopilot(self, seat: int) -> None:
        """A person whose seat the timer's bot played acts again: the seat is theirs."""
        if seat in self.autopilot:
            self.autopilot.discard(seat)
            if self.timers is not None:
                self.timers.acted(seat)
            self.hand_back(seat)

    async def watch_turns(self) -> None:
        if self.timers is None:
            return
        await self.room_started.wait()
        while not self.session.is_over:
            await asyncio.sleep(TURN_POLL)
            await self.check_turns()

    async def check_turns(self) -> None:
        """Warn the people whose time runs short; move for those whose time is up."""
        timers = self.timers
        if timers is None or self.session.is_over:
            return
        people = {
            d.player
            for d in self.game.decisions(out_of_turn=False)
            if d.player not in self.session.bots
        }
        level = self.options.turn_bot
        warn, expired = timers.due(people, len(self.game.actions))
        for seat, left in warn:
            self.tell_seat(seat, f"{left} seconds left to move; then a {level} bot moves for you.")
        for seat in expired:
            await self.time_out(seat)

    def tell_seat(self, seat: int, text: str) -> None:
        message = protocol.notice(text)
        for connection in self.connections.get(seat, []):
            connection.push(message)

    async def time_out(self, seat: int) -> None:
        """A bot of the host's level makes the move ``seat``'s person did not make in time;
        the second time in a row, it keeps the seat until they act."""
        from uno_tui.bots import make_bot

        level, name = self.options.turn_bot, self.game.names[seat]
        moment = len(self.game.actions)
        bot = make_bot(level)
        rng = random.Random(f"{self.game.seed}:{moment}:{seat}")
        action = await asyncio.to_thread(bot.choose, self.game.view(seat), rng)
        if len(self.game.actions) != moment or seat in self.session.bots:
            return  # the person moved meanwhile
        try:
            self.session.apply(action)
            for call in self.game.decisions():
                if call.kind is DecisionKind.CALL_UNO and call.player == seat:
                    answer = bot.react(self.game.view(seat), rng)
                    if answer is not None and answer in call.actions:
                        self.session.apply(answer)
                    break
        except UnoError:
            return
        assert self.timers is not None
        if self.timers.timed_out(seat):
            self.autopilot.add(seat)
            self._set_bot(seat, level)
            self.tell_all(
                f"{name}'s time ran out twice in a row: a {level} bot plays for them until "
                "they act again."
            )
        else:
            self.tell_all(f"{name}'s time ran out: a {level} bot made that move for them.")
        self.update_all()
        self.changed.set()

    def act(self, connection: Connection, action: Action) -> None:
        seat = connection.seat
        if seat is None:
            connection.push(protocol.error("spectators watch; they do not play", action))
            return
        if self.in_lobby:
            connection.push(protocol.error("the match has not started yet", action))
            return
        if action.player != seat:
            connection.push(protocol.error("that is another seat's action", action))
            return
        self.back_from_autopilot(seat)
        if seat in self.session.bots:
            connection.push(protocol.error("a bot plays your seat for now", action))
            return
        try:
            self.session.apply(action)
        except UnoError as error:
            connection.push(protocol.error(str(error), action))
            return
        self.person_played_at = time.monotonic()
        if self.timers is not None:
            self.timers.acted(seat)
        self.update_all()
        self.changed.set()

    # Running -------------------------------------------------------------------------------

    async def run(self, started: Callable[[], None] | None = None) -> int:
        """Serve until the match ends (or the task is cancelled)."""
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self._loop_error)

        class HostConnection(GuardedConnection):
            pass

        HostConnection.tally, HostConnection.pending = self.tally, self.pending
        HostConnection.tls, HostConnection.tls_timeout = (
            self.options.tls,
            self.options.hello_timeout,
        )
        HostConnection.tls_tasks = set()
        async with serve(
            self.handle,
            self.options.bind,
            self.options.port,
            create_connection=HostConnection,
            logger=_quiet_logger(self.tally),
            max_size=2 * protocol.MAX_MESSAGE_BYTES,
            max_queue=4,
            write_limit=2**15,
            ping_interval=10,
            ping_timeout=20,
            close_timeout=2,
        ) as server:
            self.server = server
            if started is not None:
                started()
            bots = asyncio.create_task(self.drive_bots())
            away = asyncio.create_task(self.watch_away())
            turns = asyncio.create_task(self.watch_turns())
            flush = asyncio.create_task(self.tally.keep_flushing())
            self.changed.set()
            try:
                await self.finished.wait()
                await asyncio.sleep(0.2)  # the last views on their way
                for connections in self.connections.values():
                    for connection in connections:
                        connection.push(protocol.bye("the match is over"))
                        connection.close()
                await asyncio.sleep(0.5)
            finally:
                bots.cancel()
                away.cancel()
                turns.cancel()
                flush.cancel()
                for handshake in list(HostConnection.tls_tasks):
                    handshake.cancel()
                self.write_record()
                for connections in self.connections.values():
                    for connection in connections:
                        connection.close()
        return 0

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """What asyncio would print with a traceback (an ``accept`` out of descriptors, a
        callback that failed): one short line, counted when it repeats."""
        text = str(context.get("message") or "an error")
        error = context.get("exception")
        if error is not None:
            text += f" ({type(error).__name__})"
        self.tally.note(text[:100], f"times: {text[:100]}", "this host")

    def write_record(self) -> None:
        if self.record is None:
            return
        try:
            write_atomic(self.record, self.game.record().to_json() + "\n")
        except OSError as error:
            self.log(f"The match record could not be written to {self.record}: {error}")
        if self.chat_lines:
            save_chat_lines(chat_path(self.record), self.chat_lines)

    @property
    def port(self) -> int:
        """The port listened on (the one asked for, or the one given for port 0)."""
        assert self.server is not None
        sockets = list(self.server.sockets)
        port: int = sockets[0].getsockname()[1]
        return port


async def _refuse(ws: ServerConnection, text: str) -> None:
    """Tell ``ws`` why and close it; cut off if that takes over ``REFUSE_SECONDS`` (a client
    that reads nothing)."""
    try:
        async with asyncio.timeout(REFUSE_SECONDS):
            with contextlib.suppress(ConnectionClosed):
                await ws.send(protocol.error(text))
                await ws.send(protocol.bye(text))
            await ws.close()
    except TimeoutError:
        ws.transport.abort()


def _quiet_logger(tally: Tally) -> logging.Logger:
    """The ``websockets`` server's logger: what it would log with a traceback (a handshake
    that failed, a handler that raised) comes out as one short counted line."""
    logger = logging.Logger("uno_tui.net.host", logging.ERROR)  # its own: none is shared
    logger.propagate = False

    class Short(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            text = record.getMessage().splitlines()[0][:100] if record.getMessage() else "error"
            tally.note(f"WebSocket: {text}", f"times: WebSocket: {text}", "a client")

    logger.addHandler(Short())
    return logger


class SaveWarning:
    """How a hosted match's failing autosave is told: the first failure in full, then at most
    one line a window with how many more there were (a disk that fails on and off, or writes
    that find no descriptor, would otherwise give a line a move)."""

    def __init__(self, window: float = TALLY_WINDOW) -> None:
        self.window = window
        self.told_at: float | None = None
        self.more = 0

    def __call__(self, message: str) -> None:
        now = time.monotonic()
        if self.told_at is not None and now - self.told_at < self.window:
            self.more += 1
            return
        if self.told_at is None:
            _say_on_stderr(message)
        else:
            _say_on_stderr(f"{message} ({self.more} more failed saves since the last told)")
        self.told_at, self.more = now, 0


def _say_on_stderr(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        print(f"uno-tui: {message}", file=sys.stderr, flush=True)


# Starting a hosted match ----------------------------------------------------------------------


def open_hosted(
    session: Session,
    remote: list[int],
    *,
    spectators: bool,
    local: int | None = None,
    directory: Path | None = None,
    room: Room | None = None,
) -> Codes:
    """Attach the hosted match's autosave to ``session`` and draw and keep its codes.
    ``ValueError`` if another uno-tui host is running from the same data directory."""
    save_path, codes_path = hosted_paths(directory)
    if not hold_save_lock(save_path):
        raise ValueError(f"another uno-tui host is running with its match in {save_path.parent}")
    session.autosave = Autosave(save_path, warn=SaveWarning())
    codes = Codes.new(remote, spectators=spectators, local=local)
    codes.room = room
    codes.save(codes_path, session.game.names)
    session.save()
    return codes


def resume_hosted(directory: Path | None = None) -> tuple[Session, Codes]:
    """The hosted match saved in the data directory, with its codes (``ValueError``, one line,
    if there is none or it cannot be resumed)."""
    from uno_tui.store.saves import SaveError, load_session

    save_path, codes_path = hosted_paths(directory)
    if not hold_save_lock(save_path):
        raise ValueError(f"another uno-tui host is running with its match in {save_path.parent}")
    autosave = Autosave(save_path, warn=SaveWarning())
    try:
        session = load_session(save_path, autosave)
    except FileNotFoundError:
        raise ValueError(f"there is no hosted match to resume (looked for {save_path})") from None
    except SaveError as error:
        raise ValueError(f"the hosted match cannot be resumed: {error}") from None
    return session, Codes.load(codes_path, session.game.names)


def remember_address(codes: Codes, names: tuple[str, ...], bind: str, port: int) -> None:
    """Keep where the host listens with the hosted match's codes (``resume`` listens there)."""
    codes.bind, codes.port = bind, port
    codes.save(hosted_paths()[1], names)


def join_lines(codes: Codes, names: tuple[str, ...], address: str, tail: str = "") -> list[str]:
    """One ``uno-tui join`` line a seat (and the spectators'), after the room's for everyone
    while it waits for its start; ``tail``: what every line ends with (``--fingerprint ...``
    or ``--insecure``)."""
    tail = f" {tail}" if tail else ""
    lines = []
    if codes.room is not None and not codes.room.started:
        room = codes.room.code
        lines.append(f"Everyone: uno-tui join {address} --code {room} --name YOUR-NAME{tail}")
    lines += [
        f"{names[seat]}: uno-tui join {address} --code {code}{tail}"
        for seat, code in sorted(codes.seats.items())
    ]
    if codes.spectators is not None:
        lines.append(f"Spectators: uno-tui join {address} --code {codes.spectators}{tail}")
    return lines


def describe_address(bind: str, port: int) -> str:
    """The address to give the players: the one bound, or this machine's on the network when
    bound to every address (``THIS-MACHINE`` if it cannot be told)."""
    host = bind
    if bind in ("0.0.0.0", "::", ""):
        try:
            host = socket.gethostbyname(socket.gethostname())
        except OSError:
            host = "THIS-MACHINE"
        if host.startswith("127."):
            host = "THIS-MACHINE"
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
