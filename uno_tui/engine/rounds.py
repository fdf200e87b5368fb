"""Rounds: choosing the dealer, dealing, turning the first card, and scoring a finished hand.

``start_round`` deals a new hand (or sets up a given position) and leaves the state resolving,
with play's continuation set; ``end_round`` scores the hand, reveals every hand, and ends the
match when it is won.
"""

from __future__ import annotations

from . import effects, teams
from .cards import ACTION_RANKS, Card, Rank
from .decisions import Phase, Then
from .decks import build_deck
from .events import (
    CardsDealt,
    DealerChosen,
    FirstCardIgnored,
    FirstCardReturned,
    FirstCardTurned,
    HandScored,
    MatchEnded,
    RoundEnded,
    RoundStarted,
)
from .position import Position
from .rules import FirstCard, MatchMethod
from .scoring import hand_points
from .seats import team_members, team_of
from .state import HAND_SIZE, State

_NUMBER_VALUES = {rank: rank.number for rank in Rank if rank.is_number}
"""Face values of the number ranks, for the high-card draw."""


def start_round(state: State) -> None:
    first = state.round_number == 0
    state.round_number += 1
    state.round_log_start = len(state.log)
    state.reset_round()
    if first and state.position is not None:
        _set_up_position(state, state.position)
        return
    if first and state.initial_deck:
        deck = list(state.initial_deck)
    else:
        deck = state.shuffled(build_deck(state.rules))
    _choose_dealer(state, first)
    state.log.append(RoundStarted(state.round_number, state.dealer, HAND_SIZE))
    # One card at a time from the top of the deck, starting left of the dealer: the
    # player ``offset`` seats to the left gets cards offset - 1, offset - 1 + count, ...
    count, dealt = state.player_count, HAND_SIZE * state.player_count
    for offset in range(1, count + 1):
        state.hands[(state.dealer + offset) % count] = deck[offset - 1 : dealt : count]
    state.draw_pile = deck[dealt:][::-1]  # the end of the list is the top of the pile
    for player, hand in enumerate(state.hands):
        state.log.append(CardsDealt(player, len(hand), tuple(hand)))
    _turn_first_card(state)


def _set_up_position(state: State, position: Position) -> None:
    state.dealer = (
        position.dealer
        if position.dealer is not None
        else (position.current - 1) % state.player_count
    )
    state.log.append(DealerChosen(state.dealer))
    state.log.append(RoundStarted(state.round_number, state.dealer, HAND_SIZE))
    state.hands = [list(hand) for hand in position.hands]
    for player, hand in enumerate(state.hands):
        state.log.append(CardsDealt(player, len(hand), tuple(hand)))
    rest = state.shuffled(position.rest_of_deck(build_deck(state.rules)))
    state.draw_pile = [*position.draw_pile, *rest][::-1]
    state.discard_pile = list(position.discard_pile)
    state.log.append(FirstCardTurned(state.top_card))
    state.current_color = position.color or state.top_card.color
    state.direction = 1 if position.clockwise else -1
    state.set_continuation(Then.TURN, position.current)


def _choose_dealer(state: State, first: bool) -> None:
    if not first:
        state.dealer = state.next_dealer()
        state.log.append(DealerChosen(state.dealer))
    elif state.first_dealer is not None:
        state.dealer = state.first_dealer
        state.log.append(DealerChosen(state.dealer))
    elif state.rules.dealer_by_high_card:
        state.dealer, draws = _high_card_draw(state)
        state.log.append(DealerChosen(state.dealer, draws))
    else:
        state.dealer = state.rng.randrange(state.player_count)
        state.log.append(DealerChosen(state.dealer))


def _high_card_draw(state: State) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """ "Each player draws one card. The higher card deals. Put both cards back." Only
    number cards have a rank to compare: a tie or an action card means drawing again."""
    draws: list[tuple[int, Card]] = []
    deck = build_deck(state.rules)
    while True:
        # Drawing one card each from a shuffled deck is a sample without replacement.
        pair = list(enumerate(state.rng.sample(deck, state.player_count)))
        draws.extend(pair)
        values = [_NUMBER_VALUES.get(card.rank, -1) for _, card in pair]
        if -1 in values:
            continue
        best = max(values)
        if values.count(best) == 1:
            return values.index(best), tuple(draws)


def _turn_first_card(state: State) -> None:
    first_player = (state.dealer + 1) % state.player_count
    policy = state.rules.first_card
    while True:
        card = state.draw_pile.pop()
        if policy is FirstCard.TWO_PLAYER and card.rank is Rank.WILD_DRAW_FOUR:
            state.log.append(FirstCardReturned(card))
            state.draw_pile.insert(state.rng.randrange(len(state.draw_pile) + 1), card)
            continue
        state.discard_pile.append(card)
        state.log.append(FirstCardTurned(card))
        ignored = (policy is FirstCard.FLIP_AGAIN_ON_ACTION and card.rank in ACTION_RANKS) or (
            policy is FirstCard.FLIP_AGAIN_ON_ANY_ACTION and not card.rank.is_number
        )
        if not ignored:
            break
        state.log.append(FirstCardIgnored(card))
    state.current_color = card.color
    if state.rules.team_game:
        teams.queue_first_pass(state)
    if card.is_wild:
        state.set_continuation(Then.NAME_COLOR, first_player)
    elif policy is FirstCard.TWO_PLAYER and card.rank in ACTION_RANKS:
        effects.first_card_hits_non_dealer(state, card, first_player)
    else:
        state.set_continuation(Then.TURN, first_player)


def end_round(state: State, winner: int) -> None:
    """Score the hand, reveal every hand, and see whether the match is won."""
    rules = state.rules
    mate = state.teammate_of(winner)
    winners = (winner,) if mate is None else tuple(sorted((winner, mate)))
    held = [hand_points(hand, rules) for hand in state.hands]
    for player, hand in enumerate(state.hands):
        state.log.append(HandScored(player, tuple(hand), held[player]))
    points = sum(held)
    if rules.team_game:
        state.scores[team_of(winner, state.player_count)] += points
    elif rules.match_method is MatchMethod.LOWEST_CAUGHT:
        for player, value in enumerate(held):
            state.scores[player] += value
    else:
        state.scores[winner] += points
    state.log.append(RoundEnded(state.round_number, winners, points, tuple(state.scores)))
    state.interludes.clear()
    state.continuation = None
    state.resume_phase = None
    state.clear_penalty()
    match_winners = _match_winners(state)
    if match_winners:
        state.winners = match_winners
        state.phase = Phase.MATCH_OVER
        state.log.append(MatchEnded(match_winners, tuple(state.scores)))
    else:
        state.phase = Phase.ROUND_OVER


def _match_winners(state: State) -> tuple[int, ...]:
    """The seats that won the match (in Teams, both members of each winning team), or ()
    while it goes on."""
    target = state.rules.target_score
    scores = state.scores
    if state.rules.match_method is MatchMethod.LOWEST_CAUGHT:
        if max(scores) <= target:
            return ()
        low = min(scores)
        won = tuple(i for i, score in enumerate(scores) if score == low)
    else:
        won = tuple(i for i, score in enumerate(scores) if score >= target)
    if not state.rules.team_game:
        return won
    return tuple(sorted(seat for team in won for seat in team_members(team, state.player_count)))
