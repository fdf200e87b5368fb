"""How fast hard's search is on a fixed set of decisions: the same views at any commit, so two
trees can be timed on the very same work (``calibrate.py`` counts what 50 ms buy in the games
hard plays itself, which change with its choices).

Plays ``--games`` games of medium against MixBot2 (neither changes with hard's code), and at
each of medium's turns with a real choice lets a fresh ``HardBot`` imagine ``--samples`` deals
on that view, timing it on the process's CPU clock. Prints the searched decisions, the deals
imagined and the CPU microseconds per deal:

    PYTHONPATH=. python benchmarks/search_speed.py --games 20 --seed 5 --samples 304
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

from benchmarks.sparring import MixBot2
from uno_tui import sim
from uno_tui.bots import HardBot, MediumBot
from uno_tui.engine import Action, PlayerView


class Timing(MediumBot):
    """Medium, timing a fixed-work hard search on each of its views (its own choice is
    medium's, so the games are the same whatever hard's code)."""

    def __init__(self, samples: int, totals: dict[str, float]) -> None:
        self.samples = samples
        self.totals = totals

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        hard = HardBot(think_ms=60_000, samples=self.samples)
        started = time.process_time()
        hard.choose(view, random.Random(rng.getrandbits(64)))
        deals = hard.last_search[0]
        if deals:
            self.totals["seconds"] += time.process_time() - started
            self.totals["deals"] += deals
            self.totals["decisions"] += 1
        hard.last_search = (0, False)
        return super().choose(view, rng)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/search_speed.py")
    parser.add_argument("--rules", default="two-player")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--samples", type=int, default=304)
    args = parser.parse_args(argv)
    totals = {"seconds": 0.0, "deals": 0.0, "decisions": 0.0}
    seats = ("timing", "mixbot2") if args.rules == "two-player" else ("timing",) + ("mixbot2",) * 3
    bots = {"timing": lambda: Timing(args.samples, totals), "mixbot2": MixBot2}
    config = sim.Config(args.rules, seats, args.games, args.seed, bots=bots)
    for index in range(args.games):
        sim.play_game(config, index, sim.Tally(wins=[0] * len(seats)))
    per_deal = totals["seconds"] / max(1.0, totals["deals"]) * 1e6
    print(
        json.dumps(
            {
                "rules": args.rules,
                "searched_decisions": int(totals["decisions"]),
                "deals": int(totals["deals"]),
                "cpu_seconds": round(totals["seconds"], 2),
                "cpu_us_per_deal": round(per_deal, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
