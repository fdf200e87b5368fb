"""Fit the hard bot's judgement of an imagined round cut off before anyone went out.

Plays imagined rounds of medium against medium (``QuickRound``, the hard bot's own imagination)
from fresh deals, notes the hand sizes and the turn order every few turns, and who went out in
the end, then fits by maximum likelihood the weights ``hard.Judgement`` uses: a side's chance
goes as ``cards ** -power`` times the edge of its place in the turn order and (classic) an
edge for each Wild held; Teams: the team's cards together, and an edge for each member out.
Prints the fitted figures and the log-likelihood per position against the uniform guess.

    python benchmarks/fit_cutoff.py --rules classic --rounds 10000
    python benchmarks/fit_cutoff.py --rules teams --rounds 8000
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter
from collections.abc import Callable

from uno_tui.bots.playout import WILD, QuickRound, QuickRules, code_of
from uno_tui.engine import Rules, build_deck

PLAYERS = 4
EVERY = 4
"""Turns between two notes of a round (consecutive turns would be near copies)."""

Key = tuple[int, ...]


def positions(rules_name: str, rounds: int, seed: int) -> Counter[Key]:
    """How often each (description..., place of the winner) was seen. Classic: the sizes of
    the player to move, the next, ..., then their Wilds in the same order; Teams: the cards
    and members out of the team to move, then of the other team."""
    rules = Rules.preset(rules_name)
    quick = QuickRules.of(rules)
    deck = [code_of(card) for card in build_deck(rules)]
    rng = random.Random(seed)
    seen: Counter[Key] = Counter()
    for _ in range(rounds):
        cards = list(deck)
        rng.shuffle(cards)
        while cards[-1] >> 5 == 4:  # a Wild is no first card here
            rng.shuffle(cards)
        top = cards.pop()
        table = QuickRound(
            [cards[7 * seat : 7 * seat + 7] for seat in range(PLAYERS)],
            draw_pile=cards[7 * PLAYERS :],
            discard=[],
            top=top,
            color=top >> 5,
            current=rng.randrange(PLAYERS),
            clockwise=True,
            rules=quick,
            seed=rng.getrandbits(32),
        )
        notes: list[tuple[Key, list[int]]] = []
        turns = 0
        while table.winner < 0 and turns < 2000:
            if turns and turns % EVERY == 0:
                order = [(table.current + place * table.step) % PLAYERS for place in range(4)]
                notes.append((_describe(table, order), order))
            table.turn(table.current)
            turns += 1
        if table.winner < 0:
            continue
        for key, order in notes:
            if quick.team_game:
                place = 0 if table.winner in (order[0], order[2]) else 1
            else:
                place = order.index(table.winner)
            seen[(*key, place)] += 1
    return seen


def _describe(table: QuickRound, order: list[int]) -> Key:
    sizes = [len(table.hands[seat]) for seat in order]
    if not table.rules.team_game:
        wilds = [sum(1 for card in table.hands[seat] if card >> 5 == WILD) for seat in order]
        return (*sizes, *wilds)
    ours, theirs = (sizes[0], sizes[2]), (sizes[1], sizes[3])
    return (sum(ours), ours.count(0), sum(theirs), theirs.count(0))


def classic_chances(params: list[float], key: Key) -> list[float]:
    power, wild_edge, *edges = params
    sizes, wilds = key[:PLAYERS], key[PLAYERS:]
    weights = [
        math.pow(n or 1, -power) * edge * wild_edge**held
        for n, held, edge in zip(sizes, wilds, [1.0, *edges], strict=True)
    ]
    total = sum(weights)
    return [weight / total for weight in weights]


def teams_chances(params: list[float], key: Key) -> list[float]:
    power, out_edge, mover_edge = params
    ours = math.pow(key[0] or 1, -power) * out_edge ** key[1] * mover_edge
    theirs = math.pow(key[2] or 1, -power) * out_edge ** key[3]
    return [ours / (ours + theirs), theirs / (ours + theirs)]


def log_likelihood(
    seen: Counter[Key], chances: Callable[[list[float], Key], list[float]], params: list[float]
) -> float:
    total = sum(seen.values())
    return sum(n * math.log(chances(params, key[:-1])[key[-1]]) for key, n in seen.items()) / total


def fit(
    seen: Counter[Key], chances: Callable[[list[float], Key], list[float]], start: list[float]
) -> tuple[list[float], float]:
    """Coordinate search with shrinking steps: a few parameters, a smooth likelihood."""
    params, best = list(start), log_likelihood(seen, chances, start)
    step = 0.2
    while step > 0.002:
        improved = False
        for index in range(len(params)):
            for sign in (1, -1):
                trial = list(params)
                trial[index] += sign * step
                score = log_likelihood(seen, chances, trial)
                if score > best:
                    params, best, improved = trial, score, True
        if not improved:
            step /= 2
    return params, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=("classic", "teams"), default="classic")
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    seen = positions(args.rules, args.rounds, args.seed)
    if args.rules == "classic":
        params, score = fit(seen, classic_chances, [0.7, 1.0, 1.0, 1.0, 1.0])
        names, uniform = ("power", "wild_edge", "next", "second", "third"), math.log(1 / 4)
    else:
        params, score = fit(seen, teams_chances, [0.7, 1.0, 1.0])
        names, uniform = ("power", "out_edge", "mover_edge"), math.log(1 / 2)
    print(f"{sum(seen.values())} positions from {args.rounds} rounds of {args.rules}")
    print(", ".join(f"{name}={value:.3f}" for name, value in zip(names, params, strict=True)))
    print(f"log-likelihood per position {score:.4f} (uniform guess {uniform:.4f})")


if __name__ == "__main__":
    main()
