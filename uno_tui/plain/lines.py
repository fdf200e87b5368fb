"""Standard input, a line at a time, so that a signal always ends the wait for the next line.

``input()`` leaves a gap: Python runs a signal's handler (Ctrl+C's ``KeyboardInterrupt``,
SIGTERM's and SIGHUP's ``SignalExit``) only between bytecodes, and ``input()`` goes from its
last bytecode to the blocking ``read`` through C code that does not look for signals. A
signal that lands in that gap (a question was just printed and whoever reads it answers with
Ctrl+C or a SIGTERM at once: on a busy machine, the process is often paused right there) is
noted, its handler waits for the read to return, and the read waits for a line that never
comes. The line mode would hang at its question, unsaved words unsaid, until killed.

``LineReader`` waits with ``select`` on standard input and on the signal module's wakeup
file descriptor (``signal.set_wakeup_fd``), to which the C-level handler writes a byte the
moment a signal arrives, whenever it arrives: the wait ends, and the handler runs at once.
Lines are read as ``input()`` reads them: a line ends at ``\\n``, ``\\r\\n`` or ``\\r``, which
is left off; bytes that are not UTF-8 become a replacement character; ``EOFError`` at the end.
Where this cannot be done (not the main thread, no file descriptor, Windows), ``input()``.
"""

from __future__ import annotations

import contextlib
import io
import os
import select
import signal
import sys

CHUNK = 1 << 16


class LineReader:
    """Lines from one file descriptor (standard input by default), read past any buffer of
    ``sys.stdin``: every line of the line mode must come through one reader."""

    def __init__(self, fd: int | None = None) -> None:
        self.fd = fd
        """``None``: ``sys.stdin``'s, looked up at each line (a test may replace it)."""
        self.pending = bytearray()
        self.searched = 0
        """How far ``pending`` is known to hold no line end."""
        self.skip_lf = False
        """The last line ended with ``\\r``: a ``\\n`` right after it belongs to it."""
        self.ended = False
        self.wake: tuple[int, int] | None = None

    def __call__(self) -> str:
        fd = self._fd()
        if fd is None or os.name == "nt":
            return input()
        while True:
            line = self._line()
            if line is not None:
                return line
            if self.ended:
                raise EOFError
            self._wait_readable(fd)
            try:
                chunk = os.read(fd, CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""  # closed or unreadable: the end of the input
            if not chunk:
                self.ended = True
            self.pending += chunk

    def _fd(self) -> int | None:
        if self.fd is not None:
            return self.fd
        try:
            return sys.stdin.fileno() if sys.stdin is not None else None
        except (AttributeError, ValueError, io.UnsupportedOperation):
            return None

    def _line(self) -> str | None:
        """The next whole line in ``pending`` (at the end of the input, what is left)."""
        if self.pending and self.skip_lf:
            self.skip_lf = False
            if self.pending[:1] == b"\n":
                del self.pending[:1]
        ends = [at for at in (self.pending.find(end, self.searched) for end in b"\n\r") if at >= 0]
        if ends:
            end = min(ends)
            width = 2 if self.pending[end : end + 2] == b"\r\n" else 1
            # A "\r" last of all: a "\n" in the next read still belongs to this line end.
            self.skip_lf = self.pending[end:] == b"\r"
        elif self.ended and self.pending:
            end, width = len(self.pending), 0
        else:
            self.searched = len(self.pending)
            return None
        line = bytes(self.pending[:end])
        del self.pending[: end + width]
        self.searched = 0
        return line.decode("utf-8", "replace")

    def _wait_readable(self, fd: int) -> None:
        """Until ``fd`` has something to read (or its end). A signal that arrives meanwhile,
        or arrived since Python last looked, ends the wait so that its handler runs now."""
        wake = self._wake_pipe()
        if wake is None:
            return
        wake_read, wake_write = wake
        try:
            previous = signal.set_wakeup_fd(wake_write, warn_on_full_buffer=False)
        except ValueError:  # not the main thread: no handler runs here anyway
            return
        # Should a handler raise before the old wakeup descriptor is back, ours stays set:
        # it stays open too, so a later signal only writes a byte that the next wait reads.
        try:
            ready: list[int] = []
            while fd not in ready:
                # A handler that raises (Ctrl+C, SIGTERM) does so as select returns.
                ready, _, _ = select.select([fd, wake_read], [], [])
                if wake_read in ready:
                    with contextlib.suppress(BlockingIOError):
                        os.read(wake_read, CHUNK)  # a handler that did not raise has run
        finally:
            signal.set_wakeup_fd(previous)

    def _wake_pipe(self) -> tuple[int, int] | None:
        """The pipe the signal module writes to, made once and kept open for good."""
        if self.wake is None:
            try:
                wake_read, wake_write = os.pipe()
            except OSError:
                return None
            os.set_blocking(wake_read, False)
            os.set_blocking(wake_write, False)
            self.wake = (wake_read, wake_write)
        return self.wake


STDIN = LineReader()
"""The process's standard input, as the line mode reads it: one reader, so that the bytes read
ahead for one question are there for the next."""
