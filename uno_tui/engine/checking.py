"""Checking: whether an action is allowed now, and if not, exactly why.

``check(state, action)`` raises the specific ``IllegalActionError`` (``errors.py``) with a
message a player can read: who tried what, and what the table waits for instead. It changes
nothing. Its verdict agrees with the decisions listed by ``offers.py``; the stateful tests hold
the two to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
from .cards import Card, Rank
from .decisions import Phase
from .errors import (
    BadChoiceError,
    CardDoesNotMatchError,
    CardNotInHandError,
    DrawnCardOnlyError,
    MustPlayError,
    NoCardsToDrawError,
    NotYourDecisionError,
    RoundOverError,
    UnoCallError,
)
from .state import State


def check(state: State, action: Action) -> None:
    """Raise the specific ``IllegalActionError`` if ``action`` is not allowed now."""
    if not 0 <= action.player < state.player_count:
        raise NotYourDecisionError(f"seat {action.player} is not at this table")
    if state.phase is Phase.MATCH_OVER:
        raise RoundOverError(f"{_name(state, action.player)}: the match is over")
    checker = _CHECKS.get(type(action))
    if checker is None:
        raise NotYourDecisionError(f"{type(action).__name__} is not an UNO action")
    if state.phase is Phase.ROUND_OVER and not isinstance(action, Deal):
        raise RoundOverError(
            f"{_name(state, action.player)}: the hand is over; "
            f"{_name(state, state.next_dealer())} deals the next one"
        )
    checker(state, action)


def _check_play(state: State, action: PlayCard) -> None:
    # The names for the messages are looked up only on the way to raising: this runs for
    # every card played.
    player, card, phase = action.player, action.card, state.phase
    if phase is Phase.TURN and player == state.current:
        _require_card(state, player, card)
        if not state.playable(card):
            raise CardDoesNotMatchError(
                f"{_name(state, player)} cannot play {card.title}: it matches neither the "
                f"colour ({_color_word(state)}), the number nor the symbol of "
                f"{state.top_card.title}"
            )
    elif phase is Phase.DRAWN and player == state.current:
        _require_card(state, player, card)
        if card != state.drawn_card:
            raise DrawnCardOnlyError(
                f"{_name(state, player)} drew a card: only the drawn card may be played now, "
                f"not {card.title}"
            )
    elif phase is Phase.RESPOND_DRAW_TWO and player == state.responder:
        if card.rank is not Rank.DRAW_TWO:
            raise MustPlayError(
                f"{_name(state, player)} must draw {state.penalty} or add a Draw Two, "
                f"not play {card.title}"
            )
        _require_card(state, player, card)
    elif phase is Phase.RESPOND_DRAW_FOUR and player == state.responder:
        if not (state.rules.stack_draw_four and card.rank is Rank.WILD_DRAW_FOUR):
            raise MustPlayError(
                f"{_name(state, player)} must answer the Wild Draw Four (challenge or draw), "
                f"not play {card.title}"
            )
        _require_card(state, player, card)
    elif state.jump_in_open(player):
        if card.is_wild or card != state.top_card:
            raise CardDoesNotMatchError(
                f"{_name(state, player)} cannot jump in with {card.title}: only a card "
                f"identical to {state.top_card.title} may be played out of turn"
            )
        _require_card(state, player, card)
    else:
        raise NotYourDecisionError(
            f"{_name(state, player)} cannot play {card.title}: {_whose_move(state)}"
        )
    _check_choices(state, action)


def _check_choices(state: State, action: PlayCard) -> None:
    card, who = action.card, _name(state, action.player)
    if (card.color is None) is (action.color is None):  # a Wild names one, others none
        if action.color is None:
            raise BadChoiceError(f"{who} must name a colour for {card.title}")
        raise BadChoiceError(f"{who}: {card.title} has its own colour; name none")
    target = action.target
    if state.takes_target(card):
        if target is None:
            raise BadChoiceError(f"{who} must choose a player for {card.title}")
        if target == action.player or not 0 <= target < state.player_count:
            raise BadChoiceError(f"{who} must choose another player at the table for {card.title}")
    elif target is not None:
        raise BadChoiceError(f"{who}: {card.title} takes no target player")


def _check_draw(state: State, action: DrawCard) -> None:
    who = _name(state, action.player)
    _require_turn(state, action, Phase.TURN)
    if state.must_play:
        raise MustPlayError(f"{who} must play a card after Wild Team Play; drawing is not allowed")
    if not state.cards_to_draw() and state.has_playable(action.player):
        raise NoCardsToDrawError(f"{who} cannot draw: no card is left to draw; play a card")


def _check_keep(state: State, action: KeepDrawn) -> None:
    _require_turn(state, action, Phase.DRAWN)
    if not state.may_keep_drawn():
        raise MustPlayError(
            f"{_name(state, action.player)} must play the drawn {_drawn_title(state)}: "
            "the rules say to play a drawn card if it matches"
        )


def _check_name_color(state: State, action: NameColor) -> None:
    _require_turn(state, action, Phase.NAME_COLOR)


def _check_challenge(state: State, action: Challenge) -> None:
    _require_responder(state, action, Phase.RESPOND_DRAW_FOUR)


def _check_accept(state: State, action: AcceptPenalty) -> None:
    if state.phase is Phase.RESPOND_DRAW_TWO:
        _require_responder(state, action, Phase.RESPOND_DRAW_TWO)
    else:
        _require_responder(state, action, Phase.RESPOND_DRAW_FOUR)


def _check_pass(state: State, action: PassCard) -> None:
    who = _name(state, action.player)
    if state.phase is not Phase.PASSING or action.player not in state.passes:
        raise NotYourDecisionError(f"{who} has no card to pass now: {_whose_move(state)}")
    if state.passes[action.player] is not None:
        raise NotYourDecisionError(f"{who} already chose the card to pass")
    _require_card(state, action.player, action.card)


def _check_give(state: State, action: GiveCard) -> None:
    if state.phase is not Phase.SHARING or state.share is None or action.player != state.share[0]:
        raise NotYourDecisionError(
            f"{_name(state, action.player)} has no cards to give now: {_whose_move(state)}"
        )
    _require_card(state, action.player, action.card)


def _check_call_uno(state: State, action: CallUno) -> None:
    who, target = _name(state, action.player), action.target
    if target not in state.uno_exposed:
        raise UnoCallError(
            f"{who} cannot call UNO for {_seat_name(state, target)}: "
            "only a player who just reached one card and has not called yet"
        )
    if target != action.player and state.teammate_of(action.player) != target:
        raise UnoCallError(
            f"{who} cannot call UNO for {_name(state, target)}: only the player "
            "(or in Teams the teammate) calls UNO"
        )


def _check_catch(state: State, action: CatchUno) -> None:
    who, target = _name(state, action.player), action.target
    if target not in state.uno_exposed:
        raise UnoCallError(
            f"{who} cannot catch {_seat_name(state, target)}: only a player with one card "
            "who did not call UNO, before the next player's turn begins"
        )
    if target == action.player or state.teammate_of(action.player) == target:
        raise UnoCallError(f"{who} cannot catch {_name(state, target)}: catch an opponent")


def _check_deal(state: State, action: Deal) -> None:
    if state.phase is not Phase.ROUND_OVER:
        raise NotYourDecisionError(
            f"{_name(state, action.player)} cannot deal: the hand is still being played"
        )
    if action.player != state.next_dealer():
        raise NotYourDecisionError(
            f"{_name(state, action.player)} cannot deal: "
            f"{_name(state, state.next_dealer())} deals the next hand"
        )


_CHECKS: dict[type[Action], Callable[[State, Any], None]] = {
    PlayCard: _check_play,
    DrawCard: _check_draw,
    KeepDrawn: _check_keep,
    NameColor: _check_name_color,
    Challenge: _check_challenge,
    AcceptPenalty: _check_accept,
    PassCard: _check_pass,
    GiveCard: _check_give,
    CallUno: _check_call_uno,
    CatchUno: _check_catch,
    Deal: _check_deal,
}


def _require_card(state: State, player: int, card: Card) -> None:
    if card not in state.hands[player]:
        raise CardNotInHandError(f"{_name(state, player)} does not hold {card.title}")


def _require_turn(state: State, action: Action, phase: Phase) -> None:
    if state.phase is not phase or action.player != state.current:
        raise NotYourDecisionError(
            f"{_name(state, action.player)} cannot {type(action).__name__} now: "
            f"{_whose_move(state)}"
        )


def _require_responder(state: State, action: Action, phase: Phase) -> None:
    if state.phase is not phase or action.player != state.responder:
        raise NotYourDecisionError(
            f"{_name(state, action.player)} cannot {type(action).__name__} now: "
            f"{_whose_move(state)}"
        )


# Words for messages ------------------------------------------------------------------


def _name(state: State, seat: int) -> str:
    return state.names[seat]


def _seat_name(state: State, seat: int) -> str:
    return state.names[seat] if 0 <= seat < state.player_count else f"seat {seat}"


def _color_word(state: State) -> str:
    return state.current_color.word if state.current_color else "none yet"


def _drawn_title(state: State) -> str:
    return state.drawn_card.title if state.drawn_card else "card"


def _whose_move(state: State) -> str:
    phase = state.phase
    if phase is Phase.PASSING:
        return "the teammates are choosing cards to pass"
    if phase is Phase.SHARING and state.share is not None:
        return f"{_name(state, state.share[0])} is giving cards to {_name(state, state.share[1])}"
    if phase in (Phase.RESPOND_DRAW_FOUR, Phase.RESPOND_DRAW_TWO):
        return f"{_name(state, state.responder)} must answer the penalty"
    if phase is Phase.NAME_COLOR:
        return f"{_name(state, state.current)} names the colour"
    if phase is Phase.DRAWN:
        return f"{_name(state, state.current)} decides on the drawn card"
    return f"it is {_name(state, state.current)}'s turn"
