"""A remote seat made to look like the local ``Session`` a front end already drives: the
adapter that lets the line mode (``PlainGame``) play a hosted match unchanged.

It answers what ``PlainGame`` asks of a session (the person to decide, their options, apply)
from the host's latest messages, and "running the bots" is waiting for the host's next news.
It stands in until the front ends talk to the table interface of DESIGN.md ("Front ends talk
to a table"); then the table client (``RemoteTable``) plugs in there directly.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from uno_tui.engine import Action, Decision, PlayerView, Rules
from uno_tui.engine.events import Event

from . import protocol
from .client import RemoteTable, TableState

ACTION_TIMEOUT = 10.0
"""Seconds to wait for the host's answer to an action before asking again."""
POLL = 0.5
SLOW_DOWN_PAUSE = 1.0
"""Seconds to hold back after the host said to slow down."""


class HostClosed(Exception):
    """The host ended the connection for good (it stopped, or another joined the seat)."""


class RemoteGame:
    """The part of ``Game`` a front end reads: names, rules, this seat's view and events."""

    def __init__(self, table: RemoteTable) -> None:
        self.table = table
        welcome = table.wait_welcome()
        self.names: tuple[str, ...] = welcome.names
        self.rules: Rules = welcome.rules
        self.actions: tuple[Action, ...] = ()
        """The host keeps the record; a remote seat has no past actions to offer again."""

    def view(self, seat: int) -> PlayerView:
        return self.table.view

    def round_events(self, seat: int | None) -> tuple[Event, ...]:
        """The round so far, as this seat saw it; taken (told) by asking."""
        with self.table.lock:
            state = self.table.state
            state.told = len(state.events)
            return tuple(state.events)


class RemoteSession:
    """What ``PlainGame`` needs of a ``Session``, played on a ``RemoteTable``."""

    autosave = None
    unsaved = None

    def __init__(self, table: RemoteTable) -> None:
        self.table = table
        self.game = RemoteGame(table)
        welcome = table.wait_welcome()
        self.seat = welcome.seat
        self.people: tuple[int, ...] = () if self.seat is None else (self.seat,)
        self.say: Callable[[str], None] = print
        self.closed_by_host: str | None = None

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    def save(self) -> None:
        """The host saves; nothing to do here."""

    def _say_lines(self) -> None:
        for line in self.table.take_lines():
            self.say(line)

    def _check_closed(self) -> None:
        with self.table.lock:
            closed = self.table.state.closed
        if closed is not None and not self.is_over:
            self._say_lines()
            self.closed_by_host = closed
            raise HostClosed(closed)

    def person_to_decide(self) -> Decision | None:
        view = self.table.view
        return next((d for d in view.decisions if not d.kind.out_of_turn), None)

    def options_for(self, seat: int) -> list[Decision]:
        return list(self.table.view.decisions)

    def run_bots(self) -> list[Event]:
        """Wait for the host's news (other players' moves) until this seat must decide or
        the match ends; the events that came, to tell."""
        self._say_lines()
        with self.table.lock:
            version = self.table.state.version
        while self.person_to_decide() is None and not self.is_over:
            self._check_closed()
            if self.table.wait(lambda s: s.version != version, POLL):
                break
        self._say_lines()
        self._check_closed()
        return self.table.take_events()

    def apply(self, action: Action) -> list[Event]:
        """Send the action and wait for the host's answer: the new view, or a refusal."""
        with self.table.lock:
            moves, refusal = self.table.state.moves, self.table.state.refusal

        def answered(state: TableState) -> bool:
            return state.moves > moves or state.refusal is not refusal

        if not self.table.send(action):
            self.say("Not connected to the host: waiting to reconnect, then asking again.")
            while not self.table.wait(lambda state: self.table.connected, POLL):
                self._check_closed()
            self._say_lines()
            return self.table.take_events()
        self.table.wait(answered, ACTION_TIMEOUT)
        with self.table.lock:
            latest = self.table.state.refusal
        if latest is not refusal and latest is not None and latest.text == protocol.SLOW_DOWN:
            time.sleep(SLOW_DOWN_PAUSE)
        self._say_lines()
        self._check_closed()
        return self.table.take_events()
