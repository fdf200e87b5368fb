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
import json
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from uno_tui.engine import Action, DecisionKind, UnoError
from uno_tui.saves import Autosave, data_dir, hold_save_lock, write_atomic
from uno_tui.session import Session

from . import protocol

SAVE_NAME = "hosted.json"
CODES_NAME = "hosted-codes.json"
CODES_FORMAT = "uno-tui host codes"
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""No 0/O, 1/I/L: a code is read aloud or copied from another screen."""
CODE_LENGTH = 8
DEFAULT_PORT = 8765
AWAY_BOT = "medium"
"""The level of the bot that takes a seat whose person stays away."""


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
    hello_timeout: float = 10.0
    max_connections: int = 64
    rate: float = 30.0
    """Messages a second a connection may send, on average (a person sends a few; a client
    paces itself under this, see ``client.MIN_SEND_INTERVAL``) ..."""
    burst: float = 60.0
    """... and at once."""
    away_bot_after: float | None = None
    """Seconds a remote seat may be awaited with nobody connected before a bot takes it."""
    uno_grace: float = 2.0
    """Seconds the bots wait after a person's play leaves them one card, for their UNO call."""


@dataclass
class Codes:
    """The seats' codes (seat number to code) and the spectators' code, if any."""

    seats: dict[int, str]
    spectators: str | None = None
    local: int | None = None
    """The seat of the person at the host's terminal (joined through the loopback)."""

    @classmethod
    def new(cls, remote: list[int], *, spectators: bool, local: int | None = None) -> Codes:
        seats = [*remote, *([] if local is None else [local])]
        return cls({seat: new_code() for seat in seats}, new_code() if spectators else None, local)

    def for_remote(self) -> Codes:
        """The codes to print: every seat's but the local person's."""
        seats = {seat: code for seat, code in self.seats.items() if seat != self.local}
        return Codes(seats, self.spectators)

    def seat_of(self, code: str) -> tuple[bool, int | None]:
        """Whether ``code`` opens a seat, and which (``None``: the spectators' code). Every
        code is compared, in constant time, whatever matches."""
        given = normal_code(code).encode()
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
        return cls(codes, spectators, local)


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

    def push(self, message: str) -> None:
        """Queue a message; a client too slow to keep up is let go (it may rejoin)."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        """Close after the queued messages; at once if the queue is full (the client reads
        nothing: it would never get them)."""
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.ws.transport.abort()

    async def pump(self) -> None:
        while (message := await self.queue.get()) is not None:
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
        self.open_sockets = 0
        self.changed = asyncio.Event()
        self.finished = asyncio.Event()
        self.person_played_at = 0.0
        self.away_since: dict[int, float] = {}
        self.server: Server | None = None
        self.record = record
        """Where to write the match record when the host stops (``uno-tui replay`` reads it)."""

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
        while not self.session.is_over:
            await asyncio.sleep(min(1.0, self.options.away_bot_after / 4))
            before = len(self.session.bots)
            self.check_away()
            if len(self.session.bots) != before:
                self.changed.set()

    # Connections ---------------------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        if self.open_sockets >= self.options.max_connections:
            await _refuse(ws, "the table has as many connections as it takes; try later")
            return
        self.open_sockets += 1
        try:
            await self._handle(ws)
        finally:
            self.open_sockets -= 1

    async def _handle(self, ws: ServerConnection) -> None:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.options.hello_timeout)
            greeting = protocol.parse_client(raw)
            if not isinstance(greeting, protocol.Hello):
                raise protocol.ProtocolError("the first message is a hello with a code")
        except (TimeoutError, ConnectionClosed):
            await _refuse(ws, "no hello in time")
            return
        except protocol.ProtocolError as error:
            await _refuse(ws, str(error))
            return
        opens, seat = self.codes.seat_of(greeting.code)
        if not opens:
            await asyncio.sleep(self.options.wrong_code_delay)
            await _refuse(ws, "that code opens no seat at this table")
            return
        await self.play(ws, seat)

    async def play(self, ws: ServerConnection, seat: int | None) -> None:
        connection = Connection(ws, seat)
        pump = asyncio.create_task(connection.pump())
        who = "a spectator" if seat is None else self.game.names[seat]
        if seat is not None:
            for old in self.connections.pop(seat, []):
                old.push(protocol.bye("your seat was joined from another connection"))
                old.close()
            self.away_since.pop(seat, None)
            self.hand_back(seat)
        if seat is not None:
            self.tell_all(f"{who} joined.")
        else:
            self.log(f"{who} joined.")
        self.connections.setdefault(seat, []).append(connection)
        connection.push(protocol.welcome(seat, self.game.names, self.game.rules, self.seat_info()))
        self.update(connection)
        self.changed.set()
        try:
            await self.listen(connection)
        except ConnectionClosed:
            pass
        finally:
            connections = self.connections.get(seat, [])
            if connection in connections:
                connections.remove(connection)
                if not self.session.is_over:
                    self.log(f"{who} left.")
                    if seat is not None:
                        self.tell_all(f"{who} left; their seat waits for them.")
            connection.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, 5)
            pump.cancel()

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
                return
            if isinstance(message, protocol.Hello):
                connection.push(protocol.error("already joined"))
                continue
            self.act(connection, message.action)

    def act(self, connection: Connection, action: Action) -> None:
        seat = connection.seat
        if seat is None:
            connection.push(protocol.error("spectators watch; they do not play", action))
            return
        if action.player != seat:
            connection.push(protocol.error("that is another seat's action", action))
            return
        if seat in self.session.bots:
            connection.push(protocol.error("a bot plays your seat for now", action))
            return
        try:
            self.session.apply(action)
        except UnoError as error:
            connection.push(protocol.error(str(error), action))
            return
        self.person_played_at = time.monotonic()
        self.update_all()
        self.changed.set()

    # Running -------------------------------------------------------------------------------

    async def run(self, started: Callable[[], None] | None = None) -> int:
        """Serve until the match ends (or the task is cancelled)."""
        async with serve(
            self.handle,
            self.options.bind,
            self.options.port,
            max_size=2 * protocol.MAX_MESSAGE_BYTES,
            max_queue=16,
            ping_interval=10,
            ping_timeout=20,
            close_timeout=2,
        ) as server:
            self.server = server
            if started is not None:
                started()
            bots = asyncio.create_task(self.drive_bots())
            away = asyncio.create_task(self.watch_away())
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
                self.write_record()
                for connections in self.connections.values():
                    for connection in connections:
                        connection.close()
        return 0

    def write_record(self) -> None:
        if self.record is None:
            return
        try:
            write_atomic(self.record, self.game.record().to_json() + "\n")
        except OSError as error:
            self.log(f"The match record could not be written to {self.record}: {error}")

    @property
    def port(self) -> int:
        """The port listened on (the one asked for, or the one given for port 0)."""
        assert self.server is not None
        sockets = list(self.server.sockets)
        port: int = sockets[0].getsockname()[1]
        return port


async def _refuse(ws: ServerConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(protocol.error(text))
        await ws.send(protocol.bye(text))
    await ws.close()


# Starting a hosted match ----------------------------------------------------------------------


def open_hosted(
    session: Session,
    remote: list[int],
    *,
    spectators: bool,
    local: int | None = None,
    directory: Path | None = None,
) -> Codes:
    """Attach the hosted match's autosave to ``session`` and draw and keep its codes.
    ``ValueError`` if another uno-tui host is running from the same data directory."""
    save_path, codes_path = hosted_paths(directory)
    if not hold_save_lock(save_path):
        raise ValueError(f"another uno-tui host is running with its match in {save_path.parent}")
    session.autosave = Autosave(save_path)
    codes = Codes.new(remote, spectators=spectators, local=local)
    codes.save(codes_path, session.game.names)
    session.save()
    return codes


def resume_hosted(directory: Path | None = None) -> tuple[Session, Codes]:
    """The hosted match saved in the data directory, with its codes (``ValueError``, one line,
    if there is none or it cannot be resumed)."""
    from uno_tui.saves import SaveError, load_session

    save_path, codes_path = hosted_paths(directory)
    if not hold_save_lock(save_path):
        raise ValueError(f"another uno-tui host is running with its match in {save_path.parent}")
    autosave = Autosave(save_path)
    try:
        session = load_session(save_path, autosave)
    except FileNotFoundError:
        raise ValueError(f"there is no hosted match to resume (looked for {save_path})") from None
    except SaveError as error:
        raise ValueError(f"the hosted match cannot be resumed: {error}") from None
    return session, Codes.load(codes_path, session.game.names)


def join_lines(codes: Codes, names: tuple[str, ...], address: str) -> list[str]:
    lines = [
        f"{names[seat]}: uno-tui join {address} --code {code}"
        for seat, code in sorted(codes.seats.items())
    ]
    if codes.spectators is not None:
        lines.append(f"Spectators: uno-tui join {address} --code {codes.spectators}")
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
