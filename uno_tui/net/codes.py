"""The seats' codes of a hosted match (``K7QM-2PXA``: a seat's own, the spectators', the
room's tokens) and where a hosted match and its codes are kept beside the autosave
(``hosted.json``, ``hosted-codes.json``), so ``uno-tui host resume`` continues a match after
a crash and the same codes still open the same seats; and the lines that tell them.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import secrets
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from uno_tui.match.session import Session
from uno_tui.store.files import (
    FileRefused,
    data_dir,
    hold_save_lock,
    parse_json,
    read_limited,
    rename_without_overwriting,
    write_atomic,
)
from uno_tui.store.saves import Autosave

from .chat import CHAT_NAME
from .options import TALLY_WINDOW
from .room import Room

SAVE_NAME = "hosted.json"
CODES_NAME = "hosted-codes.json"
CODES_FORMAT = "uno-tui host codes"
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""No 0/O, 1/I/L: a code is read aloud or copied from another screen."""
CODE_LENGTH = 8
CODES_MAX_BYTES = 200_000
"""The largest codes file read (a few hundred bytes for a table; the room adds little)."""


def new_code() -> str:
    """``K7QM-2PXA``: 8 characters from 31, about 40 bits, drawn by ``secrets``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normal_code(code: str) -> str:
    return "".join(code.split()).replace("-", "").upper()


@dataclass
class Codes:
    """The seats' codes (seat number to code) and the spectators' code, if any."""

    seats: dict[int, str]
    spectators: str | None = None
    local: int | None = None
    """The seat of the person at the host's terminal (joined through the loopback)."""
    bind: str | None = None
    port: int | None = None
    """Where the host listened: ``uno-tui host resume`` listens there again, so the joined
    clients, which reconnect by themselves, find it."""
    room: Room | None = None
    """The room with one code, when seats were left open (``uno_tui.net.room``); its open
    seats' codes are the private tokens of whoever takes them."""

    @classmethod
    def new(cls, remote: list[int], *, spectators: bool, local: int | None = None) -> Codes:
        seats = [*remote, *([] if local is None else [local])]
        return cls({seat: new_code() for seat in seats}, new_code() if spectators else None, local)

    def for_remote(self) -> Codes:
        """The codes to print: every seat's but the local person's and the room's open
        seats' (their tokens go to whoever takes them)."""
        private = {self.local, *(() if self.room is None else self.room.open)}
        seats = {seat: code for seat, code in self.seats.items() if seat not in private}
        return Codes(seats, self.spectators, room=self.room)

    def seat_of(self, code: str) -> tuple[bool, int | None]:
        """Whether ``code`` opens a seat, and which (``None``: the spectators' code). Every
        code is compared, in constant time, whatever matches."""
        given = normal_code(code).encode(errors="replace")  # "\ud800" is no code
        found: tuple[bool, int | None] = (False, None)
        for seat, known in self.seats.items():
            if hmac.compare_digest(given, normal_code(known).encode()):
                found = (True, seat)
        if self.spectators is not None and hmac.compare_digest(
            given, normal_code(self.spectators).encode()
        ):
            found = (True, None)
        return found

    def save(self, path: Path, names: tuple[str, ...]) -> None:
        data = {
            "format": CODES_FORMAT,
            "version": 1,
            "players": list(names),
            "seats": {str(seat): code for seat, code in self.seats.items()},
            "spectators": self.spectators,
            "local": self.local,
            "bind": self.bind,
            "port": self.port,
            "room": None if self.room is None else self.room.to_dict(),
        }
        write_atomic(path, json.dumps(data) + "\n")
        with contextlib.suppress(OSError):
            path.chmod(0o600)

    @classmethod
    def load(cls, path: Path, names: tuple[str, ...]) -> Codes:
        """The codes saved beside a hosted match; ``ValueError`` with one line if they are
        missing, damaged or another table's."""
        try:
            data = parse_json(read_limited(path, CODES_MAX_BYTES).decode("utf-8"))
        except (OSError, FileRefused, ValueError) as error:
            raise ValueError(f"the seats' codes in {path} cannot be read ({error})") from None
        if not isinstance(data, dict) or data.get("format") != CODES_FORMAT:
            raise ValueError("the codes file is not uno-tui's")
        if data.get("players") != list(names):
            raise ValueError("the codes file belongs to another table")
        seats, spectators, local = data.get("seats"), data.get("spectators"), data.get("local")
        if (
            not isinstance(seats, dict)
            or not (spectators is None or isinstance(spectators, str))
            or not (local is None or (isinstance(local, int) and str(local) in seats))
        ):
            raise ValueError("the codes file is damaged")
        codes: dict[int, str] = {}
        for key, code in seats.items():
            if not (key.isdecimal() and int(key) < len(names) and isinstance(code, str)):
                raise ValueError("the codes file is damaged")
            codes[int(key)] = code
        bind, port = data.get("bind"), data.get("port")
        if not (bind is None or (isinstance(bind, str) and 0 < len(bind) < 256)):
            raise ValueError("the codes file is damaged")
        if not (port is None or (type(port) is int and 0 < port < 65536)):
            raise ValueError("the codes file is damaged")
        room = None if data.get("room") is None else Room.from_dict(data["room"], len(names))
        return cls(codes, spectators, local, bind, port, room)


def hosted_paths(directory: Path | None = None) -> tuple[Path, Path]:
    """Where a hosted match and its codes are saved (apart from the app's own autosave)."""
    directory = directory or data_dir()
    return directory / SAVE_NAME, directory / CODES_NAME


class SaveWarning:
    """How a hosted match's failing autosave is told: the first failure in full, then at most
    one line a window with how many more there were (a disk that fails on and off, or writes
    that find no descriptor, would otherwise give a line a move)."""

    def __init__(self, window: float = TALLY_WINDOW) -> None:
        self.window = window
        self.told_at: float | None = None
        self.more = 0

    def __call__(self, message: str) -> None:
        now = time.monotonic()
        if self.told_at is not None and now - self.told_at < self.window:
            self.more += 1
            return
        if self.told_at is None:
            _say_on_stderr(message)
        else:
            _say_on_stderr(f"{message} ({self.more} more failed saves since the last told)")
        self.told_at, self.more = now, 0


def _say_on_stderr(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        print(f"uno-tui: {message}", file=sys.stderr, flush=True)


# Starting a hosted match ----------------------------------------------------------------------


def open_hosted(
    session: Session,
    remote: list[int],
    *,
    spectators: bool,
    local: int | None = None,
    directory: Path | None = None,
    room: Room | None = None,
    new: bool = False,
    say: Callable[[str], None] | None = None,
) -> Codes:
    """Attach the hosted match's autosave to ``session`` and draw and keep its codes.
    ``ValueError`` if another uno-tui host is running from the same data directory, or if
    an unfinished hosted match is saved there and ``new`` is not given: with ``new``, that
    match and its codes are kept aside (as the app's own autosave keeps a match a new one
    would replace: no start discards a saved match), and ``say`` is told where."""
    from uno_tui.store.saves import SaveError

    save_path, codes_path = hosted_paths(directory)
    if not hold_save_lock(save_path):
        raise ValueError(f"another uno-tui host is running with its match in {save_path.parent}")
    autosave = Autosave(save_path, warn=SaveWarning())
    try:
        unfinished = autosave.load() is not None
    except SaveError:
        unfinished = True  # not resumable, but not ours to delete either
    if unfinished and not new:
        raise ValueError(
            f"a hosted match is unfinished in {save_path.parent}: uno-tui host resume "
            "continues it; uno-tui host --new keeps it aside and starts this one"
        )
    if unfinished:
        (say or _say_on_stderr)(autosave.keep_copy())
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for kept in (codes_path, codes_path.with_name(CHAT_NAME)):  # its codes and chat too
            with contextlib.suppress(OSError):
                rename_without_overwriting(kept, kept.with_name(f"{kept.stem}.kept-{stamp}.json"))
    session.autosave = autosave
    codes = Codes.new(remote, spectators=spectators, local=local)
    codes.room = room
    codes.save(codes_path, session.game.names)
    session.save()
    return codes


def resume_hosted(directory: Path | None = None) -> tuple[Session, Codes]:
    """The hosted match saved in the data directory, with its codes (``ValueError``, one line,
    if there is none or it cannot be resumed)."""
    from uno_tui.store.saves import SaveError, load_session

    save_path, codes_path = hosted_paths(directory)
    if not hold_save_lock(save_path):
        raise ValueError(f"another uno-tui host is running with its match in {save_path.parent}")
    autosave = Autosave(save_path, warn=SaveWarning())
    try:
        session = load_session(save_path, autosave)
    except FileNotFoundError:
        raise ValueError(f"there is no hosted match to resume (looked for {save_path})") from None
    except SaveError as error:
        raise ValueError(f"the hosted match cannot be resumed: {error}") from None
    return session, Codes.load(codes_path, session.game.names)


def remember_address(codes: Codes, names: tuple[str, ...], bind: str, port: int) -> None:
    """Keep where the host listens with the hosted match's codes (``resume`` listens there)."""
    codes.bind, codes.port = bind, port
    codes.save(hosted_paths()[1], names)


def join_lines(codes: Codes, names: tuple[str, ...], address: str, tail: str = "") -> list[str]:
    """One ``uno-tui join`` line a seat (and the spectators'), after the room's for everyone
    while it waits for its start; ``tail``: what every line ends with (``--fingerprint ...``
    or ``--insecure``)."""
    tail = f" {tail}" if tail else ""
    lines = []
    if codes.room is not None and not codes.room.started:
        room = codes.room.code
        lines.append(f"Everyone: uno-tui join {address} --code {room} --name YOUR-NAME{tail}")
    lines += [
        f"{names[seat]}: uno-tui join {address} --code {code}{tail}"
        for seat, code in sorted(codes.seats.items())
    ]
    if codes.spectators is not None:
        lines.append(f"Spectators: uno-tui join {address} --code {codes.spectators}{tail}")
    return lines


def seat_code_lines(
    codes: Codes, names: tuple[str, ...], address: str, tail: str = ""
) -> list[str]:
    """Every seat's own ``uno-tui join`` line but the host's person's, the room's taken seats
    among them (the host's ``codes``: a person on a new machine, or a reloaded page, takes
    their seat again with it); the seats still open are said to be."""
    tail = f" {tail}" if tail else ""
    room = codes.room
    awaited = set(room.awaited) if room is not None and not room.started else set()
    lines = []
    for seat, code in sorted(codes.seats.items()):
        if seat == codes.local:
            continue
        if seat in awaited:
            lines.append(f"{names[seat]}: open, for anyone with the room's code")
        else:
            lines.append(f"{names[seat]}: uno-tui join {address} --code {code}{tail}")
    if codes.spectators is not None:
        lines.append(f"Spectators: uno-tui join {address} --code {codes.spectators}{tail}")
    return lines or ["No seat has a code of its own: every seat is the host's or a bot's."]


def describe_address(bind: str, port: int) -> str:
    """The address to give the players: the one bound, or this machine's on the network when
    bound to every address (``THIS-MACHINE`` if it cannot be told)."""
    host = bind
    if bind in ("0.0.0.0", "::", ""):
        try:
            host = socket.gethostbyname(socket.gethostname())
        except OSError:
            host = "THIS-MACHINE"
        if host.startswith("127."):
            host = "THIS-MACHINE"
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
