"""Soak run: many random rounds per rule set, every invariant checked after every action.

    python benchmarks/soak.py --games 10000 [--jobs 2] [--rules classic,two-player,teams]

Each round is played by tests/random_play.py's random policy (every kind of decision, out-of-turn
calls and catches included); after every action all cards are there exactly once; at the end one
winner (player or team) has an empty hand, the scores are computed, every player's view agrees
with the table, and the saved record replays to the identical state. Prints one line per rule
set: rounds, actions, failures, seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.random_play import PLAYER_COUNTS, check_round_end, play_round
from uno_tui.engine import Rules


def run_chunk(rule_set: str, seeds: range) -> tuple[int, int, list[str]]:
    rules = Rules.preset(rule_set)
    counts = PLAYER_COUNTS[rule_set]
    actions, failures = 0, []
    for seed in seeds:
        try:
            game, applied = play_round(rules, counts[seed % len(counts)], seed)
            check_round_end(game)
            actions += applied
        except Exception as error:  # a soak run reports every failure and goes on
            failures.append(f"{rule_set} seed {seed}: {type(error).__name__}: {error}")
    return len(seeds), actions, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="rounds per rule set")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default="classic,two-player,teams")
    parser.add_argument("--first-seed", type=int, default=1_000_000)
    args = parser.parse_args()
    ok = True
    for rule_set in args.rules.split(","):
        start = time.perf_counter()
        step = max(1, args.games // (args.jobs * 8))
        chunks = [
            range(first, min(first + step, args.first_seed + args.games))
            for first in range(args.first_seed, args.first_seed + args.games, step)
        ]
        rounds = actions = 0
        failures: list[str] = []
        with ProcessPoolExecutor(args.jobs) as pool:
            for done, applied, failed in pool.map(run_chunk, [rule_set] * len(chunks), chunks):
                rounds, actions = rounds + done, actions + applied
                failures += failed
        seconds = time.perf_counter() - start
        print(
            f"{rule_set}: {rounds} rounds, {actions} actions, {len(failures)} failures, "
            f"{seconds:.1f} s"
        )
        for failure in failures[:20]:
            print("  " + failure)
        ok = ok and not failures
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
