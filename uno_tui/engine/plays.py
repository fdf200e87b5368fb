"""The engine's one fast path: every way to play a card, worked out once per table shape.

Listing a turn's legal plays is what the engine does most (a bot's playout or the engine
benchmark, ``benchmarks/bench_engine.py``, list them for nearly every action). Actions are
values, so the ``PlayCard`` actions of a seat and a card are the same in every game at a table of
that size under the same target rule: a ``PlayTable`` builds them once and every game shares it.
It also keeps, for each pile (seat, current colour, rank of the top card), which cards could be
played on it, so a turn's legal plays are one look-up per card in hand.

Nothing here knows the rules beyond "same colour, number or symbol; Wilds match anything" and
which ranks name a target (``Rules.target_ranks``); what is legal is decided by ``checking.py``,
and ``tests/test_engine_stateful.py`` holds the two to agreeing.
"""

from __future__ import annotations

from functools import cache

from .actions import PlayCard
from .cards import EVERY_CARD, Card, Color, Rank

PlaysByCard = dict[Card, tuple[PlayCard, ...]]


class PlayTable:
    """The plays of one table shape: ``player_count`` seats, ``target_ranks`` naming targets."""

    __slots__ = ("_by_seat", "_on_pile", "player_count", "target_ranks")

    def __init__(self, player_count: int, target_ranks: frozenset[Rank]) -> None:
        self.player_count = player_count
        self.target_ranks = target_ranks
        self._by_seat: list[PlaysByCard] = [{} for _ in range(player_count)]
        self._on_pile: dict[tuple[int, Color | None, Rank | None], PlaysByCard] = {}

    def plays(self, player: int, card: Card) -> tuple[PlayCard, ...]:
        """Every way to play ``card``: one per colour for a Wild, one per target where a
        player must be chosen."""
        actions = self._by_seat[player].get(card)
        if actions is None:
            targets: tuple[int | None, ...] = (
                tuple(seat for seat in range(self.player_count) if seat != player)
                if card.rank in self.target_ranks
                else (None,)
            )
            colors: tuple[Color | None, ...] = tuple(Color) if card.is_wild else (None,)
            actions = tuple(
                PlayCard(player, card, color, target) for color in colors for target in targets
            )
            self._by_seat[player][card] = actions
        return actions

    def plays_on_pile(self, player: int, top: Card, colour: Color | None) -> PlaysByCard:
        """Every card ``player`` could play on ``top`` with ``colour`` current, with its plays:
        "same color, number or symbol. Wild cards match anything" (see ``State.playable``)."""
        top_rank = None if top.color is None else top.rank  # a Wild matches by colour only
        key = (player, colour, top_rank)
        on_pile = self._on_pile.get(key)
        if on_pile is None:
            on_pile = {
                card: self.plays(player, card)
                for card in EVERY_CARD
                if card.color is None or card.color is colour or card.rank is top_rank
            }
            self._on_pile[key] = on_pile
        return on_pile


@cache
def play_table(player_count: int, target_ranks: frozenset[Rank]) -> PlayTable:
    """The table shared by every game of this shape (building it anew in each game was a good
    part of a short game's cost)."""
    return PlayTable(player_count, target_ranks)
