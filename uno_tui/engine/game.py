"""The game: one object owns a match's mutable state; every change goes through ``apply``.

``decisions()`` says who may decide what now, ``check(action)`` raises a specific
``IllegalActionError`` for anything the rules forbid, and ``apply(action)`` checks first, then
changes the state and returns the events it caused. ``view(player)`` is all a player may know.

What a card does is in ``effects.py``; the Teams mechanics are in ``teams.py``; scoring in
``scoring.py``. This module holds the turn machinery they share.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import repeat, starmap
from typing import TYPE_CHECKING, ClassVar, TypeVar, overload

from . import effects, teams
from .actions import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Deal,
    DrawCard,
    GiveCard,
    KeepDrawn,
    NameColor,
    PassCard,
    PlayCard,
)
from .cards import EVERY_CARD, Card, Color, Rank
from .decisions import Decision, DecisionKind, Phase
from .decks import build_deck
from .errors import (
    BadChoiceError,
    CardDoesNotMatchError,
    CardNotInHandError,
    DrawnCardOnlyError,
    IllegalActionError,
    MustPlayError,
    NoCardsToDrawError,
    NotYourDecisionError,
    RoundOverError,
    SetupError,
    UnoCallError,
)
from .events import (
    CardsDealt,
    ColorNamed,
    DealerChosen,
    DeckReshuffled,
    DrawnCardKept,
    DrawReason,
    Event,
    FirstCardIgnored,
    FirstCardReturned,
    FirstCardTurned,
    HandScored,
    MatchEnded,
    RoundEnded,
    RoundStarted,
    TurnBegan,
    UnoCalled,
    UnoCaught,
    card_played,
    cards_drawn,
    player_skipped,
    turn_began,
    turn_passed,
)
from .names import check_names
from .position import Position
from .rules import FirstCard, MatchMethod, Rules
from .scoring import hand_points
from .view import make_view

if TYPE_CHECKING:
    from .record import MatchRecord
    from .view import PlayerView, PublicView

HAND_SIZE = 7

_PLAY_ACTIONS: dict[tuple[int, frozenset[Rank]], list[dict[Card, tuple[PlayCard, ...]]]] = {}
"""Every way to play a card (see ``Game._play_actions``), per seat, for each table size and set
of ranks that name a target. Actions are values, so every game shares them: building them anew
in each game was a good part of a short game's cost."""

PileKey = tuple[int, Color | None, Rank | None]
"""A seat, the current colour, and the rank of the top card (None for a Wild)."""

PlaysByCard = dict[Card, tuple[PlayCard, ...]]

_PLAYS_ON_PILE: dict[tuple[int, frozenset[Rank]], dict[PileKey, PlaysByCard]] = {}
"""Per table size and target ranks as above: for each (seat, current colour, rank of the top
card), every card that seat could play on such a pile, with its ``_play_actions``. The legal
plays of a turn are then one look-up per card in hand (see ``Game._turn_decision``)."""

_NUMBER_VALUES = {rank: rank.number for rank in Rank if rank.is_number}
"""Face values of the number ranks, for the high-card draw."""

# Phases and decision kinds read on every action. On Python 3.11, reading an enum member as a
# class attribute (``Phase.TURN``) takes the slow path of attribute lookup, because the enum
# metaclass defines ``__getattr__``: it costs several times a module global, and the hot paths
# below read a dozen of them per action. Elsewhere the code spells them out.
_TURN = Phase.TURN
_DRAWN = Phase.DRAWN
_RESOLVING = Phase.RESOLVING
_RESPOND_DRAW_TWO = Phase.RESPOND_DRAW_TWO
_RESPOND_DRAW_FOUR = Phase.RESPOND_DRAW_FOUR
_ROUND_OVER = Phase.ROUND_OVER
_MATCH_OVER = Phase.MATCH_OVER
_TURN_DECISION = DecisionKind.TURN
_TEAM_PLAY_DECISION = DecisionKind.TEAM_PLAY
_PLAY_DRAWN_DECISION = DecisionKind.PLAY_DRAWN
_CHOICE = DrawReason.CHOICE

Continuation = tuple[str, int, int]
"""What to do once the pending interludes are over, as data so the state can be digested:
("next", seat, -1) the turn passes to the next player after seat; ("turn", seat, -1) it is
seat's turn; ("name_color", seat, -1) seat names the first card's colour, then plays;
("team_play", player, teammate) Wild Team Play jumps to the teammate."""


_SeatAction = TypeVar("_SeatAction", DrawCard, KeepDrawn, Challenge, AcceptPenalty)


@cache
def _per_seat(kind: type[_SeatAction], count: int) -> tuple[_SeatAction, ...]:
    """One action of ``kind`` for each seat, shared by every game like ``_PLAY_ACTIONS``."""
    return tuple(kind(seat) for seat in range(count))


@cache
def _turns_began(count: int) -> tuple[TurnBegan, ...]:
    """Each seat's ``TurnBegan`` (not under a Wild Team Play), shared like the actions above."""
    return tuple(turn_began(seat, False) for seat in range(count))


class Game:
    """A match of UNO under one ``Rules``: rounds dealt in turn until a winner.

    ``players`` are the names in seat order (seat 0 first, clockwise). ``seed`` drives every
    shuffle; ``deck`` fixes the order of the first hand's deck (dealt one card at a time from
    the front, starting left of the dealer), for tests and puzzles; ``first_dealer`` fixes who
    deals the first hand.
    """

    # Slots, not an instance dictionary: a game has more attributes than Python 3.11 keeps in
    # an instance's compact shared-key layout (30), so without slots every game gets a full
    # dictionary, and every method call on it (a dozen per action) takes the slow lookup path.
    __slots__ = (  # the round's state (annotated below) and the match's (see __init__)
        "_draw_actions",
        "_events",
        "_keep_actions",
        "_offered",
        "_play_cache",
        "_plays_on",
        "_rng",
        "_seen",
        "_target_ranks",
        "_turns_began",
        "action_turn",
        "actions",
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
        "position",
        "responder",
        "resume_phase",
        "round_log_start",
        "round_number",
        "rules",
        "scores",
        "seed",
        "share",
        "turn_index",
        "uno_exposed",
        "uno_settled",
        "winners",
    )

    # The round's state, reset by each deal.
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
    drawn_card: Card | None
    penalty: int
    """Cards waiting for the responder: a Wild Draw Four's 4, or a stack's total."""
    responder: int
    draw_four_player: int
    draw_four_illegal: bool
    passes: dict[int, Card | None]
    share: tuple[int, int, int] | None
    """(giver, receiver, cards still to give) while a teammate shares their hand."""
    interludes: list[tuple[str, int, int]]
    continuation: Continuation | None
    resume_phase: Phase | None
    uno_exposed: dict[int, int]
    """Players with one card who may be caught, and the turn in which they got there."""
    uno_settled: set[int]
    """Players with one card who are safe: they called UNO, or the window closed."""
    drew_now: set[int]

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
        self.rules = rules
        self.names = names
        self.player_count = len(names)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.initial_deck = tuple(deck) if deck is not None else None
        self.first_dealer = first_dealer
        self.position = position
        self._rng = random.Random(self.seed)
        self.scores = [0] * (self.player_count // 2 if rules.team_game else self.player_count)
        self.round_number = 0
        self.dealer = 0
        self.winners: tuple[int, ...] = ()
        self.log: list[Event] = []
        """Every event of the match, private parts included: never shown as it is."""
        self.round_log_start = 0
        self._seen: dict[int | None, tuple[int, list[Event], int]] = {}
        """Per listener: the round's first log index, its projection so far, and how far."""
        self.actions: list[Action] = []
        self._events: list[Event] = []
        self._target_ranks = frozenset(
            (Rank.WILD_SWAP_HANDS, Rank.SEVEN) if rules.seven_zero else (Rank.WILD_SWAP_HANDS,)
        )
        """The ranks whose play names a target player (see ``_needs_target``)."""
        self._play_cache = _PLAY_ACTIONS.setdefault(
            (self.player_count, self._target_ranks), [{} for _ in names]
        )
        self._plays_on = _PLAYS_ON_PILE.setdefault((self.player_count, self._target_ranks), {})
        self._offered: tuple[Action, ...] = ()
        """The actions of the decision last listed as awaited (a turn, a drawn card, a penalty
        to answer), all legal until the next ``apply``, the only way the state changes:
        ``apply`` knows these are legal without working it out again (``decisions()`` lists
        exactly the legal set)."""
        self._draw_actions = _per_seat(DrawCard, self.player_count)
        self._keep_actions = _per_seat(KeepDrawn, self.player_count)
        self._turns_began = _turns_began(self.player_count)
        self._start_round()
        self._proceed()
        self._update_uno()
        self.log.extend(self._events)

    # Public queries ----------------------------------------------------------------------

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
        return teams.teammate_of(seat, self.player_count) if self.rules.team_game else None

    def next_dealer(self) -> int:
        return (self.dealer + 1) % self.player_count

    def decisions(self, *, out_of_turn: bool = True) -> tuple[Decision, ...]:
        """Every open decision: the ones the game waits for, then (unless ``out_of_turn`` is
        False) the calls, catches and jump-ins anyone eligible may make meanwhile."""
        if self.phase is _TURN:  # the usual case, one call shorter
            main: tuple[Decision, ...] = (self._turn_decision(self.current),)
        else:
            main = self._main_decisions()
        if not out_of_turn or self.phase in (_ROUND_OVER, _MATCH_OVER):
            return main
        return main + tuple(self._out_of_turn_decisions())

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

    @overload
    def view(self, player: int) -> PlayerView: ...
    @overload
    def view(self, player: None) -> PublicView: ...
    def view(self, player: int | None) -> PublicView:
        """What ``player`` may know; ``None``: what anyone may know (an onlooker)."""
        return make_view(self, player)

    def record(self) -> MatchRecord:
        from .record import MatchRecord

        return MatchRecord.of(self)

    def round_events(self, player: int | None) -> tuple[Event, ...]:
        """This round's events as ``player`` saw them (``None``: as an onlooker).

        Each listener's projection is kept and extended with the events since it was last
        asked for, so a view costs only what happened since the last one."""
        start = self.round_log_start
        round_start, seen, upto = self._seen.get(player, (start, [], start))
        if round_start != start:  # a new round: last round's projection is not this one's
            seen, upto = [], start
        seen.extend(event.seen_by(player) for event in self.log[upto:])
        self._seen[player] = (start, seen, len(self.log))
        return tuple(seen)

    def cards_in_play(self) -> Counter[Card]:
        """Every card in the hands, the draw pile and the discard pile (for invariants)."""
        counted: Counter[Card] = Counter(self.draw_pile)
        counted.update(self.discard_pile)
        for hand in self.hands:
            counted.update(hand)
        return counted

    def digest(self) -> str:
        """A fingerprint of the whole state, to show that a rejected action changed nothing."""
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
            self._rng.getstate(),
        )
        return hashlib.sha256(repr(state).encode()).hexdigest()

    # Checking ----------------------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise the specific ``IllegalActionError`` if ``action`` is not allowed now."""
        if not 0 <= action.player < self.player_count:
            raise NotYourDecisionError(f"seat {action.player} is not at this table")
        if self.phase is _MATCH_OVER:
            raise RoundOverError(f"{self._name(action.player)}: the match is over")
        checker = self._CHECKS.get(type(action))
        if checker is None:
            raise NotYourDecisionError(f"{type(action).__name__} is not an UNO action")
        if self.phase is _ROUND_OVER and not isinstance(action, Deal):
            raise RoundOverError(
                f"{self._name(action.player)}: the hand is over; "
                f"{self._name(self.next_dealer())} deals the next one"
            )
        checker(self, action)

    def _check_play(self, action: PlayCard) -> None:
        # The names for the messages are looked up only on the way to raising: this runs for
        # every card played.
        player, card, phase = action.player, action.card, self.phase
        if phase is _TURN and player == self.current:
            self._require_card(player, card)
            if not self.playable(card):
                raise CardDoesNotMatchError(
                    f"{self._name(player)} cannot play {card.title}: it matches neither the "
                    f"colour ({self._color_word()}), the number nor the symbol of "
                    f"{self.top_card.title}"
                )
        elif phase is _DRAWN and player == self.current:
            self._require_card(player, card)
            if card != self.drawn_card:
                raise DrawnCardOnlyError(
                    f"{self._name(player)} drew a card: only the drawn card may be played now, "
                    f"not {card.title}"
                )
        elif phase is _RESPOND_DRAW_TWO and player == self.responder:
            if card.rank is not Rank.DRAW_TWO:
                raise MustPlayError(
                    f"{self._name(player)} must draw {self.penalty} or add a Draw Two, "
                    f"not play {card.title}"
                )
            self._require_card(player, card)
        elif phase is _RESPOND_DRAW_FOUR and player == self.responder:
            if not (self.rules.stack_draw_four and card.rank is Rank.WILD_DRAW_FOUR):
                raise MustPlayError(
                    f"{self._name(player)} must answer the Wild Draw Four (challenge or draw), "
                    f"not play {card.title}"
                )
            self._require_card(player, card)
        elif self._jump_in_open(player):
            if card.is_wild or card != self.top_card:
                raise CardDoesNotMatchError(
                    f"{self._name(player)} cannot jump in with {card.title}: only a card "
                    f"identical to {self.top_card.title} may be played out of turn"
                )
            self._require_card(player, card)
        else:
            raise NotYourDecisionError(
                f"{self._name(player)} cannot play {card.title}: {self._whose_move()}"
            )
        self._check_choices(action)

    def _check_choices(self, action: PlayCard) -> None:
        card, who = action.card, self._name(action.player)
        if (card.color is None) is (action.color is None):  # a Wild names one, others none
            if action.color is None:
                raise BadChoiceError(f"{who} must name a colour for {card.title}")
            raise BadChoiceError(f"{who}: {card.title} has its own colour; name none")
        target = action.target
        if card.rank in self._target_ranks:
            if target is None:
                raise BadChoiceError(f"{who} must choose a player for {card.title}")
            if target == action.player or not 0 <= target < self.player_count:
                raise BadChoiceError(
                    f"{who} must choose another player at the table for {card.title}"
                )
        elif target is not None:
            raise BadChoiceError(f"{who}: {card.title} takes no target player")

    def _check_draw(self, action: DrawCard) -> None:
        who = self._name(action.player)
        self._require_turn(action, _TURN)
        if self.must_play:
            raise MustPlayError(
                f"{who} must play a card after Wild Team Play; drawing is not allowed"
            )
        if not self._cards_to_draw() and self._has_playable(action.player):
            raise NoCardsToDrawError(f"{who} cannot draw: no card is left to draw; play a card")

    def _check_keep(self, action: KeepDrawn) -> None:
        self._require_turn(action, _DRAWN)
        if not self._may_keep_drawn():
            raise MustPlayError(
                f"{self._name(action.player)} must play the drawn {self._drawn_title()}: "
                "the rules say to play a drawn card if it matches"
            )

    def _check_name_color(self, action: NameColor) -> None:
        self._require_turn(action, Phase.NAME_COLOR)

    def _check_challenge(self, action: Challenge) -> None:
        self._require_responder(action, Phase.RESPOND_DRAW_FOUR)

    def _check_accept(self, action: AcceptPenalty) -> None:
        if self.phase is Phase.RESPOND_DRAW_TWO:
            self._require_responder(action, Phase.RESPOND_DRAW_TWO)
        else:
            self._require_responder(action, Phase.RESPOND_DRAW_FOUR)

    def _check_pass(self, action: PassCard) -> None:
        who = self._name(action.player)
        if self.phase is not Phase.PASSING or action.player not in self.passes:
            raise NotYourDecisionError(f"{who} has no card to pass now: {self._whose_move()}")
        if self.passes[action.player] is not None:
            raise NotYourDecisionError(f"{who} already chose the card to pass")
        self._require_card(action.player, action.card)

    def _check_give(self, action: GiveCard) -> None:
        if self.phase is not Phase.SHARING or self.share is None or action.player != self.share[0]:
            raise NotYourDecisionError(
                f"{self._name(action.player)} has no cards to give now: {self._whose_move()}"
            )
        self._require_card(action.player, action.card)

    def _check_call_uno(self, action: CallUno) -> None:
        who, target = self._name(action.player), action.target
        if target not in self.uno_exposed:
            raise UnoCallError(
                f"{who} cannot call UNO for {self._seat_name(target)}: "
                "only a player who just reached one card and has not called yet"
            )
        if target != action.player and self.teammate_of(action.player) != target:
            raise UnoCallError(
                f"{who} cannot call UNO for {self._name(target)}: only the player "
                "(or in Teams the teammate) calls UNO"
            )

    def _check_catch(self, action: CatchUno) -> None:
        who, target = self._name(action.player), action.target
        if target not in self.uno_exposed:
            raise UnoCallError(
                f"{who} cannot catch {self._seat_name(target)}: only a player with one card "
                "who did not call UNO, before the next player's turn begins"
            )
        if target == action.player or self.teammate_of(action.player) == target:
            raise UnoCallError(f"{who} cannot catch {self._name(target)}: catch an opponent")

    def _check_deal(self, action: Deal) -> None:
        if self.phase is not Phase.ROUND_OVER:
            raise NotYourDecisionError(
                f"{self._name(action.player)} cannot deal: the hand is still being played"
            )
        if action.player != self.next_dealer():
            raise NotYourDecisionError(
                f"{self._name(action.player)} cannot deal: "
                f"{self._name(self.next_dealer())} deals the next hand"
            )

    _CHECKS: ClassVar[dict[type[Action], Callable[[Game, Action], None]]] = {
        PlayCard: _check_play,  # type: ignore[dict-item]
        DrawCard: _check_draw,  # type: ignore[dict-item]
        KeepDrawn: _check_keep,  # type: ignore[dict-item]
        NameColor: _check_name_color,  # type: ignore[dict-item]
        Challenge: _check_challenge,  # type: ignore[dict-item]
        AcceptPenalty: _check_accept,  # type: ignore[dict-item]
        PassCard: _check_pass,  # type: ignore[dict-item]
        GiveCard: _check_give,  # type: ignore[dict-item]
        CallUno: _check_call_uno,  # type: ignore[dict-item]
        CatchUno: _check_catch,  # type: ignore[dict-item]
        Deal: _check_deal,  # type: ignore[dict-item]
    }

    def _require_card(self, player: int, card: Card) -> None:
        if card not in self.hands[player]:
            raise CardNotInHandError(f"{self._name(player)} does not hold {card.title}")

    def _require_turn(self, action: Action, phase: Phase) -> None:
        if self.phase is not phase or action.player != self.current:
            raise NotYourDecisionError(
                f"{self._name(action.player)} cannot {type(action).__name__} now: "
                f"{self._whose_move()}"
            )

    def _require_responder(self, action: Action, phase: Phase) -> None:
        if self.phase is not phase or action.player != self.responder:
            raise NotYourDecisionError(
                f"{self._name(action.player)} cannot {type(action).__name__} now: "
                f"{self._whose_move()}"
            )

    # Applying ----------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Check ``action``, carry it out, and return the events it caused."""
        for offered in self._offered:
            # The very object the engine just listed as legal for this state (bots and front
            # ends pick from ``decisions()``): it is legal, no need to work that out again.
            if offered is action:
                break
        else:
            self.check(action)
        self._offered = ()
        events: list[Event] = []
        self._events = events
        if self.drew_now:  # empty unless an earlier apply raised half-way
            self.drew_now = set()
        self.action_turn = self.turn_index
        self._HANDLERS[type(action)](self, action)
        if self.phase is _RESOLVING or self.drew_now or self.interludes:  # else nothing to do
            self._proceed()
        if self.uno_exposed or self.uno_settled:
            self._update_uno()
        else:  # nobody is tracked: only someone who holds one card now needs the bookkeeping
            for hand in self.hands:  # (a loop costs less than ``1 in map(len, ...)`` here)
                if len(hand) == 1:
                    self._update_uno()
                    break
        self.actions.append(action)
        self.log.extend(events)
        return events

    def _apply_play(self, action: PlayCard) -> None:
        """A card played in turn, onto a penalty, or as a jump-in: it goes on the discard pile
        and does what it does."""
        player, phase = action.player, self.phase
        jump_in = False
        if phase is _TURN and player != self.current:
            jump_in = True
            self._take_turn(player)
        elif phase is _RESPOND_DRAW_TWO or phase is _RESPOND_DRAW_FOUR:
            self._take_turn(player)
        elif self.uno_exposed:
            self._close_uno_windows()
        card, hand = action.card, self.hands[player]
        colour_before = self.current_color
        hand.remove(card)
        self.discard_pile.append(card)
        colour = self.current_color = action.color if card.color is None else card.color
        self.drawn_card = None
        self.must_play = False
        assert colour is not None
        self._events.append(card_played(player, card, colour, action.target, jump_in))
        if not hand and self._round_won_by(player):
            if self.rules.last_card_penalty_applies:
                effects.last_card_penalty(self, player, card)
            self.end_round(player)
            return
        effects.EFFECTS[card.rank](self, action, colour_before)
        if not hand:
            teams.went_out(self, player)

    def _apply_draw(self, action: DrawCard) -> None:
        player, events = action.player, self._events
        if self.uno_exposed:
            self._close_uno_windows()
        if self.rules.draw_until_playable:
            drawn: list[Card] = []
            while self.draw_pile or len(self.discard_pile) > 1:  # _cards_to_draw
                drawn += self.draw(player, 1, _CHOICE, emit=False)
                if self.playable(drawn[-1]):
                    break
        else:  # one card, or none when there is none to draw (``draw`` stops short)
            drawn = self.draw(player, 1, _CHOICE, emit=False)
        events.append(cards_drawn(player, len(drawn), _CHOICE, tuple(drawn)))
        if drawn and self.playable(drawn[-1]):
            self.drawn_card = drawn[-1]
            self.phase = _DRAWN
        else:
            events.append(turn_passed(player))
            self.set_continuation("next", player)

    def _apply_keep(self, action: KeepDrawn) -> None:
        self.emit(DrawnCardKept(action.player))
        self.drawn_card = None
        self.set_continuation("next", action.player)

    def _apply_name_color(self, action: NameColor) -> None:
        self._close_uno_windows()
        self.current_color = action.color
        self.emit(ColorNamed(action.player, action.color))
        self.phase = Phase.TURN

    def _apply_challenge(self, action: Challenge) -> None:
        effects.resolve_challenge(self, action.player)

    def _apply_accept(self, action: AcceptPenalty) -> None:
        player = action.player
        reason = (
            DrawReason.DRAW_FOUR if self.phase is Phase.RESPOND_DRAW_FOUR else DrawReason.DRAW_TWO
        )
        self.draw(player, self.penalty, reason)
        self.clear_penalty()
        self.emit(player_skipped(player))
        self.set_continuation("next", player)

    def _apply_pass(self, action: PassCard) -> None:
        teams.choose_pass(self, action.player, action.card)

    def _apply_give(self, action: GiveCard) -> None:
        teams.give_card(self, action.player, action.card)

    def _apply_call_uno(self, action: CallUno) -> None:
        del self.uno_exposed[action.target]
        self.uno_settled.add(action.target)
        self.emit(UnoCalled(action.player, action.target))

    def _apply_catch(self, action: CatchUno) -> None:
        del self.uno_exposed[action.target]
        self.emit(UnoCaught(action.player, action.target))
        self.draw(action.target, self.rules.uno_penalty, DrawReason.UNO_PENALTY)

    def _apply_deal(self, action: Deal) -> None:
        self._start_round()

    _HANDLERS: ClassVar[dict[type[Action], Callable[[Game, Action], None]]] = {
        PlayCard: _apply_play,  # type: ignore[dict-item]
        DrawCard: _apply_draw,  # type: ignore[dict-item]
        KeepDrawn: _apply_keep,  # type: ignore[dict-item]
        NameColor: _apply_name_color,  # type: ignore[dict-item]
        Challenge: _apply_challenge,  # type: ignore[dict-item]
        AcceptPenalty: _apply_accept,  # type: ignore[dict-item]
        PassCard: _apply_pass,  # type: ignore[dict-item]
        GiveCard: _apply_give,  # type: ignore[dict-item]
        CallUno: _apply_call_uno,  # type: ignore[dict-item]
        CatchUno: _apply_catch,  # type: ignore[dict-item]
        Deal: _apply_deal,  # type: ignore[dict-item]
    }

    def _round_won_by(self, player: int) -> bool:
        """The hand ends when the player (in Teams, the second of a team) has no cards."""
        mate = self.teammate_of(player)
        return mate is None or not self.hands[mate]

    # Turn machinery shared with effects.py and teams.py ----------------------------------

    def emit(self, event: Event) -> None:
        self._events.append(event)

    def set_continuation(self, kind: str, seat: int, other: int = -1) -> None:
        """Play goes on this way once any queued interludes are over (see ``Continuation``)."""
        self.continuation = (kind, seat, other)
        self.phase = _RESOLVING

    def queue_interlude(self, interlude: tuple[str, int, int]) -> None:
        """An exchange or share that must happen before play goes on."""
        self.interludes.append(interlude)

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

    def skip_next(self, player: int) -> int:
        """The next player loses their turn; play goes on after them."""
        skipped = self.next_active(player)
        self.emit(player_skipped(skipped))
        self.set_continuation("next", skipped)
        return skipped

    def draw(self, player: int, count: int, reason: DrawReason, *, emit: bool = True) -> list[Card]:
        """``player`` draws up to ``count`` cards, reshuffling the discard pile as needed."""
        drawn: list[Card] = []
        for _ in range(count):
            if not self.draw_pile:
                self._reshuffle()
                if not self.draw_pile:
                    break
            drawn.append(self.draw_pile.pop())
        self.hands[player].extend(drawn)
        if drawn and self.rules.team_game:  # only Teams players tag back in (teams.py)
            self.drew_now.add(player)
        if emit:
            self.emit(cards_drawn(player, len(drawn), reason, tuple(drawn)))
        return drawn

    def _reshuffle(self) -> None:
        """ "If the draw pile runs out, shuffle the discard pile (leave the top card)"."""
        if len(self.discard_pile) < 2:
            return
        top = self.discard_pile.pop()
        self.draw_pile, self.discard_pile = self._shuffled(self.discard_pile), [top]
        self.emit(DeckReshuffled(len(self.draw_pile)))

    def _shuffled(self, cards: list[Card]) -> list[Card]:
        """A uniformly random order: sorting by independent random keys is a fair shuffle,
        and several times faster than ``random.shuffle`` in pure Python."""
        # ``starmap`` calls random() once per card from C, a third of a comprehension's cost.
        keys = list(starmap(self._rng.random, repeat((), len(cards))))
        return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]

    def _cards_to_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard_pile) > 1

    def clear_penalty(self) -> None:
        self.penalty = 0
        self.responder = -1
        self.draw_four_player = -1
        self.draw_four_illegal = False

    def playable(self, card: Card) -> bool:
        """ "same color, number or symbol. Wild cards match anything"."""
        if card.color is None or card.color is self.current_color:
            return True
        top = self.discard_pile[-1]
        return top.color is not None and top.rank is card.rank

    def _has_playable(self, player: int) -> bool:
        return any(self.playable(card) for card in self.hands[player])

    def _needs_target(self, card: Card) -> bool:
        return card.rank is Rank.WILD_SWAP_HANDS or (
            self.rules.seven_zero and card.rank is Rank.SEVEN
        )

    def _may_keep_drawn(self) -> bool:
        """Where a drawn playable card must be played, a Wild Draw Four that would be illegal
        is the exception: nobody is forced into a bluff."""
        if not self.rules.must_play_drawn_card:
            return True
        card = self.drawn_card
        if card is None or card.rank is not Rank.WILD_DRAW_FOUR:
            return False
        rest = list(self.hands[self.current])
        rest.remove(card)
        return effects.draw_four_is_illegal(self, rest, self.current_color)

    def _take_turn(self, player: int) -> None:
        """An out-of-order turn (jump-in, or a stacked answer) begins now."""
        self.current = player
        self.turn_index += 1
        self.action_turn = self.turn_index
        self._close_uno_windows()

    def begin_turn(self, seat: int, *, must_play: bool = False) -> None:
        if not self.hands[seat]:
            seat = self.next_active(seat)
        self.current = seat
        self.turn_index += 1
        self.must_play = must_play
        self.drawn_card = None
        self.phase = _TURN
        # The usual turn's event from a per-seat tuple: cheaper than the shared events' cache.
        self._events.append(turn_began(seat, True) if must_play else self._turns_began[seat])

    def _proceed(self) -> None:
        """Run interludes and the continuation until a decision is awaited."""
        if self.drew_now:
            teams.queue_tag_backs(self)
        if self.interludes and self.phase not in (
            Phase.RESOLVING,
            Phase.PASSING,
            Phase.SHARING,
            Phase.ROUND_OVER,
            Phase.MATCH_OVER,
        ):
            self.resume_phase = self.phase
            self.phase = Phase.RESOLVING
        while self.phase is _RESOLVING:
            if self.interludes:
                teams.start_interlude(self, self.interludes.pop(0))
            elif self.continuation is not None:
                continuation, self.continuation = self.continuation, None
                if continuation[0] == "next":  # how nearly every action ends: kept short
                    # begin_turn passes over a seat with no cards, as next_active would
                    self.begin_turn((continuation[1] + self.direction) % self.player_count)
                else:
                    self._continue(continuation)
            elif self.resume_phase is not None:
                self.phase, self.resume_phase = self.resume_phase, None
                self._after_resume()
            else:
                raise AssertionError("nothing to resolve and nothing awaited")
            if self.drew_now:
                teams.queue_tag_backs(self)

    def _after_resume(self) -> None:
        """A tag-back share interrupted a player mid-decision and may have taken the card the
        decision was about. If the drawn card went to the teammate, the turn ends; if the
        player who must answer a Wild Team Play gave away every card they could play, they
        "cannot play" after all, and the Wild Team Play's penalty applies."""
        player = self.current
        if self.phase is Phase.DRAWN and self.drawn_card not in self.hands[player]:
            self.emit(turn_passed(player))
            self.set_continuation("next", player)
        elif self.phase is Phase.TURN and self.must_play and not self._has_playable(player):
            mate = self.teammate_of(player)
            assert mate is not None
            self.must_play = False
            effects.team_play_turn(self, mate, player)

    def _continue(self, continuation: Continuation) -> None:
        kind, seat, other = continuation
        if kind == "next":
            self.begin_turn(self.next_active(seat))
        elif kind == "turn":
            self.begin_turn(seat)
        elif kind == "name_color":
            self.begin_turn(seat)
            self.phase = Phase.NAME_COLOR
        elif kind == "team_play":
            effects.team_play_turn(self, seat, other)
        else:
            raise AssertionError(f"unknown continuation {continuation!r}")

    # UNO calls ---------------------------------------------------------------------------

    def _close_uno_windows(self) -> None:
        """A turn action by the turn's holder: exposures from earlier turns are safe now."""
        if not self.uno_exposed:
            return
        for player, since in list(self.uno_exposed.items()):
            if since < self.turn_index:
                del self.uno_exposed[player]
                self.uno_settled.add(player)

    def _update_uno(self) -> None:
        """A player who now holds exactly one card may be caught until they (or the
        teammate) call UNO or the next player's turn begins."""
        phase = self.phase
        if phase is _ROUND_OVER or phase is _MATCH_OVER:
            self.uno_exposed.clear()
            self.uno_settled.clear()
            return
        for player, hand in enumerate(self.hands):
            if len(hand) == 1:
                if player not in self.uno_exposed and player not in self.uno_settled:
                    self.uno_exposed[player] = self.action_turn
            else:
                self.uno_exposed.pop(player, None)
                self.uno_settled.discard(player)

    # Rounds ------------------------------------------------------------------------------

    def _start_round(self) -> None:
        first = self.round_number == 0
        self.round_number += 1
        self.round_log_start = len(self.log) + len(self._events)
        self._reset_round_state()
        if first and self.position is not None:
            self._set_up_position(self.position)
            return
        if first and self.initial_deck:
            deck = list(self.initial_deck)
        else:
            deck = self._shuffled(build_deck(self.rules))
        self._choose_dealer(first)
        self.emit(RoundStarted(self.round_number, self.dealer, HAND_SIZE))
        # One card at a time from the top of the deck, starting left of the dealer: the
        # player ``offset`` seats to the left gets cards offset - 1, offset - 1 + count, ...
        count, dealt = self.player_count, HAND_SIZE * self.player_count
        for offset in range(1, count + 1):
            self.hands[(self.dealer + offset) % count] = deck[offset - 1 : dealt : count]
        self.draw_pile = deck[dealt:][::-1]  # the end of the list is the top of the pile
        for player, hand in enumerate(self.hands):
            self.emit(CardsDealt(player, len(hand), tuple(hand)))
        self._turn_first_card()

    def _set_up_position(self, position: Position) -> None:
        self.dealer = (
            position.dealer
            if position.dealer is not None
            else (position.current - 1) % self.player_count
        )
        self.emit(DealerChosen(self.dealer))
        self.emit(RoundStarted(self.round_number, self.dealer, HAND_SIZE))
        self.hands = [list(hand) for hand in position.hands]
        for player, hand in enumerate(self.hands):
            self.emit(CardsDealt(player, len(hand), tuple(hand)))
        rest = self._shuffled(position.rest_of_deck(build_deck(self.rules)))
        self.draw_pile = [*position.draw_pile, *rest][::-1]
        self.discard_pile = list(position.discard_pile)
        self.emit(FirstCardTurned(self.top_card))
        self.current_color = position.color or self.top_card.color
        self.direction = 1 if position.clockwise else -1
        self.set_continuation("turn", position.current)

    def _reset_round_state(self) -> None:
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

    def _choose_dealer(self, first: bool) -> None:
        if not first:
            self.dealer = self.next_dealer()
            self.emit(DealerChosen(self.dealer))
        elif self.first_dealer is not None:
            self.dealer = self.first_dealer
            self.emit(DealerChosen(self.dealer))
        elif self.rules.dealer_by_high_card:
            self.dealer, draws = self._high_card_draw()
            self.emit(DealerChosen(self.dealer, draws))
        else:
            self.dealer = self._rng.randrange(self.player_count)
            self.emit(DealerChosen(self.dealer))

    def _high_card_draw(self) -> tuple[int, tuple[tuple[int, Card], ...]]:
        """ "Each player draws one card. The higher card deals. Put both cards back." Only
        number cards have a rank to compare: a tie or an action card means drawing again."""
        draws: list[tuple[int, Card]] = []
        deck = build_deck(self.rules)
        while True:
            # Drawing one card each from a shuffled deck is a sample without replacement.
            pair = list(enumerate(self._rng.sample(deck, self.player_count)))
            draws.extend(pair)
            values = [_NUMBER_VALUES.get(card.rank, -1) for _, card in pair]
            if -1 in values:
                continue
            best = max(values)
            if values.count(best) == 1:
                return values.index(best), tuple(draws)

    def _turn_first_card(self) -> None:
        first_player = (self.dealer + 1) % self.player_count
        policy = self.rules.first_card
        while True:
            card = self.draw_pile.pop()
            if policy is FirstCard.TWO_PLAYER and card.rank is Rank.WILD_DRAW_FOUR:
                self.emit(FirstCardReturned(card))
                self.draw_pile.insert(self._rng.randrange(len(self.draw_pile) + 1), card)
                continue
            self.discard_pile.append(card)
            self.emit(FirstCardTurned(card))
            ignored = (
                policy is FirstCard.FLIP_AGAIN_ON_ACTION and card.rank in effects.ACTION_RANKS
            ) or (policy is FirstCard.FLIP_AGAIN_ON_ANY_ACTION and not card.rank.is_number)
            if not ignored:
                break
            self.emit(FirstCardIgnored(card))
        self.current_color = card.color
        if self.rules.team_game:
            teams.queue_first_pass(self)
        if card.is_wild:
            self.set_continuation("name_color", first_player)
        elif policy is FirstCard.TWO_PLAYER and card.rank in effects.ACTION_RANKS:
            effects.first_card_hits_non_dealer(self, card, first_player)
        else:
            self.set_continuation("turn", first_player)

    def end_round(self, winner: int) -> None:
        """Score the hand, reveal every hand, and see whether the match is won."""
        rules = self.rules
        mate = self.teammate_of(winner)
        winners = (winner,) if mate is None else tuple(sorted((winner, mate)))
        held = [hand_points(hand, rules) for hand in self.hands]
        for player, hand in enumerate(self.hands):
            self.emit(HandScored(player, tuple(hand), held[player]))
        points = sum(held)
        if rules.team_game:
            self.scores[teams.team_of(winner, self.player_count)] += points
        elif rules.match_method is MatchMethod.LOWEST_CAUGHT:
            for player, value in enumerate(held):
                self.scores[player] += value
        else:
            self.scores[winner] += points
        self.emit(RoundEnded(self.round_number, winners, points, tuple(self.scores)))
        self.interludes.clear()
        self.continuation = None
        self.resume_phase = None
        self.clear_penalty()
        match_winners = self._match_winners()
        if match_winners:
            self.winners = match_winners
            self.phase = Phase.MATCH_OVER
            self.emit(MatchEnded(match_winners, tuple(self.scores)))
        else:
            self.phase = Phase.ROUND_OVER

    def _match_winners(self) -> tuple[int, ...]:
        """Seats (Teams: team numbers) that won the match, or () while it goes on."""
        target = self.rules.target_score
        if self.rules.match_method is MatchMethod.LOWEST_CAUGHT:
            if max(self.scores) <= target:
                return ()
            low = min(self.scores)
            return tuple(i for i, score in enumerate(self.scores) if score == low)
        return tuple(i for i, score in enumerate(self.scores) if score >= target)

    # Decisions ---------------------------------------------------------------------------

    def _main_decisions(self) -> tuple[Decision, ...]:
        phase, player = self.phase, self.current
        if phase is _TURN:
            return (self._turn_decision(player),)
        if phase is _DRAWN:
            assert self.drawn_card is not None
            actions: tuple[Action, ...] = self._play_actions(player, self.drawn_card)
            if self._may_keep_drawn():
                actions += (self._keep_actions[player],)
            return (self._offer(player, _PLAY_DRAWN_DECISION, actions),)
        if phase is Phase.NAME_COLOR:
            colors = tuple(NameColor(player, color) for color in Color)
            return (Decision(player, DecisionKind.NAME_COLOR, colors),)
        if phase in (Phase.RESPOND_DRAW_FOUR, Phase.RESPOND_DRAW_TWO):
            return (self._respond_decision(),)
        if phase is Phase.PASSING:
            return tuple(
                Decision(
                    seat, DecisionKind.PASS, tuple(PassCard(seat, c) for c in self._distinct(seat))
                )
                for seat, chosen in self.passes.items()
                if chosen is None
            )
        if phase is Phase.SHARING:
            assert self.share is not None
            giver = self.share[0]
            cards = tuple(GiveCard(giver, card) for card in self._distinct(giver))
            return (Decision(giver, DecisionKind.SHARE, cards),)
        if phase is Phase.ROUND_OVER:
            return (Decision(self.next_dealer(), DecisionKind.DEAL, (Deal(self.next_dealer()),)),)
        return ()

    def _turn_decision(self, player: int) -> Decision:
        """The plays of every distinct card in hand that matches the pile (in hand order), then
        drawing, unless a Wild Team Play obliges the player to play."""
        top = self.discard_pile[-1]
        top_rank = None if top.color is None else top.rank  # a Wild matches by colour only
        key = (player, self.current_color, top_rank)
        plays_on_pile = self._plays_on.get(key) or self._list_plays_on_pile(*key)
        # This runs on every turn. A plain loop: for a hand's few cards it costs about a third
        # less than a pipeline of filter, map and chain, whose iterators and bound methods are
        # allocated anew on every call (measured with callgrind).
        actions: tuple[Action, ...] = ()
        for card in dict.fromkeys(self.hands[player]):  # each distinct card once, in hand order
            if card in plays_on_pile:
                actions += plays_on_pile[card]
        kind = _TURN_DECISION
        if self.must_play:
            kind = _TEAM_PLAY_DECISION
        elif self.draw_pile or len(self.discard_pile) > 1 or not actions:  # _cards_to_draw
            actions += (self._draw_actions[player],)
        self._offered = actions
        # tuple.__new__ rather than Decision(...): a named tuple's own constructor is Python.
        return tuple.__new__(Decision, (player, kind, actions))

    def _offer(self, player: int, kind: DecisionKind, actions: tuple[Action, ...]) -> Decision:
        """The decision awaited, its actions remembered for ``check`` (see ``_offered``)."""
        self._offered = actions
        return tuple.__new__(Decision, (player, kind, actions))  # as in _turn_decision

    def _list_plays_on_pile(
        self, player: int, colour: Color | None, top_rank: Rank | None
    ) -> PlaysByCard:
        """The ``_PLAYS_ON_PILE`` entry: "same color, number or symbol. Wild cards match
        anything" (see ``playable``), for every card there is."""
        plays = {
            card: self._play_actions(player, card)
            for card in EVERY_CARD
            if card.color is None or card.color is colour or card.rank is top_rank
        }
        self._plays_on[player, colour, top_rank] = plays
        return plays

    def _respond_decision(self) -> Decision:
        responder, draw_four = self.responder, self.phase is _RESPOND_DRAW_FOUR
        stack_rank = Rank.WILD_DRAW_FOUR if draw_four else Rank.DRAW_TWO
        may_stack = not draw_four or self.rules.stack_draw_four
        actions: list[Action] = []
        if draw_four:
            actions.append(_per_seat(Challenge, self.player_count)[responder])
        if may_stack:
            for card in self._distinct(responder):
                if card.rank is stack_rank:
                    actions.extend(self._play_actions(responder, card))
        actions.append(_per_seat(AcceptPenalty, self.player_count)[responder])
        kind = DecisionKind.CHALLENGE if draw_four else DecisionKind.STACK
        return self._offer(responder, kind, tuple(actions))

    def _out_of_turn_decisions(self) -> Iterator[Decision]:
        if not self.uno_exposed and not self.rules.jump_in:
            return
        for target in self.uno_exposed:
            mate = self.teammate_of(target)
            for seat in range(self.player_count):
                if seat in (target, mate):
                    yield Decision(seat, DecisionKind.CALL_UNO, (CallUno(seat, target),))
                else:
                    yield Decision(seat, DecisionKind.CATCH_UNO, (CatchUno(seat, target),))
        top = self.discard_pile[-1] if self.discard_pile else None
        if top is not None and not top.is_wild:
            for seat in range(self.player_count):
                if self._jump_in_open(seat) and top in self.hands[seat]:
                    yield Decision(seat, DecisionKind.JUMP_IN, tuple(self._play_actions(seat, top)))

    def _jump_in_open(self, seat: int) -> bool:
        return (
            self.rules.jump_in
            and self.phase is Phase.TURN
            and not self.must_play
            and seat != self.current
            and bool(self.hands[seat])
        )

    def _play_actions(self, player: int, card: Card) -> tuple[PlayCard, ...]:
        """Every way to play ``card``: one per colour for a Wild, one per target where a
        player must be chosen. Actions are values, so the tuples are cached and shared."""
        actions = self._play_cache[player].get(card)
        if actions is None:
            targets: Sequence[int | None] = (
                [seat for seat in range(self.player_count) if seat != player]
                if self._needs_target(card)
                else [None]
            )
            colors: Sequence[Color | None] = tuple(Color) if card.is_wild else (None,)
            actions = tuple(
                PlayCard(player, card, color, target) for color in colors for target in targets
            )
            self._play_cache[player][card] = actions
        return actions

    def _distinct(self, player: int) -> Iterator[Card]:
        return iter(dict.fromkeys(self.hands[player]))

    # Words for messages ------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < self.player_count else f"seat {seat}"

    def _color_word(self) -> str:
        return self.current_color.word if self.current_color else "none yet"

    def _drawn_title(self) -> str:
        return self.drawn_card.title if self.drawn_card else "card"

    def _whose_move(self) -> str:
        phase = self.phase
        if phase is Phase.PASSING:
            return "the teammates are choosing cards to pass"
        if phase is Phase.SHARING and self.share is not None:
            return f"{self._name(self.share[0])} is giving cards to {self._name(self.share[1])}"
        if phase in (Phase.RESPOND_DRAW_FOUR, Phase.RESPOND_DRAW_TWO):
            return f"{self._name(self.responder)} must answer the penalty"
        if phase is Phase.NAME_COLOR:
            return f"{self._name(self.current)} names the colour"
        if phase is Phase.DRAWN:
            return f"{self._name(self.current)} decides on the drawn card"
        return f"it is {self._name(self.current)}'s turn"
