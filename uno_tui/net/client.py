"""The client side of a hosted match: ``HostConnection`` keeps what the host sent its seat
(the latest view with its decisions, the round's events) and sends actions, reconnecting with
the same code when the connection drops.

It runs as a task on the front end's own event loop (the app's, the line mode's, the host's
own seat's): no thread, no second loop. Whoever waits for the host awaits ``changed()``, which
every message (and every change of the connection's state) wakes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import ssl
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, TextIO

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage, InvalidURI

from uno_tui.engine import Action, Phase, PublicView
from uno_tui.engine.events import Event

from . import protocol, tls, wire
from .constants import DEFAULT_PORT, DOOR_HEADER, ENV_DOOR
from .room import keep_seat

MIN_SEND_INTERVAL = 1 / 20
"""A client sends at most 20 actions a second, under the host's limit (a person never
notices; a script answering at machine speed is paced)."""
FIRST_ANSWER = 15.0
"""Seconds a joining client waits for the host's first answer before it says why not."""
ENV_JOIN_CODE = "UNO_TUI_JOIN_CODE"
"""The seat's code when ``--code`` is not given (the SSH door passes it so: ``ps`` shows a
process's arguments to everyone on the machine, its environment to its user alone)."""
ENV_JOIN_NAME = "UNO_TUI_JOIN_NAME"
"""The name to take a room's open seat under when ``--name`` is not given (the SSH door)."""
RETRY_SECONDS = (0.5, 1.0, 2.0, 3.0, 5.0)
"""Waits between reconnection attempts; the last repeats."""


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def connect_error_words(error: BaseException, url: str) -> str:
    """Why a connection failed, as a person can act on it."""
    where = url.partition("://")[2] or url
    if isinstance(error, ConnectionRefusedError):
        return f"nothing listens at {where} (is the host running there, on that port?)"
    if isinstance(error, TimeoutError):
        return f"{where} does not answer (is the address right, and the host reachable?)"
    if isinstance(error, socket.gaierror):
        return f"{where.rpartition(':')[0] or where} is not a name this machine knows"
    if isinstance(error, InvalidHandshake):
        return f"{where} is not an uno-tui host (it answered, but not as one)"
    if isinstance(error, ConnectionClosed):
        return f"{where} closed the connection before welcoming this seat"
    if isinstance(error, OSError) and error.strerror:
        return f"cannot reach {where}: {error.strerror.lower()}"
    return f"cannot reach {where}"


class JoinError(Exception):
    """The host cannot be joined (refused the code, speaks another protocol, bad address)."""


def address_url(address: str, *, secure: bool = True) -> str:
    """``HOST[:PORT]`` (or a ``wss://`` URL) as the URL to connect to: ``wss://`` unless
    ``secure`` is False (``--insecure``, which alone allows a ``ws://`` URL)."""
    scheme = "wss" if secure else "ws"
    if address.startswith(("ws://", "wss://")):
        given = address.partition(":")[0]
        if given != scheme:
            raise JoinError(
                f"{address!r} is not encrypted: add --insecure (the host was started with it "
                "too) to join it as it is"
                if secure
                else f"{address!r} is encrypted: leave out --insecure and give --fingerprint"
            )
        return address
    host, port = address, DEFAULT_PORT
    if address.startswith("["):  # [IPv6]:port
        host, _, rest = address[1:].partition("]")
        if rest.startswith(":"):
            port = _port(rest[1:], address)
        host = f"[{host}]"
    elif address.count(":") == 1:
        host, _, raw_port = address.partition(":")
        port = _port(raw_port, address)
    if not host or any(c in host for c in "/?#@ "):
        raise JoinError(f"{address!r} is not HOST or HOST:PORT")
    return f"{scheme}://{host}:{port}"


def _port(text: str, address: str) -> int:
    if not text.isdecimal() or not 0 < int(text) < 65536:
        raise JoinError(f"{address!r}: the port is a number from 1 to 65535")
    return int(text)


@dataclass
class Pin:
    """The fingerprint a joining client expects of the host's certificate (``None``: not
    given), and what the last TLS handshake showed."""

    expected: str | None
    seen: str | None = None
    refused: bool = False


class PinnedConnection(ClientConnection):
    """A ``ClientConnection`` that checks the host's certificate against ``pin`` as soon as
    the TLS handshake ends, before the WebSocket handshake: a certificate that is not the
    pinned one is cut off with nothing sent over it (not even the HTTP upgrade)."""

    pin: Pin

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        ssl_object = transport.get_extra_info("ssl_object")
        der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
        self.pin.seen = tls.short_fingerprint(der) if der else None
        if der is None or self.pin.expected is None or not tls.matches(der, self.pin.expected):
            self.pin.refused = True
            self.transport.abort()


def pin_refusal(pin: Pin) -> str:
    """Why a pinned connection was cut off, in one sentence for the person joining."""
    if pin.seen is None:
        return "the host showed no certificate; nothing was sent"
    if pin.expected is None:
        return (
            f"the host's certificate has the fingerprint {pin.seen}, and no --fingerprint was "
            "given to check it against; if the host printed that same fingerprint, join again "
            f"with --fingerprint {pin.seen}"
        )
    return (
        f"the host's certificate is not the one the fingerprint names (given "
        f"{pin.expected.upper()}, shown {pin.seen}): someone may be between you and the host, "
        "or it made a new certificate; nothing was sent, ask the host for its fingerprint"
    )


@dataclass
class TableState:
    """What the host has told this client so far."""

    welcome: protocol.Welcome | None = None
    view: PublicView | None = None
    moves: int = -1
    round_start: int = -1
    events: list[Event] = field(default_factory=list)
    told: int = 0
    """How many of ``events`` the front end has taken."""
    lines: list[str] = field(default_factory=list)
    """Notices, errors and the connection's status, for the front end to say."""
    refusal: protocol.Refusal | None = None
    version: int = 0
    """Goes up with every message, so a waiting front end knows something came."""
    closed: str | None = None
    """Why the table is closed for good (the match ended, the code was refused)."""
    round_end: PublicView | None = None
    """The last view that showed a round's (or the match's) end, with that round's events,
    kept for a front end that looks later (the host may already have dealt again)."""
    lobby: protocol.Lobby | None = None
    """The room as the host last told it, while its match has not started."""
    chat: list[tuple[int, int, str]] = field(default_factory=list)
    """What was said at the table, each with the round (``round_start``) and how many of its
    events had come when it was said: a front end shows it among them."""


def lobby_changed(told: protocol.Lobby | None, state: TableState) -> bool:
    """The room's match started, or the room is not as ``told`` (``HostConnection.until``)."""
    return state.welcome is not None or state.lobby is not told


class HostConnection:
    """This seat's connection to a host: ``start()`` on the running loop, then read ``state``
    (or the helpers) and ``send`` actions; ``await changed()`` for the host's next word."""

    def __init__(
        self,
        address: str,
        code: str,
        *,
        name: str | None = None,
        fingerprint: str | None = None,
        insecure: bool = False,
        retry: tuple[float, ...] = RETRY_SECONDS,
        keep: bool = True,
    ):
        """``name``: the name to take an open seat under, with a room's code.
        ``fingerprint``: the host's certificate's, as the host printed it (checked before
        anything is sent); ``insecure``: plain ``ws://``, no TLS (the host said so too).
        ``keep``: the seat's token is kept in the data directory (``room.keep_seat``), with
        the fingerprint, for a later ``uno-tui join HOST``."""
        self.url = address_url(address, secure=not insecure)
        if fingerprint is not None:
            try:
                tls.normal_fingerprint(fingerprint)
            except ValueError as error:
                raise JoinError(str(error)) from None
        self.pin = Pin(fingerprint)
        self.code = code
        self.name = name
        self.keep = keep
        self.retry = retry
        self.state = TableState()
        self.ws: ClientConnection | None = None
        self.task: asyncio.Task[None] | None = None
        self.sending: set[asyncio.Task[None]] = set()
        self.send_order = asyncio.Lock()
        """Messages leave in the order they were sent, each after the last."""
        self.stirred = asyncio.Event()
        """Set (and replaced) at every change: ``changed()`` waits on it."""
        self.status = "connecting"
        self.last_send = 0.0
        self.stopping = False
        self.transcript: TextIO | None = None
        """Where to write every message received, one a line (``join --record-messages``)."""
        self.tries = 0
        """Attempts to reconnect since the connection was lost (0 while connected)."""
        self.last_error = ""
        """Why the last attempt to connect failed, in words (for a join that never got in)."""

    # The connection, a task on the running loop ----------------------------------------------

    def start(self) -> None:
        """Connect (and reconnect) in a task of the running loop."""
        self.task = asyncio.get_running_loop().create_task(
            self._connect_loop(), name="uno-tui-connection"
        )

    async def _connect_loop(self) -> None:
        try:
            await self._connect_until_stopped()
        finally:
            self.stopping = True
            self._stir()

    async def _connect_until_stopped(self) -> None:
        attempt = 0
        secure = self.url.startswith("wss://")
        pin = self.pin

        class Connection(PinnedConnection):
            pass

        Connection.pin = pin
        options: dict[str, Any] = (
            {"ssl": tls.pinning_context(), "create_connection": Connection} if secure else {}
        )
        door = os.environ.get(ENV_DOOR)
        if door:  # a join process of the SSH door: the host counts its guest's address
            options["additional_headers"] = {DOOR_HEADER: door}
        while not self.stopping:
            pin.refused, pin.seen = False, None
            try:
                async with connect(
                    self.url, max_size=2 * protocol.MAX_MESSAGE_BYTES, open_timeout=5, **options
                ) as ws:
                    await ws.send(self.hello())
                    async for raw in ws:
                        if self._receive(raw):
                            self.ws, attempt, self.tries = ws, 0, 0
                    self.ws = None
            except ssl.SSLError as error:
                self.ws = None
                if self.state.welcome is None:
                    self._close(_tls_failure(error))
            except (ConnectionResetError, ConnectionAbortedError) as error:
                # Cut off in the TLS handshake (no certificate seen): a plain host reads the
                # handshake as a bad HTTP request and hangs up.
                self.ws = None
                self.last_error = connect_error_words(error, self.url)
                if pin.refused:
                    self._close(pin_refusal(pin))
                elif secure and pin.seen is None and self.state.welcome is None:
                    self._close(_tls_failure(None))
            except InvalidMessage as error:
                self.ws = None
                self.last_error = connect_error_words(error, self.url)
                if pin.refused:
                    self._close(pin_refusal(pin))
                elif not secure and self.state.welcome is None:
                    self._close(
                        "the host did not answer as a plain WebSocket: it is probably "
                        "encrypted; leave out --insecure and give the host's --fingerprint"
                    )
            except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as error:
                self.ws = None
                self.last_error = connect_error_words(error, self.url)
                if pin.refused:
                    self._close(pin_refusal(pin))
            except InvalidURI as error:
                self._close(f"the address is not valid: {error}")
            if self.stopping or self.state.closed is not None:
                break
            self.tries = attempt + 1
            if self.status != "reconnecting":
                self._say("Connection lost: reconnecting...", status="reconnecting")
            else:
                self._stir()  # the try count changed
            await asyncio.sleep(self.retry[min(attempt, len(self.retry) - 1)])
            attempt += 1

    def _receive(self, raw: str | bytes) -> bool:
        """Take one message in; True once the host has welcomed this client."""
        if self.transcript is not None:
            text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
            with contextlib.suppress(OSError, ValueError):
                self.transcript.write(text.replace("\n", " ") + "\n")
                self.transcript.flush()
        try:
            message = protocol.parse_host(raw)
            self._check(message)
        except wire.ProtocolError as error:
            self._say(f"The host sent something unreadable ({error}).")
            return False
        state = self.state
        if isinstance(message, protocol.Welcome | protocol.Lobby):
            if self.status == "reconnecting":
                state.lines.append("Reconnected.")
            self.status = "connected"
        if isinstance(message, protocol.Welcome):
            state.welcome = message
            if message.seat is not None:
                self._keep(self.code, message.names[message.seat])
        elif isinstance(message, protocol.Lobby):
            state.lobby = message
            if message.token is not None and message.seat is not None:
                # the seat is this person's: every reconnection says its token
                if message.token != self.code:  # told once: a guest of the SSH door, whose
                    # kept seat goes with its session, comes back with it, as anyone may
                    state.lines.append(
                        f"Your seat's own code is {message.token}: with it you take this "
                        "seat again from any machine (over SSH, give it at Code:)."
                    )
                self.code, self.name = message.token, None
                self._keep(message.token, message.seats[message.seat].name)
        elif isinstance(message, protocol.EventsUpdate):
            if message.start == 0:
                # A new round, or this round again after a reconnection: the events
                # already told stay told.
                if message.round_start != state.round_start:
                    state.round_start, state.told = message.round_start, 0
                state.events = list(message.events)
            elif message.round_start == state.round_start and message.start == len(state.events):
                state.events.extend(message.events)
        elif isinstance(message, protocol.ViewUpdate):
            state.moves = message.moves
            state.view = replace(message.view, events=tuple(state.events))
            if state.view.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                state.round_end = state.view
        elif isinstance(message, protocol.Notice):
            state.lines.append(message.text)
        elif isinstance(message, protocol.Chat):
            words = f"{message.name} says: {message.text}"
            state.chat = [*state.chat[-199:], (state.round_start, len(state.events), words)]
            state.lines.append(words)
        elif isinstance(message, protocol.Refusal):
            state.refusal = message
            if state.welcome is None:
                state.closed = message.text
            else:
                state.lines.append(f"Refused: {message.text}")
        elif isinstance(message, protocol.Bye):
            if state.closed is None:
                state.closed = message.text or "the host closed the connection"
            self.stopping = True
        self._stir()
        return state.welcome is not None or state.lobby is not None

    def _keep(self, token: str, name: str) -> None:
        if self.keep:
            fingerprint = self.pin.seen if self.url.startswith("wss://") else None
            keep_seat(self.url, token, name, fingerprint)

    def _check(self, message: protocol.HostMessage) -> None:
        """The seats a message names are at the table the host described."""
        welcome = self.state.welcome
        if welcome is None or isinstance(message, protocol.Welcome):
            return
        count = len(welcome.names)
        if isinstance(message, protocol.EventsUpdate):
            for event in message.events:
                wire.check_seats(event, count)
        elif isinstance(message, protocol.ViewUpdate):
            wire.check_seats(message.view, count)
            if message.view.names != welcome.names:
                raise wire.ProtocolError("the view's names are not the table's")

    def _stir(self) -> None:
        """Something changed: wake every ``changed()``."""
        self.state.version += 1
        stirred, self.stirred = self.stirred, asyncio.Event()
        stirred.set()

    def _say(self, line: str, *, status: str | None = None) -> None:
        if status is not None:
            self.status = status
        self.state.lines.append(line)
        self._stir()

    def hello(self) -> str:
        """The first message on every connection (``rooms.RoomTable`` says more)."""
        return protocol.hello(self.code, self.name)

    def _close(self, reason: str) -> None:
        self.state.closed = reason
        self.stopping = True
        self._stir()

    # For the front end ----------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.ws is not None and self.status == "connected"

    @property
    def ended(self) -> bool:
        """Closed for good, or stopping: nothing more will come."""
        return self.state.closed is not None or self.stopping

    def changed(self) -> Awaitable[None]:
        """Until the next message from the host, or the next change of the connection, after
        this call: the wait is bound to the moment it is asked for, not to when a task
        created for it first runs (a change in between wakes it at once, never lost)."""
        event = self.stirred

        async def wait() -> None:
            await event.wait()

        return wait()

    async def until(self, ready: Callable[[TableState], bool], timeout: float | None) -> bool:
        """Until ``ready(state)`` or the connection ends, at most ``timeout`` seconds (``None``:
        no limit); whether ``ready(state)``."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while not ready(self.state) and not self.ended:
                    await self.changed()
        return ready(self.state)

    def status_line(self) -> str | None:
        """While the connection is down: "Not connected: reconnecting (3rd try)" (``None``
        while connected, or once the table is closed for good)."""
        if self.state.closed is not None or self.status != "reconnecting":
            return None
        return f"Not connected: reconnecting ({ordinal(max(1, self.tries))} try)"

    def send(self, action: Action) -> bool:
        """Send an action, paced (``MIN_SEND_INTERVAL``: it leaves that long after the last);
        False (nothing sent) while the connection is down."""
        return self.send_raw(protocol.action_message(action), paced=True)

    def say(self, text: str) -> bool:
        """Send a chat message; False (nothing sent) while the connection is down."""
        return self.send_raw(protocol.say(text))

    def send_raw(self, text: str, *, paced: bool = False) -> bool:
        ws = self.ws
        if ws is None:
            return False
        task = asyncio.get_running_loop().create_task(self._send(ws, text, paced))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)
        return True

    async def _send(self, ws: ClientConnection, text: str, paced: bool) -> None:
        async with self.send_order:
            if paced:
                wait = self.last_send + MIN_SEND_INTERVAL - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                self.last_send = time.monotonic()
            with contextlib.suppress(ConnectionClosed):
                await ws.send(text)

    async def welcome(self, timeout: float = FIRST_ANSWER) -> protocol.Welcome:
        """The host's welcome with the first view; in a room, however long it waits for
        its start (``JoinError`` if nothing came in ``timeout``, or the table closed)."""

        def welcomed(state: TableState) -> bool:
            return state.welcome is not None and state.view is not None

        while not await self.until(welcomed, timeout):
            if self.state.lobby is None or self.ended:
                break
        welcome = self.state.welcome
        if welcome is None or self.state.view is None:
            reason = self.state.closed or self.last_error
            where = self.url.partition("://")[2]
            raise JoinError(reason or f"no answer from {where}")
        return welcome

    def take_events(self) -> list[Event]:
        state = self.state
        fresh = state.events[state.told :]
        state.told = len(state.events)
        return fresh

    def take_lines(self) -> list[str]:
        lines, self.state.lines = self.state.lines, []
        return lines

    @property
    def view(self) -> PublicView:
        assert self.state.view is not None, "welcome() first"
        return self.state.view

    @property
    def is_over(self) -> bool:
        view = self.state.view
        return view is not None and view.phase is Phase.MATCH_OVER

    async def close(self) -> None:
        """Say goodbye and stop (the seat waits at the host); within a few seconds."""
        ws, self.stopping = self.ws, True
        if ws is not None:
            with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
                async with asyncio.timeout(3):
                    async with self.send_order:
                        await ws.send(protocol.bye())
                    await ws.close()
        task = self.task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                async with asyncio.timeout(3):
                    await task
        self._stir()


def _tls_failure(error: ssl.SSLError | None) -> str:
    """A TLS handshake that failed before the first welcome (``None``: the host hung up in
    it), in one sentence."""
    reason = "" if error is None else (error.reason or str(error)).lower().replace("_", " ")
    if (
        error is None
        or "wrong version" in reason
        or "record layer" in reason
        or "http request" in reason
    ):
        return (
            "the host does not speak TLS: if it was started with --insecure, join with "
            "--insecure too (nothing is then encrypted)"
        )
    return f"the encrypted connection failed ({reason})"
