"""Words between the players of a hosted match: what may be said, and the match's chat kept.

A message is at most ``MAX_CHAT_TEXT`` characters of the name rule's characters (printable:
no control, format or bidi characters; every space but the plain one refused), trimmed, not
empty. The host sends it to every seat and spectator; each front end escapes it as it
escapes every text from others. The chat is kept with the hosted match (``hosted-chat.json``
beside its save, so a resumed host has it) and beside its record (``FILE.chat.json`` for
``--record FILE``), where ``uno-tui replay FILE`` tells it at the move it was said.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from uno_tui.store.files import FileRefused, read_limited, write_atomic

from . import protocol
from .protocol import MAX_CHAT_TEXT

if TYPE_CHECKING:
    from .admission import Buckets
    from .connection import Audience, Connection

CHAT_NAME = "hosted-chat.json"
CHAT_FORMAT = "uno-tui chat"
CHAT_KEPT = 2000
"""Messages kept with a match (the oldest forgotten first)."""
CHAT_RATE = 0.5
"""Messages a second one seat may say, on average ..."""
CHAT_BURST = 5.0
"""... and at once."""


class ChatRefused(ValueError):
    """Why a message is not said (one line, for the person who typed it)."""


def check_text(raw: str) -> str:
    """``raw`` trimmed, if it may be said; ``ChatRefused`` saying why not."""
    text = raw.strip()
    if not text:
        raise ChatRefused("say something: the message is empty")
    if len(text) > MAX_CHAT_TEXT:
        raise ChatRefused(f"a message is at most {MAX_CHAT_TEXT} characters, not {len(text)}")
    if not text.isprintable():
        raise ChatRefused(
            "a message holds letters, digits, spaces and punctuation only (no control or "
            "invisible characters)"
        )
    return text


@dataclass(frozen=True, slots=True)
class ChatLine:
    moves: int
    """How many actions the match had when it was said (``replay`` tells it after them)."""
    seat: int | None
    name: str
    text: str

    def words(self) -> str:
        return f"{self.name} says: {self.text}"


def chat_path(record: Path) -> Path:
    """Where the chat of the match recorded in ``record`` is kept."""
    return record.with_name(f"{record.stem}.chat.json")


def save_chat(path: Path, lines: list[ChatLine]) -> None:
    data = {"format": CHAT_FORMAT, "version": 1, "lines": [asdict(line) for line in lines]}
    with contextlib.suppress(OSError):
        write_atomic(path, json.dumps(data, ensure_ascii=False) + "\n")


def load_chat(path: Path) -> list[ChatLine]:
    """The chat kept at ``path``; none if there is none or it is not a chat file (every line
    checked as it was when said: a file is not trusted)."""
    try:
        data = json.loads(read_limited(path, 4_000_000))
    except (OSError, FileRefused, ValueError):
        return []
    if not isinstance(data, dict) or data.get("format") != CHAT_FORMAT:
        return []
    raw_lines = data.get("lines")
    lines: list[ChatLine] = []
    for raw in raw_lines if isinstance(raw_lines, list) else []:
        if not isinstance(raw, dict) or set(raw) != {"moves", "seat", "name", "text"}:
            continue
        moves, seat, name, text = raw["moves"], raw["seat"], raw["name"], raw["text"]
        if type(moves) is not int or not (seat is None or type(seat) is int):
            continue
        if not isinstance(name, str) or not isinstance(text, str):
            continue
        with contextlib.suppress(ChatRefused):
            lines.append(ChatLine(moves, seat, check_text(name)[:20], check_text(text)))
    return lines[-CHAT_KEPT:]


class TableTalk:
    """The chat of a hosted table: who may say what, how often, to whom, and where it is kept.
    ``connections``: every joined connection; ``moves``: how many actions the match has had;
    ``name_of``: a seat's name now."""

    def __init__(
        self,
        connections: Audience,
        *,
        spectators_chat: bool,
        buckets: Buckets,
        moves: Callable[[], int],
        name_of: Callable[[int], str],
        log: Callable[[str], None],
    ) -> None:
        self.connections = connections
        self.spectators_chat = spectators_chat
        self.buckets = buckets
        self.moves, self.name_of, self.log = moves, name_of, log
        self.lines: list[ChatLine] = []
        self.file: Path | None = None
        """Where the chat is kept with the hosted match (``hosted-chat.json``)."""

    def say_from(self, connection: Connection, raw: str) -> None:
        """A chat message from a seat (or a spectator, when allowed), checked and paced."""
        seat = connection.seat
        if seat is None and not self.spectators_chat:
            connection.push(
                protocol.error("spectators read the chat; the host has not let them write")
            )
            return
        if not self.buckets.take(seat if seat is not None else ("spectator", id(connection))):
            connection.push(protocol.error("too many messages: wait a moment before the next"))
            return
        try:
            text = check_text(raw)
        except ChatRefused as refusal:
            connection.push(protocol.error(str(refusal)))
            return
        self.say(seat, "Spectator" if seat is None else self.name_of(seat), text)

    def say(self, seat: int | None, name: str, text: str) -> None:
        """Say ``text`` to every seat and spectator, and keep it with the match."""
        line = ChatLine(self.moves(), seat, name, text)
        self.lines = [*self.lines[-(CHAT_KEPT - 1) :], line]
        self.connections.push_all(protocol.chat(seat, name, text))
        self.log(protocol.clean_text(line.words()))
        if self.file is not None:
            save_chat(self.file, self.lines)
