"""Random games played to the end under every rule set: no card lost, duplicated or invented
after any action, one winner, scores computed, and the record replays to the same state."""

from __future__ import annotations

import pytest

from uno_tui.engine import Rules

from .helpers import scaled
from .random_play import PLAYER_COUNTS, check_round_end, play_round

GAMES_PER_RULE_SET = scaled(2000)
HOUSE_RULE_GAMES = scaled(200)


@pytest.mark.parametrize("rule_set", sorted(PLAYER_COUNTS))
def test_random_rounds_keep_every_card_and_end_with_one_winner(rule_set: str) -> None:
    rules = Rules.preset(rule_set)
    counts = PLAYER_COUNTS[rule_set]
    total_actions = 0
    for seed in range(GAMES_PER_RULE_SET):
        game, actions = play_round(rules, counts[seed % len(counts)], seed)
        check_round_end(game)
        total_actions += actions
    assert total_actions > GAMES_PER_RULE_SET * 10


HOUSE_RULE_SETS = [
    ("classic", {"stack_draw_two": True, "stack_draw_four": True, "jump_in": True}),
    ("classic", {"seven_zero": True, "draw_until_playable": True, "custom_effect": "pass-hands"}),
    ("classic", {"custom_effect": "others-draw-one", "pre_2022_scoring": True}),
    ("two-player", {"stack_draw_two": True, "blank_cards": 4, "custom_effect": "pass-hands"}),
    ("two-player", {"uno_penalty": 4, "match_method": "lowest-caught", "jump_in": True}),
    ("teams", {"stack_draw_two": True, "jump_in": True, "draw_until_playable": True}),
    ("teams", {"pass_symbol_rank": "0"}),
]


@pytest.mark.parametrize(("rule_set", "options"), HOUSE_RULE_SETS)
def test_random_rounds_with_options_and_house_rules(
    rule_set: str, options: dict[str, object]
) -> None:
    rules = Rules.preset(rule_set, **options)
    counts = PLAYER_COUNTS[rule_set]
    for seed in range(HOUSE_RULE_GAMES):
        game, _ = play_round(rules, counts[seed % len(counts)], seed)
        check_round_end(game)
