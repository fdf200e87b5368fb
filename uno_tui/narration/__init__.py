"""Plain-sentence narration of engine events, never naming a card the listener may not know.

``Narrator(names).narrate(event, listener)`` reads the event as ``listener`` saw it (through
``Event.seen_by``), so a private part the listener may not know is already blank before a word
is written. ``listener`` is a seat, or ``None`` for an onlooker (a replay of the whole table).
``narrate_events`` tells several events, a card's consequences in the line of its play.

``review`` holds the lines that use no turn (hand, top card, counts, scores, history), ``moves``
a person's legal moves in words, ``prompts`` what the table says to the person at the keyboard
(the prompt over the hand, a refused key, the resume hint), and ``speech`` speaks lines without
blocking the caller. None of it draws on a terminal.

Each name is imported from its module when first asked for (PEP 562): the setup screen, which
needs the words of its options alone, does not load the narrator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uno_tui.engine.lazy import names_on_demand

if TYPE_CHECKING:
    from .moves import (
        Move,
        describe_action,
        list_moves,
        moves_words,
    )
    from .narrator import (
        Narrator,
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
        TIMED_TURNS,
        History,
        challenge_words,
        clock_words,
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
        timers_words,
        told_timers,
        top_words,
        warning_words,
    )
    from .verbosity import VERBOSITIES, Verbosity

_MODULES = {
    "CANNOT_DRAW": "prompts",
    "Emphasis": "prompts",
    "FIRST_WILD": "prompts",
    "History": "review",
    "Move": "moves",
    "NOBODY_TO_CALL_UNO": "prompts",
    "NOBODY_TO_CATCH": "prompts",
    "NO_HAND_SHOWN": "review",
    "Narrator": "narrator",
    "Phrase": "prompts",
    "REVIEWS": "review",
    "ROUND_OVER": "prompts",
    "TIMED_TURNS": "review",
    "TURN_KEYS": "prompts",
    "UNO_ARMED": "prompts",
    "VERBOSITIES": "verbosity",
    "Verbosity": "verbosity",
    "cannot_choose_words": "prompts",
    "cannot_go_words": "prompts",
    "card_order": "narrator",
    "card_words": "narrator",
    "cards_words": "narrator",
    "challenge_words": "review",
    "clock_words": "review",
    "warning_words": "review",
    "color_before_draw_four": "review",
    "counts_words": "review",
    "cursor_words": "prompts",
    "decision_phrases": "prompts",
    "describe_action": "moves",
    "drawn_card_question": "prompts",
    "facing_question": "prompts",
    "first_wild_question": "prompts",
    "hand_words": "review",
    "handover_words": "prompts",
    "hidden_hand_words": "prompts",
    "list_moves": "moves",
    "low_counts_words": "review",
    "moves_words": "moves",
    "named_you": "narrator",
    "narrate": "narrator",
    "next_player": "review",
    "phrases_text": "prompts",
    "playable_cards": "prompts",
    "plural": "narrator",
    "prompt_phrases": "prompts",
    "public_counts_words": "review",
    "public_top_words": "review",
    "resume_hint": "prompts",
    "review_words": "review",
    "scores_line": "review",
    "scores_words": "narrator",
    "special_cards_words": "review",
    "spoken_prompt": "prompts",
    "table_words": "review",
    "timers_words": "review",
    "told_timers": "review",
    "top_words": "review",
}
"""Where each name lives: its module is imported when the name is first asked for."""


__getattr__ = names_on_demand(__name__, _MODULES, globals())


__all__ = [
    "CANNOT_DRAW",
    "FIRST_WILD",
    "NOBODY_TO_CALL_UNO",
    "NOBODY_TO_CATCH",
    "NO_HAND_SHOWN",
    "REVIEWS",
    "ROUND_OVER",
    "TIMED_TURNS",
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
    "clock_words",
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
    "timers_words",
    "told_timers",
    "top_words",
    "warning_words",
]
