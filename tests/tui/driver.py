"""Playing the app by key presses only, the way a person would: read whose turn it is, move
the cursor to a card, press Enter; answer dialogs by their number; confirm curtains."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from uno_tui.engine import Action, Card, Game, PlayCard, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import (
    BannerScreen,
    ChoiceScreen,
    CurtainScreen,
    GameScreen,
    RoundEndScreen,
)
from uno_tui.tui.screens.game import CARD_ACTIONS, PROMPT_KINDS
from uno_tui.tui.table_setup import TableSetup
from uno_tui.tui.widgets import HandView

from .screen import screen_text

SIZE = (80, 24)


def make_app(session: Session) -> UnoApp:
    setup = TableSetup(rules=session.game.rules.rule_set.value, seats=session.seats, bot_delay=0.0)
    return UnoApp(setup=setup, session=session, remember=False)


def people(*names: str) -> list[Seat]:
    return [Seat(name) for name in names]


def session_at(
    rules: Rules,
    seats: Sequence[Seat],
    hands: Sequence[str],
    top: str,
    *,
    seed: int | None = None,
    **where: Any,
) -> Session:
    """A session whose first hand starts at a set position (cards in notation; ``where``
    as ``Position.of`` takes it: ``draw``, ``current`` ...)."""
    position = Position.of(hands, top, **where)
    game = Game(rules, [seat.name for seat in seats], position=position, seed=seed)
    return Session(rules, seats, game=game)


@dataclass
class Played:
    """What happened on the way, for the test to check."""

    curtains: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    rounds_ended: int = 0
    keys: int = 0
    screens: list[str] = field(default_factory=list)


Answer = Callable[[ChoiceScreen], int]
Press = Callable[..., Awaitable[None]]
Pick = Callable[[list[Action]], Action | None]


async def play_by_keys(
    app: UnoApp,
    pilot: Pilot[None],
    *,
    rounds: int = 1,
    max_steps: int = 5000,
    rng: random.Random | None = None,
    answer: Answer | None = None,
    pick: Pick | None = None,
    watch: Callable[[UnoApp, Played], None] | None = None,
    until: Callable[[], bool] | None = None,
) -> Played:
    """Play until ``rounds`` rounds have ended (the last round-end screen is left up), or
    until ``until()`` is true."""
    rng = rng or random.Random(0)
    played = Played()

    async def press(*keys: str) -> None:
        played.keys += len(keys)
        await pilot.press(*keys)

    for _ in range(max_steps):
        await pilot.pause()
        screen = app.screen
        if watch is not None:
            watch(app, played)
        if until is not None and until():
            return played
        if isinstance(screen, CurtainScreen):
            played.curtains.append(screen.player_name)
            await press("enter")
        elif isinstance(screen, ChoiceScreen):
            played.dialogs.append(screen.question)
            index = answer(screen) if answer else rng.randrange(len(screen.answers))
            await press(str(index + 1))
        elif isinstance(screen, BannerScreen):  # a challenge's result: read, then Enter
            played.dialogs.append(screen.title_words)
            await press("enter")
        elif isinstance(screen, RoundEndScreen):
            played.rounds_ended += 1
            played.screens.append(screen_text(app))
            if played.rounds_ended >= rounds:
                return played
            await press("enter")
        elif isinstance(screen, GameScreen):
            await take_turn(screen, press, rng, pick)
        else:
            raise AssertionError(f"unexpected screen {type(screen).__name__}")
    raise AssertionError(f"not done after {max_steps} steps")


async def take_turn(
    screen: GameScreen, press: Press, rng: random.Random, pick: Pick | None
) -> None:
    """The person whose hand shows takes their decision by keys (dialogs come as screens)."""
    session = screen.session
    decision = session.person_to_decide()
    viewer = screen.viewer
    if decision is None or viewer != decision.player or decision.kind in PROMPT_KINDS:
        return
    actions = list(decision.actions)
    choice = pick(actions) if pick else None
    if choice is None:
        card_actions = [a for a in actions if isinstance(a, CARD_ACTIONS)]
        choice = rng.choice(card_actions) if card_actions else actions[0]
    if isinstance(choice, CARD_ACTIONS):
        await select_card(screen, choice.card, press)
        await press("enter")
    else:
        await press("d")


async def select_card(screen: GameScreen, card: Card, press: Press) -> None:
    hand = screen.query_one(HandView)
    for _ in range(len(hand.cards) + 1):
        if hand.selected is card:
            return
        await press("right")
    raise AssertionError(f"{card} is not in the hand shown: {hand.cards}")


def first_play(kind: type[Action] = PlayCard) -> Pick:
    def pick(actions: list[Action]) -> Action | None:
        return next((a for a in actions if isinstance(a, kind)), None)

    return pick


def hands_of(game: Game) -> list[list[Card]]:
    return [list(hand) for hand in game.hands]
