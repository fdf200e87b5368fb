"""``uno-tui simulate``: bots against bots without a screen, and how often each one wins.

A game is one round (or, with ``--matches``, a whole match to the target score). Seats and the
first dealer rotate from game to game so no level is favoured by where it sits; in Teams the
levels alternate seats, so rotating keeps each team together. Every bot action goes through
``Game.apply``: an illegal one is counted as a failure and reported, never skipped silently.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from uno_tui.bots import LEVELS, Bot, HardBot, make_bot
from uno_tui.engine import (
    Action,
    Deal,
    DecisionKind,
    Game,
    IllegalActionError,
    Phase,
    Rules,
    RuleSet,
    SetupError,
)
from uno_tui.engine.events import RoundEnded

MAX_ACTIONS = 200_000
"""A guard against bots that never finish a game; far above any real match."""
PROGRESS_FROM = 20
"""Runs of at least this many games show a progress bar (without --json)."""
MAX_GAMES = 100_000_000
MAX_SEED = 2**63 - 1
MAX_THINK_MS = 60_000


class SimulateUsageError(Exception):
    """A bad ``simulate`` command line: one line of explanation, exit code 2."""


@dataclass(frozen=True, slots=True)
class Config:
    rules: str
    levels: tuple[str, ...]
    games: int
    seed: int
    jobs: int = 1
    think_ms: float = 250.0
    matches: bool = False
    options: tuple[tuple[str, Any], ...] = ()
    """Rule options and house rules (``("jump_in", True)``), for tests and soak runs."""

    def game_rules(self) -> Rules:
        return Rules.preset(self.rules, **dict(self.options))


@dataclass(slots=True)
class Tally:
    """Results of some games: wins per seat as given, decision times per level, failures."""

    wins: list[int]
    games: int = 0
    decision_ms: dict[str, list[float]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.games += other.games
        for level, times in other.decision_ms.items():
            self.decision_ms.setdefault(level, []).extend(times)
        self.failures += other.failures


def new_bot(level: str, think_ms: float) -> Bot:
    return HardBot(think_ms=think_ms) if level == "hard" else make_bot(level)


def play_game(config: Config, index: int, tally: Tally) -> None:
    """Play game number ``index`` and add its result to ``tally``."""
    count = len(config.levels)
    rotation = index % count
    given = [(seat + rotation) % count for seat in range(count)]
    """The position in --seats of the level sitting at each seat."""
    levels = [config.levels[g] for g in given]
    seed = config.seed * 1_000_003 + index
    game = Game(
        config.game_rules(),
        [f"{level} {seat + 1}" for seat, level in enumerate(levels)],
        seed=seed,
        first_dealer=(index // count) % count,
    )
    bots = [new_bot(level, config.think_ms) for level in levels]
    rng = random.Random(seed ^ 0xB075)
    try:
        _play(game, bots, levels, rng, tally, matches=config.matches)
    except IllegalActionError as error:
        tally.failures.append(f"game {index}: {error}")
        return
    tally.games += 1
    for seat in _winning_seats(game, config.matches):
        tally.wins[given[seat]] += 1


def _play(
    game: Game,
    bots: list[Bot],
    levels: list[str],
    rng: random.Random,
    tally: Tally,
    *,
    matches: bool,
) -> None:
    for _ in range(MAX_ACTIONS):
        if game.phase is Phase.MATCH_OVER or (game.phase is Phase.ROUND_OVER and not matches):
            return
        if game.phase is Phase.ROUND_OVER:
            game.apply(Deal(game.next_dealer()))
            continue
        reaction = _reaction(game, bots, rng)
        if reaction is not None:
            game.apply(reaction)
            continue
        seat = game.decisions(out_of_turn=False)[0].player
        view = game.view(seat)
        started = time.perf_counter()
        action = bots[seat].choose(view, rng)
        elapsed = (time.perf_counter() - started) * 1000
        tally.decision_ms.setdefault(levels[seat], []).append(elapsed)
        game.apply(action)
    raise RuntimeError("the bots played on without end")


def _reaction(game: Game, bots: list[Bot], rng: random.Random) -> Action | None:
    """The first out-of-turn action a bot takes now. A player who may call UNO is asked
    before anyone who may catch them: calling as the card goes down comes first."""
    decisions = [d for d in game.decisions() if d.kind.out_of_turn]
    decisions.sort(key=lambda d: d.kind is not DecisionKind.CALL_UNO)
    asked: set[int] = set()
    for decision in decisions:
        if decision.player in asked:
            continue
        asked.add(decision.player)
        action = bots[decision.player].react(game.view(decision.player), rng)
        if action is not None:
            return action
    return None


def _winning_seats(game: Game, matches: bool) -> tuple[int, ...]:
    if not matches:
        ended = next(e for e in reversed(game.log) if isinstance(e, RoundEnded))
        return ended.winners
    if not game.rules.team_game:
        return game.winners
    half = game.player_count // 2
    return tuple(seat for team in game.winners for seat in (team, team + half))


def play_games(config: Config, indices: Sequence[int]) -> Tally:
    tally = Tally(wins=[0] * len(config.levels))
    for index in indices:
        play_game(config, index, tally)
    return tally


def simulate(config: Config, advance: Callable[[int], None] | None = None) -> Tally:
    """Play every game, over ``config.jobs`` processes; ``advance(n)`` hears of progress."""
    tally = Tally(wins=[0] * len(config.levels))
    indices = list(range(config.games))
    if config.jobs == 1:
        for index in indices:
            play_game(config, index, tally)
            if advance is not None:
                advance(1)
        return tally
    size = max(1, min(50, config.games // (config.jobs * 8)))
    chunks = [indices[start : start + size] for start in range(0, len(indices), size)]
    with ProcessPoolExecutor(max_workers=config.jobs) as pool:
        futures = {pool.submit(play_games, config, chunk): len(chunk) for chunk in chunks}
        for future in as_completed(futures):
            tally.add(future.result())
            if advance is not None:
                advance(futures[future])
    return tally


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate: honest near 0 and 1, unlike the normal one."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(config: Config, tally: Tally, seconds: float) -> dict[str, Any]:
    games = tally.games
    return {
        "rules": config.rules,
        "unit": "matches" if config.matches else "rounds",
        "games": games,
        "seats": list(config.levels),
        "wins": tally.wins,
        "win_rate": [round(w / games, 4) if games else 0.0 for w in tally.wins],
        "ci95": [[round(x, 4) for x in wilson(w, games)] for w in tally.wins],
        "games_per_second": round(games / seconds, 2) if seconds > 0 else 0.0,
        "decision_ms": {
            level: _time_summary(times) for level, times in sorted(tally.decision_ms.items())
        },
        "seed": config.seed,
        "jobs": config.jobs,
        "think_ms": config.think_ms,
        "illegal_actions": len(tally.failures),
        "failures": tally.failures[:10],
    }


def _time_summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    return {
        "median": round(statistics.median(ordered), 3),
        "p99": round(p99, 3),
        "decisions": len(ordered),
    }


# The command line ----------------------------------------------------------------------


def add_parser(sub: Any) -> None:
    """The ``simulate`` subcommand on the ``uno-tui`` parser."""
    parser = sub.add_parser("simulate", help="bots against bots: who wins, how fast they think")
    parser.add_argument("--rules", default="two-player", help="classic, two-player or teams")
    parser.add_argument(
        "--seats",
        default="medium,random",
        help=f"one bot level per seat, comma-separated (levels: {', '.join(LEVELS)})",
    )
    parser.add_argument("--games", default="1000", help="how many games (rounds) to play")
    parser.add_argument("--seed", help="seed of the whole run (default: a random one)")
    parser.add_argument("--jobs", default="1", help="processes to play on")
    parser.add_argument("--think-ms", default="250", help="the hard bot's budget per decision")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument(
        "--matches", action="store_true", help="play whole matches to 500, not single rounds"
    )


def config_from(args: argparse.Namespace) -> Config:
    """Check the arguments; raises SimulateUsageError with one line to show."""
    if args.rules not in {rule_set.value for rule_set in RuleSet}:
        raise SimulateUsageError(
            f"--rules: unknown rule set {args.rules!r} (classic, two-player, teams)"
        )
    levels = tuple(level.strip() for level in args.seats.split(","))
    for level in levels:
        if level not in LEVELS:
            raise SimulateUsageError(
                f"--seats: unknown bot level {level!r} (levels: {', '.join(LEVELS)})"
            )
    try:
        Rules.preset(args.rules).check_players(len(levels))
    except SetupError as error:
        raise SimulateUsageError(f"--seats: {error}") from None
    seed = args.seed if args.seed is not None else str(random.SystemRandom().randrange(2**31))
    games = _number(args.games, "--games", minimum=1, maximum=MAX_GAMES)
    jobs = _number(args.jobs, "--jobs", minimum=1, maximum=10_000)
    return Config(
        rules=args.rules,
        levels=levels,
        games=games,
        seed=_number(seed, "--seed", minimum=0, maximum=MAX_SEED),
        # More processes than cores, or than games, only cost their start-up.
        jobs=min(jobs, os.cpu_count() or 1, games),
        think_ms=_number(args.think_ms, "--think-ms", minimum=1, maximum=MAX_THINK_MS),
        matches=args.matches,
    )


def _number(text: str, flag: str, *, minimum: int, maximum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise SimulateUsageError(f"{flag}: {text[:30]!r} is not a whole number") from None
    if not minimum <= value <= maximum:
        raise SimulateUsageError(
            f"{flag}: must be from {minimum} to {maximum}, not {_shortened(text)}"
        )
    return value


def _shortened(text: str) -> str:
    text = text.strip()
    return text if len(text) <= 30 else f"{text[:12]}...({len(text)} digits)"


def run(args: argparse.Namespace) -> int:
    """Run ``uno-tui simulate``; 0 when every bot action was legal, 1 otherwise, 2 on bad
    arguments."""
    try:
        config = config_from(args)
    except SimulateUsageError as error:
        print(f"uno-tui simulate: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    if args.json or config.games < PROGRESS_FROM:
        tally = simulate(config)
    else:
        tally = _simulate_with_progress(config)
    result = summary(config, tally, time.perf_counter() - started)
    if args.json:
        print(json.dumps(result))
    else:
        _print_table(result)
    return 1 if tally.failures else 0


def _simulate_with_progress(config: Config) -> Tally:
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{config.games} games", total=config.games)
        return simulate(config, lambda n: progress.advance(task, n))


def _print_table(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"{result['rules']}: {result['games']} {result['unit']}")
    for column in ("seat", "level", "wins", "win rate", "95% interval"):
        table.add_column(column, justify="left" if column == "level" else "right")
    for seat, level in enumerate(result["seats"]):
        low, high = result["ci95"][seat]
        table.add_row(
            str(seat + 1),
            level,
            str(result["wins"][seat]),
            f"{result['win_rate'][seat]:.1%}",
            f"{low:.1%} - {high:.1%}",
        )
    console.print(table)
    console.print(f"{result['games_per_second']} games per second, seed {result['seed']}")
    for level, times in result["decision_ms"].items():
        console.print(
            f"{level}: median {times['median']} ms, p99 {times['p99']} ms a decision "
            f"({times['decisions']} decisions)"
        )
    for failure in result["failures"]:
        console.print(f"[red]illegal action[/red] {failure}")
