"""One seating's game-by-game results at whatever commit of uno-tui is on ``PYTHONPATH``, so two
commits can be compared on the same deals at the same fixed work (a paired run across commits).

Extract the older commit beside the tree and run this script from the newer tree against each:

    git archive 44fa66b | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old python benchmarks/across_commits.py --seats hard,mixbot \
        --rules two-player --games 400 --seed 77 --samples 40 > old.json
    PYTHONPATH=. python benchmarks/across_commits.py --seats hard,mixbot \
        --rules two-player --games 400 --seed 77 --samples 40 > new.json
    python benchmarks/across_commits.py --compare old.json new.json

Each run prints the first seat's result game by game (1 won, 0 lost), its decision times
(median, p99, on the wall clock: they move with the load, the results do not) and a digest of each
game's deal (its first hands and top card as the first seat saw them): where the deals agree
the games are paired, and ``--compare`` prints both win rates and the paired difference over
the games whose deals agree. It uses only what both old and new trees have: ``sim.play_game``,
``HardBot(think_ms, samples)`` and the sparring partners (older trees seat them by patching
``sim.new_bot``, newer ones through ``Config.bots``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections.abc import Sequence
from typing import Any


def _run(args: argparse.Namespace) -> dict[str, Any]:
    from benchmarks import sparring
    from uno_tui import sim
    from uno_tui.bots import LEVELS, HardBot

    def make(level: str) -> Any:
        if level == "hard":
            return HardBot(think_ms=60_000, samples=args.samples)
        if level in sparring.SPARRING:
            return sparring.SPARRING[level]()
        return LEVELS[level]()

    seats = tuple(args.seats.split(","))
    extra: dict[str, Any] = {}
    if hasattr(sim, "new_bot"):
        sim.new_bot = lambda level, think_ms: make(level)
    else:
        extra["bots"] = {level: _Factory(make, level) for level in seats}
    config = sim.Config(args.rules, seats, args.games, args.seed, **extra)
    results: list[int] = []
    times = sim.Timings()
    digests: list[str] = []
    first_views: list[str] = []
    original = sim._play

    def watched(game: Any, *rest: Any, **kwargs: Any) -> None:
        view = game.view(0)
        first_views.append(f"{sorted(map(str, view.hand))} {view.top_card}")
        original(game, *rest, **kwargs)

    sim._play = watched
    for index in range(args.games):
        tally = sim.Tally(wins=[0] * len(seats))
        sim.play_game(config, index, tally)
        if tally.failures:
            raise SystemExit(tally.failures[0][1])
        results.append(tally.wins[0])
        if seats[0] in tally.decision_ms:
            times.merge(tally.decision_ms[seats[0]])
        digests.append(hashlib.sha256(first_views[-1].encode()).hexdigest()[:12])
    sim._play = original
    return {
        "seats": seats,
        "rules": args.rules,
        "seed": args.seed,
        "samples": args.samples,
        "wins": results,
        "first_seat_decision_ms": {
            "median": round(times.percentile(0.5), 2),
            "p99": round(times.percentile(0.99), 2),
            "decisions": times.count,
        },
        "deals": digests,
    }


class _Factory:
    def __init__(self, make: Any, level: str) -> None:
        self.make, self.level = make, level

    def __call__(self) -> Any:
        return self.make(self.level)


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    pairs = [
        (a, b)
        for a, b, da, db in zip(old["wins"], new["wins"], old["deals"], new["deals"], strict=True)
        if da == db
    ]
    games = len(pairs)
    gains = [b - a for a, b in pairs]
    mean = sum(gains) / games if games else 0.0
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, games - 1))
    half = 1.96 * spread / math.sqrt(games) if games else math.inf

    def rate(wins: list[int]) -> float:
        return round(sum(wins) / len(wins), 4)

    return {
        "games": len(old["wins"]),
        "same_deals": games,
        "old_win_rate": rate(old["wins"]),
        "new_win_rate": rate(new["wins"]),
        "new_minus_old": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "won_by_new_only": gains.count(1),
        "won_by_old_only": gains.count(-1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/across_commits.py")
    parser.add_argument("--rules", default="two-player")
    parser.add_argument("--seats", default="hard,mixbot")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    args = parser.parse_args(argv)
    if args.compare:
        with open(args.compare[0]) as a, open(args.compare[1]) as b:
            print(json.dumps(compare(json.load(a), json.load(b))))
        return 0
    print(json.dumps(_run(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
