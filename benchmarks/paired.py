"""Paired runs: the same games played by two seatings, to see a difference too small for two
separate runs.

Game ``i`` of a seed is dealt the same cards whoever sits down, and seats and dealer rotate the
same way (``uno_tui.sim``); where the two seatings choose alike the games stay the same, so the
per-game difference of the first level's result is mostly the choices that differed. Prints
both win rates with Wilson intervals, the paired difference with its normal interval, the
games only one seating won, and each level's decision times by kind of decision:

    python -m benchmarks.paired --rules teams --games 300 --seed 8 --hard-samples 40 \
        --a medium-hard-teams,medium,medium-hard-teams,medium --b medium,medium,medium,medium

Levels are ``uno-tui simulate``'s and the sparring partners (``benchmarks/sparring.py``);
``--hard-samples`` fixes the searching levels' imagined deals, ``--think-ms`` bounds them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence

from benchmarks.sparring import levels
from uno_tui import sim
from uno_tui.bots import Bot, BotFactory
from uno_tui.bots.base import main_decision
from uno_tui.engine import Action, PlayerView
from uno_tui.intervals import wilson


class Timed(Bot):
    """A bot whose decisions are timed by kind (a level's times in ``simulate`` mix them)."""

    def __init__(self, bot: Bot, times: dict[str, sim.Timings]) -> None:
        self.bot = bot
        self.level = bot.level
        self.times = times

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        kind = main_decision(view).kind.value
        started = time.perf_counter()
        action = self.bot.choose(view, rng)
        elapsed = (time.perf_counter() - started) * 1000
        self.times.setdefault(f"{self.level} {kind}", sim.Timings()).add(elapsed)
        return action

    def react(self, view: PlayerView, rng: random.Random) -> Action | None:
        return self.bot.react(view, rng)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.paired")
    parser.add_argument("--rules", default="teams")
    parser.add_argument("--a", required=True, help="the first seating, levels by comma")
    parser.add_argument("--b", required=True, help="the second seating")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think-samples", "--hard-samples", dest="hard_samples", type=int, default=None
    )
    parser.add_argument("--think-ms", type=float, default=250.0)
    args = parser.parse_args(argv)
    seatings = [tuple(args.a.split(",")), tuple(args.b.split(","))]
    if len(seatings[0]) != len(seatings[1]):
        parser.error("the two seatings need the same number of seats")
    times: dict[str, sim.Timings] = {}

    def timed(make: BotFactory) -> BotFactory:
        return lambda: Timed(make(), times)

    bots = {level: timed(make) for level, make in levels(args.think_ms, args.hard_samples).items()}
    configs = [
        sim.Config(
            args.rules,
            seating,
            args.games,
            args.seed,
            think_ms=args.think_ms,
            think_samples=args.hard_samples,
            bots=bots,
        )
        for seating in seatings
    ]
    results: list[list[int]] = [[], []]
    for index in range(args.games):
        for config, outcomes in zip(configs, results, strict=True):
            tally = sim.Tally(wins=[0] * len(config.levels))
            sim.play_game(config, index, tally)
            if tally.failures:
                print(tally.failures[0][1], file=sys.stderr)
                return 1
            outcomes.append(tally.wins[0])
        print(f"\r{index + 1}/{args.games}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(json.dumps(summary(args, seatings, results, times), indent=1))
    return 0


def summary(
    args: argparse.Namespace,
    seatings: list[tuple[str, ...]],
    results: list[list[int]],
    times: dict[str, sim.Timings],
) -> dict[str, object]:
    games = args.games
    gains = [a - b for a, b in zip(*results, strict=True)]
    mean = sum(gains) / games
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, games - 1))
    half = 1.96 * spread / math.sqrt(games)
    return {
        "rules": args.rules,
        "games": games,
        "seed": args.seed,
        "hard_samples": args.hard_samples,
        "seatings": {
            ",".join(levels): {
                "first_level_wins": sum(outcomes),
                "win_rate": round(sum(outcomes) / games, 4),
                "ci95": [round(x, 4) for x in wilson(sum(outcomes), games)],
            }
            for levels, outcomes in zip(seatings, results, strict=True)
        },
        "difference": {
            "mean": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "won_by_a_only": gains.count(1),
            "won_by_b_only": gains.count(-1),
        },
        "decision_ms": {
            key: {
                "median": round(timings.percentile(0.5), 2),
                "p99": round(timings.percentile(0.99), 2),
                "decisions": timings.count,
            }
            for key, timings in sorted(times.items())
        },
    }


if __name__ == "__main__":
    sys.exit(main())
