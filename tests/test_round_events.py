"""What each listener saw of the round: the projection the views, the log and bots read."""

from __future__ import annotations

import random

from uno_tui.engine import Game, Phase, Rules
from uno_tui.engine.events import RoundEnded, RoundStarted

from .random_play import random_action


def test_a_new_round_shows_only_its_own_events_even_when_asked_at_the_last_ones_end() -> None:
    """Asked exactly when a round ended (as the round-end screen does), then again in the next
    round: the second answer must not carry the last round's events with it."""
    game = Game(Rules.classic(), 3, seed=4)
    rng = random.Random(4)
    while game.phase is not Phase.ROUND_OVER:
        game.apply(random_action(game, rng))
    for listener in (None, 0, 1, 2):
        assert any(isinstance(e, RoundEnded) for e in game.round_events(listener))

    game.apply(random_action(game, rng))  # the next dealer deals

    for listener in (None, 0, 1, 2):
        events = game.round_events(listener)
        assert not any(isinstance(e, RoundEnded) for e in events)
        assert [e.round_number for e in events if isinstance(e, RoundStarted)] == [2]
