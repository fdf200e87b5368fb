"""One player's hand, grouped by colour, with the playable cards marked and a cursor."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Offset, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from uno_tui.engine import Card, Color
from uno_tui.tui.cards import card_label, card_style

GROUP_ORDER: tuple[Color | None, ...] = (*Color, None)
ROW_LABEL = 7
"""Width of the colour's name at the start of each row."""
UNPLAYABLE = Style(color="grey50", dim=True)


def group_hand(hand: Sequence[Card]) -> list[tuple[Color | None, list[Card]]]:
    """The hand by colour (wild cards last), each group in deck order."""
    groups = []
    for color in GROUP_ORDER:
        cards = [card for card in hand if card.color is color]
        if cards:
            cards.sort(key=lambda card: list(type(card.rank)).index(card.rank))
            groups.append((color, cards))
    return groups


class HandView(Widget, can_focus=True):
    """The cards of the player at the keyboard; hidden whenever nobody's hand may show."""

    BINDINGS = [
        Binding("left", "move(-1)", "Prev", show=False),
        Binding("right", "move(1)", "Next", show=False),
        Binding("up", "row(-1)", "Row up", show=False),
        Binding("down", "row(1)", "Row down", show=False),
        Binding("enter", "choose", "Play"),
        *(Binding(str(n % 10), f"select({n - 1})", show=False) for n in range(1, 11)),
    ]

    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        """The player chose this card (Enter, or a second click on it)."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []
        self.rows: list[tuple[Color | None, list[Card]]] = []
        self.playable: frozenset[Card] = frozenset()
        self.hidden_text = "Hand hidden."
        self.place_cursor = False
        """Narration mode: the terminal's cursor sits on the selected card, for screen
        magnifiers and braille displays that follow it."""

    def show_hand(self, hand: Sequence[Card], playable: Collection[Card]) -> None:
        """Show ``hand``, marking ``playable``; the cursor stays on the same card if it can."""
        current = self.selected
        self.rows = group_hand(hand)
        self.cards = [card for _, cards in self.rows for card in cards]
        self.playable = frozenset(playable)
        self.hidden_text = "" if hand else "No cards in hand."
        if current in self.cards and (current in self.playable or not self.playable):
            self.cursor = self.cards.index(current)
        else:
            firsts = [i for i, card in enumerate(self.cards) if card in self.playable]
            self.cursor = firsts[0] if firsts else 0
        self.refresh(layout=True)
        self.move_terminal_cursor()

    def hide(self, text: str) -> None:
        """Show no card at all, only ``text``."""
        self.cards, self.rows, self.playable = [], [], frozenset()
        self.hidden_text = text
        self.refresh(layout=True)

    @property
    def selected(self) -> Card | None:
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, len(self.cards) - 1)) if self.cards else 0

    def render(self) -> Text:
        if not self.cards:
            return Text(self.hidden_text, style="italic")
        text = Text()
        index = 0
        for color, cards in self.rows:
            name = color.word.capitalize() if color else "Wilds"
            text.append(f"{name:<{ROW_LABEL}}", style="bold")
            for card in cards:
                text.append(" ")
                label = card_label(card)
                chip = f"[{label}]" if index == self.cursor else f" {label} "
                style = card_style(card) if card in self.playable else UNPLAYABLE
                if index == self.cursor:
                    style += Style(underline=True)
                text.append(chip, style=style + Style(meta={"@click": f"pick({index})"}))
                index += 1
            text.append("\n")
        text.rstrip()
        return text

    def watch_cursor(self) -> None:
        self.move_terminal_cursor()

    def chip_cell(self, index: int) -> Offset:
        """Where card ``index`` starts in the widget (rows as ``render`` lays them out)."""
        start = 0
        for row, (_, cards) in enumerate(self.rows):
            if index < start + len(cards):
                column = ROW_LABEL + sum(len(card_label(c)) + 3 for c in cards[: index - start])
                return Offset(column + 2, row)
            start += len(cards)
        return Offset(0, 0)

    def move_terminal_cursor(self) -> None:
        """Put the terminal's cursor on the selected card (it is drawn with the next frame)."""
        if self.place_cursor and self.cards:
            self.app.cursor_position = self.content_region.offset + self.chip_cell(self.cursor)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.render().wrap(self.app.console, max(width, 1))))

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def action_row(self, step: int) -> None:
        if not self.rows:
            return
        starts, row = [], 0
        for _, cards in self.rows:
            starts.append(row)
            row += len(cards)
        current = max(i for i, start in enumerate(starts) if start <= self.cursor)
        offset = self.cursor - starts[current]
        target = (current + step) % len(self.rows)
        self.cursor = starts[target] + min(offset, len(self.rows[target][1]) - 1)

    def action_select(self, index: int) -> None:
        if index < len(self.cards):
            self.cursor = index

    def action_pick(self, index: int) -> None:
        """A click: the first selects the card, a second one on it chooses it."""
        if index == self.cursor:
            self.action_choose()
        else:
            self.action_select(index)

    def action_choose(self) -> None:
        card = self.selected
        if card is not None:
            self.post_message(self.Chosen(card))
