"""The joined clients at the host: each one's seat, its outgoing queue (counted in what the
host holds for it, ``admission.BUFFER_CAP``) and how much of the round's events it has had;
and every connection by seat (``Audience``), with what is sent to all of them."""

from __future__ import annotations

import asyncio

from websockets.asyncio.server import ServerConnection

from uno_tui.engine import Game

from . import protocol
from .admission import GuardedConnection


class Connection:
    """One joined client: its seat (``None``: a spectator), its outgoing queue, and how much
    of the round's events it has been sent."""

    QUEUE = 256

    def __init__(self, ws: ServerConnection, seat: int | None, address: str = "") -> None:
        self.ws = ws
        self.seat = seat
        self.address = address
        """Where it comes from, as the door counts it (a guest's, for the SSH door's)."""
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

    def offer(self, message: str) -> None:
        """Queue a message that may be missed (a chat line): past half the queue it is not
        queued, so others' chat never fills a slow reader's queue and cuts it off."""
        if self.queue.qsize() < self.QUEUE // 2:
            self.push(message)

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


class Audience(dict[int | None, list[Connection]]):
    """Every joined connection by seat (``None``: the spectators), and what is sent to them."""

    def push_all(self, message: str) -> None:
        for connections in self.values():
            for connection in connections:
                connection.push(message)

    def offer_all(self, message: str) -> None:
        """``message`` to every connection that has room for it (``Connection.offer``)."""
        for connections in self.values():
            for connection in connections:
                connection.offer(message)

    def push_seat(self, seat: int | None, message: str) -> None:
        for connection in self.get(seat, []):
            connection.push(message)

    def push_others(self, seat: int, message: str) -> None:
        """``message`` to every connection but ``seat``'s (the spectators' too)."""
        for other, connections in self.items():
            if other != seat:
                for connection in connections:
                    connection.push(message)

    def update_one(
        self, connection: Connection, game: Game, cache: dict[object, list[str]] | None = None
    ) -> None:
        """Send ``connection`` the round's events it has not had and its current view.
        ``cache`` shares the messages between connections of one seat (the spectators)."""
        cache = {} if cache is None else cache
        seat = connection.seat
        round_start = game.round_log_start
        if connection.round_start != round_start:
            connection.round_start, connection.sent = round_start, 0
        events_key = ("events", seat, connection.sent)
        if events_key not in cache:
            events = game.round_events(seat)
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
            view = game.view(seat)  # None: the onlooker's, public facts only
            cache[view_key] = [protocol.view_message(len(game.actions), view)]
        connection.push(cache[view_key][0])

    def update_all(self, game: Game) -> None:
        cache: dict[object, list[str]] = {}
        for connections in self.values():
            for connection in connections:
                self.update_one(connection, game, cache)
