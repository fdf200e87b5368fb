"""Decisions: who may decide what now, each with every legal action that settles it.

``decisions(state)`` lists the decisions the game waits for (a turn, a drawn card, a penalty to
answer, a colour, a pass or a share, the next deal), then the calls, catches and jump-ins anyone
eligible may make meanwhile. The list is exactly the legal set: ``checking.py`` rejects every
action not in it, and the stateful tests hold the two to agreeing.
"""

from __future__ import annotations

from collections.abc import Iterator

from .actions import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Deal,
    GiveCard,
    NameColor,
    PassCard,
)
from .cards import Card, Color, Rank
from .decisions import Decision, DecisionKind, Phase
from .fastpath import TURN, TURN_DECISION
from .state import State


def decisions(state: State, *, out_of_turn: bool = True) -> tuple[Decision, ...]:
    """Every open decision: the ones awaited, then (unless ``out_of_turn`` is False) the
    out-of-turn ones.

    The awaited decisions are worked out once per state and kept in ``state.awaiting`` until
    the next ``apply``: asking again costs nothing, and ``Game.apply`` knows their actions for
    legal without checking them again (see ``fastpath.py``)."""
    main = state.awaiting
    if main is None:  # the turn is the usual case: one call shorter
        main = (_turn_decision(state, state.current),) if state.phase is TURN else awaited(state)
        state.awaiting = main
    if not out_of_turn or state.phase is Phase.ROUND_OVER or state.phase is Phase.MATCH_OVER:
        return main
    return main + tuple(_out_of_turn(state))


def awaited(state: State) -> tuple[Decision, ...]:
    """The decisions the game waits for now, whoever takes them."""
    phase, player = state.phase, state.current
    if phase is TURN:  # the usual case
        return (_turn_decision(state, player),)
    if phase is Phase.DRAWN:
        assert state.drawn_card is not None
        actions: tuple[Action, ...] = state.plays.plays[player, state.drawn_card]
        if state.may_keep_drawn():
            actions += (state.plays.keeps[player],)
        return (Decision(player, DecisionKind.PLAY_DRAWN, actions),)
    if phase is Phase.NAME_COLOR:
        colors = tuple(NameColor(player, color) for color in Color)
        return (Decision(player, DecisionKind.NAME_COLOR, colors),)
    if phase is Phase.RESPOND_DRAW_FOUR or phase is Phase.RESPOND_DRAW_TWO:
        return (_respond_decision(state),)
    if phase is Phase.PASSING:
        waiting = [seat for seat, chosen in state.passes.items() if chosen is None]
        return tuple(
            Decision(
                seat, DecisionKind.PASS, tuple(PassCard(seat, c) for c in state.distinct(seat))
            )
            for seat in waiting
        )
    if phase is Phase.SHARING:
        assert state.share is not None
        giver = state.share[0]
        cards = tuple(GiveCard(giver, card) for card in state.distinct(giver))
        return (Decision(giver, DecisionKind.SHARE, cards),)
    if phase is Phase.ROUND_OVER:
        dealer = state.next_dealer()
        return (Decision(dealer, DecisionKind.DEAL, (Deal(dealer),)),)
    return ()


def _turn_decision(state: State, player: int) -> Decision:
    """The plays of every distinct card in hand that matches the pile (in hand order), then
    drawing, unless a Wild Team Play obliges the player to play."""
    on_pile = state.plays.on_pile[player, state.current_color, state.discard_pile[-1]]
    actions: tuple[Action, ...] = ()
    listed: list[Card] = []  # the few matching cards (a dict of the whole hand costs more)
    for card in state.hands[player]:
        plays = on_pile[card]  # none when the card does not match
        if plays and card not in listed:
            listed.append(card)
            actions += plays
    if state.must_play:
        return Decision(player, DecisionKind.TEAM_PLAY, actions)
    if state.cards_to_draw() or not actions:
        actions += (state.plays.draws[player],)
    # Made as the tuple it is: a named tuple's own constructor is Python code that would add
    # a tenth to the listing (measured with callgrind).
    return tuple.__new__(Decision, (player, TURN_DECISION, actions))


def _respond_decision(state: State) -> Decision:
    responder, draw_four = state.responder, state.phase is Phase.RESPOND_DRAW_FOUR
    stack_rank = Rank.WILD_DRAW_FOUR if draw_four else Rank.DRAW_TWO
    may_stack = not draw_four or state.rules.stack_draw_four
    actions: list[Action] = []
    if draw_four:
        actions.append(Challenge(responder))
    if may_stack:
        for card in state.distinct(responder):
            if card.rank is stack_rank:
                actions.extend(state.plays.plays[responder, card])
    actions.append(AcceptPenalty(responder))
    kind = DecisionKind.CHALLENGE if draw_four else DecisionKind.STACK
    return Decision(responder, kind, tuple(actions))


def _out_of_turn(state: State) -> Iterator[Decision]:
    for target in state.uno_exposed:
        mate = state.teammate_of(target)
        for seat in range(state.player_count):
            if seat in (target, mate):
                yield Decision(seat, DecisionKind.CALL_UNO, (CallUno(seat, target),))
            else:
                yield Decision(seat, DecisionKind.CATCH_UNO, (CatchUno(seat, target),))
    if not state.rules.jump_in:
        return
    top = state.discard_pile[-1] if state.discard_pile else None
    if top is not None and not top.is_wild:
        for seat in range(state.player_count):
            if state.jump_in_open(seat) and top in state.hands[seat]:
                yield Decision(seat, DecisionKind.JUMP_IN, state.plays.plays[seat, top])
