"""What a front end needs from a match, local or hosted elsewhere: the seats it may decide
for, that seat's view, the events as that seat may see them, its decisions, and a way to act.

``Session`` (the match in this process) is a ``Table``; so is a seat joined over the network
(``uno_tui.net.joined.JoinedTable``), whose game is only what the host told that seat.
Bots that play in this process play through the ``bot_*`` methods (a joined seat has
none). ``uno_tui.match.flow.MatchFlow`` plays every front end (the app, the line mode, a joined
seat) on a ``Table``. No terminal code here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, overload

from uno_tui.engine import Action, Decision, Phase, PlayerView, PublicView, Rules
from uno_tui.engine.events import Event
from uno_tui.match.session import BotTurn


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

    moves_elsewhere: bool
    """True when bots and other people move on a host: the front end waits for ``news``
    instead of pacing bots."""

    @property
    def game(self) -> TableGame: ...
    @property
    def seats(self) -> Sequence[SeatLike]: ...
    @property
    def people(self) -> tuple[int, ...]:
        """The seats this front end decides for."""

    @property
    def bots(self) -> Mapping[int, object]:
        """The seats played by bots in this process."""

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

    def bot_react(self) -> list[Event] | None: ...
    def catch_hold(self) -> float:
        """Seconds bots still hold off from catching a player who did not call UNO."""
        ...

    def pace_catches(self) -> None:
        """Bots catch after a human-like reaction (``uno_tui.match.session.CatchPace``)."""
        ...

    def bot_turn(self) -> BotTurn | None: ...
    def think(self, turn: BotTurn) -> Action: ...
    def play_bot_turn(self, turn: BotTurn, action: Action) -> list[Event] | None: ...

    async def news(self) -> list[Event]:
        """Wait for the host's next update; the events it brought (``TableClosed`` when the
        table is gone). Only asked when ``moves_elsewhere``."""
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
