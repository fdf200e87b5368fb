"""Fit the hard bot's judgement of an imagined round cut off before anyone went out.

Plays imagined rounds of medium against medium (``QuickRound``, the hard bot's own imagination)
from fresh deals, notes each hand and the turn order every few turns, and who went out in the
end, then fits by maximum likelihood the weights ``hard.Judgement`` uses: a seat's chance goes
as ``cards ** -power`` times the edge of its place in the turn order, an edge for each Wild,
Wild Draw Four, Draw Two and Skip (two players: and Reverse, which skips there) held, one for
each colour held beyond the first, and one for holding a card that matches the table; Teams:
the team's cards together, and an edge for each member out. Prints the fitted figures and the
log-likelihood per position against the uniform guess and against hand sizes alone.

    python benchmarks/fit_cutoff.py --rules two-player --rounds 8000
    python benchmarks/fit_cutoff.py --rules classic --rounds 4000
    python benchmarks/fit_cutoff.py --rules teams --rounds 8000
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter
from collections.abc import Callable

from uno_tui.bots.playout import (
    DRAW_TWO,
    REVERSE,
    SKIP,
    W4,
    WILD,
    QuickRound,
    QuickRules,
    code_of,
)
from uno_tui.engine import Rules, build_deck

EVERY = 4
"""Turns between two notes of a round (consecutive turns would be near copies)."""
PLAYERS = {"two-player": 2, "classic": 4, "teams": 4}

Key = tuple[int, ...]
Chances = Callable[[list[float], Key], list[float]]
SEAT_FEATURES = 7
"""Per seat: cards, Wilds (but Wild Draw Fours), Wild Draw Fours, Draw Twos, Skips (and
skipping Reverses), colours held, whether a card matches the table."""


def positions(rules_name: str, rounds: int, seed: int) -> Counter[Key]:
    """How often each (description..., place of the winner) was seen: per seat in turn
    order from the player to move, its ``SEAT_FEATURES``; Teams: the cards and members out
    of the team to move, then of the other team."""
    rules = Rules.preset(rules_name)
    players = PLAYERS[rules_name]
    quick = QuickRules.of(rules)
    deck = [code_of(card) for card in build_deck(rules)]
    rng = random.Random(seed)
    seen: Counter[Key] = Counter()
    for _ in range(rounds):
        cards = list(deck)
        rng.shuffle(cards)
        while cards[-1] >> 5 == WILD:  # a Wild is no first card here
            rng.shuffle(cards)
        top = cards.pop()
        table = QuickRound(
            [cards[7 * seat : 7 * seat + 7] for seat in range(players)],
            draw_pile=cards[7 * players :],
            discard=[],
            top=top,
            color=top >> 5,
            current=rng.randrange(players),
            clockwise=True,
            rules=quick,
            seed=rng.getrandbits(32),
        )
        notes: list[tuple[Key, list[int]]] = []
        turns = 0
        while table.winner < 0 and turns < 2000:
            if turns and turns % EVERY == 0:
                order = [(table.current + place * table.step) % players for place in range(players)]
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
    if table.rules.team_game:
        ours, theirs = (sizes[0], sizes[2]), (sizes[1], sizes[3])
        return (sum(ours), ours.count(0), sum(theirs), theirs.count(0))
    skips = (SKIP, REVERSE) if table.count == 2 else (SKIP,)
    top_rank = -1 if table.top >> 5 == WILD else table.top & 31
    key: list[int] = []
    for seat in order:
        hand = table.hands[seat]
        ranks = [card & 31 for card in hand]
        key += [
            len(hand),
            sum(1 for card, rank in zip(hand, ranks, strict=True) if card >> 5 == WILD)
            - ranks.count(W4),
            ranks.count(W4),
            sum(
                1
                for card, rank in zip(hand, ranks, strict=True)
                if card >> 5 != WILD and rank == DRAW_TWO
            ),
            sum(
                1
                for card, rank in zip(hand, ranks, strict=True)
                if card >> 5 != WILD and rank in skips
            ),
            len({card >> 5 for card in hand} - {WILD}),
            any(card >> 5 in (WILD, table.color) or card & 31 == top_rank for card in hand),
        ]
    return tuple(key)


def seat_chances(params: list[float], key: Key) -> list[float]:
    power, wild, draw_four, draw_two, skip, spread, play, *edges = params
    weights = []
    for place, edge in enumerate([1.0, *edges]):
        n, wilds, fours, twos, skips, colors, plays = key[
            place * SEAT_FEATURES : (place + 1) * SEAT_FEATURES
        ]
        weights.append(
            math.pow(n or 1, -power)
            * edge
            * wild**wilds
            * draw_four**fours
            * draw_two**twos
            * skip**skips
            * spread ** max(0, colors - 1)
            * play**plays
        )
    total = sum(weights)
    return [weight / total for weight in weights]


def teams_chances(params: list[float], key: Key) -> list[float]:
    power, out_edge, mover_edge = params
    ours = math.pow(key[0] or 1, -power) * out_edge ** key[1] * mover_edge
    theirs = math.pow(key[2] or 1, -power) * out_edge ** key[3]
    return [ours / (ours + theirs), theirs / (ours + theirs)]


def log_likelihood(seen: Counter[Key], chances: Chances, params: list[float]) -> float:
    total = sum(seen.values())
    return sum(n * math.log(chances(params, key[:-1])[key[-1]]) for key, n in seen.items()) / total


def fit(
    seen: Counter[Key], chances: Chances, start: list[float], fixed: frozenset[int] = frozenset()
) -> tuple[list[float], float]:
    """Coordinate search with shrinking steps (the parameters at ``fixed`` stay as they
    start): a few parameters, a smooth likelihood."""
    params, best = list(start), log_likelihood(seen, chances, start)
    step = 0.2
    while step > 0.002:
        improved = False
        for index in range(len(params)):
            if index in fixed:
                continue
            for sign in (1, -1):
                trial = list(params)
                trial[index] += sign * step
                if trial[index] <= 0:
                    continue
                score = log_likelihood(seen, chances, trial)
                if score > best:
                    params, best, improved = trial, score, True
        if not improved:
            step /= 2
    return params, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=tuple(PLAYERS), default="two-player")
    parser.add_argument("--rounds", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    seen = positions(args.rules, args.rounds, args.seed)
    players = PLAYERS[args.rules]
    print(f"{sum(seen.values())} positions from {args.rounds} rounds of {args.rules}")
    if args.rules == "teams":
        params, score = fit(seen, teams_chances, [0.7, 1.0, 1.0])
        names, uniform = ["power", "out_edge", "mover_edge"], math.log(1 / 2)
    else:
        start = [0.7] + [1.0] * (SEAT_FEATURES - 1) + [1.0] * (players - 1)
        _, sizes_only = fit(seen, seat_chances, start, frozenset(range(1, SEAT_FEATURES)))
        print(f"log-likelihood per position from the hand sizes alone {sizes_only:.4f}")
        params, score = fit(seen, seat_chances, start)
        names = ["power", "wild", "draw_four", "draw_two", "skip", "spread_edge", "play_edge"]
        names += [f"edge {place}" for place in range(1, players)]
        uniform = math.log(1 / players)
    print(", ".join(f"{name}={value:.3f}" for name, value in zip(names, params, strict=True)))
    print(f"log-likelihood per position {score:.4f} (uniform guess {uniform:.4f})")


if __name__ == "__main__":
    main()
