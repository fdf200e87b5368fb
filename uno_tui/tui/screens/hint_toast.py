"""I, the hint: what the hard bot would do in the viewer's seat, from their view only.

The hard bot thinks on a thread; its answer is shown as a toast (and spoken), the hand's cursor
goes to the card it names, and the toast goes as soon as a move is made or the hand is hidden:
a hint about a table that has changed is wrong.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.notifications import Notification, Notify

from uno_tui.bots.hint import hint
from uno_tui.engine import GiveCard, PassCard, PlayCard
from uno_tui.narration import describe_action
from uno_tui.tui.widgets.hand_view import HandView

if TYPE_CHECKING:
    from uno_tui.tui.screens.game import GameScreen

HINT_TITLE = "Hint (hard bot)"
HINT_SECONDS = 30.0
"""Long enough to read and think; it goes sooner with the move (``HintToast.drop_stale``)."""


class HintToast:
    """The hint of a ``GameScreen``: found, shown, spoken, and dropped when stale."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.shown: tuple[Notification, int, int] | None = None
        """The hint's toast, for whom and at what length of the log."""

    async def give(self, seat: int) -> None:
        screen = self.screen
        game = screen.game
        moment = len(game.log)
        found = await asyncio.to_thread(hint, game.view(seat), seed=moment)
        if screen.viewer != seat or len(game.log) != moment:
            return  # the hand was hidden or a move made meanwhile: the hint is out of date
        words = describe_action(found.action, game.names)
        line = f"{words[:1].upper()}{words[1:]}: {found.reason}."
        if isinstance(found.action, (PlayCard, PassCard, GiveCard)):
            hand = screen.query_one(HandView)
            if found.action.card in hand.cards:
                hand.cursor = hand.cards.index(found.action.card)
        screen.app.clear_notifications()
        toast = Notification(line, HINT_TITLE, "information", HINT_SECONDS, markup=False)
        screen.app.post_message(Notify(toast))
        self.shown = (toast, seat, moment)
        screen.speak_now(line)

    def drop_stale(self, viewer: int | None) -> None:
        """The hint's toast goes as soon as a move is made or the turn passes."""
        if self.shown is None:
            return
        toast, seat, moment = self.shown
        if viewer != seat or len(self.screen.game.log) != moment:
            self.shown = None
            self.screen.app._unnotify(toast)  # Textual's own way to close one toast (a click's)
