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


async def shoot_join() -> Path:
    """``join.svg``: Ann's joined window at 100x30, her turn against two bots (a host in this
    process on a free loopback port)."""
    from tests.net_helpers import hosting
    from uno_tui.match.session import Seat
    from uno_tui.tui.join_app import JoinApp, JoinedGameScreen

    table = (Seat("Ann"), Seat("Ben", "random"), Seat("Cy", "random"))
    async with hosting(table, (0,), seed=5) as host:
        app = JoinApp(f"127.0.0.1:{host.port}", host.codes.seats[0])
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(400):
                screen = app.screen
                if isinstance(screen, JoinedGameScreen) and screen.game.decisions(
                    out_of_turn=False
                ):
                    break
                await pilot.pause(0.05)
            await pilot.pause(0.5)
            path = ROOT / "screenshots" / "join.svg"
            path.write_text(app.export_screenshot(title="A joined seat"), encoding="utf-8")
            await pilot.press("ctrl+q")
    return path


async def shoot_host_room() -> Path:
    """``host-room.svg``: the host's own window at 100x30 in its room, a guest joined and
    the room's chat both ways (a host served by the window itself on a loopback port)."""
    from tests.test_net_host_app import hosted, room_with_chat
    from uno_tui.tui.host_app import HostApp

    app = HostApp(hosted())
    async with app.run_test(size=(100, 30)) as pilot:
        ann = await room_with_chat(app, pilot)
        await pilot.pause(0.3)
        path = ROOT / "screenshots" / "host-room.svg"
        path.write_text(app.export_screenshot(title="The host in its room"), encoding="utf-8")
        await ann.close()
        await pilot.press("ctrl+q")
    return path


async def main() -> None:
    only = sys.argv[1:]
    for scenario in SCENARIOS + TABLES:
        if only and scenario.name not in only:
            continue
        path = await shoot(scenario)
        print(f"{path.relative_to(ROOT)}: {scenario.title}")
    if not only or "join" in only:
        path = await shoot_join()
        print(f"{path.relative_to(ROOT)}: a joined seat")
    if not only or "host-room" in only:
        path = await shoot_host_room()
        print(f"{path.relative_to(ROOT)}: the host in its room")


if __name__ == "__main__":
    asyncio.run(main())
