"""The pace of a hosted table's bots: the local table's (``match_flow.BOT_PAUSE`` between two
bot moves, ``HIT_PAUSE`` times that after a move that hit a person), so people at other
terminals can follow what the bots do, as they would at the app's own table."""

from __future__ import annotations

from collections.abc import Sequence

from uno_tui.engine.events import Event
from uno_tui.match.flow import BOT_PAUSE, HIT_PAUSE, hits_person

__all__ = ["BOT_PAUSE", "BotPace"]


class BotPace:
    """How long the host waits before a bot's move: ``seconds`` (0: no wait), twice that
    when what happened since the last wait hit a person. Each point of the match is waited
    for once: asked again with nothing new, it answers 0."""

    def __init__(self, seconds: float = BOT_PAUSE) -> None:
        self.seconds = max(0.0, seconds)
        self.paused_at = -1
        """How many events the log held at the last wait."""

    def delay(self, log: Sequence[Event], people: set[int]) -> float:
        count = len(log)
        if self.seconds <= 0 or count == self.paused_at:
            return 0.0
        since = log[max(0, self.paused_at) : count] if 0 <= self.paused_at <= count else ()
        self.paused_at = count
        return self.seconds * (HIT_PAUSE if hits_person(since, people) else 1.0)
