"""The keys, for whoever asks."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP_TEXT = """\
[b]Playing[/b]
  Left/Right  move along the hand   Up/Down  colour group left/right
  1-9, 0      jump to card 1-10     Enter    play (pass, give) the card
  a click     selects a card; a second click plays it
  D  draw (or take the penalty)     U  UNO (with two cards: U, then play)
  C  catch a player at one card who did not call UNO
  I  a hint: what the hard bot would do from your seat, and why
  M  your moves as a list (it asks a put-off question again)
  ?  this help                      Q  save and quit

[b]Listening[/b] (narration mode, N toggles it)
  H  my hand       T  top card and colour   K  counts, whose turn
  S  scores        R  repeat the last line  L  the last few events

[b]The curtain[/b]
  With several people at one keyboard, a hand shows only after "Pass
  to NAME" is confirmed with Enter, and hides when the turn ends. There
  U calls UNO for the player who just played to one card, and C catches
  them if they did not: the moment before the next turn.
Cards carry their colour's letter (R Y G B). Escape or ? closes this.
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
