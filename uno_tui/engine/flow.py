"""Applying: carrying out a legal action, then running play on until a decision is awaited.

``carry_out(state, action)`` does what the action does (one handler per action type, in one
table), runs the queued interludes and the continuation (``settle``), and keeps the UNO-call
bookkeeping. It assumes the action is legal: ``Game.apply`` checks first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import effects, rounds, teams
from .actions import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Deal,
    DrawCard,
    GiveCard,
    KeepDrawn,
    NameColor,
    PassCard,
    PlayCard,
)
from .cards import Card
from .decisions import Continuation, Phase, Then
from .events import (
    ColorNamed,
    DrawnCardKept,
    DrawReason,
    Event,
    UnoCalled,
    UnoCaught,
    card_played,
    cards_drawn,
    player_skipped,
    turn_passed,
)
from .fastpath import RESOLVING, TURN
from .state import State


def carry_out(state: State, action: Action) -> list[Event]:
    """Carry out a legal ``action``; return the events it caused (also added to the log)."""
    state.awaiting = None  # the state changes: what it awaits is listed anew
    first_event = len(state.log)
    if state.drew_now:  # empty unless an earlier action raised half-way
        state.drew_now.clear()
    state.action_turn = state.turn_index
    _HANDLERS[type(action)](state, action)
    settle(state)
    state.actions.append(action)
    return state.log[first_event:]


def settle(state: State) -> None:
    """Run play on until a decision is awaited: the queued interludes first, then the
    continuation (``State.set_continuation``); then update who may be caught with one card."""
    if state.drew_now:
        teams.queue_tag_backs(state)
    if state.interludes and state.phase not in _BETWEEN_DECISIONS:
        state.resume_phase = state.phase  # an interlude interrupts a decision
        state.phase = RESOLVING
    while state.phase is RESOLVING:
        if state.interludes:
            teams.start_interlude(state, state.interludes.pop(0))
        elif state.continuation is not None:
            continuation, state.continuation = state.continuation, None
            _GO_ON[continuation.then](state, continuation)
        elif state.resume_phase is not None:
            state.phase, state.resume_phase = state.resume_phase, None
            _after_resume(state)
        else:
            raise AssertionError("nothing to resolve and nothing awaited")
        if state.drew_now:
            teams.queue_tag_backs(state)
    if state.uno_exposed or state.uno_settled or 1 in map(len, state.hands):
        _update_uno(state)  # else nobody holds one card, nor did: nothing to update


_ROUND_DONE = (Phase.ROUND_OVER, Phase.MATCH_OVER)
"""Phases in which the hand is over: nobody may be caught with one card."""

_BETWEEN_DECISIONS = (
    Phase.RESOLVING,
    Phase.PASSING,
    Phase.SHARING,
    Phase.ROUND_OVER,
    Phase.MATCH_OVER,
)
"""Phases an interlude does not interrupt: it runs now (or never, once the round is over)."""


# Handlers ----------------------------------------------------------------------------------


def _play(state: State, action: PlayCard) -> None:
    """A card played in turn, onto a penalty, or as a jump-in: it goes on the discard pile
    and does what it does."""
    player, phase = action.player, state.phase
    jump_in = phase is TURN and player != state.current
    if jump_in or (phase is not TURN and phase is not Phase.DRAWN):  # answering a penalty
        state.take_turn(player)
    elif state.uno_exposed:
        state.close_uno_windows()
    card, hand = action.card, state.hands[player]
    color_before = state.current_color
    hand.remove(card)
    state.discard_pile.append(card)
    color = state.current_color = action.color if card.color is None else card.color
    state.drawn_card = None
    state.must_play = False
    assert color is not None
    state.log.append(card_played(player, card, color, action.target, jump_in))
    if not hand and _round_won_by(state, player):
        if state.rules.last_card_penalty_applies:
            effects.last_card_penalty(state, player, card)
        rounds.end_round(state, player)
        return
    effects.EFFECTS[card.rank](state, action, color_before)
    if not hand:
        teams.went_out(state, player)


def _round_won_by(state: State, player: int) -> bool:
    """The hand ends when the player (in Teams, the second of a team) has no cards."""
    mate = state.teammate_of(player)
    return mate is None or not state.hands[mate]


def _draw(state: State, action: DrawCard) -> None:
    player = action.player
    if state.uno_exposed:
        state.close_uno_windows()
    if state.rules.draw_until_playable:
        drawn: list[Card] = []
        while state.cards_to_draw():
            drawn += state.take_cards(player, 1)
            if state.playable(drawn[-1]):
                break
    else:  # one card, or none when there is none to draw (``take_cards`` stops short)
        drawn = state.take_cards(player, 1)
    state.log.append(cards_drawn(player, len(drawn), DrawReason.CHOICE, tuple(drawn)))
    if drawn and state.playable(drawn[-1]):
        state.drawn_card = drawn[-1]
        state.phase = Phase.DRAWN
    else:
        state.log.append(turn_passed(player))
        state.next_turn_after(player)


def _keep(state: State, action: KeepDrawn) -> None:
    state.log.append(DrawnCardKept(action.player))
    state.drawn_card = None
    state.next_turn_after(action.player)


def _name_color(state: State, action: NameColor) -> None:
    state.close_uno_windows()
    state.current_color = action.color
    state.log.append(ColorNamed(action.player, action.color))
    state.phase = Phase.TURN


def _challenge(state: State, action: Challenge) -> None:
    effects.resolve_challenge(state, action.player)


def _accept(state: State, action: AcceptPenalty) -> None:
    player = action.player
    reason = DrawReason.DRAW_FOUR if state.phase is Phase.RESPOND_DRAW_FOUR else DrawReason.DRAW_TWO
    state.draw(player, state.penalty, reason)
    state.clear_penalty()
    state.log.append(player_skipped(player))
    state.next_turn_after(player)


def _pass(state: State, action: PassCard) -> None:
    teams.choose_pass(state, action.player, action.card)


def _give(state: State, action: GiveCard) -> None:
    teams.give_card(state, action.player, action.card)


def _call_uno(state: State, action: CallUno) -> None:
    del state.uno_exposed[action.target]
    state.uno_settled.add(action.target)
    state.log.append(UnoCalled(action.player, action.target))


def _catch(state: State, action: CatchUno) -> None:
    del state.uno_exposed[action.target]
    state.log.append(UnoCaught(action.player, action.target))
    state.draw(action.target, state.rules.uno_penalty, DrawReason.UNO_PENALTY)


def _deal(state: State, action: Deal) -> None:
    rounds.start_round(state)


_HANDLERS: dict[type[Action], Callable[[State, Any], None]] = {
    PlayCard: _play,
    DrawCard: _draw,
    KeepDrawn: _keep,
    NameColor: _name_color,
    Challenge: _challenge,
    AcceptPenalty: _accept,
    PassCard: _pass,
    GiveCard: _give,
    CallUno: _call_uno,
    CatchUno: _catch,
    Deal: _deal,
}


# Going on --------------------------------------------------------------------------------


def _next(state: State, continuation: Continuation) -> None:
    """The next seat in the direction of play (``begin_turn`` passes over one without cards)."""
    state.begin_turn((continuation.seat + state.direction) % state.player_count)


def _turn(state: State, continuation: Continuation) -> None:
    state.begin_turn(continuation.seat)


def _name_color_first(state: State, continuation: Continuation) -> None:
    state.begin_turn(continuation.seat)
    state.phase = Phase.NAME_COLOR


def _team_play(state: State, continuation: Continuation) -> None:
    effects.team_play_turn(state, continuation.seat, continuation.other)


_GO_ON: dict[Then, Callable[[State, Continuation], None]] = {
    Then.NEXT: _next,
    Then.TURN: _turn,
    Then.NAME_COLOR: _name_color_first,
    Then.TEAM_PLAY: _team_play,
}


def _after_resume(state: State) -> None:
    """A tag-back share interrupted a player mid-decision and may have taken the card the
    decision was about. If the drawn card went to the teammate, the turn ends; if the
    player who must answer a Wild Team Play gave away every card they could play, they
    "cannot play" after all, and the Wild Team Play's penalty applies."""
    player = state.current
    if state.phase is Phase.DRAWN and state.drawn_card not in state.hands[player]:
        state.log.append(turn_passed(player))
        state.next_turn_after(player)
    elif state.phase is Phase.TURN and state.must_play and not state.has_playable(player):
        mate = state.teammate_of(player)
        assert mate is not None
        state.must_play = False
        effects.team_play_turn(state, mate, player)


def _update_uno(state: State) -> None:
    """A player who now holds exactly one card may be caught until they (or the
    teammate) call UNO or the next player's turn begins."""
    exposed, settled = state.uno_exposed, state.uno_settled
    if state.phase in _ROUND_DONE:
        exposed.clear()
        settled.clear()
        return
    for player, hand in enumerate(state.hands):
        if len(hand) == 1:
            if player not in exposed and player not in settled:
                exposed[player] = state.action_turn
        elif exposed or settled:  # (a plain loop: most of the time nobody is either)
            exposed.pop(player, None)
            settled.discard(player)
