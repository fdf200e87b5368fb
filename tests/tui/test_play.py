"""Whole rounds played through the app by key presses only."""

from __future__ import annotations

import random

from uno_tui.engine import Action, Challenge, Game, Phase, PlayCard, Rank, Rules
from uno_tui.engine.events import (
    CardPassed,
    DrawFourChallenged,
    ExchangeStarted,
    RoundEnded,
    UnoCalled,
    UnoCaught,
)
from uno_tui.match.session import Seat, Session
from uno_tui.tui.screens import ChoiceScreen, CurtainScreen, GameScreen

from .driver import SIZE, make_app, people, play_by_keys, session_at
from .screen import screen_text


def events_of(session: Session, kind: type) -> list:
    return [event for event in session.game.log if isinstance(event, kind)]


async def test_two_people_play_a_two_player_round_hot_seat() -> None:
    # A short deal (four cards each) keeps the test quick; the round is played to its end.
    session = session_at(
        Rules.two_player(), people("Ann", "Bob"), ["R1 R2 G3 B4", "R5 Y6 G7 B8"], "R9", seed=11
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        played = await play_by_keys(app, pilot, rng=random.Random(1))
    assert played.rounds_ended == 1
    assert {"Ann", "Bob"} <= set(played.curtains)
    assert len(events_of(session, RoundEnded)) == 1
    assert "wins the hand" in played.screens[0]
    # The record of what the keys did replays to the same table.
    assert Game.from_record(session.game.record()).digest() == session.game.digest()


async def test_one_person_plays_a_classic_round_against_three_bots() -> None:
    seats = [Seat("You"), Seat("Ada", "medium"), Seat("Bo", "easy"), Seat("Cy", "random")]
    session = Session(Rules.classic(), seats, seed=5)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        played = await play_by_keys(app, pilot, rng=random.Random(2))
    assert played.curtains == []  # solo: no curtain, ever
    assert played.rounds_ended == 1
    assert "Hand 1" in played.screens[0] and "Points hand by hand" in played.screens[0]


def sevens_first(actions: list[Action]) -> Action | None:
    """Play a pass-symbol 7 whenever one can go, so an exchange happens."""
    return next((a for a in actions if isinstance(a, PlayCard) and a.card.rank is Rank.SEVEN), None)


async def test_four_people_play_a_teams_round_with_its_passes() -> None:
    # Round 1 from a short deal: Ann's pass-symbol 7 starts an exchange with Cat, Cat goes
    # out and stays out (Ann holds one card), Ann goes out too. Then round 2 is dealt and
    # everyone makes the first secret pass, each behind their own curtain.
    session = session_at(
        Rules.teams(),
        people("Ann", "Bob", "Cat", "Dan"),
        ["R7 R1", "B4 B5", "R8", "Y4 Y5"],
        "R9",
        draw="G1 G2 G3 G4 G5 G6",
        seed=3,
    )
    game = session.game
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        played = await play_by_keys(app, pilot, rng=random.Random(3), pick=sevens_first)
        assert played.rounds_ended == 1
        exchange = events_of(session, ExchangeStarted)[0]
        assert not exchange.first_pass and exchange.players == (0, 2)
        await pilot.press("enter")  # deal round 2
        second = await play_by_keys(
            app,
            pilot,
            until=lambda: game.round_number == 2 and game.phase is Phase.TURN,
        )
    first_passes = [e for e in events_of(session, ExchangeStarted) if e.first_pass]
    assert len(first_passes) == 1
    assert second.curtains[:4] == ["Ann", "Bob", "Cat", "Dan"]
    passed = [e for e in session.game.round_events(None) if isinstance(e, CardPassed)]
    assert len(passed) >= 4 and all(e.card is None for e in passed)  # nobody else sees them


async def test_a_wild_draw_four_is_challenged_by_keys() -> None:
    # Ann holds red, so her Wild Draw Four is illegal; Bob challenges it from the dialog.
    session = session_at(
        Rules.two_player(), people("Ann", "Bob"), ["W+4 R2 G5", "B7 Y3 G9"], "R5", seed=1
    )
    game = session.game
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")  # Ann is ready
        await pilot.pause()
        await pilot.press("3")  # Red 2, Green 5, then the Wild Draw Four
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "colour" in app.screen.question.lower()
        await pilot.press("3")  # green
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.player_name == "Bob"
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert "Challenge" in dialog.question
        actions = session.options_for(1)[0].actions
        await pilot.press(str(1 + [type(a) for a in actions].index(Challenge)))
        await pilot.pause()
    (challenge,) = events_of(session, DrawFourChallenged)
    assert challenge.illegal and challenge.challenger == 1
    assert len(game.hands[0]) == 2 + 4  # R2 G5 and the four penalty cards


async def test_a_player_who_forgets_uno_is_caught_on_the_curtain() -> None:
    session = session_at(
        Rules.two_player(), people("Ann", "Bob"), ["R2 R3", "B7 Y3 G9"], top="R5", current=0, seed=1
    )
    game = session.game
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann is ready
        await pilot.pause()
        await pilot.press("enter")  # plays R2, one card left, no UNO
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.player_name == "Bob"
        assert "C: Bob catches Ann" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
    (caught,) = events_of(session, UnoCaught)
    assert (caught.catcher, caught.player) == (1, 0)
    assert len(game.hands[0]) == 1 + 2


async def test_uno_pressed_with_two_cards_is_called_as_the_card_is_played() -> None:
    session = session_at(
        Rules.two_player(),
        [Seat("You"), Seat("Ada", "medium")],
        ["R2 R3", "B7 Y3 G9"],
        "R5",
        seed=1,
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("u")  # armed: "UNO will be called with your card"
        assert "UNO will be called" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
    assert [e.player for e in events_of(session, UnoCalled)] == [0]
    assert not events_of(session, UnoCaught)


async def test_hot_seat_a_drawn_card_that_cannot_go_is_shown_to_its_holder_first() -> None:
    session = session_at(
        Rules.two_player(), people("Ann", "Bob"), ["B4 G3", "B7 Y3"], "R9", draw="Y1"
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.press("d")  # draws Yellow 1, which cannot go: her turn is over
        await pilot.pause(0.1)
        assert isinstance(app.screen, ChoiceScreen)
        assert "Ann, you drew Yellow 1. Your turn is over." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert isinstance(app.screen, CurtainScreen)  # then the keyboard passes to Bob
        assert "Yellow 1" not in screen_text(app) and "Y1" not in screen_text(app)


async def test_a_name_that_looks_like_markup_is_shown_as_typed() -> None:
    session = session_at(Rules.two_player(), people("[b]x[/b]", "Bob"), ["B4 G3", "B7 Y3"], "R9")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        assert "Hand the keyboard to [b]x[/b]" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert "[b]x[/b]" in screen_text(app)  # on the table too
