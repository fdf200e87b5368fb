"""The one bot driver: when the bots of a match in this process react and move, and with what.

``BotDriver.step`` is one bot action, the same for a local match (``Session.news``, which the
match flow awaits) and a hosted one (``uno_tui.net.host.Host``): first the hold (a person who
just played their next-to-last card may still call UNO; a bot sees a forgotten call only after
a human-like reaction, ``CatchPace``), then an out-of-turn reaction (a call, a catch), then the
awaited bot's turn, after the caller's ``pause`` and with the bot's thinking off the loop.

The seat's controller is read again when a move is applied: a bot's choice is applied only if
the same bot still plays that seat and the match has not moved meanwhile (a seat handed back to
its person while the bot thought simply gets no bot move). Time comes from an injected clock.
No terminal code.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from uno_tui.engine import Action, CallUno, CatchUno, DecisionKind, Game, Phase, PlayerView
from uno_tui.engine.events import Event
from uno_tui.seats import Seat

if TYPE_CHECKING:
    from uno_tui.bots import Bot

CATCH_REACTION: dict[str, float] = {"hard": 1.2, "medium": 1.6, "random": 2.0, "easy": 2.4}
"""Seconds a bot of each level takes, at the least, to see that a player did not call UNO:
never less than about a second, so a person who forgot has time to press U."""
CATCH_SPREAD = 0.6
"""A bot's reaction varies by up to this many seconds more, from one chance to the next."""
EASY_LOOKS_AWAY = 0.6
"""How often an easy bot does not notice at all."""
HOLD_POLL = 0.05
"""While the bots hold off, ``step`` looks again this often."""
MAX_BOT_ACTIONS = 100_000
"""A guard against bots that never end a round; far above any real round."""


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
    """A bot's turn to think about: who, what they see, when (the length of the log), and the
    bot that played the seat when the turn was seen (its move is applied only if it still
    does)."""

    player: int
    view: PlayerView
    moment: int
    bot: Bot


Pause = Callable[[BotTurn | None], Awaitable[None]]
"""Awaited before a bot's turn is thought about (with the turn: a front end shows the table
and waits its bot pause; the host waits its pace) and right before any bot action is applied
(with ``None``: a front end holds the bots there while a person's question is up). People act
meanwhile; the driver looks again if they did."""


async def no_pause(turn: BotTurn | None) -> None:
    """Bots move at once (a test's, a simulation's)."""


class Table(Protocol):
    """What the driver reads and changes: a ``uno_tui.match.session.Session``."""

    @property
    def game(self) -> Game: ...
    @property
    def seats(self) -> Sequence[Seat]: ...
    @property
    def bots(self) -> Mapping[int, Bot]:
        """Who plays each bot seat now (read at every step: seats change hands)."""

    @property
    def rng(self) -> random.Random: ...
    def apply_unsaved(self, action: Action) -> list[Event]:
        """Apply a bot's action (the engine checks it) without saving yet."""

    def save(self) -> None:
        """Save the match as it stands (after a bot's move and its UNO call, once)."""


class BotDriver:
    """The bots of one match: their holds, reactions and turns (see the module)."""

    def __init__(
        self, table: Table, *, clock: Callable[[], float] = time.monotonic, uno_grace: float = 0.0
    ) -> None:
        self.table = table
        self.clock = clock
        self.uno_grace = uno_grace
        """Seconds the bots hold off after a person's play leaves them one card uncalled (the
        host's: people far away are not asked the call before the bots move)."""
        self.catch_pace: CatchPace | None = None
        """Set (``pace_catches``) where people play at a human pace: bots catch a player
        who did not call UNO only after a reaction delay. Unset, they catch at once."""
        self.person_played_at = -1e9
        """When a person last acted (``person_acted``), on ``clock``."""
        self.thinking: BotTurn | None = None
        """The turn a bot is thinking about now, off the loop."""

    @property
    def game(self) -> Game:
        return self.table.game

    def pace_catches(self) -> None:
        """Bots react to a forgotten UNO call as people would (``CatchPace``); a pace set
        already is kept."""
        if self.catch_pace is None:
            self.catch_pace = CatchPace(self.game.seed, self.clock)

    def person_acted(self) -> None:
        self.person_played_at = self.clock()

    # The hold ------------------------------------------------------------------------------

    def hold(self) -> float:
        """Seconds the bots still hold off (0: none holds): a person's call after their
        play, or the bots' reaction to a forgotten one. A person may call or catch meanwhile."""
        if self.game.phase is Phase.MATCH_OVER:
            return 0.0
        return max(self._uno_hold(), self._catch_hold())

    def _uno_hold(self) -> float:
        actions = self.game.actions
        if self.uno_grace <= 0 or not actions or actions[-1].player in self.table.bots:
            return 0.0
        player = actions[-1].player
        if not any(
            d.kind is DecisionKind.CALL_UNO and d.player == player for d in self.game.decisions()
        ):
            return 0.0
        return max(0.0, self.person_played_at + self.uno_grace - self.clock())

    def _catch_hold(self) -> float:
        if self.catch_pace is None:
            return 0.0
        catchers = {
            d.player: self.table.seats[d.player].bot_level or ""
            for d in self.game.decisions()
            if d.kind is DecisionKind.CATCH_UNO and d.player in self.table.bots
        }
        if not catchers:
            return 0.0
        return self.catch_pace.hold(len(self.game.log), catchers)

    # What the bots want ---------------------------------------------------------------------

    def reaction(self) -> Action | None:
        """The first out-of-turn action a bot wants to take now (UNO calls, catches)."""
        if self.game.phase is Phase.MATCH_OVER:
            return None
        # Calls first: a player (or teammate) who may still call UNO is asked before anyone
        # may catch them, whatever the seat order.
        decisions = sorted(
            (d for d in self.game.decisions() if d.kind.out_of_turn),
            key=lambda d: d.kind is not DecisionKind.CALL_UNO,
        )
        bots = self.table.bots
        for decision in decisions:
            bot = bots.get(decision.player)
            if bot is None:
                continue
            action = bot.react(self.game.view(decision.player), self.table.rng)
            if isinstance(action, CatchUno) and not self._has_seen(action.player):
                continue  # not yet (or never) noticed: ``hold``
            if action is not None:
                return action
        return None

    def _has_seen(self, catcher: int) -> bool:
        pace = self.catch_pace
        level = self.table.seats[catcher].bot_level or ""
        return pace is None or pace.ready(len(self.game.log), catcher, level)

    def turn(self) -> BotTurn | None:
        """The bot whose decision the game awaits, with what it sees; ``None`` when the match is
        over or a person must decide. (Reactions come first: ``reaction``.)"""
        if self.game.phase is Phase.MATCH_OVER:
            return None
        awaited = self.game.decisions(out_of_turn=False)
        bots = self.table.bots
        if not awaited or any(d.player not in bots for d in awaited):
            return None
        player = awaited[0].player
        return BotTurn(player, self.game.view(player), len(self.game.log), bots[player])

    def current(self, turn: BotTurn) -> bool:
        """Whether ``turn`` still stands: the match has not moved and the same bot plays."""
        return len(self.game.log) == turn.moment and self.table.bots.get(turn.player) is turn.bot

    # Acting ----------------------------------------------------------------------------------

    def react(self) -> list[Event] | None:
        """The first reaction a bot wants now, applied; its events, or ``None``."""
        action = self.reaction()
        return None if action is None else self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        events = self.table.apply_unsaved(action)
        self.table.save()
        return events

    def choose(self, turn: BotTurn) -> Action:
        """The bot's choice. It reads only ``turn.view`` (and the bots' dice), never the game,
        so it may run off the loop while people look at their cards."""
        return turn.bot.choose(turn.view, self.table.rng)

    def play(self, turn: BotTurn, action: Action) -> list[Event] | None:
        """Apply what the bot chose, unless the turn no longer stands (``current``): then
        ``None``, and the driver looks again."""
        if not self.current(turn):
            return None
        return self._move(turn.player, turn.bot, action, self.table.rng)

    def _move(self, seat: int, bot: Bot, action: Action, rng: random.Random) -> list[Event]:
        """``action`` for ``seat``, then the UNO call ``bot`` makes with it, saved once: a bot
        calls as it plays its next-to-last card, as a person may (U before the card); asked a
        step later, it would sit a bot's pause in the open, to be caught. (Saved after the
        call: the dice are rolled for it, and a save between would resume them one roll
        short.)"""
        events = self.table.apply_unsaved(action)
        for call in self.game.decisions():
            if call.kind is DecisionKind.CALL_UNO and call.player == seat:
                answer = bot.react(self.game.view(seat), rng)
                if isinstance(answer, CallUno) and answer in call.actions:
                    events += self.table.apply_unsaved(answer)
                break
        self.table.save()
        return events

    async def think(self, turn: BotTurn) -> Action:
        """``choose``, off the loop (a hard bot thinks for its budget); keys and the clock
        keep going meanwhile."""
        self.thinking = turn
        try:
            return await asyncio.to_thread(self.choose, turn)
        finally:
            self.thinking = None

    async def step(self, pause: Pause = no_pause) -> list[Event] | None:
        """One bot action: its events; ``[]`` when the bots hold off or looked again (the
        table changed while they waited or thought); ``None`` when no bot has anything to do
        (a person must decide, or the match is over)."""
        hold = self.hold()
        if hold > 0:
            await asyncio.sleep(min(hold, HOLD_POLL))
            return []
        moment = len(self.game.log)
        reaction = self.reaction()
        if reaction is not None:
            await pause(None)
            if len(self.game.log) != moment:
                return []  # people acted meanwhile: look again
            return self._apply(reaction)
        turn = self.turn()
        if turn is None:
            return None
        await pause(turn)
        if not self.current(turn):
            return []
        action = await self.think(turn)
        await pause(None)
        return self.play(turn, action) or []

    def step_now(self) -> list[Event] | None:
        """One bot action at once, with no pause nor thread (tests, the synchronous
        ``Session.run_bots``); ``None`` when no bot has anything to do. Holds are not waited."""
        reacted = self.react()
        if reacted is not None:
            return reacted
        turn = self.turn()
        if turn is None:
            return None
        return self.play(turn, self.choose(turn))

    def run(self) -> list[Event]:
        """Let the bots react and play until a person must decide or the match is over."""
        events: list[Event] = []
        for _ in range(MAX_BOT_ACTIONS):
            step = self.step_now()
            if step is None:
                return events
            events += step
        raise RuntimeError("the bots played on without end")

    async def move_for(self, seat: int, bot: Bot, rng: random.Random) -> list[Event] | None:
        """``bot`` makes the move the game awaits from ``seat``'s person (whose time ran out),
        with its own dice: thought off the loop, applied only if the moment has not passed
        and the seat is still its person's; its events, or ``None``."""
        if seat in self.table.bots or not any(
            d.player == seat for d in self.game.decisions(out_of_turn=False)
        ):
            return None
        moment = len(self.game.log)
        action = await asyncio.to_thread(bot.choose, self.game.view(seat), rng)
        if len(self.game.log) != moment or seat in self.table.bots:
            return None  # the person moved meanwhile, or a bot took the seat
        return self._move(seat, bot, action, rng)
