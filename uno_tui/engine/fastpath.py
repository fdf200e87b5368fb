"""The engine's fast path, in one place: what makes listing and taking actions cheap.

Bots' playouts and the engine benchmark (``benchmarks/bench_engine.py``, which must stay at
least 5x RLCard's UNO in decisions per second) list the decisions and apply one of their actions
over and over. The speed comes from the data model, as python-chess's does, not from shortcuts
in the rules' code:

- ``PlayTable``: what every game at a table of one shape (seat count, target rule) shares,
  worked out once: every way to play each card (actions are values, so the ``PlayCard`` of a
  seat and a card is the same object in every game), for each pile (seat, colour, top card)
  the plays of every card (none when it does not match), so a turn's legal plays are one
  look-up per card in hand, and each seat's draw, keep, ``TurnBegan`` and next-turn
  continuation, made once rather than on every turn.
- The awaited decisions are kept with the state until it changes (``State.awaiting``, filled
  by ``offers.decisions``, emptied by ``flow.carry_out``). ``Game.apply`` is the checked path,
  ``checking.check`` then ``flow.carry_out``, and skips the check for the very action object the
  engine listed in the decision awaited (``was_offered``): like python-chess's unchecked
  ``push`` beside ``push_san``, the unchecked path is named apart. ``decisions()`` lists exactly
  the legal set, so this changes no verdict; ``tests/test_engine_stateful.py`` holds the listed
  actions and ``check`` to agreeing, and the two paths to the same game.
- Four enum members as constants (see below), for Python 3.11.

Elsewhere the data model does the rest, each said where it is: cards are interned values that
compare and hash by identity (``cards.py``); colours, ranks, draw reasons and continuation
kinds hash by identity (``cards.py``, ``events.py``, ``decisions.py``); common events are shared
values (``events.py``); events go straight into the match log (``state.py``); the state keeps
its fields in slots and shuffles by sorting random keys (``state.py``); a view extends each
listener's events instead of projecting the round again (``view.py``); a turn's decision is
made as the tuple it is (``offers.py``).
"""

from __future__ import annotations

from functools import cache

from .actions import Action, DrawCard, KeepDrawn, PlayCard
from .cards import EVERY_CARD, Card, Color, Rank
from .decisions import Continuation, Decision, DecisionKind, Phase, Then
from .events import TurnBegan

# Python 3.11 reads an enum member (``Phase.TURN``) through ``EnumType.__getattr__``'s slow
# attribute path: about ten times the cost of a module constant (Python 3.12 dropped it). The
# few members tested on every action are read from these constants in the hot paths (the turn,
# a card played, play going on); everywhere else the code spells the members out.
TURN = Phase.TURN
RESOLVING = Phase.RESOLVING
NEXT = Then.NEXT
TURN_DECISION = DecisionKind.TURN

Plays = tuple[PlayCard, ...]


class PlayTable:
    """The plays of one table shape: ``player_count`` seats, ``target_ranks`` naming targets,
    worked out once and shared by every game of that shape (see ``play_table``)."""

    __slots__ = ("draws", "keeps", "next_after", "on_pile", "plays", "turns_began")

    def __init__(self, player_count: int, target_ranks: frozenset[Rank]) -> None:
        seats = range(player_count)
        self.plays: dict[tuple[int, Card], Plays] = {
            (seat, card): _plays(seat, card, player_count, target_ranks)
            for seat in seats
            for card in EVERY_CARD
        }
        """``plays[seat, card]``: every way for ``seat`` to play ``card``."""
        self.on_pile: dict[tuple[int, Color | None, Card], dict[Card, Plays]] = {}
        """``on_pile[seat, colour, top card]``: for every card, its plays by ``seat`` on that
        pile; none when it does not match. So a turn's legal plays are one look-up per card."""
        for seat in seats:
            for color in (*Color, None):
                by_rank: dict[Rank | None, dict[Card, Plays]] = {}
                for top in EVERY_CARD:
                    rank = None if top.color is None else top.rank  # a Wild: its colour only
                    if rank not in by_rank:
                        by_rank[rank] = {
                            card: self.plays[seat, card] if _matches(card, color, rank) else ()
                            for card in EVERY_CARD
                        }
                    self.on_pile[seat, color, top] = by_rank[rank]
        self.draws = tuple(DrawCard(seat) for seat in seats)
        """Each seat's ``DrawCard``, offered on nearly every turn."""
        self.keeps = tuple(KeepDrawn(seat) for seat in seats)
        self.turns_began = tuple(TurnBegan(seat) for seat in seats)
        self.next_after = tuple(Continuation(Then.NEXT, seat) for seat in seats)


def _plays(seat: int, card: Card, player_count: int, target_ranks: frozenset[Rank]) -> Plays:
    """One play per colour for a Wild, one per target where a player must be chosen."""
    targets: tuple[int | None, ...] = (
        tuple(other for other in range(player_count) if other != seat)
        if card.rank in target_ranks
        else (None,)
    )
    colors: tuple[Color | None, ...] = tuple(Color) if card.is_wild else (None,)
    return tuple(PlayCard(seat, card, color, target) for color in colors for target in targets)


def _matches(card: Card, color: Color | None, top_rank: Rank | None) -> bool:
    """ "same color, number or symbol. Wild cards match anything" (``State.playable``)."""
    return card.color is None or card.color is color or card.rank is top_rank


@cache
def play_table(player_count: int, target_ranks: frozenset[Rank]) -> PlayTable:
    """The table shared by every game of this shape (building it anew in each game was a good
    part of a short game's cost)."""
    return PlayTable(player_count, target_ranks)


def was_offered(awaiting: tuple[Decision, ...] | None, action: Action) -> bool:
    """Whether ``action`` is one of the very objects listed in the decision awaited
    (``State.awaiting``; the first, where several are): those are legal until the state
    changes, which only ``apply`` does."""
    if awaiting:
        for candidate in awaiting[0].actions:
            if candidate is action:
                return True
    return False
