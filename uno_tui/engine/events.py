"""Events: frozen records of what happened, in order.

Each event says who may see its private part (``audience``): a drawn card's face is its holder's,
a passed card belongs to the two teammates, a challenged hand is shown to the challenger. Every
consumer (view, bots, narration, log) reads events through ``seen_by(player)``, which blanks the
private fields for anyone else, so nothing leaks by accident.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import cache
from typing import ClassVar, Self

from .cards import Card, Color


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. Public unless a subclass names private fields and an audience."""

    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ()

    def audience(self) -> frozenset[int] | None:
        """The seats that may see the private fields; None when nothing is private."""
        return None

    def seen_by(self, player: int | None) -> Self:
        """This event as ``player`` may know it (``None``: an onlooker who holds no cards)."""
        audience = self.audience()
        if audience is None or (player is not None and player in audience):
            return self
        return replace(self, **dict.fromkeys(self.PRIVATE_FIELDS))


class DrawReason(Enum):
    """Why cards were drawn, so narration and bots can tell a choice from a penalty."""

    CHOICE = "choice"
    DRAW_TWO = "draw-two"
    DRAW_FOUR = "draw-four"
    CHALLENGE_FAILED = "challenge-failed"
    CHALLENGE_LOST = "challenge-lost"
    UNO_PENALTY = "uno-penalty"
    TEAM_PLAY = "team-play"
    TEAM_DRAW_FOUR = "team-draw-four"
    CUSTOM = "custom"
    FIRST_CARD = "first-card"

    # Members are singletons: identity hashing is correct and much faster than Enum's, which
    # is Python code. Shared one-card ``CardsDrawn`` events are looked up by their fields.
    __hash__ = object.__hash__


# Round setup ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    """Who deals this hand; ``draws`` are the high-card draws (two-player, first hand)."""

    dealer: int
    draws: tuple[tuple[int, Card], ...] = ()


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round_number: int
    dealer: int
    hand_size: int


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """``player`` was dealt ``count`` cards; the cards are theirs alone to see."""

    player: int
    count: int
    cards: tuple[Card, ...] | None
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("cards",)

    def audience(self) -> frozenset[int]:
        return frozenset((self.player,))


@dataclass(frozen=True, slots=True)
class FirstCardTurned(Event):
    card: Card


@dataclass(frozen=True, slots=True)
class FirstCardIgnored(Event):
    """The first card was an action card: it stays under the pile and another is turned."""

    card: Card


@dataclass(frozen=True, slots=True)
class FirstCardReturned(Event):
    """two-player: a first Wild Draw Four slides back into the deck."""

    card: Card


# Turns ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    player: int
    must_play: bool = False
    """Wild Team Play: the teammate plays a card now (drawing is not an option)."""


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    player: int
    card: Card
    color: Color
    """The colour play continues in: the card's own, or the one named for a Wild."""
    target: int | None = None
    jump_in: bool = False


@dataclass(frozen=True, slots=True)
class ColorNamed(Event):
    """The colour named for a Wild turned as the first card."""

    player: int
    color: Color


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """``player`` drew ``count`` cards; their faces are the drawer's alone."""

    player: int
    count: int
    reason: DrawReason
    cards: tuple[Card, ...] | None
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("cards",)

    def audience(self) -> frozenset[int]:
        return frozenset((self.player,))


@dataclass(frozen=True, slots=True)
class DrawnCardKept(Event):
    player: int


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The player drew nothing playable (or nothing at all) and the turn moves on."""

    player: int


@dataclass(frozen=True, slots=True)
class PlayerSkipped(Event):
    player: int


@dataclass(frozen=True, slots=True)
class DirectionChanged(Event):
    clockwise: bool


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """The discard pile, less its top card, was shuffled into a new draw pile."""

    count: int


@dataclass(frozen=True, slots=True)
class PenaltyStacked(Event):
    """A Draw Two (or Wild Draw Four) was added to a pending penalty, now ``total`` cards."""

    player: int
    total: int


# Wild Draw Four challenge --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawFourChallenged(Event):
    """``challenger`` challenged ``player``'s Wild Draw Four. ``hand`` is the challenged hand,
    shown to the challenger ("They show you their hand") and known to its holder."""

    challenger: int
    player: int
    illegal: bool
    hand: tuple[Card, ...] | None
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("hand",)

    def audience(self) -> frozenset[int]:
        return frozenset((self.challenger, self.player))


# Hands changing owners -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    player: int
    target: int


@dataclass(frozen=True, slots=True)
class HandsPassed(Event):
    """Every hand moved one seat along in the direction of play."""

    clockwise: bool


# UNO -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnoCalled(Event):
    caller: int
    player: int


@dataclass(frozen=True, slots=True)
class UnoCaught(Event):
    catcher: int
    player: int


# Teams ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExchangeStarted(Event):
    """A partner exchange is happening (first pass, or a pass-symbol card)."""

    players: tuple[int, ...]
    first_pass: bool


@dataclass(frozen=True, slots=True)
class PassChosen(Event):
    """``player`` chose the card to pass; only they know which until the exchange."""

    player: int
    card: Card | None
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("card",)

    def audience(self) -> frozenset[int]:
        return frozenset((self.player,))


@dataclass(frozen=True, slots=True)
class CardPassed(Event):
    """The exchange: ``giver`` passed ``card`` to ``receiver``; the two teammates alone know it."""

    giver: int
    receiver: int
    card: Card | None
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("card",)

    def audience(self) -> frozenset[int]:
        return frozenset((self.giver, self.receiver))


@dataclass(frozen=True, slots=True)
class PlayerWentOut(Event):
    player: int


@dataclass(frozen=True, slots=True)
class PlayerStaysOut(Event):
    """The teammate had one card and keeps it; ``player`` stays out for the moment."""

    player: int


@dataclass(frozen=True, slots=True)
class ShareStarted(Event):
    """``giver`` gives ``receiver`` ``count`` cards, half their hand rounded down."""

    giver: int
    receiver: int
    count: int
    tag_back: bool


@dataclass(frozen=True, slots=True)
class CardGiven(Event):
    giver: int
    receiver: int
    card: Card | None
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("card",)

    def audience(self) -> frozenset[int]:
        return frozenset((self.giver, self.receiver))


# End -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """One hand left at the end of a round, revealed, and what it is worth."""

    player: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """``winners`` went out (one player, or both members of a team). ``points`` is what the
    round scored: for the winner, or under the lowest-caught method charged to the others."""

    round_number: int
    winners: tuple[int, ...]
    points: int
    scores: tuple[int, ...]
    """Running totals: one per player, or one per team in Teams."""


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    winners: tuple[int, ...]
    """The seats that won the match (in Teams, both members of the winning team)."""
    scores: tuple[int, ...]


# Shared instances ----------------------------------------------------------------------

# Events are immutable values, so one instance may stand for every equal event. The engine emits
# these on nearly every action: building a frozen dataclass costs about a microsecond, a cache
# hit a fraction of that. Their fields range over seats, cards and colours, so the caches stay
# small. (Events holding the drawn or dealt cards vary too much to be worth caching.)
turn_began = cache(TurnBegan)
card_played = cache(CardPlayed)
player_skipped = cache(PlayerSkipped)
turn_passed = cache(TurnPassed)
_one_card_drawn = cache(CardsDrawn)


def cards_drawn(
    player: int, count: int, reason: DrawReason, cards: tuple[Card, ...] | None
) -> CardsDrawn:
    """``CardsDrawn``, shared when it is one card (most draws): seats x cards x reasons."""
    if count == 1:
        return _one_card_drawn(player, count, reason, cards)
    return CardsDrawn(player, count, reason, cards)
