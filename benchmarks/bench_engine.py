"""Engine speed: random-vs-random two-player rounds, our engine against RLCard's UNO.

    python benchmarks/bench_engine.py [--games N] [--repeats K] [--cpu] [--json]

Both engines play N games per block; the blocks alternate (ours, RLCard, ours, ...) K times so
that noise from the machine hits both alike, and the report gives the median of each
(games/second, decisions/second, decisions/game) and the ratio ours/RLCard of the medians.
One game is one round (ours stops at ROUND_OVER or MATCH_OVER), each with a fresh seed.

The policies are the same on both sides, so the comparison is like for like. RLCard's random
agent (``rlcard/games/uno/round.py``) chooses uniformly among distinct legal action ids:

* every playable card (same colour as the target, or same number/symbol), a Wild once per
  colour (four actions however many Wilds are held), and a Wild Draw Four once per colour
  only when nothing else, not even a plain Wild, is playable;
* "draw" only when nothing is playable. The drawn card is not the agent's choice: a Wild (or
  Wild Draw Four) is played at once with a random colour, a card of the target's colour is
  played at once, anything else (a matching number of another colour included) is kept, and
  the turn passes;
* there is no challenge and no UNO call: a Wild Draw Four's target simply draws four.

Our random agent, through the public API (``game.decisions(out_of_turn=False)[0].actions``
and ``game.apply``), does the same under ``Rules.two_player()``:

* TURN: uniform among the PlayCard actions, Wild Draw Four plays only if there is no other
  play; DrawCard only if there is no play at all;
* PLAY_DRAWN: a drawn Wild is played with a uniformly random colour, a drawn card of the
  current colour is played, anything else is kept (KeepDrawn);
* CHALLENGE: never challenge, accept the penalty; NAME_COLOR (a Wild turned first): a random
  colour. Out-of-turn decisions (UNO calls and catches) are not asked for.

The rules themselves differ where the official two-player text and RLCard differ (e.g. a
Reverse is a Skip here, a drawn Wild Draw Four makes nobody draw in RLCard, our draws leave a
playable card to the drawer): those are the engines' rules, not the agents'.

The machine this runs on is noisy: read medians and ratios, not single numbers. ``--cpu`` times
both engines in this process's CPU time (``time.process_time``) instead of the wall clock, so
that time spent waiting for a core other processes hold counts for neither.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    DecisionKind,
    DrawCard,
    Game,
    KeepDrawn,
    Phase,
    PlayCard,
    Rank,
    Rules,
)

RULES = Rules.two_player()
SEED_BASE = 1_000_003
# The enum members read on every decision, read once here: on Python 3.11 ``Rank.WILD_DRAW_FOUR``
# takes the enum metaclass's slow attribute path (about 20 times a module global), which would
# weigh on our side of the comparison as ``rng.choice``'s bookkeeping would (see ``choose``).
# The engine does the same in its one fast path (``uno_tui/engine/fastpath.py``).
_TURN = DecisionKind.TURN
_PLAY_DRAWN = DecisionKind.PLAY_DRAWN
_CHALLENGE = DecisionKind.CHALLENGE
_WILD_DRAW_FOUR = Rank.WILD_DRAW_FOUR
_ROUND_OVER = Phase.ROUND_OVER
_MATCH_OVER = Phase.MATCH_OVER
Clock = Callable[[], float]
Block = Callable[[int, int, Clock], tuple[float, int]]
"""(games, first seed, clock) -> (seconds, decisions)."""


# Ours ------------------------------------------------------------------------------------


def choose(game: Game, rng: random.Random) -> Action:
    """One decision of RLCard's random agent, in our engine's terms (see the module text).

    Uniform choices are ``seq[int(random() * len(seq))]``: what ``rng.choice`` does, minus
    its pure-Python bookkeeping, which would otherwise weigh on our side of the comparison."""
    decision = game.decisions(out_of_turn=False)[0]
    actions, kind = decision.actions, decision.kind
    if kind is _TURN:
        plays: list[Action] = []
        draw_fours: list[Action] = []
        for action in actions:
            if type(action) is PlayCard:
                (draw_fours if action.card.rank is _WILD_DRAW_FOUR else plays).append(action)
        plays = plays or draw_fours
        if not plays:  # then drawing is the one action (the engine lists it last)
            assert type(actions[-1]) is DrawCard
            return actions[-1]
        return plays[int(rng.random() * len(plays))]
    if kind is _PLAY_DRAWN:
        first = actions[0]
        assert type(first) is PlayCard  # the drawn card's plays come first, then KeepDrawn
        color = first.card.color
        if color is None:  # a Wild
            plays = [a for a in actions if type(a) is PlayCard]
            return plays[int(rng.random() * len(plays))]
        if color is game.current_color:
            return first
        assert type(actions[-1]) is KeepDrawn
        return actions[-1]
    if kind is _CHALLENGE:  # the engine lists accepting the penalty last
        assert type(actions[-1]) is AcceptPenalty
        return actions[-1]
    return actions[int(rng.random() * len(actions))]  # NAME_COLOR: no other decision arises


def play_ours(seed: int) -> int:
    """One round; returns the number of decisions taken."""
    game = Game(RULES, 2, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while game.phase is not _ROUND_OVER and game.phase is not _MATCH_OVER:
        game.apply(choose(game, rng))
        decisions += 1
    return decisions


def ours_block(games: int, first_seed: int, clock: Clock = time.perf_counter) -> tuple[float, int]:
    decisions = 0
    start = clock()
    for seed in range(first_seed, first_seed + games):
        decisions += play_ours(seed)
    return clock() - start, decisions


# RLCard ----------------------------------------------------------------------------------


def make_rlcard_block() -> Block | None:
    try:
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as error:
        print(f"rlcard is not importable ({error}); reporting our engine only")
        return None
    env = rlcard.make("uno")
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def block(games: int, first_seed: int, clock: Clock = time.perf_counter) -> tuple[float, int]:
        decisions = 0
        start = clock()
        for seed in range(first_seed, first_seed + games):
            env.seed(seed)  # the game's shuffles
            np.random.seed(seed)  # the agents' choices
            env.run(is_training=False)
            decisions += len(env.action_recorder)
        return clock() - start, decisions

    return block


# Report ----------------------------------------------------------------------------------


def measure(games: int, repeats: int, clock: Clock = time.perf_counter) -> dict[str, Any]:
    engines: dict[str, Block] = {"ours": ours_block}
    rl_block = make_rlcard_block()
    if rl_block is not None:
        engines["rlcard"] = rl_block
    for block in engines.values():  # warm up: imports, caches, first allocations
        block(5, 0, clock)
    samples: dict[str, list[tuple[float, int]]] = {name: [] for name in engines}
    for repeat in range(repeats):
        first_seed = SEED_BASE + repeat * games  # fresh seeds each block, same for both
        for name, block in engines.items():
            samples[name].append(block(games, first_seed, clock))
    report: dict[str, Any] = {
        "games": games,
        "repeats": repeats,
        "clock": "cpu" if clock is time.process_time else "wall",
        "python": sys.version.split()[0],
    }
    for name, runs in samples.items():
        report[name] = {
            "games_per_s": statistics.median(games / seconds for seconds, _ in runs),
            "decisions_per_s": statistics.median(count / seconds for seconds, count in runs),
            "decisions_per_game": statistics.median(count / games for _, count in runs),
            "games_per_s_runs": [round(games / seconds, 1) for seconds, _ in runs],
        }
    if "rlcard" in report:
        report["ratio_games_per_s"] = (
            report["ours"]["games_per_s"] / report["rlcard"]["games_per_s"]
        )
        report["ratio_decisions_per_s"] = (
            report["ours"]["decisions_per_s"] / report["rlcard"]["decisions_per_s"]
        )
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per block (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="blocks per engine (default 5)")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of the wall clock")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    report = measure(args.games, args.repeats, time.process_time if args.cpu else time.perf_counter)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{args.games} two-player random rounds x {args.repeats} interleaved repeats "
        f"(Python {report['python']}, {report['clock']} clock); medians:"
    )
    for name in ("ours", "rlcard"):
        if name in report:
            r = report[name]
            print(
                f"  {name:7} {r['games_per_s']:8.1f} games/s  {r['decisions_per_s']:9.0f} "
                f"decisions/s  {r['decisions_per_game']:6.1f} decisions/game  "
                f"runs {r['games_per_s_runs']}"
            )
    if "ratio_games_per_s" in report:
        print(
            f"  ours/rlcard: {report['ratio_games_per_s']:.2f}x games/s, "
            f"{report['ratio_decisions_per_s']:.2f}x decisions/s"
        )


if __name__ == "__main__":
    main()
