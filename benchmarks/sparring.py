"""Sparring partners nobody on the project wrote: two published UNO heuristics, ported.

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

Neither original challenges, catches or forgets UNO (their games have no such rules): the ports
accept every Wild Draw Four, never catch, and always call UNO, so our rules neither help nor
punish them. Ties that the originals break at random are broken with the ``rng`` the simulator
gives. Decisions the originals never face (Teams passes, stacking) take the first legal action.

Seat them in ``uno-tui simulate`` through this script (``uno_tui`` never imports it):

    python -m benchmarks.sparring --rules two-player --seats medium,mixbot --games 2000 --seed 7

``--hard-samples N`` (this script's own) fixes the hard bot's imagined deals per decision.

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
from collections.abc import Sequence

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
)


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

    def _color(self, view: PlayerView, rng: random.Random) -> Color:
        return _most_common_color(view.hand, rng)

    def _turn(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        choice = mixbot_choice(view, rng)
        if choice is None:
            return next(a for a in actions if isinstance(a, DrawCard))
        return _play_of(actions, *choice)

    def _drawn(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        card = view.drawn_card
        assert card is not None
        keep = next((a for a in actions if isinstance(a, KeepDrawn)), None)
        threshold = PLAY_DRAWN_THRESHOLDS[card_type(card, _reverse_skips(view))]
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


def _pick_max(cards: list[Card], key: object) -> list[Card]:
    values = [key(card) for card in cards]  # type: ignore[operator]
    best = max(values)
    return [card for card, value in zip(cards, values, strict=True) if value == best]


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


SPARRING: dict[str, type[Bot]] = {"rlcard-v1": RlcardV1Bot, "mixbot": MixBot}


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
    return {**sim.game_levels(think_ms), **SPARRING, **searching}


def fixed_samples(argv: list[str]) -> int | None:
    """Take ``--hard-samples N`` out of ``argv``: the hard bot then imagines exactly N deals a
    decision whatever the clock says, so its strength can be measured apart from the load of
    the machine (``--think-ms`` still bounds a decision; give it room)."""
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
    parsed = build_parser().parse_args(["simulate", *args])
    return sim.run(parsed, functools.partial(levels, samples=samples))


if __name__ == "__main__":
    sys.exit(main())
