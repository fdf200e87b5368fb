"""How sure a win rate is: the Wilson score interval. A leaf, for the simulator and the
statistics alike."""

from __future__ import annotations

import math


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate: honest near 0 and 1, unlike the normal one."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return (max(0.0, centre - half), min(1.0, centre + half))
