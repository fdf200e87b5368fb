"""The keys, for whoever asks: shown whole, and for a listener told section by section."""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Offset
from textual.screen import ModalScreen
from textual.widgets import Static

from uno_tui.tui.listening import place_cursor, speak

HELP_SECTIONS = (
    """\
[b]Playing[/b]
  Left/Right  move along the hand   Up/Down  colour group left/right
  1-9, 0      jump to card 1-10     Enter    play (pass, give) the card
  a click     selects a card, a second plays it""",
    """\
[b]Drawing and calling[/b]
  D  draw (or take the penalty)     U  UNO (with two cards: U, then play)
  C  catch a player at one card who did not call UNO""",
    """\
[b]Asking[/b]
  I  a hint: what the hard bot would do from your seat, and why
  M  your moves as a list (it asks a put-off question again)
  ?  this help                      Q  save and quit""",
    """\
[b]Listening[/b] (narration mode, N toggles it)
  H  my hand       T  top card, who played it   K  counts, whose turn
  S  scores        R  repeat since my move      L  the last few events""",
    """\
[b]The curtain[/b]
  With several people at one keyboard, a hand shows only after "Pass
  to NAME" is confirmed with Enter, and hides when the turn ends.
Cards carry their colour's letter (R Y G B). Escape closes this.""",
    """\
[b]Calls at the curtain[/b]
  There U calls UNO for the player who just played to one card, and C
  catches them if they did not: the moment before the next turn.""",
    """\
[b]Across machines[/b]
  At a joined table the slash key chats: a line to everyone. A host may
  time turns: you hear how long, a warning 10 seconds before the end,
  then a bot moves for you.""",
)
"""The help's sections, in the order shown; a listener moves between them with the arrows.
Each is at most ``MAX_PASSAGE_WORDS`` words as spoken (about 13 seconds)."""
MAX_PASSAGE_WORDS = 40
JOINED_SECTIONS = (
    HELP_SECTIONS[0],
    HELP_SECTIONS[1],
    HELP_SECTIONS[2].replace("Q  save and quit", "Q  leave the table"),
    HELP_SECTIONS[3],
    """\
[b]At this table[/b]
  /  a line to everyone (chat), Enter sends it, Escape drops it
  Q  leaves the table: your seat waits at the host for you to join again""",
)
"""The help at a joined table (the join window, the SSH door): no curtain, chat, and Q that
leaves the table instead of saving; its timers are added as the host told them."""
HOSTED_SECTIONS = (
    *JOINED_SECTIONS[:4],
    """\
[b]At this table[/b]
  /  a line to everyone (chat), Enter sends it, Escape drops it
  Q  stops hosting: the match is saved, uno-tui host resume continues it""",
    """\
[b]The host's commands[/b] (also in the command palette, Ctrl+P)
  Ctrl+O  every command of the host, to choose from
  Ctrl+S  start the room's match: seats still open become bots
  Ctrl+T  a bot plays an absent person's seat until they come back
  Ctrl+K  send a person away: their code opens nothing more
  Ctrl+L  each seat's join line again""",
)
"""The help at the host's own seat in the app: the joined table's, with the host's commands
and Q that stops hosting."""
HELP_TEXT = "\n\n".join(HELP_SECTIONS) + "\n"
HELP_KEYS = "Up and Down go from section to section, Escape closes."


def section_words(section: str) -> str:
    """A section as a listener hears it: its heading, then each key with what it does ("Left
    or Right: move along your hand; Up or Down: next or previous colour.")."""
    lines = Text.from_markup(section).plain.splitlines()
    told = [lines[0].strip().rstrip(".") + "."]
    for line in lines[1:]:
        columns = re.split(r"\s{2,}", line.strip())
        if len(columns) % 2 == 0 and len(columns) > 1 and line.startswith("  "):
            pairs = zip(columns[::2], columns[1::2], strict=True)
            told.append("; ".join(f"{key}: {what}" for key, what in pairs) + ".")
        else:
            told.append(line.strip())
    words = re.sub(r"(\w) ?/ ?(\w)", r"\1 or \2", " ".join(told))  # "Left/Right": not "slash"
    words = words.replace("1-9, 0:", "1 to 9, and 0:").replace(". /:", ". Slash:")
    words = words.replace("?: this help", "Question mark: this help").replace(" or ? ", " or ")
    return re.sub(r"\.\.+", ".", words.replace(":.", "."))


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("down", "section(1)", "Next section", show=False),
        Binding("up", "section(-1)", "Previous section", show=False),
        Binding("home", "first", "First section", show=False),
    ]

    def __init__(self, sections: tuple[str, ...] = HELP_SECTIONS) -> None:
        """``sections``: the help of this table (``JOINED_SECTIONS`` at a joined one)."""
        super().__init__()
        self.sections = sections
        self.section = 0
        """The section a listener is on (spoken, under the terminal's cursor)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", can_focus=False):  # Up and Down go by section
            for section in self.sections:  # a blank line under each, as one text had
                yield Static(section + "\n", classes="help-section")

    def on_mount(self) -> None:
        count = len(self.sections)
        speak(self, f"Help, {count} sections. {HELP_KEYS}")  # two passages, each short
        speak(self, section_words(self.sections[0]), interrupt=False)
        self.call_after_refresh(self.show_section)

    def action_section(self, step: int) -> None:
        self.section = max(0, min(len(self.sections) - 1, self.section + step))
        self.told_section()

    def action_first(self) -> None:
        self.section = 0
        self.told_section()

    def told_section(self) -> None:
        where = f"{self.section + 1} of {len(self.sections)}"
        speak(self, f"{section_words(self.sections[self.section])} ({where})")
        self.show_section()

    def show_section(self) -> None:
        """The section in view, the terminal's cursor on its first line."""
        widget = list(self.query(".help-section").results(Static))[self.section]
        scroll = self.query_one("#help", VerticalScroll)
        scroll.scroll_to_widget(widget, animate=False, top=True)
        self.call_after_refresh(self.cursor_to_section)

    def cursor_to_section(self) -> None:
        """Where the section's first line is, as the help is scrolled now."""
        widget = list(self.query(".help-section").results(Static))[self.section]
        scroll = self.query_one("#help", VerticalScroll)
        row = widget.virtual_region.y - round(scroll.scroll_y)
        if 0 <= row < scroll.content_region.height:
            place_cursor(scroll, Offset(widget.virtual_region.x, row))

    def action_close(self) -> None:
        self.dismiss(None)
