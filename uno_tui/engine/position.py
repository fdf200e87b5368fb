"""A round set up mid-play, for tests and puzzles: given hands, piles, whose turn and colour.

The cards not named go under the named draw pile cards in a seeded random order, so the deck is
always whole: every card of the rule set's deck is somewhere, exactly once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardNotationError, Color, format_cards, parse_cards
from .errors import SetupError


@dataclass(frozen=True, slots=True)
class Position:
    hands: tuple[tuple[Card, ...], ...]
    discard_pile: tuple[Card, ...]
    """Bottom first: the last card is the top card."""
    draw_pile: tuple[Card, ...] = ()
    """Top first: these are the next cards drawn; the rest of the deck comes after them."""
    current: int = 0
    color: Color | None = None
    """The colour in play; by default the top card's own."""
    dealer: int | None = None
    """By default the player before ``current``."""
    clockwise: bool = True

    @classmethod
    def of(
        cls,
        hands: Sequence[str],
        top: str,
        draw: str = "",
        *,
        current: int = 0,
        color: Color | str | None = None,
        dealer: int | None = None,
        clockwise: bool = True,
        under: str = "",
    ) -> Position:
        """From card notation: ``Position.of(["R7 W", "G2 G3"], top="R5", draw="B1 B2")``.

        ``under`` lists cards already in the discard pile below the top card.
        """
        try:
            parsed_color = Color(color) if isinstance(color, str) else color
            return cls(
                hands=tuple(tuple(parse_cards(hand)) for hand in hands),
                discard_pile=(*parse_cards(under), Card.parse(top)),
                draw_pile=tuple(parse_cards(draw)),
                current=current,
                color=parsed_color,
                dealer=dealer,
                clockwise=clockwise,
            )
        except (CardNotationError, ValueError) as error:
            raise SetupError(f"bad position: {error}") from None

    def check(self, deck: Sequence[Card], player_count: int) -> None:
        if len(self.hands) != player_count:
            raise SetupError(f"the position has {len(self.hands)} hands for {player_count} players")
        if not self.discard_pile:
            raise SetupError("the position needs a top card")
        if not 0 <= self.current < player_count or not self.hands[self.current]:
            raise SetupError("the player to move must be at the table and hold cards")
        if self.dealer is not None and not 0 <= self.dealer < player_count:
            raise SetupError(f"dealer {self.dealer} is not a seat")
        if self.discard_pile[-1].is_wild and self.color is None:
            raise SetupError("a Wild on top needs the colour in play")
        extra = self._named() - Counter(deck)
        if extra:
            missing = format_cards(extra.elements())
            raise SetupError(f"the position uses cards the deck does not have: {missing}")

    def rest_of_deck(self, deck: Sequence[Card]) -> list[Card]:
        """The deck's cards the position does not name."""
        return list((Counter(deck) - self._named()).elements())

    def _named(self) -> Counter[Card]:
        named: Counter[Card] = Counter(self.discard_pile) + Counter(self.draw_pile)
        for hand in self.hands:
            named.update(hand)
        return named

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [format_cards(hand) for hand in self.hands],
            "discard_pile": format_cards(self.discard_pile),
            "draw_pile": format_cards(self.draw_pile),
            "current": self.current,
            "color": self.color.value if self.color else None,
            "dealer": self.dealer,
            "clockwise": self.clockwise,
        }

    @classmethod
    def from_dict(cls, data: object) -> Position:
        if not isinstance(data, dict):
            raise SetupError("a position is an object")
        try:
            hands = data["hands"]
            if not isinstance(hands, list):
                raise SetupError("a position's hands are a list")
            color = data.get("color")
            dealer = data.get("dealer")
            current = data.get("current", 0)
            if not isinstance(current, int) or (dealer is not None and not isinstance(dealer, int)):
                raise SetupError("a position's seats are numbers")
            return cls(
                hands=tuple(tuple(parse_cards(str(hand))) for hand in hands),
                discard_pile=tuple(parse_cards(str(data["discard_pile"]))),
                draw_pile=tuple(parse_cards(str(data.get("draw_pile", "")))),
                current=current,
                color=Color(color) if color is not None else None,
                dealer=dealer,
                clockwise=bool(data.get("clockwise", True)),
            )
        except (KeyError, CardNotationError, ValueError) as error:
            raise SetupError(f"bad position: {error}") from None
