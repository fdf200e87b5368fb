"""Narration mode: every dialog is spoken (its question, then its answers numbered as the keys
that answer them), the terminal's cursor sits on the selected answer, and the curtain, M's
moves and the round's end are spoken too."""

from __future__ import annotations

from textual.geometry import Offset
from textual.widgets import OptionList

from uno_tui.engine import Card, Game, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.narration import Narrator
from uno_tui.narration.speech import Speaker
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import ChoiceScreen, CurtainScreen, GameScreen
from uno_tui.tui.screens.round_end import round_spoken
from uno_tui.tui.table_setup import TableSetup

from .driver import SIZE, select_card
from .recording_speech import RecordingSpeech


def narrated(session: Session) -> UnoApp:
    setup = TableSetup(
        rules=session.game.rules.rule_set.value, seats=session.seats, bot_delay=0.0, narrate=True
    )
    speaker = Speaker(RecordingSpeech(words_per_second=1000))
    return UnoApp(setup=setup, session=session, remember=False, speaker=speaker)


def heard(app: UnoApp) -> list[str]:
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    assert screen.voice is not None
    return list(screen.voice.history.lines)


async def dialog(app: UnoApp, pilot) -> ChoiceScreen:  # type: ignore[no-untyped-def]
    for _ in range(100):
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):
            await pilot.pause()
            return app.screen
    raise AssertionError(f"no dialog: {type(app.screen).__name__}")


def cursor_on_selection(app: UnoApp, screen: ChoiceScreen) -> bool:
    answers = screen.query_one("#answers", OptionList)
    row = answers.highlighted or 0
    return app.cursor_position == answers.content_region.offset + Offset(0, row)


async def check_spoken_with_cursor(  # type: ignore[no-untyped-def]
    app: UnoApp, pilot, question: str, answers: list[str], stakes: str = ""
) -> None:
    screen = await dialog(app, pilot)
    numbered = ", ".join(f"{n}: {a}" for n, a in enumerate(answers, start=1))
    assert screen.question == question
    said = f"{question} {stakes} {numbered}." if stakes else f"{question} {numbered}."
    assert said in heard(app)
    assert cursor_on_selection(app, screen)
    await pilot.press("down")
    await pilot.pause()
    assert cursor_on_selection(app, screen) and screen.query_one(OptionList).highlighted == 1
    assert heard(app)[-1] == f"2: {answers[1]}"


def solo(rules: Rules, hands: list[str], top: str, **where: object) -> Session:
    position = Position.of(hands, top, **where)  # type: ignore[arg-type]
    game = Game(rules, ["You", "Ada"], position=position, seed=1)
    return Session(rules, [Seat("You"), Seat("Ada", "easy")], game=game)


async def test_the_color_dialog_is_spoken_and_the_cursor_follows_it() -> None:
    app = narrated(solo(Rules.classic(), ["W R2", "G5 B6 Y7"], "R9"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await select_card(screen, Card.parse("W"), pilot.press)
        await pilot.press("enter")
        await check_spoken_with_cursor(
            app, pilot, "Wild: which colour?", ["red", "yellow", "green", "blue"]
        )


async def test_play_or_keep_is_spoken() -> None:
    app = narrated(solo(Rules.two_player(), ["G3 Y4", "G5 B6 Y7"], "R9", draw="R5 B1 B2"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await check_spoken_with_cursor(
            app, pilot, "You drew Red 5. Play it or keep it?", ["play Red 5", "keep it"]
        )


async def test_naming_the_first_cards_color_is_spoken() -> None:
    seats = [Seat("You"), Seat("Ada", "easy"), Seat("Bo", "easy")]
    app = narrated(Session(Rules.classic(), seats, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await check_spoken_with_cursor(
            app,
            pilot,
            "The first card is a Wild. Which colour do you name?",
            ["red", "yellow", "green", "blue"],
        )


async def test_the_swap_target_dialog_is_spoken() -> None:
    seats = [Seat("You"), Seat("Ada", "easy"), Seat("Bo", "easy")]
    session = Session(Rules.classic(), seats, seed=21)
    app = narrated(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await select_card(screen, Card.parse("WX"), pilot.press)
        await pilot.press("enter")  # the partner is asked first, then the colour
        counts = session.game.view(None).hand_counts
        await check_spoken_with_cursor(
            app, pilot, "With whom?", [f"Ada ({counts[1]} cards)", f"Bo ({counts[2]} cards)"]
        )


async def test_the_curtain_and_the_challenge_are_spoken_in_hot_seat() -> None:
    position = Position.of(["W+4 R2 G1", "G5 B6 Y7"], "R9", draw="B1 B2 B3 B4 B5 B6")
    game = Game(Rules.classic(), ["Ann", "Bob"], position=position, seed=1)
    app = narrated(Session(game.rules, [Seat("Ann"), Seat("Bob")], game=game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Hand the keyboard to Ann. Press Enter when ready." in heard(app)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert any(line.startswith("Ann. Your hand, 3 cards") for line in heard(app))
        await select_card(screen, Card.parse("W+4"), pilot.press)
        await pilot.press("enter")
        await dialog(app, pilot)
        await pilot.press("4")  # blue
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Hand the keyboard to Bob. Press Enter when ready." in heard(app)
        await pilot.press("enter")
        await check_spoken_with_cursor(
            app,
            pilot,
            "Bob, you face 4 cards. Before it the colour was red."
            " Challenge the Wild Draw Four, or draw?",
            [
                "challenge: if it was played illegally, its player draws instead",
                "draw the penalty cards",
            ],
            stakes="Ann played it. Challenge: if Ann held a red card, Ann draws 4; if not, you "
            "draw 6. Draw: you draw 4, no risk.",
        )


async def test_m_asks_the_moves_and_their_numbers_play_them() -> None:
    session = solo(Rules.classic(), ["R2 G3 B4", "G5 B6 Y7"], "R9")
    app = narrated(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await check_spoken_with_cursor(app, pilot, "Your moves.", ["play Red 2", "draw a card"])
        await pilot.press("1")
        await pilot.pause()
        lines = heard(app)
    assert Card.parse("R2") not in session.game.hands[0], "1 played the move numbered 1"
    assert any(line.startswith("You play Red 2") for line in lines)


def test_the_match_end_says_its_winner_once() -> None:
    """The narration's line names the winner with the final scores; the round's end then
    says only what the keys do (it said "Match over: Ada wins the match!" again)."""
    rules = Rules.two_player(target_score=1)
    session = Session(rules, [Seat("Ada", "easy"), Seat("Bo", "easy")], seed=4)
    session.run_bots()
    game = session.game
    assert session.is_over
    events = game.round_events(None)
    line = round_spoken(game.view(None), events)
    winner = game.names[max(range(2), key=lambda seat: game.scores[seat])]
    assert line == (
        "Match over. Enter sets up a new match, R replays this match move by move, Q quits."
    )
    told = [text for text in Narrator(game.names).narrate_events(events, None) if text]
    said = [*told, line]
    assert sum("the match" in text and winner in text for text in said) == 1
    assert f"{winner} wins the match. Final scores: " in " ".join(told)


def last_said(app: UnoApp) -> str:
    """The last line spoken (the cursor's words are spoken, not kept for R and L)."""
    speaker = app.speaker
    assert speaker is not None and isinstance(speaker.backend, RecordingSpeech)
    assert speaker.wait_idle(10)
    return speaker.backend.said()[-1]


async def test_moving_along_the_hand_says_the_card_under_the_cursor() -> None:
    app = narrated(solo(Rules.classic(), ["R2 G3 B4", "G5 B6 Y7"], "R9"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        first = last_said(app)
        await pilot.press("3")
        await pilot.pause()
        third = last_said(app)
        await pilot.press("left", "left")
        await pilot.pause()
        back = last_said(app)
    assert first == "Green 3, 2 of 3, cannot go."
    assert third == "Blue 4, 3 of 3, cannot go."
    assert back == "Red 2, 1 of 3, can go."


async def test_a_question_gone_before_its_cursor_is_placed_is_no_error() -> None:
    """A question the flow took back (a timer's bot moved at a hosted table) may go before
    the refresh that places the terminal's cursor on it: nothing is placed, nothing fails
    (it once closed the host's whole window)."""
    from textual.app import App

    app: App[None] = App()
    async with app.run_test() as pilot:
        screen = ChoiceScreen("Colour?", ["Red", "Blue"])
        app.push_screen(screen)
        await pilot.pause(0.1)
        screen.dismiss(None)
        await pilot.pause(0.1)
        screen.place_cursor()  # what the refresh still owed calls
        assert app.is_running and app.screen is not screen
