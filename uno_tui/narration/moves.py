"""Actions in plain words, and a person's legal moves as a short numbered list.

Both front ends list moves the same way: one choice per card (a Wild's colour and a Swap Hands
target are asked after it is chosen), then drawing, challenging, calling UNO and so on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Color,
    Deal,
    Decision,
    DrawCard,
    GiveCard,
    KeepDrawn,
    NameColor,
    PassCard,
    PlayCard,
)

from .narrator import card_order, card_words


def describe_action(action: Action, names: Sequence[str]) -> str:
    """An action in plain words, as a choice in a list: "play Wild, colour red"."""
    match action:
        case PlayCard(card=card, color=color, target=target):
            text = f"play {card_words(card)}"
            if target is not None:
                text += f" with {names[target]}"
            if color is not None:
                text += f", colour {color.word}"
            return text
        case DrawCard():
            return "draw a card"
        case KeepDrawn():
            return "keep the drawn card"
        case NameColor(color=color):
            return f"name {color.word}"
        case Challenge():
            return "challenge the Wild Draw Four"
        case AcceptPenalty():
            return "draw the penalty cards"
        case PassCard(card=card):
            return f"pass {card_words(card)}"
        case GiveCard(card=card):
            return f"give {card_words(card)}"
        case CallUno(player=player, target=target):
            return "call UNO" if target == player else f"call UNO for {names[target]}"
        case CatchUno(target=target):
            return f"catch {names[target]} without UNO"
        case Deal():
            return "deal the next hand"
    raise ValueError(f"no words for {action!r}")


@dataclass(frozen=True, slots=True)
class Move:
    """One numbered choice: its words, and the actions it stands for (several for a Wild,
    one per colour and target, until the person answers the follow-up questions)."""

    label: str
    actions: tuple[Action, ...]

    @property
    def colors(self) -> tuple[Color, ...]:
        """The colours still open to choose among, in the usual order."""
        found = {a.color for a in self.actions if isinstance(a, PlayCard) and a.color}
        return tuple(color for color in Color if color in found)

    @property
    def targets(self) -> tuple[int, ...]:
        """The players still open to choose among (Swap Hands, the 7-0 seven)."""
        found = {a.target for a in self.actions if isinstance(a, PlayCard)}
        return tuple(sorted(seat for seat in found if seat is not None))


def _sort_key(action: Action) -> tuple[int, tuple[int, int]]:
    if isinstance(action, PlayCard | PassCard | GiveCard):
        return (0, card_order(action.card))
    return (1, (0, 0))


def list_moves(decisions: Sequence[Decision], names: Sequence[str]) -> list[Move]:
    """Every legal action of ``decisions`` as numbered choices: cards first, grouped by colour,
    one choice per card; then the other actions in the engine's order."""
    groups: dict[str, list[Action]] = {}
    actions = [action for decision in decisions for action in decision.actions]
    for action in sorted(actions, key=_sort_key):
        key = (
            f"play {card_words(action.card)}"
            if isinstance(action, PlayCard)
            else describe_action(action, names)
        )
        groups.setdefault(key, []).append(action)
    return [Move(label, tuple(group)) for label, group in groups.items()]


def moves_words(moves: Sequence[Move]) -> str:
    """ "1: play Red 7, 2: play Wild, 3: draw a card." """
    if not moves:
        return "No moves for you now."
    return ", ".join(f"{number}: {move.label}" for number, move in enumerate(moves, 1)) + "."
