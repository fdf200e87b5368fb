"""Bots: policies that decide from a player's view only, never from the game.

``choose(view, rng)`` answers the decision the game is waiting for; ``react(view, rng)`` may
take an out-of-turn action (call UNO, catch, jump in) or return None to let the moment pass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot

BotFactory = Callable[[], Bot]
"""Makes a fresh bot for one seat. One that crosses to another process (``simulate --jobs``)
must pickle: a class, a function at a module's top level, or a ``functools.partial`` of one."""

LEVELS: Mapping[str, BotFactory] = MappingProxyType(
    {
        "random": RandomBot,
        "easy": EasyBot,
        "medium": MediumBot,
        "hard": HardBot,
    }
)
"""The game's bot levels by name, weakest first. Read-only: whoever seats other bots (a
benchmark's sparring partners) passes its own mapping (``uno_tui.sim.Config.bots``)."""


def make_bot(level: str, levels: Mapping[str, BotFactory] = LEVELS) -> Bot:
    """A bot of the named level among ``levels`` (the game's own by default); raises
    ValueError naming the levels there are."""
    try:
        factory = levels[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(levels)})") from None
    return factory()


__all__ = [
    "LEVELS",
    "Bot",
    "BotFactory",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "make_bot",
]
