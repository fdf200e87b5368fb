"""A match being played in this process: who sits where, the bots' turns, and the events.

``Session`` is the ``uno_tui.match.table.Table`` of a match played here (a seat joined to a host
is the other kind). The match flow (``uno_tui.match.flow.MatchFlow``), which every front end
runs, asks it which person must decide now and applies that person's action; the bots move
through the one bot driver (``uno_tui.match.bot_driver``), whose actions come to the flow as
the table's ``news``, as a host's do to a joined seat. No rules live here; the engine decides
what is legal. Given a saver, the
session autosaves after every applied action, a person's or a bot's
(``uno_tui.store.saves.Autosave`` is the one on disk), and keeps a finished match through it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from uno_tui.engine import (
    Action,
    Decision,
    Game,
    MatchRecord,
    Phase,
    RecordError,
    Rules,
)
from uno_tui.engine.events import Event
from uno_tui.seats import BOT_LEVELS, Seat

from .bot_driver import BotDriver, BotTurn, CatchPace, Pause, no_pause

if TYPE_CHECKING:
    from uno_tui.bots import Bot

__all__ = ["BOT_LEVELS", "BotTurn", "CatchPace", "Saver", "Seat", "Session"]


class Saver(Protocol):
    """Where a session writes itself after every action (``uno_tui.store.saves.Autosave`` on disk;
    a test's saver may keep the saves in memory)."""

    @property
    def path(self) -> Path | None:
        """The file the saves go to, whose folder keeps the finished matches (``matches/``
        beside it); ``None`` for a saver that writes no file (nothing is kept then)."""
        ...

    @property
    def failure(self) -> str | None:
        """Why the last save was not written, in words for the players (a full disk, another
        uno-tui holding the save); ``None`` when it was."""
        ...

    def save(self, session: Session) -> None:
        """Write ``session`` as it stands now (a failure is told through ``failure``)."""
        ...

    def keep(self, session: Session) -> None:
        """Keep ``session``'s match for good (``matches/`` beside the save): when it ends, and
        when a new match replaces it unfinished. A saver that writes no file keeps nothing."""
        ...


class Session:
    """A match in this process: a ``uno_tui.match.table.Table`` for the front ends."""

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        game: Game | None = None,
        autosave: Saver | None = None,
    ) -> None:
        from uno_tui.bots import make_bot  # loaded with a match, not with the setup screen

        self.seats = tuple(seats)
        self.game = game or Game(rules, [seat.name for seat in self.seats], seed=seed)
        self.bots: dict[int, Bot] = {
            i: make_bot(seat.bot_level)
            for i, seat in enumerate(self.seats)
            if seat.bot_level is not None
        }
        self.rng = random.Random(self.game.seed ^ 0xB075)
        self.autosave = autosave
        self.driver = BotDriver(self)
        """The bots' holds, reactions and turns (``uno_tui.match.bot_driver``)."""
        self.changes = 0
        """How many times the table changed here (an action applied, a seat's controller
        changed): the bots look again after each."""
        self._changed: tuple[asyncio.AbstractEventLoop, asyncio.Event] | None = None
        self._stepping: tuple[asyncio.Future[list[Event] | None], int] | None = None
        """The bots' step under way (with ``changes`` when it began): a front end that stops
        waiting for news leaves it running, and the next ``news`` takes its result."""

    @classmethod
    def from_record(
        cls,
        record: MatchRecord,
        seats: Sequence[Seat],
        *,
        bot_rng_state: Any = None,
        autosave: Saver | None = None,
    ) -> Session:
        """The session a record left off: every action replayed (``RecordError`` naming the
        move if one is not legal), the bots' dice where they were, so the same player is asked
        the same decision."""
        if tuple(seat.name for seat in seats) != record.players:
            raise RecordError("the seats do not match the record's players")
        session = cls(record.rules, seats, game=Game.from_record(record), autosave=autosave)
        if bot_rng_state is not None:
            session.rng.setstate(bot_rng_state)
        return session

    def save(self) -> None:
        """Write the autosave now (it is written after every action anyway)."""
        if self.autosave is not None:
            self.autosave.save(self)

    def pace_catches(self, clock: Callable[[], float] = time.monotonic) -> None:
        """Bots react to a forgotten UNO call as people would (``CatchPace``); a pace set
        already (a test's clock) is kept."""
        if self.driver.catch_pace is None:
            self.driver.catch_pace = CatchPace(self.game.seed, clock)

    @property
    def catch_pace(self) -> CatchPace | None:
        return self.driver.catch_pace

    def apply_unsaved(self, action: Action) -> list[Event]:
        """Apply ``action`` (the engine checks it) without saving yet; a match it ends is
        kept."""
        was_over = self.is_over
        events = self.game.apply(action)
        self._note_change()
        if self.is_over and not was_over:
            self.keep()
        return events

    def _note_change(self) -> None:
        self.changes += 1
        if self._changed is not None:
            self._changed[1].set()

    def _change_event(self) -> asyncio.Event:
        """The event a change sets, for the running loop (a session may outlive a loop)."""
        loop = asyncio.get_running_loop()
        if self._changed is None or self._changed[0] is not loop:
            self._changed = (loop, asyncio.Event())
        return self._changed[1]

    def set_controller(self, seat: int, level: str | None) -> None:
        """``seat`` is played by a bot of ``level`` from now on (``None``: by its person);
        saved, and the bots look again."""
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], bot_level=level)
        self.seats = tuple(seats)
        if level is None:
            self.bots.pop(seat, None)
        else:
            from uno_tui.bots import make_bot

            self.bots[seat] = make_bot(level)
        self._note_change()
        self.save()

    def keep(self) -> None:
        """Keep this match for good through its saver (a session saved nowhere is kept
        nowhere): when it ends, and when a new match replaces it unfinished."""
        if self.autosave is not None:
            self.autosave.keep(self)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_person)

    @property
    def is_over(self) -> bool:
        return self.game.phase is Phase.MATCH_OVER

    @property
    def unsaved(self) -> str | None:
        """Why this match is not being saved now, as a sentence for the players (the disk
        fails, another uno-tui holds the save), or ``None`` when it is saved or has no saver."""
        failure = None if self.autosave is None else self.autosave.failure
        return f"{failure[:1].upper()}{failure[1:]}." if failure else None

    async def news(self, pause: Pause = no_pause) -> list[Event]:
        """The table's next change not made by a front end: a bot's action here, after
        ``pause`` (``uno_tui.match.bot_driver.Pause``). Waits while no bot has anything to do,
        until a person's action gives them something. A caller that stops waiting leaves the
        bots' step running: the next call takes its events (so a bot never thinks twice at
        once, and no move is lost)."""
        loop = asyncio.get_running_loop()
        while True:
            if self._stepping is not None and self._stepping[0].get_loop() is not loop:
                self._stepping = None  # a loop gone before its step ended: nothing applied
            if self._stepping is None:
                step: asyncio.Future[list[Event] | None] = asyncio.ensure_future(
                    self.driver.step(pause)
                )
                self._stepping = (step, self.changes)
            step, began = self._stepping
            try:
                events = await asyncio.shield(step)
            finally:
                if step.done() and self._stepping is not None and self._stepping[0] is step:
                    self._stepping = None
            if events:
                return events
            if events is None:  # nothing for the bots until the table changes
                changed = self._change_event()
                while self.changes == began:
                    changed.clear()
                    await changed.wait()

    def take_lines(self) -> list[str]:
        """No connection to tell about."""
        return []

    def status(self) -> str | None:
        """No connection whose state stays said."""
        return None

    def send_chat(self, text: str) -> str | None:
        """Everyone is at this keyboard: there is nobody to write to."""
        return "the chat is for a hosted match: everyone here shares this screen"

    def person_to_decide(self) -> Decision | None:
        """The decision the game awaits from a person, if any (the first, when several people
        choose at once: each answers in turn, privately)."""
        for decision in self.game.decisions(out_of_turn=False):
            if decision.player not in self.bots:
                return decision
        return None

    def options_for(self, seat: int) -> list[Decision]:
        """Everything ``seat`` may decide now: the awaited decision and out-of-turn ones."""
        return [d for d in self.game.decisions() if d.player == seat]

    def apply(self, action: Action) -> list[Event]:
        """A person's action (the engine checks it), saved."""
        events = self.apply_unsaved(action)
        self.driver.person_acted()
        self.save()
        return events

    def run_bots(self) -> list[Event]:
        """Let the bots react and play until a person must decide or the match is over
        (at once: no pause, no hold)."""
        return self.driver.run()

    def bot_step(self) -> list[Event] | None:
        """One bot action at once (an out-of-turn reaction first, else a bot's turn) and its
        events, or ``None`` when a person must decide or the match is over."""
        return self.driver.step_now()
