"""Turn timers for people's seats at a hosted table (``uno-tui host --turn-seconds N``, off by
default): a warning when ``WARN_AT`` seconds are left (half the time, on shorter turns), then
a bot of the host's chosen level makes that one move; after ``AUTOPILOT_AFTER`` timed-out
turns in a row the seat is played by that bot until its person acts again
(``uno_tui.net.host`` hands it back).

``TurnTimers`` only counts: it reads an injected clock (``time.monotonic`` by default), so a
test turns time by hand and never waits for it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable

from uno_tui.narration import clock_words, timers_words

WARN_AT = 10.0
"""Seconds left when the person is warned."""
AUTOPILOT_AFTER = 2
"""Timed-out turns in a row after which the bot keeps the seat until its person acts."""
TURN_POLL = 0.1
"""How often the host looks at the timers (seconds of its own loop, not of the clock)."""


class TurnTimers:
    """Per seat: since when it has been awaited at this point of the match (``moment``, the
    number of actions applied), whether it was warned, and its timed-out turns in a row."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.warn_at = min(WARN_AT, seconds / 2)
        """Seconds left at the warning: ``WARN_AT``, or half the turn if that is shorter (a
        warning as the turn begins would warn of nothing)."""
        self.clock = clock
        self.started: dict[int, tuple[int, float]] = {}
        self.warned: set[tuple[int, int]] = set()
        self.missed: dict[int, int] = {}

    def due(self, awaited: Iterable[int], moment: int) -> tuple[list[tuple[int, int]], list[int]]:
        """The seats to warn now (with the whole seconds they have left) and the seats whose
        time is up, of those ``awaited`` at ``moment``."""
        now = self.clock()
        waiting = set(awaited)
        for seat in list(self.started):
            if seat not in waiting:
                del self.started[seat]
        warn: list[tuple[int, int]] = []
        expired: list[int] = []
        for seat in sorted(waiting):
            began = self.started.get(seat)
            if began is None or began[0] != moment:
                began = self.started[seat] = (moment, now)
            left = self.seconds - (now - began[1])
            if left <= 0:
                expired.append(seat)
                del self.started[seat]
            elif left <= self.warn_at and (seat, moment) not in self.warned:
                self.warned.add((seat, moment))
                warn.append((seat, math.ceil(left)))
        if len(self.warned) > 1000:
            self.warned = {(seat, at) for seat, at in self.warned if at >= moment}
        return warn, expired

    def timed_out(self, seat: int) -> bool:
        """Count a timed-out turn; True when the seat has now missed enough in a row to be
        played by the bot until its person acts."""
        self.missed[seat] = self.missed.get(seat, 0) + 1
        return self.missed[seat] >= AUTOPILOT_AFTER

    def acted(self, seat: int) -> None:
        """The person moved: their count of timed-out turns starts again."""
        self.missed.pop(seat, None)


def room_timers_notice(timers: TurnTimers | None, seat: int | None, bot: str) -> str | None:
    """What a person taking a seat in a room of a timed table is told at once (the match's
    start tells it again, in ``timers_notice``'s words). ``None`` at an untimed table, or
    for a spectator."""
    if timers is None or seat is None:
        return None
    return timers_words(timers.seconds, timers.warn_at, bot, room=True)


def timers_notice(timers: TurnTimers | None, seat: int | None, moves: int, bot: str) -> str | None:
    """What a person coming to a timed table is told: the time a move, the warning, the bot;
    and how long their turn has left if its clock is running (a seat joining mid-turn).
    ``None`` at an untimed table, or for a spectator."""
    if timers is None or seat is None:
        return None
    text = timers_words(timers.seconds, timers.warn_at, bot)
    began = timers.started.get(seat)
    if began is not None and began[0] == moves:
        left = max(1, math.ceil(timers.seconds - (timers.clock() - began[1])))
        text += f" {clock_words(left)}"
    return text
