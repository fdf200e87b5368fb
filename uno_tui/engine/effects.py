"""What each card does when played: one small function per rank, in one table.

Each effect ends in one of three ways: it names where play continues
(``game.set_continuation``), it opens a decision (a penalty to answer), or it queues a Teams
interlude that runs before play goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import teams
from .actions import PlayCard
from .cards import ACTION_RANKS, Card, Color, Rank
from .decisions import Phase
from .events import (
    DirectionChanged,
    DrawFourChallenged,
    DrawReason,
    HandsPassed,
    HandsSwapped,
    PenaltyStacked,
    player_skipped,
)
from .rules import CustomEffect

if TYPE_CHECKING:
    from .game import Game

__all__ = ["ACTION_RANKS", "EFFECTS"]

Effect = Callable[["Game", PlayCard, "Color | None"], None]


def _number(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    player, rank, rules = action.player, action.card.rank, game.rules
    if rules.seven_zero and rank is Rank.SEVEN:
        assert action.target is not None
        swap_hands(game, player, action.target)
    elif rules.seven_zero and rank is Rank.ZERO:
        pass_hands(game)
    if rank is rules.pass_symbol_rank:
        teams.queue_exchange(game, player)
    game.set_continuation("next", player)


def _skip(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    """ "Skip makes the next player lose their turn"."""
    game.skip_next(action.player)


def _reverse(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    """ "Reverse reverses the direction of play"; two-player: "works exactly like a Skip"."""
    if game.player_count == 2 and game.rules.reverse_skips_with_two_players:
        game.skip_next(action.player)
        return
    game.direction = -game.direction
    game.emit(DirectionChanged(game.clockwise))
    game.set_continuation("next", action.player)


def _draw_two(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    """ "Draw Two makes the next player draw two cards and lose their turn"."""
    victim = game.next_active(action.player)
    if game.rules.stack_draw_two:
        _open_penalty(game, action.player, victim, 2, Phase.RESPOND_DRAW_TWO)
        return
    game.draw(victim, 2, DrawReason.DRAW_TWO)
    game.emit(player_skipped(victim))
    game.set_continuation("next", victim)


def _wild(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    game.set_continuation("next", action.player)


def _wild_draw_four(game: Game, action: PlayCard, colour_before: Color | None) -> None:
    """The target draws four or challenges; whether the play was legal is fixed now, from the
    hand the player kept and the colour that was on the pile."""
    player = action.player
    game.draw_four_illegal = draw_four_is_illegal(game, game.hands[player], colour_before)
    game.draw_four_player = player
    _open_penalty(game, player, game.next_active(player), 4, Phase.RESPOND_DRAW_FOUR)


def _open_penalty(game: Game, player: int, victim: int, cards: int, phase: Phase) -> None:
    stacked = game.penalty > 0
    game.penalty += cards
    if stacked:
        game.emit(PenaltyStacked(player, game.penalty))
    game.responder = victim
    game.phase = phase


def draw_four_is_illegal(game: Game, kept: Sequence[Card], colour: Color | None) -> bool:
    """classic: illegal if the player "had the color, or a Wild"; two-player: "If they held a
    card of the current color" (a matching number of another colour is fine)."""
    if any(card.color is colour for card in kept):
        return True
    return game.rules.challenge_counts_other_wilds and any(card.is_wild for card in kept)


def resolve_challenge(game: Game, challenger: int) -> None:
    """ "If they challenge and the player had the color, or a Wild, that player draws four.
    Otherwise, the challenger draws six and loses their turn." """
    offender, penalty = game.draw_four_player, game.penalty
    illegal = game.draw_four_illegal
    game.emit(DrawFourChallenged(challenger, offender, illegal, tuple(game.hands[offender])))
    game.clear_penalty()
    if illegal:
        game.draw(offender, penalty, DrawReason.CHALLENGE_LOST)
        game.set_continuation("turn", challenger)
    else:
        game.draw(challenger, penalty + 2, DrawReason.CHALLENGE_FAILED)
        game.emit(player_skipped(challenger))
        game.set_continuation("next", challenger)


def _swap(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    """ "Wild Swap Hands swaps your hand with an opponent's"."""
    assert action.target is not None
    swap_hands(game, action.player, action.target)
    game.set_continuation("next", action.player)


def swap_hands(game: Game, player: int, target: int) -> None:
    game.hands[player], game.hands[target] = game.hands[target], game.hands[player]
    game.emit(HandsSwapped(player, target))


def pass_hands(game: Game) -> None:
    """Every hand moves one seat along in the direction of play."""
    count, step = game.player_count, game.direction
    old = game.hands
    game.hands = [old[(seat - step) % count] for seat in range(count)]
    game.emit(HandsPassed(game.clockwise))


def _customizable(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    """ "Wild Customizable cards apply the rule written on them": the effect chosen at setup."""
    player, effect = action.player, game.rules.custom_effect
    if effect is CustomEffect.DRAW_TWO_SKIP:
        victim = game.next_active(player)
        game.draw(victim, 2, DrawReason.CUSTOM)
        game.emit(player_skipped(victim))
        game.set_continuation("next", victim)
        return
    if effect is CustomEffect.PASS_HANDS:
        pass_hands(game)
    elif effect is CustomEffect.OTHERS_DRAW_ONE:
        seat = player
        for _ in range(game.player_count - 1):
            seat = (seat + game.direction) % game.player_count
            game.draw(seat, 1, DrawReason.CUSTOM)
    game.set_continuation("next", player)


def _team_play(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    """ "choose a color, then play jumps directly to your teammate"."""
    mate = game.teammate_of(action.player)
    assert mate is not None
    game.set_continuation("team_play", action.player, mate)


def team_play_turn(game: Game, player: int, mate: int) -> None:
    """ "If your teammate can play, they play a card and play continues from them. If they
    cannot play, you draw 2 penalty cards; play still continues from your teammate's
    position." """
    if any(game.playable(card) for card in game.hands[mate]):
        game.begin_turn(mate, must_play=True)
        return
    game.draw(player, 2, DrawReason.TEAM_PLAY)
    game.set_continuation("next", mate)


def _team_draw_four(game: Game, action: PlayCard, _colour_before: Color | None) -> None:
    """ "The next player draws 2 cards and loses their turn; that player's teammate also draws
    2 cards, even if currently out of the hand." Drawing puts an out teammate back in play."""
    victim = game.next_active(action.player)
    game.draw(victim, 2, DrawReason.TEAM_DRAW_FOUR)
    victim_mate = game.teammate_of(victim)
    assert victim_mate is not None
    game.draw(victim_mate, 2, DrawReason.TEAM_DRAW_FOUR)
    game.emit(player_skipped(victim))
    game.set_continuation("next", victim)


def last_card_penalty(game: Game, player: int, card: Card) -> None:
    """two-player: "If that last card is a Draw Two or Wild Draw Four, the other player still
    draws those cards, and they count in the score." (No challenge: the hand has ended.)"""
    amounts = {
        Rank.DRAW_TWO: (2, DrawReason.DRAW_TWO),
        Rank.WILD_DRAW_FOUR: (4, DrawReason.DRAW_FOUR),
    }
    if card.rank in amounts:
        cards, reason = amounts[card.rank]
        game.draw(game.next_active(player), game.penalty + cards, reason)
        game.clear_penalty()


def first_card_hits_non_dealer(game: Game, card: Card, non_dealer: int) -> None:
    """two-player: "Any other action card hits the non-dealer at once. Skip or Reverse means the
    dealer plays first. Draw Two means the non-dealer draws 2 and the dealer plays first." """
    if card.rank is Rank.DRAW_TWO:
        game.draw(non_dealer, 2, DrawReason.FIRST_CARD)
    game.emit(player_skipped(non_dealer))
    game.set_continuation("turn", game.dealer)


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
