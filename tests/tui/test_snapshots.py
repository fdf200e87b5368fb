"""A snapshot of every screen and prompt (``pytest --snapshot-update`` renews them on purpose
after a deliberate change; look at the SVGs before committing them)."""

from __future__ import annotations

import pytest

from .scenarios import SCENARIOS, TABLES, Scenario


@pytest.mark.parametrize("scenario", SCENARIOS + TABLES, ids=[s.name for s in SCENARIOS + TABLES])
def test_screen(scenario: Scenario, snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        scenario.make_app(), terminal_size=scenario.size, run_before=scenario.settle
    )
