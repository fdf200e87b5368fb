"""Narration mode in the app: every new line spoken (where the machine can speak), the lines
kept for "repeat" and "log", and the review lines that use no turn."""

from __future__ import annotations

from collections.abc import Callable, Collection

from uno_tui.engine import Card
from uno_tui.narration import History, Narrator, card_words, list_moves, moves_words
from uno_tui.narration.speech import Speaker, SpeechChoice, make_speaker
from uno_tui.table import TableGame


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


def cursor_words(card: Card, index: int, count: int, playable: Collection[Card]) -> str:
    """The card under the hand's cursor: "Blue 7, 3 of 7, can go"."""
    verdict = "can go" if card in playable else "cannot go"
    return f"{card_words(card)}, {index + 1} of {count}, {verdict}."


def moves_line(game: TableGame, seat: int) -> str:
    decisions = [d for d in game.decisions() if d.player == seat]
    return moves_words(list_moves(decisions, game.names))
