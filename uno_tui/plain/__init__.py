"""The line-by-line front end: plain lines out, plain lines in, for any terminal, a screen
reader or a pipe."""

from __future__ import annotations

from .game_loop import PlainGame, describe_action

__all__ = ["PlainGame", "describe_action"]
