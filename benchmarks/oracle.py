"""How strong hard's search would be if it knew the others' hands: a ceiling, never a bot.

Every imagined deal of the hard bot is given the real hands of the other seats (the draw pile
stays shuffled), so the gap between this and the honest hard bot is what not knowing the hands
costs, and the gap to 100% what the search and its judgement cost. Same arguments as
``benchmarks/sparring.py``:

    python -m benchmarks.oracle --rules two-player --seats hard,mixbot --games 1000 \
        --seed 555 --hard-samples 60 --think-ms 2000 --json
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import Any

from benchmarks import sparring
from uno_tui import sim
from uno_tui.bots import deals
from uno_tui.bots.playout import QuickRound, code_of

_TABLE: dict[str, Any] = {}
_play = sim._play
_deal = deals.DealSampler.deal


def _play_watched(game: Any, *args: Any, **kwargs: Any) -> None:
    _TABLE["game"] = game
    _play(game, *args, **kwargs)


def _deal_with_true_hands(self: deals.DealSampler, rng: random.Random) -> QuickRound | None:
    table = _deal(self, rng)
    if table is None:
        return None
    game = _TABLE["game"]
    unseen = Counter(table.draw_pile)
    for seat in range(self.count):
        if seat != self.player:
            unseen.update(table.hands[seat])
            table.hands[seat] = [code_of(card) for card in game.hands[seat]]
            unseen.subtract(table.hands[seat])
    pile = list(unseen.elements())
    rng.shuffle(pile)
    table.draw_pile[:] = pile
    return table


def main() -> int:
    sim._play = _play_watched  # type: ignore[assignment]
    deals.DealSampler.deal = _deal_with_true_hands  # type: ignore[method-assign]
    return sparring.main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
