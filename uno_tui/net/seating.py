"""A joined connection's stay at the host's table: it takes its seat (over an older
connection of the same seat, back from a bot that played it while it was away), its messages
are read, paced and passed on, and its leave is told once the seat has stayed empty a moment.

``Seating`` is one of the host's collaborators: it holds the news not told yet and asks the
host for everything else.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from uno_tui.engine.names import name_key, quoted

from . import protocol, wire
from .admission import TokenBucket
from .connection import Connection

if TYPE_CHECKING:
    from .host import Host


class Seating:
    """The connections of ``host`` as they come, play and go."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.leaving: dict[int, asyncio.TimerHandle] = {}
        """Seats whose leave is not told yet (told after ``news_grace`` unless they rejoin)."""
        self.gone: dict[int, str] = {}
        """Seats whose leave was told, with the name it was told under: the same name's
        return is told as a return (a room's seat freed and taken by another is a join)."""
        self.spectators_told = 0
        self.spectators_due = False

    async def play(self, ws: ServerConnection, seat: int | None, address: str = "") -> None:
        host = self.host
        connection = Connection(ws, seat, address)
        pump = asyncio.create_task(connection.pump())
        if seat is not None:
            self._sit(connection, seat)
        host.connections.setdefault(seat, []).append(connection)
        if seat is None:
            self._tell_spectators_soon()
        self.greet(connection)
        host.changed.set()
        try:
            await self.listen(connection)
        except ConnectionClosed:
            pass
        finally:
            connections = host.connections.get(seat, [])
            if connection in connections:
                connections.remove(connection)
                if seat is None:
                    self._tell_spectators_soon()
                elif host.in_lobby:
                    host.lobby.left(connection)
                    host.lobby.tell()
                elif not host.session.is_over and not connections:
                    self._tell_leave_soon(seat)
            connection.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, 5)
            pump.cancel()

    def seat_info(self) -> tuple[protocol.SeatInfo, ...]:
        """Who plays each seat, as a welcome tells it."""
        host = self.host

        def plays(seat: int) -> str:
            bot = host.session.seats[seat].bot_level
            if bot is not None and seat not in host.codes.seats:
                return bot
            if seat == host.local:
                return "local"
            return f"remote, {bot} bot for now" if bot is not None else "remote"

        return tuple(
            protocol.SeatInfo(seat.name, plays(i)) for i, seat in enumerate(host.session.seats)
        )

    def greet(self, connection: Connection) -> None:
        """A connection's first messages: the room while it waits, else the table."""
        host = self.host
        if host.in_lobby:
            host.lobby.tell()
            host.tell_timers(connection, room=True)
            return
        seat = connection.seat
        connection.push(protocol.welcome(seat, host.game.names, host.game.rules, self.seat_info()))
        host.connections.update_one(connection, host.game)
        host.tell_timers(connection)

    def _sit(self, connection: Connection, seat: int) -> None:
        """``connection`` takes ``seat``: from an older connection, or back from a bot."""
        host = self.host
        who = host.game.names[seat]
        taken = host.connections.pop(seat, [])
        for old in taken:
            old.push(protocol.bye("your seat was joined from another connection"))
            old.close()
        host.away_since.pop(seat, None)
        was_away = seat in host.session.bots
        host.hand_back(seat)
        host.lobby.back(seat)
        quiet = self.leaving.pop(seat, None)
        if quiet is not None:
            quiet.cancel()  # a quick rejoin: its leave was never told
        if taken:
            connection.push(protocol.notice("You took your seat over from another connection."))
            host.log(f"{who} joined from another connection, which was closed.")
        elif self.gone.pop(seat, None) == who:
            host.tell_all(f"{who} is back.")
        elif quiet is None and not was_away:
            host.tell_all(f"{who} joined.")
        self.gone.pop(seat, None)

    def kick(self, name: str) -> str:
        """The host sends the person of the seat called ``name`` away: in the room, the seat
        is open again; in the match, a bot plays it to the end. Its token is void either way.
        What was done, in a sentence."""
        host = self.host
        keys = [name_key(seat_name) for seat_name in host.game.names]
        if name_key(name.strip()) not in keys:
            return f"No seat is called {quoted(name.strip())}."
        seat = keys.index(name_key(name.strip()))
        who = host.game.names[seat]
        if seat == host.local:
            return f"{who} is your own seat."
        if host.in_lobby:
            if host.room is None or seat not in host.room.taken:
                return f"{who} is not a seat taken in the room."
            return host.lobby.kick(seat)
        if seat not in host.codes.seats:
            return f"{who} is not a remote seat."
        del host.codes.seats[seat]  # its code opens nothing now; no one hands it back
        if host.codes_path is not None:
            with contextlib.suppress(OSError):
                host.codes.save(host.codes_path, host.game.names)
        quiet = self.leaving.pop(seat, None)
        if quiet is not None:
            quiet.cancel()
        for connection in host.connections.pop(seat, []):
            connection.push(protocol.bye("the host sent you away from the table"))
            connection.close()
        host.autopilot.discard(seat)
        host.hand_to_bot(seat)
        host.tell_all(f"The host sent {who} away: a bot plays their seat to the end.")
        return f"{who} is out; a bot plays their seat to the end."

    def _tell_leave_soon(self, seat: int) -> None:
        host = self.host

        def tell() -> None:
            self.leaving.pop(seat, None)
            if not host.connections.get(seat) and not host.session.is_over:
                self.gone[seat] = host.game.names[seat]
                host.tell_all(f"{host.game.names[seat]} left; their seat waits for them.")

        if seat not in self.leaving:
            loop = asyncio.get_running_loop()
            self.leaving[seat] = loop.call_later(host.options.news_grace, tell)

    def _tell_spectators_soon(self) -> None:
        """Spectators come and go in one line: how many watch, once the count settles."""
        host = self.host

        def tell() -> None:
            self.spectators_due = False
            count = len(host.connections.get(None, []))
            if count != self.spectators_told:
                self.spectators_told = count
                host.log(f"{count} spectator{'s' if count != 1 else ''} watching.")

        if not self.spectators_due:
            self.spectators_due = True
            asyncio.get_running_loop().call_later(host.options.news_grace, tell)

    async def listen(self, connection: Connection) -> None:
        host = self.host
        options = host.options
        bucket = TokenBucket(options.rate, options.burst)
        refused = 0
        async for raw in connection.ws:
            if not bucket.take():
                refused += 1
                connection.push(protocol.error(protocol.SLOW_DOWN))
                if refused > options.burst:
                    connection.push(protocol.bye("too many messages"))
                    connection.close()
                    return
                continue
            try:
                message = protocol.parse_client(raw)
            except wire.ProtocolError as error:
                connection.push(protocol.error(str(error)))
                continue
            if isinstance(message, protocol.Bye):
                connection.left = True
                return
            if isinstance(message, protocol.Hello):
                connection.push(protocol.error("already joined"))
            elif isinstance(message, protocol.Say):
                host.talk.say_from(connection, message.text)
            elif isinstance(message, protocol.Start):
                if connection.seat is None or connection.seat != host.local:
                    connection.push(protocol.error("only the host starts the match"))
                elif (why := host.start_room()) is not None:
                    connection.push(protocol.error(why))
            else:
                host.act(connection, message.action)
