"""Plain-sentence narration of engine events, never naming a card the listener may not know.

``Narrator(names).narrate(event, listener)`` reads the event as ``listener`` saw it (through
``Event.seen_by``), so a private part the listener may not know is already blank before a word
is written. ``listener`` is a seat, or ``None`` for an onlooker (a replay of the whole table).
"""

from __future__ import annotations

from .narrator import Narrator, card_words, narrate

__all__ = ["Narrator", "card_words", "narrate"]
