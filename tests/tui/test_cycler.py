"""The setup's choices (``Cycler``): one value shown, changed in place by keys and clicks, each
change a message, the keys in the footer while it has focus."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from uno_tui.tui.widgets.cycler import Cycler

KINDS = [("person", "person"), ("easy bot", "easy"), ("medium bot", "medium")]


class OneChoice(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Cycler(KINDS, value="easy", id="kind")
        yield Footer()

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        assert event.control is event.cycler
        self.changes.append(event.value)


async def test_keys_step_through_the_values_round_and_round() -> None:
    app = OneChoice()
    async with app.run_test(size=(60, 10)) as pilot:
        cycler = app.query_one(Cycler)
        cycler.focus()
        await pilot.pause()
        for key, value in (
            ("right", "medium"),
            ("right", "person"),  # past the last, the first
            ("left", "medium"),  # before the first, the last
            ("enter", "person"),
            ("space", "easy"),
            ("end", "medium"),
            ("home", "person"),
        ):
            await pilot.press(key)
            assert cycler.value == value, key
        await pilot.pause()
        assert app.changes == ["medium", "person", "medium", "person", "easy", "medium", "person"]
        assert (cycler.label, cycler.index) == ("person", 0)


async def test_a_click_on_the_left_arrow_steps_back_elsewhere_forward() -> None:
    app = OneChoice()
    async with app.run_test(size=(60, 10)) as pilot:
        cycler = app.query_one(Cycler)
        region = cycler.content_region
        left = (region.x - cycler.region.x, region.y - cycler.region.y)
        await pilot.click(Cycler, offset=left)
        assert cycler.value == "person" and cycler.has_focus
        await pilot.click(Cycler, offset=(left[0] + 8, left[1]))
        assert cycler.value == "easy"


async def test_the_value_shown_is_drawn_between_arrows_and_the_keys_are_in_the_footer() -> None:
    app = OneChoice()
    async with app.run_test(size=(60, 10)) as pilot:
        cycler = app.query_one(Cycler)
        cycler.focus()
        await pilot.pause()
        assert cycler.render().plain.startswith("◀ easy bot ")
        assert cycler.render().plain.endswith(" ▶")
        shown = {(key.key_display, key.description) for key in app.query(FooterKey)}
        assert {("←", "Previous"), ("→", "Next")} <= shown


async def test_the_program_sets_a_value_and_is_told_so_once() -> None:
    app = OneChoice()
    async with app.run_test(size=(60, 10)) as pilot:
        cycler = app.query_one(Cycler)
        cycler.value = "medium"
        cycler.value = "medium"  # the same: no message
        await pilot.pause()
        assert app.changes == ["medium"]
        with pytest.raises(ValueError, match="not one of the options"):
            cycler.value = "hard"
        assert cycler.value == "medium"


async def test_a_long_value_wraps_under_its_first_line() -> None:
    long = "everyone passes their hand one seat along, in the direction of play"

    class Long(App[None]):
        def compose(self) -> ComposeResult:
            yield Cycler([("short", 1), (long, 2)], value=2)

    app = Long()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        cycler = app.query_one(Cycler)
        assert cycler.content_region.height == len(cycler.lines(cycler.content_region.width)) > 1
        cycler.value = 1
        await pilot.pause()
        assert cycler.content_region.height == 1


def test_a_cycler_needs_a_choice() -> None:
    with pytest.raises(ValueError):
        Cycler([], value=None)
