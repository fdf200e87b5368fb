"""How strong hard's search would be if it knew the others' hands: a ceiling, never a bot.

Every imagined deal of the hard bot is given the real hands of the other seats (the draw pile
stays shuffled), so the gap between this and the honest hard bot is what not knowing the hands
costs, and the gap to 100% what the search and its judgement cost. Same arguments as
``benchmarks/sparring.py``:

    python -m benchmarks.oracle --rules two-player --seats hard,mixbot --games 1000 \
        --seed 555 --hard-samples 60 --think-ms 2000 --json [--reveal colors]

``--reveal colors`` tells only how many cards of each colour the others hold, ``--reveal
missing`` only which colours they hold none of: which knowledge the search lacks most.
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


REVEALS = ("hands", "colors", "missing")
"""What the search is told of the others' hands: all of them; how many cards of each colour
(and Wilds) they hold, the cards themselves drawn among the unseen; or only which colours they
hold none of."""
_REVEAL = {"what": "hands"}


def _deal_with_true_hands(self: deals.DealSampler, rng: random.Random) -> QuickRound | None:
    table = _deal(self, rng)
    if table is None:
        return None
    game = _TABLE["game"]
    unseen = Counter(table.draw_pile)
    others = [seat for seat in range(self.count) if seat != self.player]
    for seat in others:
        unseen.update(table.hands[seat])
    what = _REVEAL["what"]
    for seat in others:
        true = [code_of(card) for card in game.hands[seat]]
        if what == "hands":
            hand = true
        elif what == "colors":
            hand = [_take(unseen, rng, lambda c, k=card: c >> 5 == k >> 5) for card in true]
        else:
            held = {card >> 5 for card in true}
            hand = [_take(unseen, rng, lambda c, h=held: c >> 5 in h) for _ in true]
        unseen.subtract(hand)
        unseen = +unseen
        table.hands[seat] = hand
    pile = list(unseen.elements())
    rng.shuffle(pile)
    table.draw_pile[:] = pile
    return table


def _take(pool: Counter[int], rng: random.Random, fits: Any) -> int:
    """A card drawn from ``pool`` among those that fit (the true card's own place if none)."""
    cards = [card for card in pool.elements() if fits(card)]
    card = rng.choice(cards) if cards else rng.choice(list(pool.elements()))
    pool[card] -= 1
    return card


def main() -> int:
    argv = sys.argv[1:]
    if "--reveal" in argv:
        at = argv.index("--reveal")
        _REVEAL["what"] = argv[at + 1]
        del argv[at : at + 2]
        if _REVEAL["what"] not in REVEALS:
            raise SystemExit(f"--reveal: one of {', '.join(REVEALS)}")
    sim._play = _play_watched  # type: ignore[assignment]
    deals.DealSampler.deal = _deal_with_true_hands  # type: ignore[method-assign]
    return sparring.main(argv)


if __name__ == "__main__":
    sys.exit(main())
