"""UNO Teams mechanics: partners across the table, secret passes, sharing cards on going out,
and tagging back in. The rules call these at the points the Teams text names."""

from __future__ import annotations

from .cards import Card
from .decisions import Interlude, InterludeKind, Phase
from .events import (
    CardGiven,
    CardPassed,
    ExchangeStarted,
    PassChosen,
    PlayerStaysOut,
    PlayerWentOut,
    ShareStarted,
)
from .seats import team_members, team_of, teammate_of
from .state import State

__all__ = ["team_members", "team_of", "teammate_of"]


def queue_first_pass(state: State) -> None:
    """ "Before play begins, every player secretly chooses one card and simultaneously passes
    it to their teammate." """
    state.queue_interlude(InterludeKind.FIRST_PASS)


def queue_exchange(state: State, player: int) -> None:
    """ "When one is played, both teammates simultaneously and secretly pass one card to each
    other." """
    mate = state.teammate_of(player)
    assert mate is not None
    state.queue_interlude(InterludeKind.EXCHANGE, player, mate)


def went_out(state: State, player: int) -> None:
    """ "If you empty your hand while your teammate still has cards, your teammate gives you
    half of their remaining cards, rounded down"."""
    mate = state.teammate_of(player)
    if mate is None:
        return
    state.log.append(PlayerWentOut(player))
    state.queue_interlude(InterludeKind.SHARE, mate, player)


def queue_tag_backs(state: State) -> None:
    """ "If you are out and your teammate later draws cards for any reason, they immediately
    give you half of their cards, rounded down, and you return to play." """
    drawers, state.drew_now = state.drew_now, set()
    if not state.rules.team_game or state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return
    for drawer in sorted(drawers):
        mate = teammate_of(drawer, state.player_count)
        tag_back = Interlude(InterludeKind.TAG_BACK, drawer, mate)
        if not state.hands[mate] and tag_back not in state.interludes:
            state.interludes.append(tag_back)


def start_interlude(state: State, interlude: Interlude) -> None:
    """Open the decisions of a queued exchange or share, or let it lapse if it no longer
    applies (a player with no cards neither passes nor receives)."""
    kind, first, second = interlude.kind, interlude.first, interlude.second
    if kind is InterludeKind.FIRST_PASS:
        seats = tuple(range(state.player_count))
        _open_passing(state, seats, first_pass=True)
    elif kind is InterludeKind.EXCHANGE:
        if state.hands[first] and state.hands[second]:
            _open_passing(state, (first, second), first_pass=False)
    elif kind is InterludeKind.SHARE or kind is InterludeKind.TAG_BACK:
        _open_share(state, giver=first, receiver=second, tag_back=kind is InterludeKind.TAG_BACK)
    else:
        raise AssertionError(f"unknown interlude {interlude!r}")


def _open_passing(state: State, seats: tuple[int, ...], *, first_pass: bool) -> None:
    state.passes = dict.fromkeys(seats)
    state.log.append(ExchangeStarted(seats, first_pass))
    state.phase = Phase.PASSING


def _open_share(state: State, *, giver: int, receiver: int, tag_back: bool) -> None:
    if state.hands[receiver]:
        return  # already back in play
    held = len(state.hands[giver])
    if held >= 2:
        state.share = (giver, receiver, held // 2)
        state.log.append(ShareStarted(giver, receiver, held // 2, tag_back))
        state.phase = Phase.SHARING
    elif held == 1 and not tag_back:
        # "If your teammate has only 1 card when you go out, they keep it and you stay out."
        state.log.append(PlayerStaysOut(receiver))


def choose_pass(state: State, player: int, card: Card) -> None:
    """Record a secret choice; when every choice is in, all passes happen at once."""
    state.passes[player] = card
    state.log.append(PassChosen(player, card))
    if any(chosen is None for chosen in state.passes.values()):
        return
    chosen = [(giver, passed) for giver, passed in state.passes.items() if passed is not None]
    for giver, passed in chosen:
        state.hands[giver].remove(passed)
    for giver, passed in chosen:
        receiver = teammate_of(giver, state.player_count)
        state.hands[receiver].append(passed)
        state.log.append(CardPassed(giver, receiver, passed))
    state.passes = {}
    state.phase = Phase.RESOLVING


def give_card(state: State, player: int, card: Card) -> None:
    assert state.share is not None
    giver, receiver, left = state.share
    state.hands[giver].remove(card)
    state.hands[receiver].append(card)
    state.log.append(CardGiven(giver, receiver, card))
    if left > 1:
        state.share = (giver, receiver, left - 1)
    else:
        state.share = None
        state.phase = Phase.RESOLVING
