"""The wire protocol between ``uno-tui host`` and its clients: one JSON object per WebSocket
text message, versioned, at most ``MAX_MESSAGE_BYTES`` long.

Every message is an object whose ``"type"`` names it; a message with another type, a missing
or an unknown field, a value of the wrong kind, or more than 64 KB is refused as a whole
(``ProtocolError``, one line), never half-read.

Client to host::

    {"type": "hello", "version": 1, "code": "K7QM-2PXA"}   first message: the seat's code
    {"type": "hello", "version": 1, "code": "ROOM-CODE", "name": "Ann"}
                                                            a room's code: an open seat, named
    {"type": "start"}                                       the host's own person starts
    {"type": "say", "text": "good game"}                    a chat message (``chat.py``)
    {"type": "action", "action": {...}}                     an action, as a record writes it
    {"type": "bye"}                                         leaving (the seat waits)

Host to client::

    {"type": "welcome", "version": 1, "seat": 2, "table": {"names": [...], "rules": {...},
     "seats": [{"name": "Ann", "plays": "remote"}, ...]}}  seat is null for a spectator
    {"type": "events", "round_start": 12, "start": 0, "events": [...]}
        this round's events as the seat saw them, from index ``start`` of the round (0: the
        round's events so far, replacing what the client held; ``round_start`` tells rounds
        apart)
    {"type": "view", "moves": 31, "view": {...}}
        the seat's view (``PlayerView`` without its events, which come in ``events``), with
        its decisions and every legal action; ``moves`` counts the match's applied actions
    {"type": "notice", "text": "Bo left; their seat waits."}
    {"type": "error", "text": "...", "action": {...} or null}   something refused
    {"type": "bye", "text": "..."}                          the host closes the connection
    {"type": "lobby", "seat": 1, "token": "K7QM-2PXA", "seats": [{"name": "Ann",
     "plays": "remote", "here": true}, {"name": "Open 3", "plays": "open", "here": false}],
     "bots": "medium"}
        a room before its match starts: who is in, the seats still open (they become bots
        of level ``bots`` at the start), and this seat's private token (its code: a
        reconnection, or ``uno-tui join HOST`` later, says it instead of the room's code)
    {"type": "chat", "seat": 1, "name": "Ann", "text": "good game"}
        what someone at the table said (seat null: a spectator, or the host's terminal)

Cards are their notation (``"R7"``, ``"W+4"``), actions the dictionaries of
``Action.to_dict`` (read with ``action_from_dict``), rules ``Rules.to_dict``, enums their
values, events ``{"type": "CardPlayed", <each field>}``. Only the host decides what is sent:
a seat's view (``Game.view``) and events through ``Event.seen_by`` for that seat, so nothing
private leaves the host for the wrong seat.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from uno_tui.engine import (
    Action,
    PublicView,
    Rules,
)
from uno_tui.engine.events import Event

from .wire import (
    MAX_TEXT,
    ProtocolError,
    check_name,
    clean_text,
    decode_action,
    decode_event,
    decode_value,
    decode_view,
    encode_event,
    encode_view,
    shortened,
)

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 64 * 1024
"""The cap of one message, either way; a host's message is split to stay under it."""
SLOW_DOWN = "too many messages: slow down"
"""The host's refusal of a message over its rate limit."""


# Messages ----------------------------------------------------------------------------------


def dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def load(raw: str | bytes, types_allowed: frozenset[str]) -> dict[str, Any]:
    """One message as an object whose type is one of ``types_allowed``; ``ProtocolError``
    for anything else (too long, not text, not JSON, nested too deep, another type)."""
    size = len(raw.encode("utf-8", "replace") if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message of {size} bytes is over the {MAX_MESSAGE_BYTES} cap")
    if isinstance(raw, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("the message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in types_allowed:
        raise ProtocolError(f"unknown message type {shortened(kind)}")
    return data


def _exactly(data: dict[str, Any], *names: str) -> None:
    if set(data) != {"type", *names}:
        expected = ", ".join(names) or "no fields"
        raise ProtocolError(f"a {data['type']} message has {expected}")


# Client to host

CLIENT_TYPES = frozenset({"hello", "action", "bye", "start", "say"})
MAX_CHAT_TEXT = 200
"""The longest chat message (characters)."""


@dataclass(frozen=True, slots=True)
class Hello:
    code: str
    name: str | None = None
    """The name chosen for an open seat (with a room's code)."""


@dataclass(frozen=True, slots=True)
class Start:
    """The host's own person starts the room's match."""


@dataclass(frozen=True, slots=True)
class Say:
    """A chat message, as typed (the host checks it: ``chat.check_text``)."""

    text: str


@dataclass(frozen=True, slots=True)
class ActionRequest:
    action: Action


@dataclass(frozen=True, slots=True)
class Bye:
    text: str = ""


ClientMessage = Hello | ActionRequest | Bye | Start | Say


def hello(code: str, name: str | None = None) -> str:
    message: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "code": code}
    if name is not None:
        message["name"] = name
    return dump(message)


def start() -> str:
    return dump({"type": "start"})


def say(text: str) -> str:
    return dump({"type": "say", "text": text})


def action_message(action: Action) -> str:
    return dump({"type": "action", "action": action.to_dict()})


def bye(text: str | None = None) -> str:
    return dump({"type": "bye"} if text is None else {"type": "bye", "text": text[:MAX_TEXT]})


def parse_client(raw: str | bytes) -> ClientMessage:
    data = load(raw, CLIENT_TYPES)
    if data["type"] == "hello":
        if "name" in data:
            _exactly(data, "version", "code", "name")
        else:
            _exactly(data, "version", "code")
        if data["version"] != PROTOCOL_VERSION:
            raise ProtocolError(
                f"protocol version {shortened(data['version'])}; "
                f"this host speaks {PROTOCOL_VERSION}"
            )
        code = data["code"]
        if not isinstance(code, str) or len(code) > 40 or not code.isascii():
            raise ProtocolError("the code is text of a few letters")
        name = data.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 200):
            raise ProtocolError("the name is text of at most 20 characters")
        return Hello(code, name)
    if data["type"] == "start":
        _exactly(data)
        return Start()
    if data["type"] == "say":
        _exactly(data, "text")
        text = data["text"]
        if not isinstance(text, str) or len(text) > 4 * MAX_CHAT_TEXT:
            raise ProtocolError(f"a chat message is text of at most {MAX_CHAT_TEXT} characters")
        return Say(text)
    if data["type"] == "action":
        _exactly(data, "action")
        return ActionRequest(decode_action(data["action"]))
    _exactly(data)
    return Bye()


# Host to client

HOST_TYPES = frozenset({"welcome", "events", "view", "notice", "error", "bye", "lobby", "chat"})


@dataclass(frozen=True, slots=True)
class SeatInfo:
    name: str
    plays: str
    """``remote`` (a person at another terminal), ``local`` (at the host), or a bot level."""


@dataclass(frozen=True, slots=True)
class Welcome:
    seat: int | None
    names: tuple[str, ...]
    rules: Rules
    seats: tuple[SeatInfo, ...]


@dataclass(frozen=True, slots=True)
class EventsUpdate:
    round_start: int
    start: int
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class ViewUpdate:
    moves: int
    view: PublicView


@dataclass(frozen=True, slots=True)
class Notice:
    text: str


@dataclass(frozen=True, slots=True)
class Refusal:
    text: str
    action: Action | None


@dataclass(frozen=True, slots=True)
class LobbySeat:
    name: str
    plays: str
    """``remote``, ``local`` (the host's own person), ``open`` (awaited), or a bot level."""
    here: bool
    """Someone is connected to it."""


@dataclass(frozen=True, slots=True)
class Lobby:
    seat: int | None
    token: str | None
    seats: tuple[LobbySeat, ...]
    bots: str


@dataclass(frozen=True, slots=True)
class Chat:
    seat: int | None
    name: str
    text: str


HostMessage = Welcome | EventsUpdate | ViewUpdate | Notice | Refusal | Bye | Lobby | Chat


def chat(seat: int | None, name: str, text: str) -> str:
    return dump({"type": "chat", "seat": seat, "name": name, "text": text[:MAX_CHAT_TEXT]})


def lobby(seat: int | None, token: str | None, seats: tuple[LobbySeat, ...], bots: str) -> str:
    return dump(
        {
            "type": "lobby",
            "seat": seat,
            "token": token,
            "seats": [{"name": s.name, "plays": s.plays, "here": s.here} for s in seats],
            "bots": bots,
        }
    )


def _parse_lobby(data: dict[str, Any]) -> Lobby:
    _exactly(data, "seat", "token", "seats", "bots")
    raw_seats = data["seats"]
    if not isinstance(raw_seats, list) or not 2 <= len(raw_seats) <= 10:
        raise ProtocolError("a room has 2 to 10 seats")
    seats = []
    for raw in raw_seats:
        if not isinstance(raw, dict) or set(raw) != {"name", "plays", "here"}:
            raise ProtocolError("a room's seat has a name, who plays it and whether they are here")
        seats.append(
            LobbySeat(
                check_name(decode_value(raw["name"], str)),
                clean_text(decode_value(raw["plays"], str))[:20],
                decode_value(raw["here"], bool),
            )
        )
    seat = None if data["seat"] is None else decode_value(data["seat"], int)
    if seat is not None and not 0 <= seat < len(seats):
        raise ProtocolError(f"seat {seat} is not in the room")
    token = None if data["token"] is None else decode_value(data["token"], str)
    if token is not None and (len(token) > 40 or not token.isascii() or clean_text(token) != token):
        raise ProtocolError("the token is text of a few letters")
    return Lobby(seat, token, tuple(seats), clean_text(decode_value(data["bots"], str))[:20])


def welcome(
    seat: int | None, names: tuple[str, ...], rules: Rules, seats: tuple[SeatInfo, ...]
) -> str:
    table = {
        "names": list(names),
        "rules": rules.to_dict(),
        "seats": [{"name": s.name, "plays": s.plays} for s in seats],
    }
    return dump({"type": "welcome", "version": PROTOCOL_VERSION, "seat": seat, "table": table})


def events_messages(round_start: int, start: int, events: tuple[Event, ...]) -> list[str]:
    """The events in as many messages as keep each under the cap."""
    messages: list[str] = []
    batch: list[str] = []
    size, first = 0, start
    budget = MAX_MESSAGE_BYTES - 200
    for event in events:
        encoded = dump(encode_event(event))
        if batch and size + len(encoded) + 1 > budget:
            messages.append(_events_message(round_start, first, batch))
            first += len(batch)
            batch, size = [], 0
        batch.append(encoded)
        size += len(encoded) + 1
    if batch:
        messages.append(_events_message(round_start, first, batch))
    return messages


def _events_message(round_start: int, start: int, encoded: list[str]) -> str:
    head = dump({"type": "events", "round_start": round_start, "start": start})[:-1]
    return f'{head},"events":[{",".join(encoded)}]}}'


def view_message(moves: int, view: PublicView) -> str:
    return dump({"type": "view", "moves": moves, "view": encode_view(view)})


def notice(text: str) -> str:
    return dump({"type": "notice", "text": text[:MAX_TEXT]})


def error(text: str, action: Action | None = None) -> str:
    return dump(
        {
            "type": "error",
            "text": text[:MAX_TEXT],
            "action": None if action is None else action.to_dict(),
        }
    )


def parse_host(raw: str | bytes) -> HostMessage:
    data = load(raw, HOST_TYPES)
    kind = data["type"]
    if kind == "welcome":
        return _parse_welcome(data)
    if kind == "lobby":
        return _parse_lobby(data)
    if kind == "chat":
        _exactly(data, "seat", "name", "text")
        seat = None if data["seat"] is None else decode_value(data["seat"], int)
        name = check_name(decode_value(data["name"], str))
        return Chat(seat, name, clean_text(decode_value(data["text"], str))[:MAX_CHAT_TEXT])
    if kind == "events":
        _exactly(data, "round_start", "start", "events")
        raw_events = data["events"]
        if not isinstance(raw_events, list):
            raise ProtocolError("events come as a list")
        return EventsUpdate(
            decode_value(data["round_start"], int),
            decode_value(data["start"], int),
            tuple(decode_event(event) for event in raw_events),
        )
    if kind == "view":
        _exactly(data, "moves", "view")
        return ViewUpdate(decode_value(data["moves"], int), decode_view(data["view"]))
    if kind == "notice":
        _exactly(data, "text")
        return Notice(clean_text(decode_value(data["text"], str)))
    if kind == "error":
        _exactly(data, "text", "action")
        action = None if data["action"] is None else decode_action(data["action"])
        return Refusal(clean_text(decode_value(data["text"], str)), action)
    if set(data) - {"type", "text"}:
        raise ProtocolError("a bye message has a text")
    return Bye(clean_text(decode_value(data.get("text", ""), str)))


def _parse_welcome(data: dict[str, Any]) -> Welcome:
    _exactly(data, "version", "seat", "table")
    if data["version"] != PROTOCOL_VERSION:
        raise ProtocolError(
            f"the host speaks protocol version {shortened(data['version'])}, "
            f"this uno-tui {PROTOCOL_VERSION}; use the same uno-tui version on both"
        )
    table = data["table"]
    if not isinstance(table, dict) or set(table) != {"names", "rules", "seats"}:
        raise ProtocolError("the table has names, rules and seats")
    names = tuple(check_name(name) for name in decode_value(table["names"], tuple[str, ...]))
    if not 2 <= len(names) <= 10:
        raise ProtocolError("a table has 2 to 10 seats")
    rules = decode_value(table["rules"], Rules)
    raw_seats = table["seats"]
    if not isinstance(raw_seats, list) or len(raw_seats) != len(names):
        raise ProtocolError("the table has one seat per name")
    seats = []
    for raw in raw_seats:
        if not isinstance(raw, dict) or set(raw) != {"name", "plays"}:
            raise ProtocolError("a seat has a name and who plays it")
        seats.append(
            SeatInfo(
                check_name(decode_value(raw["name"], str)),
                clean_text(decode_value(raw["plays"], str)),
            )
        )
    seat = None if data["seat"] is None else decode_value(data["seat"], int)
    if seat is not None and not 0 <= seat < len(names):
        raise ProtocolError(f"seat {seat} is not at the table")
    return Welcome(seat, names, rules, tuple(seats))
