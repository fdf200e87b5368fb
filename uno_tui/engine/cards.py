"""Cards: colours, ranks, and the short text notation used by tests, logs and records.

Notation: a coloured card is its colour letter followed by its rank, a wild card is its rank
alone (wild cards have no colour of their own; the colour named on playing one is game state).

    colours  R red, Y yellow, G green, B blue
    numbers  R0 ... R9
    actions  RS skip, RR reverse, R+2 draw two
    wilds    W wild, W+4 wild draw four, WX wild swap hands, WC wild customizable (also the
             two-player blank card), WT wild team play, WT+4 wild team draw four

``Card.parse(str(card)) == card`` for every card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class Color(Enum):
    """The four card colours; the value is the letter used in the notation."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    # Members are singletons: identity hashing is correct and much faster than Enum's.
    __hash__ = object.__hash__

    @property
    def word(self) -> str:
        """The colour as a plain word, for messages: ``"red"``."""
        return self.name.lower()


class Rank(Enum):
    """What is printed on a card; the value is the notation after the colour letter."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_SWAP_HANDS = "WX"
    WILD_CUSTOMIZABLE = "WC"
    WILD_TEAM_PLAY = "WT"
    WILD_TEAM_DRAW_FOUR = "WT+4"

    __hash__ = object.__hash__

    @property
    def is_wild(self) -> bool:
        return self in WILD_RANKS

    @property
    def is_number(self) -> bool:
        return self in NUMBER_RANKS

    @property
    def number(self) -> int:
        """Face value of a number card; raises ValueError for any other rank."""
        if self not in NUMBER_RANKS:
            raise ValueError(f"{self.name} is not a number card")
        return int(self.value)

    @property
    def title(self) -> str:
        """The rank in plain words: ``"7"``, ``"Draw Two"``, ``"Wild Draw Four"``."""
        return RANK_TITLES.get(self, self.value)


NUMBER_RANKS = frozenset(
    (
        Rank.ZERO,
        Rank.ONE,
        Rank.TWO,
        Rank.THREE,
        Rank.FOUR,
        Rank.FIVE,
        Rank.SIX,
        Rank.SEVEN,
        Rank.EIGHT,
        Rank.NINE,
    )
)
ACTION_RANKS = frozenset((Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO))
WILD_RANKS = frozenset(
    (
        Rank.WILD,
        Rank.WILD_DRAW_FOUR,
        Rank.WILD_SWAP_HANDS,
        Rank.WILD_CUSTOMIZABLE,
        Rank.WILD_TEAM_PLAY,
        Rank.WILD_TEAM_DRAW_FOUR,
    )
)
RANK_TITLES = {
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Reverse",
    Rank.DRAW_TWO: "Draw Two",
    Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild Draw Four",
    Rank.WILD_SWAP_HANDS: "Wild Swap Hands",
    Rank.WILD_CUSTOMIZABLE: "Wild Customizable",
    Rank.WILD_TEAM_PLAY: "Wild Team Play",
    Rank.WILD_TEAM_DRAW_FOUR: "Wild Team Draw Four",
}
_INTERNED: dict[tuple[Color | None, Rank], Card] = {}
_RANK_BY_VALUE = {rank.value: rank for rank in Rank}
_COLOR_BY_LETTER = {color.value: color for color in Color}


class CardNotationError(ValueError):
    """A card's text could not be read."""


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card:
    """One card as printed: a colour (None for wild cards) and a rank.

    Cards are values, and interned: ``Card(Color.RED, Rank.SEVEN)`` always returns the same
    object, so equality and hashing are identity, the fastest there is for the engine's hot
    paths. Two red sevens in a deck are the same value, as they are in the game.
    """

    color: Color | None
    rank: Rank

    def __new__(cls, color: Color | None, rank: Rank) -> Card:
        card = _INTERNED.get((color, rank))
        if card is None:
            if not isinstance(rank, Rank) or (color is not None and not isinstance(color, Color)):
                raise TypeError(f"a card is a Color (or None) and a Rank, not {color!r}, {rank!r}")
            if rank.is_wild != (color is None):
                kind = "a wild card has no colour" if rank.is_wild else "needs a colour"
                raise ValueError(f"{rank.title}: {kind}")
            card = object.__new__(cls)
            object.__setattr__(card, "color", color)
            object.__setattr__(card, "rank", rank)
            _INTERNED[(color, rank)] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Color | None, Rank]]:
        return Card, (self.color, self.rank)

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def is_wild(self) -> bool:
        return self.color is None

    def __str__(self) -> str:
        if self.color is None:
            return self.rank.value
        return self.color.value + self.rank.value

    @property
    def title(self) -> str:
        """Plain words: ``"Red 7"``, ``"Blue Draw Two"``, ``"Wild Draw Four"``."""
        if self.color is None:
            return self.rank.title
        return f"{self.color.word.capitalize()} {self.rank.title}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation (``"R7"``, ``"G+2"``, ``"W+4"``); case-insensitive."""
        code = text.strip().upper()
        if code in _RANK_BY_VALUE and _RANK_BY_VALUE[code].is_wild:
            return cls(None, _RANK_BY_VALUE[code])
        color = _COLOR_BY_LETTER.get(code[:1])
        rank = _RANK_BY_VALUE.get(code[1:])
        if color is None or rank is None or rank.is_wild:
            raise CardNotationError(f"{text!r} is not a card (examples: R7, G+2, BS, YR, W, W+4)")
        return cls(color, rank)


EVERY_CARD = (
    *(Card(color, rank) for color in Color for rank in Rank if not rank.is_wild),
    *(Card(None, rank) for rank in Rank if rank.is_wild),
)
"""Every distinct card of every deck, for tables the engine builds once."""


def parse_cards(text: str) -> list[Card]:
    """Read a space-separated list of cards: ``"R7 G+2 W"``."""
    return [Card.parse(part) for part in text.split()]


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, space-separated."""
    return " ".join(str(card) for card in cards)
