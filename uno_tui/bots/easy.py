"""A naive but plausible player: plays what matches, keeps it simple, forgets things."""

from __future__ import annotations

import random
from collections import Counter

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Color,
    DecisionKind,
    DrawCard,
    KeepDrawn,
    PlayCard,
    PlayerView,
)

from .base import Bot, main_decision, out_of_turn_actions

FORGETS_UNO = 0.25
CATCHES = 0.2
CHALLENGES = 0.15


class EasyBot(Bot):
    """Plays a matching coloured card before a Wild, names the colour it holds most, rarely
    challenges, sometimes forgets to call UNO and rarely catches anyone."""

    level = "easy"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        decision = main_decision(view)
        actions = decision.actions
        if decision.kind is DecisionKind.CHALLENGE:
            if rng.random() < CHALLENGES:
                return next(a for a in actions if isinstance(a, Challenge))
            return next(a for a in actions if isinstance(a, AcceptPenalty))
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if decision.kind in (DecisionKind.TURN, DecisionKind.TEAM_PLAY) and plays:
            colored = [a for a in plays if not a.card.is_wild]
            pool = colored or plays
            choice = rng.choice(pool)
            return self._with_best_color(view, choice, pool)
        if decision.kind is DecisionKind.PLAY_DRAWN and plays:
            return self._with_best_color(view, plays[0], plays)
        for kind in (DrawCard, KeepDrawn, AcceptPenalty):
            for action in actions:
                if isinstance(action, kind):
                    return action
        return rng.choice(actions)

    def _with_best_color(
        self, view: PlayerView, choice: PlayCard, plays: list[PlayCard]
    ) -> PlayCard:
        """For a Wild, the same card naming the colour this bot holds most."""
        if not choice.card.is_wild:
            return choice
        held = Counter(card.color for card in view.hand if card.color is not None)
        best = max(Color, key=lambda color: held[color])
        same_card = [a for a in plays if a.card == choice.card and a.target == choice.target]
        return next((a for a in same_card if a.color is best), choice)

    def react(self, view: PlayerView, rng: random.Random) -> Action | None:
        for action in out_of_turn_actions(view):
            if isinstance(action, CallUno) and rng.random() > FORGETS_UNO:
                return action
            if isinstance(action, CatchUno) and rng.random() < CATCHES:
                return action
        return None
