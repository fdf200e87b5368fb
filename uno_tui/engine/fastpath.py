"""The engine's fast path, in one place: what makes listing and taking actions cheap.

Bots' playouts and the engine benchmark (``benchmarks/bench_engine.py``, which must stay at
least 5x RLCard's UNO in decisions per second) list the decisions and apply one of their actions
over and over. Three things here keep that cheap:

- ``PlayTable``: every way to play a card (and each seat's draw), worked out once per table
  shape. Actions are values, so the ``PlayCard`` actions of a seat and a card are the same in
  every game at a table of that size under the same target rule; every game shares them. For
  each pile (seat, current colour, rank of the top card) it also keeps which cards could be
  played on it, so a turn's legal plays are one look-up per card in hand.
- ``was_offered``: ``Game.apply`` skips ``check`` for the very action object the engine listed
  as awaited since the last change (the checked path, like python-chess's ``push_san`` against
  its unchecked ``push``, is ``check`` then ``flow.carry_out``). ``decisions()`` lists exactly the
  legal set, so this changes no verdict; ``tests/test_engine_stateful.py`` holds the listed
  decisions and ``check`` to agreeing.
- Four enum members as constants (see below), for Python 3.11.

The other choices made for speed stay beside the code they serve, each with a comment saying
so: colours, ranks, cards and the reasons for drawing hash by identity (``cards.py``,
``events.py``); the most frequent events and continuations are made once and cached
(``events.py``, ``state.py``); the deck is shuffled by sorting on random keys drawn from C
(``state.py``); a view extends each listener's events instead of projecting the round again
(``view.py``); and ``decisions()`` and ``view()`` leave the awaited actions in
``State.offered`` for ``was_offered``.
"""

from __future__ import annotations

from functools import cache

from .actions import Action, DrawCard, KeepDrawn, PlayCard
from .cards import EVERY_CARD, Card, Color, Rank
from .decisions import DecisionKind, Phase, Then

# Python 3.11 reads an enum member (``Phase.TURN``) through ``EnumType.__getattr__``'s slow
# attribute path: about ten times the cost of a module constant (Python 3.12 dropped it). The
# few members tested on every action are read from these constants in the hot paths (the turn,
# a card played, play going on); everywhere else the code spells the members out.
TURN = Phase.TURN
RESOLVING = Phase.RESOLVING
NEXT = Then.NEXT
TURN_DECISION = DecisionKind.TURN

PlaysByCard = dict[Card, tuple[PlayCard, ...]]


class PlayTable:
    """The plays of one table shape: ``player_count`` seats, ``target_ranks`` naming targets."""

    __slots__ = ("_by_seat", "_on_pile", "draws", "keeps", "player_count", "target_ranks")

    def __init__(self, player_count: int, target_ranks: frozenset[Rank]) -> None:
        self.player_count = player_count
        self.target_ranks = target_ranks
        self._by_seat: list[PlaysByCard] = [{} for _ in range(player_count)]
        self._on_pile: dict[tuple[int, Color | None, Rank | None], PlaysByCard] = {}
        self.draws = tuple(DrawCard(seat) for seat in range(player_count))
        """Each seat's ``DrawCard``, offered on nearly every turn."""
        self.keeps = tuple(KeepDrawn(seat) for seat in range(player_count))

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

    def plays_on_pile(self, player: int, top: Card, color: Color | None) -> PlaysByCard:
        """Every card ``player`` could play on ``top`` with ``colour`` current, with its plays:
        "same color, number or symbol. Wild cards match anything" (see ``State.playable``)."""
        top_rank = None if top.color is None else top.rank  # a Wild matches by colour only
        key = (player, color, top_rank)
        on_pile = self._on_pile.get(key)
        if on_pile is None:
            on_pile = {
                card: self.plays(player, card)
                for card in EVERY_CARD
                if card.color is None or card.color is color or card.rank is top_rank
            }
            self._on_pile[key] = on_pile
        return on_pile


@cache
def play_table(player_count: int, target_ranks: frozenset[Rank]) -> PlayTable:
    """The table shared by every game of this shape (building it anew in each game was a good
    part of a short game's cost)."""
    return PlayTable(player_count, target_ranks)


def was_offered(offered: tuple[Action, ...], action: Action) -> bool:
    """Whether ``action`` is one of the very objects of the decision last listed as awaited
    (``State.offered``): those are legal until the state changes, which only ``apply`` does."""
    for candidate in offered:  # noqa: SIM110 (a plain loop: any() and a generator cost more)
        if candidate is action:
            return True
    return False
