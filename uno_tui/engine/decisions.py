"""Who may decide what now: phases of a round and the decisions they open; how play goes on."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .actions import Action


class Phase(Enum):
    """Where the round stands; each phase waits for the decisions it names."""

    TURN = "turn"
    DRAWN = "drawn"
    """The current player drew a playable card: play it, or keep it (where the rules allow)."""
    NAME_COLOR = "name-color"
    """A Wild was turned as the first card: the first player names the colour."""
    RESPOND_DRAW_FOUR = "respond-draw-four"
    """A Wild Draw Four was played: its target challenges or draws (or stacks, house rule)."""
    RESPOND_DRAW_TWO = "respond-draw-two"
    """Stacking Draw Twos: the target adds a Draw Two or draws the total."""
    PASSING = "passing"
    """Teams: secret simultaneous passes; resolved when every choice is in."""
    SHARING = "sharing"
    """Teams: a player gives half their hand to a teammate who went out."""
    ROUND_OVER = "round-over"
    MATCH_OVER = "match-over"
    RESOLVING = "resolving"
    """Inside ``apply`` only: nothing is awaited yet."""


class DecisionKind(Enum):
    TURN = "turn"
    TEAM_PLAY = "team-play"
    PLAY_DRAWN = "play-drawn"
    NAME_COLOR = "name-color"
    CHALLENGE = "challenge"
    STACK = "stack"
    PASS = "pass"
    SHARE = "share"
    DEAL = "deal"
    CALL_UNO = "call-uno"
    CATCH_UNO = "catch-uno"
    JUMP_IN = "jump-in"

    @property
    def out_of_turn(self) -> bool:
        """Decisions anyone eligible may take at any moment, besides the one being awaited."""
        return self in (DecisionKind.CALL_UNO, DecisionKind.CATCH_UNO, DecisionKind.JUMP_IN)


class Decision(NamedTuple):
    """One player's open decision and every legal action that settles it.

    A named tuple rather than a frozen dataclass: the engine makes one for every decision,
    and this is the cheapest immutable record Python has.
    """

    player: int
    kind: DecisionKind
    actions: tuple[Action, ...]


class Then(Enum):
    """How play goes on once the pending interludes are over."""

    NEXT = "next"
    """The turn passes to the next player (holding cards) after ``seat``."""
    TURN = "turn"
    """It is ``seat``'s turn."""
    NAME_COLOR = "name-color"
    """``seat`` names the colour of a Wild turned first, then plays."""
    TEAM_PLAY = "team-play"
    """Wild Team Play: ``seat`` played it; play jumps to the teammate ``other``."""

    # Members are singletons: identity hashing is correct and much faster than Enum's (play
    # goes on through a table keyed by these, once per action; see ``flow.proceed``).
    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class Continuation:
    then: Then
    seat: int
    other: int = -1


class InterludeKind(Enum):
    """A Teams exchange or share that must happen before play goes on."""

    FIRST_PASS = "first-pass"
    """Every player passes a card to their teammate before play begins."""
    EXCHANGE = "exchange"
    """A pass symbol was played: ``first`` and ``second`` (teammates) exchange a card."""
    SHARE = "share"
    """``second`` went out: ``first`` (the teammate) gives half their hand."""
    TAG_BACK = "tag-back"
    """``first`` drew while ``second`` (the teammate) was out: half the hand goes back."""


@dataclass(frozen=True, slots=True)
class Interlude:
    kind: InterludeKind
    first: int = -1
    second: int = -1
