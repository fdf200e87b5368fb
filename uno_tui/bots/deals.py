"""Imagined deals for the hard bot: the unseen cards dealt many ways consistent with the view.

Each deal gives every other seat as many cards as the view shows them holding: the cards known
to be theirs, then unseen cards that fit what they showed (a seat that drew on its turn gets
none of the colour it could not match; a seat that named a colour for a Wild gets one card of
it), and the rest make up the draw pile. A deal is a
``QuickRound`` ready to play out; it is the bot's imagination, never the real table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .knowledge import Knowledge
from .playout import COLORS, QuickRound, QuickRules, code_of, random_keys


@dataclass(frozen=True, slots=True)
class _Seat:
    seat: int
    known: tuple[int, ...]
    """Cards this seat surely holds."""
    fitting: int
    """How many of the other cards must fit what the seat showed it lacks."""
    allowed: frozenset[int]
    """The unseen cards that fit."""
    unknown: int
    """Cards this player cannot name in that hand."""
    named: frozenset[int]
    """The unseen cards of the colour the seat last named for a Wild: one is dealt to it."""


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
                    fitting=max(0, unknown - notes.unconstrained) if notes.constrained else 0,
                    allowed=frozenset(
                        code_of(card) for card in knowledge.unseen if notes.allows(card)
                    ),
                    unknown=unknown,
                    named=frozenset(
                        code_of(card)
                        for card in knowledge.unseen
                        if card.color is not None and card.color is notes.named
                    ),
                )
            )
        self.seats = seats
        self.counts = view.hand_counts

    def deal(self, rng: random.Random) -> QuickRound | None:
        """One deal, this player to move; None if the view's counts cannot be met."""
        pool = sorted(self.pool, key=random_keys(rng))
        hands: list[list[int]] = [[] for _ in range(self.count)]
        hands[self.player] = list(self.hand)
        for seat in self.seats:
            hand = list(seat.known)
            taken = 0
            if seat.fitting:
                allowed, rest = seat.allowed, []
                for card in pool:
                    if taken < seat.fitting and card in allowed:
                        hand.append(card)
                        taken += 1
                    else:
                        rest.append(card)
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


_INDEX = {color: index for index, color in enumerate(COLORS)}
