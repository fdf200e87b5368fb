"""Review lines that use no turn: my hand, the top card, everyone's counts, the scores, and the
lines heard so far (repeat the last one, read the last few).

Pure functions of a ``PlayerView``, which holds only what its player may know, so a review can
never tell another hand. Both front ends use them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from uno_tui.engine import Card, Color, PlayerView, PublicView

from .narrator import card_order, card_words, plural, scores_words

_WILD_GROUP = {True: "wild card", False: "wild cards"}


def _rank_words(card: Card) -> str:
    """Within a colour group the colour is said once: "2 red: 7, Skip"."""
    return card.rank.title if card.color else card_words(card)


def hand_words(view: PlayerView) -> str:
    """ "Your hand, 5 cards. 2 red: 7, Skip. 1 blue: 4. 2 wild cards: Wild, Wild Draw Four."
    Grouped by colour, each group's count first: "Red, 2 cards" was heard as "Red 2", and
    "2 wild: Wild" as "wild wild"."""
    hand = sorted(view.hand, key=card_order)
    if not hand:
        return "Your hand is empty."
    groups: dict[Color | None, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.color, []).append(card)
    parts = [
        f"{len(cards)} {color.word if color else _WILD_GROUP[len(cards) == 1]}: "
        + ", ".join(_rank_words(card) for card in cards)
        for color, cards in groups.items()
    ]
    return f"Your hand, {plural(len(hand), 'card')}. " + ". ".join(parts) + "."


def top_words(view: PlayerView) -> str:
    """ "Top card: Wild Draw Four, colour green. 4 cards to draw." """
    colour = view.current_color.word if view.current_color else "not named yet"
    text = f"Top card: {card_words(view.top_card)}, colour {colour}."
    if view.pending_penalty:
        text += f" {plural(view.pending_penalty, 'card')} to draw."
    if view.drawn_card is not None:
        text += f" You drew {card_words(view.drawn_card)}."
    return text


def counts_words(view: PlayerView) -> str:
    """ "Cards: you have 5, Leo 1, Ines 7. Draw pile 80. Leo's turn, clockwise." ("you 5"
    was heard as "you too".)"""
    counts = []
    for seat, (name, count) in enumerate(zip(view.names, view.hand_counts, strict=True)):
        who = "you have" if seat == view.player else name
        note = ""
        if seat in view.out_players:
            note = " (out)"
        elif seat in view.uno_exposed:
            note = " (no UNO called)"
        counts.append(f"{who} {count}{note}")
    turn = (
        "your turn"
        if view.current_player == view.player
        else (f"{view.names[view.current_player]}'s turn")
    )
    way = "clockwise" if view.clockwise else "counterclockwise"
    return (
        f"Cards: {', '.join(counts)}. Draw pile {view.draw_pile_count}. "
        f"{turn[:1].upper()}{turn[1:]}, {way}."
    )


def scores_line(view: PublicView) -> str:
    """ "Scores: Maya 86, Leo 0. Target 500. Hand 2." """
    words = scores_words(view.names, view.scores, team_scores=view.rules.team_game)
    return f"Scores: {words}. Target {view.rules.target_score}. Hand {view.round_number}."


class History:
    """The lines one listener has heard, for "repeat" and "log"."""

    def __init__(self, keep: int = 200) -> None:
        self.lines: deque[str] = deque(maxlen=keep)

    def add(self, line: str) -> None:
        if line:
            self.lines.append(line)

    def extend(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.add(line)

    def last(self) -> str:
        """The last line heard (``repeat``)."""
        return self.lines[-1] if self.lines else "Nothing yet."

    def recent(self, count: int = 8) -> list[str]:
        """The last ``count`` lines, oldest first (``log``)."""
        return list(self.lines)[-count:] if self.lines else ["Nothing yet."]
