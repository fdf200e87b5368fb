"""``uno-tui stats`` on a long history: N kept matches (10,000 by default) in a temporary folder.

    python benchmarks/bench_stats.py [--matches N] [--distinct K] [--repeats R] [--json]

K real matches are played by easy bots (classic, two-player and Teams in turn), then N kept
files are written from them as ``archive.keep_match`` writes them: each with its own date in
its name, its own players (a person among bots of mixed levels, or only people; names that
differ only in case among them) and, for every tenth, no seats at all (as kept before seats
were). Then:

- cold: the first ``read_kept`` + ``summarise``, which plays every match back and writes the
  cache (once: it is slow by nature, and said so);
- warm: ``read_kept`` + ``summarise`` with the cache in place, R times: the median is the
  figure against the 2 s target;
- one by one: every file played back with no cache (``read_one_by_one``), and its summary
  checked equal to the cold and the warm ones.

The machine is shared and noisy: read the median, not one run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from uno_tui.bots import make_bot
from uno_tui.engine import Game, MatchRecord, Rules
from uno_tui.match.session import BOT_LEVELS
from uno_tui.sim import Tally, _play
from uno_tui.store.archive import kept_text
from uno_tui.store.stats import read_kept, read_one_by_one, summarise

PEOPLE = ("Ann", "ann", "ANN", "Kim", "Lou")
BOT_NAMES = ("Ada", "Bo", "Cy", "Dee", "Eve")


def played(index: int) -> MatchRecord:
    """Match ``index`` played to its end by easy bots."""
    rules, seats = [("classic", 4), ("two-player", 2), ("teams", 4), ("classic", 3)][index % 4]
    game = Game(Rules.preset(rules), list(BOT_NAMES[:seats]), seed=index)
    bots = [make_bot("easy") for _ in range(seats)]
    _play(game, bots, ["easy"] * seats, random.Random(index), Tally([0] * seats), matches=True)
    return MatchRecord.of(game)


def make_history(directory: Path, count: int, distinct: int) -> None:
    bases = [played(index) for index in range(distinct)]
    rng = random.Random(28)
    start = time.mktime((2026, 1, 1, 12, 0, 0, 0, 0, -1))
    for number in range(count):
        base = bases[number % distinct]
        seats = len(base.players)
        person = rng.choice(PEOPLE)
        others = rng.sample(BOT_NAMES, seats - 1)
        names = [person, *others]
        rng.shuffle(names)
        record = MatchRecord(
            base.rules, tuple(names), base.seed, base.actions, base.deck, base.first_dealer
        )
        if number % 10 == 9:
            bots = None
        elif number % 10 == 5:
            bots = [None] * seats
        else:
            bots = [None if name == person else rng.choice(BOT_LEVELS) for name in names]
        stamp = time.strftime("%Y-%m-%d_%H-%M-%S", time.localtime(start + 3600 * number))
        path = directory / f"{stamp}_{'-'.join(names)}.json"
        path.write_text(kept_text(record, bots), encoding="utf-8")


def timed(directory: Path) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    summary = summarise(read_kept(directory)).to_dict()
    return time.perf_counter() - started, summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--distinct", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary) / "matches"
        directory.mkdir()
        started = time.perf_counter()
        make_history(directory, args.matches, args.distinct)
        made = time.perf_counter() - started
        cold, cold_summary = timed(directory)
        warm = []
        for _ in range(args.repeats):
            seconds, warm_summary = timed(directory)
            warm.append(seconds)
            if warm_summary != cold_summary:
                print("FAIL: the summary from the cache differs from the first", file=sys.stderr)
                return 1
        started = time.perf_counter()
        slow = summarise(read_one_by_one(sorted(directory.glob("*.json")))).to_dict()
        one_by_one = time.perf_counter() - started
        if slow != cold_summary:
            print("FAIL: the summary differs from reading them one by one", file=sys.stderr)
            return 1
    result = {
        "matches": args.matches,
        "counted": cold_summary["matches"],
        "skipped": len(cold_summary["skipped"]),
        "make_s": round(made, 2),
        "cold_s": round(cold, 2),
        "warm_median_s": round(statistics.median(warm), 3),
        "warm_s": [round(s, 3) for s in warm],
        "one_by_one_s": round(one_by_one, 2),
        "same_as_one_by_one": True,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.matches} kept matches: summary with the cache, median of {args.repeats}: "
            f"{result['warm_median_s']} s (target < 2 s); first run, playing each back and "
            f"writing the cache: {result['cold_s']} s; one by one without the cache: "
            f"{result['one_by_one_s']} s; the same summary all three ways."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
