"""How the line mode keys a question's choices and reads an answer: numbers from 1, drawing
``d`` and keeping a drawn card ``k`` whatever else is offered, yes and no for a question of
two answers, the words that leave, and the sentences that refuse an answer. Pure functions of
their arguments: no input or output here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from uno_tui.engine import AcceptPenalty, Action, DrawCard, KeepDrawn
from uno_tui.narration import Move

PASSED = "That question has passed"
"""Said for an answer typed for a question whose moment went by before it came."""
QUIT_WORDS = ("quit", "exit", "q")
"""What leaves the match at any question; q as in the app."""
YES_WORDS = ("y", "yes")
NO_WORDS = ("n", "no")
"""The answers a yes-or-no question takes beside its numbers."""
STABLE_KEYS: dict[type[Action], str] = {DrawCard: "d", AcceptPenalty: "d", KeepDrawn: "k"}
"""Choices that are there turn after turn keep one letter, so a hand's size moves no key."""
CALL_UNO = Move("call UNO with the card you play", ())
"""With two cards, the turn's choice that calls UNO with the card chosen next."""
T = TypeVar("T")


class QuitGame(Exception):
    """The person asked to stop, or the input ended."""


def curtain_line(name: str) -> str:
    """The hot-seat handoff, a question so a reader knows an answer is awaited."""
    return f"Hand the keyboard to {name}. {name}, are you ready? Press Enter."


def choice_keys(moves: Sequence[Move]) -> list[str]:
    """The key of each move: cards and the rest numbered from 1, drawing ``d`` and keeping a
    drawn card ``k`` whatever else is offered."""
    keys: list[str] = []
    number = 0
    for move in moves:
        letter = STABLE_KEYS.get(type(move.actions[0]))
        if letter is None or letter in keys:
            number += 1
            keys.append(str(number))
        else:
            keys.append(letter)
    return keys


def keyed_words(keys: Sequence[str], labels: Sequence[str]) -> str:
    """ "1: play Red 7, 2: play Wild, d: draw a card." """
    if not labels:
        return "No moves for you now."
    return ", ".join(f"{key}: {label}" for key, label in zip(keys, labels, strict=True)) + "."


def choice_number(answer: str, count: int) -> int | None:
    """The choice ``answer`` names, from 1 to ``count``, or None. Only plain digits count
    ("²" is a digit to ``str.isdigit`` but not a number to ``int``)."""
    if answer.isascii() and answer.isdecimal() and len(answer) <= 6:
        number = int(answer)
        if 1 <= number <= count:
            return number
    return None


def stable_keyed(actions: Sequence[Sequence[Action]]) -> dict[str, int]:
    """The letters of a question's choices that keep one (drawing ``d`` and ``draw``,
    keeping a drawn card ``k``), each with the index of its choice; ``actions``: each
    choice's actions."""
    keyed = {
        STABLE_KEYS[type(choice[0])]: index
        for index, choice in enumerate(actions)
        if choice and type(choice[0]) in STABLE_KEYS
    }
    if "d" in keyed:
        keyed["draw"] = keyed["d"]
    return keyed


def yes_no_index(answer: str, count: int) -> int | None:
    """Yes for the first of ``count`` choices, no for the last; ``None`` for anything else."""
    word = answer.lower()
    if word in YES_WORDS:
        return 0
    if word in NO_WORDS:
        return count - 1
    return None


def not_a_choice(answer: str, keys: str) -> str:
    """ "Not a choice: 'green'. Type a number from 1 to 4." """
    return f"Not a choice: {answer[:40]!r}. Type {keys}."


def number_range(count: int) -> str:
    """ "1 or 2", "a number from 1 to 4" """
    return "1 or 2" if count == 2 else "1" if count == 1 else f"a number from 1 to {count}"


def numbered(values: Sequence[T]) -> list[tuple[str, T]]:
    return [(str(number), value) for number, value in enumerate(values, 1)]


def key_range(keys: Sequence[str]) -> str:
    """ "a number from 1 to 3, or d" """
    numbers = [int(key) for key in keys if key.isdecimal()]
    letters = [key for key in keys if not key.isdecimal()]
    parts = []
    if numbers:
        parts.append(f"a number from 1 to {max(numbers)}" if len(numbers) > 1 else "1")
    parts += letters
    return " or ".join(parts)
