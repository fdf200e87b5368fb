"""One judgement: the imagined rounds score cards with medium's numbers (``bots/playout.py``
imports medium's named scores; this holds its written-out sums to ``medium.play_score``).

On random positions of every rule set, each card the player may play is scored by the quick
round and by medium from the same table; they must agree but for what the playout leaves out
on purpose: the last tie-break (the cards of the hand the card matches), turning play away from
a low player, and the bonus of a pass-symbol card (the Teams exchanges are not imagined).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from uno_tui.bots.medium import (
    DRAW_SCORE,
    LOW,
    MATCHING,
    MATCHING_TWO_PLAYERS,
    Situation,
    play_score,
)
from uno_tui.bots.playout import QuickRules, code_of
from uno_tui.engine import Card, DecisionKind, Game, PlayCard, Rank, Rules, build_deck

from .helpers import game_at
from .test_playout_engine import PLAYERS, RULE_SETS, positions, quick_of

PASS_BONUS = 2.0
"""medium's ``_number_effect`` for a pass-symbol card while the teammate holds cards."""


def short_hands(name: str, seed: int, count: int = 60) -> list[Game]:
    """Turns where every hand holds a few cards (where the Wilds stop being held and attacks
    on a low player count; in Teams, one may be out, leaving the teammate next), dealt at
    random from the rule set's deck."""
    base = name.split("-", maxsplit=1)[0] if not name.startswith("two-player") else "two-player"
    rules = Rules.preset(base, **dict(RULE_SETS[name]))
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        deck = build_deck(rules)
        rng.shuffle(deck)
        top = next(card for card in deck if card.rank.is_number)
        deck.remove(top)
        lowest = 0 if rules.team_game else 1  # in Teams a player may be out, play going on
        sizes = [rng.randint(1, LOW + 2)] + [
            rng.randint(lowest, LOW + 2) for _ in range(PLAYERS[base] - 1)
        ]
        hands = []
        for size in sizes:
            hands.append(" ".join(str(card) for card in deck[:size]))
            del deck[:size]
        game = game_at(rules, hands, str(top), clockwise=rng.random() < 0.5, seed=seed)
        decision = game.decisions(out_of_turn=False)[0]
        if decision.kind is DecisionKind.TURN and decision.player == 0:
            found.append(game)
    return found


def left_out(card: Card, situation: Situation, hand: tuple[Card, ...]) -> float:
    """The part of medium's score the playout does not write out."""
    per_card = MATCHING if situation.players > 2 else MATCHING_TWO_PLAYERS
    matching = per_card * sum(1 for c in hand if c.color is card.color or c.rank is card.rank)
    seven_zero = situation.seven_zero and card.rank in (Rank.SEVEN, Rank.ZERO)
    passes = card.rank is situation.pass_symbol_rank and situation.mate_count > 0
    return (0.0 if card.is_wild else matching) + (PASS_BONUS if passes and not seven_zero else 0)


def turns_away(card: Card, situation: Situation) -> bool:
    """A Skip or Reverse whose worth medium changes by who sits after the next player."""
    if card.rank not in (Rank.SKIP, Rank.REVERSE):
        return False
    low_turn = card.rank is Rank.REVERSE and situation.next_is_low
    return situation.skipped_to_low or situation.reversed_to_low or low_turn


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_imagined_rounds_score_each_card_as_medium_does(name: str) -> None:
    compared = 0
    seed = sum(map(ord, name)) + 1
    for game in positions(name, seed) + short_hands(name, seed):
        decision = game.decisions(out_of_turn=False)[0]
        player = decision.player
        view = game.view(player)
        situation = Situation.of(view)
        table = quick_of(game, QuickRules.of(game.rules))
        plays: dict[Any, PlayCard] = {}
        for action in decision.actions:
            if isinstance(action, PlayCard):
                plays.setdefault(action.card, action)
        for card, play in plays.items():
            if turns_away(card, situation):
                continue
            medium = play_score(play, situation) - left_out(card, situation, view.hand)
            assert table.score(player, code_of(card)) == pytest.approx(medium), (name, card)
            compared += 1
    assert compared >= 120


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_quick_choice_is_the_card_its_scores_put_first(name: str) -> None:
    """``choose`` writes the scores out again for speed: the card it plays must be the first
    of the hand with the best ``score``, and it draws when no card scores above drawing."""
    seed = sum(map(ord, name)) + 2
    for game in positions(name, seed) + short_hands(name, seed):
        player = game.current
        table = quick_of(game, QuickRules.of(game.rules))
        best, best_score = -1, DRAW_SCORE
        for code in table.hands[player]:
            if table.playable(code) and table.score(player, code) > best_score:
                best, best_score = code, table.score(player, code)
        choice = table.choose(player, forced=False)
        assert (choice[0] if choice is not None else -1) == best, name
