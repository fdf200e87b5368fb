"""Speaking narration lines aloud without ever blocking the game.

``make_speaker("auto")`` looks for a speech program once, at start: speech-dispatcher's
``spd-say`` first (it speaks with the voice and rate the person set for their screen reader),
then ``espeak-ng``, then ``espeak``. ``Speaker.say(line)`` only puts the line on a queue; a worker
thread speaks the lines one after another, every one of them, in order. ``Speaker.interrupt()``
(or ``say(line, interrupt=True)``) drops what is queued and cuts the line being spoken: a front
end calls it only when the listener presses a key (the lines stay in its text log).

Speech lives beside a screen reader: uno-tui never cancels anyone's speech but its own. Where
speech-dispatcher's Python client (``speechd``) can be imported, one connection speaks every line
and cancels only its own messages; otherwise ``spd-say -w`` speaks each line and a cut line is
left to finish in the daemon (``spd-say -C`` would silence every client, Orca included), while
the lines queued after it are dropped. Text for espeak is cleaned first: ``[[`` would start its
phoneme input, and control characters are dropped. Where no
speech program exists, the first ``say`` reports
"No speech on this machine; the text log continues." once, through ``notify``, and the lines
are dropped (the front end's text log has them all).
"""

from __future__ import annotations

import importlib
import queue
import re
import shutil
import subprocess
import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol

SpeechChoice = Literal["auto", "spd-say", "espeak-ng", "espeak", "none", "text"]
SPEECH_CHOICES: tuple[SpeechChoice, ...] = (
    "auto",
    "spd-say",
    "espeak-ng",
    "espeak",
    "none",
    "text",
)
"""``text``: nothing spoken on this machine; the app writes each line where the terminal's
cursor sits, for the listener's own screen reader (the SSH door's app: the guest's machine
speaks, never the host's). The line mode writes every line anyway: ``text`` is ``none``
there."""
NO_SPEECH = "No speech on this machine; the text log continues."


class Utterance(Protocol):
    """One line being spoken."""

    def wait(self) -> None:
        """Return when the line is said (or stopped)."""

    def stop(self) -> None:
        """Cut the line short; may be called from another thread."""


class Backend(Protocol):
    """A way to speak: starts one line and returns at once."""

    name: str

    def start(self, text: str) -> Utterance: ...


class _Process:
    """A speech program speaking one line; stopping it kills the process."""

    def __init__(self, command: Sequence[str]) -> None:
        self.process = subprocess.Popen(
            list(command),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def wait(self) -> None:
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def plain_text(text: str) -> str:
    """``text`` as plain words for a synthesizer: no control characters, and no brackets that
    could open espeak's phoneme input (``[[...]]``); a bracket is read as a parenthesis."""
    return _CONTROL.sub(" ", text).translate(str.maketrans("[]", "()"))


class CommandBackend:
    """A speech program run once a line: ``spd-say -w TEXT``, ``espeak-ng TEXT``."""

    def __init__(self, name: str, program: str, args: Sequence[str] = ()) -> None:
        self.name = name
        self.program = program
        self.args = tuple(args)

    def start(self, text: str) -> Utterance:
        # "--" ends the options: a line starting with "-" is still read as text.
        return _Process([self.program, *self.args, "--", plain_text(text)])


class _Message:
    """One line handed to speech-dispatcher over our own connection."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.done = threading.Event()

    def finished(self, *_args: object, **_kwargs: object) -> None:
        self.done.set()

    def wait(self) -> None:
        # The daemon reports the end (or the cancel); a daemon that died reports nothing.
        self.done.wait(60)

    def stop(self) -> None:
        if not self.done.is_set():
            self.client.cancel()  # this connection's messages only (scope SELF), never ALL
        self.done.set()


class SpeechdBackend:
    """One connection to speech-dispatcher through its Python client: every line is a message
    of this client, and stopping cancels this client's messages alone."""

    name = "spd-say"

    def __init__(self, module: Any) -> None:
        self.module = module
        self.client = module.SSIPClient("uno-tui")
        self._end_events = (module.CallbackType.END, module.CallbackType.CANCEL)

    def start(self, text: str) -> Utterance:
        message = _Message(self.client)
        self.client.speak(plain_text(text), callback=message.finished, event_types=self._end_events)
        return message


def speechd_module() -> Any | None:
    """speech-dispatcher's Python client, where it can be imported."""
    try:
        return importlib.import_module("speechd")
    except ImportError:
        return None


def backend_for(
    name: str, program: str, speechd: Callable[[], Any | None] = speechd_module
) -> Backend:
    if name == "spd-say":
        module = speechd()
        if module is not None:
            try:
                return SpeechdBackend(module)
            except Exception:  # no daemon to connect to: fall back to spd-say
                pass
        # -w: wait until the line is said, so lines do not talk over each other. No stop
        # command: spd-say's -C cancels every client's speech, a screen reader's too.
        return CommandBackend(name, program, ["-w"])
    return CommandBackend(name, program)


def detect(
    choice: SpeechChoice = "auto",
    which: Callable[[str], str | None] = shutil.which,
    speechd: Callable[[], Any | None] = speechd_module,
) -> Backend | None:
    """The speech program to use: the one chosen, or with ``"auto"`` the first found of
    spd-say, espeak-ng and espeak; ``None`` when there is none (or ``"none"`` was chosen)."""
    if choice in ("none", "text"):
        return None
    names = ("spd-say", "espeak-ng", "espeak") if choice == "auto" else (choice,)
    for name in names:
        program = which(name)
        if program is not None:
            return backend_for(name, program, speechd)
    return None


class Speaker:
    """Speaks lines in order on a worker thread; ``say`` never waits for speech."""

    def __init__(
        self,
        backend: Backend | None,
        *,
        notify: Callable[[str], None] | None = None,
        unavailable: str = NO_SPEECH,
        max_queued: int | None = None,
    ) -> None:
        self.backend = backend
        self.notify = notify
        self.unavailable = unavailable
        self.max_queued = max_queued
        """Lines waiting beyond this are dropped, oldest first; ``None``: every line is said
        (a front end that waits for speech keeps the queue short itself)."""
        self._told_unavailable = False
        self._queue: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._generation = 0
        self._current: Utterance | None = None
        self._worker: threading.Thread | None = None
        self._idle = threading.Event()
        self._idle.set()

    @property
    def available(self) -> bool:
        return self.backend is not None

    @property
    def name(self) -> str:
        return self.backend.name if self.backend else "none"

    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Queue ``text`` to be spoken after what is queued (or at once, cutting everything
        before it, with ``interrupt``). Returns at once."""
        if self.backend is None:
            if not self._told_unavailable and self.notify is not None:
                self._told_unavailable = True
                self.notify(self.unavailable)
            return
        if not text.strip():
            return
        if interrupt:
            self.interrupt()
        with self._lock:
            self._idle.clear()
            self._queue.put((self._generation, text))
            while self.max_queued is not None and self._queue.qsize() > self.max_queued:
                try:
                    self._queue.get_nowait()
                except queue.Empty:  # pragma: no cover - the worker took it meanwhile
                    break
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name="speech", daemon=True)
                self._worker.start()

    def interrupt(self) -> None:
        """Drop every queued line and cut the one being spoken."""
        with self._lock:
            self._generation += 1
            while True:
                try:
                    self._queue.get_nowait()
                except queue.Empty:
                    break
            current, self._current = self._current, None
            if current is None:
                self._idle.set()
        if current is not None:
            current.stop()

    @property
    def idle(self) -> bool:
        """Nothing is being said or waits to be said."""
        return self._idle.is_set()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until everything queued is said (for tests and for a clean exit)."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        """Stop speaking and end the worker."""
        self.interrupt()
        with self._lock:
            worker, self._worker = self._worker, None
            if worker is not None:
                self._queue.put(None)
        if worker is not None:
            worker.join(timeout=5)

    def _run(self) -> None:
        assert self.backend is not None
        while True:
            item = self._queue.get()
            if item is None:
                return
            generation, text = item
            utterance: Utterance | None = None
            with self._lock:
                if generation == self._generation:
                    try:
                        utterance = self.backend.start(text)
                    except OSError:
                        utterance = None
                    self._current = utterance
            if utterance is not None:
                utterance.wait()
            with self._lock:
                if self._current is utterance:
                    self._current = None
                if self._queue.empty():
                    self._idle.set()


class TextSpeaker(Speaker):
    """Speech as text: each line handed to ``write`` at once (on the caller's thread), for a
    screen reader on the listener's side to read; nothing is heard on this machine."""

    def __init__(self, write: Callable[[str, bool], None]) -> None:
        super().__init__(None)
        self.write = write

    @property
    def available(self) -> bool:
        return True

    @property
    def name(self) -> str:
        return "text"

    def say(self, text: str, *, interrupt: bool = False) -> None:
        if text.strip():
            self.write(plain_text(text), interrupt)


def make_speaker(
    choice: SpeechChoice = "auto",
    *,
    notify: Callable[[str], None] | None = None,
    which: Callable[[str], str | None] = shutil.which,
    speechd: Callable[[], Any | None] = speechd_module,
) -> Speaker:
    """A speaker for ``--speech CHOICE``. With no program found it only tells ``notify`` once
    that there is no speech (naming the program when one was asked for by name)."""
    backend = detect(choice, which, speechd)
    unavailable = NO_SPEECH
    if backend is None and choice not in ("auto", "none", "text"):
        unavailable = f"{choice} is not installed: no speech; the text log continues."
    if choice in ("none", "text"):
        notify = None  # speech turned off on purpose: nothing to report
    return Speaker(backend, notify=notify, unavailable=unavailable)
