"""Admission: who may come in at the WebSocket door, and what each costs the host while it
waits. Token buckets (joins, messages), pools (handshakes under way, connections with no
code yet: a newcomer pushes the oldest of the fullest address out), the tally that tells
repeated refusals in one line, the descriptor budget, and ``GuardedConnection``, which caps
what the host holds for one connection and does the TLS handshake inside the pool.

``GuardedConnection`` overrides ``websockets``' ``ServerConnection`` internals
(``connection_made``, ``data_received``, ``eof_received``, ``connection_lost``,
``send_data``, ``handshake``): ``pyproject.toml`` bounds the ``websockets`` version to the
majors these were checked against.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import logging
import ssl
import time
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, ClassVar

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from . import protocol, wire
from .constants import DOOR_HEADER
from .options import ROOM_JOIN_BURST, ROOM_JOIN_RATE, TALLY_WINDOW, HostOptions

if TYPE_CHECKING:
    from .host import Host

BUFFER_CAP = 1 << 20
"""Bytes the host holds for one connection (its queue and its socket's send buffer): past
this the connection is dropped at once. A client that reads keeps it near zero."""
REFUSE_SECONDS = 2.0
"""How long a refusal may take to leave; a client that does not read it is cut off."""
GUEST_ADDRESS_CHARACTERS = frozenset("0123456789abcdefABCDEF.:%")


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
    at the first and then one line a window with how many there were, counted in all, from
    however many addresses: a flood of them costs the host's terminal two lines a minute."""

    ADDRESSES_KEPT = 1000
    """Addresses remembered per happening to say how many there were (past this: "over")."""

    def __init__(self, log: Callable[[str], None], window: float = TALLY_WINDOW) -> None:
        self.log, self.window = log, window
        self.counts: dict[str, tuple[float, list[int], set[str]]] = {}
        """What happened to when its window began, how many since, and from where."""

    def note(self, one: str, many: str, where: str) -> None:
        """``one``: "A wrong code" (the first); ``many``: "wrong codes" (the count's)."""
        now = time.monotonic()
        if many not in self.counts:
            self.counts[many] = (now, [0], {where})
            self.log(f"{one} from {where}.")
            return
        _, count, places = self.counts[many]
        count[0] += 1
        if len(places) < self.ADDRESSES_KEPT:
            places.add(where)
        self.flush(now)

    def flush(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        for many, (began, count, places) in list(self.counts.items()):
            if now - began >= self.window:
                del self.counts[many]
                if count[0]:
                    span = "minute" if self.window == 60 else f"{self.window:g} seconds"
                    if len(places) == 1:
                        where = next(iter(places))
                    else:
                        over = "over " if len(places) >= self.ADDRESSES_KEPT else ""
                        where = f"{over}{len(places)} addresses"
                    self.log(f"{count[0]} more {many} from {where} in the last {span}.")

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


def pending_room(connections: int) -> int:
    """How many handshakes may wait at once so that the ``connections`` the host keeps (those
    waiting for a code and the spectators), and its own files, still find a descriptor: at
    least 8."""
    kept = DESCRIPTORS_KEPT + connections + 16
    return max(8, (descriptor_limit() - kept) // 2)


def loopback(address: str) -> bool:
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


async def refuse(ws: ServerConnection, text: str) -> None:
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


def quiet_logger(tally: Tally) -> logging.Logger:
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


def door_address(ws: ServerConnection, door_secret: str | None) -> str:
    """The address a connection is counted as: its peer's, or, for one of the SSH door's
    join processes (from the loopback, with the door's secret), its guest's."""
    address = address_of(ws.transport)
    claim = ws.request.headers.get(DOOR_HEADER) if ws.request is not None else None
    if door_secret is None or claim is None or not loopback(address):
        return address
    secret, _, guest = claim.partition(" ")
    if not hmac.compare_digest(secret.encode(), door_secret.encode()):
        return address
    guest = "".join(c for c in guest[:60] if c in GUEST_ADDRESS_CHARACTERS)
    return f"{guest or 'a guest'} over SSH"


class Door:
    """The WebSocket door of ``host``: the pools a connection waits in, the limits on joins,
    the tally of what was refused, and a connection's hello, checked."""

    def __init__(self, host: Host, options: HostOptions) -> None:
        self.host = host
        self.options = options
        self.tally = Tally(host.say, options.tally_window)  # host.log may be set later
        pending = min(
            options.max_pending, pending_room(options.max_connections + options.max_spectators)
        )
        self.pending = Pool(pending, min(pending, options.max_pending_per_address))
        """Connections in their WebSocket handshake, fewer when descriptors are few."""
        self.waiting = Pool(options.max_connections, options.max_per_address)
        """Connections that have not shown a valid code yet."""
        self.secret: str | None = None
        """Set by the SSH door: the secret its join processes show (``DOOR_HEADER``)."""
        self.code_joins = Buckets(options.join_rate, options.join_burst)
        self.spectator_joins = TokenBucket(options.address_join_rate, options.max_spectators)
        """The spectators' code is shared: joins with it have a bucket of their own."""
        self.address_joins = Buckets(options.address_join_rate, options.address_join_burst)
        self.room_joins = TokenBucket(ROOM_JOIN_RATE, ROOM_JOIN_BURST)
        """The room's code is shared by everyone walking in: joins with it have their own ..."""
        self.room_address_joins = Buckets(ROOM_JOIN_RATE / 4, ROOM_JOIN_BURST / 4)
        """... and one address takes at most a quarter of it, charged first."""
        self.tasks: set[asyncio.Future[None]] = set()
        self.code_locks: dict[str, asyncio.Lock] = {}
        self.code_users: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def codes_from(self, address: str) -> AsyncIterator[None]:
        """One code at a time from ``address`` (whichever door it came by), each wrong one
        answered after the host's delay: however many connections an address holds, its
        codes are tried one a delay."""
        lock = self.code_locks.setdefault(address, asyncio.Lock())
        self.code_users[address] = self.code_users.get(address, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self.code_users[address] -= 1
            if not self.code_users[address]:
                del self.code_users[address], self.code_locks[address]

    async def admit(self, ws: ServerConnection) -> tuple[str, int | bool | None]:
        """Where ``ws`` comes from, and the seat its hello opens (``None``: a spectator's;
        ``False`` once refused)."""
        address = door_address(ws, self.secret)
        key = object()
        self.waiting.admit(address, key, lambda: self._push_out(ws, address))
        try:
            return address, await self._greet(ws, address)
        finally:
            self.waiting.leave(address, key)

    def _push_out(self, ws: ServerConnection, address: str) -> None:
        self.tally.note(
            "A connection without a code pushed out by newer ones",
            "connections without a code pushed out by newer ones",
            address,
        )
        self.spawn(refuse(ws, "too many connections are waiting to join; try again"))

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _greet(self, ws: ServerConnection, address: str) -> int | bool | None:
        """Whatever the client sends, this ends within the hello deadline, the wrong-code
        delay and ``REFUSE_SECONDS``."""
        options, host = self.options, self.host
        try:
            async with asyncio.timeout(options.hello_timeout):
                raw = await ws.recv()
            greeting = protocol.parse_client(raw)
            if not isinstance(greeting, protocol.Hello):
                raise wire.ProtocolError("the first message is a hello with a code")
        except (TimeoutError, ConnectionClosed):
            await refuse(ws, "no hello in time")
            return False
        except wire.ProtocolError as error:
            await refuse(ws, str(error))
            return False
        async with self.codes_from(address):  # one code at a time from an address
            if ws.transport.is_closing():  # pushed out while it waited its turn: untried
                return False
            in_room = host.room is not None and host.room.opens(greeting.code)
            opens, seat = (True, None) if in_room else host.codes.seat_of(greeting.code)
            if not opens:
                self.tally.note("A wrong code", "wrong codes", address)
                await asyncio.sleep(options.wrong_code_delay)
        if in_room:
            return await host.lobby.enter(ws, address, greeting.name)
        if not opens:
            await refuse(ws, "that code opens no seat at this table")
            return False
        if seat is None and len(host.connections.get(None, [])) >= options.max_spectators:
            self.tally.note("A spectator refused (all places taken)", "spectators refused", address)
            await refuse(ws, "every spectator's place is taken; try later")
            return False
        by_code = self.spectator_joins.take() if seat is None else self.code_joins.take(seat)
        if not (by_code and self.address_joins.take(address)):
            self.tally.note("A join refused (too many too fast)", "joins refused", address)
            await refuse(ws, "joined too often; try again in a few seconds")
            return False
        return seat
