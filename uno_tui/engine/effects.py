"""What each card does when played: one small function per rank, in one table.

Each effect ends in one of three ways: it names where play continues
(``State.set_continuation``), it opens a decision (a penalty to answer, ``State.open_penalty``),
or it queues a Teams interlude that runs before play goes on. Effects change the state only
through ``State``'s methods and the table's own fields (hands, direction, penalty).
"""

from __future__ import annotations

from collections.abc import Callable

from . import teams
from .actions import PlayCard
from .cards import ACTION_RANKS, Card, Color, Rank
from .decisions import Phase, Then
from .events import (
    DirectionChanged,
    DrawFourChallenged,
    DrawReason,
    HandsPassed,
    HandsSwapped,
    player_skipped,
)
from .rules import CustomEffect
from .state import State

__all__ = ["ACTION_RANKS", "EFFECTS", "TEAM_PLAY_PENALTY"]

TEAM_PLAY_PENALTY = 2
"""Cards a Wild Team Play's player draws when their teammate cannot play."""

Effect = Callable[[State, PlayCard, "Color | None"], None]


def _number(state: State, action: PlayCard, _color_before: Color | None) -> None:
    player, rank, rules = action.player, action.card.rank, state.rules
    if rules.seven_zero and rank is Rank.SEVEN:
        assert action.target is not None
        swap_hands(state, player, action.target)
    elif rules.seven_zero and rank is Rank.ZERO:
        pass_hands(state)
    if rank is rules.pass_symbol_rank:
        teams.queue_exchange(state, player)
    state.next_turn_after(player)


def _skip(state: State, action: PlayCard, _color_before: Color | None) -> None:
    """ "Skip makes the next player lose their turn"."""
    state.skip_next(action.player)


def _reverse(state: State, action: PlayCard, _color_before: Color | None) -> None:
    """ "Reverse reverses the direction of play"; two-player: "works exactly like a Skip"."""
    if state.player_count == 2 and state.rules.reverse_skips_with_two_players:
        state.skip_next(action.player)
        return
    state.direction = -state.direction
    state.log.append(DirectionChanged(state.clockwise))
    state.next_turn_after(action.player)


def _draw_two(state: State, action: PlayCard, _color_before: Color | None) -> None:
    """ "Draw Two makes the next player draw two cards and lose their turn"."""
    victim = state.next_active(action.player)
    if state.rules.stack_draw_two:
        state.open_penalty(action.player, victim, 2, Phase.RESPOND_DRAW_TWO)
        return
    state.draw(victim, 2, DrawReason.DRAW_TWO)
    state.log.append(player_skipped(victim))
    state.next_turn_after(victim)


def _wild(state: State, action: PlayCard, _color_before: Color | None) -> None:
    state.next_turn_after(action.player)


def _wild_draw_four(state: State, action: PlayCard, color_before: Color | None) -> None:
    """The target draws four or challenges; whether the play was legal is fixed now, from the
    hand the player kept and the colour that was on the pile."""
    player = action.player
    state.draw_four_illegal = state.draw_four_is_illegal(state.hands[player], color_before)
    state.draw_four_player = player
    state.open_penalty(player, state.next_active(player), 4, Phase.RESPOND_DRAW_FOUR)


def resolve_challenge(state: State, challenger: int) -> None:
    """ "If they challenge and the player had the color, or a Wild, that player draws four.
    Otherwise, the challenger draws six and loses their turn." """
    offender, penalty = state.draw_four_player, state.penalty
    illegal = state.draw_four_illegal
    state.log.append(
        DrawFourChallenged(challenger, offender, illegal, tuple(state.hands[offender]))
    )
    state.clear_penalty()
    if illegal:
        state.draw(offender, penalty, DrawReason.CHALLENGE_LOST)
        state.set_continuation(Then.TURN, challenger)
    else:
        state.draw(challenger, penalty + 2, DrawReason.CHALLENGE_FAILED)
        state.log.append(player_skipped(challenger))
        state.next_turn_after(challenger)


def _swap(state: State, action: PlayCard, _color_before: Color | None) -> None:
    """ "Wild Swap Hands swaps your hand with an opponent's"."""
    assert action.target is not None
    swap_hands(state, action.player, action.target)
    state.next_turn_after(action.player)


def swap_hands(state: State, player: int, target: int) -> None:
    state.hands[player], state.hands[target] = state.hands[target], state.hands[player]
    state.log.append(HandsSwapped(player, target))


def pass_hands(state: State) -> None:
    """Every hand moves one seat along in the direction of play."""
    count, step = state.player_count, state.direction
    old = state.hands
    state.hands = [old[(seat - step) % count] for seat in range(count)]
    state.log.append(HandsPassed(state.clockwise))


def _customizable(state: State, action: PlayCard, _color_before: Color | None) -> None:
    """ "Wild Customizable cards apply the rule written on them": the effect chosen at setup."""
    player, effect = action.player, state.rules.custom_effect
    if effect is CustomEffect.DRAW_TWO_SKIP:
        victim = state.next_active(player)
        state.draw(victim, 2, DrawReason.CUSTOM)
        state.log.append(player_skipped(victim))
        state.next_turn_after(victim)
        return
    if effect is CustomEffect.PASS_HANDS:
        pass_hands(state)
    elif effect is CustomEffect.OTHERS_DRAW_ONE:
        seat = player
        for _ in range(state.player_count - 1):
            seat = (seat + state.direction) % state.player_count
            state.draw(seat, 1, DrawReason.CUSTOM)
    state.next_turn_after(player)


def _team_play(state: State, action: PlayCard, _color_before: Color | None) -> None:
    """ "choose a color, then play jumps directly to your teammate"."""
    mate = state.teammate_of(action.player)
    assert mate is not None
    state.set_continuation(Then.TEAM_PLAY, action.player, mate)


def team_play_turn(state: State, player: int, mate: int) -> None:
    """ "If your teammate can play, they play a card and play continues from them. If they
    cannot play, you draw 2 penalty cards; play still continues from your teammate's
    position." """
    if any(state.playable(card) for card in state.hands[mate]):
        state.begin_turn(mate, must_play=True)
        return
    state.draw(player, TEAM_PLAY_PENALTY, DrawReason.TEAM_PLAY)
    state.next_turn_after(mate)


def _team_draw_four(state: State, action: PlayCard, _color_before: Color | None) -> None:
    """ "The next player draws 2 cards and loses their turn; that player's teammate also draws
    2 cards, even if currently out of the hand." Drawing puts an out teammate back in play."""
    victim = state.next_active(action.player)
    state.draw(victim, 2, DrawReason.TEAM_DRAW_FOUR)
    victim_mate = state.teammate_of(victim)
    assert victim_mate is not None
    state.draw(victim_mate, 2, DrawReason.TEAM_DRAW_FOUR)
    state.log.append(player_skipped(victim))
    state.next_turn_after(victim)


def last_card_penalty(state: State, player: int, card: Card) -> None:
    """two-player: "If that last card is a Draw Two or Wild Draw Four, the other player still
    draws those cards, and they count in the score." (No challenge: the hand has ended.)"""
    amounts = {
        Rank.DRAW_TWO: (2, DrawReason.DRAW_TWO),
        Rank.WILD_DRAW_FOUR: (4, DrawReason.DRAW_FOUR),
    }
    if card.rank in amounts:
        cards, reason = amounts[card.rank]
        state.draw(state.next_active(player), state.penalty + cards, reason)
        state.clear_penalty()


def first_card_hits_non_dealer(state: State, card: Card, non_dealer: int) -> None:
    """two-player: "Any other action card hits the non-dealer at once. Skip or Reverse means the
    dealer plays first. Draw Two means the non-dealer draws 2 and the dealer plays first." """
    if card.rank is Rank.DRAW_TWO:
        state.draw(non_dealer, 2, DrawReason.FIRST_CARD)
    state.log.append(player_skipped(non_dealer))
    state.set_continuation(Then.TURN, state.dealer)


EFFECTS: dict[Rank, Effect] = {
    **{rank: _number for rank in Rank if rank.is_number},
    Rank.SKIP: _skip,
    Rank.REVERSE: _reverse,
    Rank.DRAW_TWO: _draw_two,
    Rank.WILD: _wild,
    Rank.WILD_DRAW_FOUR: _wild_draw_four,
    Rank.WILD_SWAP_HANDS: _swap,
    Rank.WILD_CUSTOMIZABLE: _customizable,
    Rank.WILD_TEAM_PLAY: _team_play,
    Rank.WILD_TEAM_DRAW_FOUR: _team_draw_four,
}
