"""How much work hard's wall-clock budget buys on this machine: the imagined deals a searched
decision reaches within ``--think-ms``, so a strength measured at a fixed ``--think-samples``
can be stated as the time it equals on a quiet machine (``docs/strength.md``).

    python -m benchmarks.calibrate --rules two-player --seats hard,mixbot2 --think-ms 50 \
        --games 40 --seed 5

Prints, as JSON, the median and quartiles of the deals a searched decision (one with more than
one candidate) reached, how many decisions searched, and of those the clock stopped (the others
ended when one candidate was left), the median deals reached. The budget is read on the
process's CPU time by default (``--clock cpu``): what the search would reach in that much time
on a quiet machine, even while other work shares the cores (a loaded machine slows the wall
clock, not this process's own CPU seconds, apart from shared caches). ``--clock wall`` times
it as the game does.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.sparring import levels
from uno_tui import sim
from uno_tui.bots import hard


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.calibrate")
    parser.add_argument("--rules", default="two-player")
    parser.add_argument("--seats", default="hard,mixbot2")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--think-ms", type=float, default=50.0)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    budget: dict[str, Any] = {"think_ms": args.think_ms, "clock": clock}
    reached: list[int] = []
    stopped: list[int] = []
    search = hard.HardBot._search

    def counted(self: hard.HardBot, *a: Any, **k: Any) -> Any:
        action = search(self, *a, **k)
        done, timed_out = self.last_search
        reached.append(done)
        if timed_out:
            stopped.append(done)
        return action

    hard.HardBot._search = counted  # type: ignore[method-assign]
    try:
        config = sim.Config(
            args.rules,
            tuple(args.seats.split(",")),
            args.games,
            args.seed,
            think_ms=args.think_ms,
            bots={**levels(args.think_ms), "hard": functools.partial(hard.HardBot, **budget)},
        )
        tally = sim.simulate(config)
    finally:
        hard.HardBot._search = search  # type: ignore[method-assign]
    quartiles = statistics.quantiles(reached, n=4) if len(reached) > 1 else [0.0] * 3
    times = tally.decision_ms.get("hard")
    result = {
        "rules": args.rules,
        "think_ms": args.think_ms,
        "clock": args.clock,
        "searched_decisions": len(reached),
        "deals_median": statistics.median(reached) if reached else 0,
        "deals_quartiles": [round(q, 1) for q in quartiles],
        "stopped_by_the_clock": len(stopped),
        "deals_when_stopped_median": statistics.median(stopped) if stopped else 0,
        "hard_decision_ms_median": round(times.percentile(0.5), 2) if times else None,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
