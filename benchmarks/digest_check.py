"""Regression check for engine changes that must not change behaviour (speed work, refactors).

    python benchmarks/digest_check.py --save /tmp/reference.json   # on the code before
    python benchmarks/digest_check.py --compare /tmp/reference.json  # on the code after

Plays seeded random games under each rule set below and fingerprints each game: the final
``digest()``, the action sequence, every event of the log, every decision offered at every step
(kinds, players and actions, in order), the outcome of random probe actions (legal or not: the
error class and its message), and every player's final view. Two code trees behave alike on
these games if every fingerprint matches. ``--code DIR`` runs the package found in DIR (default:
the tree this script is in), so one copy of the script can check another tree.

The policies live here, not in tests/, so the reference and the check use the same ones.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

RULE_SETS: dict[str, tuple[str, dict[str, Any], tuple[int, ...], bool]] = {
    # name: (preset, options, player counts, play the whole match)
    "classic": ("classic", {}, tuple(range(2, 11)), False),
    "two-player": ("two-player", {}, (2,), False),
    "teams": ("teams", {}, (4, 6, 8), False),
    "bench": ("two-player", {}, (2,), False),  # the benchmark's own agent
    "classic-house": (
        "classic",
        {"stack_draw_two": True, "stack_draw_four": True, "jump_in": True, "seven_zero": True},
        (2, 3, 4, 5),
        False,
    ),
    "two-player-house": (
        "two-player",
        {"stack_draw_two": True, "blank_cards": 2, "draw_until_playable": True, "jump_in": True},
        (2,),
        False,
    ),
    "teams-house": ("teams", {"jump_in": True, "stack_draw_two": True}, (4, 6), False),
    "classic-match": ("classic", {"target_score": 150}, (2, 3, 4), True),
    "two-player-match": (
        "two-player",
        {"target_score": 150, "match_method": "lowest-caught"},
        (2,),
        True,
    ),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="games per rule set")
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--rules", default=",".join(RULE_SETS))
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path, help="write the fingerprints to this JSON file")
    group.add_argument("--compare", type=Path, help="compare with fingerprints saved before")
    args = parser.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    import uno_tui

    print(f"code: {Path(uno_tui.__file__).parent}")
    results: dict[str, list[dict[str, str]]] = {}
    for name in args.rules.split(","):
        start = time.perf_counter()
        results[name] = [fingerprint(name, seed) for seed in range(args.games)]
        print(f"  {name:18} {args.games} games  {time.perf_counter() - start:6.1f} s")
    if args.save:
        args.save.write_text(json.dumps(results))
        print(f"saved to {args.save}")
        return 0
    reference = json.loads(args.compare.read_text())
    bad = 0
    for name, games in results.items():
        compared = reference[name][: len(games)]  # a shorter run checks the first games
        for seed, (mine, theirs) in enumerate(zip(games, compared, strict=True)):
            for key in theirs:
                if mine[key] != theirs[key]:
                    bad += 1
                    if bad <= 20:
                        print(f"  MISMATCH {name} seed {seed}: {key}")
    total = sum(len(games) for games in results.values())
    print(f"{total} games compared, {bad} mismatches" if bad else f"{total} games: all identical")
    return 1 if bad else 0


def fingerprint(rule_set: str, seed: int) -> dict[str, str]:
    from uno_tui.engine import Game, IllegalActionError, Phase, Rules

    preset, options, counts, whole_match = RULE_SETS[rule_set]
    rules = Rules.preset(preset, **options)
    game = Game(rules, counts[seed % len(counts)], seed=seed)
    rng = random.Random(seed ^ 0xD1CE57)
    policy: Callable[[Any, random.Random], Any] = (
        bench_action if rule_set == "bench" else random_action
    )
    decisions, probes = hashlib.sha256(), hashlib.sha256()
    end = (Phase.MATCH_OVER,) if whole_match else (Phase.ROUND_OVER, Phase.MATCH_OVER)
    steps = 0
    while game.phase not in end:
        decisions.update(repr(game.decisions()).encode())
        if rng.random() < 0.3:
            probe = any_action(game, rng)
            try:
                game.check(probe)
                probes.update(f"{probe!r} legal".encode())
            except IllegalActionError as error:
                probes.update(f"{probe!r} {type(error).__name__} {error}".encode())
        game.apply(policy(game, rng))
        steps += 1
        if steps > 50_000:
            raise AssertionError(f"{rule_set} seed {seed} did not end")
    views = repr([game.view(seat) for seat in range(game.player_count)])
    return {
        "digest": game.digest(),
        "actions": _sha(repr(game.actions)),
        "events": _sha(repr(game.log)),
        "decisions": decisions.hexdigest(),
        "probes": probes.hexdigest(),
        "views": _sha(views),
    }


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def random_action(game: Any, rng: random.Random) -> Any:
    """Like tests/random_play.py: plays preferred, out-of-turn calls now and then."""
    from uno_tui.engine import DecisionKind, PlayCard

    decisions = game.decisions()
    out_of_turn = [d for d in decisions if d.kind.out_of_turn]
    if out_of_turn and rng.random() < 0.05:
        return rng.choice(rng.choice(out_of_turn).actions)
    main = [d for d in decisions if not d.kind.out_of_turn]
    decision = rng.choice(main)
    actions = decision.actions
    if decision.kind is DecisionKind.TURN and rng.random() < 0.9:
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if plays:
            return rng.choice(plays)
    if decision.kind is DecisionKind.PLAY_DRAWN and rng.random() < 0.8:
        return actions[0]
    return rng.choice(actions)


def bench_action(game: Any, rng: random.Random) -> Any:
    """The benchmark's RLCard-like agent (benchmarks/bench_engine.py), through the same API."""
    from uno_tui.engine import AcceptPenalty, DecisionKind, DrawCard, KeepDrawn, PlayCard, Rank

    decision = game.decisions(out_of_turn=False)[0]
    actions, kind = decision.actions, decision.kind
    if kind is DecisionKind.TURN:
        plays = [a for a in actions if type(a) is PlayCard]
        plays = [a for a in plays if a.card.rank is not Rank.WILD_DRAW_FOUR] or plays
        if not plays:
            return next(a for a in actions if type(a) is DrawCard)
        return rng.choice(plays)
    if kind is DecisionKind.PLAY_DRAWN:
        drawn = actions[0].card
        if drawn.is_wild:
            return rng.choice([a for a in actions if type(a) is PlayCard])
        if drawn.color is game.current_color:
            return actions[0]
        return next(a for a in actions if type(a) is KeepDrawn)
    if kind is DecisionKind.CHALLENGE:
        return next(a for a in actions if type(a) is AcceptPenalty)
    return rng.choice(actions)


def any_action(game: Any, rng: random.Random) -> Any:
    """An action of any kind, by any seat (sometimes not a seat), with any card."""
    from uno_tui.engine import (
        AcceptPenalty,
        CallUno,
        CatchUno,
        Challenge,
        Color,
        Deal,
        DrawCard,
        GiveCard,
        KeepDrawn,
        NameColor,
        PassCard,
        PlayCard,
        build_deck,
    )

    count = game.player_count
    seat = rng.randrange(-1, count + 1)
    held = game.hands[seat] if 0 <= seat < count else []
    card = rng.choice(held if held and rng.random() < 0.7 else build_deck(game.rules))
    color = rng.choice([None, *Color])
    target = rng.choice([None, -1, *range(count + 1)])
    kinds: list[Callable[[], Any]] = [
        lambda: PlayCard(seat, card, color, target),
        lambda: DrawCard(seat),
        lambda: KeepDrawn(seat),
        lambda: NameColor(seat, rng.choice(list(Color))),
        lambda: Challenge(seat),
        lambda: AcceptPenalty(seat),
        lambda: PassCard(seat, card),
        lambda: GiveCard(seat, card),
        lambda: CallUno(seat, rng.randrange(-1, count + 1)),
        lambda: CatchUno(seat, rng.randrange(-1, count + 1)),
        lambda: Deal(seat),
    ]
    return rng.choice(kinds)()


if __name__ == "__main__":
    sys.exit(main())
