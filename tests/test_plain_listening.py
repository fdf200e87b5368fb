"""The line mode's questions wait on the loop (issue 34), driven here by hand: an answer
belongs to the question it was typed for, so one typed for a question that passed is refused
with the sentence, never taken for the next; between questions, commands answer at once."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

from uno_tui.engine import Game, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.net import protocol
from uno_tui.net.client import HostConnection
from uno_tui.net.joined import JoinedTable
from uno_tui.plain import PlainGame
from uno_tui.plain.game_loop import HELP

from .test_net_joined_table import SEATS


class FedLines:
    """Lines as a test types them (``None``: the end of the input)."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    async def next_line(self) -> str:
        line = await self.queue.get()
        if line is None:
            raise EOFError
        return line

    def type(self, line: str | None) -> None:
        self.queue.put_nowait(line)


class Told(Session):
    """A table in this process that has notices to tell (as a host's would)."""

    notices: list[str]

    def take_lines(self) -> list[str]:
        lines, self.notices = self.notices, []
        return lines


async def until(ready: Callable[[], bool]) -> None:
    """Let the loop run until ``ready()`` (bounded by turns of the loop, not by time)."""
    for _ in range(1000):
        if ready():
            return
        await asyncio.sleep(0)
    raise AssertionError("never ready")


async def test_an_answer_typed_for_a_question_that_passed_is_refused_never_taken_for_the_next() -> (
    None
):
    session = Told(Rules.classic(), [Seat("Ann"), Seat("Cy", "random")], seed=3)
    session.notices = []
    lines, news = FedLines(), asyncio.Queue[None]()
    out = io.StringIO()
    game = PlainGame(session, lines, out, color=False, stirred=news.get)
    game.inbox = asyncio.Queue()
    listening = asyncio.ensure_future(game.listen(lines))
    try:
        # news says the moment has gone: the question gives way
        moment = [True]
        first = asyncio.ensure_future(game.ask_line("First? 1: yes.", lambda: moment[0]))
        await until(lambda: game.open is not None)
        session.notices.append("Bo says: hello")  # news, and the question still stands:
        news.put_nowait(None)  # told at once, and the question said again
        await until(lambda: out.getvalue().count("First? 1: yes.") == 2)
        assert out.getvalue().splitlines()[-2:] == ["Bo says: hello", "First? 1: yes."]
        moment[0] = False
        news.put_nowait(None)
        assert await first is None
        lines.type("1")  # typed for it, as no question is open
        await until(lambda: "That question has passed." in out.getvalue())
        # the flow cancels a question whose moment went by; the answer typed for it came
        # just then: the next question refuses it, and takes the next answer
        second = asyncio.ensure_future(game.ask_line("Second? 1: yes."))
        await until(lambda: game.open is not None)
        lines.type("1")
        second.cancel()
        await asyncio.gather(second, return_exceptions=True)
        assert second.cancelled()
        third = asyncio.ensure_future(game.ask_line("Third? 1: yes, 2: no."))
        await until(lambda: "That question has passed; now: Third?" in out.getvalue())
        lines.type("2")
        assert await third == "2"
        said = out.getvalue().splitlines()
        assert said[-1] == "That question has passed; now: Third? 1: yes, 2: no."
        # between questions a command answers at once
        lines.type("hand")
        await until(lambda: out.getvalue().splitlines()[-1].startswith("Your hand, "))
    finally:
        listening.cancel()


async def test_a_quit_typed_while_the_table_waits_for_others_leaves_at_once() -> None:
    """A spectator's table never asks: help answers and quit leaves all the same."""
    game_here = Game(Rules.two_player(), ["Ann", "Bo"], seed=4)
    remote = HostConnection("127.0.0.1:1", "CODE")  # never started: fed by hand
    remote._receive(protocol.welcome(None, game_here.names, game_here.rules, SEATS))
    remote._receive(protocol.view_message(0, game_here.view(None)))
    table = JoinedTable(remote)
    lines = FedLines()
    out = io.StringIO()
    game = PlainGame(table, lines, out, color=False, stirred=table.stirred)
    playing = asyncio.ensure_future(game.play())
    await until(lambda: "Seats in order of play" in out.getvalue())
    lines.type("help")
    await until(lambda: all(passage in out.getvalue().splitlines() for passage in HELP))
    lines.type("quit")
    assert await asyncio.wait_for(playing, 30) == 0
    assert out.getvalue().splitlines()[-1] == "Goodbye."


def test_the_line_modes_help_is_passages_of_40_words_at_most_with_chat_and_timers() -> None:
    from uno_tui.net.hosting import HOST_COMMANDS_HELP, LOBBY_HELP

    for passage in (*HELP, HOST_COMMANDS_HELP, LOBBY_HELP):
        assert len(passage.split()) <= 40, passage
    words = " ".join(HELP)
    assert "say TEXT" in words and "Timed turns" in words and "warned 10 seconds" in words
