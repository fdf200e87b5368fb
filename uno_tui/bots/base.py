"""What every bot is: a name and two decisions taken from a ``PlayerView``."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from uno_tui.engine import Action, Decision, PlayerView


class Bot(ABC):
    level: str = ""

    @abstractmethod
    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One of the legal actions of the decision the game awaits from this player."""

    def react(self, view: PlayerView, rng: random.Random) -> Action | None:
        """An out-of-turn action to take now, or None."""
        return None


def main_decision(view: PlayerView) -> Decision:
    """The decision the game is waiting for from this player (not an out-of-turn one)."""
    for decision in view.decisions:
        if not decision.kind.out_of_turn:
            return decision
    raise ValueError(f"{view.names[view.player]} has no decision to take now")


def out_of_turn_actions(view: PlayerView) -> list[Action]:
    return [a for d in view.decisions if d.kind.out_of_turn for a in d.actions]
