"""Who may decide what now: phases of a round and the decisions they open."""

from __future__ import annotations

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
