"""Who sits at a table: a person or a bot of a named level. A leaf: it imports nothing of
uno_tui, so a front end, a save or a statistic names the levels without loading a bot."""

from __future__ import annotations

from dataclasses import dataclass

BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
"""The game's bot levels, weakest first: the keys of ``uno_tui.bots.LEVELS`` (a test holds
the two equal)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a person, or a bot of the named level."""

    name: str
    bot_level: str | None = None

    @property
    def is_person(self) -> bool:
        return self.bot_level is None
