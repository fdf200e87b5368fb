"""Plain-sentence narration of engine events, never naming a card the listener may not know.

``Narrator(names).narrate(event, listener)`` reads the event as ``listener`` saw it (through
``Event.seen_by``), so a private part the listener may not know is already blank before a word
is written. ``listener`` is a seat, or ``None`` for an onlooker (a replay of the whole table).
``narrate_events`` tells several events, a card's consequences in the line of its play.

``review`` holds the lines that use no turn (hand, top card, counts, scores, history), ``moves``
a person's legal moves in words, ``prompts`` what the table says to the person at the keyboard
(the prompt over the hand, a refused key, the resume hint), and ``speech`` speaks lines without
blocking the caller. None of it draws on a terminal.
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
    named_you,
    narrate,
    plural,
    scores_words,
)
from .prompts import (
    CANNOT_DRAW,
    FIRST_WILD,
    NOBODY_TO_CALL_UNO,
    NOBODY_TO_CATCH,
    ROUND_OVER,
    TURN_KEYS,
    UNO_ARMED,
    Emphasis,
    Phrase,
    cannot_choose_words,
    cannot_go_words,
    cursor_words,
    decision_phrases,
    drawn_card_question,
    facing_question,
    first_wild_question,
    handover_words,
    hidden_hand_words,
    phrases_text,
    playable_cards,
    prompt_phrases,
    resume_hint,
    spoken_prompt,
)
from .review import (
    NO_HAND_SHOWN,
    REVIEWS,
    History,
    challenge_words,
    color_before_draw_four,
    counts_words,
    hand_words,
    low_counts_words,
    next_player,
    public_counts_words,
    public_top_words,
    review_words,
    scores_line,
    special_cards_words,
    table_words,
    top_words,
)

__all__ = [
    "CANNOT_DRAW",
    "FIRST_WILD",
    "NOBODY_TO_CALL_UNO",
    "NOBODY_TO_CATCH",
    "NO_HAND_SHOWN",
    "REVIEWS",
    "ROUND_OVER",
    "TURN_KEYS",
    "UNO_ARMED",
    "VERBOSITIES",
    "Emphasis",
    "History",
    "Move",
    "Narrator",
    "Phrase",
    "Verbosity",
    "cannot_choose_words",
    "cannot_go_words",
    "card_order",
    "card_words",
    "cards_words",
    "challenge_words",
    "color_before_draw_four",
    "counts_words",
    "cursor_words",
    "decision_phrases",
    "describe_action",
    "drawn_card_question",
    "facing_question",
    "first_wild_question",
    "hand_words",
    "handover_words",
    "hidden_hand_words",
    "list_moves",
    "low_counts_words",
    "moves_words",
    "named_you",
    "narrate",
    "next_player",
    "phrases_text",
    "playable_cards",
    "plural",
    "prompt_phrases",
    "public_counts_words",
    "public_top_words",
    "resume_hint",
    "review_words",
    "scores_line",
    "scores_words",
    "special_cards_words",
    "spoken_prompt",
    "table_words",
    "top_words",
]
