"""A seat joined to a host, as every front end plays it: ``JoinedTable`` is a
``uno_tui.match.table.Table`` (the same protocol the match in this process keeps), so the match flow
(``uno_tui.match.flow``) drives the app, the line mode and the host's own seat on it alike.

The host runs the match; this seat's ``JoinedGame`` is only what the host told it (its view,
its decisions, the events as it saw them), read from its ``HostConnection``, which runs on
the front end's own loop: ``news`` awaits the connection's next message.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable
from dataclasses import fields
from typing import overload

from uno_tui.engine import (
    Action,
    Decision,
    IllegalActionError,
    Phase,
    PlayerView,
    PublicView,
    Rules,
)
from uno_tui.engine.events import Event
from uno_tui.engine.seats import teammate_of
from uno_tui.match.bot_driver import Pause
from uno_tui.match.table import TableClosed, TableUnreachable
from uno_tui.seats import Seat

from . import protocol
from .chat import ChatRefused, check_text
from .client import HostConnection, JoinError


def seats_of(welcome: protocol.Welcome) -> tuple[Seat, ...]:
    """The table's seats as a front end labels them: people, and bots with their level."""
    return tuple(
        Seat(info.name, None if info.plays in ("remote", "local") else info.plays)
        for info in welcome.seats
    )


ANSWER_TIMEOUT = 10.0
"""Seconds a sent action holds this seat's moves back while the host answers."""


class JoinedGame:
    """The game as the host told one seat (a ``uno_tui.match.table.TableGame``): its view, its
    decisions, the events as it saw them. Nothing else reaches it."""

    def __init__(self, table: HostConnection, welcome: protocol.Welcome) -> None:
        self.table = table
        self.names: tuple[str, ...] = welcome.names
        self.rules: Rules = welcome.rules
        self.seat = welcome.seat
        self.earlier: list[Event] = []
        """The events of the rounds before this one, as they were told."""
        self.round_start = -1
        self.previous: list[Event] = []
        self.held = False
        """An action is on its way to the host: no decision is offered until it answers."""
        self.ended: PublicView | None = None
        """A round's end the host has already moved past: shown as it stood (its view and
        events) until the front end looks for news again."""

    @property
    def _view(self) -> PublicView:
        if self.ended is not None:
            return self.ended
        view = self.table.state.view
        assert view is not None, "welcome() first"
        return view

    def note_round(self, ended: tuple[Event, ...] | None = None) -> None:
        """Keep the last round's events (all of them, ``ended``, when its end was held) when
        a new round begins."""
        state = self.table.state
        if ended is not None:
            self.earlier.extend(ended)
            self.round_start = state.round_start
        elif state.round_start != self.round_start:
            if self.round_start >= 0:
                self.earlier.extend(self.previous)
            self.round_start = state.round_start
        self.previous = list(state.events)

    @property
    def phase(self) -> Phase:
        return self._view.phase

    @property
    def round_number(self) -> int:
        return self._view.round_number

    @property
    def log(self) -> list[Event]:
        events = self.table.state.events
        return [*self.earlier, *(events if self.ended is None else self.ended.events)]

    @overload
    def view(self, player: int) -> PlayerView: ...
    @overload
    def view(self, player: None) -> PublicView: ...
    def view(self, player: int | None) -> PublicView:
        view = self._view
        if player is None:
            return public_part(view)
        if not isinstance(view, PlayerView) or view.player != player:
            raise ValueError("a joined seat sees only its own view")
        return view

    def round_events(self, player: int | None) -> tuple[Event, ...]:
        events = tuple(self.table.state.events)
        if self.ended is not None:
            events = self.ended.events
        return events if player is not None else tuple(e.seen_by(None) for e in events)

    def decisions(self, *, out_of_turn: bool = True) -> tuple[Decision, ...]:
        view = self._view
        if self.held or not isinstance(view, PlayerView):
            return ()
        return tuple(d for d in view.decisions if out_of_turn or not d.kind.out_of_turn)

    def check(self, action: Action) -> None:
        if self.held:
            raise IllegalActionError("the host has not answered your last move yet")
        if not any(action in d.actions for d in self.decisions()):
            raise IllegalActionError("that is not one of your moves now")

    def teammate_of(self, seat: int) -> int | None:
        if not self.rules.team_game:
            return None
        return teammate_of(seat, len(self.names))


def public_part(view: PublicView) -> PublicView:
    """The public facts of a view (what an onlooker may know)."""
    return PublicView(**{f.name: getattr(view, f.name) for f in fields(PublicView)})


class JoinedTable:
    """A seat joined over the network (a ``uno_tui.match.table.Table``): the host runs the match;
    actions are sent, and the host's updates come through ``news``. The round so far is read
    with ``game.round_events``; ``news`` brings only what came after the table was opened.
    Opened once the host has welcomed the seat (``HostConnection.welcome``)."""

    autosave = None
    unsaved = None

    def __init__(self, table: HostConnection) -> None:
        self.table = table
        welcome = table.state.welcome
        if welcome is None or table.state.view is None:
            raise JoinError(table.state.closed or "the host has not welcomed this seat yet")
        self.game = JoinedGame(table, welcome)
        self.game.note_round()
        table.take_events()  # the round so far is the past: front ends read it as such
        self.seats = seats_of(welcome)
        seat = welcome.seat
        self.people: tuple[int, ...] = () if seat is None else (seat,)
        self.seen: object = None
        state = table.state
        if state.round_end is None or state.round_end is state.view:
            self.seen = state.view  # read already: ``news`` waits for the next update
        self.sent: tuple[int, object, float] | None = None
        """The moves count, the last refusal and the time when an action was sent."""

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    def person_to_decide(self) -> Decision | None:
        return next(iter(self.game.decisions(out_of_turn=False)), None)

    def options_for(self, seat: int) -> list[Decision]:
        return [d for d in self.game.decisions() if d.player == seat]

    def apply(self, action: Action) -> list[Event]:
        """Send the action (checked against this seat's moves first); its events come with
        the host's answer, through ``news``."""
        self.game.check(action)
        state = self.table.state
        sent = (state.moves, state.refusal, time.monotonic())
        if not self.table.send(action):
            status = self.table.status_line() or "Not connected to the host"
            raise TableUnreachable(status[:1].lower() + status[1:])
        self.sent, self.game.held = sent, True
        return []

    def _answered(self) -> bool:
        """Offer this seat's moves again once the host answered the one sent (or did not
        in ``ANSWER_TIMEOUT`` seconds); True when they are offered again."""
        if self.sent is None:
            return False
        moves, refusal, at = self.sent
        state = self.table.state
        answered = state.moves > moves or state.refusal is not refusal
        if answered or time.monotonic() - at > ANSWER_TIMEOUT or not self.table.connected:
            self.sent, self.game.held = None, False
            return True
        return False

    async def news(self, pause: Pause | None = None) -> list[Event]:
        """The host's next update (its bots are paced at the host: ``pause`` is not
        awaited here)."""
        ended = self.game.ended
        if ended is not None:  # the round's end was shown: on to the live table
            self.game.ended = None
            self.game.note_round(ended.events)
            self.seen = None
        while True:
            state = self.table.state
            fresh = state.view is not self.seen or bool(state.lines)
            closed = state.closed
            if closed is None and self.table.ended and not fresh:
                closed = "the connection to the host ended"
            if closed is not None and not self.is_over:
                raise TableClosed(closed)
            if fresh or closed is not None:
                break
            held = self.sent
            wait = None if held is None else max(0.0, held[2] + ANSWER_TIMEOUT - time.monotonic())
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await self.table.changed()
            state = self.table.state
            if self._answered() and state.view is self.seen and not state.lines:
                return []  # the host never answered the move: its decision is offered again
        state = self.table.state
        self.seen, ended, state.round_end = state.view, state.round_end, None
        if ended is not None and ended is not self.seen:
            self.game.ended = ended  # the host dealt again before this seat saw the end
        else:
            self.game.note_round()
        self._answered()
        return self.table.take_events()

    def take_lines(self) -> list[str]:
        return self.table.take_lines()

    def status(self) -> str | None:
        return self.table.status_line()

    def stirred(self) -> Awaitable[None]:
        """Until the host's next word or the connection's next change after this call (a
        front end that asks a question listens so, to tell it at once)."""
        return self.table.changed()

    def send_chat(self, text: str) -> str | None:
        """Say ``text`` to the table; why not, if it cannot be said (checked here first, and
        again at the host)."""
        try:
            text = check_text(text)
        except ChatRefused as refusal:
            return str(refusal)
        if not self.table.say(text):
            status = self.table.status_line() or "Not connected to the host"
            return status[:1].lower() + status[1:]
        return None

    def chat_lines(self) -> list[tuple[int, str]]:
        """This round's chat: how many of its events had come when each was said, and the
        words ("Ann says: good game")."""
        state = self.table.state
        return [
            (at, words) for round_start, at, words in state.chat if round_start == state.round_start
        ]
