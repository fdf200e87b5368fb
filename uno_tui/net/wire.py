"""How the engine's values cross the wire: cards, actions, decisions, events and views as JSON
values, read back checked (a ``ProtocolError`` naming what is wrong), and the text and seat
checks every message's words pass. ``protocol`` builds the messages from these.
"""

from __future__ import annotations

import types
import unicodedata
from dataclasses import fields, replace
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

MAX_TEXT = 300
"""The longest notice or error text kept."""
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


def decode_value(value: object, hint: Any) -> Any:
    """``value`` read as the type ``hint`` names (the engine's own field types)."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if value is None and type(None) in options:
            return None
        (inner,) = (option for option in options if option is not type(None))
        return decode_value(value, inner)
    if origin is tuple:
        if not isinstance(value, list):
            raise ProtocolError(f"expected a list, not {shortened(value)}")
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode_value(item, args[0]) for item in value)
        if len(args) != len(value):
            raise ProtocolError(f"expected {len(args)} items, not {shortened(value)}")
        return tuple(decode_value(item, arg) for item, arg in zip(value, args, strict=True))
    if hint is bool:
        if not isinstance(value, bool):
            raise ProtocolError(f"expected true or false, not {shortened(value)}")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10**9:
            raise ProtocolError(f"expected a whole number, not {shortened(value)}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ProtocolError(f"expected text, not {shortened(value)}")
        return value
    if hint is Card:
        if not isinstance(value, str):
            raise ProtocolError(f"expected a card, not {shortened(value)}")
        try:
            return Card.parse(value)
        except CardNotationError as error:
            raise ProtocolError(str(error)) from None
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise ProtocolError(f"{shortened(value)} is not a {hint.__name__}") from None
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
        raise ProtocolError(f"a {cls.__name__} is an object, not {shortened(data)}")
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
            values[name] = decode_value(data[name], hints[name])
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
        raise ProtocolError(f"the player name {shortened(name)} is not printable text")
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


def shortened(value: object) -> str:
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
        raise ProtocolError(f"an event is an object, not {shortened(data)}")
    cls = EVENT_TYPES.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise ProtocolError(f"unknown event type {shortened(data.get('type'))}")
    try:
        return cls(**_fields_of(data, cls))
    except TypeError as error:  # pragma: no cover (every field was given and checked)
        raise ProtocolError(str(error)) from None


def decode_decision(data: object) -> Decision:
    if not isinstance(data, dict) or set(data) != {"player", "kind", "actions"}:
        raise ProtocolError("a decision is an object with player, kind and actions")
    player = decode_value(data["player"], int)
    kind = decode_value(data["kind"], DecisionKind)
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
