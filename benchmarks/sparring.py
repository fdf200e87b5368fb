"""Sparring partners nobody on the project wrote: three published UNO heuristics, ported.

- ``rlcard-v1``: RLCard's ``UNORuleAgentV1`` (rlcard/models/uno_rule_models.py, rlcard 1.2.0)
  together with the parts of RLCard's UNO game that decide for the player: a Wild Draw Four is
  offered only when nothing else can be played (RLCard's ``get_legal_actions``), and a drawn
  card is played at once when it is a Wild (any colour, at random) or of the colour in play,
  kept otherwise (RLCard's ``_perform_draw_action``). The agent draws when nothing can be
  played, plays a Wild Draw Four when it is offered (naming the colour it holds most among its
  other cards), and otherwise plays one of its playable non-Wild cards at random (each copy
  counts), a Wild only when it holds nothing else playable.
- ``mixbot``: the MixBot of chausner/UnoAI (UnoAI/Bots/MixBot.fs) with its default settings
  "optimised for win rate". UnoAI's game lets any Wild Draw Four be played at any time (there
  is no challenge), so the port plays one whenever MixBot would, bluff or not.
- ``mixbot2``: UnoAI's MixBot2 (UnoAI/Bots/MixBot2.fs), DefaultSettingsWinRate, the strongest
  agent UnoAI publishes: MixBot's ranks and Wild limits, its end-game ranks when the next player
  holds one card, a Wild's colour among those held within one of the most, a drawn Wild played
  only with at most two cards, and, last, the card the next player is least likely to follow by
  UnoAI's card counting (``CardCounts``: what each opponent may hold at most, read from the
  events the seat saw). Wild Draw Fours as for MixBot.

None of the originals challenges, catches or forgets UNO (their games have no such rules): the ports
accept every Wild Draw Four, never catch, and always call UNO, so our rules neither help nor
punish them. Ties that the originals break at random are broken with the ``rng`` the simulator
gives. Decisions the originals never face (Teams passes, stacking) take the first legal action.

Seat them in ``uno-tui simulate`` through this script (``uno_tui`` never imports it):

    python -m benchmarks.sparring --rules two-player --seats medium,mixbot --games 2000 --seed 7

``--think-samples N`` (``uno-tui simulate``'s) fixes the searching bots' imagined deals per
decision; ``--hard-samples N`` is the same, the name this script used before simulate had it.

Two more levels swap the Teams passes and shares between our own bots, to measure hard's Teams
search: ``hard-medium-teams`` (hard with medium's passes and shares, as hard was before) and
``medium-hard-teams`` (medium with hard's):

    python -m benchmarks.sparring --rules teams --games 150 --seed 8 --hard-samples 40
        --jobs 1 --seats hard-medium-teams,medium,hard-medium-teams,medium
"""

from __future__ import annotations

import functools
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from uno_tui import sim
from uno_tui.bots import Bot, BotFactory, HardBot, MediumBot
from uno_tui.bots.base import main_decision, out_of_turn_actions
from uno_tui.bots.hard import TEAM_CHOICES
from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    Card,
    Color,
    DecisionKind,
    DrawCard,
    KeepDrawn,
    NameColor,
    PlayCard,
    PlayerView,
    Rank,
    build_deck,
)
from uno_tui.engine.events import (
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ColorNamed,
    DeckReshuffled,
    DrawnCardKept,
    DrawReason,
    Event,
    FirstCardTurned,
    TurnPassed,
)

T = TypeVar("T")


def _play_of(actions: Sequence[Action], card: Card, color: Color | None) -> PlayCard:
    """The legal play of ``card`` naming ``color`` (any target: the originals have no such
    cards)."""
    plays = [a for a in actions if isinstance(a, PlayCard) and a.card == card]
    for play in plays:
        if play.color is color or play.card.color is not None:
            return play
    return plays[0]


def _matches(card: Card, view: PlayerView) -> bool:
    """UnoAI's ``doCardsMatch`` (and RLCard's): a Wild always; else the colour in play, or
    the rank of a top card that is not a Wild."""
    if card.is_wild:
        return True
    top = view.top_card
    return card.color is view.current_color or (not top.is_wild and card.rank is top.rank)


def _name(actions: Sequence[Action], color: Color) -> Action:
    return next(a for a in actions if isinstance(a, NameColor) and a.color is color)


def _calls_uno(view: PlayerView) -> Action | None:
    for action in out_of_turn_actions(view):
        if isinstance(action, CallUno) and action.target == view.player:
            return action
    return None


def _fallback(view: PlayerView) -> Action:
    """Decisions the originals never face: accept a penalty, or the first legal action."""
    decision = main_decision(view)
    accept = next((a for a in decision.actions if isinstance(a, AcceptPenalty)), None)
    return accept or decision.actions[0]


# RLCard's uno-rule-v1 --------------------------------------------------------------------


class _PortedBot(Bot):
    """What both ports share: their three decisions, UNO always called, the rest a fallback."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        decision = main_decision(view)
        if decision.kind is DecisionKind.TURN:
            return self._turn(view, decision.actions, rng)
        if decision.kind is DecisionKind.PLAY_DRAWN:
            return self._drawn(view, decision.actions, rng)
        if decision.kind is DecisionKind.NAME_COLOR:
            return _name(decision.actions, self._color(view, rng))
        return _fallback(view)

    def react(self, view: PlayerView, rng: random.Random) -> Action | None:
        return _calls_uno(view)

    def _turn(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def _drawn(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def _color(self, view: PlayerView, rng: random.Random) -> Color:
        raise NotImplementedError


class RlcardV1Bot(_PortedBot):
    level = "rlcard-v1"

    def _color(self, view: PlayerView, rng: random.Random) -> Color:
        return rng.choice(list(Color))

    def _turn(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        choice = rlcard_choice(view.hand, view.top_card, view.current_color, rng)
        if choice is None:
            return next(a for a in actions if isinstance(a, DrawCard))
        card, color = choice
        return _play_of(actions, card, color)

    def _drawn(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        card = view.drawn_card
        keep = next((a for a in actions if isinstance(a, KeepDrawn)), None)
        assert card is not None
        if card.is_wild:
            return _play_of(actions, card, rng.choice(list(Color)))
        if card.color is view.current_color or keep is None:
            return _play_of(actions, card, None)
        return keep


def rlcard_legal(hand: Sequence[Card], top: Card, color: Color | None) -> list[str]:
    """RLCard's ``get_legal_actions`` on our cards, as RLCard's action strings."""
    legal: list[str] = []
    wild_four: list[str] = []
    wild_seen = four_seen = False
    for card in hand:
        if card.rank is Rank.WILD_DRAW_FOUR:
            if not four_seen:
                four_seen = True
                wild_four += [f"{c}-wild_draw_4" for c in "rgby"]
        elif card.is_wild:
            if not wild_seen:
                wild_seen = True
                legal += [f"{c}-wild" for c in "rgby"]
        elif card.color is color or (not top.is_wild and card.rank is top.rank):
            legal.append(_rlcard_str(card))
    return legal or wild_four or ["draw"]


_TRAITS = {Rank.SKIP: "skip", Rank.REVERSE: "reverse", Rank.DRAW_TWO: "draw_2"}
_LETTERS = {Color.RED: "r", Color.GREEN: "g", Color.BLUE: "b", Color.YELLOW: "y"}


def _rlcard_str(card: Card) -> str:
    assert card.color is not None
    trait = _TRAITS.get(card.rank) or card.rank.value
    return f"{_LETTERS[card.color]}-{trait}"


def rlcard_agent_step(legal: list[str], hand: list[str], rng: random.Random) -> str:
    """``UNORuleAgentV1.step`` on RLCard's strings, line for line (``np.random.choice``
    becomes ``rng.choice``)."""
    if "draw" in legal:
        return "draw"
    for action in legal:
        if action.split("-")[1] == "wild_draw_4":
            color_nums = _count_colors(_filter_wild(hand))
            return max(color_nums, key=lambda c: color_nums[c]) + "-wild_draw_4"
    return rng.choice(_filter_wild(legal))


def _filter_wild(hand: list[str]) -> list[str]:
    filtered = [card for card in hand if card[2:6] != "wild"]
    return filtered or hand


def _count_colors(hand: list[str]) -> dict[str, int]:
    nums: dict[str, int] = {}
    for card in hand:
        nums[card[0]] = nums.get(card[0], 0) + 1
    return nums


def rlcard_choice(
    hand: Sequence[Card], top: Card, color: Color | None, rng: random.Random
) -> tuple[Card, Color | None] | None:
    """The card (and colour) RLCard's game and agent would play, or None to draw. RLCard's
    Wilds carry a nominal colour in the hand (one of each per colour); ours do not, so when a
    hand of Wilds alone counts colours, the count is of a random colour per Wild."""
    strings = []
    for card in hand:
        if card.is_wild:
            suffix = "wild_draw_4" if card.rank is Rank.WILD_DRAW_FOUR else "wild"
            strings.append(f"{rng.choice('rgby')}-{suffix}")
        else:
            strings.append(_rlcard_str(card))
    action = rlcard_agent_step(rlcard_legal(hand, top, color), strings, rng)
    if action == "draw":
        return None
    letter, trait = action.split("-")
    named = next(c for c, s in _LETTERS.items() if s == letter)
    if trait == "wild_draw_4":
        return Card(None, Rank.WILD_DRAW_FOUR), named
    if trait == "wild":
        wild = next(card for card in hand if card.is_wild and card.rank is not Rank.WILD_DRAW_FOUR)
        return wild, named
    card = next(c for c in hand if not c.is_wild and _rlcard_str(c) == action)
    return card, None


# UnoAI's MixBot --------------------------------------------------------------------------

RANKS = (4, 3, 5, 6, 1, 2)
"""By card type (number, Reverse, Skip, Draw Two, Wild, Wild Draw Four): DefaultSettingsWinRate."""
END_GAME_RANKS = (2, 3, 4, 6, 1, 5)
CARD_COUNT_LIMITS = (-1, -1, -1, -1, 2, 4)
PLAY_DRAWN_THRESHOLDS = (-1, -1, -1, -1, 2, 2)


def card_type(card: Card, two_player_reverse_skips: bool) -> int:
    """MixBot's ``cardTypeIndex``: a Reverse that skips (two players) counts as a Skip."""
    rank = card.rank
    if rank is Rank.WILD_DRAW_FOUR:
        return 5
    if card.is_wild:
        return 4
    if rank is Rank.REVERSE:
        return 2 if two_player_reverse_skips else 1
    if rank is Rank.SKIP:
        return 2
    if rank is Rank.DRAW_TWO:
        return 3
    return 0


def _matches_other(card: Card, other: Card) -> bool:
    """``doCardsMatch card other`` for a coloured ``card``: same number, same action, or a
    shared colour (the other is never a Wild here)."""
    if card.rank is other.rank:
        return True
    return card.color is other.color


class MixBot(_PortedBot):
    level = "mixbot"
    play_drawn_thresholds: tuple[int, ...] = PLAY_DRAWN_THRESHOLDS
    """By card type: past this many cards in hand a drawn card is kept (-1: always played)."""

    def _color(self, view: PlayerView, rng: random.Random) -> Color:
        return _most_common_color(view.hand, rng)

    def _choice(self, view: PlayerView, rng: random.Random) -> tuple[Card, Color | None] | None:
        return mixbot_choice(view, rng)

    def _turn(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        choice = self._choice(view, rng)
        if choice is None:
            return next(a for a in actions if isinstance(a, DrawCard))
        return _play_of(actions, *choice)

    def _drawn(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        card = view.drawn_card
        assert card is not None
        keep = next((a for a in actions if isinstance(a, KeepDrawn)), None)
        threshold = self.play_drawn_thresholds[card_type(card, _reverse_skips(view))]
        if keep is not None and threshold != -1 and len(view.hand) > threshold:
            return keep
        color = _most_common_color(view.hand, rng) if card.is_wild else None
        return _play_of(actions, card, color)


def _reverse_skips(view: PlayerView) -> bool:
    return view.rules.reverse_skips_with_two_players and view.player_count == 2


def _most_common_color(hand: Sequence[Card], rng: random.Random) -> Color:
    """``getMostCommonColor`` (a random one of the most common), else a random colour."""
    counts = Counter(card.color for card in hand if card.color is not None)
    if not counts:
        return rng.choice(list(Color))
    most = max(counts.values())
    return rng.choice([color for color, n in counts.items() if n == most])


def _pick_max(items: list[T], key: Callable[[T], float]) -> list[T]:
    """UnoAI's ``Seq.pickMaxBy``: every item of the highest value."""
    values = [key(item) for item in items]
    best = max(values)
    return [item for item, value in zip(items, values, strict=True) if value == best]


def mixbot_choice(view: PlayerView, rng: random.Random) -> tuple[Card, Color | None] | None:
    """MixBot's ``PerformAction``: the card (and colour) to play, or None to draw."""
    hand = list(view.hand)
    skips = _reverse_skips(view)

    def kind(card: Card) -> int:
        return card_type(card, skips)

    in_hand = sum(1 for card in hand if CARD_COUNT_LIMITS[kind(card)] == -1)
    playable = list(dict.fromkeys(card for card in hand if _matches(card, view)))
    step = 1 if view.clockwise else -1
    after = (view.player + step) % view.player_count
    if view.hand_counts[after] == 1 and playable:
        picked = rng.choice(_pick_max(playable, lambda c: END_GAME_RANKS[kind(c)]))
    else:
        within = [
            card
            for card in playable
            if CARD_COUNT_LIMITS[kind(card)] == -1 or in_hand <= CARD_COUNT_LIMITS[kind(card)]
        ]
        if not within:
            return None
        counts = Counter(card.color for card in hand if card.color is not None)
        most = max(counts.values(), default=0)
        common = {color for color, n in counts.items() if n == most}
        colored = [c for c in hand if not c.is_wild]
        ranked = _pick_max(within, lambda c: 1 if c.color in common else 0)
        ranked = _pick_max(ranked, lambda c: RANKS[kind(c)])
        ranked = _pick_max(
            ranked,
            lambda c: 0 if c.is_wild else sum(1 for o in colored if _matches_other(c, o)),
        )
        picked = rng.choice(ranked)
    return picked, _most_common_color(hand, rng) if picked.is_wild else None


# UnoAI's MixBot2 -------------------------------------------------------------------------

MIX2_RANKS = (4, 3, 5, 6, 1, 2)
"""MixBot2's DefaultSettingsWinRate, by card type as ``card_type`` numbers them: the ranks
(Draw Two > Skip > number > Reverse > Wild Draw Four > Wild)."""
MIX2_END_GAME_RANKS = (2, 3, 4, 6, 1, 5)
"""The ranks when the next player holds one card (EnableEndGameLogic)."""
MIX2_CARD_COUNT_LIMITS = (-1, -1, -1, -1, 2, 4)
"""The most cards of the unlimited types a hand may hold to play a card of the type (-1: no
limit); in the end game there are none (EndGameCardCountLimits all -1)."""
MIX2_PLAY_DRAWN_THRESHOLDS = (-1, -1, -1, -1, 2, 2)
"""The most cards a hand may hold to play a drawn card of the type."""
MIX2_WILD_COLOR_SLACK = 1
"""How many cards short of the commonest colour a Wild's colour may be and still be preferred
(WildPreferredColorSlack)."""


def uno_ai_match(top: Card, color: Color | None, card: Card) -> bool:
    """UnoAI's ``doCardsMatch top card``, ``top`` as it lies (a Wild with ``color`` named)."""
    if card.is_wild:
        return True
    if not top.is_wild and card.rank is top.rank:
        return True
    return card.color is (color if top.is_wild else top.color)


class CardCounts:
    """UnoAI's ``CardCounting``: for each opponent, how many of each card (Wilds without their
    colour) it may hold at most, read from the round's events as the viewer saw them. Each
    starts with the deck but the viewer's hand and the pile; a card it plays is taken off;
    drawing on its turn shows it held nothing that matched the top card, and, if it keeps the
    card, it may hold one more of anything else; a penalty draw adds that many of anything;
    and every bound is cut to the cards in neither the viewer's hand nor the pile whenever
    one of them is seen played elsewhere or drawn by the viewer."""

    def __init__(self, view: PlayerView) -> None:
        self.me = view.player
        self.others = [seat for seat in range(view.player_count) if seat != view.player]
        self.full = Counter(build_deck(view.rules))
        self.counts: dict[int, Counter[Card]] = {seat: Counter() for seat in self.others}
        self.hand: Counter[Card] = Counter()
        self.pile: Counter[Card] = Counter()
        self.top: Card | None = None
        self.color: Color | None = None
        self.drew_on: dict[int, tuple[Card, Color | None]] = {}
        """An opponent that drew on its turn, and the table it drew on, until it plays or
        keeps the card."""
        self.first: Event | None = None
        self.upto = 0

    @classmethod
    def follow(cls, counts: CardCounts | None, view: PlayerView) -> CardCounts:
        """``counts`` read on to ``view``'s last event (afresh at a new round)."""
        events = view.events
        if counts is None or not events or events[0] is not counts.first:
            counts = cls(view)
            counts.first = events[0] if events else None
        for event in events[counts.upto :]:
            counts.read(event)
        counts.upto = len(events)
        return counts

    def bound(self, card: Card) -> int:
        return self.full[card] - self.hand[card] - self.pile[card]

    def no_match_chance(self, seat: int, hand_size: int, top: Card, color: Color | None) -> float:
        """``probabilityNoMatchByCardCounting``: the chance that ``hand_size`` cards drawn
        from what ``seat`` may hold include none that match ``top``."""
        counts = self.counts[seat]
        total = sum(counts.values())
        matching = sum(n for card, n in counts.items() if uno_ai_match(top, color, card))
        draws = min(hand_size, total)
        if total == 0:
            return 0.0
        if matching == 0:
            return 1.0
        if total - matching <= draws - 1:
            return 0.0
        chance = 1.0
        for i in range(draws):
            chance *= (total - matching - i) / (total - i)
        return chance

    def read(self, event: Event) -> None:
        match event:
            case CardsDealt(player=player, cards=cards) if player == self.me and cards:
                self.hand.update(cards)
            case FirstCardTurned(card=card):
                self.pile[card] += 1
                self.top, self.color = card, card.color
                start = Counter({card: self.bound(card) for card in self.full})
                self.counts = {seat: Counter(start) for seat in self.others}
            case CardPlayed(player=player, card=card, color=color):
                self._played(player, card)
                self.top, self.color = card, color
            case ColorNamed(color=color):
                self.color = color
            case CardsDrawn(player=player, reason=reason, cards=cards, count=count):
                self._drawn(player, reason, cards, count)
            case DrawnCardKept(player=player) | TurnPassed(player=player):
                self._kept(player)
            case DeckReshuffled():
                self.pile = Counter() if self.top is None else Counter([self.top])

    def _played(self, player: int, card: Card) -> None:
        if player == self.me:
            self.hand[card] -= 1
        self.pile[card] += 1
        if player == self.me:
            return
        drawn = self.drew_on.pop(player, None)
        if drawn is None:  # PlayCardAction
            counts = self.counts[player]
            counts[card] = max(counts[card] - 1, 0)
        self._cap([card], [seat for seat in self.others if seat != player])

    def _drawn(
        self, player: int, reason: DrawReason, cards: tuple[Card, ...] | None, count: int
    ) -> None:
        if player == self.me:
            assert cards is not None
            self.hand.update(cards)
            self._cap(cards, self.others)
            return
        counts = self.counts[player]
        if reason is DrawReason.CHOICE and self.top is not None:
            self.drew_on[player] = (self.top, self.color)
            for card in counts:
                if uno_ai_match(self.top, self.color, card):
                    counts[card] = 0
            return
        for card in counts:  # DrawCardsAndSkipAction
            counts[card] = min(counts[card] + count, self.bound(card))

    def _kept(self, player: int) -> None:
        """An opponent kept the card it drew on its turn: DrawCardAction."""
        table = self.drew_on.pop(player, None)
        if table is None:
            return
        counts = self.counts[player]
        for card in counts:
            if not uno_ai_match(*table, card):
                counts[card] = min(counts[card] + 1, self.bound(card))

    def _cap(self, cards: Sequence[Card], seats: Sequence[int]) -> None:
        for seat in seats:
            counts = self.counts[seat]
            for card in cards:
                counts[card] = min(counts[card], self.bound(card))


class MixBot2(MixBot):
    """UnoAI's MixBot2 (UnoAI/Bots/MixBot2.fs) with DefaultSettingsWinRate: MixBot's turn and
    drawn card with its own choice (the cards it counts) and thresholds."""

    level = "mixbot2"
    play_drawn_thresholds = MIX2_PLAY_DRAWN_THRESHOLDS

    def __init__(self) -> None:
        self.counts: CardCounts | None = None

    def _choice(self, view: PlayerView, rng: random.Random) -> tuple[Card, Color | None] | None:
        self.counts = CardCounts.follow(self.counts, view)
        return mixbot2_choice(view, self.counts, rng)


def _after_play(view: PlayerView, card: Card) -> int:
    """``getNextActiveAfterPlay``: whose turn it is after ``card`` (UnoAI's table: a Skip,
    Draw Two or Wild Draw Four passes over the next player, a Reverse turns back)."""
    step = 1 if view.clockwise else -1
    rank = card.rank
    if rank is Rank.REVERSE and not _reverse_skips(view):
        return (view.player - step) % view.player_count
    jumps = rank in (Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.REVERSE)
    return (view.player + step * (2 if jumps else 1)) % view.player_count


def mixbot2_choice(
    view: PlayerView, counts: CardCounts, rng: random.Random
) -> tuple[Card, Color | None] | None:
    """MixBot2's ``PerformAction``: the card (and colour) to play, or None to draw."""
    hand = list(view.hand)
    skips = _reverse_skips(view)

    def kind(card: Card) -> int:
        return card_type(card, skips)

    step = 1 if view.clockwise else -1
    end_game = view.hand_counts[(view.player + step) % view.player_count] == 1
    limits = (-1,) * 6 if end_game else MIX2_CARD_COUNT_LIMITS
    ranks = MIX2_END_GAME_RANKS if end_game else MIX2_RANKS
    in_hand = sum(1 for card in hand if limits[kind(card)] == -1)
    playable = list(dict.fromkeys(card for card in hand if _matches(card, view)))
    within = [c for c in playable if limits[kind(c)] == -1 or in_hand <= limits[kind(c)]]
    if not within:
        return None
    held = Counter(card.color for card in hand if card.color is not None)
    most = max(held.values(), default=0)
    common = {color for color, n in held.items() if n == most}
    wild_colors = (
        {c for c, n in held.items() if n >= most - MIX2_WILD_COLOR_SLACK} if held else set(Color)
    )
    options = [
        (card, color) for card in within for color in (tuple(Color) if card.is_wild else (None,))
    ]

    def color_priority(option: tuple[Card, Color | None]) -> int:
        card, color = option
        if card.is_wild:
            return 1 if color in wild_colors else 0
        return 1 if card.color in common else 0

    def no_match(option: tuple[Card, Color | None]) -> float:
        card, color = option
        seat = _after_play(view, card)
        if seat == view.player:  # the turn comes back: 1 if we cannot follow, as the F# has it
            rest = list(hand)
            rest.remove(card)
            return 0.0 if any(uno_ai_match(card, color, other) for other in rest) else 1.0
        return counts.no_match_chance(seat, view.hand_counts[seat], card, color)

    ranked = _pick_max(options, lambda option: ranks[kind(option[0])])
    ranked = _pick_max(ranked, color_priority)
    ranked = _pick_max(ranked, no_match)
    return rng.choice(ranked)


SPARRING: dict[str, type[Bot]] = {
    "rlcard-v1": RlcardV1Bot,
    "mixbot": MixBot,
    "mixbot2": MixBot2,
}


# Our own bots with their Teams passes and shares swapped -----------------------------------


class HardWithMediumTeamChoices(HardBot):
    """hard as it was before its Teams choices were its own: medium's passes and shares, hard's
    search everywhere else. Against plain ``hard`` it measures what ``team_search.py`` gains."""

    level = "hard-medium-teams"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if main_decision(view).kind in TEAM_CHOICES:
            return MediumBot.choose(self, view, rng)
        return super().choose(view, rng)


class MediumWithHardTeamChoices(HardBot):
    """medium's turns with hard's passes and shares: what the Teams search alone is worth, in
    games that take a second rather than minutes."""

    level = "medium-hard-teams"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if main_decision(view).kind in TEAM_CHOICES:
            return super().choose(view, rng)
        return MediumBot.choose(self, view, rng)


SEARCHING: dict[str, type[HardBot]] = {
    "hard": HardBot,
    "hard-medium-teams": HardWithMediumTeamChoices,
    "medium-hard-teams": MediumWithHardTeamChoices,
}
"""The levels that search, and so take ``--think-ms`` and ``--hard-samples``."""


def levels(
    think_ms: float = sim.DEFAULT_THINK_MS, samples: int | None = None
) -> dict[str, BotFactory]:
    """What ``uno-tui simulate`` may seat through this script: the game's own levels, the
    sparring partners and the swapped bots, the searching ones thinking ``think_ms`` a
    decision (or imagining exactly ``samples`` deals). Classes and partials only, so it
    pickles for ``--jobs`` workers however they are started."""
    searching = {
        level: functools.partial(bot, think_ms=think_ms, samples=samples)
        for level, bot in SEARCHING.items()
    }
    return {**sim.game_levels(think_ms, samples), **SPARRING, **searching}


def fixed_samples(argv: list[str]) -> int | None:
    """Take ``--hard-samples N`` out of ``argv``: the hard bot then imagines exactly N deals a
    decision whatever the clock says, so its strength can be measured apart from the load of
    the machine (``simulate --think-samples N``, by its older name)."""
    if "--hard-samples" not in argv:
        return None
    at = argv.index("--hard-samples")
    value = argv[at + 1] if at + 1 < len(argv) else ""
    del argv[at : at + 2]
    if not value.isdigit() or int(value) < 1:
        raise SystemExit(f"--hard-samples needs a whole number of deals, not {value!r}")
    return int(value)


def main(argv: Sequence[str] | None = None) -> int:
    from uno_tui.cli import build_parser

    args = list(sys.argv[1:] if argv is None else argv)
    samples = fixed_samples(args)
    if samples is not None:
        args += ["--think-samples", str(samples)]
    parsed = build_parser().parse_args(["simulate", *args])
    return sim.run(parsed, levels)


if __name__ == "__main__":
    sys.exit(main())
