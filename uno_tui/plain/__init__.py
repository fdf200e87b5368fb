"""The line-by-line front end: plain lines out, plain lines in, for any terminal, a screen
reader, a braille display or a pipe."""

from __future__ import annotations

from uno_tui.narration import describe_action

from .game_loop import PlainGame, QuitGame
from .setup import PlainSetup

__all__ = ["PlainGame", "PlainSetup", "QuitGame", "describe_action"]
