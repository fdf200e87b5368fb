"""Make ``screenshots/*.svg``: every screen of the app, reached by keys from fixed deals.

Run from the project's root: ``python screenshots/make_screenshots.py``. The scenarios are the
snapshot tests' own (``tests/tui/scenarios.py``), so the README shows what the tests check.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tui.scenarios import SCENARIOS, TABLES, Scenario  # noqa: E402


async def shoot(scenario: Scenario) -> Path:
    app = scenario.make_app()
    async with app.run_test(size=scenario.size) as pilot:
        await scenario.settle(pilot)  # as the snapshot tests do
        await pilot.pause()
        path = ROOT / "screenshots" / f"{scenario.name}.svg"
        path.write_text(app.export_screenshot(title=scenario.title), encoding="utf-8")
    return path


async def main() -> None:
    for scenario in SCENARIOS + TABLES:
        path = await shoot(scenario)
        print(f"{path.relative_to(ROOT)}: {scenario.title}")


if __name__ == "__main__":
    asyncio.run(main())
