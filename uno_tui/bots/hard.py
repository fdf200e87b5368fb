"""The hard bot: medium's judgement, checked by imagining the next turns of the round.

For a real choice of card (or of playing a drawn card), it deals the unseen cards many ways
consistent with what it has seen (each counted as much as it explains the cards the others
chose to play: ``DealSampler.weight``), plays each imagined round forward once per candidate action
with the same deal and the same dice (common random numbers, so the comparison is of the
actions and not of luck), and keeps medium's choice unless another action wins clearly more
often. On the tables a judgement was fitted for (two players, four in classic, four in Teams)
an imagined round ends when someone goes out or after a few turns, when it is judged on the
hands (their sizes, and the Wilds, Draw Twos and Skips they hold, the colours they spread over,
whether they match the table): the far future is mostly luck and only adds noise to a
comparison.
In Teams it chooses its passes and shares the same way (``team_search.py``); the card it plays
when its teammate's Wild Team Play jumps to it is searched like a turn. A Wild Draw Four played
on it is challenged or taken the same way too: in each deal the challenge succeeds if the
imagined hand held the colour, and the deals count as much as they explain the choice of a
Wild Draw Four over the cards they hold.
Beyond medium's bluff at a player holding one card, it bluffs a Wild Draw Four the next
player would hardly challenge. It thinks
within a time budget and only when there is something to think about.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Collection
from dataclasses import dataclass, field

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    Card,
    Challenge,
    Color,
    Decision,
    DecisionKind,
    DrawCard,
    KeepDrawn,
    PlayCard,
    PlayerView,
    Rank,
    Rules,
)

from .base import main_decision
from .deals import DealSampler
from .knowledge import Knowledge, colors_held, is_opponent, next_in_play
from .medium import (
    DRAW_SCORE,
    LACKED_COLOR,
    MediumBot,
    Situation,
    choose_variant,
    draw_four_is_bluff,
    draw_four_player,
    draw_four_score,
    play_score,
)
from .playout import (
    COLORS,
    DRAW_TWO,
    REVERSE,
    SKIP,
    TURN_LIMIT,
    W4,
    WC,
    WILD,
    WX,
    QuickRound,
    QuickRules,
    W,
    code_of,
)
from .race import RACE_EVERY, Clock
from .race import clear_winner as _clear_winner  # shared with team_search.py
from .race import still_in_the_race as _still_in_the_race
from .team_search import TeamSearch

DEFAULT_THINK_MS = 250
CLEAR_WIN_TO_THE_END = 2.0
"""How many standard errors an action must beat medium's choice by to replace it, where the
imagined rounds are played to the end (no judgement fitted for the table): ``Judgement`` says
it for the others."""

CLEAR_ANSWER = 1.0
"""The standard errors a challenge (or taking a Wild Draw Four) must win by to overrule
medium's answer: whether it was a bluff rests on the deals' weights alone (how likely the
player chose that card over those dealt them), the noisiest reading the search makes."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """How an imagined round cut off after ``turns`` turns is judged: a side's chance to go
    out first goes as its weight, ``cards ** -power`` times the edge of its place in the turn
    order (the player to move first), times ``rank_edges`` for each card of those ranks held
    (a Wild always matches, a Draw Two or a Skip wins a turn: the same count of cards is nearer
    going out), ``spread_edge`` for each colour held beyond the first and ``play_edge`` if it
    holds a card that matches the table now; in Teams the team's cards count together, times
    ``out_edge`` for each member out (all the team's cards in one hand: one player, not two,
    still has to go out).
    The far future is mostly luck: cutting it off makes the comparison of moves far less noisy,
    and more deals fit in the budget. Fitted by maximum likelihood to imagined rounds of medium
    against medium (``benchmarks/fit_cutoff.py``)."""

    turns: int
    power: float
    edges: tuple[float, ...]
    """By place in the turn order: the player to move, the next, and so on (Teams: the team
    to move, then the other)."""
    out_edge: float = 1.0
    rank_edges: tuple[tuple[int, float], ...] = ()
    """(rank index as in ``playout.RANKS``, edge per card of that rank held)."""
    spread_edge: float = 1.0
    play_edge: float = 1.0
    """For a hand holding a card that matches the table as it is."""
    clear_win: float = 2.0
    """How many standard errors an action must beat medium's choice by to replace it: the
    better the judgement, the less of medium's choice is worth keeping against it. With two
    players none: the best of the imagined deals wins (hard against MixBot2, 304 deals, 300
    games paired on each of tuning seeds 9201 and 9202: +2.3 [-3.0, +7.7] and +3.7 [-1.8,
    +9.2] points against one standard error)."""
    card_edge: tuple[float, ...] = field(init=False, repr=False, compare=False)
    """Each card code's edge, looked up at every cut-off."""

    def __post_init__(self) -> None:
        by_rank = dict(self.rank_edges)
        edges = tuple(by_rank.get(code & 31, 1.0) for code in range(5 * 32))
        object.__setattr__(self, "card_edge", edges)


JUDGEMENTS: dict[tuple[int, bool], Judgement] = {
    (2, False): Judgement(
        turns=8,
        power=0.991,
        edges=(1.0, 0.925),
        rank_edges=((W, 1.544), (W4, 2.834), (DRAW_TWO, 1.609), (SKIP, 1.209), (REVERSE, 1.209)),
        spread_edge=0.734,
        play_edge=1.816,
        clear_win=0.0,
    ),
    (4, False): Judgement(
        turns=8,
        power=1.481,
        edges=(1.0, 0.872, 0.834, 0.831),
        rank_edges=(
            (W, 1.534),
            (WX, 1.534),
            (WC, 1.534),
            (W4, 1.562),
            (DRAW_TWO, 1.169),
            (SKIP, 1.025),
        ),
        spread_edge=1.034,
        play_edge=1.747,
        clear_win=1.0,
    ),
    (4, True): Judgement(turns=32, power=0.434, edges=(1.025, 1.0), out_edge=1.38),
}
"""By the number of players and whether it is Teams: the tables a judgement was fitted for.
Elsewhere an imagined round is played to the end."""
SAFE_BLUFF = 0.75
"""We bluff a Wild Draw Four only while the next player's chance that we held the colour (as
they can reckon it) is below this; medium challenges above about 0.89."""
SEARCHED = (DecisionKind.TURN, DecisionKind.TEAM_PLAY, DecisionKind.PLAY_DRAWN)
TEAM_CHOICES = (DecisionKind.PASS, DecisionKind.SHARE)
"""Teams passes and shares, searched by ``team_search.py``."""


class HardBot(MediumBot):
    """Determinized Monte Carlo over medium's candidates, within ``think_ms`` per decision.

    ``clock`` is read to keep each search within ``think_ms`` (``time.perf_counter`` unless a
    test steps one of its own). ``samples`` fixes the number of imagined deals instead, so a
    choice can be reproduced exactly whatever the machine's speed (tests, paired benchmarks):
    the deadline is then not looked at.
    """

    level = "hard"

    def __init__(
        self,
        think_ms: float = DEFAULT_THINK_MS,
        samples: int | None = None,
        *,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.think_ms = think_ms
        self.samples = samples
        self.clock = clock
        self.last_search = (0, False)
        """The deals the last search of a turn imagined, and whether the clock stopped it
        (``benchmarks/calibrate.py`` reads it to tell what a time budget buys)."""
        self._rules: dict[Rules, QuickRules] = {}

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        decision = main_decision(view)
        if decision.kind in TEAM_CHOICES:
            return self._team_choice(view, decision, rng)
        if decision.kind is DecisionKind.CHALLENGE:
            return self._answer(view, decision, rng)
        if decision.kind not in SEARCHED:
            return super().choose(view, rng)
        plan = self._plan(view, decision, rng)
        candidates = self._candidates(view, decision, plan)
        if len(candidates) <= 1:
            return plan
        return self._search(view, candidates, plan, rng)

    def _plan(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        """Medium's choice, except that a play turning the colour to one the next player
        showed they lack (they drew on it and have taken no card since) is worth more."""
        plan = super().choose(view, rng)
        after = next_in_play(view, view.player)
        if decision.kind is DecisionKind.PLAY_DRAWN or not is_opponent(view, after):
            return plan
        plan = _bluff_if_safe(view, decision, plan, after)
        notes = Knowledge.of(view).notes[after]
        lacking = notes.missing_colors
        if not lacking or not isinstance(plan, PlayCard):
            return plan
        situation = Situation.of(view)
        best, best_score = plan, _score_against(plan, situation, lacking)
        for play in decision.actions:
            if isinstance(play, PlayCard) and _score_against(play, situation, lacking) > best_score:
                best, best_score = play, _score_against(play, situation, lacking)
        return best

    def _candidates(self, view: PlayerView, decision: Decision, plan: Action) -> list[Action]:
        """Every distinct sensible action: Wild colours only among those we hold (or medium's).
        A bluffed Wild Draw Four is one: the imagined opponent challenges it as medium would."""
        situation = Situation.of(view)
        held = colors_held(view.hand)
        candidates: list[Action] = []
        for action in decision.actions:
            if action == plan:
                candidates.append(action)
            elif isinstance(action, PlayCard):
                if _worth_trying(action, situation, held.keys(), plan):
                    candidates.append(action)
            elif isinstance(action, DrawCard | KeepDrawn):
                candidates.append(action)
        return list(dict.fromkeys(candidates))

    def _answer(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        """Challenge a Wild Draw Four or take it: medium's answer, unless imagined rounds
        from the same deals find the other clearly better. Whether it was a bluff is whether
        the imagined hand held the colour, so the deals' reading of the player (who plays a
        Wild Draw Four holding the colour they chose it over) weighs the chance of a bluff."""
        plan = super().choose(view, rng)
        if not all(isinstance(a, Challenge | AcceptPenalty) for a in decision.actions):
            return plan  # a penalty we may pass on (stacking): medium's
        before = Knowledge.of(view).color_before_draw_four
        attacker = draw_four_player(view)
        if before is None or attacker is None or view.pending_penalty != 4:
            return plan  # a stacked penalty: the imagined rounds know only the four
        answer = (attacker, COLORS.index(before))
        return self._search(view, list(decision.actions), plan, rng, answer)

    def _search(
        self,
        view: PlayerView,
        candidates: list[Action],
        plan: Action,
        rng: random.Random,
        answer: tuple[int, int] | None = None,
    ) -> Action:
        """Judge the candidates on the same imagined deals until the budget is spent, dropping
        on the way those clearly worse than the best so far, so the deals go to the close
        calls. Medium's plan is never dropped; when nothing else is left, it stands at once."""
        deadline = self.clock() + self.think_ms / 1000
        sampler = DealSampler(Knowledge.of(view), self._quick_rules(view.rules))
        side = (view.player, view.teammate if view.teammate is not None else view.player)
        deals = random.Random(rng.getrandbits(64))
        results: dict[Action, list[float]] = {action: [] for action in candidates}
        weights: list[float] = []
        active = list(candidates)
        done = 0
        timed_out = False
        judgement = JUDGEMENTS.get((view.player_count, view.rules.team_game))
        while len(active) > 1 and (self.samples is None or done < self.samples):
            table = sampler.deal(deals)
            if table is None:
                break
            weights.append(sampler.weight(table))
            seed = deals.getrandbits(63)
            for action in active:
                imagined = table.copy(seed)
                _begin(imagined, view.player, action, answer)
                results[action].append(_outcome(imagined, side, judgement))
            done += 1
            if done % RACE_EVERY == 0:
                active = _still_in_the_race(active, results, weights, plan)
            if self.samples is None and self.clock() > deadline:
                timed_out = len(active) > 1
                break
        self.last_search = (done, timed_out)
        clear = CLEAR_WIN_TO_THE_END if judgement is None else judgement.clear_win
        if answer is not None:
            clear = max(clear, CLEAR_ANSWER)
        return _clear_winner({action: results[action] for action in active}, weights, plan, clear)

    def _team_choice(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        """A card to pass or give our teammate: medium's, unless imagined rounds judged as
        our turns are find a clearly better one."""
        plan = super().choose(view, rng)
        side = (view.player, view.teammate if view.teammate is not None else view.player)
        judgement = JUDGEMENTS.get((view.player_count, view.rules.team_game))
        search = TeamSearch(
            rules=self._quick_rules(view.rules),
            judge=functools.partial(_outcome, side=side, judgement=judgement),
            clear=CLEAR_WIN_TO_THE_END if judgement is None else judgement.clear_win,
            think_ms=self.think_ms,
            samples=self.samples,
            clock=self.clock,
        )
        return search.choose(view, decision, plan, rng)

    def _quick_rules(self, rules: Rules) -> QuickRules:
        quick = self._rules.get(rules)
        if quick is None:
            quick = self._rules[rules] = QuickRules.of(rules)
        return quick


def _begin(
    table: QuickRound, player: int, action: Action, answer: tuple[int, int] | None = None
) -> None:
    """Take ``action`` on the imagined table; ``answer``, for a challenge or taking the
    penalty: who played the Wild Draw Four, and the colour in play before it."""
    if isinstance(action, PlayCard):
        color = -1 if action.color is None else COLORS.index(action.color)
        target = -1 if action.target is None else action.target
        table.play(player, code_of(action.card), color, target)
    elif isinstance(action, DrawCard):
        table.draw_and_maybe_play(player)
    elif answer is not None:
        attacker, before = answer
        table.answer_draw_four(player, attacker, before, isinstance(action, Challenge))
    else:
        table.keep_drawn(player)


def _outcome(table: QuickRound, side: tuple[int, int], judgement: Judgement | None) -> float:
    """1.0 if ``side`` goes out first in the imagined round, 0.0 if another does; if nobody
    has by the judgement's cut-off, the chance ``side`` would, judged from the hand sizes."""
    if table.winner < 0:
        table.play_out(TURN_LIMIT if judgement is None else judgement.turns)
    if table.winner >= 0:
        return 1.0 if table.winner in side else 0.0
    return chance_by_hands(table, side, judgement or JUDGEMENTS[(2, False)])


def chance_by_hands(table: QuickRound, side: tuple[int, int], judgement: Judgement) -> float:
    """How likely ``side`` is to go out first, from the hands and the turn order alone."""
    count = table.count
    if table.rules.team_game:
        mine = theirs = 0.0
        for first in range(count // 2):
            members = (first, table.mate(first))
            cards = sum(len(table.hands[seat]) for seat in members)
            outs = sum(1 for seat in members if not table.hands[seat])
            weight = math.pow(cards or 1, -judgement.power) * judgement.out_edge**outs
            weight *= judgement.edges[0 if table.current in members else 1]
            if first in side or members[1] in side:
                mine += weight
            else:
                theirs += weight
        return mine / (mine + theirs)
    edges, card_edge = judgement.edges, judgement.card_edge
    spread, play_edge = judgement.spread_edge, judgement.play_edge
    color = table.color
    top_rank = -1 if table.top >> 5 == WILD else table.top & 31
    mine = total = 0.0
    for seat, hand in enumerate(table.hands):
        place = ((seat - table.current) * table.step) % count
        weight = math.pow(len(hand) or 1, -judgement.power) * edges[min(place, len(edges) - 1)]
        colors = 0
        plays = False
        for card in hand:
            weight *= card_edge[card]
            colors |= 1 << (card >> 5)
            plays = plays or card >> 5 == color or card & 31 == top_rank
        if colors & 15:
            weight *= spread ** ((colors & 15).bit_count() - 1)
        if plays or colors & 16:
            weight *= play_edge
        total += weight
        if seat in side:
            mine += weight
    return mine / total


def _score_against(play: PlayCard, situation: Situation, lacking: Collection[Color]) -> float:
    """Medium's score, plus a bonus for leaving in play a colour the next player lacks (for a
    Wild, only a colour we hold: naming one we lack would strand us too)."""
    score = play_score(play, situation)
    color = play.color or play.card.color
    if color not in lacking:
        return score
    if play.card.is_wild and not any(card.color is color for card in situation.hand):
        return score
    return score + LACKED_COLOR


def _bluff_if_safe(view: PlayerView, decision: Decision, plan: Action, after: int) -> Action:
    """A bluffed Wild Draw Four, scored as if it were legal, when it beats medium's plan and
    the next player would hardly challenge it: from what they cannot see, our hand is unlikely
    to hold the colour (a small hand, few cards of the colour about)."""
    bluffs = [
        a
        for a in decision.actions
        if isinstance(a, PlayCard) and a.card.rank is Rank.WILD_DRAW_FOUR and a.color is not None
    ]
    if not bluffs or view.current_color is None:
        return plan
    situation = Situation.of(view)
    if not draw_four_is_bluff(situation) or _challenge_risk(view, after) >= SAFE_BLUFF:
        return plan
    plan_score = play_score(plan, situation) if isinstance(plan, PlayCard) else DRAW_SCORE
    if draw_four_score(situation) <= plan_score:
        return plan
    return choose_variant(bluffs, situation)


def _challenge_risk(view: PlayerView, victim: int) -> float:
    """How sure ``victim`` would be, from the cards they cannot see, that we hold a card that
    makes a Wild Draw Four a bluff (medium challenges above about 0.89)."""
    color = view.current_color
    wilds = view.rules.challenge_counts_other_wilds
    knowledge = Knowledge.of(view)

    def counts(card: Card) -> bool:
        return card.color is color or (wilds and card.is_wild)

    rest = list(view.hand)
    rest.remove(Card(None, Rank.WILD_DRAW_FOUR))
    mine = sum(1 for card in rest if counts(card))
    unseen = knowledge.unseen.total()
    theirs = knowledge.unknown_count(victim)
    elsewhere = sum(n for card, n in knowledge.unseen.items() if counts(card))
    good = mine + elsewhere * (1 - theirs / unseen if unseen else 1)
    total = sum(view.hand_counts) - view.hand_counts[victim] - 1 + view.draw_pile_count
    miss = 1.0
    for i in range(len(rest)):
        if total - i <= 0:
            break
        miss *= max(0.0, total - good - i) / (total - i)
    return 1.0 - miss


def _worth_trying(
    play: PlayCard, situation: Situation, held: Collection[Color], plan: Action
) -> bool:
    card = play.card
    if card.is_wild and play.color is not None:
        plan_color = plan.color if isinstance(plan, PlayCard) else None
        return play.color in held or play.color is plan_color
    return True
