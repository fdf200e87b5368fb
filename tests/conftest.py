"""Every test keeps uno-tui's files (the autosave, the last setup) in its own temporary
directory, never in the real home: subprocesses inherit the variables."""

from __future__ import annotations

import os
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from uno_tui.store.files import ENV_DATA_DIR

from .plain_driver import PlainProcess

if TYPE_CHECKING:
    from .test_net_ssh import Tmux


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "uno-data"
    monkeypatch.setenv(ENV_DATA_DIR, str(path))
    monkeypatch.setenv("UNO_TUI_CONFIG_DIR", str(tmp_path / "uno-config"))  # the last setup
    return path


# Figures -----------------------------------------------------------------------------------
# A module that counts what its tests tried (games, actions, files, lines) keeps the counts in a
# module-level ``FIGURES`` dict of name -> number. After each of its tests the counts so far go
# into the test's report (as a user property, so they cross from pytest-xdist's workers), and
# the terminal summary prints each module's total: figures are reported, never asserted.

_FIGURES: dict[tuple[int, str], dict[str, int]] = {}
"""Per (process, module): the latest counts that process reported."""


@pytest.fixture(autouse=True)
def _report_figures(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    figures = getattr(request.module, "FIGURES", None)
    if figures:
        request.node.user_properties.append(
            ("figures", (os.getpid(), request.module.__name__, dict(figures)))
        )


SLOW_FILES = frozenset(
    (
        "test_bots.py",
        "test_cli.py",
        "test_corrupt_saves.py",
        "test_door_listening.py",
        "test_engine_stateful.py",
        "test_fuzz_actions.py",
        "test_hostile_input.py",
        "test_kill_resume.py",
        "test_net_attacks.py",
        "test_net_chat_flood.py",
        "test_net_hardening.py",
        "test_net_host_files.py",
        "test_net_join_app.py",
        "test_net_listening.py",
        "test_net_processes.py",
        "test_net_protocol.py",
        "test_net_serve.py",
        "test_net_ssh.py",
        "test_net_ssh_bounds.py",
        "test_net_ssh_rejoin.py",
        "test_net_takeovers.py",
        "test_net_tls.py",
        "test_plain_lines.py",
        "test_plain_parity.py",
        "test_plain_pipe.py",
        "test_playout_engine.py",
        "test_random_games.py",
        "test_rounds_end.py",
        "test_saves.py",
        "test_signals.py",
        "test_simulate.py",
        "test_sparring.py",
        "test_speech.py",
        "test_stats_keep.py",
        "test_structure.py",
        "test_untrusted.py",
        "tui/test_bot_thinking.py",
        "tui/test_dialogs_spoken.py",
        "tui/test_hand_view.py",
        "tui/test_heard_moments.py",
        "tui/test_history.py",
        "tui/test_listening.py",
        "tui/test_monkey.py",
        "tui/test_motion.py",
        "tui/test_narration_in_dialogs.py",
        "tui/test_narration_mode.py",
        "tui/test_play.py",
        "tui/test_privacy.py",
        "tui/test_replay_table.py",
        "tui/test_setup.py",
        "tui/test_snapshots.py",
        "tui/test_speech_in_app.py",
        "tui/test_stats_screen.py",
        "tui/test_table_feel.py",
        "tui/test_themes.py",
        "tui/test_uno_pace.py",
        "tui/test_untrusted_app.py",
    )
)
"""The test files with a test that took 4 s or more in a full run on a loaded 2-core machine,
or 1 s or more in the quick loop on a quiet one (``pytest --durations``): real processes, the
app driven key by key, random and fuzzed matches. Their tests are marked ``slow``;
``pytest -m "not slow"`` runs the rest, a quick loop for the engine, the bots' units, the
words and the protocol. Mark a new slow test ``@pytest.mark.slow`` (or add its file here)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    root = Path(__file__).resolve().parent
    for item in items:
        relative = Path(str(item.path)).resolve().relative_to(root).as_posix()
        if relative in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for name, value in report.user_properties:
        if name == "figures":
            pid, module, counts = value
            _FIGURES[pid, module] = counts


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    totals: dict[str, Counter[str]] = {}
    for (_, module), counts in sorted(_FIGURES.items()):
        totals.setdefault(module, Counter()).update(counts)
    if not totals:
        return
    terminalreporter.section("figures")
    for module, counts in sorted(totals.items()):
        terminalreporter.write_line(f"{module}: {dict(sorted(counts.items()))}")


@pytest.fixture
def processes() -> Iterator[list[PlainProcess]]:
    """The real processes a test starts; each is killed at the end, whatever happened."""
    started: list[PlainProcess] = []
    yield started
    for process in started:
        process.close()


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    """A tmux server of the test's own for a real ssh client (the SSH door's tests); skipped
    where tmux or ssh is missing (.ci/run installs both)."""
    from .test_net_ssh import Tmux

    if shutil.which("tmux") is None or shutil.which("ssh") is None:
        pytest.skip("needs tmux and an ssh client (.ci/run installs openssh-client)")
    driver = Tmux()
    yield driver
    driver.stop()
