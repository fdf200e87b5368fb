"""The three decks, built in a fixed order (the game shuffles them)."""

from __future__ import annotations

from .cards import ACTION_RANKS, NUMBER_RANKS, Card, Color, Rank
from .rules import DeckKind, Rules


def _colored_cards() -> list[Card]:
    """76 number cards (one 0 and two of 1-9 per colour) and two of each action per colour."""
    cards: list[Card] = []
    for color in Color:
        for rank in Rank:
            if rank in NUMBER_RANKS:
                cards.extend([Card(color, rank)] * (1 if rank is Rank.ZERO else 2))
            elif rank in ACTION_RANKS:
                cards.extend([Card(color, rank)] * 2)
    return cards


def standard_deck() -> list[Card]:
    """The 108-card deck: 76 numbers, 8 Skip, 8 Reverse, 8 Draw Two, 4 Wild, 4 Wild Draw Four."""
    return _colored_cards() + [Card(None, Rank.WILD)] * 4 + [Card(None, Rank.WILD_DRAW_FOUR)] * 4


def classic_deck() -> list[Card]:
    """The classic 112-card deck: the 108 plus 1 Wild Swap Hands and 3 Wild Customizable."""
    return (
        standard_deck()
        + [Card(None, Rank.WILD_SWAP_HANDS)]
        + [Card(None, Rank.WILD_CUSTOMIZABLE)] * 3
    )


def teams_deck() -> list[Card]:
    """The Teams deck, 112 cards: 76 numbers, 8 Skip, 8 Reverse, 8 Draw Two, 4 Wild,
    4 Wild Team Play and 4 Wild Team Draw Four (the pass symbol is a rule, not a card)."""
    return (
        _colored_cards()
        + [Card(None, Rank.WILD)] * 4
        + [Card(None, Rank.WILD_TEAM_PLAY)] * 4
        + [Card(None, Rank.WILD_TEAM_DRAW_FOUR)] * 4
    )


_DECKS = {
    DeckKind.STANDARD: tuple(standard_deck()),
    DeckKind.CLASSIC: tuple(classic_deck()),
    DeckKind.TEAMS: tuple(teams_deck()),
}


_BLANK = Card(None, Rank.WILD_CUSTOMIZABLE)
"""The two-player blank card plays as a Wild Customizable."""


def build_deck(rules: Rules) -> list[Card]:
    """The deck these rules play with, blank cards included, in a fixed order."""
    deck = list(_DECKS[rules.deck])
    if rules.blank_cards:  # built twice per game: the rare case is kept off the usual path
        deck += [_BLANK] * rules.blank_cards
    return deck
