"""How well hard's imagined deals guess the others' hands: a measure of inference, not of play.

A probe seat (the first of ``--seats``, rotated like ``uno-tui simulate``) plays as its level
would; at each of its turns it deals the unseen cards as hard would (``DealSampler``, each
deal counted by ``DealSampler.weight``) and scores the deals against the hands the others
really hold: for every other seat and colour (and the Wilds), the chance the deals give that
the seat holds none of it (log loss and Brier score against the truth, and how often what
they called likely happened, by tenths), and the chance they give the true count of each. A
lower loss is a better guess. Every game is dealt alike for a given seed, so two models are
compared on much the same positions, far more finely than by win rates:

    python -m benchmarks.inference --rules two-player --seats medium,mixbot --games 200 \
        --seed 555 --deals 100

The sampler's model is whatever ``uno_tui.bots.deals`` and ``uno_tui.bots.knowledge`` say;
change a constant there to compare.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Sequence

from benchmarks.sparring import levels as sparring_levels
from uno_tui import sim
from uno_tui.bots import Bot
from uno_tui.bots.base import main_decision
from uno_tui.bots.deals import DealSampler
from uno_tui.bots.knowledge import Knowledge
from uno_tui.bots.playout import QuickRules, code_of
from uno_tui.engine import Action, Card, DecisionKind, Game, PlayerView

FLOOR = 1e-3
"""Chances are kept within [FLOOR, 1 - FLOOR] so one confident miss does not dominate."""


class Score:
    """Sums of the losses over every guess made."""

    def __init__(self) -> None:
        self.void_log = self.void_brier = 0.0
        self.voids = 0
        self.count_log = 0.0
        self.counts = 0
        self.positions = 0
        self.effective = 0.0
        self.effective_each: list[float] = []
        """Each position's effective deals (``sum(w) ** 2 / sum(w ** 2)``)."""
        self.bins = [[0, 0.0, 0] for _ in range(10)]
        """By tenths of the chance given a void: guesses, chances summed, voids."""
        self.contradicted = 0
        """Hands whose true cards could not fill the groups what the seat showed binds."""

    def add_void(self, chance: float, truth: bool) -> None:
        p = min(1 - FLOOR, max(FLOOR, chance))
        self.void_log -= math.log(p if truth else 1 - p)
        self.void_brier += (p - truth) ** 2
        self.voids += 1
        row = self.bins[min(9, int(chance * 10))]
        row[0] += 1
        row[1] += chance
        row[2] += truth

    def add_count(self, chance: float) -> None:
        self.count_log -= math.log(max(FLOOR, chance))
        self.counts += 1

    def summary(self) -> dict[str, float]:
        return {
            "positions": self.positions,
            "void_log_loss": round(self.void_log / max(1, self.voids), 5),
            "void_brier": round(self.void_brier / max(1, self.voids), 5),
            "count_log_loss": round(self.count_log / max(1, self.counts), 5),
            "effective_deals": round(self.effective / max(1, self.positions), 2),
            "effective_deals_lowest_tenth": round(_tenth(self.effective_each), 2),
            "contradicted": self.contradicted,
            "void_rate": round(sum(row[2] for row in self.bins) / max(1, self.voids), 4),
            "calibration": [
                (row[0], round(row[1] / row[0], 3), round(row[2] / row[0], 3))
                for row in self.bins
                if row[0]
            ],
        }


def _tenth(values: list[float]) -> float:
    """The value a tenth of ``values`` fall below (0 for none)."""
    ordered = sorted(values)
    return ordered[len(ordered) // 10] if ordered else 0.0


class Probe(Bot):
    """Another bot's choices; on each of its turns, the deals scored against the true hands."""

    level = "probe"

    def __init__(self, inner: Bot, score: Score, deals: int, seed: int) -> None:
        self.inner = inner
        self.score = score
        self.deals = deals
        self.rng = random.Random(seed)
        self.game: Game | None = None

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if self.game is not None and main_decision(view).kind is DecisionKind.TURN:
            self._measure(view, self.game)
        return self.inner.choose(view, rng)

    def react(self, view: PlayerView, rng: random.Random) -> Action | None:
        return self.inner.react(view, rng)

    def _measure(self, view: PlayerView, game: Game) -> None:
        knowledge = Knowledge.of(view)
        for seat in knowledge.notes:
            self.score.contradicted += not _fits(knowledge, seat, game.hands[seat])
        sampler = DealSampler(knowledge, QuickRules.of(view.rules))
        tables = [t for t in (sampler.deal(self.rng) for _ in range(self.deals)) if t]
        if not tables:
            return
        weights = [sampler.weight(t) for t in tables]
        total = sum(weights)
        if total <= 0:
            return
        self.score.positions += 1
        effective = total**2 / sum(w * w for w in weights)
        self.score.effective += effective
        self.score.effective_each.append(effective)
        for seat in range(view.player_count):
            if seat == view.player:
                continue
            true = [code_of(card) >> 5 for card in game.hands[seat]]
            for color in range(5):  # the four colours, then the Wilds
                held = true.count(color)
                void = sum(
                    w
                    for t, w in zip(tables, weights, strict=True)
                    if not any(c >> 5 == color for c in t.hands[seat])
                )
                self.score.add_void(void / total, held == 0)
                same = sum(
                    w
                    for t, w in zip(tables, weights, strict=True)
                    if sum(1 for c in t.hands[seat] if c >> 5 == color) == held
                )
                self.score.add_count(same / total)


def _fits(knowledge: Knowledge, seat: int, hand: Sequence[Card]) -> bool:
    """Whether the true ``hand`` can be what the view holds certain of it: the cards known to be
    the seat's, the rest filling its groups (each bound by what the seat showed it lacked while
    holding them). The groups nest (the most bound allows least), so it can exactly when, for
    each group, enough true cards fit it for it and every more bound group."""
    notes = knowledge.notes[seat]
    rest = Counter(hand)
    if notes.known - rest:
        return False
    rest -= notes.known
    needed = 0
    for count, lack in notes.groups(knowledge.unknown_count(seat)):
        needed += count
        if sum(n for card, n in rest.items() if not lack.rules_out(card)) < needed:
            return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.inference")
    parser.add_argument("--rules", default="two-player")
    parser.add_argument("--seats", default="medium,mixbot")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=100)
    args = parser.parse_args(argv)
    levels = tuple(args.seats.split(","))
    available = sparring_levels()
    score = Score()
    play = sim._play

    def watched(game: Game, bots: list[Bot], *rest: object, **kwargs: object) -> None:
        for bot in bots:
            if isinstance(bot, Probe):
                bot.game = game
        play(game, bots, *rest, **kwargs)  # type: ignore[arg-type]

    sim._play = watched  # type: ignore[assignment]
    try:
        for index in range(args.games):
            count = len(levels)
            probe_seat = (0 - index % count) % count
            bots_made = 0

            def seat_bot(level: str, *, at: int = probe_seat, seed: int = index) -> Bot:
                nonlocal bots_made
                bot = available[level]()
                if bots_made == at:
                    bot = Probe(bot, score, args.deals, args.seed * 7919 + seed)
                bots_made += 1
                return bot

            bots = {level: functools.partial(seat_bot, level) for level in available}
            config = sim.Config(args.rules, levels, args.games, args.seed, bots=bots)
            sim.play_game(config, index, sim.Tally(wins=[0] * count))
            print(f"\r{index + 1}/{args.games}", end="", file=sys.stderr, flush=True)
    finally:
        sim._play = play  # type: ignore[assignment]
    print(file=sys.stderr)
    print(json.dumps({"rules": args.rules, "seats": args.seats, **score.summary()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
