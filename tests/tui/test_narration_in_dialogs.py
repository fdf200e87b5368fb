"""Issue 36: N works while a dialog is open (play or keep the drawn card, the colour, the
challenge): "Narration on. " and where the game stands, then the dialog's question with its
answers; the dialog stays answerable, and N turns narration off there too."""

from __future__ import annotations

from uno_tui.engine import Card
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import ChoiceScreen, GameScreen
from uno_tui.tui.spoken_line import SpokenLine
from uno_tui.tui.table_setup import TableSetup

from .driver import SIZE, select_card
from .test_dialogs_spoken import cursor_on_selection, dialog
from .test_heard_moments import challenged_by_you, quiet_app, you_and_ada
from .test_listening import HeardSpeaker, until


def game_screen(app: UnoApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_n_in_the_drawn_cards_dialog_says_where_we_stand_then_the_question() -> None:
    speaker = HeardSpeaker()
    session = you_and_ada(["G3 Y4", "G5 B6 Y7"], "R9", draw="R5 B1 B2")
    app = quiet_app(session, speaker)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("d")
        screen = await dialog(app, pilot)
        assert speaker.lines() == []  # narration off: nothing said yet
        await pilot.press("n")
        await until(pilot, lambda: len(speaker.heard) >= 2)
        (first, cut), (second, after) = speaker.heard[:2]
        assert cut and first.startswith("Narration on. Top card: Red 9"), first
        assert not after, "the question comes after where the game stands, uncut"
        assert second.startswith(screen.question)
        assert second.endswith("1: play Red 5, 2: keep it."), second
        assert app.screen is screen
        await until(pilot, lambda: cursor_on_selection(app, screen))
        await pilot.press("down")  # the arrows are heard now
        await until(pilot, lambda: speaker.last() == "2: keep it")
        await pilot.press("enter")  # still answerable: kept
        await until(pilot, lambda: not isinstance(app.screen, ChoiceScreen))
        assert Card.parse("R5") in session.game.view(0).hand


async def test_n_in_the_colour_dialog_and_off_again_there() -> None:
    speaker = HeardSpeaker()
    session = you_and_ada(["W R2", "G5 B6 Y7"], "R9")
    app = quiet_app(session, speaker)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await select_card(screen, Card.parse("W"), pilot.press)
        await pilot.press("enter")
        choice = await dialog(app, pilot)
        await pilot.press("n")
        await until(pilot, lambda: len(speaker.heard) >= 2)
        assert speaker.lines()[0].startswith("Narration on. Top card: Red 9")
        assert speaker.lines()[1].startswith(choice.question)
        assert speaker.lines()[1].endswith("1: red, 2: yellow, 3: green, 4: blue.")
        await pilot.press("n")  # off, in the dialog too
        voice = game_screen(app).voice
        await until(pilot, lambda: voice is not None and not voice.on)
        said = len(speaker.heard)
        await pilot.press("down")
        await until(pilot, lambda: choice.query_one("#answers").highlighted == 1)  # type: ignore[attr-defined]
        assert len(speaker.heard) == said, "narration off: the arrows say nothing"
        await pilot.press("3")  # green
        await until(pilot, lambda: not isinstance(app.screen, ChoiceScreen))
        assert session.game.view(0).hand == (Card.parse("R2"),)


async def test_n_at_the_table_names_the_cards_in_words() -> None:
    speaker = HeardSpeaker()
    app = quiet_app(you_and_ada(["R1 G2", "R4 G5 Y6"], "R9"), speaker)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("n")
        await until(pilot, lambda: bool(speaker.heard))
        words = speaker.lines()[0]
        assert words.startswith("Narration on. Top card: Red 9, colour red. Your turn"), words
        assert "Red 1 can go" in words and "R 1" not in words, words
        assert "  " not in words


async def test_n_in_the_challenge_says_its_stakes_and_the_result_is_heard() -> None:
    speaker = HeardSpeaker()
    setup = TableSetup(rules="two-player", seats=challenged_by_you().seats, bot_delay=0.0)
    app = UnoApp(setup=setup, session=challenged_by_you(), remember=False, speaker=speaker)
    async with app.run_test(size=SIZE) as pilot:
        screen = await dialog(app, pilot)
        assert "Challenge the Wild Draw Four" in screen.question
        await pilot.press("n")
        await until(pilot, lambda: len(speaker.heard) >= 2)
        assert speaker.lines()[0].startswith("Narration on. Top card: Wild Draw Four, colour ")
        asked = speaker.lines()[1]
        assert asked.startswith(screen.question)
        assert "if not, you draw 6. Draw: you draw 4, no risk." in asked, asked
        await pilot.press("1")  # challenge: still answerable
        await until(pilot, lambda: any(line.startswith("Challenge ") for line in speaker.lines()))


async def test_n_in_a_dialog_of_the_doors_app_writes_on_the_dialogs_live_line() -> None:
    """``--speech text`` (the SSH door's app): the words on the dialog's live line, with the
    terminal's cursor on it, for the guest's own screen reader."""
    session = you_and_ada(["G3 Y4", "G5 B6 Y7"], "R9", draw="R5 B1 B2")
    setup = TableSetup(rules="two-player", seats=session.seats, bot_delay=0.0)
    app = UnoApp(setup=setup, session=session, remember=False, speech="text")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("d")
        screen = await dialog(app, pilot)
        await pilot.press("n")
        await until(pilot, lambda: bool(screen.query(SpokenLine)))
        line = screen.query_one(SpokenLine)
        await until(pilot, lambda: line.words.endswith("1: play Red 5, 2: keep it."))
        assert line.words.startswith("Narration on. Top card: Red 9, colour red. You drew Red 5")
        await until(pilot, lambda: line.content_region.contains_point(app.cursor_position))
        await pilot.press("2")
        await until(pilot, lambda: Card.parse("R5") in session.game.view(0).hand)
