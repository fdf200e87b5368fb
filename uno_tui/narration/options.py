"""The rule sets and their options in plain words, one line each, for setup questions.

Which options a rule set offers comes from the engine (``OPTIONS_BY_RULE_SET``); only the words
live here, so the Textual setup screen and ``--plain`` explain them alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from uno_tui.engine import CustomEffect, MatchMethod, Rank, Rules, RuleSet
from uno_tui.engine.rules import HOUSE_RULES, OPTIONS_BY_RULE_SET

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


_OFF_ON = ((False, "off"), (True, "on"))

OPTION_WORDS: dict[str, OptionWords] = {
    "pre_2022_scoring": OptionWords(
        "pre_2022_scoring",
        "Old scoring",
        "Wild Swap Hands and Wild Customizable count 40 points, as before 2022.",
        _OFF_ON,
    ),
    "custom_effect": OptionWords(
        "custom_effect",
        "Wild Customizable",
        "what a Wild Customizable or blank card does.",
        tuple((effect, effect.description) for effect in CustomEffect),
    ),
    "uno_penalty": OptionWords(
        "uno_penalty",
        "UNO penalty",
        "cards drawn when caught without calling UNO.",
        ((2, "2 cards"), (4, "4 cards")),
    ),
    "match_method": OptionWords(
        "match_method",
        "Scoring method",
        "how the match is won.",
        (
            (MatchMethod.WINNER_SCORES, "the hand's winner scores; first to the target wins"),
            (
                MatchMethod.LOWEST_CAUGHT,
                "each is charged what they hold; past the target, the lower total wins",
            ),
        ),
    ),
    "blank_cards": OptionWords(
        "blank_cards",
        "Blank cards",
        "blank cards shuffled in, each doing what the Wild Customizable option says.",
        tuple((count, str(count)) for count in range(5)),
    ),
    "pass_symbol_rank": OptionWords(
        "pass_symbol_rank",
        "Pass symbol",
        "the number whose cards make teammates exchange a card.",
        tuple((rank, f"the {rank.value}s") for rank in Rank if rank.is_number),
    ),
    "stack_draw_two": OptionWords(
        "stack_draw_two",
        "Stack Draw Twos",
        "a Draw Two on a Draw Two passes the total on.",
        _OFF_ON,
    ),
    "stack_draw_four": OptionWords(
        "stack_draw_four",
        "Stack Wild Draw Fours",
        "a Wild Draw Four on a Wild Draw Four passes the total on.",
        _OFF_ON,
    ),
    "seven_zero": OptionWords(
        "seven_zero",
        "Seven-Zero",
        "a 7 swaps hands with a player you choose; a 0 passes every hand along.",
        _OFF_ON,
    ),
    "jump_in": OptionWords(
        "jump_in",
        "Jump-in",
        "a card identical to the top card may be played out of turn.",
        _OFF_ON,
    ),
    "draw_until_playable": OptionWords(
        "draw_until_playable",
        "Draw until playable",
        "drawing goes on until a playable card comes.",
        _OFF_ON,
    ),
}
"""Every option but the target score, which is a number asked on its own."""


def options_of(rule_set: RuleSet) -> list[OptionWords]:
    """The options ``rule_set`` offers, its text's own first, then the house rules, each with
    the rule set's default as the first choice."""
    preset = Rules.preset(rule_set)
    offered = OPTIONS_BY_RULE_SET[rule_set]
    names = [n for n in OPTION_WORDS if n in offered and n not in HOUSE_RULES]
    names += [n for n in HOUSE_RULES if n in offered]
    result = []
    for name in names:
        words = OPTION_WORDS[name]
        default = getattr(preset, name)
        choices = sorted(words.choices, key=lambda choice: choice[0] != default)
        result.append(OptionWords(words.name, words.title, words.explanation, tuple(choices)))
    return result
