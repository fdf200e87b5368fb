"""Imagined deals for the hard bot: the unseen cards dealt many ways consistent with the view.

Each deal gives every other seat as many cards as the view shows them holding: the cards known
to be theirs, then unseen cards that fit what they showed (a seat that drew on its turn gets
none of the colour it could not match, but for cards it took since; a seat that named a colour
for a Wild gets one card of it), and the rest make up the draw pile. ``weight`` tells how well
a deal explains the cards the others chose to play and the colours they named (a simple model
of a player: the colour held most is the likeliest choice), so the search counts each deal as
much as it is likely. A deal is a ``QuickRound`` ready to play out; it is the bot's
imagination, never the real table.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .knowledge import Knowledge, Lack
from .playout import COLORS, DRAW_TWO, SKIP, WILD, QuickRound, QuickRules, code_of, random_keys


@dataclass(frozen=True, slots=True)
class _Seat:
    seat: int
    known: tuple[int, ...]
    """Cards this seat surely holds."""
    groups: tuple[tuple[int, frozenset[int]], ...]
    """Its other cards by what they must fit (what the seat showed it lacked while holding
    them): how many, and the unseen cards that fit; the most bound first."""
    unknown: int
    """Cards this player cannot name in that hand."""
    named: frozenset[int]
    """The unseen cards of the colour the seat last named for a Wild: one is dealt to it."""
    plays: tuple[tuple[int, int, int, int], ...]
    """The cards it chose to play since it last took one: (card, top card, colour before,
    colour named)."""


class DealSampler:
    """Deals the cards one view has not seen, again and again, each time a fresh table."""

    def __init__(self, knowledge: Knowledge, rules: QuickRules) -> None:
        view = knowledge.view
        self.rules = rules
        self.count = view.player_count
        self.player = view.player
        self.hand = [code_of(card) for card in view.hand]
        self.pool = [code_of(card) for card in knowledge.unseen.elements()]
        discard = [code_of(card) for card in view.discard_pile]
        self.top = discard.pop()
        self.discard = discard
        self.color = self.top >> 5 if view.current_color is None else _INDEX[view.current_color]
        self.clockwise = view.clockwise
        seats: list[_Seat] = []
        # Seats that showed what they lack are dealt first, so that what fits is still there.
        for seat in sorted(knowledge.notes, key=lambda s: not knowledge.notes[s].constrained):
            notes = knowledge.notes[seat]
            unknown = knowledge.unknown_count(seat)
            seats.append(
                _Seat(
                    seat=seat,
                    known=tuple(code_of(card) for card in notes.known.elements()),
                    groups=tuple(
                        (count, _fitting(knowledge, lack))
                        for count, lack in notes.groups(unknown)
                        if lack
                    ),
                    unknown=unknown,
                    named=frozenset(
                        code_of(card)
                        for card in knowledge.unseen
                        if card.color is not None and card.color is notes.named
                    ),
                    plays=tuple(
                        (
                            code_of(play.card),
                            code_of(play.top),
                            WILD if play.color is None else _INDEX[play.color],
                            WILD if play.named is None else _INDEX[play.named],
                        )
                        for play in notes.plays
                    ),
                )
            )
        self.seats = seats
        self.counts = view.hand_counts
        self.telling = [seat for seat in seats if seat.plays]
        """Seats whose choices of card say something of the hand they hold."""

    def weight(self, table: QuickRound) -> float:
        """How well a deal explains the cards the others chose to play and the colours they
        named: the chance they would have chosen so holding the hands it gives them."""
        weight = 1.0
        for seat in self.telling:
            weight *= chance_of_plays(table.hands[seat.seat], seat.plays)
        return weight

    def deal(self, rng: random.Random) -> QuickRound | None:
        """One deal, this player to move; None if the view's counts cannot be met."""
        pool = sorted(self.pool, key=random_keys(rng))
        hands: list[list[int]] = [[] for _ in range(self.count)]
        hands[self.player] = list(self.hand)
        for seat in self.seats:
            hand = list(seat.known)
            taken = 0
            for count, allowed in seat.groups:
                fits: list[int] = []
                rest: list[int] = []
                for card in pool:
                    (fits if len(fits) < count and card in allowed else rest).append(card)
                hand += fits
                taken += len(fits)
                pool = rest
            free = seat.unknown - taken
            if free > 0 and seat.named and not any(card in seat.named for card in hand):
                for index in range(len(pool) - 1, -1, -1):
                    if pool[index] in seat.named:
                        hand.append(pool.pop(index))
                        free -= 1
                        break
            if free > 0:
                hand += pool[-free:]
                del pool[-free:]
            if len(hand) != self.counts[seat.seat]:
                return None
            hands[seat.seat] = hand
        return QuickRound(
            hands=hands,
            draw_pile=pool,
            discard=list(self.discard),
            top=self.top,
            color=self.color,
            current=self.player,
            clockwise=self.clockwise,
            rules=self.rules,
        )


def _fitting(knowledge: Knowledge, lack: Lack) -> frozenset[int]:
    """The unseen cards that ``lack`` does not rule out."""
    return frozenset(code_of(card) for card in knowledge.unseen if not lack.rules_out(card))


_INDEX = {color: index for index, color in enumerate(COLORS)}
COLOR_PULL = 3.0
"""How strongly players prefer the colour they hold most: a card whose colour the hand holds
one card more of is ``e ** COLOR_PULL`` (about 20) times as likely to be chosen, and so is the
colour named for a Wild (medium, the published heuristics and most players play and name the
colour they hold most)."""
RANK_PULL = {DRAW_TWO: 2.0, SKIP: 1.0}
"""Within a colour, players play a Draw Two first, then a Skip, then a number (medium and the
published heuristics do): a Draw Two is ``e ** 2`` times as likely as a number of its colour."""
WILD_RESERVE = 0.5
"""A Wild chosen while holding three or more other cards scores like a colour held half a card
(players hold their Wilds for the end), below any coloured card."""
ANY_CARD = 0.1
"""The share of choices made with no regard to the hand (some players choose at random)."""


def chance_of_plays(hand: list[int], plays: tuple[tuple[int, int, int, int], ...]) -> float:
    """How likely a player holding ``hand`` now was to choose ``plays`` (since they last took
    a card, every card played was in hand at the first choice), and the colours they named."""
    held = list(hand)
    chance = 1.0
    for card, top, color, named in reversed(plays):
        held.append(card)
        chance *= _chance_of_choice(held, card, top, color)
        if card >> 5 == WILD and named != WILD:
            chance *= _chance_of_naming(held, named)
    return chance


def _chance_of_naming(hand: list[int], named: int) -> float:
    """Players name the colour they hold most (among the cards they keep)."""
    weights = [math.exp(COLOR_PULL * n) for n in _colors_held(hand)]
    return ANY_CARD / 4 + (1 - ANY_CARD) * weights[named] / sum(weights)


def _chance_of_choice(hand: list[int], card: int, top: int, color: int) -> float:
    top_color, top_rank = top >> 5, top & 31
    legal = {
        c
        for c in hand
        if c >> 5 == WILD or c >> 5 == color or (top_color != WILD and c & 31 == top_rank)
    }
    if card not in legal or len(legal) == 1:
        return 1.0
    held = _colors_held(hand)
    coloured = sum(held)
    wild_score = WILD_RESERVE if coloured > 2 else max(held)
    total = chosen = 0.0
    for c in legal:
        if c >> 5 == WILD:
            weight = math.exp(COLOR_PULL * wild_score)
        else:
            weight = math.exp(COLOR_PULL * held[c >> 5] + RANK_PULL.get(c & 31, 0.0))
        total += weight
        if c == card:
            chosen = weight
    return ANY_CARD / len(legal) + (1 - ANY_CARD) * chosen / total


def _colors_held(hand: list[int]) -> list[int]:
    """How many cards of each colour the hand holds (Wilds apart)."""
    held = [0, 0, 0, 0]
    for c in hand:
        if c >> 5 != WILD:
            held[c >> 5] += 1
    return held
