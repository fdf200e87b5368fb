"""The rule sets and their options in words, for setup questions.

Which options a rule set offers (``OPTIONS_BY_RULE_SET``) and the one-line explanation of each
(``OPTION_TEXT``) come from the engine; here are a short title and the choices in words, so a
question can be asked aloud: "UNO penalty? 1: 2 cards, 2: 4 cards. Enter: 1."
"""

from __future__ import annotations

from dataclasses import dataclass

from uno_tui.engine import CustomEffect, MatchMethod, Rank, Rules, RuleSet
from uno_tui.engine.rules import HOUSE_RULES, OPTION_TEXT, OPTIONS_BY_RULE_SET

RULE_SET_WORDS = {
    RuleSet.CLASSIC: "classic UNO for 2 to 10 players",
    RuleSet.TWO_PLAYER: "the official rules for two players",
    RuleSet.TEAMS: "UNO Teams for 4, 6 or 8 players, in teams of two, partners across",
}


@dataclass(frozen=True, slots=True)
class OptionWords:
    """How a setup question presents one option: its title, what it does, and its choices
    (value and words), the first choice being the rule set's default."""

    name: str
    title: str
    explanation: str
    choices: tuple[tuple[object, str], ...]


_OFF_ON: tuple[tuple[object, str], ...] = ((False, "off"), (True, "on"))

OPTION_TITLES = {
    "pre_2022_scoring": "Old scoring",
    "custom_effect": "Wild Customizable",
    "uno_penalty": "UNO penalty",
    "match_method": "Scoring method",
    "blank_cards": "Blank cards",
    "pass_symbol_rank": "Pass symbol",
    "stack_draw_two": "Stack Draw Twos",
    "stack_draw_four": "Stack Wild Draw Fours",
    "seven_zero": "Seven-Zero",
    "jump_in": "Jump-in",
    "draw_until_playable": "Draw until playable",
}
"""Every option but the target score, which is a number asked on its own."""

_CHOICES: dict[str, tuple[tuple[object, str], ...]] = {
    "custom_effect": tuple((effect, effect.description) for effect in CustomEffect),
    "uno_penalty": ((2, "2 cards"), (4, "4 cards")),
    "match_method": (
        (MatchMethod.WINNER_SCORES, "the winner scores, first to the target wins"),
        (MatchMethod.LOWEST_CAUGHT, "each is charged what they hold, the lower total wins"),
    ),
    "blank_cards": tuple((count, str(count)) for count in range(5)),
    "pass_symbol_rank": tuple((rank, f"the {rank.value}s") for rank in Rank if rank.is_number),
}


def option_words(name: str) -> OptionWords:
    return OptionWords(name, OPTION_TITLES[name], OPTION_TEXT[name], _CHOICES.get(name, _OFF_ON))


def options_of(rule_set: RuleSet) -> list[OptionWords]:
    """The options ``rule_set`` offers, its text's own first, then the house rules, each with
    the rule set's default as the first choice."""
    preset = Rules.preset(rule_set)
    offered = OPTIONS_BY_RULE_SET[rule_set]
    names = [n for n in OPTION_TITLES if n in offered and n not in HOUSE_RULES]
    names += [n for n in HOUSE_RULES if n in offered]
    result = []
    for name in names:
        words = option_words(name)
        default = getattr(preset, name)
        choices = tuple(sorted(words.choices, key=lambda choice: choice[0] != default))
        result.append(OptionWords(name, words.title, words.explanation, choices))
    return result
