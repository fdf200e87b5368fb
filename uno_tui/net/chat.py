"""Words between the players of a hosted match: what may be said, and the match's chat kept.

A message is at most ``MAX_CHAT_TEXT`` characters of the name rule's characters (printable:
no control, format or bidi characters; every space but the plain one refused), trimmed, not
empty. The host sends it to every seat and spectator; each front end escapes it as it
escapes every text from others. The chat is kept with the hosted match (``hosted-chat.json``
beside its save, so a resumed host has it: one JSON line a message, appended as said, never
rewritten, at most ``CHAT_FILE_BYTES``) and beside its record (``FILE.chat.json`` for
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

from . import protocol, wire
from .admission import Buckets, TokenBucket
from .protocol import MAX_CHAT_TEXT

if TYPE_CHECKING:
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


CHAT_FILE_BYTES = 4_000_000
"""The most a kept chat file grows to (and the most read back); past it, later messages are
said but not kept."""
SPECTATORS_CHAT_RATE = 1.0
"""Messages a second all spectators together may say, on average ..."""
SPECTATORS_CHAT_BURST = 10.0
"""... and at once (a spectator's address has a seat's allowance, ``CHAT_RATE``)."""
HEADER = json.dumps({"format": CHAT_FORMAT, "version": 2}) + "\n"
"""A kept chat's first line; each message is one JSON line after it, appended as said."""


def _line_json(line: ChatLine) -> str:
    return json.dumps(asdict(line), ensure_ascii=False) + "\n"


def save_chat(path: Path, lines: list[ChatLine]) -> None:
    """Write ``lines`` as a whole chat file (a new match's, or beside a record at the end)."""
    with contextlib.suppress(OSError):
        write_atomic(path, HEADER + "".join(_line_json(line) for line in lines))


def _checked(raw: object) -> ChatLine | None:
    if not isinstance(raw, dict) or set(raw) != {"moves", "seat", "name", "text"}:
        return None
    moves, seat, name, text = raw["moves"], raw["seat"], raw["name"], raw["text"]
    if type(moves) is not int or not (seat is None or type(seat) is int):
        return None
    if not isinstance(name, str) or not isinstance(text, str):
        return None
    try:
        return ChatLine(moves, seat, check_text(name)[:20], check_text(text))
    except ChatRefused:
        return None


def load_chat(path: Path) -> list[ChatLine]:
    """The chat kept at ``path`` (one JSON line a message after the header, or the older
    whole-file form); none if there is none or it is not a chat file (every line checked as
    it was when said: a file is not trusted)."""
    try:
        text = read_limited(path, CHAT_FILE_BYTES).decode("utf-8", errors="replace")
    except (OSError, FileRefused):
        return []
    first, _, rest = text.partition("\n")
    try:
        head = json.loads(first)
    except ValueError:
        return []
    if not isinstance(head, dict) or head.get("format") != CHAT_FORMAT:
        return []
    if head.get("version") == 1:  # the older form: one document
        raw_lines = head.get("lines")
        rows: list[object] = raw_lines if isinstance(raw_lines, list) else []
    else:
        rows = []
        for row in rest.splitlines():
            with contextlib.suppress(ValueError):
                rows.append(json.loads(row))
    lines = [line for line in map(_checked, rows) if line is not None]
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
        """A seat's allowance, and a spectator's address's."""
        self.spectator_buckets = Buckets(buckets.rate, buckets.burst)
        self.spectators = TokenBucket(SPECTATORS_CHAT_RATE, SPECTATORS_CHAT_BURST)
        self.moves, self.name_of, self.log = moves, name_of, log
        self.lines: list[ChatLine] = []
        self.file: Path | None = None
        """Where the chat is kept with the hosted match (``hosted-chat.json``)."""
        self.appending = False
        """The file holds the kept form and ``lines``: a message is appended, no more."""
        self.full = False

    def say_from(self, connection: Connection, raw: str) -> None:
        """A chat message from a seat (or a spectator, when allowed), checked and paced:
        a seat has its allowance; spectators have one per address and one for them all."""
        seat = connection.seat
        if seat is None and not self.spectators_chat:
            connection.push(
                protocol.error("spectators read the chat; the host has not let them write")
            )
            return
        if seat is not None:
            allowed = self.buckets.take(seat)
        else:
            allowed = self.spectator_buckets.take(connection.address) and self.spectators.take()
        if not allowed:
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
        self.connections.offer_all(protocol.chat(seat, name, text))
        self.log(wire.clean_text(line.words()))
        if self.file is not None:
            self.keep(self.file, line)

    def keep(self, path: Path, line: ChatLine) -> None:
        """Append ``line`` to the kept chat: one short write, never the whole file again (the
        first message of a run writes the file whole if it is not in the appended form)."""
        if self.full:
            return
        try:
            if not self.appending:
                ours = False
                if path.is_file():  # a regular file (a FIFO in its place is replaced)
                    with path.open("rb") as kept:
                        ours = kept.read(len(HEADER)) == HEADER.encode()
                if not ours:
                    save_chat(path, self.lines)
                    self.appending = True
                    return
                self.appending = True
            with path.open("a", encoding="utf-8") as kept:
                if kept.tell() > CHAT_FILE_BYTES - 4096:
                    self.full = True
                    self.log("The kept chat is full: later messages are said but not kept.")
                    return
                kept.write(_line_json(line))
        except OSError:
            save_chat(path, self.lines)
