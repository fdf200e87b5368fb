"""Card values and the score of a hand: "Number cards: face value", actions 20, Wilds 50."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, Rank
from .rules import Rules

ACTION_POINTS = 20
WILD_POINTS = 50
PRE_2022_SPECIAL_WILD_POINTS = 40
_PRE_2022_SPECIAL = frozenset((Rank.WILD_SWAP_HANDS, Rank.WILD_CUSTOMIZABLE))


def card_points(card: Card, rules: Rules) -> int:
    """What ``card`` is worth in a loser's hand under ``rules``."""
    if card.rank.is_number:
        return card.rank.number
    if not card.rank.is_wild:
        return ACTION_POINTS
    if rules.pre_2022_scoring and card.rank in _PRE_2022_SPECIAL:
        return PRE_2022_SPECIAL_WILD_POINTS
    return WILD_POINTS


def hand_points(cards: Iterable[Card], rules: Rules) -> int:
    return sum(card_points(card, rules) for card in cards)
