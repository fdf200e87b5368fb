"""Card values and the score of a hand: "Number cards: face value", actions 20, Wilds 50."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import EVERY_CARD, Card, Rank
from .rules import Rules

ACTION_POINTS = 20
WILD_POINTS = 50
PRE_2022_SPECIAL_WILD_POINTS = 40
_PRE_2022_SPECIAL = frozenset((Rank.WILD_SWAP_HANDS, Rank.WILD_CUSTOMIZABLE))


def card_points(card: Card, rules: Rules) -> int:
    """What ``card`` is worth in a loser's hand under ``rules``."""
    return _value(card, pre_2022=rules.pre_2022_scoring)


def hand_points(cards: Iterable[Card], rules: Rules) -> int:
    return sum(map(_POINTS[rules.pre_2022_scoring].__getitem__, cards))


def _value(card: Card, *, pre_2022: bool) -> int:
    if card.rank.is_number:
        return card.rank.number
    if not card.rank.is_wild:
        return ACTION_POINTS
    if pre_2022 and card.rank in _PRE_2022_SPECIAL:
        return PRE_2022_SPECIAL_WILD_POINTS
    return WILD_POINTS


_POINTS = {pre: {card: _value(card, pre_2022=pre) for card in EVERY_CARD} for pre in (False, True)}
"""Every card's value, with and without the pre-2022 option: every round scores every hand."""
