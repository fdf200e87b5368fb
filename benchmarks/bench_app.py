"""How quickly the app answers: the setup screen after starting, and a key in the hand view.

    python benchmarks/bench_app.py [--runs 7] [--keys 200]

- Start: ``uno-tui`` is started in a real terminal (tmux, 80x24) and the screen is read every
  10 ms until the setup screen shows. The process start, imports and first paint all count.
  As for a player's installed copy, Python may keep its compiled bytecode
  (``PYTHONDONTWRITEBYTECODE`` is unset for the game) and one uncounted start comes first, so
  an editable checkout is not timed compiling its sources.
- Key: through Textual's Pilot, Right is pressed in the hand view of a game against bots, and
  the time from the press to the frame that shows the moved cursor is taken (the app's frame
  output is timed; the Pilot itself then waits ~60 ms for idleness, which is not counted).

Medians and spread are reported; the machine is noisy, so run it more than once.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SETUP_TEXT = "set up the table"


def time_start(runs: int) -> list[float]:
    if shutil.which("tmux") is None:
        print("tmux not found: the start time is not measured")
        return []
    program = Path(sys.executable).with_name("uno-tui")
    times = []
    for run in range(-1, runs):  # run -1 warms up: bytecode written, files in the page cache
        session = f"unobench{os.getpid()}_{run}"
        with tempfile.TemporaryDirectory() as home:
            env = (
                f"env -u PYTHONDONTWRITEBYTECODE "
                f"UNO_TUI_DATA_DIR={home}/data UNO_TUI_CONFIG_DIR={home}/config"
            )
            start = time.perf_counter()
            subprocess.run(
                ["tmux", "new", "-d", "-s", session, "-x", "80", "-y", "24", f"{env} {program}"],
                check=True,
            )
            try:
                while time.perf_counter() - start < 20:
                    screen = subprocess.run(
                        ["tmux", "capture-pane", "-p", "-t", session],
                        capture_output=True,
                        text=True,
                        check=False,
                    ).stdout
                    if SETUP_TEXT in screen:
                        if run >= 0:
                            times.append(time.perf_counter() - start)
                        break
                    time.sleep(0.01)
            finally:
                subprocess.run(["tmux", "kill-session", "-t", session], check=False)
    return times


async def time_keys(presses: int) -> list[float]:
    from tests.tui.scenarios import solo_classic

    app = solo_classic()
    frames: list[float] = []
    display = app._display

    def timed_display(*args: Any, **kwargs: Any) -> Any:
        frames.append(time.perf_counter())
        return display(*args, **kwargs)

    app._display = timed_display  # type: ignore[method-assign]
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        for _ in range(presses):
            frames.clear()
            start = time.perf_counter()
            await pilot.press("right")
            if frames:
                times.append(frames[0] - start)
    return times


def report(label: str, times: list[float], unit: float = 1.0, name: str = "s") -> None:
    if not times:
        return
    cut = sorted(times)
    print(
        f"{label}: median {statistics.median(cut) * unit:.1f} {name}, "
        f"best {cut[0] * unit:.1f}, worst {cut[-1] * unit:.1f} ({len(cut)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    report("setup screen shown after start", time_start(args.runs), 1000, "ms")
    report("key drawn in the hand view", asyncio.run(time_keys(args.keys)), 1000, "ms")
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
