"""The join window against a host in this process: the form joins with the code, the match is
told, and a click on a choice's button plays it at the host."""

from __future__ import annotations

import asyncio
from typing import TextIO, cast

from textual.widgets import Button, Input, RichLog

from uno_tui.net.remote_session import RemoteSession
from uno_tui.plain import PlainGame
from uno_tui.session import Seat, Session
from uno_tui.tui.join_app import JoinApp

from .net_helpers import hosting

TABLE = (Seat("Ann"), Seat("Ben", "random"), Seat("Cy", "random"))


def play_lines(remote: RemoteSession, read: object, out: object) -> int:
    game = PlainGame(cast(Session, remote), read, cast(TextIO, out), colour=False)  # type: ignore[arg-type]
    remote.say = game.say
    return game.run()


async def until(condition: object, pilot: object, seconds: float = 20) -> None:
    async with asyncio.timeout(seconds):
        while not condition():  # type: ignore[operator]
            await pilot.pause(0.05)  # type: ignore[attr-defined]


async def test_the_join_form_joins_and_a_clicked_choice_is_played_at_the_host() -> None:
    async with hosting(TABLE, (0,), seed=5) as host:
        app = JoinApp(play_lines)
        async with app.run_test(size=(100, 32)) as pilot:
            app.query_one("#address", Input).value = f"127.0.0.1:{host.port}"
            app.query_one("#code", Input).value = host.codes.seats[0]
            await pilot.click("#join")
            await until(lambda: bool(app.query(".choice")), pilot)
            lines = app.query_one("#lines", RichLog)
            told = "\n".join(strip.text for strip in lines.lines)
            assert "Your hand:" in told
            moves = len(host.game.actions)
            first = app.query(".choice").first(Button)
            assert first.id == "choice-1"
            await pilot.click(f"#{first.id}")
            await until(lambda: len(host.game.actions) > moves, pilot)
            assert host.game.actions[moves].player == 0
            await pilot.press("ctrl+q")


async def test_a_wrong_code_is_told_on_the_form() -> None:
    async with hosting(TABLE, (0,), seed=5) as host:
        app = JoinApp(play_lines, f"127.0.0.1:{host.port}", "WRONG-CODE")
        async with app.run_test(size=(100, 32)) as pilot:
            error = app.query_one("#join-error")
            await until(lambda: "Cannot join" in str(error.render()), pilot)
            assert "that code opens no seat at this table" in str(error.render())
            await pilot.press("ctrl+q")
