"""Plain-sentence narration of engine events, never naming a card the listener may not know.

``Narrator(names).narrate(event, listener)`` reads the event as ``listener`` saw it (through
``Event.seen_by``), so a private part the listener may not know is already blank before a word
is written. ``listener`` is a seat, or ``None`` for an onlooker (a replay of the whole table).
``narrate_events`` tells several events, a card's consequences in the line of its play.

``review`` holds the lines that use no turn (hand, top card, counts, scores, history), ``moves``
a person's legal moves in words, and ``speech`` speaks lines without blocking the caller. None
of it draws on a terminal.
"""

from __future__ import annotations

from .moves import Move, describe_action, list_moves, moves_words
from .narrator import (
    VERBOSITIES,
    Narrator,
    Verbosity,
    card_order,
    card_words,
    cards_words,
    narrate,
    scores_words,
)
from .review import (
    History,
    counts_words,
    hand_words,
    next_player,
    scores_line,
    table_words,
    top_words,
)

__all__ = [
    "VERBOSITIES",
    "History",
    "Move",
    "Narrator",
    "Verbosity",
    "card_order",
    "card_words",
    "cards_words",
    "counts_words",
    "describe_action",
    "hand_words",
    "list_moves",
    "moves_words",
    "narrate",
    "next_player",
    "scores_line",
    "scores_words",
    "table_words",
    "top_words",
]
