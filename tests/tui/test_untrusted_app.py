"""The app and untrusted input (issue 12): resizing is always safe, names are never markup or
control codes on screen, and no start discards a saved match."""

from __future__ import annotations

import io
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Label

from uno_tui.engine import Game, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.store.saves import FILE_NAME, Autosave
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import (
    ChoiceScreen,
    CurtainScreen,
    GameScreen,
    SetupScreen,
    TooSmallScreen,
)
from uno_tui.tui.screens.setup import TYPED_NAME
from uno_tui.tui.table_setup import TableSetup

from .scenarios import setup_screen, two_player_hot_seat
from .screen import screen_text

BIG, SMALL = (100, 32), (60, 20)


def stack(app: UnoApp) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


def terminal_output(app: UnoApp) -> str:
    """The bytes the app would write to a colour terminal for its whole screen now."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    output = console.file.getvalue()
    assert isinstance(output, str)
    return output


FOREIGN_SEQUENCE = re.compile(r"\x1b(?!\[[0-9;]*[mH])|[\x07\x9b\x9d]")
"""Anything but the colour (SGR) and cursor-position sequences the app itself writes: an
OSC (ESC ]), another CSI, BEL, or a one-byte C1 introducer."""


def words(app: UnoApp) -> str:
    """The screen's words, lines joined (a narrow screen wraps a sentence)."""
    return " ".join(screen_text(app).split())


def match_on(app: UnoApp) -> bool:
    """The match has started: the game screen is on the stack, perhaps under its first
    question (the setup's deal is not seeded: a Wild turned first asks its colour)."""
    return any(isinstance(screen, GameScreen) for screen in app.screen_stack)


async def shrink_and_grow(app: UnoApp, pilot: Pilot[None]) -> None:
    """Down below 80x24 (the cover, the screens beneath untouched), then back up (the exact
    screen again)."""
    before_stack, before_text = stack(app), screen_text(app)
    await pilot.resize_terminal(*SMALL)
    await pilot.pause()
    assert stack(app) == [*before_stack, "TooSmallScreen"]
    assert "Please make the terminal larger: UNO needs 80x24, this one is 60x20." in words(app)
    await pilot.resize_terminal(79, 30)  # still too narrow: the cover stays, with the new size
    await pilot.pause()
    assert stack(app) == [*before_stack, "TooSmallScreen"]
    assert "this one is 79x30" in words(app)
    await pilot.resize_terminal(*BIG)
    await pilot.pause()
    assert stack(app) == before_stack
    assert screen_text(app) == before_text


async def test_resizing_at_the_setup_screen_restores_it_and_enter_still_starts() -> None:
    app = setup_screen()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await shrink_and_grow(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert match_on(app)


async def test_started_too_small_then_enlarged_shows_the_setup_and_keys_work() -> None:
    """The reported bug: the screen stayed blank and only Ctrl+Q worked."""
    app = setup_screen()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert stack(app).count("TooSmallScreen") == 1
        await pilot.press("tab", "escape")  # the cover takes the keys; nothing happens beneath
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        assert stack(app) == ["Screen", "SetupScreen"]
        assert "UNO: set up the table" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert match_on(app)


async def test_resizing_behind_the_curtain_and_in_the_hand_view() -> None:
    app = two_player_hot_seat()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await shrink_and_grow(app, pilot)
        await pilot.press("enter")  # the curtain still answers
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await shrink_and_grow(app, pilot)
        await pilot.press("5", "enter")  # the hand still answers: the Wild asks its colour
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)


async def test_resizing_in_a_dialog_keeps_it_and_its_keys() -> None:
    app = two_player_hot_seat()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("enter", "5", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await shrink_and_grow(app, pilot)
        await pilot.press("1")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen | TooSmallScreen)
        assert app.session is not None and len(app.session.game.actions) == 1


async def test_a_dialog_that_comes_up_while_too_small_is_covered_until_it_fits() -> None:
    app = two_player_hot_seat()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        screen = app.screen_stack[-2]
        assert isinstance(screen, GameScreen)
        app.push_screen(ChoiceScreen("A question?", ["yes", "no"]))
        await pilot.pause()
        assert stack(app)[-2:] == ["ChoiceScreen", "TooSmallScreen"]
        await pilot.resize_terminal(*BIG)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("2")
        await pilot.pause()
        assert app.screen is screen  # the cover left beneath the dialog went too


# Names on screen -----------------------------------------------------------------------------

MARKUP_NAMES = ["[bold red]X[/]", "[@click=app.quit]x"]


async def test_markup_in_names_shows_literally_on_the_curtain_table_and_dialogs() -> None:
    seats = [Seat(MARKUP_NAMES[0]), Seat(MARKUP_NAMES[1])]
    session = Session(Rules.two_player(), seats, seed=3)
    app = UnoApp(setup=TableSetup(bot_delay=0.0), session=session, remember=False)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, CurtainScreen)
        assert any(f"Hand the keyboard to {name}" in text for name in MARKUP_NAMES), text
        assert all(name in text for name in MARKUP_NAMES)  # the public table
        pass_to = app.screen.query_one("#pass-to", Label)
        await pilot.click(pass_to)  # a click on the name does not quit
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, CurtainScreen)
        app.push_screen(ChoiceScreen(f"Catch {MARKUP_NAMES[1]}?", [MARKUP_NAMES[0]]))
        await pilot.pause()
        text = screen_text(app)
        assert f"Catch {MARKUP_NAMES[1]}?" in text and MARKUP_NAMES[0] in text
        app.screen.notify(f"{MARKUP_NAMES[0]} plays Red 7.")  # as the game screen tells
        await pilot.pause()
        toasts = list(app._notifications)
        assert [(t.message, t.markup) for t in toasts] == [
            (f"{MARKUP_NAMES[0]} plays Red 7.", False)
        ]


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    name=st.lists(
        st.one_of(
            st.characters(codec="utf-8"),
            st.sampled_from(["\x1b", "\x07", "\x9b", "\u202e", "\u200b", "]0;pwned", "[2J"]),
        ),
        min_size=1,
        max_size=10,
    ).map("".join)
)
async def test_any_name_at_the_setup_screen_writes_no_foreign_sequence(name: str) -> None:
    """Typed (pasted) into a name field and started: the field takes no control character,
    and neither the form, its error line nor the match draws one."""
    app = setup_screen()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#name-0", Input)
        field.focus()
        field.value = ""
        field.post_message(events.Paste(name))
        await pilot.pause()
        assert re.fullmatch(TYPED_NAME, field.value)  # no control or format character
        assert not FOREIGN_SEQUENCE.search(terminal_output(app))
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert not FOREIGN_SEQUENCE.search(terminal_output(app))


# No start discards a saved match ---------------------------------------------------------------


def a_saved_match(data_dir: Path) -> bytes:
    session = Session(
        Rules.two_player(), [Seat("Ann"), Seat("Bob", "easy")], seed=5, autosave=Autosave()
    )
    session.save()
    return (data_dir / FILE_NAME).read_bytes()


def app_with_a_table_from_the_command_line() -> UnoApp:
    table = (Rules.classic(), [Seat("Cy"), Seat("Di", "easy"), Seat("Ed", "easy")])
    return UnoApp(remember=False, autosave=Autosave(), new_table=table)


async def test_a_table_on_the_command_line_asks_first_and_a_new_match_keeps_a_copy(
    data_dir: Path,
) -> None:
    before = a_saved_match(data_dir)
    app = app_with_a_table_from_the_command_line()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = words(app)
        assert "A match is saved (two-player" in text and "Resume the saved match" in text
        assert "Start a new one (the saved one is kept as a copy)" in text
        assert (data_dir / FILE_NAME).read_bytes() == before  # nothing written yet
        await pilot.press("2")
        await pilot.pause()
        assert app.session is not None and app.session.game.names == ("Cy", "Di", "Ed")
    kept = list(data_dir.glob("autosave.kept-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert b'"Cy"' in (data_dir / FILE_NAME).read_bytes()


async def test_a_table_on_the_command_line_may_still_resume_the_saved_match(
    data_dir: Path,
) -> None:
    a_saved_match(data_dir)
    app = app_with_a_table_from_the_command_line()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert app.session is not None and app.session.game.names == ("Ann", "Bob")
    assert not list(data_dir.glob("autosave.kept-*.json"))


async def test_without_a_saved_match_the_command_lines_table_starts_at_once(
    data_dir: Path,
) -> None:
    app = app_with_a_table_from_the_command_line()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        # The match is on (its first screen may be a question of its own, such as the colour
        # of a Wild turned first), and no saved match was offered.
        assert "A match is saved" not in words(app)
        assert app.session is not None and app.session.game.names == ("Cy", "Di", "Ed")
    assert (data_dir / FILE_NAME).exists()


async def test_bots_wait_under_the_too_small_cover_and_go_on_when_it_grows() -> None:
    # "Below 80x24 at any moment the app shows the 'make the terminal larger' screen, with
    # the match waiting beneath": a bot's move made there would be one nobody saw.
    position = Position.of(["R1 R2 G3", "R4 R5 B6 Y7"], "R9", current=1)
    seats = [Seat("Ann"), Seat("Ada", "easy")]
    game = Game(Rules.two_player(), [seat.name for seat in seats], position=position, seed=3)
    session = Session(Rules.two_player(), seats, game=game)
    setup = TableSetup(rules="two-player", seats=session.seats, bot_delay=0.05)
    app = UnoApp(setup=setup, session=session, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.6)
        assert isinstance(app.screen, TooSmallScreen)
        assert len(game.hands[1]) == 4, "a bot moved under the cover"
        await pilot.resize_terminal(*BIG)
        for _ in range(50):
            await pilot.pause(0.1)
            if len(game.hands[1]) < 4:
                break
        assert len(game.hands[1]) == 3, "Ada played once the terminal was large enough"
