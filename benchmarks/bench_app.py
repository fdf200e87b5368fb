"""How quickly the app answers: the setup screen after starting, beside a minimal Textual app
started the same way, and a key in the hand view.

    python benchmarks/bench_app.py [--runs 7] [--keys 200]

- Start: ``uno-tui`` is started in a real terminal (tmux, 80x24) and the screen is read every
  10 ms until the setup screen shows. The process start, imports and first paint all count.
  In the same run, taking turns with it, a minimal Textual app (two widgets: a line of text
  and a footer) is started the same way by the same Python and timed to its first paint; the
  ratio of the two medians is what the game adds to Textual's own start (the goal: 1.5 at
  most). A third app, a plain Textual form of the rows the setup shows at 80x24 built of
  Textual's stock widgets (a ``Select`` for each list, a ``Button``), is timed the same way:
  what those widgets cost by themselves (the setup's own ``Cycler`` and ``LightButton`` cost
  less). As for a player's installed copy,
  Python may keep its compiled bytecode (``PYTHONDONTWRITEBYTECODE`` is unset) and one
  uncounted start of each comes first, so an editable checkout is not timed compiling its
  sources.
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
TMUX = ("tmux", "-L", f"unobench{os.getpid()}")
"""A tmux server of this run's own: no other terminal's sessions are touched."""


MINIMAL_TEXT = "a minimal textual app"
MINIMAL_APP = f"""
from textual.app import App, ComposeResult
from textual.widgets import Footer, Static


class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("{MINIMAL_TEXT}")
        yield Footer()


Minimal().run()
"""
"""Two widgets, Textual's own start and first paint: what no app can be quicker than."""

FORM_TEXT = "a textual form"
FORM_APP = f"""
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, Select

KINDS = [("person", 0), ("easy bot", 1), ("medium bot", 2), ("hard bot", 3), ("random bot", 4)]


class Form(App[None]):
    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label("{FORM_TEXT}")
            for label in ("Rules", "Players"):
                with Horizontal():
                    yield Label(label)
                    yield Select([("one", 1), ("two", 2), ("three", 3)], value=1, allow_blank=False)
            for seat in range(4):
                with Horizontal():
                    yield Label(f"Seat {{seat + 1}}")
                    yield Input("Ada")
                    yield Select(KINDS, value=2, allow_blank=False)
        yield Button("Start the match")
        yield Footer()


Form().run()
"""
"""Plain Textual with the controls the setup shows at 80x24 (two lists, four seats each a
name and a list, a button), of Textual's stock widgets: a form of that size as the setup was
built before its lists became ``Cycler`` widgets."""


def time_to_text(command: str, text: str, session: str) -> float | None:
    """Seconds from starting ``command`` in a new 80x24 tmux session until ``text`` shows."""
    with tempfile.TemporaryDirectory() as home:
        env = (
            f"env -u PYTHONDONTWRITEBYTECODE "
            f"UNO_TUI_DATA_DIR={home}/data UNO_TUI_CONFIG_DIR={home}/config"
        )
        start = time.perf_counter()
        subprocess.run(
            [*TMUX, "new", "-d", "-s", session, "-x", "80", "-y", "24", f"{env} {command}"],
            check=True,
        )
        try:
            while time.perf_counter() - start < 20:
                screen = subprocess.run(
                    [*TMUX, "capture-pane", "-p", "-t", session],
                    capture_output=True,
                    text=True,
                    check=False,
                ).stdout
                if text in screen:
                    return time.perf_counter() - start
                time.sleep(0.01)
        finally:
            subprocess.run([*TMUX, "kill-session", "-t", session], check=False)
    return None


def time_start(runs: int) -> tuple[list[float], list[float], list[float]]:
    """The game's setup screen, the minimal app and the form, started in turns."""
    if shutil.which("tmux") is None:
        print("tmux not found: the start time is not measured")
        return [], [], []
    program = Path(sys.executable).with_name("uno-tui")
    # A session that lasts the run keeps this run's tmux server up between the timed ones
    # (a server whose last session ends exits, and a new one racing it fails to start).
    subprocess.run([*TMUX, "new", "-d", "-s", "holder", "sleep 3600"], check=True)
    try:
        return _time_starts(runs, program)
    finally:
        subprocess.run([*TMUX, "kill-server"], check=False)  # this run's own server only


def _time_starts(runs: int, program: Path) -> tuple[list[float], list[float], list[float]]:
    game: list[float] = []
    minimal: list[float] = []
    form: list[float] = []
    with tempfile.TemporaryDirectory() as scripts:
        script = Path(scripts) / "minimal_app.py"
        script.write_text(MINIMAL_APP, encoding="utf-8")
        form_script = Path(scripts) / "form_app.py"
        form_script.write_text(FORM_APP, encoding="utf-8")
        # run -1 warms up: bytecode written, files in the page cache
        for run in range(-1, runs):
            for command, text, times in (
                (str(program), SETUP_TEXT, game),
                (f"{sys.executable} {script}", MINIMAL_TEXT, minimal),
                (f"{sys.executable} {form_script}", FORM_TEXT, form),
            ):
                took = time_to_text(command, text, f"unobench{os.getpid()}_{run}_{len(times)}")
                if took is not None and run >= 0:
                    times.append(took)
    return game, minimal, form


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
    parser.add_argument("--keys", type=int, default=200, help="0: the start alone")
    args = parser.parse_args()
    game, minimal, form = time_start(args.runs)
    report("setup screen shown after start", game, 1000, "ms")
    report("minimal Textual app's first paint", minimal, 1000, "ms")
    report("a Textual form of the setup's visible controls", form, 1000, "ms")
    if game and minimal:
        ratio = statistics.median(game) / statistics.median(minimal)
        print(f"ratio of the medians, setup to minimal: {ratio:.2f} (goal: 1.5 at most)")
    if form and minimal:
        ratio = statistics.median(form) / statistics.median(minimal)
        print(f"ratio of the medians, form to minimal: {ratio:.2f} (Textual's widgets alone)")
    if args.keys:
        report("key drawn in the hand view", asyncio.run(time_keys(args.keys)), 1000, "ms")
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
