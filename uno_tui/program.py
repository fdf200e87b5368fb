"""The command that starts this program, as the game's own hints should name it: ``uno-tui``
when that name is on PATH, else the path it was started by (``.venv/bin/uno-tui``), else
``python -m uno_tui``. A hint naming a command the shell cannot find is no help."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

NAME = "uno-tui"


def command_name() -> str:
    """How to start this program again from the shell it was started in."""
    if shutil.which(NAME):
        return NAME
    started = sys.argv[0] if sys.argv else ""
    if Path(started).name == NAME:
        return started if "/" in started else f"./{started}"
    return f"{Path(sys.executable).name} -m uno_tui"
