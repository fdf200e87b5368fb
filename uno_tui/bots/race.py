"""How the hard bot weighs candidate actions judged on the same imagined deals.

Every candidate is played out on the same deals with the same dice (common random numbers),
so the difference between two candidates on one deal is the difference the choice made, not
luck; the comparison is of those paired differences, each deal counted by its weight (how well
it explains what the others did: ``DealSampler.weight``). Both of hard's searches use these: its
turns (``hard.py``) and its Teams passes and shares (``team_search.py``).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable

from uno_tui.engine import Action

Clock = Callable[[], float]
"""Seconds from some fixed point, read to keep a search within its budget:
``time.perf_counter`` at the table, a clock that steps on each reading in tests."""

DROP_BELOW = 3.0
"""A candidate this many standard errors behind the best so far is dropped."""
RACE_EVERY = 8
"""Deals between two looks at which candidates are still worth dealing for."""
MIN_DEALS = 10
"""Fewer imagined deals than this say too little to overrule medium."""


def paired_gain(
    mine: list[float], theirs: list[float], weights: list[float]
) -> tuple[float, float]:
    """Mean and standard error of ``mine - theirs`` over the deals both were played on, each
    deal counted by its weight (how well it explains what the others did)."""
    count = min(len(mine), len(theirs))
    gains = list(map(operator.sub, mine[:count], theirs[:count]))
    total = sum(weights[:count])
    if total <= 0:
        return 0.0, math.inf
    mean = sum(map(operator.mul, weights, gains)) / total
    spread = sum((w * (g - mean)) ** 2 for w, g in zip(weights, gains, strict=False))
    return mean, math.sqrt(spread * count / max(1, count - 1)) / total


def still_in_the_race(
    active: list[Action], results: dict[Action, list[float]], weights: list[float], plan: Action
) -> list[Action]:
    """The candidates not clearly worse than the best so far (and the plan, always)."""
    leader = max(active, key=lambda a: sum(map(operator.mul, weights, results[a])))
    kept = []
    for action in active:
        if action in (plan, leader):
            kept.append(action)
            continue
        mean, error = paired_gain(results[action], results[leader], weights)
        if mean + DROP_BELOW * error >= 0:
            kept.append(action)
    return kept


def clear_winner(
    results: dict[Action, list[float]], weights: list[float], plan: Action, clear: float
) -> Action:
    """The action whose paired advantage over medium's plan is largest and clear of noise."""
    base = results.get(plan)
    if not base or len(base) < MIN_DEALS:
        return plan
    best, best_gain = plan, 0.0
    for action, outcomes in results.items():
        if action == plan:
            continue
        mean, error = paired_gain(outcomes, base, weights)
        if mean > clear * error and mean > best_gain:
            best, best_gain = action, mean
    return best
