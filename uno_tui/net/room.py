"""A room with one code: seats left open when the host starts (``--open N``, or ``?`` in
``--players``), taken by whoever joins with the room's code and a name, until the host starts
the match; the seats still open then become bots of the level the host chose.

Each seat taken gets a private token (the seat's own code, as ``hosted-codes.json`` keeps it):
the client says it instead of the room's code when it reconnects, and keeps it in its data
directory (``joined-seats.json``), so ``uno-tui join HOST`` with no code takes the seat again
after a drop, a restart of either side, or the host's resume.

The host side (``Room``) holds no connection and no clock: ``uno_tui.net.host`` asks it.
"""

from __future__ import annotations

import contextlib
import hmac
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from uno_tui.engine.names import MAX_NAME_LENGTH, clashing_name, name_problem, quoted
from uno_tui.store.files import FileRefused, data_dir, read_limited, write_atomic

from .protocol import Lobby
from .tls import normal_fingerprint

OPEN = "open"
"""What an open seat's ``plays`` says."""
OPEN_MARK = "?"
"""A seat written so in ``--players`` is left open."""
BOT_NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""Names for the seats still open at the start, the first not taken at the table."""
RESERVED_NAMES = ("The host", "Spectator", "Spectators", "Everyone")
"""Names the chat and the host's lines speak as (a seat called "The host" would chat as the
host does): no one joining a room takes them, nor a name like them."""
KEPT_NAME = "joined-seats.json"
KEPT_FORMAT = "uno-tui joined seats"
KEPT_MAX = 50
"""Hosts a client remembers its seat at (the oldest forgotten first)."""


class RoomRefusal(ValueError):
    """Why a name cannot take a seat in the room (one line, for the person who typed it)."""


def open_name(seat: int) -> str:
    """The name an open seat carries until someone takes it."""
    return f"Open seat {seat + 1}"


def normal(code: str) -> str:
    return "".join(code.split()).replace("-", "").upper()


@dataclass
class Room:
    code: str
    open: list[int]
    """The seats left open when the room was made, in order."""
    bots: str = "medium"
    """The level of the bots that take the seats still open at the start."""
    taken: dict[int, str] = field(default_factory=dict)
    """Open seats taken so far: the name each was taken under."""
    started: bool = False

    def opens(self, code: str) -> bool:
        """Whether ``code`` is the room's (compared in constant time)."""
        given = normal(code).encode(errors="replace")
        return hmac.compare_digest(given, normal(self.code).encode())

    @property
    def awaited(self) -> list[int]:
        return [seat for seat in self.open if seat not in self.taken]

    def claim(self, name: str | None, names: Sequence[str]) -> int:
        """The open seat ``name`` takes (``names``: the table's names now, open seats'
        placeholders among them); ``RoomRefusal`` saying why not."""
        name = self.check(name, names)
        seat = self.awaited[0]
        self.taken[seat] = name
        return seat

    def check(self, name: str | None, names: Sequence[str]) -> str:
        """``name`` trimmed, if it may take an open seat now; ``RoomRefusal`` saying why not.
        Nothing changes."""
        if self.started:
            raise RoomRefusal(
                "the match has started, so the room's code takes no seat now. To take your "
                "seat again, join with your seat's own code (the host can print it: codes), "
                "or run uno-tui join HOST with no code from the machine that joined before"
            )
        if name is None:
            raise RoomRefusal("a room's code needs your name: --name NAME")
        name = name.strip()
        problem = name_problem(name)
        if problem is not None:
            raise RoomRefusal(problem)
        labels = [open_name(seat) for seat in range(len(names))]
        if clashing_name(name, [*labels, *RESERVED_NAMES]) is not None:
            raise RoomRefusal(f"{quoted(name)} is a label the table uses; choose a name")
        awaited = self.awaited
        taken = [other for seat, other in enumerate(names) if seat not in awaited]
        clash = clashing_name(name, taken)
        if clash is not None:
            other, how = clash
            if how == "the same":
                raise RoomRefusal(f"the name {quoted(name)} is taken at this table; choose another")
            raise RoomRefusal(
                f"the name {quoted(name)} looks like {quoted(other)}, already at this table; "
                "choose another"
            )
        if not awaited:
            raise RoomRefusal("every seat in the room is taken")
        return name

    def release(self, seat: int) -> None:
        """The person who took ``seat`` left the room before the start: it is open again."""
        self.taken.pop(seat, None)

    def names(self, names: Sequence[str]) -> list[str]:
        """The table's names with the room's: taken seats under their names, open ones
        under their labels."""
        result = list(names)
        for seat in self.open:
            result[seat] = self.taken.get(seat, open_name(seat))
        return result

    def bot_names(self, names: Sequence[str]) -> dict[int, str]:
        """Names for the seats still open, each unlike every name at the table."""
        used = [name for seat, name in enumerate(names) if seat not in self.awaited]
        given: dict[int, str] = {}
        for seat in self.awaited:
            spare = (name for name in BOT_NAMES if clashing_name(name, used) is None)
            name = next(spare, None) or f"Bot {seat + 1}"
            given[seat] = name
            used.append(name)
        return given

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "open": self.open,
            "bots": self.bots,
            "taken": {str(seat): name for seat, name in self.taken.items()},
            "started": self.started,
        }

    @classmethod
    def from_dict(cls, data: object, seats: int) -> Room:
        """``ValueError`` if ``data`` is not a room of a table of ``seats`` seats."""
        if not isinstance(data, dict) or set(data) != {"code", "open", "bots", "taken", "started"}:
            raise ValueError("the room is damaged")
        code, open_, bots, taken, started = (
            data["code"],
            data["open"],
            data["bots"],
            data["taken"],
            data["started"],
        )
        if not (
            isinstance(code, str)
            and isinstance(bots, str)
            and isinstance(started, bool)
            and isinstance(open_, list)
            and all(type(seat) is int and 0 <= seat < seats for seat in open_)
            and isinstance(taken, dict)
        ):
            raise ValueError("the room is damaged")
        kept: dict[int, str] = {}
        for key, name in taken.items():
            if not (key.isdecimal() and int(key) in open_ and isinstance(name, str)):
                raise ValueError("the room is damaged")
            if name_problem(name) is not None:
                raise ValueError("the room is damaged")
            kept[int(key)] = name
        return cls(code, list(open_), bots, kept, started)


# The joiner's side: seats kept per host --------------------------------------------------------


def kept_path(directory: Path | None = None) -> Path:
    return (directory or data_dir()) / KEPT_NAME


def _read_kept(path: Path) -> list[dict[str, str]]:
    try:
        data = json.loads(read_limited(path, 200_000))
    except (OSError, FileRefused, ValueError):
        return []
    if not isinstance(data, dict) or data.get("format") != KEPT_FORMAT:
        return []
    seats = data.get("seats")
    if not isinstance(seats, list):
        return []
    return [
        entry
        for entry in seats
        if isinstance(entry, dict)
        and isinstance(entry.get("host"), str)
        and isinstance(entry.get("token"), str)
        and isinstance(entry.get("name"), str)
        and isinstance(entry.get("fingerprint", ""), str)
    ]


class KeptSeat(NamedTuple):
    """A seat this machine took at a host: its private token, the name it was taken under,
    and the fingerprint of the host's certificate then (``None`` for a ``ws://`` host)."""

    token: str
    name: str
    fingerprint: str | None = None


def keep_seat(
    host: str,
    token: str,
    name: str,
    fingerprint: str | None = None,
    directory: Path | None = None,
) -> None:
    """Remember the private token of the seat taken at ``host`` (its URL), with the
    fingerprint of the certificate it showed; the newest last. A file that cannot be
    written is no reason to stop playing: nothing is said."""
    path = kept_path(directory)
    seats = [entry for entry in _read_kept(path) if entry["host"] != host]
    entry = {"host": host, "token": token, "name": name[:MAX_NAME_LENGTH]}
    if fingerprint is not None:
        entry["fingerprint"] = fingerprint
    seats.append(entry)
    data = {"format": KEPT_FORMAT, "version": 1, "seats": seats[-KEPT_MAX:]}
    with contextlib.suppress(OSError):
        write_atomic(path, json.dumps(data) + "\n")
        path.chmod(0o600)


def kept_seat(host: str, directory: Path | None = None) -> KeptSeat | None:
    """The token, name and pinned fingerprint of the seat kept for ``host`` (its URL)."""
    for entry in reversed(_read_kept(kept_path(directory))):
        if entry["host"] == host:
            fingerprint = entry.get("fingerprint")
            return KeptSeat(entry["token"], entry["name"], fingerprint)
    return None


def kept_pin(kept: KeptSeat, given: str | None) -> str | None:
    """The fingerprint to pin when taking the kept seat again: the one kept with it, or
    ``given`` when none was kept. ``ValueError`` (one sentence) when ``given`` names another
    certificate than the one the seat was taken at: its token is not sent to that one."""
    if given is None or kept.fingerprint is None:
        return given or kept.fingerprint
    if normal_fingerprint(given) != normal_fingerprint(kept.fingerprint):
        raise ValueError(
            f"the fingerprint given ({given[:40]}) is not the one of the host where your seat "
            f"was taken ({kept.fingerprint}); give that one, or the --code the host printed"
        )
    return given


def seat_notes(lobby: Lobby, seat: int) -> list[str]:
    """What the lobby says beside a taken seat's name: you, the host, a bot, not connected."""
    info = lobby.seats[seat]
    notes = ["you"] if seat == lobby.seat else []
    if info.plays == "local":
        notes.append("the host")
    elif info.plays != "remote":
        notes.append(f"{info.plays} bot")
    elif not info.here:
        notes.append("not connected")
    return notes


def lobby_words(lobby: Lobby) -> str:
    """ "In the room: Ann (you), Ben (not connected), Host (the host). Awaited: 2 open
    seats (medium bots if still open at the start)." """
    present = []
    for seat, info in enumerate(lobby.seats):
        if info.plays == OPEN:
            continue
        notes = seat_notes(lobby, seat)
        said = ", ".join(notes)
        present.append(f"{info.name} ({said})" if notes else info.name)
    awaited = sum(1 for info in lobby.seats if info.plays == OPEN)
    line = f"In the room: {', '.join(present) or 'nobody yet'}."
    if awaited:
        seats = "1 open seat" if awaited == 1 else f"{awaited} open seats"
        line += f" Awaited: {seats} ({lobby.bots} bots if still open at the start)."
    else:
        line += " Every seat is taken."
    return line
