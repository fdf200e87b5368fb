"""The start of ``uno-tui``: what the setup screen shows is all it loads. The simulation, the
network, the bots, the line mode, the match, the game itself, the narrator, the kept matches
and their statistics load with the command or the screen that uses them, so the setup shows
sooner (``benchmarks/bench_app.py``, ``docs/benchmarks.md``).

Each check runs in a fresh interpreter: this one has imported everything already."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

NOT_FOR_THE_SETUP = (
    "uno_tui.sim",
    "uno_tui.net",
    "uno_tui.bots",
    "uno_tui.plain",
    "uno_tui.match",
    "uno_tui.store.archive",
    "uno_tui.store.match_facts",
    "uno_tui.store.stats",
    "uno_tui.engine.game",
    "uno_tui.engine.events",
    "uno_tui.engine.record",
    "uno_tui.narration.narrator",
    "uno_tui.narration.prompts",
    "uno_tui.narration.review",
    "uno_tui.tui.screens.choice",
    "uno_tui.tui.screens.game",
    "uno_tui.tui.screens.stats",
    "uno_tui.tui.widgets.hand_view",
    "uno_tui.tui.widgets.table_view",
)
"""Packages and modules the setup screen neither shows nor needs."""

LOADED = "print('\\n'.join(sorted(name for name in sys.modules if name.startswith('uno_tui'))))"


def loaded_modules(code: str, tmp_path: Path) -> set[str]:
    """The ``uno_tui`` modules loaded once ``code`` has run in a new interpreter (with its own
    data and config directories: no autosave or remembered setup of this machine's)."""
    env = {
        **os.environ,
        "UNO_TUI_DATA_DIR": str(tmp_path / "data"),
        "UNO_TUI_CONFIG_DIR": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [sys.executable, "-c", f"import sys\n{textwrap.dedent(code)}\n{LOADED}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def unwanted(modules: set[str]) -> list[str]:
    return sorted(
        name
        for name in modules
        for part in NOT_FOR_THE_SETUP
        if name == part or name.startswith(part + ".")
    )


def test_importing_the_command_and_the_app_loads_nothing_the_setup_does_not_need(
    tmp_path: Path,
) -> None:
    modules = loaded_modules(
        """
        import uno_tui.cli
        import uno_tui.tui.app
        import uno_tui.tui.screens.setup
        uno_tui.cli.build_parser(later=False).parse_args([])
        """,
        tmp_path,
    )
    assert {"uno_tui.cli", "uno_tui.tui.app", "uno_tui.tui.screens.setup"} <= modules
    assert unwanted(modules) == []


@pytest.mark.slow
def test_the_setup_screen_shown_whole_has_loaded_nothing_it_does_not_show(
    tmp_path: Path,
) -> None:
    """The app as ``uno-tui`` starts it (an autosave looked for, none found), until the whole
    form is on screen, its lower part included."""
    modules = loaded_modules(
        """
        import asyncio

        from uno_tui.cli import autosave_of, build_parser
        from uno_tui.tui import UnoApp
        from uno_tui.tui.screens.setup import SetupScreen

        build_parser(later=False).parse_args([])


        async def show() -> None:
            app = UnoApp(remember=True, autosave=autosave_of(None))
            async with app.run_test(size=(80, 24)) as pilot:
                for _ in range(600):
                    if isinstance(app.screen, SetupScreen) and app.screen.whole:
                        break
                    await pilot.pause(0.05)
                assert isinstance(app.screen, SetupScreen) and app.screen.whole, app.screen


        asyncio.run(show())
        """,
        tmp_path,
    )
    assert {"uno_tui.tui.app", "uno_tui.tui.screens.setup", "uno_tui.store.saves"} <= modules
    assert unwanted(modules) == []


def test_a_module_the_setup_does_not_need_is_caught(tmp_path: Path) -> None:
    """The check sees a heavy part loaded behind the package's lazy names."""
    modules = loaded_modules("from uno_tui.engine import Game", tmp_path)
    assert "uno_tui.engine.game" in modules
    assert "uno_tui.engine.game" in unwanted(modules)


@pytest.mark.parametrize("package", ["uno_tui.engine", "uno_tui.narration"])
def test_every_name_a_lazy_package_offers_is_found_where_it_says(package: str) -> None:
    """A package that hands out its names on demand lists each once, in ``__all__`` and in
    its table of modules, and each is found there (a name added to one and not the other
    would fail only when first asked for)."""
    import importlib

    module = importlib.import_module(package)
    table = module._MODULES
    assert sorted(module.__all__) == sorted(table)
    for name in module.__all__:
        assert getattr(module, name) is getattr(
            importlib.import_module(f"{package}.{table[name]}"), name
        )
