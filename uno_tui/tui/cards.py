"""How a card looks on screen: a short label that always names its colour in letters too.

Colour-blind players and ``NO_COLOR`` terminals lose nothing: ``R 7`` is red by its letter
before it is red by its paint.
"""

from __future__ import annotations

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
