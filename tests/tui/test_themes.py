"""Textual's themes and a high-contrast one, chosen in the command palette and remembered with
the setup for the next start."""

from __future__ import annotations

from uno_tui.tui import UnoApp
from uno_tui.tui.app import HIGH_CONTRAST
from uno_tui.tui.table_setup import load_last_setup

from .driver import SIZE


async def test_a_chosen_theme_is_remembered_with_the_setup() -> None:
    app = UnoApp(remember=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        assert HIGH_CONTRAST.name in app.available_themes
        app.theme = HIGH_CONTRAST.name
        await pilot.pause(0.1)
    assert load_last_setup().theme == HIGH_CONTRAST.name

    again = UnoApp(remember=True)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        assert again.theme == HIGH_CONTRAST.name


async def test_the_command_palette_offers_the_themes() -> None:
    app = UnoApp(remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        commands = [command.title for command in app.get_system_commands(app.screen)]
        assert "Theme" in commands
