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
import types
import unicodedata
from dataclasses import dataclass, fields, replace
from enum import Enum
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from uno_tui.engine import (
    MAX_NAME_LENGTH,
    Action,
    Card,
    CardNotationError,
    Decision,
    DecisionKind,
    PlayerView,
    PublicView,
    Rules,
    SetupError,
    action_from_dict,
)
from uno_tui.engine import events as engine_events
from uno_tui.engine.events import Event

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 64 * 1024
"""The cap of one message, either way; a host's message is split to stay under it."""
MAX_TEXT = 300
"""The longest notice or error text kept."""
SLOW_DOWN = "too many messages: slow down"
"""The host's refusal of a message over its rate limit."""
ONLOOKER = -1
"""The ``player`` of a spectator's view (no seat, no hand)."""


class ProtocolError(ValueError):
    """A message that is not one of this protocol's; ``str(error)`` is one line."""


# Values ------------------------------------------------------------------------------------


def _encode(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Rules):
        return _rules_dict(value)
    if isinstance(value, Action):
        return value.to_dict()
    if isinstance(value, Decision):
        return {
            "player": value.player,
            "kind": value.kind.value,
            "actions": [action.to_dict() for action in value.actions],
        }
    if isinstance(value, Event):
        return encode_event(value)
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    return value


@cache
def _rules_dict(rules: Rules) -> dict[str, Any]:
    """A table's rules never change: encoded once (the view carries them every time)."""
    return rules.to_dict()


def _decode(value: object, hint: Any) -> Any:
    """``value`` read as the type ``hint`` names (the engine's own field types)."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if value is None and type(None) in options:
            return None
        (inner,) = (option for option in options if option is not type(None))
        return _decode(value, inner)
    if origin is tuple:
        if not isinstance(value, list):
            raise ProtocolError(f"expected a list, not {_short(value)}")
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(item, args[0]) for item in value)
        if len(args) != len(value):
            raise ProtocolError(f"expected {len(args)} items, not {_short(value)}")
        return tuple(_decode(item, arg) for item, arg in zip(value, args, strict=True))
    if hint is bool:
        if not isinstance(value, bool):
            raise ProtocolError(f"expected true or false, not {_short(value)}")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10**9:
            raise ProtocolError(f"expected a whole number, not {_short(value)}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ProtocolError(f"expected text, not {_short(value)}")
        return value
    if hint is Card:
        if not isinstance(value, str):
            raise ProtocolError(f"expected a card, not {_short(value)}")
        try:
            return Card.parse(value)
        except CardNotationError as error:
            raise ProtocolError(str(error)) from None
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise ProtocolError(f"{_short(value)} is not a {hint.__name__}") from None
    if hint is Rules:
        if not isinstance(value, dict):
            raise ProtocolError("the rules are an object")
        try:
            return Rules.from_dict(value)
        except (SetupError, TypeError, ValueError) as error:
            raise ProtocolError(f"the rules are not valid: {error}") from None
    if hint is Decision:
        return decode_decision(value)
    if hint is Event:
        return decode_event(value)
    raise ProtocolError(f"no reading for {hint!r}")  # pragma: no cover (a new field type)


def _fields_of(data: object, cls: type, *, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """The dataclass ``cls``'s fields read from the object ``data``, every one checked."""
    if not isinstance(data, dict):
        raise ProtocolError(f"a {cls.__name__} is an object, not {_short(data)}")
    hints = _hints(cls)
    names = [field.name for field in fields(cls) if field.name not in skip]
    unknown = set(data) - {*names, "type"}
    if unknown:
        raise ProtocolError(f"unknown fields {sorted(unknown)[:5]} in a {cls.__name__}")
    values = {}
    for name in names:
        if name not in data:
            raise ProtocolError(f"a {cls.__name__} without its {name}")
        try:
            values[name] = _decode(data[name], hints[name])
        except ProtocolError as error:
            raise ProtocolError(f"{cls.__name__}.{name}: {error}") from None
    return values


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def clean_text(text: str) -> str:
    """A host's words as one printable line: control and format characters (escape
    sequences, bidi overrides) become "?"; a client prints nothing a host could use to
    drive its terminal."""
    return "".join("?" if unicodedata.category(c)[0] == "C" else c for c in text)[:MAX_TEXT]


def check_name(name: str) -> str:
    if not 1 <= len(name) <= MAX_NAME_LENGTH or clean_text(name) != name:
        raise ProtocolError(f"the player name {_short(name)} is not printable text")
    return name


SEAT_FIELDS = frozenset(
    {
        "player",
        "dealer",
        "target",
        "challenger",
        "giver",
        "receiver",
        "caller",
        "catcher",
        "current_player",
        "responder",
        "teammate",
    }
)


def check_seats(value: object, count: int) -> None:
    """Every seat an event or a view names is at the table (a host's data is not trusted:
    a seat out of range would fail later, in a front end)."""
    for field in fields(value):  # type: ignore[arg-type]
        item = getattr(value, field.name)
        if field.name in SEAT_FIELDS and isinstance(item, int) and item != ONLOOKER:
            if not 0 <= item < count:
                raise ProtocolError(f"seat {item} is not at this table")
        elif field.name in ("hand_counts", "names") and len(item) != count:
            raise ProtocolError(f"the view's {field.name} do not match the table")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# Engine types ------------------------------------------------------------------------------

EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in vars(engine_events).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
}


def encode_event(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(event).__name__}
    for field in fields(event):
        data[field.name] = _encode(getattr(event, field.name))
    return data


def decode_event(data: object) -> Event:
    if not isinstance(data, dict):
        raise ProtocolError(f"an event is an object, not {_short(data)}")
    cls = EVENT_TYPES.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise ProtocolError(f"unknown event type {_short(data.get('type'))}")
    try:
        return cls(**_fields_of(data, cls))
    except TypeError as error:  # pragma: no cover (every field was given and checked)
        raise ProtocolError(str(error)) from None


def decode_decision(data: object) -> Decision:
    if not isinstance(data, dict) or set(data) != {"player", "kind", "actions"}:
        raise ProtocolError("a decision is an object with player, kind and actions")
    player = _decode(data["player"], int)
    kind = _decode(data["kind"], DecisionKind)
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise ProtocolError("a decision's actions are a list")
    return Decision(player, kind, tuple(decode_action(raw) for raw in raw_actions))


def decode_action(data: object) -> Action:
    try:
        return action_from_dict(data)
    except ValueError as error:
        raise ProtocolError(f"not an action: {str(error)[:MAX_TEXT]}") from None


def encode_view(view: PublicView) -> dict[str, Any]:
    """The view without its events (they travel in ``events`` messages, once each). A
    spectator's is the engine's onlooker view (``Game.view(None)``): no ``player`` field."""
    return {
        field.name: _encode(getattr(view, field.name))
        for field in fields(view)
        if field.name != "events"
    }


def decode_view(data: object, events: tuple[Event, ...] = ()) -> PublicView:
    """A seat's ``PlayerView``, or (without ``player``) the onlooker's ``PublicView``."""
    cls = PlayerView if isinstance(data, dict) and "player" in data else PublicView
    view = cls(**_fields_of(data, cls, skip=("events",)), events=())
    return replace(view, events=events)


def onlooker_view(view: PublicView) -> PlayerView:
    """The onlooker's view as a seat's, with nothing of its own (no hand, no decision), for
    a front end that reads every view as a seat's (the line mode's spectator)."""
    if isinstance(view, PlayerView):
        return view
    public = {field.name: getattr(view, field.name) for field in fields(PublicView)}
    return PlayerView(
        **public,
        player=ONLOOKER,
        hand=(),
        drawn_card=None,
        my_pass=None,
        teammate=None,
        decisions=(),
    )


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
        raise ProtocolError(f"unknown message type {_short(kind)}")
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
                f"protocol version {_short(data['version'])}; this host speaks {PROTOCOL_VERSION}"
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
                check_name(_decode(raw["name"], str)),
                clean_text(_decode(raw["plays"], str))[:20],
                _decode(raw["here"], bool),
            )
        )
    seat = None if data["seat"] is None else _decode(data["seat"], int)
    if seat is not None and not 0 <= seat < len(seats):
        raise ProtocolError(f"seat {seat} is not in the room")
    token = None if data["token"] is None else _decode(data["token"], str)
    if token is not None and (len(token) > 40 or not token.isascii() or clean_text(token) != token):
        raise ProtocolError("the token is text of a few letters")
    return Lobby(seat, token, tuple(seats), clean_text(_decode(data["bots"], str))[:20])


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
        seat = None if data["seat"] is None else _decode(data["seat"], int)
        name = check_name(_decode(data["name"], str))
        return Chat(seat, name, clean_text(_decode(data["text"], str))[:MAX_CHAT_TEXT])
    if kind == "events":
        _exactly(data, "round_start", "start", "events")
        raw_events = data["events"]
        if not isinstance(raw_events, list):
            raise ProtocolError("events come as a list")
        return EventsUpdate(
            _decode(data["round_start"], int),
            _decode(data["start"], int),
            tuple(decode_event(event) for event in raw_events),
        )
    if kind == "view":
        _exactly(data, "moves", "view")
        return ViewUpdate(_decode(data["moves"], int), decode_view(data["view"]))
    if kind == "notice":
        _exactly(data, "text")
        return Notice(clean_text(_decode(data["text"], str)))
    if kind == "error":
        _exactly(data, "text", "action")
        action = None if data["action"] is None else decode_action(data["action"])
        return Refusal(clean_text(_decode(data["text"], str)), action)
    if set(data) - {"type", "text"}:
        raise ProtocolError("a bye message has a text")
    return Bye(clean_text(_decode(data.get("text", ""), str)))


def _parse_welcome(data: dict[str, Any]) -> Welcome:
    _exactly(data, "version", "seat", "table")
    if data["version"] != PROTOCOL_VERSION:
        raise ProtocolError(
            f"the host speaks protocol version {_short(data['version'])}, "
            f"this uno-tui {PROTOCOL_VERSION}; use the same uno-tui version on both"
        )
    table = data["table"]
    if not isinstance(table, dict) or set(table) != {"names", "rules", "seats"}:
        raise ProtocolError("the table has names, rules and seats")
    names = tuple(check_name(name) for name in _decode(table["names"], tuple[str, ...]))
    if not 2 <= len(names) <= 10:
        raise ProtocolError("a table has 2 to 10 seats")
    rules = _decode(table["rules"], Rules)
    raw_seats = table["seats"]
    if not isinstance(raw_seats, list) or len(raw_seats) != len(names):
        raise ProtocolError("the table has one seat per name")
    seats = []
    for raw in raw_seats:
        if not isinstance(raw, dict) or set(raw) != {"name", "plays"}:
            raise ProtocolError("a seat has a name and who plays it")
        seats.append(
            SeatInfo(check_name(_decode(raw["name"], str)), clean_text(_decode(raw["plays"], str)))
        )
    seat = None if data["seat"] is None else _decode(data["seat"], int)
    if seat is not None and not 0 <= seat < len(names):
        raise ProtocolError(f"seat {seat} is not at the table")
    return Welcome(seat, names, rules, tuple(seats))
