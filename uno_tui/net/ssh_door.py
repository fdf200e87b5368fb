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
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from uno_tui.engine.names import MAX_NAME_LENGTH, name_problem
from uno_tui.store.files import FileRefused, data_dir, read_limited, write_atomic

from .admission import Pool
from .host import Host
from .ssh_session import DoorSession

HOST_KEY_NAME = "ssh-host-key"
CODE_PROMPT = "Code: "
NAME_PROMPT = "Your name: "
BANNER = (
    "uno-tui: your seat's code (as K7QM-2PXA), or the room's, is your login: type it when "
    "asked (a room's code then asks your name).\n"
)


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
    """Seconds to log in, and then to open a session: a connection logged in holds one of
    the sessions' places (in all and from its address) until it does, or is cut off."""
    idle_timeout: float = 900.0
    """Seconds without a key before a session is closed (its seat waits at the host)."""
    tries: int = 3
    """Codes a connection may try before it is refused."""


def host_key(directory: Path | None = None) -> asyncssh.SSHKey:
    """The door's host key, made once (Ed25519) and kept, readable by the user alone."""
    path = (directory or data_dir()) / HOST_KEY_NAME
    if path.exists():
        try:
            key = asyncssh.import_private_key(read_limited(path, 100_000))
            if path.stat().st_mode & 0o077:  # a regular file, read: tightened, not a device
                path.chmod(0o600)
            return key
        except (OSError, FileRefused, ValueError, asyncssh.KeyImportError) as error:
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
        self.secret = host.door.secret = secrets.token_urlsafe(32)
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

    async def check_code(
        self, code: str, address: str, alive: Callable[[], bool] = lambda: True
    ) -> bool:
        """Whether ``code`` opens a seat (or the spectators' place, or the room while it
        waits for its start); a wrong one waits the host's delay and is counted as the host
        counts its own."""
        async with self.host.door.codes_from(address):  # one code at a time from an address
            if not alive():  # pushed out while it waited its turn: untried
                return False
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
        self.alive = True
        self.place = False
        """Logged in: one of the sessions' places is held for this connection's first."""
        self.no_session: asyncio.TimerHandle | None = None

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
        self.alive = False
        self.door.waiting.leave(self.address, self)
        self._give_back()

    def _give_back(self) -> None:
        if self.no_session is not None:
            self.no_session.cancel()
            self.no_session = None
        if self.place:
            self.place = False
            self.door.close_session(self.address)

    def _cut(self, reason: str) -> None:
        """Disconnect with ``reason`` (``ssh`` prints it; ``DISC_BY_APPLICATION`` would be
        taken for a plain close and its reason dropped)."""
        if self.connection is not None:
            connection = self.connection
            code = asyncssh.DISC_TOO_MANY_CONNECTIONS
            asyncio.get_running_loop().call_soon(
                lambda: connection.disconnect(code, f"uno-tui: {reason}")
            )

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.connection is not None:
            self.connection.send_auth_banner(BANNER)
        return True  # a code is always asked

    def auth_completed(self) -> None:
        """Logged in: out of the login pool, into a session's place (in all and from this
        address) until its session opens, for ``login_timeout`` at most."""
        self.door.waiting.leave(self.address, self)
        refused = self.door.open_session(self.address)
        if refused is not None:
            tally = self.door.host.tally
            tally.note("An SSH session refused (too many)", "SSH sessions refused", self.address)
            self._cut(f"{refused}.")
            return
        self.place = True
        seconds = self.door.options.login_timeout
        self.no_session = asyncio.get_running_loop().call_later(
            seconds, self._cut, f"no session was opened in {seconds:g} seconds after the login."
        )

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
        if self.tries <= self.door.options.tries and await self.door.check_code(
            code, self.address, lambda: self.alive
        ):
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
        session = DoorSession(self.door, self.code, self.address, self.name)
        if self.place:  # the place held since the login is this session's now
            self.place = False
            session.counted = True
            if self.no_session is not None:
                self.no_session.cancel()
                self.no_session = None
        return session


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
