"""UNO Teams mechanics: partners across the table, secret passes, sharing cards on going out,
and tagging back in. The game calls these at the points the Teams text names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .decisions import Phase
from .events import (
    CardGiven,
    CardPassed,
    ExchangeStarted,
    PassChosen,
    PlayerStaysOut,
    PlayerWentOut,
    ShareStarted,
)

if TYPE_CHECKING:
    from .game import Game


def teammate_of(seat: int, player_count: int) -> int:
    """ "Teammates sit across from each other"."""
    return (seat + player_count // 2) % player_count


def team_of(seat: int, player_count: int) -> int:
    """Team numbers run 0 .. player_count/2 - 1; seat s and seat s + n/2 share team s."""
    return seat % (player_count // 2)


def team_members(team: int, player_count: int) -> tuple[int, int]:
    return team, team + player_count // 2


def queue_first_pass(game: Game) -> None:
    """ "Before play begins, every player secretly chooses one card and simultaneously passes
    it to their teammate." """
    game.queue_interlude(("first_pass", -1, -1))


def queue_exchange(game: Game, player: int) -> None:
    """ "When one is played, both teammates simultaneously and secretly pass one card to each
    other." """
    mate = game.teammate_of(player)
    assert mate is not None
    game.queue_interlude(("exchange", player, mate))


def went_out(game: Game, player: int) -> None:
    """ "If you empty your hand while your teammate still has cards, your teammate gives you
    half of their remaining cards, rounded down"."""
    mate = game.teammate_of(player)
    if mate is None:
        return
    game.emit(PlayerWentOut(player))
    game.queue_interlude(("share", mate, player))


def queue_tag_backs(game: Game) -> None:
    """ "If you are out and your teammate later draws cards for any reason, they immediately
    give you half of their cards, rounded down, and you return to play." """
    drawers, game.drew_now = game.drew_now, set()
    if not game.rules.team_game or game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return
    for drawer in sorted(drawers):
        mate = teammate_of(drawer, game.player_count)
        if not game.hands[mate] and ("tag", drawer, mate) not in game.interludes:
            game.queue_interlude(("tag", drawer, mate))


def start_interlude(game: Game, interlude: tuple[str, int, int]) -> None:
    """Open the decisions of a queued exchange or share, or let it lapse if it no longer
    applies (a player with no cards neither passes nor receives)."""
    kind, first, second = interlude
    if kind == "first_pass":
        seats = tuple(range(game.player_count))
        _open_passing(game, seats, first_pass=True)
    elif kind == "exchange":
        if game.hands[first] and game.hands[second]:
            _open_passing(game, (first, second), first_pass=False)
    else:
        _open_share(game, giver=first, receiver=second, tag_back=kind == "tag")


def _open_passing(game: Game, seats: tuple[int, ...], *, first_pass: bool) -> None:
    game.passes = dict.fromkeys(seats)
    game.emit(ExchangeStarted(seats, first_pass))
    game.phase = Phase.PASSING


def _open_share(game: Game, *, giver: int, receiver: int, tag_back: bool) -> None:
    if game.hands[receiver]:
        return  # already back in play
    held = len(game.hands[giver])
    if held >= 2:
        game.share = (giver, receiver, held // 2)
        game.emit(ShareStarted(giver, receiver, held // 2, tag_back))
        game.phase = Phase.SHARING
    elif held == 1 and not tag_back:
        # "If your teammate has only 1 card when you go out, they keep it and you stay out."
        game.emit(PlayerStaysOut(receiver))


def choose_pass(game: Game, player: int, card: Card) -> None:
    """Record a secret choice; when every choice is in, all passes happen at once."""
    game.passes[player] = card
    game.emit(PassChosen(player, card))
    if any(chosen is None for chosen in game.passes.values()):
        return
    chosen = [(giver, passed) for giver, passed in game.passes.items() if passed is not None]
    for giver, passed in chosen:
        game.hands[giver].remove(passed)
    for giver, passed in chosen:
        receiver = teammate_of(giver, game.player_count)
        game.hands[receiver].append(passed)
        game.emit(CardPassed(giver, receiver, passed))
    game.passes = {}
    game.phase = Phase.RESOLVING


def give_card(game: Game, player: int, card: Card) -> None:
    assert game.share is not None
    giver, receiver, left = game.share
    game.hands[giver].remove(card)
    game.hands[receiver].append(card)
    game.emit(CardGiven(giver, receiver, card))
    if left > 1:
        game.share = (giver, receiver, left - 1)
    else:
        game.share = None
        game.phase = Phase.RESOLVING
