"""Actions: what a player may do. Small frozen values, hashable, with a JSON form for records."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from .cards import Card, CardNotationError, Color


@dataclass(frozen=True, slots=True)
class Action:
    """Something one player does. ``player`` is the seat number of who does it."""

    player: int
    KIND: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.KIND, "player": self.player}
        for field in fields(self):
            name, value = field.name, getattr(self, field.name)
            if value is not None and name != "player":
                data[name] = str(value) if isinstance(value, Card) else _plain(value)
        return data


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play ``card``; a Wild names ``color``; Swap Hands and the 7-0 seven name ``target``.

    Played by someone whose turn it is not, it is a jump-in (house rule) or a stacked penalty.
    """

    card: Card
    color: Color | None = None
    target: int | None = None
    KIND: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Draw from the draw pile instead of playing (or because nothing matches)."""

    KIND: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class KeepDrawn(Action):
    """Keep the card just drawn and end the turn."""

    KIND: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class NameColor(Action):
    """Name the colour of a Wild turned as the first card."""

    color: Color
    KIND: ClassVar[str] = "color"


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Challenge the Wild Draw Four just played on you."""

    KIND: ClassVar[str] = "challenge"


@dataclass(frozen=True, slots=True)
class AcceptPenalty(Action):
    """Draw the cards a Wild Draw Four (or a stack of Draw Twos) puts on you, and lose the turn."""

    KIND: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class PassCard(Action):
    """Teams: the card passed secretly to the teammate (first pass, or a pass-symbol exchange)."""

    card: Card
    KIND: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class GiveCard(Action):
    """Teams: one of the cards given to a teammate who went out (or is tagged back in)."""

    card: Card
    KIND: ClassVar[str] = "give"


@dataclass(frozen=True, slots=True)
class CallUno(Action):
    """Call UNO for ``target`` (yourself, or in Teams your teammate), who holds one card."""

    target: int
    KIND: ClassVar[str] = "uno"


@dataclass(frozen=True, slots=True)
class CatchUno(Action):
    """Catch ``target``, who holds one card and did not call UNO in time."""

    target: int
    KIND: ClassVar[str] = "catch"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """The next dealer deals the next hand."""

    KIND: ClassVar[str] = "deal"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.KIND: cls
    for cls in (
        PlayCard,
        DrawCard,
        KeepDrawn,
        NameColor,
        Challenge,
        AcceptPenalty,
        PassCard,
        GiveCard,
        CallUno,
        CatchUno,
        Deal,
    )
}


_READ: dict[tuple[tuple[str, type[object], object], ...], Action] = {}
"""Actions read already, by their JSON form with each value's type (so ``1``, ``1.0`` and
``True`` stay apart): a match record repeats the same few hundred actions (seat 2 draws, seat
1 plays R7), and actions are immutable, so a record of a thousand actions is read in a few
hundred dictionary lookups. Bounded: cleared when full."""
_READ_LIMIT = 8192


def action_from_dict(data: object) -> Action:
    """Read an action from its JSON form; raises ValueError when it is not one."""
    if not isinstance(data, dict):
        raise ValueError(f"an action is an object, not {data!r}")
    try:
        key = tuple((name, type(value), value) for name, value in data.items())
        known = _READ.get(key)
    except TypeError:  # a list or an object inside: not one of ours, read in full below
        key, known = None, None
    if known is not None:
        return known
    action = _read_action(data)
    if key is not None:
        if len(_READ) >= _READ_LIMIT:
            _READ.clear()
        _READ[key] = action
    return action


def _read_action(data: dict[Any, Any]) -> Action:
    cls = ACTION_TYPES.get(str(data.get("type")))
    if cls is None:
        raise ValueError(f"unknown action type {data.get('type')!r}")
    player = data.get("player")
    if not isinstance(player, int) or isinstance(player, bool):
        raise ValueError(f"an action's player is a seat number, not {player!r}")
    kwargs: dict[str, Any] = {"player": player}
    names = {field.name for field in fields(cls)}
    for name in names:
        if name == "player" or name not in data:
            continue
        value = data[name]
        try:
            if name == "card":
                kwargs[name] = Card.parse(str(value))
            elif name == "color":
                kwargs[name] = Color(value)
            elif name == "target":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ValueError(f"target must be a seat number, not {value!r}")
                kwargs[name] = value
        except (CardNotationError, ValueError) as error:
            raise ValueError(f"bad {name} in {data!r}: {error}") from None
    extra = set(data) - {"type", *names}
    if extra:
        raise ValueError(f"unknown fields {sorted(extra)} in {data!r}")
    try:
        return cls(**kwargs)
    except TypeError as error:
        raise ValueError(f"incomplete action {data!r}: {error}") from None
