"""What a front end needs from a match, local or hosted elsewhere: the seats it may decide
for, that seat's view, the events as that seat may see them, its decisions, and a way to act.

``Session`` (the match in this process) is a ``Table``; so is a seat joined over the network
(``uno_tui.net.joined.JoinedTable``), whose game is only what the host told that seat. What
changes the table without this front end comes as ``news``: a local bot's move (through the one
bot driver, ``uno_tui.match.bot_driver``) or the host's update; a front end never asks which.
``uno_tui.match.flow.MatchFlow`` plays every front end (the app, the line mode, a joined seat)
on a ``Table``. No terminal code here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, overload

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

if TYPE_CHECKING:
    from .bot_driver import Pause


class TableUnreachable(IllegalActionError):
    """The table cannot take an action now (a joined seat whose connection is down): the
    reason, for the person; the action may be sent again once the table is back."""


class TableClosed(Exception):
    """The table is gone for good (the host stopped, or another joined the seat): the reason."""


class TableGame(Protocol):
    """The game as a front end reads it: ``Game`` itself, or what a host told one seat."""

    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def round_number(self) -> int: ...
    @property
    def log(self) -> Sequence[Event]:
        """Every event so far, as far as this front end may know them."""

    @overload
    def view(self, player: int) -> PlayerView: ...
    @overload
    def view(self, player: None) -> PublicView: ...
    def view(self, player: int | None) -> PublicView: ...
    def round_events(self, player: int | None) -> tuple[Event, ...]: ...
    def decisions(self, *, out_of_turn: bool = True) -> Sequence[Decision]:
        """The open decisions this front end may know (a joined seat: its own)."""

    def check(self, action: Action) -> None:
        """Raise ``IllegalActionError`` if ``action`` is not allowed now."""

    def teammate_of(self, seat: int) -> int | None: ...


class SeatLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def bot_level(self) -> str | None: ...


class Table(Protocol):
    """A match as a front end plays it."""

    @property
    def game(self) -> TableGame: ...
    @property
    def seats(self) -> Sequence[SeatLike]: ...
    @property
    def people(self) -> tuple[int, ...]:
        """The seats this front end decides for."""

    @property
    def autosave(self) -> object:
        """Where this process saves the match (``None``: it does not)."""

    @property
    def unsaved(self) -> str | None: ...
    @property
    def is_over(self) -> bool: ...
    def person_to_decide(self) -> Decision | None: ...
    def options_for(self, seat: int) -> list[Decision]: ...
    def apply(self, action: Action) -> list[Event]:
        """A person's action (``IllegalActionError`` if refused); its events, as far as known
        yet (a joined seat: none until the host answers, through ``news``)."""

    async def news(self, pause: Pause) -> list[Event]:
        """Wait for the table's next change not made by this front end: a bot's move here
        (``pause`` awaited before it: ``uno_tui.match.bot_driver.Pause``) or the host's update
        (whose bots the host paces). The events it brought; ``TableClosed`` when the table is
        gone. A caller may stop waiting at any time: nothing is lost."""
        ...

    def take_lines(self) -> list[str]:
        """Notices for the person (the connection's state, a host's message), once each."""
        ...

    def send_chat(self, text: str) -> str | None:
        """Say ``text`` to the other people at the table; why not, if it cannot be said
        (``None``: sent)."""
        ...

    def status(self) -> str | None:
        """A line that stays said while it holds (a joined seat whose connection is down:
        "Not connected: reconnecting (3rd try)"); ``None`` for a match in this process."""
        ...
