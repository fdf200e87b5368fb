"""Every screen and prompt of the app, each reached by key presses from a fixed deal.

Shared by the snapshot tests and by ``screenshots/make_screenshots.py``, so the pictures in
the README are the screens the tests check.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from textual.app import App, ComposeResult
from textual.pilot import Pilot

import uno_tui.tui.app
from uno_tui.engine import Game, MatchRecord, Phase, Position, Rules
from uno_tui.engine.events import RoundEnded
from uno_tui.match.session import Seat, Session
from uno_tui.store.archive import tell
from uno_tui.store.stats import (
    MatchFacts,
    Reading,
    RoundByRound,
    StatsReport,
    mask_of,
    round_by_round_of,
    summarise,
)
from uno_tui.tui import UnoApp
from uno_tui.tui.app import HIGH_CONTRAST
from uno_tui.tui.replay_app import ReplayApp
from uno_tui.tui.replay_frames import frames_of
from uno_tui.tui.screens import RoundEndScreen
from uno_tui.tui.screens.replay_table import ReplayTableScreen
from uno_tui.tui.table_setup import TableSetup

from ..helpers import without_clock
from ..random_play import random_action


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    make_app: Callable[[], App[None]]
    press: tuple[str, ...] = ()
    size: tuple[int, int] = (80, 24)

    async def settle(self, pilot: Pilot[None]) -> None:
        """Press the scenario's keys, then wait until the screen is done: on a busy machine it
        can still be laying out or animating, so wait for that, not a fixed time (a 25-card
        hand was caught half drawn under a full test run)."""
        await pilot.pause(0.1)
        for key in self.press:
            await pilot.press(key)
            await pilot.pause(0.05)
        stats = [worker for worker in pilot.app.workers if worker.group == "stats"]
        if stats:  # (none given, it would wait for every worker: the match's never ends)
            await pilot.app.workers.wait_for_complete(stats)  # the kept matches read
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.1)
        pilot.app.clear_notifications()


def app_for(game: Game, seats: list[Seat], **setup_fields: object) -> UnoApp:
    session = without_clock(Session(game.rules, seats, game=game))
    setup = TableSetup(
        rules=game.rules.rule_set.value, seats=session.seats, bot_delay=0.0, reduce_motion=True
    )
    return UnoApp(setup=replace(setup, **setup_fields), session=session, remember=False)


def hot_seat(rules: Rules, hands: list[str], top: str, draw: str = "", **kw: object) -> UnoApp:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][: len(hands)]
    position = Position.of(hands, top=top, draw=draw, **kw)  # type: ignore[arg-type]
    game = Game(rules, names, position=position, seed=7)
    return app_for(game, [Seat(name) for name in names])


def solo_classic() -> UnoApp:
    seats = [Seat("You"), Seat("Ada", "medium"), Seat("Bo", "medium"), Seat("Cy", "medium")]
    game = Game(Rules.classic(), [seat.name for seat in seats], seed=4)
    return app_for(game, seats)


def last_card_moment() -> UnoApp:
    """Ann plays her last card: it stays on the table (bots' pause 5 s: ten seconds here)
    before the hand's end is shown."""
    position = Position.of(["R2", "B7 Y3 G9 W+4"], top="R5")
    game = Game(Rules.two_player(), ["Ann", "Bob"], position=position, seed=7)
    return app_for(game, [Seat("Ann"), Seat("Bob")], bot_delay=5.0)


def high_contrast() -> UnoApp:
    seats = [Seat("You"), Seat("Ada", "medium"), Seat("Bo", "medium"), Seat("Cy", "medium")]
    game = Game(Rules.classic(), [seat.name for seat in seats], seed=4)
    return app_for(game, seats, theme=HIGH_CONTRAST.name)


class MatchEndApp(App[None]):
    """The end of a whole match (three players to 300, random play from a fixed seed: six
    hands): the winner, the totals' chart, the last hand, the points hand by hand."""

    CSS_PATH = Path(uno_tui.tui.app.__file__).with_name("app.tcss")

    def __init__(self) -> None:
        super().__init__()
        rules = Rules.classic(target_score=300)
        game = Game(rules, ["Ann", "Bob", "Cat"], seed=3)
        rng = random.Random(3)
        while game.phase is not Phase.MATCH_OVER:
            game.apply(random_action(game, rng))
        self.screen_shown = RoundEndScreen(
            game.view(None),
            game.round_events(None),
            [event for event in game.log if isinstance(event, RoundEnded)],
            replay=lambda: ["(the match told move by move)"],
            stats=lambda: None,
        )

    def compose(self) -> ComposeResult:
        return iter(())

    def on_mount(self) -> None:
        self.push_screen(self.screen_shown)


def setup_screen() -> UnoApp:
    return UnoApp(setup=TableSetup(), remember=False)


def made_up_history(count: int = 40, seed: int = 28) -> list[MatchFacts]:
    """``count`` finished matches of Ann and Kim against bots of every level, on days of
    November: Ann wins more against easy than against hard, as a player would."""
    rng = random.Random(seed)
    strength = {"easy": 0.7, "medium": 0.5, "hard": 0.3}
    matches = []
    for number in range(count):
        level = ("easy", "medium", "hard")[number % 3]
        person = "Ann" if number % 4 else "Kim"
        two = number % 5 == 4
        names = [person, "Ada"] if two else [person, "Ada", "Bo", "Cy"]
        bots: list[str | None] = [None] + [level] * (len(names) - 1)
        won = rng.random() < strength[level] * (1.2 if person == "Ann" else 0.9)
        winner = 0 if won else rng.randrange(1, len(names))
        rounds = [(rng.randrange(len(names)), rng.randrange(20, 160)) for _ in range(5)]
        rounds.append((winner, rng.randrange(60, 240)))
        matches.append(
            MatchFacts(
                source=f"2026-11-{number % 28 + 1:02d}_2{number % 4}-00-00_{number}.json",
                date=f"2026-11-{number % 28 + 1:02d} 2{number % 4}:00:00",
                rules="two-player" if two else "classic",
                names=tuple(names),
                bots=tuple(bots),
                team_game=False,
                finished=True,
                winners=mask_of([winner]),
                round_winners=tuple(mask_of([w]) for w, _ in rounds),
                round_points=tuple(p for _, p in rounds),
            )
        )
    return sorted(matches, key=lambda m: (m.date, m.source))


def totals_of(match: MatchFacts) -> RoundByRound:
    """The running totals of a made-up match (each round's points to who went out)."""
    totals = [0] * len(match.names)
    rows = []
    for winners, points in zip(match.round_winners, match.round_points, strict=True):
        totals = [t + (points if winners >> seat & 1 else 0) for seat, t in enumerate(totals)]
        rows.append(tuple(totals))
    return round_by_round_of(match.names, match.team_game, rows)


def made_up_report() -> StatsReport:
    matches = made_up_history()
    summary = summarise(Reading(matches=matches))
    last = next(m for m in reversed(matches) if len(m.names) == 4)
    return StatsReport(summary, totals_of(last), f"the match of {last.date[:16]}")


def stats_from_setup() -> UnoApp:
    return UnoApp(setup=TableSetup(), remember=False, read_stats=made_up_report)


def two_player_hot_seat() -> UnoApp:
    return hot_seat(Rules.two_player(), ["W+4 R2 G5 Y7 B+2", "B7 Y3 G9 R1"], top="R5")


def replayed_match() -> MatchRecord:
    """A whole match (three people to 300, random play from a fixed seed), to watch again."""
    game = Game(Rules.classic(target_score=300), ["Ann", "Bob", "Cat"], seed=3)
    rng = random.Random(3)
    while game.phase is not Phase.MATCH_OVER:
        game.apply(random_action(game, rng))
    return MatchRecord.of(game)


def replay_on_table(own: int | None = None) -> ReplayApp:
    """The replay of ``replayed_match`` on the table, paused at its deal."""
    record = replayed_match()
    screen = ReplayTableScreen(
        "The match of Ann, Bob, Cat",
        frames_of(record),
        own=own,
        lines=lambda: list(tell(record)),
        playing=False,
    )
    return ReplayApp(screen)


def teams_first_pass() -> UnoApp:
    names = ["Ann", "Bob", "Cat", "Dan"]
    game = Game(Rules.teams(), names, seed=12)
    return app_for(game, [Seat(name) for name in names])


SCENARIOS = (
    Scenario("setup", "Setup: you against three medium bots, Enter starts", setup_screen),
    Scenario("game-solo", "Playing against three bots (classic)", solo_classic),
    Scenario("curtain", "The handoff curtain", two_player_hot_seat),
    Scenario(
        "hand", "A hand behind the curtain, shown to its player", two_player_hot_seat, ("enter",)
    ),
    Scenario("colour", "Choosing a Wild's colour", two_player_hot_seat, ("enter", "5", "enter")),
    Scenario(
        "challenge",
        "Challenge a Wild Draw Four, or draw",
        two_player_hot_seat,
        ("enter", "5", "enter", "2", "enter"),
    ),
    Scenario(
        "challenge-result",
        "The challenge's result, with the hand shown, until a key closes it",
        two_player_hot_seat,
        ("enter", "5", "enter", "2", "enter", "1"),
    ),
    Scenario(
        "challenge-put-off",
        "The challenge put off with Escape: the prompt says M asks again",
        two_player_hot_seat,
        ("enter", "5", "enter", "2", "enter", "escape"),
    ),
    Scenario(
        "play-drawn",
        "Play the card just drawn, or keep it",
        lambda: hot_seat(Rules.two_player(), ["B4 G3", "Y1 Y2"], top="R9", draw="R5"),
        ("enter", "d"),
    ),
    Scenario(
        "swap-target",
        "Wild Swap Hands: with whom?",
        lambda: hot_seat(Rules.classic(), ["WX R2", "B7 Y3 G9", "G1 G2 G3 G4"], top="R5"),
        ("enter", "2", "enter"),
    ),
    Scenario(
        "catch",
        "Catching a player who did not call UNO, on the curtain",
        lambda: hot_seat(Rules.two_player(), ["R2 R3", "B7 Y3 G9"], top="R5"),
        ("enter", "enter"),
    ),
    Scenario("teams-pass", "Teams: the first secret pass", teams_first_pass, ("enter",)),
    Scenario(
        "round-end",
        "The end of a hand: the last card, what each held, points hand by hand",
        lambda: hot_seat(Rules.two_player(), ["R2", "B7 Y3 G9 W+4"], top="R5"),
        ("enter", "enter"),
    ),
    Scenario(
        "last-card",
        "The card that ended the hand stays on the table before the hand's end",
        last_card_moment,
        ("enter", "enter"),
    ),
    Scenario("match-end", "The end of a match: winner, points hand by hand, chart", MatchEndApp),
    Scenario(
        "replay-table",
        "A match watched again on the table, every hand shown (A), after six moves",
        replay_on_table,
        ("right",) * 6 + ("a",),
        (100, 32),
    ),
    Scenario("high-contrast", "The high-contrast theme: cards keep their colours", high_contrast),
    Scenario("help", "The keys", solo_classic, ("question_mark",)),
    *(
        Scenario(
            f"stats-{w}x{h}",
            f"What the kept matches add up to (Ctrl+T on the setup) at {w}x{h}",
            stats_from_setup,
            ("ctrl+t",),
            (w, h),
        )
        for w, h in ((80, 24), (120, 40))
    ),
    Scenario("too-small", "A terminal that is too small", solo_classic, size=(60, 18)),
)


TEN = ["You", "Ada", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal", "Ivy"]
LEVELS = ["medium", "easy", "hard", "random"]


def solo_table(rules: Rules, count: int, seed: int = 4) -> UnoApp:
    """You against ``count - 1`` bots of mixed levels, the first hand dealt."""
    seats = [Seat("You")] + [Seat(name, LEVELS[i % 4]) for i, name in enumerate(TEN[1:count])]
    game = Game(rules, [seat.name for seat in seats], seed=seed)
    return app_for(game, seats)


def big_hand() -> UnoApp:
    """A 25-card hand (after many draws), in a two-player hot-seat match."""
    hand = "R0 R1 R2 R5 R9 RS Y3 Y4 Y7 Y+2 YR G1 G2 G6 G8 GS G+2 B0 B4 B5 B9 BR W W+4 WX"
    return hot_seat(Rules.classic(), [hand, "B7 Y3 G9"], top="R5")


TABLES = (
    *(
        Scenario(f"table-{label}-{w}x{h}", f"{title} at {w}x{h}", make, press, (w, h))
        for label, title, make, press in (
            ("2", "Two players", lambda: solo_table(Rules.two_player(), 2), ()),
            ("4", "Four players", lambda: solo_table(Rules.classic(), 4), ()),
            ("10", "Ten players", lambda: solo_table(Rules.classic(), 10), ()),
            ("teams", "A Teams table", lambda: solo_table(Rules.teams(), 6, seed=12), ()),
            ("hand25", "A 25-card hand", big_hand, ("enter",)),
        )
        for w, h in ((80, 24), (120, 40))
    ),
    Scenario(
        "table-4-160x50",
        "Four players at 160x50",
        lambda: solo_table(Rules.classic(), 4),
        (),
        (160, 50),
    ),
    Scenario(
        "table-teams-people-120x40",
        "Teams in hot-seat at 120x40: each seat keeps its team letter and the teammate's M",
        teams_first_pass,
        ("enter",),
        (120, 40),
    ),
    Scenario(
        "table-teams-160x50",
        "A Teams table at 160x50",
        lambda: solo_table(Rules.teams(), 8, seed=12),
        (),
        (160, 50),
    ),
)
"""The table at its compact and roomy sizes, with 2, 4, 10 players and Teams, and a big hand."""
