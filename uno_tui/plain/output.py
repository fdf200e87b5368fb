"""Where the line mode's words go: every line through ``Printer.say`` (spoken too, if asked,
and made harmless to the terminal), every byte through ``Printer.write``: the one place to
escape or redirect what the line mode prints."""

from __future__ import annotations

from typing import TextIO

from uno_tui.narration.speech import Speaker
from uno_tui.text import shown

from .color import color_enabled, paint

BELL = "\a"
"""The terminal's bell (``--sounds bell``)."""
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""Home, clear the screen, clear the scrollback: the hot-seat curtain hides the last hand."""


class Printer:
    """The line mode's output and its speech."""

    def __init__(self, out: TextIO, speaker: Speaker | None, color: bool | None) -> None:
        """``color``: tint card names (``None``: on a terminal without ``NO_COLOR``)."""
        self.out = out
        self.speaker = speaker
        self.color = color_enabled(out) if color is None else color

    def say(self, line: str) -> None:
        """Every line the line mode prints comes through here (and is spoken, if asked)."""
        if self.speaker is not None:
            self.speaker.say(line)  # first: "no speech on this machine" comes before the line
        line = shown(line)  # nothing from a name or a file may act on the terminal
        self.write((paint(line) if self.color else line) + "\n")

    def write(self, text: str) -> None:
        """The one place that writes to the output."""
        self.out.write(text)
        self.out.flush()

    def bell(self) -> None:
        self.write(BELL)

    def clear_screen(self) -> None:
        """On a terminal, clear the screen and its scrollback; in a pipe, nothing."""
        isatty = getattr(self.out, "isatty", None)
        if isatty is not None and isatty():
            self.write(CLEAR)

    def interrupt(self) -> None:
        """The person answered: what was still being said is stale."""
        if self.speaker is not None:
            self.speaker.interrupt()

    def stop_speech(self) -> None:
        """Leaving: nothing more is said aloud."""
        if self.speaker is not None:
            self.speaker.close()
            self.speaker = None

    def finish_speech(self, timeout: float) -> None:
        """The match is over: let the last lines (who won) be heard, then stop."""
        if self.speaker is not None:
            self.speaker.wait_idle(timeout=timeout)
            self.speaker.close()
