"""Nothing of another hand reaches the screen: not behind the curtain, not while one player's
hand shows, not in a dialog. The screen is read as text, the way the next player reads it."""

from __future__ import annotations

import random
import re

import pytest

from uno_tui.engine import Card, Game, Rules
from uno_tui.match.session import Session
from uno_tui.narration import Narrator, card_words
from uno_tui.tui import UnoApp
from uno_tui.tui.cards import card_label
from uno_tui.tui.screens import CurtainScreen, GameScreen, RoundEndScreen
from uno_tui.tui.widgets import EventLog

from .driver import SIZE, Played, make_app, people, play_by_keys, session_at
from .screen import screen_text

STEPS = 80
"""Screens read per game: every curtain, hand and dialog on the way."""


def shown_to(app: UnoApp) -> int | str | None:
    """Whose private view the screen may hold now: a seat, nobody (None), or "all" at the
    end of a round, when every hand is shown to everyone."""
    stack = app.screen_stack
    if isinstance(app.screen, RoundEndScreen):
        return "all"
    if isinstance(app.screen, CurtainScreen):
        return None
    game_screen = next(s for s in reversed(stack) if isinstance(s, GameScreen))
    return game_screen.viewer


def mentions(text: str, card: Card, *, wrapped: bool = False) -> bool:
    """Whether ``text`` names ``card`` in words ("Red 7", "Wild") or by its chip ("R 7"),
    as a whole name: "Wild" inside "Wild Draw Four" is another card. On the screen
    (``wrapped``) a "Wild" that ends a panel's line may be the start of a wrapped "Wild Draw
    Four", so the log's own unwrapped lines are read as well."""
    longer = r"(?![\w+]| Draw| Swap| Custom| Team| Skip| Reverse" + (
        r"|\s*[│▁▂▃▄▅▆▇█])" if wrapped else ")"
    )
    return any(
        re.search(rf"(?<![\w+]){re.escape(name)}{longer}", text)
        for name in (card_words(card), card_label(card))
    )


def told_words(game: Game, listener: int | None) -> str:
    """Everything ``listener`` was told this round (None: the table), in the engine's own
    privacy: a challenger is shown the challenged hand, say, and nobody else is."""
    narrator = Narrator(game.names, team_scores=game.rules.team_game)
    return " ".join(narrator.narrate(event, listener) for event in game.round_events(listener))


def toasts(app: UnoApp) -> str:
    """The toasts showing now. The screen's text as read above leaves out the toast layer, so
    it is read here (through Textual's collection of live notifications)."""
    return "\n".join(notification.message for notification in app._notifications)


def leaks(app: UnoApp, game: Game) -> list[str]:
    viewer = shown_to(app)
    if viewer == "all":
        return []
    text = screen_text(app) + "\n" + toasts(app)
    game_screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    log = "\n".join(game_screen.query_one(EventLog).lines)
    allowed: set[Card] = {game.top_card}
    if isinstance(viewer, int):
        allowed |= set(game.hands[viewer])
    told = told_words(game, viewer if isinstance(viewer, int) else None)
    found = []
    for seat, hand in enumerate(game.hands):
        if seat == viewer:
            continue
        for card in hand:
            if card in allowed or mentions(told, card):
                continue  # the same card (another copy) is public: nothing to learn
            if mentions(text, card, wrapped=True) or mentions(log, card):
                found.append(f"{game.names[seat]}'s {card} on {type(app.screen).__name__}")
    return found


@pytest.mark.parametrize(
    ("rules", "names", "seed"),
    [
        (Rules.classic(), ("Ann", "Bob", "Cat"), 21),
        (Rules.teams(), ("Ann", "Bob", "Cat", "Dan"), 22),
        (Rules.two_player(), ("Ann", "Bob"), 23),
    ],
    ids=["classic", "teams", "two-player"],
)
async def test_no_other_hand_is_ever_on_screen(
    rules: Rules, names: tuple[str, ...], seed: int
) -> None:
    session = Session(rules, people(*names), seed=seed)
    app = make_app(session)
    found: list[str] = []
    screens: set[str] = set()

    def watch(app: UnoApp, played: Played) -> None:
        screens.add(type(app.screen).__name__)
        found.extend(leaks(app, session.game))

    steps = 0

    def enough() -> bool:
        nonlocal steps
        steps += 1
        return steps > STEPS

    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(app, pilot, rng=random.Random(seed), watch=watch, until=enough, rounds=9)
    assert {"CurtainScreen", "GameScreen"} <= screens
    assert found == []


async def test_a_review_line_of_one_hand_is_gone_when_the_curtain_falls() -> None:
    session = session_at(
        Rules.two_player(), people("Ann", "Bob"), ["R1 R2 G3 B4", "R5 Y6 G7 B8"], "R9"
    )
    game = session.game
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")  # Ann's hand shows
        await pilot.press("h", "t")  # her hand and the top card, told in toasts
        await pilot.pause()
        assert "Your hand, 4 cards" in toasts(app)  # "2 red: 1, 2. 1 green: 3 ..."

        await pilot.press("enter")  # she plays; the curtain for Bob comes up
        for _ in range(50):
            if isinstance(app.screen, CurtainScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, CurtainScreen)
        assert leaks(app, game) == []
        assert toasts(app) == ""  # none of Ann's toasts is left over Bob's curtain
