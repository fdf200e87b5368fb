"""One guest's session at the SSH door (``ssh_door``): its joined client in a PTY of its own
(the app, the window's size followed) or on pipes (the line mode without a terminal), the
guest's environment sifted, and every byte passed both ways and bounded: what the app has not
read is capped (``INPUT_CAP``, ``INPUT_LIMIT``) and the session cut with a sentence past it;
what the app writes is read no faster than the guest takes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time
from typing import TYPE_CHECKING, Any

import asyncssh

from uno_tui.store.files import ENV_DATA_DIR

from .client import ENV_JOIN_CODE, ENV_JOIN_NAME
from .constants import ENV_DOOR

if TYPE_CHECKING:
    from .ssh_door import Door

ENV_CONFIG_DIR = "UNO_TUI_CONFIG_DIR"
"""Where the app remembers its setup (as ``uno_tui.net.serving`` gives each page its own)."""
TAKE_TERMINAL = (
    "import fcntl, runpy, sys, termios;"
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0);"
    "runpy.run_module('uno_tui', run_name='__main__', alter_sys=True)"
)
"""``python -m uno_tui`` that first makes its PTY its controlling terminal (it is a session
leader: ``start_new_session``), so the window size's ``SIGWINCH`` and the hang-up reach it."""
GUEST_VARIABLES = ("COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES")
"""What a guest's environment may set for its session (the rest of what it sends is ignored)."""
SERVER_TERMINAL_VARIABLES = (
    "TERM",
    "COLORTERM",
    "NO_COLOR",
    "FORCE_COLOR",
    "COLUMNS",
    "LINES",
    "TERM_PROGRAM",
    "TERM_PROGRAM_VERSION",
    "TMUX",
    "TMUX_PANE",
    "STY",
    "VTE_VERSION",
    "KITTY_WINDOW_ID",
    "WT_SESSION",
    "TEXTUAL_COLOR_SYSTEM",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "LC_MESSAGES",
)
"""The server's own terminal's description, never handed to a guest's session."""
SAFE_VALUE = re.compile(r"[A-Za-z0-9._+@:=-]{1,64}")
READ_SIZE = 65536
INPUT_CAP = 1 << 16
"""Bytes of a guest's keys held for the app while it does not read; past it, the guest's
channel is paused ..."""
INPUT_LIMIT = 1 << 20
"""... and past this (what a paused guest may still send: the channel's window), the
session is cut with a sentence. The line mode on a pipe (``ssh -T``), which reads only at
its questions, is cut past ``INPUT_CAP`` itself."""


class DoorSession(asyncssh.SSHServerSession[bytes]):
    """One guest's session: the joined client in its own PTY (or on pipes for the line mode
    without one), bytes passed both ways."""

    def __init__(self, door: Door, code: str, address: str, name: str | None = None) -> None:
        self.door, self.code, self.address = door, code, address
        self.name = name
        """With a room's code: the name to take an open seat under."""
        self.channel: asyncssh.SSHServerChannel[bytes] | None = None
        self.terminal: str | None = None
        self.size = (80, 24)
        self.mode = "app"
        self.listening: list[str] = []
        """The guest's options of listening (``plain --verbosity brief``, ``app --narrate``)."""
        self.unknown: str | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.master: int | None = None
        self.pending = b""
        """Keys the app has not read yet."""
        self.last_key = time.monotonic()
        self.counted = False
        self.data: str | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.reading = False
        self.output_done = False
        self.ended = False
        self.input_paused = False

    # What the guest asks for --------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.channel = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self.terminal = term_type if SAFE_VALUE.fullmatch(term_type or "") else "xterm-256color"
        self._resize(term_size[0], term_size[1])
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._resize(width, height)

    def _resize(self, width: int, height: int) -> None:
        width, height = max(10, min(width or 80, 1000)), max(5, min(height or 24, 500))
        self.size = (width, height)
        if self.master is not None:
            with contextlib.suppress(OSError):
                _set_size(self.master, width, height)

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        try:
            self.mode, self.listening = door_command(command)
        except ValueError as error:
            self.unknown = str(error)
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return True

    # Running ------------------------------------------------------------------------------

    def session_started(self) -> None:
        self.tasks.append(asyncio.ensure_future(self._run()))

    async def _run(self) -> None:
        chan = self.channel
        assert chan is not None
        if self.unknown is not None:
            self._tell(f"uno-tui: {self.unknown}; {DOOR_COMMANDS}")
            chan.exit(2)
            return
        if self.mode == "app" and self.terminal is None:
            self._tell("uno-tui: no terminal was asked for (ssh -T?): the line mode, then.")
            self.mode = "plain"
        if not self.counted:  # a second session on one connection needs a place of its own
            refused = self.door.open_session(self.address)
            if refused is not None:
                tally = self.door.host.tally
                tally.note(
                    "An SSH session refused (too many)", "SSH sessions refused", self.address
                )
                self._tell(f"uno-tui: {refused}.")
                chan.exit(1)
                return
            self.counted = True
        self.door.running.add(self)
        try:
            await self._start()
        except OSError as error:
            self._tell(f"uno-tui: the game could not be started ({error.strerror or error}).")
            chan.exit(1)
            return
        self.door.log(f"An SSH guest came in from {self.address} ({self.mode}).")
        self.tasks.append(asyncio.ensure_future(self._watch_idle()))
        assert self.process is not None
        status = await self.process.wait()
        await self._drain()
        if not self.ended:
            self.ended = True
            with contextlib.suppress(Exception):
                chan.exit(max(0, status))

    def _tell(self, text: str) -> None:
        if self.channel is not None:
            newline = "\r\n" if self.terminal is not None else "\n"
            with contextlib.suppress(Exception):
                self.channel.write(f"{text}{newline}".encode())

    def _environment(self) -> dict[str, str]:
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in SERVER_TERMINAL_VARIABLES
            and key not in (ENV_JOIN_CODE, ENV_JOIN_NAME, ENV_DOOR)
        }
        assert self.channel is not None
        given = self.channel.get_environment()
        for key in GUEST_VARIABLES:
            value = given.get(key)
            if isinstance(value, str) and SAFE_VALUE.fullmatch(value):
                environment[key] = value
        environment["TERM"] = self.terminal or "dumb"
        self.data = tempfile.mkdtemp(prefix="uno-tui-ssh-")
        environment[ENV_DATA_DIR] = environment[ENV_CONFIG_DIR] = self.data
        environment[ENV_JOIN_CODE] = self.code
        environment[ENV_DOOR] = f"{self.door.secret} {self.address}"
        if self.name is not None:
            environment[ENV_JOIN_NAME] = self.name
        environment["PYTHONUNBUFFERED"] = "1"
        return environment

    def _arguments(self) -> list[str]:
        arguments = ["join", self.door.join_address(), *self.door.join_options]
        # Never the host's speech: the guest's own screen reader reads what is written.
        heard = ["--speech", "none" if self.mode == "plain" else "text", *self.listening]
        return [*arguments, "--plain", *heard] if self.mode == "plain" else [*arguments, *heard]

    async def _start(self) -> None:
        environment = self._environment()
        if self.terminal is None:  # the line mode on pipes: the guest's terminal edits lines
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "uno_tui",
                *self._arguments(),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                env=environment,
                start_new_session=True,
            )
            self.tasks.append(asyncio.ensure_future(self._pump_pipe()))
            return
        master, slave = os.openpty()
        try:
            _set_size(slave, *self.size)
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                TAKE_TERMINAL,
                *self._arguments(),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=environment,
                start_new_session=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._resume_output()

    # Bytes both ways ----------------------------------------------------------------------

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_key = time.monotonic()
        if self.process is None or self.ended:
            return
        if self.master is None:
            stdin = self.process.stdin
            if stdin is not None and not stdin.is_closing():
                stdin.write(data)
                # the line mode reads only at its questions: no one types 64 KB ahead
                self._bound_input(stdin.transport.get_write_buffer_size(), INPUT_CAP)
            return
        self.pending += data
        self._write_keys()

    def _bound_input(self, unread: int, limit: int = INPUT_LIMIT) -> None:
        """What the app has not read yet: past ``INPUT_CAP`` the guest is paused (the app on
        a PTY reads its keys all the time), past ``limit`` the session is cut with a
        sentence."""
        if unread > limit:
            self.door.host.tally.note(
                "An SSH session cut off for typing more than the game reads",
                "SSH sessions cut off for unread input",
                self.address,
            )
            self.pending = b""
            fresh_line = "\n" if self.terminal is None else "\r\n"
            self._tell(
                f"{fresh_line}uno-tui: {unread // 1024} KB typed that the game has not read; "
                "the session is closed (your seat waits)."
            )
            self.ended = True
            self.hang_up()
            if self.channel is not None:
                with contextlib.suppress(Exception):
                    self.channel.exit(1)
            return
        if unread > INPUT_CAP and self.channel is not None and not self.input_paused:
            self.input_paused = True
            self.channel.pause_reading()

    def _write_keys(self) -> None:
        master = self.master
        if master is None:
            return
        loop = asyncio.get_running_loop()
        try:
            while self.pending:
                written = os.write(master, self.pending)
                self.pending = self.pending[written:]
        except BlockingIOError:
            pass
        except OSError:
            self.pending = b""
        if self.pending:
            loop.add_writer(master, self._write_keys)
            self._bound_input(len(self.pending))
        else:
            with contextlib.suppress(Exception):
                loop.remove_writer(master)
            if self.channel is not None and self.input_paused:
                self.input_paused = False
                self.channel.resume_reading()

    def eof_received(self) -> bool:
        if self.process is not None and self.master is None and self.process.stdin is not None:
            self.process.stdin.close()
        return True

    def _resume_output(self) -> None:
        if self.master is not None and not self.reading and not self.output_done:
            asyncio.get_running_loop().add_reader(self.master, self._read_output)
            self.reading = True

    def _pause_output(self) -> None:
        if self.master is not None and self.reading:
            asyncio.get_running_loop().remove_reader(self.master)
            self.reading = False

    def _read_output(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app has ended and closed its side
            data = b""
        if not data:
            self.output_done = True
            self._pause_output()
            return
        if self.channel is not None:
            self.channel.write(data)

    def pause_writing(self) -> None:
        """The guest reads slower than the app writes: stop reading the app (its writes then
        wait, as on a slow terminal; the line mode's pump waits on the buffer itself)."""
        self._pause_output()

    def resume_writing(self) -> None:
        self._resume_output()

    async def _pump_pipe(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        while data := await stdout.read(READ_SIZE):
            if self.channel is not None:
                self.channel.write(data)
                if self.channel.get_write_buffer_size() > 4 * READ_SIZE:
                    await asyncio.sleep(0.05)

    async def _drain(self) -> None:
        """What the app wrote last, before the channel closes."""
        if self.master is not None:
            with contextlib.suppress(OSError):
                while data := os.read(self.master, READ_SIZE):
                    if self.channel is not None:
                        self.channel.write(data)
        for task in self.tasks:
            if task is not asyncio.current_task() and not task.done():
                with contextlib.suppress(Exception, asyncio.TimeoutError):
                    await asyncio.wait_for(asyncio.shield(task), 1)

    async def _watch_idle(self) -> None:
        idle = self.door.options.idle_timeout
        while self.process is not None and self.process.returncode is None:
            await asyncio.sleep(min(idle / 4, 30.0))
            if time.monotonic() - self.last_key >= idle:
                minutes = f"{idle / 60:g} minutes" if idle >= 60 else f"{idle:g} seconds"
                self.door.log(f"An SSH guest from {self.address} closed after {minutes} idle.")
                self.hang_up()
                await asyncio.sleep(0.3)
                self._tell(f"\r\nuno-tui: closed after {minutes} without a key; your seat waits.")
                self.ended = True
                if self.channel is not None:
                    with contextlib.suppress(Exception):
                        self.channel.exit(0)
                return

    def hang_up(self) -> None:
        """End the app: hang-up first (it saves nothing: the seat waits at the host), then
        kill after two seconds."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGHUP)

        def kill() -> None:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)

        asyncio.get_running_loop().call_later(2.0, kill)

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = True
        self.hang_up()
        self._pause_output()
        asyncio.get_running_loop().call_later(3.0, self.release)
        if self.counted:
            self.counted = False
            self.door.close_session(self.address)
            self.door.log(f"An SSH guest from {self.address} left.")

    def release(self) -> None:
        """Let go of the PTY, the session's data directory and its tasks."""
        self.door.running.discard(self)
        if self.master is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_writer(self.master)
            self._pause_output()
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None
        if self.data is not None:
            shutil.rmtree(self.data, ignore_errors=True)
            self.data = None
        for task in self.tasks:
            if task is not asyncio.current_task():
                task.cancel()


DOOR_COMMANDS = (
    "ssh -p PORT HOST for the app (add app --narrate for the narration written on its last "
    "line), ssh -p PORT HOST plain for the line mode (add --verbosity brief for fewer lines); "
    "--sounds bell rings your own terminal's bell."
)
MODES = {"": "app", "app": "app", "plain": "plain", "line": "plain", "lines": "plain"}
DOOR_OPTIONS = {"--verbosity": ("full", "brief"), "--sounds": ("off", "bell"), "--narrate": ()}
"""What a guest may ask for after the mode: nothing that would be heard on the host's
machine (no ``--speech``, no sound icons: both play where the app runs)."""


def door_command(command: str) -> tuple[str, list[str]]:
    """The mode and the options of ``ssh HOST plain --verbosity brief``; ``ValueError``
    with the one reason a command is not taken."""
    words = command.lower().split()
    mode = MODES.get(words[0] if words else "")
    if mode is None:
        raise ValueError(f"no command {command.strip()[:40]!r} here")
    options: list[str] = []
    rest = iter(words[1:])
    for word in rest:
        flag, _, value = word.partition("=")
        if flag == "--speech":
            raise ValueError(
                "--speech would speak on the host's machine, not yours: your own screen reader "
                "reads the lines"
            )
        if flag not in DOOR_OPTIONS:
            raise ValueError(f"no option {word[:30]!r} here")
        values = DOOR_OPTIONS[flag]
        if not values:  # --narrate: the line mode writes every line anyway
            options.append(flag)
            continue
        value = value or next(rest, "")
        if value not in values:
            raise ValueError(f"{flag} takes {' or '.join(values)}, not {value[:20]!r}")
        options += [flag, value]
    return mode, options


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
