"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random

from uno_tui.engine import Action, PlayerView

from .base import Bot, main_decision, out_of_turn_actions


class RandomBot(Bot):
    level = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(main_decision(view).actions)

    def react(self, view: PlayerView, rng: random.Random) -> Action | None:
        actions = out_of_turn_actions(view)
        return rng.choice(actions) if actions and rng.random() < 0.5 else None
