"""The keys, for whoever asks."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP_TEXT = """\
[b]Playing[/b]
  Left / Right      move along your hand      Up / Down   next / previous colour
  1-9, 0            jump to card 1-10         Enter       play (pass, give) the card
  a click           selects a card; a second click plays it
  D                 draw a card (or take the penalty)
  U                 call UNO (press it with two cards to call as you play)
  C                 catch a player who has one card and did not call UNO
  ?                 this help                 Q           save and quit

[b]Listening[/b] (narration mode, N toggles it)
  H  read my hand     T  top card and colour   K  card counts and whose turn
  S  scores           R  repeat the last line  L  the last few events
  M  my legal moves

[b]The curtain[/b]
  In a game with several people at one keyboard, each hand is shown only after
  "Pass to NAME" is confirmed with Enter, and hidden again when the turn ends.
  On the curtain, U calls UNO for the player who just played to one card, and
  C catches them if they did not: that is the moment before the next turn.

Cards show their colour as a letter too: R red, Y yellow, G green, B blue.
Press Escape or ? to close this help.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(HELP_TEXT)

    def action_close(self) -> None:
        self.dismiss(None)
