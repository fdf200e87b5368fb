"""SIGTERM and SIGHUP (the terminal closed) as a clean exit, like Ctrl+C.

``exit_on_signals()`` turns either signal into ``SignalExit``, an exception that unwinds the
stack like ``SystemExit`` (so ``finally`` blocks run and the front end can save and say goodbye)
and, left uncaught, ends the process quietly with the usual ``128 + signal`` code.
Both front ends use it: the plain game catches ``SignalExit`` around its loop; the Textual app
can pass ``on_signal`` to leave its loop its own way instead of raising.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

EXIT_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that mean "stop now" (Windows has no SIGHUP)."""


class SignalExit(SystemExit):
    """The process was asked to stop by a signal; ``code`` is 128 + the signal number."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def _raise_signal_exit(signum: int, frame: FrameType | None) -> None:
    raise SignalExit(signum)


@contextlib.contextmanager
def exit_on_signals(on_signal: Callable[[int], None] | None = None) -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP call ``on_signal(signum)``, or by default raise
    ``SignalExit``; the previous handlers come back on the way out. Only the main thread may
    set handlers: elsewhere this does nothing."""

    def handler(signum: int, frame: FrameType | None) -> None:
        if on_signal is None:
            _raise_signal_exit(signum, frame)
        else:
            on_signal(signum)

    previous: dict[int, Any] = {}
    try:
        for signum in EXIT_SIGNALS:
            previous[signum] = signal.signal(signum, handler)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


LAST_RESORT_SECONDS = 3.0
"""How long a front end asked to stop by a signal may take to leave before it is ended."""


def end_process_after(seconds: float, code: int) -> threading.Timer:
    """End the process with ``code`` in ``seconds`` unless it has ended by then: a last resort
    for a clean exit that hangs. (Textual's shutdown, writing to a terminal that was closed, can
    wait for ever; a process left behind would hold the save's lock.) Everything is saved after
    every action and each write is atomic, so ending it loses nothing."""
    timer = threading.Timer(seconds, os._exit, args=(code,))
    timer.daemon = True
    timer.start()
    return timer
