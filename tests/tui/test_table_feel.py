"""The table as a person plays it: a challenge's result stays until a key closes it, a put-off
question can be asked again, the hint, the bell, the small keys (Q on the curtain and at the
resume question), what is remembered."""

from __future__ import annotations

from pathlib import Path

import pytest

from uno_tui.engine import Card, Game, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.narration import card_words
from uno_tui.store.saves import Autosave
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import (
    BannerScreen,
    ChoiceScreen,
    CurtainScreen,
    GameScreen,
    RoundEndScreen,
)
from uno_tui.tui.table_setup import TableSetup, load_last_setup, save_last_setup
from uno_tui.tui.widgets import HandView

from .driver import SIZE, make_app, people, select_card, session_at
from .scenarios import hot_seat, two_player_hot_seat
from .screen import screen_text


async def wait_for(  # type: ignore[no-untyped-def]
    app: UnoApp, pilot, kind: type, *, anywhere: bool = False, seconds: float = 20.0
) -> None:
    """Until the top screen is a ``kind`` (``anywhere``: any screen of the stack, as the game
    screen under the first card's colour question when a deal turns up a Wild): bounded in
    time, not in pauses, so a busy machine gets there too."""
    for _ in range(int(seconds / 0.01)):
        await pilot.pause()  # the screen's messages handled, and it drawn, before it is read
        screens = app.screen_stack if anywhere else [app.screen]
        if any(isinstance(screen, kind) for screen in screens):
            return
        await pilot.pause(0.01)
    raise AssertionError(f"no {kind.__name__}: {type(app.screen).__name__}")


async def test_the_challenge_result_stays_until_a_key_and_the_match_waits() -> None:
    app = two_player_hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        for key in ("enter", "5", "enter", "2", "enter"):  # Ann plays W+4 yellow; Bob's turn
            await pilot.pause()
            await pilot.press(key)
        await wait_for(app, pilot, ChoiceScreen)
        shown = screen_text(app)
        assert "Ann played it." in shown and "you draw 6" in shown  # the stakes
        await pilot.press("1")  # challenge
        await wait_for(app, pilot, BannerScreen)
        await pilot.pause(0.3)
        assert isinstance(app.screen, BannerScreen)  # still there: no time limit
        shown = screen_text(app)
        assert "Challenge won" in shown and "Ann's hand as shown" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_a_challenge_put_off_with_escape_is_asked_again_with_m() -> None:
    app = two_player_hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        for key in ("enter", "5", "enter", "2", "enter"):
            await pilot.pause()
            await pilot.press(key)
        await wait_for(app, pilot, ChoiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert "M asks again (challenge or draw); D draws 4." in screen_text(app)
        await pilot.press("m")
        await wait_for(app, pilot, ChoiceScreen)
        assert any("challenge" in str(answer).lower() for answer in app.screen.answers)  # type: ignore[attr-defined]


async def test_the_hint_is_only_for_the_hand_at_the_keyboard() -> None:
    app = two_player_hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(app, pilot, CurtainScreen)
        await pilot.press("i")  # behind the curtain nobody's hand is up: no hint
        assert not list(app._notifications)
        await pilot.press("enter")
        await wait_for(app, pilot, GameScreen)
        await pilot.press("i")
        for _ in range(50):
            await pilot.pause(0.05)
            if list(app._notifications):
                break
        (note,) = list(app._notifications)
        assert note.title.startswith("Hint") and ":" in note.message
        hand = app.screen.query_one(HandView)
        if note.message.startswith("Play "):  # the cursor is on the card the hint plays
            assert hand.selected is not None
            assert note.message.startswith(f"Play {card_words(hand.selected)}")


async def test_the_hint_goes_when_its_move_is_made() -> None:
    app = two_player_hot_seat()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(app, pilot, CurtainScreen)
        await pilot.press("enter")
        await wait_for(app, pilot, GameScreen)
        await pilot.press("i")
        hints = []
        for _ in range(100):
            await pilot.pause(0.05)
            hints = [note for note in app._notifications if note.title.startswith("Hint")]
            if hints:
                break
        (note,) = hints
        assert note.time_left > 5  # long enough to read: it is the move that ends it
        await pilot.press("enter" if note.message.startswith("Play ") else "d")
        for _ in range(100):
            await pilot.pause(0.05)
            if isinstance(app.screen, ChoiceScreen):  # a Wild's colour, or keep a drawn card
                await pilot.press("1")
            if not any(n.title.startswith("Hint") for n in app._notifications):
                break
        assert not any(n.title.startswith("Hint") for n in app._notifications)
        assert "Hint" not in screen_text(app)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (Rules.two_player(), "Play it or keep it?"),  # the two-player rules: "may"
        (Rules.classic(), "The rules say it must be played. Play it?"),  # classic: "must"
    ],
)
async def test_the_drawn_card_line_says_what_its_dialog_says(rules: Rules, words: str) -> None:
    app = hot_seat(rules, ["B4 G3", "Y1 Y2"], top="R9", draw="R5")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(app, pilot, CurtainScreen)
        await pilot.press("enter")
        await wait_for(app, pilot, GameScreen)
        await pilot.press("d")
        await wait_for(app, pilot, ChoiceScreen)
        assert f"You drew Red 5. {words}" in screen_text(app)  # the dialog
        await pilot.press("escape")
        await wait_for(app, pilot, GameScreen)
        shown = screen_text(app)
        assert f"You drew Red 5. {words} M asks again." in shown  # the line under the hand
        assert "The card you drew" not in shown


async def test_q_at_a_hands_end_says_how_to_resume(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = hot_seat(Rules.two_player(), ["R2", "B7 Y3 G9 W+4"], top="R5")  # the hand ends at once
    assert app.session is not None
    app.session.autosave = Autosave(data_dir / "autosave.json")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(app, pilot, CurtainScreen)
        await pilot.press("enter")
        await wait_for(app, pilot, GameScreen)
        await pilot.press("enter")  # Ann goes out: the hand's end, the match goes on
        await wait_for(app, pilot, RoundEndScreen)
        assert not app.session.is_over
        await pilot.press("q")
        await pilot.pause()
    said = capsys.readouterr().err  # what the app says as it leaves, as in play
    assert "saved after every move" in said and "resume continues it" in said


async def test_q_on_the_curtain_saves_and_quits(data_dir: Path) -> None:
    app = two_player_hot_seat()
    assert app.session is not None
    app.session.autosave = Autosave(data_dir / "autosave.json")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(app, pilot, CurtainScreen)
        assert "Save & quit" in screen_text(app)  # the curtain has a footer
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 or app.return_code is None
    assert not app.is_running


async def test_the_resume_question_answers_q_and_leaves_the_match_saved(data_dir: Path) -> None:
    autosave = Autosave(data_dir / "autosave.json")
    session = Session(Rules.classic(), [Seat("You"), Seat("Ada", "easy")], seed=1)
    session.autosave = autosave
    session.save()
    app = UnoApp(remember=False, autosave=autosave)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(app, pilot, ChoiceScreen)
        assert "Q or Escape to quit" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running
    assert autosave.path.exists()


async def test_narrate_on_the_command_line_is_not_remembered() -> None:
    save_last_setup(TableSetup(narrate=False))
    app = UnoApp(remember=True, narrate=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await pilot.press("enter")  # Start
        await wait_for(app, pilot, GameScreen, anywhere=True)  # a Wild first: its colour asked
    assert load_last_setup().narrate is False


async def test_wild_swap_hands_asks_the_partner_before_the_colour() -> None:
    position = Position.of(["WX R2", "B7 Y3 G9", "G1 G2 G3 G4"], top="R5")
    game = Game(Rules.classic(), ["Ann", "Bob", "Cat"], position=position, seed=7)
    session = Session(
        game.rules, [Seat("Ann"), Seat("Bob", "easy"), Seat("Cat", "easy")], game=game
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(app, pilot, GameScreen)
        await select_card(app.screen, Card.parse("WX"), pilot.press)  # type: ignore[arg-type]
        await pilot.press("enter")
        await wait_for(app, pilot, ChoiceScreen)
        assert app.screen.question == "With whom?"  # type: ignore[attr-defined]
        await pilot.press("1")
        await wait_for(app, pilot, ChoiceScreen)
        assert "which colour?" in app.screen.question  # type: ignore[attr-defined]


async def test_classic_s_drawn_card_that_must_be_played_has_one_answer() -> None:
    session = session_at(Rules.classic(), people("Ann", "Bob"), ["B4 G3", "Y1 Y2"], "R9", draw="R5")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(app, pilot, CurtainScreen)
        await pilot.press("enter")
        await wait_for(app, pilot, GameScreen)
        await pilot.press("d")
        await wait_for(app, pilot, ChoiceScreen)
        question = app.screen.question  # type: ignore[attr-defined]
        assert question == "You drew Red 5. The rules say it must be played. Play it?"
        assert len(app.screen.answers) == 1  # type: ignore[attr-defined]
