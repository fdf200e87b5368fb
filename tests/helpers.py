"""Shared test helpers: set up positions in card notation, act, and check invariants."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

from uno_tui.bots.hard import HardBot
from uno_tui.engine import (
    Action,
    Card,
    Color,
    Game,
    PlayCard,
    Position,
    Rules,
    build_deck,
)
from uno_tui.engine.events import Event
from uno_tui.match.session import Session

E = TypeVar("E", bound=Event)

SCALE = float(os.environ.get("UNO_TUI_TEST_SCALE", "1"))
"""How long the random runs are, as a factor of the counts written in the tests: 1 by default,
``UNO_TUI_TEST_SCALE=10 python -m pytest`` for a long soak, 0.1 for a quick look."""


def scaled(count: int) -> int:
    """``count`` random games, files or examples, times ``UNO_TUI_TEST_SCALE`` (at least 1)."""
    return max(1, round(count * SCALE))


NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


def card(code: str) -> Card:
    return Card.parse(code)


def game_at(
    rules: Rules,
    hands: Sequence[str],
    top: str,
    draw: str = "",
    *,
    current: int = 0,
    color: str | None = None,
    dealer: int | None = None,
    clockwise: bool = True,
    under: str = "",
    seed: int = 0,
) -> Game:
    """A game whose first hand starts at the given position (cards in notation).

    ``draw`` lists the next cards of the draw pile, top first; the rest of the deck follows.
    Players are named Ann, Ben, Cat ... in seat order.
    """
    position = Position.of(
        hands,
        top,
        draw,
        current=current,
        color=color,
        dealer=dealer,
        clockwise=clockwise,
        under=under,
    )
    return Game(rules, NAMES[: len(hands)], seed=seed, position=position)


def play(
    game: Game, player: int, code: str, color: str | None = None, target: int | None = None
) -> list[Event]:
    """``player`` plays the card ``code`` (naming ``color`` for a Wild, ``target`` if asked)."""
    return game.apply(PlayCard(player, card(code), Color(color) if color else None, target))


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [event for event in events if isinstance(event, kind)]


def hand(game: Game, player: int) -> str:
    """A hand in notation, sorted, for comparisons: ``"B2 R7 W"``."""
    return " ".join(sorted(str(c) for c in game.hands[player]))


def assert_invariants(game: Game) -> None:
    """Every card of the deck is somewhere exactly once; the state is coherent."""
    assert game.cards_in_play() == Counter(build_deck(game.rules))
    assert game.discard_pile, "the discard pile always has a top card"
    for decision in game.decisions():
        assert decision.actions, f"an open decision with no legal action: {decision}"
        for action in decision.actions:
            game.check(action)


def apply_all(game: Game, actions: Sequence[Action]) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events += game.apply(action)
    return events


def without_clock(session: Session) -> Session:
    """``session`` with its hard bots on a fixed number of deals and no clock, so that what they
    choose (and so the match a test follows) does not depend on the machine's load."""
    for seat, bot in session.bots.items():
        if isinstance(bot, HardBot):
            session.bots[seat] = HardBot(think_ms=600_000, samples=20)
    return session


class StepClock:
    """A clock for a bot's time budget that moves only when read: each reading is ``step``
    seconds after the one before, so how long a search runs is a count of readings (one to set
    the deadline, one after each imagined deal), whatever the machine's speed."""

    def __init__(self, step: float = 0.001) -> None:
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return self.readings * self.step
