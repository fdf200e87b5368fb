"""A match's mutable state, and the turn machinery every rule shares.

``State`` holds the table (hands, piles, colour, direction, whose turn), the phase and what is
owed (a penalty, passes, a share), and the match around it (scores, log, actions). The modules
that carry out the rules take a ``State`` and change it through the methods here or its fields:
``effects.py`` (what a card does), ``teams.py`` (Teams mechanics), ``rounds.py`` (dealing and
scoring), ``flow.py`` (applying an action). ``Game`` (``game.py``) is a ``State`` with the public
entry points on top.

Play goes on in two steps. A rule says where play continues (``set_continuation``, or
``next_turn_after``) and may queue interludes (a Teams exchange or share) that must happen first;
``flow.proceed`` runs them until a decision is awaited. Both are typed values (``decisions.py``),
so the state can be digested.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import repeat, starmap

from .actions import Action
from .cards import Card, Color, Rank
from .decisions import Continuation, Decision, Interlude, InterludeKind, Phase, Then
from .events import (
    DeckReshuffled,
    DrawReason,
    Event,
    PenaltyStacked,
    cards_drawn,
    player_skipped,
    turn_began,
)
from .fastpath import RESOLVING, TURN, play_table
from .position import Position
from .rules import Rules
from .seats import teammate_of

HAND_SIZE = 7

_continuation = cache(Continuation)
"""Continuations are values over seats: made once each (a dataclass costs a microsecond)."""


class State:
    """Everything that changes during a match. See the module text."""

    # Slots, not an instance dictionary: a game has more attributes than Python 3.11 keeps in
    # an instance's compact shared-key layout (30), so without slots every attribute read takes
    # the slow lookup path. The round's fields are listed (and reset) in ``reset_round``.
    __slots__ = (
        "action_turn",
        "actions",
        "awaiting",
        "continuation",
        "current",
        "current_color",
        "dealer",
        "direction",
        "discard_pile",
        "draw_four_illegal",
        "draw_four_player",
        "draw_pile",
        "drawn_card",
        "drew_now",
        "first_dealer",
        "hands",
        "initial_deck",
        "interludes",
        "log",
        "must_play",
        "names",
        "passes",
        "penalty",
        "phase",
        "player_count",
        "plays",
        "position",
        "responder",
        "resume_phase",
        "rng",
        "round_log_start",
        "round_number",
        "rules",
        "scores",
        "seed",
        "seen",
        "share",
        "target_ranks",
        "turn_index",
        "uno_exposed",
        "uno_settled",
        "winners",
    )

    # The round's state, reset by each deal (``reset_round``).
    hands: list[list[Card]]
    draw_pile: list[Card]
    """Face down; the end of the list is the top."""
    discard_pile: list[Card]
    """Face up; the end of the list is the top card."""
    current_color: Color | None
    direction: int
    """+1 clockwise (to the dealer's left first), -1 after a Reverse."""
    current: int
    phase: Phase
    turn_index: int
    """Counts turns begun this round; UNO catch windows are measured in it."""
    action_turn: int
    must_play: bool
    """Wild Team Play: the teammate must play a card."""
    drawn_card: Card | None
    penalty: int
    """Cards waiting for the responder: a Wild Draw Four's 4, or a stack's total."""
    responder: int
    draw_four_player: int
    draw_four_illegal: bool
    passes: dict[int, Card | None]
    share: tuple[int, int, int] | None
    """(giver, receiver, cards still to give) while a teammate shares their hand."""
    interludes: list[Interlude]
    continuation: Continuation | None
    resume_phase: Phase | None
    """The phase an interlude interrupted, to go back to after it."""
    uno_exposed: dict[int, int]
    """Players with one card who may be caught, and the turn in which they got there."""
    uno_settled: set[int]
    """Players with one card who are safe: they called UNO, or the window closed."""
    drew_now: set[int]
    """Teams: who drew during this action (a teammate who is out tags back in)."""

    def __init__(
        self,
        rules: Rules,
        names: tuple[str, ...],
        *,
        seed: int,
        deck: tuple[Card, ...] | None,
        first_dealer: int | None,
        position: Position | None,
    ) -> None:
        self.rules = rules
        self.names = names
        self.player_count = len(names)
        self.seed = seed
        self.initial_deck = deck
        self.first_dealer = first_dealer
        self.position = position
        self.rng = random.Random(seed)
        self.scores = [0] * (self.player_count // 2 if rules.team_game else self.player_count)
        self.round_number = 0
        self.dealer = 0
        self.winners: tuple[int, ...] = ()
        """The seats that won the match (in Teams, both members of the winning team)."""
        self.log: list[Event] = []
        """Every event of the match, private parts included: never shown as it is. The rules
        append each event here as it happens (``Game.apply`` returns the ones it added)."""
        self.round_log_start = 0
        self.seen: dict[int | None, tuple[int, list[Event], int]] = {}
        """Per listener: the round's first log index, its projection so far, and how far."""
        self.actions: list[Action] = []
        self.target_ranks = rules.target_ranks
        self.plays = play_table(self.player_count, self.target_ranks)
        """Every way to play each card at this table (the fast path, see ``fastpath.py``)."""
        self.awaiting: tuple[Decision, ...] | None = None
        """The decisions awaited, once listed, until the state changes (see ``offers.py``)."""
        self.reset_round()

    def reset_round(self) -> None:
        self.hands = [[] for _ in range(self.player_count)]
        self.draw_pile = []
        self.discard_pile = []
        self.current_color = None
        self.direction = 1
        self.current = 0
        self.phase = Phase.RESOLVING
        self.turn_index = 0
        self.action_turn = 0
        self.must_play = False
        self.drawn_card = None
        self.penalty = 0
        self.responder = -1
        self.draw_four_player = -1
        self.draw_four_illegal = False
        self.passes = {}
        self.share = None
        self.interludes = []
        self.continuation = None
        self.resume_phase = None
        self.uno_exposed = {}
        self.uno_settled = set()
        self.drew_now = set()

    # Queries -----------------------------------------------------------------------------

    @property
    def top_card(self) -> Card:
        return self.discard_pile[-1]

    @property
    def clockwise(self) -> bool:
        return self.direction == 1

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.MATCH_OVER

    def teammate_of(self, seat: int) -> int | None:
        return teammate_of(seat, self.player_count) if self.rules.team_game else None

    def next_dealer(self) -> int:
        return (self.dealer + 1) % self.player_count

    def next_active(self, seat: int) -> int:
        """The next seat after ``seat`` in the direction of play that holds cards."""
        count, hands = self.player_count, self.hands
        candidate = (seat + self.direction) % count
        if hands[candidate]:  # nearly always: only Teams players go out mid-round
            return candidate
        for step in range(2, count + 1):
            candidate = (seat + step * self.direction) % count
            if hands[candidate]:
                return candidate
        raise AssertionError("no player holds cards")

    def playable(self, card: Card) -> bool:
        """ "same color, number or symbol. Wild cards match anything"."""
        if card.color is None or card.color is self.current_color:
            return True
        top = self.discard_pile[-1]
        return top.color is not None and top.rank is card.rank

    def has_playable(self, player: int) -> bool:
        return any(self.playable(card) for card in self.hands[player])

    def takes_target(self, card: Card) -> bool:
        """Whether playing ``card`` names another player (see ``Rules.target_ranks``)."""
        return card.rank in self.target_ranks

    def cards_to_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard_pile) > 1

    def may_keep_drawn(self) -> bool:
        """Where a drawn playable card must be played, a Wild Draw Four that would be illegal
        is the exception: nobody is forced into a bluff."""
        if not self.rules.must_play_drawn_card:
            return True
        card = self.drawn_card
        if card is None or card.rank is not Rank.WILD_DRAW_FOUR:
            return False
        rest = list(self.hands[self.current])
        rest.remove(card)
        return self.draw_four_is_illegal(rest, self.current_color)

    def draw_four_is_illegal(self, kept: Sequence[Card], color: Color | None) -> bool:
        """classic: illegal if the player "had the color, or a Wild"; two-player: "If they held
        a card of the current color" (a matching number of another colour is fine)."""
        if any(card.color is color for card in kept):
            return True
        return self.rules.challenge_counts_other_wilds and any(card.is_wild for card in kept)

    def jump_in_open(self, seat: int) -> bool:
        return (
            self.rules.jump_in
            and self.phase is Phase.TURN
            and not self.must_play
            and seat != self.current
            and bool(self.hands[seat])
        )

    def distinct(self, player: int) -> tuple[Card, ...]:
        """Each card of the hand once, in hand order."""
        return tuple(dict.fromkeys(self.hands[player]))

    # Changes shared by every rule ----------------------------------------------------------

    def set_continuation(self, then: Then, seat: int, other: int = -1) -> None:
        """Play goes on this way once any queued interludes are over."""
        self.continuation = _continuation(then, seat, other)
        self.phase = RESOLVING

    def next_turn_after(self, seat: int) -> None:
        """The turn passes to the next player (holding cards) after ``seat``, once any queued
        interludes are over: how nearly every action ends."""
        self.continuation = self.plays.next_after[seat]
        self.phase = RESOLVING

    def queue_interlude(self, kind: InterludeKind, first: int = -1, second: int = -1) -> None:
        """An exchange or share that must happen before play goes on."""
        self.interludes.append(Interlude(kind, first, second))

    def skip_next(self, player: int) -> int:
        """The next player loses their turn; play goes on after them."""
        skipped = self.next_active(player)
        self.log.append(player_skipped(skipped))
        self.next_turn_after(skipped)
        return skipped

    def begin_turn(self, seat: int, *, must_play: bool = False) -> None:
        """``seat``'s turn begins; if ``seat`` holds no cards (a Teams player who is out), the
        next seat's that does."""
        if not self.hands[seat]:
            seat = self.next_active(seat)
        self.current = seat
        self.turn_index += 1
        self.must_play = must_play
        self.drawn_card = None
        self.phase = TURN
        self.log.append(turn_began(seat, True) if must_play else self.plays.turns_began[seat])

    def take_turn(self, player: int) -> None:
        """An out-of-order turn (jump-in, or a stacked answer) begins now."""
        self.current = player
        self.turn_index += 1
        self.action_turn = self.turn_index
        self.close_uno_windows()

    def close_uno_windows(self) -> None:
        """A turn action by the turn's holder: exposures from earlier turns are safe now."""
        for player, since in list(self.uno_exposed.items()):
            if since < self.turn_index:
                del self.uno_exposed[player]
                self.uno_settled.add(player)

    def draw(self, player: int, count: int, reason: DrawReason) -> list[Card]:
        """``player`` draws up to ``count`` cards, and everyone hears of it."""
        drawn = self.take_cards(player, count)
        self.log.append(cards_drawn(player, len(drawn), reason, tuple(drawn)))
        return drawn

    def take_cards(self, player: int, count: int) -> list[Card]:
        """``player`` takes up to ``count`` cards from the draw pile, reshuffling the discard
        pile as needed; the caller logs the ``CardsDrawn`` (see ``draw``)."""
        drawn: list[Card] = []
        for _ in range(count):
            if not self.draw_pile:
                self.reshuffle()
                if not self.draw_pile:
                    break
            drawn.append(self.draw_pile.pop())
        self.hands[player].extend(drawn)
        if drawn and self.rules.team_game:  # only Teams players tag back in (teams.py)
            self.drew_now.add(player)
        return drawn

    def reshuffle(self) -> None:
        """ "If the draw pile runs out, shuffle the discard pile (leave the top card)"."""
        if len(self.discard_pile) < 2:
            return
        top = self.discard_pile.pop()
        self.draw_pile, self.discard_pile = self.shuffled(self.discard_pile), [top]
        self.log.append(DeckReshuffled(len(self.draw_pile)))

    def shuffled(self, cards: list[Card]) -> list[Card]:
        """A uniformly random order: sorting by independent random keys is a fair shuffle,
        and several times faster than ``random.shuffle`` in pure Python."""
        # ``starmap`` calls random() once per card from C, a third of a comprehension's cost.
        keys = list(starmap(self.rng.random, repeat((), len(cards))))
        return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]

    def clear_penalty(self) -> None:
        self.penalty = 0
        self.responder = -1
        self.draw_four_player = -1
        self.draw_four_illegal = False

    def open_penalty(self, player: int, victim: int, cards: int, phase: Phase) -> None:
        """``victim`` must answer ``cards`` more penalty cards (a stack adds to it)."""
        stacked = self.penalty > 0
        self.penalty += cards
        if stacked:
            self.log.append(PenaltyStacked(player, self.penalty))
        self.responder = victim
        self.phase = phase
