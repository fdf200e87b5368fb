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

``LoopLines`` reads the same reader's lines on the running event loop (``loop.add_reader``), so
that while a question waits for its answer the loop runs on: the host's news, a timer's
warning, a chat line are told the moment they come. The signal module's wakeup descriptor is
watched beside it, so that a signal ends the loop's wait as it ends ``LineReader``'s. Where the
loop cannot watch the descriptor (a file, a Windows pipe, no descriptor at all), a thread of its
own reads the lines and hands them to the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import select
import signal
import sys
import threading

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
            self.read_once(fd)

    def read_once(self, fd: int) -> None:
        """What ``fd`` has now (it is readable), kept for ``_line``; nothing: the end."""
        try:
            chunk = os.read(fd, CHUNK)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""  # closed or unreadable: the end of the input
        if not chunk:
            self.ended = True
        self.pending += chunk

    def whole_lines(self) -> list[str]:
        """Every whole line read so far (at the end of the input, what is left too)."""
        lines = []
        while (line := self._line()) is not None:
            lines.append(line)
        return lines

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


class LoopLines:
    """The lines of a ``LineReader``, read on the running event loop: ``await next_line()``
    (``EOFError`` at the end). Every line read is queued in order, so one read ahead waits
    for the next question; a wait cancelled (the question passed) loses no line."""

    def __init__(self, reader: LineReader = STDIN) -> None:
        self.reader = reader
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        """The lines read; ``None``: the input ended."""
        self.loop: asyncio.AbstractEventLoop | None = None
        """The loop that watches the input."""
        self.queue_loop: asyncio.AbstractEventLoop | None = None
        self.watched: list[int] = []
        """The descriptors the loop watches for this source."""
        self.previous_wakeup: int | None = None

    async def next_line(self) -> str:
        self._attach()
        line = await self.queue.get()
        if line is None:
            self.queue.put_nowait(None)  # the end stays the end
            raise EOFError
        return line

    def _attach(self) -> None:
        """Watch the reader's descriptor on the running loop (once per loop: ``loop`` is set
        last, so that an attach a signal cut short is made again)."""
        loop = asyncio.get_running_loop()
        if self.loop is loop:
            return
        self.detach()
        if self.queue_loop is not loop:
            queued, self.queue = self.queue, asyncio.Queue()  # a queue serves one loop
            self.queue_loop = loop
            while not queued.empty():
                self.queue.put_nowait(queued.get_nowait())
        for line in self.reader.whole_lines():  # read ahead before the loop began
            self.queue.put_nowait(line)
        if self.reader.ended:
            self.queue.put_nowait(None)
            self.loop = loop
            return
        fd = self.reader._fd()
        if fd is not None and os.name != "nt":
            try:
                loop.add_reader(fd, self._readable, fd)
            except (OSError, ValueError, NotImplementedError):
                pass  # a file, or a descriptor this loop cannot watch
            else:
                self.watched.append(fd)
                self._watch_signals(loop)
                self.loop = loop
                return
        self.loop = loop
        reading = threading.Thread(target=self._read_in_thread, name="uno-tui-input", daemon=True)
        reading.start()

    def _readable(self, fd: int) -> None:
        self.reader.read_once(fd)
        for line in self.reader.whole_lines():
            self.queue.put_nowait(line)
        if self.reader.ended:
            self.queue.put_nowait(None)
            self.detach()

    def _read_in_thread(self) -> None:
        """Where the loop cannot watch the input: each line handed to the loop as read."""
        loop = self.loop
        assert loop is not None
        while True:
            try:
                line: str | None = self.reader()
            except (EOFError, OSError, ValueError):
                line = None
            try:
                loop.call_soon_threadsafe(self.queue.put_nowait, line)
            except RuntimeError:  # the loop is closed: nobody reads any more
                return
            if line is None:
                return

    def _watch_signals(self, loop: asyncio.AbstractEventLoop) -> None:
        """A signal that comes while the loop waits ends its wait, as ``LineReader``'s: the
        signal module writes to the wakeup pipe, which the loop watches."""
        wake = self.reader._wake_pipe()
        if wake is None or threading.current_thread() is not threading.main_thread():
            return
        wake_read, wake_write = wake
        try:
            previous = signal.set_wakeup_fd(wake_write, warn_on_full_buffer=False)
        except ValueError:
            return
        if previous not in (-1, wake_write):  # the loop's own (its signal handlers)
            signal.set_wakeup_fd(previous)
            return
        self.previous_wakeup = -1
        loop.add_reader(wake_read, self._drain, wake_read)
        self.watched.append(wake_read)

    @staticmethod
    def _drain(fd: int) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            os.read(fd, CHUNK)  # the handler runs as the loop goes on

    def detach(self) -> None:
        """Stop watching (the loop is ending, or the input has)."""
        loop, watched = self.loop, self.watched
        self.watched = []
        if loop is not None and not loop.is_closed():
            for fd in watched:
                loop.remove_reader(fd)
        if self.previous_wakeup is not None:
            with contextlib.suppress(ValueError):
                signal.set_wakeup_fd(self.previous_wakeup)
            self.previous_wakeup = None


STDIN_LINES = LoopLines(STDIN)
"""Standard input read on the loop: the one source of the line mode's lines once a loop runs
(the lobby's, the match's, the host's commands')."""


def on_loop(reader: LineReader) -> LoopLines:
    """``reader``'s lines read on the loop: standard input's are ``STDIN_LINES``."""
    return STDIN_LINES if reader is STDIN else LoopLines(reader)
