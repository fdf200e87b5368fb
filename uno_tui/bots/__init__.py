"""Bots: policies that decide from a player's view only, never from the game.

``choose(view, rng)`` answers the decision the game is waiting for; ``react(view, rng)`` may
take an out-of-turn action (call UNO, catch, jump in) or return None to let the moment pass.
"""

from __future__ import annotations

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot

LEVELS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
"""Bot levels by name, weakest first."""


def make_bot(level: str) -> Bot:
    """A bot of the named level; raises ValueError naming the levels there are."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})") from None


__all__ = ["LEVELS", "Bot", "EasyBot", "HardBot", "MediumBot", "RandomBot", "make_bot"]
