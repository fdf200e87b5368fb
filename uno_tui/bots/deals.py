"""Imagined deals for the hard bot: the unseen cards dealt many ways consistent with the view.

Each deal gives every other seat as many cards as the view shows them holding: the cards known
to be theirs, then unseen cards that fit what they showed (a seat that drew on its turn gets
none of the colour or number it could not match, but for cards it took since, and a Wild only
seldom: ``deal``), and the rest make up the draw pile. ``weight`` tells how well a deal explains
the cards the others chose to play and the colours they named (a simple model of a player: the
colour held most is the likeliest choice), so the search counts each deal as much as it is
likely. That is the only use made of a named colour: dealing a card of it for sure was wrong
whenever the player had played that colour out since (``benchmarks/inference.py`` measures such
guesses). A deal is a ``QuickRound`` ready to play out; it is the bot's imagination, never the
real table.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .knowledge import Knowledge, Lack
from .playout import (
    COLORS,
    DRAW_TWO,
    EAGER_SHARE,
    SKIP,
    WILD,
    QuickRound,
    QuickRules,
    code_of,
    random_keys,
)


@dataclass(frozen=True, slots=True)
class _Seat:
    seat: int
    known: tuple[int, ...]
    """Cards this seat surely holds."""
    groups: tuple[tuple[int, frozenset[int], int], ...]
    """Its other cards by what they must fit (what the seat showed it lacked while holding
    them): how many, the unseen cards that fit, and how many times the seat drew on its turn
    while holding them; the most bound first."""
    unknown: int
    """Cards this player cannot name in that hand."""
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
                        (count, _fitting(knowledge, lack), lack.draws)
                        for count, lack in notes.groups(unknown)
                        if lack
                    ),
                    unknown=unknown,
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
        self.lacks = [0] * self.count
        """What each other seat showed it lacks, as every seat saw it (the imagined players
        leave such a colour in play, as medium does)."""
        for seat, notes in knowledge.notes.items():
            for color in notes.missing_colors:
                self.lacks[seat] |= 1 << _INDEX[color]
        self.counts = view.hand_counts
        self.telling = [seat for seat in seats if seat.plays]
        """Seats whose choices of card say something of the hand they hold."""

    def weight(self, table: QuickRound) -> float:
        """How well a deal explains the cards the others chose to play and the colours they
        named: the chance they would have chosen so holding the hands it gives them, to the
        power ``WEIGHT_POWER``."""
        weight = 1.0
        for seat in self.telling:
            weight *= chance_of_plays(table.hands[seat.seat], seat.plays)
        return math.pow(weight, WEIGHT_POWER)

    def deal(self, rng: random.Random) -> QuickRound | None:
        """One deal, this player to move; None if the view's counts cannot be met. A deal
        that gives a Wild to a hand that drew on its turn ``n`` times is kept only with a
        chance of ``WILD_WHILE_DRAWING ** n`` (else dealt again): how often players draw
        while holding a Wild."""
        for _ in range(REDEALS):
            table, draws = self._deal(rng)
            if draws == 0 or table is None or rng.random() < WILD_WHILE_DRAWING**draws:
                return table
        return table

    def _deal(self, rng: random.Random) -> tuple[QuickRound | None, int]:
        """A deal, and how many times the hands it gives drew on their turn holding a Wild."""
        pool = sorted(self.pool, key=random_keys(rng))
        hands: list[list[int]] = [[] for _ in range(self.count)]
        hands[self.player] = list(self.hand)
        doubted = 0
        for seat in self.seats:
            hand = list(seat.known)
            taken = 0
            most = 0
            for count, allowed, draws in seat.groups:
                # The first ``count`` cards of the shuffled pool that fit, the rest left in order.
                places: list[int] = []
                for place, card in enumerate(pool):
                    if card in allowed:
                        places.append(place)
                        if len(places) == count:
                            break
                fits = [pool[place] for place in places]
                for place in reversed(places):
                    del pool[place]
                if draws > most and any(card >> 5 == WILD for card in fits):
                    most = draws
                hand += fits
                taken += len(fits)
            doubted += most
            free = seat.unknown - taken
            if free > 0:
                hand += pool[-free:]
                del pool[-free:]
            if len(hand) != self.counts[seat.seat]:
                return None, 0
            hands[seat.seat] = hand
        table = QuickRound(
            hands=hands,
            draw_pile=pool,
            discard=list(self.discard),
            top=self.top,
            color=self.color,
            current=self.player,
            clockwise=self.clockwise,
            rules=self.rules,
            lacks=list(self.lacks),
            eager=sum(1 << seat.seat for seat in self.seats if rng.random() < EAGER_SHARE),
        )
        return table, doubted


def _fitting(knowledge: Knowledge, lack: Lack) -> frozenset[int]:
    """The unseen cards that ``lack`` does not rule out."""
    return frozenset(code_of(card) for card in knowledge.unseen if not lack.rules_out(card))


_INDEX = {color: index for index, color in enumerate(COLORS)}
WILD_WHILE_DRAWING = 0.7
"""How likely a player who holds a Wild is to draw on its turn anyway, against one who holds
none: many players (medium among them, and MixBot) keep their Wilds while they hold several
other cards; others (RLCard's rule agent) never do. ``benchmarks/inference.py`` (two players,
200 games, seed 555) guessed best at 0.7 against medium and MixBot, at 0 against RLCard's."""
WEIGHT_POWER = 0.5
"""Each deal counts as its chance of explaining the others' choices to this power, not the
chance itself. The model of a player's choice is a simple one, and its chances multiplied over
a few plays let a few deals decide: the square root keeps the model's leaning and loses fewer
of the deals (``benchmarks/inference.py``, medium against MixBot2, two-player: effective deals
at the lowest tenth of the positions 70 of 100 against 44, the guesses of the others' hands
barely less sure). hard against MixBot2 and three MixBot2, 304 deals, paired on the same
games: +1.2 points [+0.05, +2.4] over five runs of 600-1,000 games, two of them on fresh seeds
(``docs/strength.md``)."""
REDEALS = 20
"""Deals tried before one is kept whatever Wilds it gives."""
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
