"""How a card looks on screen: a short label that always names its colour in letters too.

Colour-blind players and ``NO_COLOR`` terminals lose nothing: ``R 7`` is red by its letter
before it is red by its paint.
"""

from __future__ import annotations

from rich.color import Color as RichColor
from rich.style import Style
from rich.text import Text

from uno_tui.engine import Card, Color, Rank

RANK_LABELS = {
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Rev",
    Rank.DRAW_TWO: "+2",
    Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild+4",
    Rank.WILD_SWAP_HANDS: "Swap",
    Rank.WILD_CUSTOMIZABLE: "Custom",
    Rank.WILD_TEAM_PLAY: "Team",
    Rank.WILD_TEAM_DRAW_FOUR: "Team+4",
}

COLOR_STYLES = {
    Color.RED: Style(color="white", bgcolor="#c62828", bold=True),
    Color.YELLOW: Style(color="black", bgcolor="#f9a825", bold=True),
    Color.GREEN: Style(color="white", bgcolor="#2e7d32", bold=True),
    Color.BLUE: Style(color="white", bgcolor="#1565c0", bold=True),
}
WILD_STYLE = Style(color="white", bgcolor="#333333", bold=True)


def card_label(card: Card) -> str:
    """``R 7``, ``G +2``, ``B Skip``, ``Wild+4``: the colour's letter, then the rank."""
    rank = RANK_LABELS.get(card.rank, card.rank.value)
    return rank if card.color is None else f"{card.color.value} {rank}"


def card_style(card: Card) -> Style:
    return WILD_STYLE if card.color is None else COLOR_STYLES[card.color]


def card_text(card: Card) -> Text:
    """The card as a painted chip: `` R 7 ``."""
    return Text(f" {card_label(card)} ", style=card_style(card))


def color_text(color: Color | None) -> Text:
    """A colour named in words on its own paint (``Red``), or "not named yet"."""
    if color is None:
        return Text("not named yet", style="italic")
    return Text(f" {color.word.capitalize()} ", style=COLOR_STYLES[color])


# Cards drawn as cards ---------------------------------------------------------------------
#
# A card is a bordered box whose border and face are painted its colour. Its letter is always
# printed too (top left, with the value, as on a real card's index), so the card reads the
# same with ``NO_COLOR`` and to colour-blind players. Skip and Reverse get a symbol and, where
# the card has room, their word, for fonts without the symbol.

SYMBOLS = {
    Rank.SKIP: "⊘",
    Rank.REVERSE: "⇄",
    Rank.DRAW_TWO: "+2",
    Rank.WILD: "W",
    Rank.WILD_DRAW_FOUR: "+4",
    Rank.WILD_SWAP_HANDS: "Swap",
    Rank.WILD_CUSTOMIZABLE: "Cust",
    Rank.WILD_TEAM_PLAY: "Team",
    Rank.WILD_TEAM_DRAW_FOUR: "T+4",
}
"""The value in the middle of a card (numbers are themselves)."""
WORDS = {
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Reverse",
    Rank.DRAW_TWO: "Draw 2",
    Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild+4",
    Rank.WILD_SWAP_HANDS: "Hands",
    Rank.WILD_CUSTOMIZABLE: "Custom",
    Rank.WILD_TEAM_PLAY: "Play",
    Rank.WILD_TEAM_DRAW_FOUR: "Team+4",
}
"""The line under the value on a large card: the word for the symbol above it."""
CORNERS = {
    Rank.SKIP: "⊘",
    Rank.REVERSE: "⇄",
    Rank.WILD: "",
    Rank.WILD_DRAW_FOUR: "+4",
    Rank.WILD_SWAP_HANDS: "S",
    Rank.WILD_CUSTOMIZABLE: "C",
    Rank.WILD_TEAM_PLAY: "T",
    Rank.WILD_TEAM_DRAW_FOUR: "T4",
}
"""What follows the letter in a card's top-left index (``R7``, ``G+2``, ``B⊘``, ``W+4``)."""

ROUND = "╭╮╰╯─│"
HEAVY = "┏┓┗┛━┃"
DASHED = "╭╮╰╯┄┆"
"""A card that cannot go now: dashed as well as dimmed, so it reads without colour too."""
SMALL_CARD = (6, 5)
"""A card in a hand: 6 columns, 5 rows; an overlapped one shows its first 3 columns."""
LARGE_CARD = (11, 7)
BACK_PATTERN = "▚"
DIM_SHADE = 0.45
"""A card that cannot go now keeps its colour at this share of its brightness (its text in the
full colour, not bold): the hand's colours read at a glance, the playable cards stand out."""


def dimmed(style: Style) -> Style:
    """``style`` for a card that cannot go now: the same colour, darker, never grey."""
    paint = style.bgcolor.get_truecolor() if style.bgcolor is not None else None
    if paint is None:
        return style + Style(dim=True, bold=False)
    shade = RichColor.from_rgb(*(int(part * DIM_SHADE) for part in paint))
    text = RichColor.from_rgb(*(min(255, int(part * 0.6 + 100)) for part in paint))
    return Style(color=text, bgcolor=shade, bold=False)


def card_letter(card: Card) -> str:
    return card.color.value if card.color is not None else "W"


def card_corner(card: Card) -> str:
    """The top-left index: the letter, then the value (``R7``, ``Y+2``, ``G⊘``, ``W+4``)."""
    return card_letter(card) + CORNERS.get(card.rank, card.rank.value)


def card_lines(
    card: Card,
    size: tuple[int, int] = SMALL_CARD,
    *,
    selected: bool = False,
    dim: bool = False,
) -> list[Text]:
    """The card as ``size[1]`` lines of ``size[0]`` cells: a border, the index top left, the
    value in the middle (and its word, where there is room), the index again bottom right."""
    width, height = size
    inner = width - 2
    face = dimmed(card_style(card)) if dim else card_style(card)
    if dim:
        border = Style(color=face.color)
    else:  # a wild card's black would vanish into a dark table: its border is white
        border = Style(color="#e0e0e0" if card.color is None else face.bgcolor, bold=selected)
    corners = HEAVY if selected else DASHED if dim else ROUND
    value = SYMBOLS.get(card.rank, card.rank.value)
    if len(value) > inner:
        value = value[:inner]
    middle: list[str] = [value]
    word = WORDS.get(card.rank, card.color.word if card.color else "")
    if height >= 7 and word:
        middle.append(word if len(word) <= inner else word[:inner])
    rows = [" " * inner for _ in range(height - 2)]
    rows[0] = f"{card_corner(card):<{inner}}"[:inner]
    top = (height - 2 - len(middle)) // 2
    for i, text in enumerate(middle):
        rows[top + i] = f"{text:^{inner}}"
    if height - 2 >= 3:  # the index again, bottom right, as on a printed card
        rows[-1] = f"{card_corner(card):>{inner}}"[-inner:]
    lines = [Text(corners[0] + corners[4] * inner + corners[1], style=border)]
    for row in rows:
        line = Text(corners[5], style=border)
        line.append(row, style=face)
        line.append(corners[5], style=border)
        lines.append(line)
    lines.append(Text(corners[2] + corners[4] * inner + corners[3], style=border))
    return lines


def back_lines(size: tuple[int, int] = SMALL_CARD, label: str = "") -> list[Text]:
    """A card face down: a patterned back, with ``label`` (a count) in the middle."""
    width, height = size
    inner = width - 2
    border = Style(color="#c62828")
    back = Style(color="#f9a825", bgcolor="#5d1010")
    rows = [BACK_PATTERN * inner for _ in range(height - 2)]
    if label:
        rows[(height - 2) // 2] = f"{label:^{inner}}"[:inner]
    lines = [Text("╭" + "─" * inner + "╮", style=border)]
    for row in rows:
        line = Text("│", style=border)
        line.append(row, style=back + Style(bold=True) if row.strip(BACK_PATTERN) else back)
        line.append("│", style=border)
        lines.append(line)
    lines.append(Text("╰" + "─" * inner + "╯", style=border))
    return lines


def join_lines(lines: list[Text]) -> Text:
    return Text("\n").join(lines)
