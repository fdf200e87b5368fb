"""The setup screen: one key starts the default; the form follows the chosen rule set."""

from __future__ import annotations

import pytest
from textual.screen import Screen
from textual.widgets import Input

from uno_tui.tui import UnoApp
from uno_tui.tui.screens import GameScreen, SetupScreen
from uno_tui.tui.table_setup import TableSetup, load_last_setup
from uno_tui.tui.widgets.cycler import Cycler

from .driver import SIZE


async def test_enter_starts_you_against_three_medium_bots() -> None:
    app = UnoApp(remember=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        await pilot.pause()
        # The match is on; its first decision may already be a dialog over it (an unseeded
        # deal can turn a Wild first, whose colour you name).
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        session = game_screen.session
    seats = session.seats
    assert [seat.bot_level for seat in seats] == [None, "medium", "medium", "medium"]
    assert session.game.rules.rule_set.value == "classic"
    assert load_last_setup().seats == seats  # remembered for next time


async def test_choosing_teams_redraws_the_form_for_it() -> None:
    app = UnoApp(setup=TableSetup(), remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#name-1", Input).value = "Maya"
        screen.query_one("#rules", Cycler).value = "teams"
        await pilot.pause()
        assert screen.query("#value-pass_symbol_rank")  # Teams' own option is offered
        assert not screen.query("#value-pre_2022_scoring")  # classic's is not
        assert screen.query_one("#name-1", Input).value == "Maya"  # what was typed is kept
        screen.query_one("#count", Cycler).value = 6
        await pilot.pause()
        assert len(screen.query(".name")) == 6
        await pilot.press("ctrl+s")
        await pilot.pause()
        # The match is on, perhaps under its first question (an unseeded deal may turn a Wild).
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game_screen.session.game.rules.team_game
        assert len(game_screen.session.seats) == 6


async def test_a_bad_target_is_refused_with_a_reason() -> None:
    app = UnoApp(setup=TableSetup(), remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#target", Input).value = "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "target" in str(app.screen.query_one("#setup-error").render())


async def test_the_first_frame_shows_the_seats_and_the_rest_comes_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rows below the fold wait for the first frame written (the start is timed to it,
    ``benchmarks/bench_app.py``), then come at once: nothing below the seats is lost."""
    frames: list[tuple[int, int]] = []
    after_layout = SetupScreen.after_layout

    def laid_out(screen: SetupScreen, shown: Screen[TableSetup]) -> None:
        if not screen.app._batch_count:  # a frame was written for this layout
            frames.append((len(screen.query(".name")), len(screen.query("#target"))))
        after_layout(screen, shown)

    monkeypatch.setattr(SetupScreen, "after_layout", laid_out)
    app = UnoApp(setup=TableSetup(), remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await pilot.pause()
        assert screen.whole
        assert screen.query("#target") and screen.query("#narrate")
    assert frames, "the setup was never laid out outside the app's start"
    assert frames[0] == (4, 0)  # the first frame: four seats, no options yet
    assert frames[-1][1] == 1  # then the whole form
