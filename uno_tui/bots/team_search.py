"""The hard bot's Teams choices: which card to pass or give its teammate, found by imagining.

The Teams text (``uno-teams.txt``) asks a player for a card at three moments:
- the first pass: "Before play begins, every player secretly chooses one card and
  simultaneously passes it to their teammate.";
- an exchange: "When one is played, both teammates simultaneously and secretly pass one card
  to each other." (a card with the pass symbol);
- a share: "If you empty your hand while your teammate still has cards, your teammate gives
  you half of their remaining cards, rounded down", and tagging back in: "If you are out and
  your teammate later draws cards for any reason, they immediately give you half of their
  cards, rounded down, and you return to play." The engine asks for the half one card at a
  time.

Each distinct card in hand is a candidate. Hard deals the unseen cards many ways consistent
with its view (``DealSampler``), hands the candidate over on each imagined table and plays the
round forward as it does for its turns (``QuickRound``, judged by hard's judgement); every
candidate gets the same deals and the same dice, and medium's card stands unless another wins
clearly more often (``race.py``). Besides our card, the imagined table does this:
- The others' passes, made at the same time and in secret, are medium's card from each
  imagined hand (``feed_score``). They are the same for every candidate: a simultaneous pass
  cannot depend on ours.
- The rest of a share (the cards still to give after this one) are medium's, from our hand.
- Play goes on where the engine will take it, read from the events: at the first pass, "The
  player to the dealer's left goes first"; otherwise after the player who last ended a turn
  or lost one (who played the pass symbol or went out, or was skipped or made to draw), or
  with the turn a share interrupted; after a Wild Team Play that went out, the giver answers
  it: "If your teammate can play, they play a card".

An imagined round starts at a turn, so where a share comes in front of another decision the
choice stays medium's: a penalty waiting for its answer (stacked Draw Twos, a house rule), a
drawn card waiting to be played or kept, or a Wild Team Play's answer under way. Later
exchanges are left out of the imagined round, as for hard's turns (``playout.py``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from uno_tui.engine import (
    Action,
    Decision,
    DecisionKind,
    GiveCard,
    PassCard,
    PlayerView,
    Rank,
    teammate_of,
)
from uno_tui.engine.decisions import Continuation, Then
from uno_tui.engine.events import (
    CardGiven,
    CardPlayed,
    CardsDrawn,
    DrawFourChallenged,
    DrawReason,
    Event,
    ExchangeStarted,
    PlayerSkipped,
    ShareStarted,
    TurnBegan,
    TurnPassed,
)

from .deals import DealSampler
from .knowledge import Knowledge
from .medium import card_to_feed
from .playout import QuickRound, QuickRules, code_of, decode
from .race import RACE_EVERY, Clock, clear_winner, still_in_the_race

Handed = PassCard | GiveCard


@dataclass(frozen=True, slots=True)
class TeamSearch:
    """Hard's way of searching, lent to its Teams choices."""

    rules: QuickRules
    judge: Callable[[QuickRound], float]
    """An imagined round's worth to our team: 1.0 won, 0.0 lost, a chance if cut off."""
    clear: float
    """How many standard errors a card must gain over medium's by to replace it."""
    think_ms: float
    samples: int | None
    """Imagined deals per choice, whatever the clock says (reproducible); None: the clock."""
    clock: Clock = time.perf_counter
    """Read to keep the search within ``think_ms`` (its deadline not looked at when
    ``samples`` is set)."""

    def choose(
        self, view: PlayerView, decision: Decision, plan: Action, rng: random.Random
    ) -> Action:
        """The card to hand over: medium's ``plan`` unless another is clearly better."""
        candidates = [a for a in decision.actions if isinstance(a, Handed)]
        go_on = how_play_goes_on(view)
        if go_on is None or len(candidates) < 2 or view.teammate is None:
            return plan
        deadline = self.clock() + self.think_ms / 1000
        knowledge = Knowledge.of(view)
        sampler = DealSampler(knowledge, self.rules)
        passers = _passers(view, decision)
        given: dict[Action, list[int]] = {
            action: _handed_with(action, view, knowledge) for action in candidates
        }
        deals = random.Random(rng.getrandbits(64))
        results: dict[Action, list[float]] = {action: [] for action in candidates}
        weights: list[float] = []
        active: list[Action] = list(candidates)
        done = 0
        while len(active) > 1 and (self.samples is None or done < self.samples):
            table = sampler.deal(deals)
            if table is None:
                break
            weights.append(sampler.weight(table))
            seed = deals.getrandbits(63)
            passes = [(seat, _medium_pass(table, seat, view, knowledge)) for seat in passers]
            for action in active:
                imagined = table.copy(seed)
                _hand_over(imagined, view.player, given[action], passes)
                _go_on(imagined, go_on)
                results[action].append(self.judge(imagined))
            done += 1
            if done % RACE_EVERY == 0:
                active = still_in_the_race(active, results, weights, plan)
            if self.samples is None and self.clock() > deadline:
                break
        chances = {action: results[action] for action in active}
        return clear_winner(chances, weights, plan, self.clear)


def how_play_goes_on(view: PlayerView) -> Continuation | None:
    """Where the engine takes play once the passes or the share now asked for are over, read
    from the round's events as this player saw them; None where what comes next is not a
    turn an imagined round can start from."""
    if view.responder is not None or view.pending_penalty or view.drawn_card is not None:
        return None
    began = _last_turn_began(view.events)
    if began is None:  # the first pass, before the first turn
        return Continuation(Then.TURN, (view.dealer + 1) % view.player_count)
    index, turn = began
    go_on = Continuation(Then.TURN, turn.player)  # a turn a share interrupted goes on
    for event in view.events[index + 1 :]:
        match event:
            case CardPlayed(player=player, card=card) if card.rank is Rank.WILD_TEAM_PLAY:
                go_on = Continuation(Then.TEAM_PLAY, player)
            case CardPlayed(player=player) | TurnPassed(player=player):
                go_on = Continuation(Then.NEXT, player)
            case PlayerSkipped(player=player):
                go_on = Continuation(Then.NEXT, player)
            case CardsDrawn(player=player, reason=DrawReason.CHOICE):
                go_on = Continuation(Then.NEXT, player)
            case CardsDrawn(player=player, reason=DrawReason.TEAM_PLAY):
                # "you draw 2 penalty cards; play still continues from your teammate's position"
                go_on = Continuation(Then.NEXT, teammate_of(player, view.player_count))
            case DrawFourChallenged(challenger=challenger, illegal=True):
                go_on = Continuation(Then.TURN, challenger)
    if go_on == Continuation(Then.TURN, turn.player) and turn.must_play:
        return None  # a Wild Team Play's answer under way: it must play, not a free turn
    return go_on


def _last_turn_began(events: Sequence[Event]) -> tuple[int, TurnBegan] | None:
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, TurnBegan):
            return index, event
    return None


def _passers(view: PlayerView, decision: Decision) -> list[int]:
    """The other seats passing a card at the same time as we do (none for a share)."""
    if decision.kind is not DecisionKind.PASS:
        return []
    for event in reversed(view.events):
        if isinstance(event, ExchangeStarted):
            return [seat for seat in event.players if seat != view.player]
    return []


def _handed_with(action: Handed, view: PlayerView, knowledge: Knowledge) -> list[int]:
    """The cards our hand gives up if we choose ``action``: its card, and for a share the
    rest of the share as medium would give it, one card at a time."""
    if isinstance(action, PassCard) or view.teammate is None:
        return [code_of(action.card)]
    mate = view.teammate
    hand = list(view.hand)
    hand.remove(action.card)
    given = [action.card]
    mate_colors = knowledge.played_colors[mate]
    for _ in range(_share_left(view) - 1):
        mate_count = view.hand_counts[mate] + len(given)
        card = card_to_feed(hand, mate_colors, mate_count)
        hand.remove(card)
        given.append(card)
    return [code_of(card) for card in given]


def _share_left(view: PlayerView) -> int:
    """How many cards of the share under way are still to give, this one included."""
    given = 0
    for event in reversed(view.events):
        if isinstance(event, ShareStarted):
            return event.count - given
        if isinstance(event, CardGiven):
            given += 1
    return 1


def _medium_pass(table: QuickRound, seat: int, view: PlayerView, knowledge: Knowledge) -> int:
    """The card medium would pass from ``seat``'s imagined hand (``MediumBot._pass``)."""
    hand = [decode(code) for code in table.hands[seat]]
    mate = table.mate(seat)
    return code_of(card_to_feed(hand, knowledge.played_colors[mate], view.hand_counts[mate]))


def _hand_over(
    table: QuickRound, player: int, given: list[int], passes: list[tuple[int, int]]
) -> None:
    """Our cards go to our teammate, and every other pass to the passer's teammate, at once."""
    hands = table.hands
    for code in given:
        hands[player].remove(code)
    for seat, code in passes:
        hands[seat].remove(code)
    hands[table.mate(player)].extend(given)
    for seat, code in passes:
        hands[table.mate(seat)].append(code)


def _go_on(table: QuickRound, go_on: Continuation) -> None:
    """Set the imagined table going as the engine will go on."""
    seat = go_on.seat
    if go_on.then is Then.TEAM_PLAY:
        table.team_play(seat)
    elif go_on.then is Then.TURN and table.hands[seat]:
        table.current = seat
    else:
        table.current = table.next_active(seat)
