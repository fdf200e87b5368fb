"""A match being played in this process: who sits where, the bots' turns, and the events.

``Session`` is the ``uno_tui.match.table.Table`` of a match played here (a seat joined to a host is
the other kind). The match flow (``uno_tui.match.flow.MatchFlow``), which every front end runs,
asks it which person must decide now, applies that person's action, and lets it play the bots
one step at a time. No rules live here; the engine decides what is legal. Given a saver, the
session autosaves after every applied action, a person's or a bot's
(``uno_tui.store.saves.Autosave`` is the one on disk), and keeps a finished match through it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from uno_tui.engine import (
    Action,
    CallUno,
    CatchUno,
    Decision,
    DecisionKind,
    Game,
    MatchRecord,
    Phase,
    PlayerView,
    RecordError,
    Rules,
)
from uno_tui.engine.events import Event
from uno_tui.seats import BOT_LEVELS, Seat

if TYPE_CHECKING:
    from uno_tui.bots import Bot

__all__ = ["BOT_LEVELS", "BotTurn", "CatchPace", "Saver", "Seat", "Session"]

MAX_BOT_ACTIONS = 100_000
"""A guard against a bot that never ends a round; far above any real round."""


CATCH_REACTION: dict[str, float] = {"hard": 1.2, "medium": 1.6, "random": 2.0, "easy": 2.4}
"""Seconds a bot of each level takes, at the least, to see that a player did not call UNO:
never less than about a second, so a person who forgot has time to press U."""
CATCH_SPREAD = 0.6
"""A bot's reaction varies by up to this many seconds more, from one chance to the next."""
EASY_LOOKS_AWAY = 0.6
"""How often an easy bot does not notice at all."""


class CatchPace:
    """How soon each bot may catch a player who did not call UNO: a human-like reaction
    after the moment the player became catchable (by the level, with some spread; an easy
    bot often not at all). The reflexes come from their own seeded dice, never the bots'
    dice (so a record replays the same), and time from ``clock`` (a test's own)."""

    def __init__(self, seed: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.seed = seed
        self.clock = clock
        self.since: tuple[int, float] | None = None
        """The moment (the log's length) catching became possible, and when it was seen."""

    def delay(self, level: str, moment: int, catcher: int) -> float | None:
        """Seconds ``catcher`` (a bot of ``level``) takes to react at ``moment``; ``None``
        if it does not notice at all."""
        reflex = random.Random(f"{self.seed}:{moment}:{catcher}")
        if level == "easy" and reflex.random() < EASY_LOOKS_AWAY:
            return None
        return CATCH_REACTION.get(level, CATCH_REACTION["random"]) + reflex.uniform(0, CATCH_SPREAD)

    def waited(self, moment: int) -> float:
        """Seconds since catching became possible at ``moment`` (0 the first time asked)."""
        now = self.clock()
        if self.since is None or self.since[0] != moment:
            self.since = (moment, now)
        return now - self.since[1]

    def hold(self, moment: int, catchers: dict[int, str]) -> float:
        """Seconds until the quickest of ``catchers`` (seat: level) reacts; 0 when one may
        now, or when none will."""
        delays = [
            d for c, level in catchers.items() if (d := self.delay(level, moment, c)) is not None
        ]
        if not delays:
            return 0.0
        return max(0.0, min(delays) - self.waited(moment))

    def ready(self, moment: int, catcher: int, level: str) -> bool:
        """Whether ``catcher`` has seen the player who did not call, by now."""
        delay = self.delay(level, moment, catcher)
        return delay is not None and self.waited(moment) >= delay


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot's turn to think about: who, what they see, and when (the length of the log)."""

    player: int
    view: PlayerView
    moment: int


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

    moves_elsewhere = False
    """Everyone moves here: bots are paced by the front end (``uno_tui.match.table.Table``)."""

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
        self.catch_pace: CatchPace | None = None
        """Set (``pace_catches``) where people play at a human pace: bots catch a player
        who did not call UNO only after a reaction delay. Unset, they catch at once."""

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
        if self.catch_pace is None:
            self.catch_pace = CatchPace(self.game.seed, clock)

    def _catchers(self) -> dict[int, str]:
        """The bots that may catch someone now, with their levels."""
        return {
            d.player: self.seats[d.player].bot_level or ""
            for d in self.game.decisions()
            if d.kind is DecisionKind.CATCH_UNO and d.player in self.bots
        }

    def catch_hold(self) -> float:
        """Seconds the bots still hold off while someone sits catchable without UNO called,
        before the quickest bot may catch (0: none holds). Front ends that pace bots wait
        this out before letting them act; a person may call or catch meanwhile."""
        if self.catch_pace is None or self.is_over:
            return 0.0
        catchers = self._catchers()
        if not catchers:
            return 0.0
        return self.catch_pace.hold(len(self.game.log), catchers)

    def _apply(self, action: Action, *, save: bool = True) -> list[Event]:
        was_over = self.is_over
        events = self.game.apply(action)
        if self.is_over and not was_over:
            self.keep()
        if save:
            self.save()
        return events

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

    async def news(self) -> list[Event]:
        """Nothing moves elsewhere: never asked (``moves_elsewhere`` is False)."""
        return []

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
        """A person's action (the engine checks it)."""
        return self._apply(action)

    def run_bots(self) -> list[Event]:
        """Let the bots react and play until a person must decide or the match is over."""
        events: list[Event] = []
        for _ in range(MAX_BOT_ACTIONS):
            step = self.bot_step()
            if step is None:
                return events
            events += step
        raise RuntimeError("the bots played on without end")

    def bot_step(self) -> list[Event] | None:
        """One bot action (an out-of-turn reaction first, else a bot's turn) and its events, or
        ``None`` when a person must decide or the match is over. Front ends that show bots'
        turns one at a time call this with a pause between calls."""
        reacted = self.bot_react()
        if reacted is not None:
            return reacted
        turn = self.bot_turn()
        if turn is None:
            return None
        return self.play_bot_turn(turn, self.think(turn))

    def bot_react(self) -> list[Event] | None:
        """The first out-of-turn action a bot wants now (a UNO call, a catch) and its events."""
        reacted = self._bot_reaction()
        return None if reacted is None else self._apply(reacted)

    def bot_turn(self) -> BotTurn | None:
        """The bot whose decision the game awaits, with what it sees; ``None`` when the match is
        over or a person must decide. (Ask ``bot_react`` first: reactions come before turns.)"""
        if self.is_over or self.person_to_decide() is not None:
            return None
        player = self.game.decisions(out_of_turn=False)[0].player
        return BotTurn(player, self.game.view(player), len(self.game.log))

    def think(self, turn: BotTurn) -> Action:
        """The bot's choice. It reads only ``turn.view`` (and the bots' dice), never the game,
        so a front end may run it off its UI thread while people look at their cards."""
        return self.bots[turn.player].choose(turn.view, self.rng)

    def play_bot_turn(self, turn: BotTurn, action: Action) -> list[Event] | None:
        """Apply what the bot chose, unless the game moved on while it thought (a person
        called UNO or caught someone): then ``None``, and the bot must look again."""
        if len(self.game.log) != turn.moment:
            return None
        # Saved once, after the UNO call below: the bot's dice are rolled for the call, and a
        # save between the card and the call would resume with them rolled one time fewer.
        events = self._apply(action, save=False)
        # A bot calls UNO as it plays its next-to-last card, as a person may (U before the
        # card): asked a step later, it would sit a bot's pause in the open, to be caught.
        for call in self.game.decisions():
            if call.kind is DecisionKind.CALL_UNO and call.player == turn.player:
                answer = self.bots[turn.player].react(self.game.view(turn.player), self.rng)
                if isinstance(answer, CallUno):
                    events += self._apply(answer, save=False)
                break
        self.save()
        return events

    def _bot_reaction(self) -> Action | None:
        """The first out-of-turn action a bot wants to take now (UNO calls, catches)."""
        if self.is_over:
            return None
        # Calls first: a player (or teammate) who may still call UNO is asked before anyone
        # may catch them, whatever the seat order.
        decisions = sorted(
            (d for d in self.game.decisions() if d.kind.out_of_turn),
            key=lambda d: d.kind is not DecisionKind.CALL_UNO,
        )
        for decision in decisions:
            bot = self.bots.get(decision.player)
            if bot is not None:
                action = bot.react(self.game.view(decision.player), self.rng)
                if isinstance(action, CatchUno) and not self._has_seen(action.player):
                    continue  # not yet (or never) noticed: ``catch_hold``
                if action is not None:
                    return action
        return None

    def _has_seen(self, catcher: int) -> bool:
        pace = self.catch_pace
        level = self.seats[catcher].bot_level or ""
        return pace is None or pace.ready(len(self.game.log), catcher, level)
