"""The Textual app: setup, the handoff curtain, hands, the table and every prompt."""

from uno_tui.tui.app import UnoApp

__all__ = ["UnoApp"]
