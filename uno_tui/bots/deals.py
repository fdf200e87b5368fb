"""Imagined deals for the hard bot: the unseen cards dealt one way consistent with the view.

A sampled ``Position`` gives every other seat as many cards as the view shows them holding:
the cards known to be theirs, then unseen cards that fit what they showed (a seat that drew
on its turn gets none of the colour it could not match), and the rest make up the draw pile.
It is the bot's own imagination, never the real table.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from uno_tui.engine import Card, Position

from .knowledge import Knowledge
from .playout import COLORS, QuickRound, QuickRules, code_of


def sample_position(knowledge: Knowledge, rng: random.Random) -> Position | None:
    """One deal of the unseen cards consistent with the view, or None if the counts disagree."""
    view = knowledge.view
    pool = list(knowledge.unseen.elements())
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(view.player_count)]
    hands[view.player] = list(view.hand)
    others = sorted(
        knowledge.notes,
        key=lambda seat: not knowledge.notes[seat].constrained,
    )
    for seat in others:
        notes = knowledge.notes[seat]
        unknown = knowledge.unknown_count(seat)
        fitting = max(0, unknown - notes.unconstrained) if notes.constrained else 0
        fitted = _take(pool, fitting, notes.allows)
        rest = _take(pool, unknown - len(fitted), None)
        hand = [*notes.known.elements(), *fitted, *rest]
        if len(hand) != view.hand_counts[seat]:
            return None
        hands[seat] = hand
    return Position(
        hands=tuple(tuple(hand) for hand in hands),
        discard_pile=view.discard_pile,
        draw_pile=tuple(pool),
        current=view.player,
        color=view.current_color,
        dealer=view.dealer,
        clockwise=view.clockwise,
    )


def _take(pool: list[Card], count: int, fits: Callable[[Card], bool] | None) -> list[Card]:
    """Remove up to ``count`` cards from the (shuffled) pool, only those that fit if given."""
    taken: list[Card] = []
    if count <= 0:
        return taken
    keep: list[Card] = []
    for card in pool:
        if len(taken) < count and (fits is None or fits(card)):
            taken.append(card)
        else:
            keep.append(card)
    pool[:] = keep
    return taken


def quick_round(position: Position, rules: QuickRules) -> QuickRound:
    """The imagined deal as a quick round, ``position.current`` to move."""
    discard = [code_of(card) for card in position.discard_pile]
    top = discard.pop()
    color = position.color
    return QuickRound(
        hands=[[code_of(card) for card in hand] for hand in position.hands],
        draw_pile=[code_of(card) for card in reversed(position.draw_pile)],
        discard=discard,
        top=top,
        color=top >> 5 if color is None else _COLOR_INDEX[color],
        current=position.current,
        clockwise=position.clockwise,
        rules=rules,
    )


_COLOR_INDEX = {color: index for index, color in enumerate(COLORS)}
