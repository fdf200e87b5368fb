"""No bot can stall a round: every level goes out when it can, and ``simulate`` reports a game
that does not end as a failure naming its seed, never with a traceback.

``UNO_TUI_TEST_SCALE`` multiplies the number of games (default 1: a few dozen per rule set).
"""

from __future__ import annotations

import argparse
import json
import os
import random

import pytest

from uno_tui import sim
from uno_tui.bots import LEVELS, MediumBot
from uno_tui.bots.playout import QuickRound, QuickRules, code_of
from uno_tui.engine import PlayCard, Rank, Rules
from uno_tui.sim import Config, Timings, simulate

from .helpers import card, game_at

SCALE = int(os.environ.get("UNO_TUI_TEST_SCALE", "1"))
TABLES = {
    "classic": [("hard", "medium", "easy", "random")],
    "two-player": [("hard", "easy"), ("medium", "random"), ("medium", "medium")],
    "teams": [("hard", "medium", "random", "easy")],
}
GAMES = {"classic": 40, "two-player": 40, "teams": 6}


def test_medium_bluffs_when_only_wild_draw_fours_are_left_in_classic() -> None:
    """Classic counts another Wild against a Wild Draw Four, so with two of them each is a
    bluff; drawing for ever would never go out."""
    game = game_at(Rules.classic(), ["W+4 W+4", "G1 G2", "G3 G4"], "R5")
    action = MediumBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card.rank is Rank.WILD_DRAW_FOUR


def test_medium_still_holds_a_bluff_while_it_has_another_card_to_play() -> None:
    game = game_at(Rules.classic(), ["W+4 W+4 R7", "G1 G2", "G3 G4"], "R5")
    action = MediumBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card == card("R7")


def test_imagined_medium_bluffs_too_when_only_wild_draw_fours_are_left() -> None:
    rules = QuickRules.of(Rules.classic())
    w4 = code_of(card("W+4"))
    table = QuickRound(
        [[w4, w4], [code_of(card("G1"))]],
        draw_pile=[code_of(card("B1"))] * 20,
        discard=[],
        top=code_of(card("R5")),
        color=0,
        current=0,
        clockwise=True,
        rules=rules,
    )
    assert table.choose(0, forced=False) is not None


@pytest.mark.parametrize("rules", ["classic", "two-player", "teams"])
def test_every_round_ends_with_every_level_seated(rules: str) -> None:
    seated = {level for table in TABLES[rules] for level in table}
    assert seated == set(LEVELS)
    for number, levels in enumerate(TABLES[rules]):
        config = Config(
            rules=rules, levels=levels, games=GAMES[rules] * SCALE, seed=100 + number, think_ms=1
        )
        tally = simulate(config)
        assert tally.failures == [], tally.failures[:3]
        assert tally.unfinished == 0 and tally.games == config.games


def test_a_game_that_does_not_end_is_a_failure_with_its_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sim, "MAX_ACTIONS", 3)
    args = argparse.Namespace(
        rules="two-player",
        seats="medium,medium",
        games="2",
        seed="9",
        jobs="1",
        think_ms="250",
        think_samples=None,
        json=True,
        matches=False,
    )
    assert sim.run(args) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["unfinished_games"] == 2 and result["illegal_actions"] == 0
    assert result["failures"][0].startswith(f"game 0 (seed {9 * 1_000_003}): no end after 3")


def test_decision_time_percentiles_are_within_one_percent_in_constant_memory() -> None:
    rng = random.Random(4)
    times = [rng.lognormvariate(-2, 1.5) for _ in range(20_000)]
    timings = Timings()
    for ms in times:
        timings.add(ms)
    ordered = sorted(times)
    for fraction in (0.5, 0.99):
        exact = ordered[int(fraction * len(ordered)) - 1]
        assert timings.percentile(fraction) == pytest.approx(exact, rel=0.012)
    assert timings.count == len(times)
    assert len(timings.buckets) < 2_000  # 64 a doubling: bounded by the range, not the count


def test_timings_merged_from_two_halves_equal_timings_of_the_whole() -> None:
    whole, first, second = Timings(), Timings(), Timings()
    for i in range(1, 1000):
        whole.add(i / 7)
        (first if i % 2 else second).add(i / 7)
    first.merge(second)
    assert first == whole


def test_jobs_give_the_same_results_as_one_process() -> None:
    """Every game is seeded by its number; hard is left out (it thinks against the clock)."""
    one = Config(
        rules="classic", levels=("medium", "easy", "random", "medium"), games=24, seed=6, think_ms=1
    )
    two = Config(rules="classic", levels=one.levels, games=24, seed=6, think_ms=1, jobs=2)
    a, b = simulate(one), simulate(two)
    assert (a.wins, a.games, a.failures) == (b.wins, b.games, b.failures)
    assert a.decision_ms["medium"].count == b.decision_ms["medium"].count
