"""What one player may know: a frozen projection of the game, and nothing more.

Built only from public state, the player's own hand and choices, and the round's events as that
player saw them (``Event.seen_by``). Another hand, the draw pile's order and a teammate's chosen
pass before it arrives are never in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from .actions import Action
from .cards import Card, Color
from .decisions import Decision, Phase
from .events import Event
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class PublicView:
    """What anyone at the table may know (an onlooker's view, ``Game.view(None)``): no hand,
    no drawn card, no pass, no decision of anyone's."""

    names: tuple[str, ...]
    rules: Rules
    phase: Phase
    hand_counts: tuple[int, ...]
    top_card: Card
    current_color: Color | None
    clockwise: bool
    current_player: int
    """Whose turn it is (during a penalty answer or a share: whose turn it was)."""
    dealer: int
    round_number: int
    scores: tuple[int, ...]
    """One per player, or one per team in Teams."""
    draw_pile_count: int
    discard_pile: tuple[Card, ...]
    """Every card face up on the pile since the last reshuffle, top card last."""
    pending_penalty: int
    responder: int | None
    """Who must answer a Wild Draw Four or a stacked Draw Two now."""
    uno_exposed: tuple[int, ...]
    """Players with one card who may be caught right now."""
    out_players: tuple[int, ...]
    """Teams: players with no cards who are out for the moment."""
    events: tuple[Event, ...]
    """This round's events, as this viewer saw them (an onlooker: public parts only)."""
    winners: tuple[int, ...]

    @property
    def player_count(self) -> int:
        return len(self.names)


@dataclass(frozen=True, slots=True)
class PlayerView(PublicView):
    """What one player may know: the public facts, their hand and their own choices."""

    player: int
    hand: tuple[Card, ...]
    drawn_card: Card | None
    """The card this player just drew, while deciding whether to play it."""
    my_pass: Card | None
    """The card this player chose to pass, until the exchange happens."""
    teammate: int | None
    decisions: tuple[Decision, ...]
    """This player's open decisions, each with every legal action."""

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        return tuple(action for decision in self.decisions for action in decision.actions)

    @property
    def is_my_turn(self) -> bool:
        return any(not decision.kind.out_of_turn for decision in self.decisions)


@overload
def make_view(game: Game, player: int) -> PlayerView: ...
@overload
def make_view(game: Game, player: None) -> PublicView: ...
def make_view(game: Game, player: int | None) -> PublicView:
    if player is None:
        return PublicView(**_public_facts(game, None))
    if not 0 <= player < game.player_count:
        raise ValueError(f"seat {player} is not at this table")
    my_pass = game.passes.get(player) if game.phase is Phase.PASSING else None
    return PlayerView(
        **_public_facts(game, player),
        player=player,
        hand=tuple(game.hands[player]),
        drawn_card=game.drawn_card if player == game.current else None,
        my_pass=my_pass,
        teammate=game.teammate_of(player),
        decisions=tuple(d for d in game.decisions() if d.player == player),
    )


def _public_facts(game: Game, viewer: int | None) -> dict[str, Any]:
    """The fields of ``PublicView``, the round's events as ``viewer`` saw them."""
    return {
        "names": game.names,
        "rules": game.rules,
        "phase": game.phase,
        "hand_counts": tuple(len(hand) for hand in game.hands),
        "top_card": game.top_card,
        "current_color": game.current_color,
        "clockwise": game.clockwise,
        "current_player": game.current,
        "dealer": game.dealer,
        "round_number": game.round_number,
        "scores": tuple(game.scores),
        "draw_pile_count": len(game.draw_pile),
        "discard_pile": tuple(game.discard_pile),
        "pending_penalty": game.penalty,
        "responder": game.responder if game.responder >= 0 else None,
        "uno_exposed": tuple(sorted(game.uno_exposed)),
        "out_players": tuple(
            seat for seat, hand in enumerate(game.hands) if game.rules.team_game and not hand
        ),
        "events": game.round_events(viewer),
        "winners": game.winners,
    }
