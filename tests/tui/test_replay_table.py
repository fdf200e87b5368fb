"""A finished match watched again on the table: its keys (play and pause, a move back and on,
the first and the last, the speed, every hand, the list of lines), and that it shows only what
everyone saw until every hand is asked for."""

from __future__ import annotations

from textual.pilot import Pilot

from uno_tui.tui.replay_app import ReplayApp
from uno_tui.tui.screens import ReplayScreen
from uno_tui.tui.screens.replay_table import SPEEDS, ReplayTableScreen
from uno_tui.tui.widgets import TableView

from .scenarios import replay_on_table, replayed_match
from .screen import screen_text

SIZE = (100, 32)


def replay_screen(app: ReplayApp) -> ReplayTableScreen:
    screen = app.screen
    assert isinstance(screen, ReplayTableScreen)
    return screen


async def until(pilot: Pilot[None], holds, what: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(400):  # a generous bound: a busy machine is slow, never wrong
        await pilot.pause(0.05)
        if holds():
            return
    raise AssertionError(f"never: {what}")


async def test_the_arrows_step_home_and_end_jump_and_the_table_follows() -> None:
    app = replay_on_table()
    moves = len(replayed_match().actions)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        assert screen.at == 0 and f"move 0 of {moves} · paused" in screen_text(app)
        for _ in range(3):
            await pilot.press("right")
        assert screen.at == 3
        assert "3. " in screen_text(app)  # the third move is told in the log
        await pilot.press("left")
        assert screen.at == 2
        table = app.screen.query_one(TableView)
        assert table.view is screen.frames[2].view  # the table as it stood after move 2
        await pilot.press("end")
        assert screen.at == moves
        assert "Match over" in screen_text(app) or "wins the match" in screen_text(app)
        await pilot.press("right")  # nothing after the end
        assert screen.at == moves
        await pilot.press("home")
        assert screen.at == 0


async def test_space_plays_and_pauses_and_the_speed_keys_change_the_pace() -> None:
    app = replay_on_table()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        start = screen.speed
        await pilot.press("minus")
        assert screen.speed == start - 1
        for _ in range(len(SPEEDS)):
            await pilot.press("plus")
        assert screen.speed == len(SPEEDS) - 1  # the fastest, and no further
        assert f"{SPEEDS[-1]:g} s a move" in screen_text(app)
        await pilot.press("space")
        assert screen.playing and "playing" in screen_text(app)
        await until(pilot, lambda: screen.at >= 2, "the replay moves on by itself")
        await pilot.press("space")
        assert not screen.playing
        stopped = screen.at
        await pilot.pause(0.5)  # paused: it stays (several moves' time at this speed)
        assert screen.at == stopped and "paused" in screen_text(app)


async def test_only_what_everyone_saw_until_every_hand_is_asked_for() -> None:
    app = replay_on_table()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        for _ in range(4):
            await pilot.press("right")
        hands = str(app.screen.query_one("#replay-hands").render())
        assert "Ann:" not in hands and "Bob:" not in hands and "Cat:" not in hands
        assert "A shows every hand" in hands
        await pilot.press("a")
        hands = str(app.screen.query_one("#replay-hands").render())
        assert all(f"{name}:" in hands for name in ("Ann", "Bob", "Cat"))
        frame = screen.frames[4]
        assert all(len(hand) > 0 for hand in frame.hands)
        await pilot.press("a")
        hands = str(app.screen.query_one("#replay-hands").render())
        assert "Ann:" not in hands


async def test_at_a_table_of_one_person_their_own_hand_is_shown() -> None:
    app = replay_on_table(own=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hands = str(app.screen.query_one("#replay-hands").render())
        assert "Your hand:" in hands and "Ann:" not in hands and "Cat:" not in hands


async def test_l_lists_the_moves_and_escape_leaves() -> None:
    app = replay_on_table()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the list of lines")
        assert "1. " in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ReplayTableScreen), "back on the table")
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running, "the replay app leaves")
