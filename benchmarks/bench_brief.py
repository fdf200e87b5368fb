"""How many words a listener hears per decision in the line mode, full against brief.

    python benchmarks/bench_brief.py [--seeds N] [--target T] [--json]

The same seeded UNO Teams match (you and three easy bots, partners across) is played in the
line mode twice, ``--verbosity full`` and ``--verbosity brief``, a seeded person answering
every question with the same keys; every line the line mode prints between two answers (the
events, the turn's summary, the question) is counted, in words. The figure is the words per
decision (per answer given), for each verbosity, and their ratio; the target is brief at most
70% of full. Both runs must ask the same questions in the same order (the same match).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import statistics
import sys
from dataclasses import dataclass

from uno_tui.engine import Rules
from uno_tui.match.session import Seat, Session
from uno_tui.narration import Verbosity
from uno_tui.plain import PlainGame

SEATS = (Seat("You"), Seat("Ada", "easy"), Seat("Bo", "easy"), Seat("Cy", "easy"))
TARGET_RATIO = 0.70


@dataclass
class Heard:
    """What one verbosity printed over one match."""

    words: int
    decisions: int
    keys: list[str]
    """The answers given, in order (both verbosities must give the same)."""

    @property
    def per_decision(self) -> float:
        return self.words / max(self.decisions, 1)


def answer(prompt: str, rng: random.Random) -> str:
    """A person's answer: Enter at a question with a default, yes to UNO, else any listed key
    (the key, never the words: both verbosities list the same keys in the same order)."""
    keys = re.findall(r"(?:^|\? |, )(\d+|[a-z]): ", prompt)
    if "Call UNO?" in prompt or "One card left" in prompt:
        return "y"
    if not keys:
        return ""
    return rng.choice(keys)


def play(verbosity: Verbosity, seed: int, target: int) -> Heard:
    rules = Rules.teams(target_score=target)
    session = Session(rules, list(SEATS), seed=seed)
    out = io.StringIO()
    rng = random.Random(seed)
    keys: list[str] = []

    def read() -> str:
        prompt = out.getvalue().rstrip("\n").rsplit("\n", 1)[-1]
        key = answer(prompt, rng)
        keys.append(key)
        if len(keys) > 5000:
            raise EOFError
        return key

    PlainGame(session, read, out, verbosity=verbosity, color=False).run()
    words = len(out.getvalue().split())
    return Heard(words, len(keys), keys)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="matches (seeds 1..N)")
    parser.add_argument("--target", type=int, default=500, help="the match's target score")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for seed in range(1, args.seeds + 1):
        full = play("full", seed, args.target)
        brief = play("brief", seed, args.target)
        if full.keys != brief.keys:
            raise SystemExit(f"seed {seed}: the two verbosities did not play the same match")
        rows.append(
            {
                "seed": seed,
                "decisions": full.decisions,
                "full": round(full.per_decision, 1),
                "brief": round(brief.per_decision, 1),
                "ratio": round(brief.words / full.words, 3),
            }
        )
    summary = {
        "matches": rows,
        "median_full": statistics.median(row["full"] for row in rows),
        "median_brief": statistics.median(row["brief"] for row in rows),
        "median_ratio": statistics.median(row["ratio"] for row in rows),
        "target_ratio": TARGET_RATIO,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for row in rows:
            print(
                f"seed {row['seed']}: {row['decisions']} decisions, words per decision "
                f"full {row['full']}, brief {row['brief']} (brief/full {row['ratio']:.0%})"
            )
        print(
            f"median: full {summary['median_full']}, brief {summary['median_brief']}, "
            f"brief/full {summary['median_ratio']:.0%} (target at most {TARGET_RATIO:.0%})"
        )
    return 0 if summary["median_ratio"] <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
