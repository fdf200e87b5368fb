"""Every test keeps uno-tui's files (the autosave, the last setup) in its own temporary
directory, never in the real home: subprocesses inherit the variables."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from uno_tui.store.files import ENV_DATA_DIR


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
