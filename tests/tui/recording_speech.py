"""A speech back-end for tests: it "speaks" each line for as long as a person would hear it
(about 3 words a second, as espeak-ng does) and records when each line started and ended, and
whether it was cut."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

WORDS_PER_SECOND = 3.0


@dataclass
class Spoken:
    """One line as it was spoken: when it started, when it ended, and whether it was cut."""

    text: str
    start: float
    duration: float
    end: float | None = None
    cut: bool = False
    done: threading.Event = field(default_factory=threading.Event)

    def wait(self) -> None:
        if not self.done.wait(self.duration):
            self.end = time.monotonic()
            self.done.set()

    def stop(self) -> None:
        if not self.done.is_set():
            self.cut = True
            self.end = time.monotonic()
            self.done.set()


class RecordingSpeech:
    """The back-end: every line started is kept in ``lines``, in order."""

    name = "recording"

    def __init__(self, words_per_second: float = WORDS_PER_SECOND) -> None:
        self.words_per_second = words_per_second
        self.lines: list[Spoken] = []
        self.lock = threading.Lock()

    def start(self, text: str) -> Spoken:
        spoken = Spoken(text, time.monotonic(), len(text.split()) / self.words_per_second)
        with self.lock:
            self.lines.append(spoken)
        return spoken

    def said(self) -> list[str]:
        with self.lock:
            return [line.text for line in self.lines]

    def cut(self) -> list[Spoken]:
        with self.lock:
            return [line for line in self.lines if line.cut]
