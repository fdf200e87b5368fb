"""The game's hints name a command the shell can run: ``uno-tui`` only when it is on PATH."""

from __future__ import annotations

import sys

import pytest

from uno_tui import program
from uno_tui.narration import resume_hint


def test_uno_tui_on_path_is_named_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(program.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert program.command_name() == "uno-tui"


def test_off_path_the_command_is_the_one_it_was_started_by(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(program.shutil, "which", lambda name: None)
    monkeypatch.setattr(sys, "argv", [".venv/bin/uno-tui"])
    assert program.command_name() == ".venv/bin/uno-tui"
    hint = resume_hint(plain=False, program=program.command_name())
    assert hint == "The match is saved: .venv/bin/uno-tui resume continues it."


def test_started_as_a_module_the_hint_names_the_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(program.shutil, "which", lambda name: None)
    monkeypatch.setattr(sys, "argv", ["/x/uno_tui/__main__.py"])
    assert program.command_name().endswith(" -m uno_tui")
