"""Cards fly to the pile and from the deck, unless motion is reduced (the setup's option or
``--reduce-motion``) or narration is on: then nothing moves, ever."""

from __future__ import annotations

import pytest

from uno_tui.engine import Card, Rules
from uno_tui.match.session import Seat
from uno_tui.tui import UnoApp
from uno_tui.tui.table_setup import TableSetup
from uno_tui.tui.widgets import FlyingCard
from uno_tui.tui.widgets.flying_card import FLIGHT_SECONDS

from .driver import SIZE, session_at


def solo_app(*, reduce_in_setup: bool = False, flag: bool = False, narrate: bool = False) -> UnoApp:
    """You hold R2 R3 on R5 against a bot; a long bot pause keeps the bot still."""
    seats = [Seat("You"), Seat("Ada", "random")]
    session = session_at(Rules.two_player(), seats, ["R2 R3 G4", "B7 Y3 G9"], "R5", draw="B1")
    setup = TableSetup(
        rules="two-player",
        seats=session.seats,
        bot_delay=5.0,
        narrate=narrate,
        reduce_motion=reduce_in_setup,
    )
    return UnoApp(setup=setup, session=session, remember=False, reduce_motion=flag)


async def flights_after_play_and_draw(app: UnoApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    flown: list[str] = []
    real_fly = FlyingCard.fly

    def fly(self: FlyingCard, start, end) -> None:  # type: ignore[no-untyped-def]
        flown.append(str(self.card) if self.card is not None else "back")
        real_fly(self, start, end)

    monkeypatch.setattr(FlyingCard, "fly", fly)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        await pilot.press("enter")  # plays R2, the first card that can go (the press
        await pilot.pause(0.3)  # waits for running animations to end)
        game = app.session.game if app.session else None
        assert game is not None and len(game.hands[0]) == 2
        assert not app.screen.query(FlyingCard)  # a card that has flown is gone
        await pilot.press("d")  # Ada is to play: refused, nothing flies
        await pilot.pause(0.1)
    return flown


def test_a_flight_is_shorter_than_300_ms() -> None:
    assert 0 < FLIGHT_SECONDS < 0.3


async def test_a_played_card_flies_to_the_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    flown = await flights_after_play_and_draw(solo_app(), monkeypatch)
    assert flown == ["R2"]


@pytest.mark.parametrize(
    "how",
    ["setup option", "--reduce-motion", "narration"],
)
async def test_reduced_motion_skips_every_animation(
    how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = solo_app(
        reduce_in_setup=how == "setup option",
        flag=how == "--reduce-motion",
        narrate=how == "narration",
    )
    flown = await flights_after_play_and_draw(app, monkeypatch)
    assert flown == []


async def test_a_drawn_card_flies_from_the_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    seats = [Seat("You"), Seat("Ada", "random")]
    session = session_at(Rules.two_player(), seats, ["B2 G4", "B7 Y3 G9"], "R5", draw="Y1")
    setup = TableSetup(rules="two-player", seats=session.seats, bot_delay=5.0)
    app = UnoApp(setup=setup, session=session, remember=False)
    flown: list[Card | None] = []
    real_fly = FlyingCard.fly

    def fly(self: FlyingCard, start, end) -> None:  # type: ignore[no-untyped-def]
        flown.append(self.card)
        real_fly(self, start, end)

    monkeypatch.setattr(FlyingCard, "fly", fly)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        await pilot.press("d")
        await pilot.pause(0.3)
        assert len(session.game.hands[0]) == 3
    assert flown == [None]  # face down: the flight shows the back, not the card drawn
