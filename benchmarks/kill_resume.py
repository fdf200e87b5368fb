"""Kill-and-resume runs: real ``uno-tui --plain`` processes stopped mid-match, then resumed.

    python benchmarks/kill_resume.py --runs 200 --bot-runs 100 [--seed 1]

Hot-seat runs: people at one keyboard (two-player, classic with three, Teams with four), a
random number of prompts answered, then the process is stopped while it waits: SIGKILL most
often, else SIGTERM, SIGHUP or SIGINT. Each must leave an autosave holding exactly the actions
the same game played in this process had applied, and ``uno-tui resume`` must hand the
keyboard to the same person and ask the same decision (tests/plain_driver.py checks both).

Bots-only runs: a match of bots killed with SIGKILL at a random moment after its first save
(mid-write as likely as not); the autosave must be whole, a prefix of the reference match, and
resume to exactly that match.

Prints the counts: runs, by kind of prompt and by signal, actions checked, failures, seconds.
Runs one process at a time (the machine has two cores).
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.plain_driver import (
    bots_only_match,
    kill_and_resume,
    kill_bots_at_any_moment,
    prompt_kind,
)

TABLES = [
    ("two-player", ("Ann", "Bob")),
    ("classic", ("Ann", "Ben", "Cat")),
    ("teams", ("Ann", "Ben", "Cat", "Dan")),
]
SIGNALS = [signal.SIGKILL] * 7 + [signal.SIGTERM, signal.SIGHUP, signal.SIGINT]
BOT_SEATS = "Ada:random,Bo:easy,Cy:random"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100, help="hot-seat kill-and-resume runs")
    parser.add_argument("--bot-runs", type=int, default=50, help="bots-only SIGKILL runs")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.perf_counter()
    counts: Counter[str] = Counter()
    failures: list[str] = []

    for run in range(args.runs):
        rule_set, players = TABLES[run % len(TABLES)]
        seed = rng.randrange(2**31)
        at = rng.randrange(0, 200)
        signum = rng.choice(SIGNALS)
        with tempfile.TemporaryDirectory() as data_dir:
            try:
                result = kill_and_resume(
                    Path(data_dir), seed, at, signum=signum, rule_set=rule_set, players=players
                )
            except AssertionError as error:
                if "ended before the kill point" in str(error):
                    counts["hot-seat skipped: match over before the kill point"] += 1
                    continue
                failures.append(f"{rule_set} seed {seed} at {at} {signum!r}: {error}")
                continue
        counts["hot-seat runs"] += 1
        counts[f"hot-seat {rule_set}"] += 1
        counts[f"stopped by {signal.Signals(signum).name}"] += 1
        counts[f"waiting at {prompt_kind(result.prompt)}"] += 1
        counts["actions checked (hot-seat)"] += result.actions

    references = {}
    for _ in range(args.bot_runs):
        seed = rng.randrange(8)
        if seed not in references:
            references[seed] = bots_only_match("classic", BOT_SEATS, seed, 500)
        delay = rng.uniform(0, 2.0)
        with tempfile.TemporaryDirectory() as data_dir:
            try:
                saved = kill_bots_at_any_moment(Path(data_dir), references[seed], BOT_SEATS, delay)
            except AssertionError as error:
                failures.append(f"bots seed {seed} delay {delay:.3f}: {error}")
                continue
        counts["bots-only runs"] += 1
        if saved is None:
            counts["bots-only: match already over"] += 1
        else:
            counts["bots-only: killed mid-match, resumed identically"] += 1
            counts["actions checked (bots-only)"] += saved

    for key, value in sorted(counts.items()):
        print(f"{key}: {value}")
    print(f"failures: {len(failures)}")
    for failure in failures[:20]:
        print("  " + failure)
    print(f"seconds: {time.perf_counter() - started:.0f}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
