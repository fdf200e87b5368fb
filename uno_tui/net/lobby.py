"""The host's side of a room with one code (``room.Room`` keeps the seats and names): a name
taking an open seat, the table seated anew as the room fills, what every connection is told
of the room, and the start.

``HostedRoom`` is one of the host's collaborators: it holds no state but the host's, which it
is handed, and the host asks it while the room waits for its start.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection

from uno_tui.engine import SetupError
from uno_tui.match.session import Session
from uno_tui.seats import Seat

from . import protocol
from .admission import refuse
from .codes import new_code
from .connection import Connection
from .room import RoomRefusal

if TYPE_CHECKING:
    from .host import Host


class HostedRoom:
    """The room of ``host`` (``host.room``), while it waits and at its start."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.dropped: dict[int, asyncio.TimerHandle] = {}
        """Taken seats whose person dropped: freed after ``lobby_grace`` unless they rejoin."""

    @property
    def waiting(self) -> bool:
        """The room has not started yet (``False`` at a table without a room)."""
        room = self.host.room
        return room is not None and not room.started

    async def enter(self, ws: ServerConnection, address: str, name: str | None) -> int | bool:
        """The open seat a name takes with the room's code (``False`` once refused)."""
        host = self.host
        room, door = host.room, host.door
        assert room is not None
        # One address's own allowance first, then the name (which costs nothing to check),
        # and only then the room's shared one: one address can never spend that alone.
        if not (door.room_address_joins.take(address) and door.address_joins.take(address)):
            door.tally.note("A join refused (too many too fast)", "joins refused", address)
            await refuse(ws, "joined too often; try again in a few seconds")
            return False
        try:
            room.check(name, host.game.names)
            if not door.room_joins.take():
                door.tally.note("A join refused (too many too fast)", "joins refused", address)
                await refuse(ws, "the room is joined too often just now; try again in a minute")
                return False
            seat = room.claim(name, host.game.names)
        except RoomRefusal as refusal:
            door.tally.note("A name refused by the room", "names refused by the room", address)
            await refuse(ws, str(refusal))
            return False
        try:
            host.codes.seats[seat] = new_code()  # the seat's private token, this person's alone
            self.seat_names()
        except (SetupError, ValueError) as error:  # the claim is undone whole, the room as it was
            room.release(seat)
            host.codes.seats.pop(seat, None)
            self.seat_names()
            door.tally.note("A name refused by the room", "names refused by the room", address)
            await refuse(ws, f"that name cannot sit at this table: {error}")
            return False
        return seat

    def rebuild(self, seats: list[Seat]) -> None:
        """The match not yet begun, seated anew (a name taken, a seat left, the start): the
        same rules and seed, its autosave and its codes kept up to date."""
        host = self.host
        old = host.session
        session = Session(old.game.rules, seats, seed=old.game.seed, autosave=old.autosave)
        session.pace_catches()
        host.session, host.game = session, session.game
        session.save()
        if host.codes_path is not None:
            with contextlib.suppress(OSError):
                host.codes.save(host.codes_path, session.game.names)

    def seat_names(self) -> None:
        host = self.host
        assert host.room is not None
        names = host.room.names(host.game.names)
        seats = [replace(seat, name=names[i]) for i, seat in enumerate(host.session.seats)]
        self.rebuild(seats)

    def seats(self) -> tuple[protocol.LobbySeat, ...]:
        host = self.host
        assert host.room is not None
        awaited = set(host.room.awaited)

        def plays(seat: int) -> str:
            if seat in awaited:
                return "open"
            if seat == host.local:
                return "local"
            return host.session.seats[seat].bot_level or "remote"

        return tuple(
            protocol.LobbySeat(name, plays(i), bool(host.connections.get(i)))
            for i, name in enumerate(host.game.names)
        )

    def tell(self) -> None:
        """Every connection the room as it stands, with its own seat's token."""
        host = self.host
        if host.room is None:
            return
        seats = self.seats()
        for seat, connections in host.connections.items():
            token = None if seat is None else host.codes.seats.get(seat)
            message = protocol.lobby(seat, token, seats, host.room.bots)
            for connection in connections:
                connection.push(message)

    def start(self) -> str | None:
        """Start the room's match: the seats still open become bots. What is wrong, if the
        match cannot start (it has already)."""
        host = self.host
        room = host.room
        if room is None or room.started:
            return "the match has already started"
        bots = room.bot_names(host.game.names)
        seats = list(host.session.seats)
        for seat, name in bots.items():
            seats[seat] = Seat(name, room.bots)
            host.codes.seats.pop(seat, None)
        room.started = True
        self.rebuild(seats)
        host.room_started.set()
        game = host.game
        people = [n for i, n in enumerate(game.names) if i not in host.session.bots]
        told = f"The match begins: {', '.join(people)}"
        if bots:
            told += f", and {len(bots)} {room.bots} bot{'s' if len(bots) > 1 else ''} "
            told += f"({', '.join(bots.values())})"
        host.tell_all(f"{told}.")
        for at, connections in host.connections.items():
            for connection in connections:
                connection.push(
                    protocol.welcome(at, game.names, game.rules, host.seating.seat_info())
                )
                host.connections.update_one(connection, game)
                host.tell_timers(connection)
        host.changed.set()
        return None

    def left(self, connection: Connection) -> None:
        """A person who said goodbye in the room gives their seat back; a dropped one keeps
        it for ``lobby_grace`` seconds (they come back with its token), then it is open."""
        host = self.host
        seat, room = connection.seat, host.room
        if room is None or room.started or seat is None or seat not in room.taken:
            return
        if host.connections.get(seat):
            return
        if connection.left:
            self.release(seat, f"{host.game.names[seat]} left the room.")
        elif seat not in self.dropped:
            loop = asyncio.get_running_loop()
            self.dropped[seat] = loop.call_later(host.options.lobby_grace, self._free, seat)

    def back(self, seat: int) -> None:
        """A connection took ``seat`` again: it is not freed."""
        handle = self.dropped.pop(seat, None)
        if handle is not None:
            handle.cancel()

    def _free(self, seat: int) -> None:
        host = self.host
        self.dropped.pop(seat, None)
        if self.waiting and seat in host.room.taken and not host.connections.get(seat):  # type: ignore[union-attr]
            name = host.game.names[seat]
            self.release(seat, f"{name} stayed away from the room: their seat is open again.")

    def kick(self, seat: int) -> str:
        """The host sends ``seat``'s person out of the room: its token void, the seat open."""
        host = self.host
        name = host.game.names[seat]
        self.back(seat)
        for connection in host.connections.pop(seat, []):
            connection.push(protocol.bye("the host sent you out of the room"))
            connection.close()
        self.release(seat, f"The host sent {name} out of the room: the seat is open again.")
        return f"{name} is out; their seat is open again."

    def release(self, seat: int, told: str) -> None:
        """``seat`` taken in the room is open again: its token void, ``told`` to everyone."""
        host = self.host
        assert host.room is not None
        host.room.release(seat)
        self.back(seat)
        host.codes.seats[seat] = new_code()
        host.tell_all(told)
        self.seat_names()
        self.tell()
