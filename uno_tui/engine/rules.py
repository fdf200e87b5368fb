"""Rule sets as data: one ``Rules`` value names every difference between the three texts.

A rule set is a preset of fields worded as the texts word them, so a house rule or a variant is a
field, never a subclass. ``Rules.classic()``, ``Rules.two_player()`` and ``Rules.teams()`` are the
presets; keyword arguments turn on the options each text offers and the house rules, which are
off by default and never part of a preset.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from typing import Any

from .cards import Rank
from .errors import SetupError


class RuleSet(Enum):
    CLASSIC = "classic"
    TWO_PLAYER = "two-player"
    TEAMS = "teams"


class DeckKind(Enum):
    STANDARD = "standard-108"
    """108 cards: 76 numbers, 8 Skip, 8 Reverse, 8 Draw Two, 4 Wild, 4 Wild Draw Four."""
    CLASSIC = "classic-112"
    """The 108 plus 1 Wild Swap Hands and 3 Wild Customizable."""
    TEAMS = "teams-112"
    """76 numbers, 8 Skip, 8 Reverse, 8 Draw Two, 4 Wild, 4 Wild Team Play,
    4 Wild Team Draw Four."""

    # Members are singletons: identity hashing is correct and much faster than Enum's (the
    # deck of a game is looked up by its kind twice per game).
    __hash__ = object.__hash__


class FirstCard(Enum):
    """What happens to the first card turned to start the discard pile."""

    FLIP_AGAIN_ON_ACTION = "flip-again-on-action"
    """classic: "if it's an Action Card, flip the next one". Draw Two, Reverse and Skip are the
    text's Action Cards; a Wild card stays, and the first player names its colour."""
    FLIP_AGAIN_ON_ANY_ACTION = "flip-again-on-any-action"
    """teams: "If the first card is an Action card, ignore it and turn over another card"; the
    Teams text lists the Wild cards among its Action cards."""
    TWO_PLAYER = "two-player"
    """two-player: Wild Draw Four back into the deck; other actions hit the non-dealer at once."""


class CustomEffect(Enum):
    """What a Wild Customizable (or a two-player blank card) does, chosen at setup."""

    DRAW_TWO_SKIP = "draw-two-skip"
    """The next player draws 2 cards and loses their turn."""
    PASS_HANDS = "pass-hands"
    """Everyone passes their hand to the next player in the direction of play."""
    OTHERS_DRAW_ONE = "others-draw-one"
    """Every other player draws 1 card."""
    PLAIN = "plain"
    """A plain Wild: name the colour, nothing else."""

    @property
    def description(self) -> str:
        return CUSTOM_EFFECT_TEXT[self]


CUSTOM_EFFECT_TEXT = {
    CustomEffect.DRAW_TWO_SKIP: "the next player draws 2 cards and loses their turn",
    CustomEffect.PASS_HANDS: "everyone passes their hand one seat along, in the direction of play",
    CustomEffect.OTHERS_DRAW_ONE: "every other player draws 1 card",
    CustomEffect.PLAIN: "a plain Wild: choose the colour, nothing else",
}


class MatchMethod(Enum):
    WINNER_SCORES = "winner-scores"
    """The winner of a hand scores the cards left in the other hands; first to the target wins."""
    LOWEST_CAUGHT = "lowest-caught"
    """two-player, "Mattel's other method": each player is charged the points they are caught
    holding; when one passes the target, the lower total wins."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs between rule sets, in the texts' own terms."""

    rule_set: RuleSet
    player_counts: tuple[int, ...]
    deck: DeckKind
    team_game: bool
    """Teams of two, partners across the table."""
    first_card: FirstCard
    dealer_by_high_card: bool
    """two-player: "Each player draws one card. The higher card deals." Otherwise the first
    dealer is chosen at random and the deal passes to the left each hand."""
    reverse_skips_with_two_players: bool
    must_play_drawn_card: bool
    """classic: "draw a card, and play it if it matches"; the other texts say "may"."""
    challenge_counts_other_wilds: bool
    """classic: a Wild Draw Four is illegal if the player "had the color, or a Wild"; two-player
    counts only "a card of the current color"."""
    last_card_penalty_applies: bool
    """two-player: a last Draw Two or Wild Draw Four "still" makes the other player draw."""
    uno_penalty: int = 2
    match_method: MatchMethod = MatchMethod.WINNER_SCORES
    target_score: int = 500
    pre_2022_scoring: bool = False
    """classic: "Rules before 2022 counted 40 for the special Wild cards" (Swap Hands and
    Customizable); off, every Wild is worth 50."""
    custom_effect: CustomEffect = CustomEffect.DRAW_TWO_SKIP
    blank_cards: int = 0
    """two-player variation: blank cards with a house rule written on them, shuffled in."""
    pass_symbol_rank: Rank | None = None
    """teams: the number cards that carry the pass symbol (the 7s by default)."""
    # House rules: off by default, never part of a preset.
    stack_draw_two: bool = False
    """A player hit by a Draw Two may add a Draw Two and pass the total on."""
    stack_draw_four: bool = False
    """A player hit by a Wild Draw Four may add a Wild Draw Four and pass the total on."""
    seven_zero: bool = False
    """A 7 swaps hands with a chosen player; a 0 passes every hand one seat along."""
    jump_in: bool = False
    """A card identical to the top card (same colour and rank) may be played out of turn."""
    draw_until_playable: bool = False
    """Drawing goes on until a playable card comes."""

    # Presets -----------------------------------------------------------------------------

    @classmethod
    def classic(cls, **options: Any) -> Rules:
        """uno-classic.txt: 2-10 players, the 112-card deck, challenge, scoring to 500."""
        base = cls(
            rule_set=RuleSet.CLASSIC,
            player_counts=tuple(range(2, 11)),
            deck=DeckKind.CLASSIC,
            team_game=False,
            first_card=FirstCard.FLIP_AGAIN_ON_ACTION,
            dealer_by_high_card=False,
            reverse_skips_with_two_players=False,
            must_play_drawn_card=True,
            challenge_counts_other_wilds=True,
            last_card_penalty_applies=False,
        )
        return base.with_options(**options)

    @classmethod
    def two_player(cls, **options: Any) -> Rules:
        """uno-two-player.txt: the official two-player rules with their variants as options."""
        base = cls(
            rule_set=RuleSet.TWO_PLAYER,
            player_counts=(2,),
            deck=DeckKind.STANDARD,
            team_game=False,
            first_card=FirstCard.TWO_PLAYER,
            dealer_by_high_card=True,
            reverse_skips_with_two_players=True,
            must_play_drawn_card=False,
            challenge_counts_other_wilds=False,
            last_card_penalty_applies=True,
            custom_effect=CustomEffect.PLAIN,
        )
        return base.with_options(**options)

    @classmethod
    def teams(cls, **options: Any) -> Rules:
        """uno-teams.txt: 4, 6 or 8 players in teams of two, partners across."""
        base = cls(
            rule_set=RuleSet.TEAMS,
            player_counts=(4, 6, 8),
            deck=DeckKind.TEAMS,
            team_game=True,
            first_card=FirstCard.FLIP_AGAIN_ON_ANY_ACTION,
            dealer_by_high_card=False,
            reverse_skips_with_two_players=False,
            must_play_drawn_card=False,
            challenge_counts_other_wilds=True,
            last_card_penalty_applies=False,
            pass_symbol_rank=Rank.SEVEN,
        )
        return base.with_options(**options)

    @classmethod
    def preset(cls, name: str | RuleSet, **options: Any) -> Rules:
        """The preset named ``classic``, ``two-player`` or ``teams``, with options."""
        try:
            rule_set = RuleSet(name)
        except ValueError:
            known = ", ".join(r.value for r in RuleSet)
            raise SetupError(f"unknown rule set {name!r} (known: {known})") from None
        factory = {
            RuleSet.CLASSIC: cls.classic,
            RuleSet.TWO_PLAYER: cls.two_player,
            RuleSet.TEAMS: cls.teams,
        }[rule_set]
        return factory(**options)

    # Options -----------------------------------------------------------------------------

    def with_options(self, **options: Any) -> Rules:
        """A copy with options changed, checked against what this rule set allows."""
        allowed = OPTIONS_BY_RULE_SET[self.rule_set]
        for key in options:
            if key not in allowed:
                raise SetupError(
                    f"option {key!r} is not available in {self.rule_set.value} "
                    f"(available: {', '.join(sorted(allowed))})"
                )
        try:
            rules = replace(self, **_coerce_options(options))
        except (TypeError, ValueError) as error:
            raise SetupError(f"bad option value: {error}") from None
        rules._check()
        return rules

    def _check(self) -> None:
        if self.uno_penalty < 1:
            raise SetupError("the UNO penalty must be at least 1 card")
        if self.target_score < 1:
            raise SetupError("the target score must be at least 1 point")
        if not 0 <= self.blank_cards <= 4:
            raise SetupError("blank cards: from 0 to 4")
        if self.pass_symbol_rank is not None and not self.pass_symbol_rank.is_number:
            raise SetupError("the pass symbol is printed on number cards only")
        if self.seven_zero and self.team_game:
            raise SetupError("the 7-0 house rule is not available in Teams (hands are team-held)")

    def check_players(self, count: int) -> None:
        if count not in self.player_counts:
            allowed = ", ".join(str(n) for n in self.player_counts)
            raise SetupError(f"{self.rule_set.value} is played by {allowed} players, not {count}")

    @property
    def target_ranks(self) -> frozenset[Rank]:
        """The ranks whose play names another player: Wild Swap Hands, and under the 7-0
        house rule the 7 (its player swaps hands with someone they choose)."""
        if self.seven_zero:
            return frozenset((Rank.WILD_SWAP_HANDS, Rank.SEVEN))
        return frozenset((Rank.WILD_SWAP_HANDS,))

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the house rules turned on."""
        return tuple(name for name in HOUSE_RULES if getattr(self, name))

    # Records -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The preset name and the options that differ from it, for a match record."""
        preset = Rules.preset(self.rule_set)
        changed: dict[str, Any] = {}
        mine, theirs = asdict(self), asdict(preset)
        for field in fields(self):
            if mine[field.name] != theirs[field.name]:
                changed[field.name] = _plain(mine[field.name])
        return {"rules": self.rule_set.value, "options": changed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise SetupError("rule options must be an object")
        return cls.preset(str(data.get("rules")), **options)


HOUSE_RULES = ("stack_draw_two", "stack_draw_four", "seven_zero", "jump_in", "draw_until_playable")
_COMMON_OPTIONS = frozenset({"target_score", *HOUSE_RULES})
OPTIONS_BY_RULE_SET = {
    RuleSet.CLASSIC: _COMMON_OPTIONS | {"pre_2022_scoring", "custom_effect"},
    RuleSet.TWO_PLAYER: _COMMON_OPTIONS
    | {"uno_penalty", "match_method", "blank_cards", "custom_effect"},
    RuleSet.TEAMS: (_COMMON_OPTIONS - {"seven_zero", "stack_draw_four"}) | {"pass_symbol_rank"},
}
"""Which options each rule set offers: its text's own options plus the house rules that fit its
deck (Teams has no Wild Draw Four to stack, and its 7s carry the pass symbol)."""

OPTION_TEXT = {
    "target_score": "points that win the match (500 in every text)",
    "pre_2022_scoring": "count Wild Swap Hands and Wild Customizable as 40 points, as before 2022",
    "custom_effect": "what a Wild Customizable (or a blank card) does",
    "uno_penalty": "cards drawn by a player caught not saying UNO (2, or 4)",
    "match_method": "winner scores the others' cards, or lowest points caught holding wins",
    "blank_cards": "blank cards shuffled in, each with the house rule chosen below",
    "pass_symbol_rank": "the number whose cards carry the pass symbol (7 by default)",
    "stack_draw_two": "house rule: answer a Draw Two with a Draw Two and pass the total on",
    "stack_draw_four": "house rule: answer a Wild Draw Four with another and pass the total on",
    "seven_zero": "house rule: a 7 swaps hands with a player you choose; a 0 passes every hand",
    "jump_in": "house rule: play a card identical to the top card out of turn",
    "draw_until_playable": "house rule: keep drawing until a card can be played",
}
"""One line per option, for setup screens and questions."""

_ENUM_OPTIONS: dict[str, type[Enum]] = {
    "custom_effect": CustomEffect,
    "match_method": MatchMethod,
    "pass_symbol_rank": Rank,
}


def _coerce_options(options: dict[str, Any]) -> dict[str, Any]:
    """Accept enum values by their text too, as a record or a command line gives them."""
    coerced = dict(options)
    for key, enum in _ENUM_OPTIONS.items():
        if coerced.get(key) is not None and not isinstance(coerced[key], enum):
            coerced[key] = enum(coerced[key])
    for key in ("uno_penalty", "target_score", "blank_cards"):
        if key in coerced and (isinstance(coerced[key], bool) or not isinstance(coerced[key], int)):
            raise ValueError(f"{key} must be a whole number")
    for key in (*HOUSE_RULES, "pre_2022_scoring"):
        if key in coerced and not isinstance(coerced[key], bool):
            raise ValueError(f"{key} must be true or false")
    return coerced


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value
