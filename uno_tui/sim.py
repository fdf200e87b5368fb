"""``uno-tui simulate``: bots against bots without a screen, and how often each one wins.

A game is one round (or, with ``--matches``, a whole match to the target score). Seats and the
first dealer rotate from game to game so no level is favoured by where it sits; in Teams the
levels alternate seats, so rotating keeps each team together. Every bot action goes through
``Game.apply``: an illegal one is counted as a failure and reported, never skipped silently.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from uno_tui.bots import LEVELS, Bot, BotFactory, HardBot, make_bot
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
from uno_tui.intervals import wilson

MAX_ACTIONS = 200_000
"""A guard against bots that never finish a game; far above any real match."""
MAX_GAMES = 100_000_000
MAX_SEED = 2**63 - 1
MAX_THINK_MS = 60_000
MAX_THINK_SAMPLES = 100_000
DEFAULT_THINK_MS = 250.0
BUCKETS_PER_DOUBLING = 64
"""Decision times are counted in buckets about 1% wide: percentiles to within 1% in memory
that does not grow with the number of games."""
SMALLEST_MS = 1e-4


class Stalled(Exception):
    """The bots played ``MAX_ACTIONS`` actions and the game had not ended."""


@dataclass(slots=True)
class Timings:
    """Decision times of one level as a histogram of log-spaced buckets: mergeable across
    processes, constant in size, and its percentiles are within a bucket (1%) of the truth."""

    buckets: dict[int, int] = field(default_factory=dict)
    count: int = 0

    def add(self, ms: float) -> None:
        index = math.floor(math.log2(max(ms, SMALLEST_MS) / SMALLEST_MS) * BUCKETS_PER_DOUBLING)
        self.buckets[index] = self.buckets.get(index, 0) + 1
        self.count += 1

    def merge(self, other: Timings) -> None:
        for index, n in other.buckets.items():
            self.buckets[index] = self.buckets.get(index, 0) + n
        self.count += other.count

    def percentile(self, fraction: float) -> float:
        """The time below which ``fraction`` of the decisions fell (a bucket's middle)."""
        rank = max(1, math.ceil(fraction * self.count))
        seen = 0
        for index in sorted(self.buckets):
            seen += self.buckets[index]
            if seen >= rank:
                return SMALLEST_MS * 2 ** ((index + 0.5) / BUCKETS_PER_DOUBLING)
        return 0.0


class SimulateUsageError(Exception):
    """A bad ``simulate`` command line: one line of explanation, exit code 2."""


def game_levels(
    think_ms: float = DEFAULT_THINK_MS, samples: int | None = None
) -> dict[str, BotFactory]:
    """The game's own bot levels as a simulation seats them: hard thinks ``think_ms`` a
    decision (``--think-ms``), or, given ``samples`` (``--think-samples``), imagines exactly
    that many deals a decision whatever the clock says: its effort is then fixed by work, so
    the same seed plays the same games on a quiet machine and a busy one."""
    return {**LEVELS, "hard": functools.partial(HardBot, think_ms=think_ms, samples=samples)}


LevelsFor = Callable[[float, int | None], Mapping[str, BotFactory]]
"""The levels a simulation may seat (level -> bot factory), given ``--think-ms`` and
``--think-samples``: ``game_levels``, or a benchmark's own (``benchmarks/sparring.py``)."""


@dataclass(frozen=True, slots=True)
class Config:
    rules: str
    levels: tuple[str, ...]
    """The level at each seat, before the seats rotate from game to game."""
    games: int
    seed: int
    jobs: int = 1
    think_ms: float = DEFAULT_THINK_MS
    think_samples: int | None = None
    """Imagined deals a searching bot's decision takes, whatever the clock (``None``: it
    thinks ``think_ms``)."""
    matches: bool = False
    options: tuple[tuple[str, Any], ...] = ()
    """Rule options and house rules (``("jump_in", True)``), for tests and soak runs."""
    bots: Mapping[str, BotFactory] | None = None
    """What each level seats (level -> bot factory); ``None``: the game's own levels
    (``game_levels(think_ms)``). It goes with the games to every worker process, so it must
    pickle (a plain ``dict`` of classes, top-level functions or ``functools.partial``)."""

    def game_rules(self) -> Rules:
        return Rules.preset(self.rules, **dict(self.options))

    def factories(self) -> Mapping[str, BotFactory]:
        if self.bots is None:
            return game_levels(self.think_ms, self.think_samples)
        return self.bots


@dataclass(slots=True)
class Tally:
    """Results of some games: wins per seat as given, decision times per level, failures."""

    wins: list[int]
    games: int = 0
    decision_ms: dict[str, Timings] = field(default_factory=dict)
    failures: list[tuple[int, str]] = field(default_factory=list)
    """(game number, what went wrong), in game order: illegal actions and unfinished games."""
    unfinished: int = 0
    """Games that had not ended after ``MAX_ACTIONS`` actions (a bot that stalls)."""

    def add(self, other: Tally) -> None:
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.games += other.games
        for level, times in other.decision_ms.items():
            self.decision_ms.setdefault(level, Timings()).merge(times)
        self.failures = sorted(self.failures + other.failures)
        self.unfinished += other.unfinished


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
    factories = config.factories()
    bots = [make_bot(level, factories) for level in levels]
    rng = random.Random(seed ^ 0xB075)
    try:
        _play(game, bots, levels, rng, tally, matches=config.matches)
    except IllegalActionError as error:
        tally.failures.append((index, f"game {index} (seed {seed}): {error}"))
        return
    except Stalled:
        tally.unfinished += 1
        tally.failures.append(
            (index, f"game {index} (seed {seed}): no end after {MAX_ACTIONS} actions")
        )
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
        timings = tally.decision_ms.get(levels[seat])
        if timings is None:
            timings = tally.decision_ms[levels[seat]] = Timings()
        timings.add(elapsed)
        game.apply(action)
    raise Stalled


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
    return game.winners


def play_games(config: Config, indices: Sequence[int]) -> Tally:
    tally = Tally(wins=[0] * len(config.levels))
    for index in indices:
        play_game(config, index, tally)
    return tally


def simulate(
    config: Config,
    advance: Callable[[Tally], None] | None = None,
    *,
    start_method: str | None = None,
) -> Tally:
    """Play every game, over ``config.jobs`` processes; ``advance(tally)`` hears of progress
    with the results so far. The results depend on the seed alone, not on ``jobs``.
    ``start_method`` starts the processes another way than the platform's default (``"spawn"``,
    as macOS and, from Python 3.14, Linux do): they then know only what ``config`` brings."""
    tally = Tally(wins=[0] * len(config.levels))
    indices = list(range(config.games))
    if config.jobs == 1:
        for index in indices:
            play_game(config, index, tally)
            if advance is not None:
                advance(tally)
        return tally
    size = max(1, min(50, config.games // (config.jobs * 8)))
    chunks = [indices[start : start + size] for start in range(0, len(indices), size)]
    context = None if start_method is None else multiprocessing.get_context(start_method)
    with ProcessPoolExecutor(max_workers=config.jobs, mp_context=context) as pool:
        futures = {pool.submit(play_games, config, chunk): len(chunk) for chunk in chunks}
        for future in as_completed(futures):
            tally.add(future.result())
            if advance is not None:
                advance(tally)
    return tally


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
        "think_samples": config.think_samples,
        "illegal_actions": len(tally.failures) - tally.unfinished,
        "unfinished_games": tally.unfinished,
        "failures": [text for _, text in tally.failures[:10]],
    }


def _time_summary(times: Timings) -> dict[str, float]:
    return {
        "median": round(times.percentile(0.5), 3),
        "p99": round(times.percentile(0.99), 3),
        "decisions": times.count,
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
    parser.add_argument(
        "--think-samples",
        help="the hard bot imagines exactly N deals a decision instead of thinking --think-ms:"
        " its strength then does not depend on the machine's speed or load",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument(
        "--matches", action="store_true", help="play whole matches to 500, not single rounds"
    )


def config_from(args: argparse.Namespace, levels_for: LevelsFor = game_levels) -> Config:
    """Check the arguments; raises SimulateUsageError with one line to show. ``levels_for``
    gives the levels ``--seats`` may name."""
    if args.rules not in {rule_set.value for rule_set in RuleSet}:
        raise SimulateUsageError(
            f"--rules: unknown rule set {args.rules!r} (classic, two-player, teams)"
        )
    think_ms = _number(args.think_ms, "--think-ms", minimum=1, maximum=MAX_THINK_MS)
    samples = None
    if args.think_samples is not None:
        samples = _number(
            args.think_samples, "--think-samples", minimum=1, maximum=MAX_THINK_SAMPLES
        )
    bots = dict(levels_for(think_ms, samples))
    levels = tuple(level.strip() for level in args.seats.split(","))
    for level in levels:
        if level not in bots:
            raise SimulateUsageError(
                f"--seats: unknown bot level {level!r} (levels: {', '.join(bots)})"
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
        think_ms=think_ms,
        think_samples=samples,
        matches=args.matches,
        bots=bots,
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


def run(args: argparse.Namespace, levels_for: LevelsFor = game_levels) -> int:
    """Run ``uno-tui simulate``; 0 when every game ended with legal actions only, 1 otherwise,
    2 on bad arguments. A progress bar goes to stderr when it is a terminal. ``levels_for``
    gives the levels ``--seats`` may name (the game's own unless a benchmark brings more)."""
    try:
        config = config_from(args, levels_for)
    except SimulateUsageError as error:
        print(f"uno-tui simulate: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    tally = _simulate_with_progress(config) if sys.stderr.isatty() else simulate(config)
    result = summary(config, tally, time.perf_counter() - started)
    if args.json:
        print(json.dumps(result))
    else:
        _print_table(result)
    return 1 if tally.failures else 0


def _simulate_with_progress(config: Config) -> Tally:
    """``simulate`` with a progress bar on stderr: games done, win rates so far, time left."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(win_rates_so_far(config, None), total=config.games)

        def advance(tally: Tally) -> None:
            done = tally.games + len(tally.failures)
            progress.update(task, completed=done, description=win_rates_so_far(config, tally))

        return simulate(config, advance)


def win_rates_so_far(config: Config, tally: Tally | None) -> str:
    """``medium 52.1% · mixbot 47.9%``: each seat's win rate so far, by its level."""
    parts = []
    for seat, level in enumerate(config.levels):
        rate = tally.wins[seat] / tally.games if tally is not None and tally.games else 0.0
        parts.append(f"{level} {rate:.1%}")
    return " · ".join(parts)


def _print_table(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import (
        Table as RichTable,  # a printed table (``uno_tui.match.table`` is a match)
    )

    console = Console()
    table = RichTable(title=f"{result['rules']}: {result['games']} {result['unit']}")
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
        console.print(f"[red]failure[/red] {failure}")
