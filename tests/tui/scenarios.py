"""Every screen and prompt of the app, each reached by key presses from a fixed deal.

Shared by the snapshot tests and by ``screenshots/make_screenshots.py``, so the pictures in
the README are the screens the tests check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.pilot import Pilot

from uno_tui.engine import Game, Position, Rules
from uno_tui.session import Seat, Session
from uno_tui.tui import UnoApp
from uno_tui.tui.table_setup import TableSetup

from ..helpers import without_clock


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    make_app: Callable[[], UnoApp]
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
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.1)
        pilot.app.clear_notifications()


def app_for(game: Game, seats: list[Seat]) -> UnoApp:
    session = without_clock(Session(game.rules, seats, game=game))
    setup = TableSetup(
        rules=game.rules.rule_set.value, seats=session.seats, bot_delay=0.0, reduce_motion=True
    )
    return UnoApp(setup=setup, session=session, remember=False)


def hot_seat(rules: Rules, hands: list[str], top: str, draw: str = "", **kw: object) -> UnoApp:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][: len(hands)]
    position = Position.of(hands, top=top, draw=draw, **kw)  # type: ignore[arg-type]
    game = Game(rules, names, position=position, seed=7)
    return app_for(game, [Seat(name) for name in names])


def solo_classic() -> UnoApp:
    seats = [Seat("You"), Seat("Ada", "medium"), Seat("Bo", "medium"), Seat("Cy", "medium")]
    game = Game(Rules.classic(), [seat.name for seat in seats], seed=4)
    return app_for(game, seats)


def setup_screen() -> UnoApp:
    return UnoApp(setup=TableSetup(), remember=False)


def two_player_hot_seat() -> UnoApp:
    return hot_seat(Rules.two_player(), ["W+4 R2 G5 Y7 B+2", "B7 Y3 G9 R1"], top="R5")


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
        ("enter", "2", "enter", "1"),
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
        "The end of a round: hands, points, totals",
        lambda: hot_seat(Rules.two_player(), ["R2", "B7 Y3 G9 W+4"], top="R5"),
        ("enter", "enter"),
    ),
    Scenario("help", "The keys", solo_classic, ("question_mark",)),
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


TABLES = tuple(
    Scenario(f"table-{label}-{w}x{h}", f"{title} at {w}x{h}", make, press, (w, h))
    for label, title, make, press in (
        ("2", "Two players", lambda: solo_table(Rules.two_player(), 2), ()),
        ("4", "Four players", lambda: solo_table(Rules.classic(), 4), ()),
        ("10", "Ten players", lambda: solo_table(Rules.classic(), 10), ()),
        ("teams", "A Teams table", lambda: solo_table(Rules.teams(), 6, seed=12), ()),
        ("hand25", "A 25-card hand", big_hand, ("enter",)),
    )
    for w, h in ((80, 24), (120, 40))
)
"""The table at its compact and roomy sizes, with 2, 4, 10 players and Teams, and a big hand."""
