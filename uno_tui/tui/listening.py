"""The app for a listener away from the match: what the screens around it say, and where the
terminal's cursor sits.

The game screen tells the match through its ``Voice``; every other screen (the setup, help,
the command palette, the replay, the round's end, the curtain, the "make the terminal larger"
cover) speaks through the app's ``Announcer``, which owns the one ``Speaker`` the game screen
uses too, so two screens never talk over each other. Braille displays and screen magnifiers
follow the terminal's cursor: ``place_cursor`` puts it on what has focus.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

from textual.dom import DOMNode
from textual.geometry import Offset
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

from uno_tui.narration.speech import Speaker, TextSpeaker


class Announcer:
    """The app's speech outside the match: off until narration is asked for (``--narrate``,
    the setup's Narration box, N in a match), then every screen's line goes to one speaker."""

    def __init__(self, make_speaker: Callable[[], Speaker]) -> None:
        self.make_speaker = make_speaker
        self._speaker: Speaker | None = None
        self.on = False

    @property
    def speaker(self) -> Speaker:
        """The one speaker (made on first use); asking for it turns the announcer on."""
        if self._speaker is None:
            self._speaker = self.make_speaker()
        self.on = True
        return self._speaker

    def say(self, line: str, *, interrupt: bool = True) -> None:
        """With ``interrupt`` (the listener moved or arrived somewhere) at once, cutting what
        is being said; else after it. Nothing while narration is off."""
        if self.on and line.strip():
            self.speaker.say(spoken_form(line), interrupt=interrupt)

    @property
    def writes_text(self) -> bool:
        """Narration is written on the live line (``--speech text``), which holds the
        terminal's cursor: the listener's screen reader reads it there."""
        return self.on and isinstance(self._speaker, TextSpeaker)

    def close(self) -> None:
        if self._speaker is not None:
            self._speaker.close()


SPOKEN_FORMS = (
    # "2-10 players": not "two dash ten"; a date (2026-11-02) stays a date
    (re.compile(r"(?<![\d-])(\d+)-(\d+)(?![\d-])"), r"\1 to \2"),
    (re.compile(r"\b(\d+)x(\d+)\b"), r"\1 by \2"),  # "80x24": not "eighty ex"
    (re.compile(r"\b1 s\b"), "1 second"),
    (re.compile(r"\b(\d+(?:\.\d+)?) s\b"), r"\1 seconds"),  # "0.6 s": not "ess"
)
"""What a screen shows that a synthesizer would read wrong, and how it is said instead."""


def spoken_form(line: str) -> str:
    """``line`` as a synthesizer should say it (espeak-ng read "2-10" as "two dash ten")."""
    for pattern, words in SPOKEN_FORMS:
        line = pattern.sub(words, line)
    return line


def announcer(node: DOMNode) -> Announcer | None:
    """The app's announcer, if the app has one (the join window's app has none)."""
    found = getattr(node.app, "announcer", None)
    return found if isinstance(found, Announcer) else None


def listening(node: DOMNode) -> bool:
    """Narration is on in this app: screens speak and the cursor follows focus."""
    found = announcer(node)
    return found is not None and found.on


def speak(node: DOMNode, line: str, *, interrupt: bool = True) -> None:
    """Say ``line`` through the app's announcer, if narration is on."""
    found = announcer(node)
    if found is not None:
        found.say(line, interrupt=interrupt)


def shared_speaker(node: DOMNode) -> Speaker | None:
    """The app's one speaker for a game screen's voice (turning narration on), or None when
    the app has none (the game screen then makes its own)."""
    found = announcer(node)
    return None if found is None else found.speaker


def start_listening(node: DOMNode) -> None:
    """Narration on for the whole app: the screens speak, the terminal's cursor shows, and
    nothing is animated (a form scrolls to its focused control at once, the cursor with it)."""
    found = announcer(node)
    if found is not None and not found.on:
        found.speaker  # noqa: B018 - made now: the announcer is on from here
        node.app.animation_level = "none"
        show_terminal_cursor(node.app.is_headless)


ORIGIN = Offset(0, 0)


def cursor_on_live_line(node: DOMNode) -> bool:
    """The live line of text narration holds the cursor: nothing else moves it."""
    found = announcer(node)
    return found is not None and found.writes_text


def place_cursor(widget: Widget, offset: Offset = ORIGIN, *, live: bool = False) -> None:
    """The terminal's cursor on ``widget`` (``offset`` into its content), drawn with the next
    frame; nothing if the widget is not on screen, or if the live line holds the cursor
    (``live``: this is the live line)."""
    if not live and cursor_on_live_line(widget):
        return
    region = widget.content_region
    if region.width and region.height:
        widget.app.cursor_position = region.offset + offset


def cursor_after_layouts(node: DOMNode, screen: Screen[Any], place: Callable[[], None]) -> None:
    """``place`` puts the terminal's cursor again after every layout of ``screen`` while it is
    the screen shown: a form scrolled to its focused control, or closed above what is read,
    moves what the cursor was on. (A refresh awaited after the change could come before the
    change was laid out, and left the cursor where the control had been: seen under load.)"""

    def laid_out(shown: Screen[Any]) -> None:
        if shown.is_current:
            place()

    screen.screen_layout_refresh_signal.subscribe(node, laid_out)


def place_on_option(options: OptionList, column: int = 0) -> None:
    """The terminal's cursor on the highlighted option of ``options`` (on its first row, an
    option that wraps taking several), if it is in view."""
    index = options.highlighted
    if index is None:
        return
    row = options._index_to_line.get(index, index) - round(options.scroll_offset.y)
    if 0 <= row < options.content_region.height:
        place_cursor(options, Offset(column, row))


def show_terminal_cursor(headless: bool) -> None:
    """Braille displays and magnifiers follow the terminal's cursor, which Textual hides:
    show it (Textual writes the screen to stderr, so the sequence goes there too)."""
    stream = sys.__stderr__
    if headless or stream is None or not stream.isatty():
        return
    stream.write("\x1b[?25h")
    stream.flush()
