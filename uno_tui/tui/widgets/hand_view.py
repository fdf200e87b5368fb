"""One player's hand as a fan of cards, grouped by colour, the playable ones bright and the
selected one raised; 25 cards still fit in 80 columns (overlapped, each showing its index)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Offset, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from uno_tui.engine import Card, Color
from uno_tui.tui.cards import SMALL_CARD, card_label, card_lines, card_style
from uno_tui.tui.listening import cursor_on_live_line

GROUP_ORDER: tuple[Color | None, ...] = (*Color, None)
ROOMY_CARD = (10, 7)
ROOMY_AT = (110, 36)
"""From this terminal size on, the hand's cards are ROOMY_CARD."""


def fan_steps(card_width: int) -> list[tuple[int, int]]:
    """How far apart the cards of a fan start, and the extra gap between two colours, from
    side by side to overlapping: the first that fits the width is used."""
    tighter = [(stride, 1) for stride in range(card_width - 1, 2, -1)]
    return [(card_width + 1, 0), (card_width, 1), *tighter, (3, 0)]


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
        Binding("enter", "choose('play')", "Play"),
        Binding("enter", "choose('pass')", "Pass"),
        Binding("enter", "choose('give')", "Give"),
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
        self.verb = "play"
        """What Enter does with the card: play it, or (Teams) pass or give it; the footer
        and the line under the hand say so."""
        self.place_cursor = False
        """Narration mode: the terminal's cursor sits on the selected card, for screen
        magnifiers and braille displays that follow it."""

    def show_hand(
        self, hand: Sequence[Card], playable: Collection[Card], verb: str = "play"
    ) -> None:
        """Show ``hand``, marking ``playable`` (the cards Enter may ``verb``: play, pass or
        give); the cursor stays on the same card if it can."""
        if verb != self.verb:
            self.verb = verb
            self.refresh_bindings()
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
        self.call_after_refresh(self.move_terminal_cursor)  # where the new layout put it

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

    @property
    def card_size(self) -> tuple[int, int]:
        """Small cards at 80x24, roomier ones on a big terminal."""
        width, height = self.app.size
        return ROOMY_CARD if width >= ROOMY_AT[0] and height >= ROOMY_AT[1] else SMALL_CARD

    def layout_fan(self, width: int) -> tuple[list[int], int]:
        """Where each card starts (its column) in a fan ``width`` cells wide: side by side
        with a gap between colours when there is room, else overlapping, each card showing at
        least its index (3 columns; some only 2 when even that does not fit)."""
        card_width = self.card_size[0]
        count = len(self.cards)
        breaks = len(self.rows) - 1
        for stride, gap in fan_steps(card_width):
            if (count - 1) * stride + breaks * gap + card_width <= width:
                starts, column = [], 0
                for group, (_, cards) in enumerate(self.rows):
                    if group:
                        column += gap
                    for _ in cards:
                        starts.append(column)
                        column += stride
                return starts, stride
        # Many cards: spread them evenly over the width, some 3 columns apart, some 2.
        step = (width - card_width) / max(count - 1, 1)
        return [int(i * step) for i in range(count)], max(1, int(step))

    def fan_lines(self, width: int) -> list[Text]:
        """The hand as a fan of cards: the selected one raised a row, the cards that cannot
        go now dimmed."""
        card_width, card_height = self.card_size
        starts, _ = self.layout_fan(width)
        total = starts[-1] + card_width if starts else 0
        canvas = [[(" ", Style()) for _ in range(total)] for _ in range(card_height + 1)]
        for index in range(len(self.cards)):  # each card over the one before: every index shows
            card = self.cards[index]
            selected = index == self.cursor
            lines = card_lines(
                card,
                (card_width, card_height),
                selected=selected,
                dim=bool(self.playable) and card not in self.playable,
            )
            top = 0 if selected else 1
            for row, line in enumerate(lines):
                cells = canvas[top + row]
                column = starts[index]
                for char, style in _cells(line):
                    if column < total:
                        cells[column] = (char, style)
                    column += 1
        return [_text(cells) for cells in canvas]

    def render(self) -> Text:
        if not self.cards:
            return Text(self.hidden_text, style="italic")
        width = max(self.content_region.width, SMALL_CARD[0])
        text = Text("\n").join(self.fan_lines(width))
        text.append("\n")
        card = self.cards[self.cursor]
        text.append(f"[{card_label(card)}]", style=card_style(card))
        count = len(self.cards)
        text.append(f" {self.cursor + 1} of {count}", style="bold")
        if self.playable:
            word = "go" if self.verb == "play" else self.verb
            verdict = f" can {word}" if card in self.playable else f" cannot {word} now"
            text.append(verdict, style="italic")
        return text

    def watch_cursor(self) -> None:
        self.move_terminal_cursor()

    def chip_cell(self, index: int) -> Offset:
        """Where card ``index``'s index sits in the widget (as ``render`` draws the fan)."""
        if not self.cards:
            return Offset(0, 0)
        starts, _ = self.layout_fan(max(self.content_region.width, SMALL_CARD[0]))
        return Offset(starts[index] + 1, 1 if index == self.cursor else 2)

    def move_terminal_cursor(self) -> None:
        """Put the terminal's cursor on the selected card (it is drawn with the next frame)."""
        if self.place_cursor and self.cards and not cursor_on_live_line(self):
            self.app.cursor_position = self.content_region.offset + self.chip_cell(self.cursor)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.card_size[1] + 2 if self.cards else 1

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

    def card_at(self, offset: Offset) -> int | None:
        """The card drawn at ``offset`` in the widget (the one on top where they overlap)."""
        if not self.cards or offset.y > self.card_size[1]:
            return None
        starts, _ = self.layout_fan(max(self.content_region.width, self.card_size[0]))
        width = self.card_size[0]
        under = [i for i, start in enumerate(starts) if start <= offset.x < start + width]
        return under[-1] if under else None

    def on_click(self, event: events.Click) -> None:
        index = self.card_at(event.offset)
        if index is not None:
            self.action_pick(index)

    def action_pick(self, index: int) -> None:
        """A click: the first selects the card, a second one on it chooses it."""
        if index == self.cursor:
            self.action_choose()
        else:
            self.action_select(index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return parameters in ((), (self.verb,))
        return True

    def action_choose(self, verb: str = "play") -> None:
        card = self.selected
        if card is not None:
            self.post_message(self.Chosen(card))


def _cells(line: Text) -> list[tuple[str, Style]]:
    """The characters of a one-line ``Text`` with the style each is drawn in."""
    base = line.style if isinstance(line.style, Style) else Style.parse(line.style)
    cells = [(char, base) for char in line.plain]
    for span in line.spans:
        style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
        for i in range(span.start, min(span.end, len(cells))):
            cells[i] = (cells[i][0], cells[i][1] + style)
    return cells


def _text(cells: list[tuple[str, Style]]) -> Text:
    text = Text(no_wrap=True, end="")
    for char, style in cells:
        text.append(char, style=style)
    return text
