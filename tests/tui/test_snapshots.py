"""A snapshot of every screen and prompt (``pytest --snapshot-update`` renews them on purpose
after a deliberate change; look at the SVGs before committing them)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from .scenarios import SCENARIOS, TABLES, Scenario


def settle(scenario: Scenario):  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause(0.1)
        for key in scenario.press:
            await pilot.press(key)
            await pilot.pause(0.05)
        # On a busy machine a screen can still be laying out or animating: wait until it is
        # done, not a fixed time (a 25-card hand was caught half drawn under a full test run).
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.1)
        pilot.app.clear_notifications()

    return run_before


@pytest.mark.parametrize("scenario", SCENARIOS + TABLES, ids=[s.name for s in SCENARIOS + TABLES])
def test_screen(scenario: Scenario, snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        scenario.make_app(), terminal_size=scenario.size, run_before=settle(scenario)
    )
