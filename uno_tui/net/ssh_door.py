"""``uno-tui host --ssh PORT``: guests come in with ``ssh -p PORT HOST`` and nothing installed.

An asyncssh server beside the host, on the host's event loop. A guest's seat code is its
login: asked by ``ssh`` itself (keyboard-interactive: "Code:", with a second and third try
after a wrong one), or given as the SSH password. Each session then runs its own joined
client, ``python -m uno_tui join`` to the host over the loopback, pinned to the host's
certificate as any guest is:

- with a PTY (``ssh -p PORT HOST``, which asks for one): the app, on a PTY of its own whose
  size follows the guest's window (``TIOCSWINSZ``, so the kernel sends the app ``SIGWINCH``),
  with the guest's ``TERM`` and ``COLORTERM`` (never the server's), every byte passed through
  both ways so keys (Textual's kitty-keyboard handling included) work as on a local terminal;
- ``ssh -p PORT HOST plain``: the line mode (on the PTY when ``-t`` asks for one, else on
  pipes, the guest's own terminal editing the line), for screen readers.

The host key (Ed25519) is made once and kept in the data directory (``ssh-host-key``, the
user's alone); the host prints its fingerprint, which ``ssh`` shows a guest the first time.

The door is guarded as the WebSocket host is: connections that have not logged in are pooled
(the oldest of the busiest address pushed out) and have ``login_timeout`` to do it; a wrong
code waits the host's delay and is counted in its tally; sessions are capped in all and per
address (the guest's: each session's join process shows the host a secret the door drew
with its guest's address, so the host counts it as that address, not as the loopback all
sessions share); a session with no key for ``idle_timeout`` is closed (the seat waits at the host);
what the app writes is read no faster than the guest takes it; forwarding, agents, X11 and
SFTP are all refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import re
import secrets
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from uno_tui.engine.names import MAX_NAME_LENGTH, name_problem
from uno_tui.store.files import ENV_DATA_DIR, data_dir, write_atomic

from .client import ENV_JOIN_CODE, ENV_JOIN_NAME
from .constants import ENV_DOOR
from .host import Host, Pool

HOST_KEY_NAME = "ssh-host-key"
ENV_CONFIG_DIR = "UNO_TUI_CONFIG_DIR"
"""Where the app remembers its setup (as ``uno_tui.net.serving`` gives each page its own)."""
CODE_PROMPT = "Code: "
NAME_PROMPT = "Your name: "
BANNER = (
    "uno-tui: your seat's code (as K7QM-2PXA), or the room's, is your login: type it when "
    "asked (a room's code then asks your name).\n"
)
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
channel is paused."""


@dataclass(frozen=True, slots=True)
class DoorOptions:
    port: int
    bind: str = "127.0.0.1"
    max_sessions: int = 8
    """Sessions at once (each a joined app process of about 40 MB) ..."""
    max_sessions_per_address: int = 3
    """... and from one address."""
    max_waiting: int = 32
    """Connections that have not logged in yet; past it the oldest of the busiest address is
    pushed out ..."""
    max_waiting_per_address: int = 8
    """... and from one address."""
    login_timeout: float = 60.0
    idle_timeout: float = 900.0
    """Seconds without a key before a session is closed (its seat waits at the host)."""
    tries: int = 3
    """Codes a connection may try before it is refused."""


def host_key(directory: Path | None = None) -> asyncssh.SSHKey:
    """The door's host key, made once (Ed25519) and kept, readable by the user alone."""
    path = (directory or data_dir()) / HOST_KEY_NAME
    if path.exists():
        with contextlib.suppress(OSError):
            if path.stat().st_mode & 0o077:
                path.chmod(0o600)
        try:
            return asyncssh.read_private_key(path)
        except (OSError, ValueError, asyncssh.KeyImportError) as error:
            raise ValueError(
                f"the SSH host key {path} cannot be read ({error}); remove it to make a new one "
                "(guests' ssh then warns that the host key changed)"
            ) from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    write_atomic(path, key.export_private_key().decode("ascii"))  # made 0600 before written
    path.chmod(0o600)
    return key


def key_fingerprint(key: asyncssh.SSHKey) -> str:
    """``SHA256:...``, as ``ssh`` shows it."""
    return str(key.get_fingerprint("sha256"))


class Door:
    """The SSH door of one host: its options, the sessions open, the connections logging in."""

    def __init__(
        self,
        host: Host,
        options: DoorOptions,
        *,
        join_address: Callable[[], str],
        join_options: list[str],
        log: Callable[[str], None],
    ) -> None:
        """``join_address()``: where a session's client joins the host (read when a session
        starts: the host's port may be known only then); ``join_options``: ``--fingerprint
        FP`` or ``--insecure``."""
        self.host = host
        self.options = options
        self.join_address = join_address
        self.join_options = join_options
        self.log = log
        self.sessions: dict[str, int] = {}
        self.running: set[DoorSession] = set()
        self.waiting = Pool(options.max_waiting, options.max_waiting_per_address)
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.secret = host.door_secret = secrets.token_urlsafe(32)
        """The sessions' join processes show it to the host with their guest's address, so
        each guest is counted as its own address there (the door's own caps per address
        apply before); a connection without it from the loopback counts as the loopback."""

    async def start(self, key: asyncssh.SSHKey) -> None:
        _quiet_asyncssh(self)
        self.acceptor = await asyncssh.create_server(
            lambda: DoorServer(self),
            self.options.bind,
            self.options.port,
            server_host_keys=[key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            public_key_auth=False,
            host_based_auth=False,
            gss_auth=False,
            gss_kex=False,
            login_timeout=self.options.login_timeout,
            keepalive_interval=15,
            keepalive_count_max=4,
            rdns_lookup=False,
        )

    @property
    def port(self) -> int:
        assert self.acceptor is not None
        port: int = self.acceptor.get_port()
        return port

    def close(self) -> None:
        """Stop listening (the sessions open go on until ``stop``)."""
        if self.acceptor is not None:
            self.acceptor.close()

    async def stop(self, seconds: float = 5.0) -> None:
        """Stop listening and end every session's app (hang-up, then kill), waiting for them
        ``seconds`` at most."""
        self.close()
        sessions = list(self.running)
        for session in sessions:
            session.hang_up()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                for session in sessions:
                    if session.process is not None:
                        await session.process.wait()
        for session in sessions:
            session.release()

    async def check_code(self, code: str, address: str) -> bool:
        """Whether ``code`` opens a seat (or the spectators' place, or the room while it
        waits for its start); a wrong one waits the host's delay and is counted as the host
        counts its own."""
        opens, _ = self.host.codes.seat_of(code[:64])
        opens = opens or self.is_room(code)
        if not opens:
            self.host.tally.note("A wrong code over SSH", "wrong codes over SSH", address)
            await asyncio.sleep(self.host.options.wrong_code_delay)
        return opens

    def is_room(self, code: str) -> bool:
        """Whether ``code`` is the code of the host's room, still waiting for its start."""
        room = self.host.room
        return room is not None and not room.started and room.opens(code[:64])

    def open_session(self, address: str) -> str | None:
        """Count a session in, or say why not."""
        running = sum(self.sessions.values())
        if running >= self.options.max_sessions:
            return f"as many guests are in through SSH as this host takes ({running}); try later"
        if self.sessions.get(address, 0) >= self.options.max_sessions_per_address:
            return "as many sessions are open from your address as the host takes; try later"
        self.sessions[address] = self.sessions.get(address, 0) + 1
        return None

    def close_session(self, address: str) -> None:
        self.sessions[address] -= 1
        if not self.sessions[address]:
            del self.sessions[address]


class DoorServer(asyncssh.SSHServer):
    """One SSH connection: its login by code, then its sessions."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.address = "an unknown address"
        self.code: str | None = None
        self.name: str | None = None
        """With a room's code: the name to take an open seat under (asked after the code, or
        the SSH user name when the code came as the password)."""
        self.username = ""
        self.tries = 0
        self.connection: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.connection = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else self.address
        self.door.waiting.admit(self.address, self, self._push_out)

    def _push_out(self) -> None:
        self.door.host.tally.note(
            "An SSH connection pushed out before its login by newer ones",
            "SSH connections pushed out before their login",
            self.address,
        )
        if self.connection is not None:
            self.connection.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.waiting.leave(self.address, self)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.connection is not None:
            self.connection.send_auth_banner(BANNER)
        return True  # a code is always asked

    def auth_completed(self) -> None:
        self.door.waiting.leave(self.address, self)

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        if not await self._try(password):
            return False
        if self.door.is_room(password):  # no second question: the user name is the name
            self.name = username[:MAX_NAME_LENGTH].strip() or None
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(
        self, username: str, lang: str, submethods: str
    ) -> tuple[str, str, str, list[tuple[str, bool]]]:
        return ("uno-tui", "Your seat's code, as the host gave it.", "", [(CODE_PROMPT, True)])

    async def validate_kbdint_response(
        self, username: str, responses: Sequence[str]
    ) -> bool | tuple[str, str, str, list[tuple[str, bool]]]:
        if self.code is not None:  # a room's code was taken: this answers the name's question
            return self._take_name(responses)
        if len(responses) != 1 or not await self._try(responses[0]):
            if self.connection is None or self.tries >= self.door.options.tries:
                return False
            return (
                "uno-tui",
                "That code opens no seat at this table. Try again.",
                "",
                [(CODE_PROMPT, True)],
            )
        if self.door.is_room(responses[0]):
            return ("uno-tui", "The room's code: the name to sit under.", "", [(NAME_PROMPT, True)])
        return True

    def _take_name(
        self, responses: Sequence[str]
    ) -> bool | tuple[str, str, str, list[tuple[str, bool]]]:
        """The answer to the name's question, after a room's code: asked again while it is
        no name (the host still refuses one taken at the table, when the guest joins)."""
        name = responses[0].strip() if len(responses) == 1 else ""
        problem = name_problem(name)
        if problem is None:
            self.name = name
            return True
        return ("uno-tui", f"Not that name: {problem}. Another?", "", [(NAME_PROMPT, True)])

    async def _try(self, code: str) -> bool:
        """Whether ``code`` opens a seat; after the last wrong try the connection is cut
        off with a sentence (``ssh`` shows it), whatever way the client would try next."""
        self.tries += 1
        if self.tries <= self.door.options.tries and await self.door.check_code(code, self.address):
            self.code = code
            return True
        if self.tries >= self.door.options.tries and self.connection is not None:
            connection = self.connection
            asyncio.get_running_loop().call_soon(
                lambda: connection.disconnect(
                    asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                    f"uno-tui: no seat opened after {self.door.options.tries} codes; ask the "
                    "host for yours and try again",
                )
            )
        return False

    def session_requested(self) -> DoorSession | bool:
        if self.code is None:
            return False
        return DoorSession(self.door, self.code, self.address, self.name)


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
        refused = self.door.open_session(self.address)
        if refused is not None:
            tally = self.door.host.tally
            tally.note("An SSH session refused (too many)", "SSH sessions refused", self.address)
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
        if self.process is None:
            return
        if self.master is None:
            stdin = self.process.stdin
            if stdin is not None and not stdin.is_closing():
                stdin.write(data)
            return
        self.pending += data
        self._write_keys()

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
            if len(self.pending) > INPUT_CAP and self.channel is not None:
                self.channel.pause_reading()
        else:
            with contextlib.suppress(Exception):
                loop.remove_writer(master)
            if self.channel is not None:
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


def _quiet_asyncssh(door: Door) -> None:
    """asyncssh logs each connection at INFO; only its warnings and errors are told, as one
    short counted line each."""
    logger = logging.getLogger("asyncssh")
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    tally = door.host.tally

    class Short(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            text = record.getMessage().splitlines()[0][:100] if record.getMessage() else "error"
            tally.note(f"SSH: {text}", f"times: SSH: {text}", "a guest")

    logger.handlers[:] = [Short()]


def local_join_address(bind: str, port: int) -> str:
    """Where a session's client reaches the host from this machine."""
    if bind in ("0.0.0.0", ""):
        return f"127.0.0.1:{port}"
    if bind == "::":
        return f"[::1]:{port}"
    return f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"
