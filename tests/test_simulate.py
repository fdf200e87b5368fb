"""``uno-tui simulate``: its JSON, its rotation of seats, and one-line errors on bad arguments."""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
from typing import Any, ClassVar

import pytest

from uno_tui.bots import HardBot, MediumBot
from uno_tui.engine import Action, PlayerView
from uno_tui.intervals import wilson
from uno_tui.sim import Config, simulate

from .helpers import StepClock


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_tui", "simulate", *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_json_has_every_key_the_issue_names() -> None:
    result = run(
        "--rules",
        "two-player",
        "--seats",
        "medium,random",
        "--games",
        "12",
        "--seed",
        "1",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    for key in ("rules", "games", "seats", "wins", "win_rate", "ci95", "games_per_second"):
        assert key in data
    assert data["rules"] == "two-player"
    assert data["seats"] == ["medium", "random"]
    assert data["games"] == 12 and sum(data["wins"]) == 12
    assert data["win_rate"][0] == pytest.approx(data["wins"][0] / 12, abs=1e-4)
    low, high = data["ci95"][0]
    assert low <= data["win_rate"][0] <= high
    assert set(data["decision_ms"]) == {"medium", "random"}
    assert set(data["decision_ms"]["medium"]) >= {"median", "p99"}
    assert data["illegal_actions"] == 0


def test_teams_seats_alternate_teams_so_both_partners_win_together() -> None:
    result = run(
        "--rules", "teams", "--seats", "medium,random,medium,random", "--games", "4", "--json"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["wins"][0] == data["wins"][2]
    assert data["wins"][1] == data["wins"][3]
    assert sum(data["wins"]) == 2 * 4


def test_a_table_without_json_is_printed() -> None:
    result = run("--seats", "medium,easy", "--games", "3", "--seed", "2")
    assert result.returncode == 0, result.stderr
    assert "win rate" in result.stdout and "medium" in result.stdout


def test_jobs_spread_games_over_processes_with_the_same_results() -> None:
    one = Config(rules="two-player", levels=("medium", "easy"), games=16, seed=4)
    two = Config(rules="two-player", levels=("medium", "easy"), games=16, seed=4, jobs=2)
    assert simulate(one).wins == simulate(two).wins


@pytest.mark.parametrize(
    "args",
    [
        ("--seats", "medium,genius"),
        ("--seats", "medium,medium,medium"),
        ("--rules", "teams", "--seats", "medium,random"),
        ("--rules", "poker"),
        ("--games", "0"),
        ("--games", "many"),
        ("--jobs", "0"),
        ("--think-ms", "-5"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0


class _Recorded(HardBot):
    """A hard bot that writes down every action it chooses."""

    chosen: ClassVar[list[Action]] = []

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        action = super().choose(view, rng)
        _Recorded.chosen.append(action)
        return action


def _hard_choices(clock: StepClock | None, samples: int | None) -> list[Action]:
    _Recorded.chosen = []
    kwargs: dict[str, Any] = {"think_ms": 5, "samples": samples}
    if clock is not None:
        kwargs["clock"] = clock
    bots = {"hard": functools.partial(_Recorded, **kwargs), "medium": MediumBot}
    config = Config(rules="two-player", levels=("hard", "medium"), games=3, seed=9, bots=bots)
    assert simulate(config).failures == []
    return list(_Recorded.chosen)


def test_with_think_samples_hard_chooses_the_same_on_a_slow_clock() -> None:
    """Fixed by work, hard's choices do not depend on the clock: a clock that runs a second a
    reading (a machine many times slower than any) gives the very choices the real clock
    does; without --think-samples the same slow clock changes them (one deal a search)."""
    fast = _hard_choices(None, 24)
    assert fast and _hard_choices(StepClock(step=1.0), 24) == fast
    assert _hard_choices(StepClock(step=1.0), None) != fast


def test_think_samples_gives_the_same_games_twice_and_is_reported() -> None:
    args = ["--seats", "hard,medium", "--games", "4", "--seed", "12", "--json"]
    first = run(*args, "--think-samples", "16")
    second = run(*args, "--think-samples", "16", "--think-ms", "1")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    one, two = json.loads(first.stdout), json.loads(second.stdout)
    assert one["wins"] == two["wins"] and sum(one["wins"]) == 4
    assert one["think_samples"] == 16
    assert one["decision_ms"]["hard"]["decisions"] == two["decision_ms"]["hard"]["decisions"]


@pytest.mark.parametrize("value", ["0", "lots", "100001"])
def test_think_samples_must_be_a_count(value: str) -> None:
    result = run("--seats", "hard,medium", "--games", "1", "--think-samples", value)
    assert result.returncode == 2
    assert "--think-samples" in result.stderr and len(result.stderr.splitlines()) == 1
