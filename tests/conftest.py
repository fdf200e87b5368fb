"""Every test keeps uno-tui's files (the autosave, the last setup) in its own temporary
directory, never in the real home: subprocesses inherit the variables."""

from __future__ import annotations

from pathlib import Path

import pytest

from uno_tui.saves import ENV_DATA_DIR


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "uno-data"
    monkeypatch.setenv(ENV_DATA_DIR, str(path))
    monkeypatch.setenv("UNO_TUI_CONFIG_DIR", str(tmp_path / "uno-config"))  # the last setup
    return path
