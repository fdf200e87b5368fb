"""The app's screens, one a file."""

from uno_tui.tui.screens.banner import BannerScreen
from uno_tui.tui.screens.choice import ChoiceScreen
from uno_tui.tui.screens.curtain import CurtainScreen
from uno_tui.tui.screens.game import GameScreen
from uno_tui.tui.screens.help import HelpScreen
from uno_tui.tui.screens.replay import ReplayScreen
from uno_tui.tui.screens.round_end import RoundEndScreen
from uno_tui.tui.screens.setup import SetupScreen
from uno_tui.tui.screens.too_small import TooSmallScreen

__all__ = [
    "BannerScreen",
    "ChoiceScreen",
    "CurtainScreen",
    "GameScreen",
    "HelpScreen",
    "ReplayScreen",
    "RoundEndScreen",
    "SetupScreen",
    "TooSmallScreen",
]
