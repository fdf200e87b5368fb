"""Narration mode in the app: every new line spoken (where the machine can speak), and the lines
kept for "repeat" and "log". The words come from ``uno_tui.narration``."""

from __future__ import annotations

from collections.abc import Callable

from uno_tui.match.table import TableGame
from uno_tui.narration import History, Narrator
from uno_tui.narration.speech import Speaker, SpeechChoice, make_speaker


class Voice:
    """Tells the person at the keyboard what happens, in the words of ``narration``.

    Only events not yet told are spoken, each as its listener may know it: while the curtain
    is up the listener is nobody, so a drawn card's face is never said aloud to the table.
    Every line is said, in order: only ``interrupt`` (the listener's own key) cuts speech, and
    every line stays in ``history`` for "repeat" and "log".
    """

    def __init__(
        self,
        game: TableGame,
        narrator: Narrator,
        *,
        speech: SpeechChoice = "auto",
        notify: Callable[[str], None] | None = None,
        speaker: Speaker | None = None,
    ) -> None:
        self.game = game
        self.narrator = narrator
        self.speaker = speaker or make_speaker(speech, notify=notify)
        self.history = History()
        self.told = len(game.log)
        self.on = True

    def tell_new(self, listener: int | None) -> list[str]:
        """Narrate the events since the last call, for ``listener``; returns the lines."""
        events = [event.seen_by(listener) for event in self.game.log[self.told :]]
        self.told = len(self.game.log)
        lines = [line for line in self.narrator.narrate_events(events, listener) if line]
        self.history.extend(lines)
        if self.on:
            for line in lines:
                self.speaker.say(line)
        return lines

    def say(self, line: str, *, interrupt: bool = True, keep: bool = True) -> None:
        """A line to say: with ``interrupt`` (a key the listener pressed) at once, cutting what
        is being said; else after it. ``keep``: added to the history (not a repeat)."""
        if keep:
            self.history.add(line)
        if self.on:
            self.speaker.say(line, interrupt=interrupt)

    @property
    def idle(self) -> bool:
        """Nothing is being said or waits to be said."""
        return self.speaker.idle

    def interrupt(self) -> None:
        self.speaker.interrupt()

    def close(self) -> None:
        self.speaker.close()
