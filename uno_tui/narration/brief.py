"""The turn's summary and its question in brief (``--verbosity brief``): the same facts in
fewer words, for a listener who hears every decision at about three words a second.

Full: "Top card: Blue 8, colour blue. Your hand, 7 cards. 3 red: 1, 2, 6. 2 yellow: 3, 5. 1
green: 6. 1 wild card: Wild Team Play. Ada plays next." then "Your move? 1: play Red 2, 2: play
Yellow 3, d: draw a card." Brief: "On Blue 8. 7 cards: red 1, 2, 6; yellow 3, 5; green 6; Wild
Team Play. Next Ada." then "Play? 1: Red 2, 2: Yellow 3, d: draw." Every fact stays: the top
card (its colour said where the card does not say it), any penalty waiting and the card just
drawn, the whole hand by colour, who is next, the others at one or two cards; only the words
that repeat a fact go ("colour blue" after Blue 8, "play" before every card, the group counts
that the cards themselves count).
"""

from __future__ import annotations

from collections.abc import Sequence

from uno_tui.engine import Card, Color, PlayerView

from .narrator import card_order, card_words, plural


def brief_top_words(view: PlayerView) -> str:
    """ "On Blue 8.", "On Wild, red.", "On Red Draw Two, 2 cards to draw." """
    top = view.top_card
    text = f"On {card_words(top)}"
    if view.current_color is not None and top.color is not view.current_color:
        text += f", {view.current_color.word}"
    elif view.current_color is None:
        text += ", no colour yet"
    if view.pending_penalty:
        cards = plural(view.pending_penalty, "card")
        on = view.responder
        if on is None or on == view.player:
            text += f", {cards} to draw"
        else:
            text += f", {cards} waiting for {view.names[on]}"
    text += "."
    if view.drawn_card is not None:
        text += f" You drew {card_words(view.drawn_card)}."
    return text


def brief_hand_words(hand: Sequence[Card]) -> str:
    """ "7 cards: red 1, 2, 6; yellow 3, 5; Wild Team Play." The colour once per group."""
    if not hand:
        return "No cards."
    groups: dict[Color | None, list[Card]] = {}
    for card in sorted(hand, key=card_order):
        groups.setdefault(card.color, []).append(card)
    parts = []
    for color, cards in groups.items():
        if color is None:
            parts.append(", ".join(card_words(card) for card in cards))
        else:
            parts.append(f"{color.word} " + ", ".join(card.rank.title for card in cards))
    return f"{plural(len(hand), 'card')}: " + "; ".join(parts) + "."


SHORT_LABELS = {
    "draw a card": "draw",
    "keep the drawn card": "keep",
    "draw the penalty cards": "take the penalty",
}
CARD_VERBS = ("play", "pass", "give")


def brief_labels(labels: Sequence[str]) -> tuple[str, list[str]]:
    """The verb the card choices share, said once as the question ("Play?"), and the choices
    without it: ["play Red 2", "play Wild", "draw a card"] -> ("Play", ["Red 2", "Wild",
    "draw"]). With no card choice, or several verbs: ("Move", the labels, shortened)."""
    shortened = [SHORT_LABELS.get(label, label) for label in labels]
    verbs = {label.split(" ", 1)[0] for label in shortened if label.startswith(CARD_VERBS)}
    if len(verbs) != 1:
        return "Move", shortened
    verb = verbs.pop()
    cut = [label.removeprefix(f"{verb} ") for label in shortened]
    return verb.capitalize(), cut
