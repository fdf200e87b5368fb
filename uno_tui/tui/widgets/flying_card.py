"""A card in motion: from a hand to the discard pile, or from the deck to a hand.

It lives on the screen's ``motion`` layer above the table, is drawn from the card's data alone
(its face, or its back for a card the viewer may not see), moves in under 300 ms and removes
itself. Nothing waits for it: the table under it is already the new one, so a player who acts
at once loses nothing, and with reduced motion (or narration) it is never mounted.
"""

from __future__ import annotations

from rich.text import Text
from textual.css.scalar import ScalarOffset
from textual.geometry import Offset
from textual.widget import Widget

from uno_tui.engine import Card
from uno_tui.tui.cards import SMALL_CARD, back_lines, card_lines, join_lines

FLIGHT_SECONDS = 0.22
"""How long a card takes to cross the table (the issue asks for under 300 ms)."""


class FlyingCard(Widget):
    DEFAULT_CSS = """
    FlyingCard {
        layer: motion;
        position: absolute;
        width: 6;
        height: 5;
    }
    """

    def __init__(self, card: Card | None, start: Offset, end: Offset) -> None:
        """``card`` is the face to show, or ``None`` for a card seen from the back; it flies
        from ``start`` to ``end`` (screen cells) once mounted."""
        super().__init__()
        self.card = card
        self.start = start
        self.end = end
        self.styles.offset = (start.x, start.y)

    def on_mount(self) -> None:
        self.fly(self.start, self.end)

    def render(self) -> Text:
        lines = card_lines(self.card) if self.card is not None else back_lines(SMALL_CARD)
        return join_lines(lines)

    def fly(self, start: Offset, end: Offset) -> None:
        """Move from ``start`` to ``end`` (screen cells), then go."""
        self.styles.offset = (start.x, start.y)
        self.styles.animate(
            "offset",
            value=ScalarOffset.from_offset((end.x, end.y)),  # type: ignore[arg-type]
            duration=FLIGHT_SECONDS,
            easing="out_cubic",
            on_complete=self.remove,
        )
