"""``uno-tui host``: one match served over WebSockets to the people at other terminals.

The host holds the only ``Session`` (engine, bots, autosave and its lock, as a local match
has). Each remote seat has a short random code; a connection that says a seat's code plays
that seat and receives only its view and the events as that seat saw them; a spectator's code
gives the onlooker's view. A refused message (another seat's action, an illegal one, bad or
oversized JSON, too many too fast) is answered with an error and changes nothing. A dropped
seat waits for its person, who rejoins with the same code; the host may hand it to a bot.

``Host`` runs the match and holds small collaborators, each in its own module: the door
(``admission.Door``: pools, limits, the hello), the connections (``connection.Audience``),
the room while it waits (``lobby.HostedRoom``), the chat (``chat.TableTalk``) and the turn
timers (``timers.TurnTimers``); the codes and where a hosted match is kept are ``codes``'.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve

from uno_tui.engine import Action, UnoError
from uno_tui.match.bot_driver import BotTurn
from uno_tui.match.session import Session
from uno_tui.narration import warning_words
from uno_tui.store.files import write_atomic

from . import protocol
from .admission import Buckets, Door, GuardedConnection, quiet_logger
from .chat import CHAT_BURST, CHAT_RATE, TableTalk, chat_path
from .chat import save_chat as save_chat_lines
from .codes import Codes, describe_address, seat_code_lines
from .connection import Audience, Connection
from .lobby import HostedRoom
from .options import AWAY_BOT, HostOptions
from .pace import BotPace
from .seating import Seating
from .tasks import keep_running
from .timers import TURN_POLL, TurnTimers, room_timers_notice, timers_notice

STOPPED = (
    "The host stopped the table: the match is saved, and goes on when the host resumes it "
    "(the same codes)."
)
"""Told to every connection when the host stops before the match's end."""


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
        session.driver.uno_grace = self.options.uno_grace
        self.local = local
        self.log = log
        self.connections = Audience()
        self.door = Door(self, self.options)
        self.tally = self.door.tally
        self.changed = asyncio.Event()
        self.finished = asyncio.Event()
        self.away_since: dict[int, float] = {}
        self.server: Server | None = None
        self.record = record
        """Where to write the match record when the host stops (``uno-tui replay`` reads it)."""
        self.pace = BotPace(self.options.bot_pause)
        self.room = codes.room
        self.lobby = HostedRoom(self)
        self.seating = Seating(self)
        self.room_started = asyncio.Event()
        """Set once the room's match has started (at once without a room): bots wait."""
        if self.room is None or self.room.started:
            self.room_started.set()
        self.join_tail = ""
        """What each join line ends with (``--fingerprint ...`` or ``--insecure``)."""
        self.codes_path: Path | None = None
        """Where the codes are kept (``hosted-codes.json``), saved again as the room fills."""
        self.talk = TableTalk(
            self.connections,
            spectators_chat=self.options.spectators_chat,
            buckets=Buckets(CHAT_RATE, CHAT_BURST),
            moves=lambda: len(self.game.actions),
            name_of=lambda seat: self.game.names[seat],
            log=lambda line: self.log(line),  # noqa: PLW0108 (self.log may be set later)
        )
        seconds = self.options.turn_seconds
        self.timers = None if seconds is None else TurnTimers(seconds)
        self.autopilot: set[int] = set()
        """Seats the turn timer's bot plays until their person acts again."""

    def say(self, line: str) -> None:
        """What the tally tells (wrong codes, connections cut off): on the host's terminal, and
        to the person playing at the host, whose terminal shows their game instead (as their
        other news comes, a notice), so a guessing run is never told to nobody."""
        self.log(line)
        if self.local is not None:
            self.connections.push_seat(self.local, protocol.notice(line))

    # Who plays what -------------------------------------------------------------------------

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
            name = self.game.names[seat]
            self.tell_about(
                seat, "You play your seat again.", f"{name} is back and plays their seat again."
            )

    def _set_bot(self, seat: int, level: str | None) -> None:
        self.session.set_controller(seat, level)

    # Sending ------------------------------------------------------------------------------

    def tell_all(self, text: str) -> None:
        self.log(text)
        self.connections.push_all(protocol.notice(text))

    def update_all(self) -> None:
        self.connections.update_all(self.game)
        if self.session.is_over:
            self.finished.set()

    @property
    def in_lobby(self) -> bool:
        return self.lobby.waiting

    def start_room(self) -> str | None:
        """Start the room's match (``lobby.HostedRoom.start``)."""
        return self.lobby.start()

    def kick(self, name: str) -> str:
        """``kick NAME``: the seat's person sent away (``seating.Seating.kick``)."""
        return self.seating.kick(name)

    def code_lines(self) -> list[str]:
        """``codes``: each seat's own join line again (``codes.seat_code_lines``)."""
        address = describe_address(self.options.bind, self.port)
        return seat_code_lines(self.codes, self.game.names, address, self.join_tail)

    def chat(self, seat: int | None, name: str, text: str) -> None:
        """Say ``text`` to everyone, as ``name`` (the host's own lines: ``chat.TableTalk``)."""
        self.talk.say(seat, name, text)

    # The bots ------------------------------------------------------------------------------

    async def drive_bots(self) -> None:
        """Play the bots whenever the match waits for one (the one bot driver, through the
        session's news, as at a local table); people's actions come meanwhile."""
        await self.room_started.wait()
        while not self.session.is_over:
            await self.session.news(self._bot_pause)
            self.update_all()
            await asyncio.sleep(0)  # let people's messages in between bot moves
        self.update_all()

    async def _bot_pause(self, turn: BotTurn | None) -> None:
        """Before a bot's turn: an absent seat handed to a bot first, then the table's pace
        (the table as it stands is seen first; people act meanwhile)."""
        if turn is None:
            return
        self.check_away()
        people = set(range(len(self.game.names))) - set(self.session.bots)
        pause = self.pace.delay(self.game.log, people)
        if pause > 0:
            await asyncio.sleep(pause)

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

    async def handle(self, ws: ServerConnection) -> None:
        address, seat = await self.door.admit(ws)
        if seat is not False:
            await self.seating.play(ws, seat, address)

    # Turn timers -------------------------------------------------------------------------------

    def tell_timers(self, connection: Connection, *, room: bool = False) -> None:
        """A person coming to a timed table is told so (``timers.timers_notice``; in a room
        waiting for its start, ``timers.room_timers_notice``)."""
        seat, bot = connection.seat, self.options.turn_bot
        if room:
            text = room_timers_notice(self.timers, seat, bot)
        else:
            text = timers_notice(self.timers, seat, len(self.game.actions), bot)
        if text is not None:
            connection.push(protocol.notice(text))

    def back_from_autopilot(self, seat: int) -> None:
        """A person whose seat the timer's bot played makes a move the rules accept: the seat
        is theirs again (a chat line or a refused action does not hand it back)."""
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
            self.tell_seat(seat, warning_words(left, level))
        for seat in expired:
            await self.time_out(seat)

    def tell_seat(self, seat: int, text: str) -> None:
        self.connections.push_seat(seat, protocol.notice(text))

    def tell_about(self, seat: int, own: str, others: str) -> None:
        """``own`` to ``seat``'s person (the host's own seat among them), ``others`` to the
        rest of the table and the host's log."""
        self.log(others)
        self.connections.push_seat(seat, protocol.notice(own))
        self.connections.push_others(seat, protocol.notice(others))

    async def time_out(self, seat: int) -> None:
        """A bot of the host's level makes the move ``seat``'s person did not make in time;
        the second time in a row, it keeps the seat until they act."""
        from uno_tui.bots import make_bot

        level, name = self.options.turn_bot, self.game.names[seat]
        moment = len(self.game.actions)
        rng = random.Random(f"{self.game.seed}:{moment}:{seat}")
        try:
            moved = await self.session.driver.move_for(seat, make_bot(level), rng)
        except UnoError:
            return
        if moved is None:
            return  # the person moved meanwhile
        assert self.timers is not None
        if self.timers.timed_out(seat):
            self.autopilot.add(seat)
            self._set_bot(seat, level)
            self.tell_about(seat, *timed_out_words(name, level, twice=True))
        else:
            self.tell_about(seat, *timed_out_words(name, level, twice=False))
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
        if seat in self.autopilot:  # only a move the rules accept takes the seat back
            try:
                self.game.check(action)
            except UnoError as error:
                connection.push(protocol.error(str(error), action))
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

        HostConnection.tally, HostConnection.pending = self.tally, self.door.pending
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
            logger=quiet_logger(self.tally),
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
            bots = asyncio.create_task(self.guarded("bots' driver", self.drive_bots))
            away = asyncio.create_task(self.guarded("watch over absent seats", self.watch_away))
            turns = asyncio.create_task(self.guarded("turn timer", self.watch_turns))
            flush = asyncio.create_task(self.guarded("tally", self.tally.keep_flushing))
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
                if not self.finished.is_set():  # stopped: told, not left to guess
                    self.connections.push_all(protocol.notice(STOPPED))
                for connections in self.connections.values():
                    for connection in connections:
                        connection.close()
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.sleep(0.5)  # the last lines on their way
        return 0

    async def guarded(self, what: str, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """One of the host's background tasks, never dying in silence (``tasks``)."""
        await keep_running(what, work, log=self.log, give_up=self._give_up)

    def _give_up(self, reason: str) -> None:
        self.session.save()
        self.tell_all(f"{reason}: the match is saved; uno-tui host resume continues it.")
        self.finished.set()

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
        if self.talk.lines:
            save_chat_lines(chat_path(self.record), self.talk.lines)

    @property
    def port(self) -> int:
        """The port listened on (the one asked for, or the one given for port 0)."""
        assert self.server is not None
        sockets = list(self.server.sockets)
        port: int = sockets[0].getsockname()[1]
        return port


def timed_out_words(name: str, level: str, *, twice: bool) -> tuple[str, str]:
    """What the seat whose time ran out is told, and what the others are: "Your time ran
    out: a medium bot made that move for you." / "Ann's time ran out: ... for them."."""
    if twice:
        return (
            f"Your time ran out twice in a row: a {level} bot plays for you until you act again.",
            f"{name}'s time ran out twice in a row: a {level} bot plays for them until they "
            "act again.",
        )
    return (
        f"Your time ran out: a {level} bot made that move for you.",
        f"{name}'s time ran out: a {level} bot made that move for them.",
    )
