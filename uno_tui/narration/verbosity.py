"""How much narration tells: ``full``, every event; ``brief``, only what changes a decision
(``uno_tui.narration.brief``). Its own module, so a command line is parsed without loading
the narrator."""

from __future__ import annotations

from typing import Literal

Verbosity = Literal["full", "brief"]
VERBOSITIES: tuple[Verbosity, ...] = ("full", "brief")
