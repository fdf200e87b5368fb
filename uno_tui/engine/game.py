"""The game: one object owns a match's state; every change goes through ``apply``.

``decisions()`` says who may decide what now, ``check(action)`` raises a specific
``IllegalActionError`` for anything the rules forbid, and ``apply(action)`` checks first, then
changes the state and returns the events it caused. ``view(player)`` is all a player may know;
``record()`` is the match as data, and ``Game.from_record`` plays one back.

``Game`` is the facade; the work is done along these seams:

- ``state.py``: the state itself and the turn machinery every rule shares;
- ``offers.py``: the decisions open now; ``fastpath.py``: the one fast path (see there);
- ``checking.py``: whether an action is allowed, and if not why;
- ``flow.py``: carrying out an action and running play on to the next decision;
- ``effects.py`` (what a card does), ``teams.py`` (Teams mechanics), ``rounds.py`` (dealing,
  the first card, scoring);
- ``view.py`` and ``record.py``: a player's view, and the match record.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from typing import overload

from . import checking, flow, offers, rounds
from .actions import Action
from .cards import Card
from .decks import build_deck
from .errors import IllegalActionError, RecordError, SetupError
from .events import Event
from .fastpath import was_offered
from .names import check_names
from .position import Position
from .record import MatchRecord
from .rules import Rules
from .state import State
from .view import PlayerView, PublicView, make_view, round_events

__all__ = ["Game"]


class Game(State):
    """A match of UNO under one ``Rules``: rounds dealt in turn until a winner.

    ``players`` are the names in seat order (seat 0 first, clockwise). ``seed`` drives every
    shuffle; ``deck`` fixes the order of the first hand's deck (dealt one card at a time from
    the front, starting left of the dealer), for tests and puzzles; ``first_dealer`` fixes who
    deals the first hand.
    """

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str] | int,
        *,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        first_dealer: int | None = None,
        position: Position | None = None,
    ) -> None:
        names = (
            tuple(f"Player {i + 1}" for i in range(players))
            if isinstance(players, int)
            else tuple(players)
        )
        rules.check_players(len(names))
        check_names(names)
        if first_dealer is not None and not 0 <= first_dealer < len(names):
            raise SetupError(f"first dealer {first_dealer} is not a seat (0-{len(names) - 1})")
        if deck is not None and position is not None:
            raise SetupError("give a deck order or a position, not both")
        if position is not None:
            position.check(build_deck(rules), len(names))
        if deck is not None and Counter(deck) != Counter(build_deck(rules)):
            raise SetupError(
                f"the deck order given is not the {rules.deck.value} deck of these rules: "
                "every card must be there exactly once"
            )
        super().__init__(
            rules,
            names,
            seed=seed if seed is not None else random.SystemRandom().randrange(2**63),
            deck=tuple(deck) if deck is not None else None,
            first_dealer=first_dealer,
            position=position,
        )
        rounds.start_round(self)
        flow.settle(self)
        self.log.extend(self.events)

    @classmethod
    def from_record(cls, record: MatchRecord, moves: int | None = None) -> Game:
        """The game of ``record`` after its first ``moves`` actions (all of them by default;
        0: as it stood before the first). A record that does not play back raises
        ``RecordError`` naming what is wrong and, for a move, its number."""
        try:
            game = cls(
                record.rules,
                record.players,
                seed=record.seed,
                deck=record.deck,
                first_dealer=record.first_dealer,
                position=record.position,
            )
        except SetupError as error:
            raise RecordError(f"the record's setup is not valid: {error}") from None
        for number, action in enumerate(record.actions[:moves], start=1):
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise RecordError(f"move {number} is not legal in this match: {error}") from None
        return game

    # Deciding and acting -------------------------------------------------------------------

    decisions = offers.decisions
    """``decisions(out_of_turn=True)``: every open decision, the ones the game waits for
    first, then (unless ``out_of_turn`` is False) the calls, catches and jump-ins anyone
    eligible may make meanwhile. Asking changes nothing of the match, but it is not read-only:
    the awaited decision's actions are remembered in ``offered``, which ``apply`` takes
    without checking them again (``fastpath.was_offered``)."""

    def check(self, action: Action) -> None:
        """Raise the specific ``IllegalActionError`` if ``action`` is not allowed now."""
        checking.check(self, action)

    def apply(self, action: Action) -> list[Event]:
        """Check ``action``, carry it out, and return the events it caused."""
        if not was_offered(self.offered, action):  # the fast path (see fastpath.py)
            checking.check(self, action)
        return flow.carry_out(self, action)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now, of ``player`` or of everyone."""
        return [
            action
            for decision in self.decisions()
            if player is None or decision.player == player
            for action in decision.actions
        ]

    def can(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    # Looking -------------------------------------------------------------------------------

    @overload
    def view(self, player: int) -> PlayerView: ...
    @overload
    def view(self, player: None) -> PublicView: ...
    def view(self, player: int | None) -> PublicView:
        """What ``player`` may know; ``None``: what anyone may know (an onlooker). A player's
        view lists their decisions, so, as ``decisions`` does, it leaves the awaited actions
        in ``offered`` (and the view keeps what it has read of the log, so the next view
        costs only what happened since)."""
        return make_view(self, player)

    def record(self) -> MatchRecord:
        return MatchRecord.of(self)

    def round_events(self, player: int | None) -> tuple[Event, ...]:
        """This round's events as ``player`` saw them (``None``: as an onlooker)."""
        return round_events(self, player)

    def cards_in_play(self) -> Counter[Card]:
        """Every card in the hands, the draw pile and the discard pile (for invariants)."""
        counted: Counter[Card] = Counter(self.draw_pile)
        counted.update(self.discard_pile)
        for hand in self.hands:
            counted.update(hand)
        return counted

    def digest(self) -> str:
        """A fingerprint of the whole engine state, private parts and the dice included: two
        games with the same digest behave alike from here on. Tests use it to show that a
        rejected action changed nothing and that a replayed record rebuilds the same game. It
        hashes the ``repr`` of internal values, so it may change with the code: compare it
        within one version only. (``saves.table_digest`` is the other fingerprint: of the
        visible table only, from plain values that stay the same across versions, because it
        is written into save files.)"""
        state = (
            self.round_number,
            self.dealer,
            self.scores,
            self.hands,
            self.draw_pile,
            self.discard_pile,
            self.current_color,
            self.direction,
            self.current,
            self.phase,
            self.turn_index,
            self.must_play,
            self.drawn_card,
            self.penalty,
            self.responder,
            self.draw_four_player,
            self.draw_four_illegal,
            sorted(self.passes.items()),
            self.share,
            self.interludes,
            self.continuation,
            self.resume_phase,
            sorted(self.uno_exposed.items()),
            sorted(self.uno_settled),
            self.winners,
            len(self.log),
            len(self.actions),
            self.rng.getstate(),
        )
        return hashlib.sha256(repr(state).encode()).hexdigest()
