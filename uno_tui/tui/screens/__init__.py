"""The app's screens, one a file.

Each is imported when first asked for (PEP 562), so the setup screen does not load the game's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uno_tui.engine.lazy import names_on_demand

if TYPE_CHECKING:
    from uno_tui.tui.screens.banner import BannerScreen
    from uno_tui.tui.screens.choice import ChoiceScreen
    from uno_tui.tui.screens.curtain import CurtainScreen
    from uno_tui.tui.screens.game import GameScreen
    from uno_tui.tui.screens.help import HelpScreen
    from uno_tui.tui.screens.replay import ReplayScreen
    from uno_tui.tui.screens.replay_table import ReplayTableScreen
    from uno_tui.tui.screens.round_end import RoundEndScreen
    from uno_tui.tui.screens.setup import SetupScreen
    from uno_tui.tui.screens.too_small import TooSmallScreen

_MODULES = {
    "BannerScreen": "banner",
    "ChoiceScreen": "choice",
    "CurtainScreen": "curtain",
    "GameScreen": "game",
    "HelpScreen": "help",
    "ReplayScreen": "replay",
    "ReplayTableScreen": "replay_table",
    "RoundEndScreen": "round_end",
    "SetupScreen": "setup",
    "TooSmallScreen": "too_small",
}


__getattr__ = names_on_demand(__name__, _MODULES, globals())


__all__ = [
    "BannerScreen",
    "ChoiceScreen",
    "CurtainScreen",
    "GameScreen",
    "HelpScreen",
    "ReplayScreen",
    "ReplayTableScreen",
    "RoundEndScreen",
    "SetupScreen",
    "TooSmallScreen",
]
