"""The line mode's questions wait on the loop (issue 34), driven here by hand: an answer
belongs to the question it was typed for, so one typed for a question that passed is refused
with the sentence, never taken for the next; between questions, commands answer at once."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

from uno_tui.engine import AcceptPenalty, Action, Card, Color, DrawCard, Game, PlayCard, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.net import protocol
from uno_tui.net.client import HostConnection
from uno_tui.net.joined import JoinedTable
from uno_tui.net.timers import TurnTimers, timers_notice
from uno_tui.plain import PlainGame
from uno_tui.plain.commands import HELP

from .test_net_joined_table import SEATS, told_to_ann


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
    asking = game.questions
    listening = asking.listening(game.between, game.quit_now)
    try:
        # news says the moment has gone: the question gives way
        moment = [True]
        first = asyncio.ensure_future(asking.ask_line("First? 1: yes.", lambda: moment[0]))
        await until(lambda: asking.open is not None)
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
        second = asyncio.ensure_future(asking.ask_line("Second? 1: yes."))
        await until(lambda: asking.open is not None)
        lines.type("1")
        second.cancel()
        await asyncio.gather(second, return_exceptions=True)
        assert second.cancelled()
        third = asyncio.ensure_future(asking.ask_line("Third? 1: yes, 2: no."))
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


def fed_joined(game_here: Game, *notices: str) -> tuple[HostConnection, list[Action]]:
    """A joined seat 0 fed the host's messages by hand (never connected); what it sends
    is kept instead."""
    remote = HostConnection("127.0.0.1:1", "CODE")
    remote._receive(protocol.welcome(0, game_here.names, game_here.rules, SEATS))
    for raw in told_to_ann(game_here):
        remote._receive(raw)
    for text in notices:
        remote._receive(protocol.notice(text))
    sent: list[Action] = []

    def send(action: Action) -> bool:
        sent.append(action)
        return True

    remote.send = send  # type: ignore[method-assign]
    return remote, sent


async def test_a_joined_seat_hears_the_host_stop_while_it_waits_at_a_hands_end() -> None:
    """At "Ready for hand 2? Enter: deal." the host's news is told at once, the question
    said again after it, as at every question (found in a play-through: it was heard only
    after Enter)."""
    game_here = Game(Rules.two_player(), ["Ann", "Bo"], seed=20)
    remote, _ = fed_joined(game_here)
    table = JoinedTable(remote)
    lines, out = FedLines(), io.StringIO()
    game = PlainGame(table, lines, out, color=False, stirred=table.stirred)
    listening = game.questions.listening(game.between, game.quit_now)
    ending = asyncio.ensure_future(game.round_end())
    try:
        await until(lambda: last_line(out).endswith("Ready for hand 2? Enter: deal."))
        stopped = "The host stopped the table: the match is saved."
        remote._receive(protocol.notice(stopped))
        await until(lambda: stopped in out.getvalue().splitlines())
        said = out.getvalue().splitlines()
        assert said[-1].endswith("Ready for hand 2? Enter: deal."), "asked again after it"
        lines.type("")
        await asyncio.wait_for(ending, 30)
    finally:
        ending.cancel()
        listening.cancel()


def last_line(out: io.StringIO) -> str:
    lines = out.getvalue().splitlines()
    return lines[-1] if lines else ""


def line_starting(out: io.StringIO, start: str, holding: str = "") -> str | None:
    """The last line printed that starts with ``start`` (and holds ``holding``)."""
    lines = reversed(out.getvalue().splitlines())
    return next((line for line in lines if line.startswith(start) and holding in line), None)


async def test_an_answer_read_after_its_turn_passed_is_never_played_on_the_next_question() -> None:
    """The whole line mode on a joined seat: the host's timer draws for Ann and Bo answers
    with a Wild Draw Four while her "1" is on its way; that "1" (Yellow 5 then, a challenge
    now) is refused with the new question, and nothing is sent until she answers it."""
    game_here = Game(Rules.two_player(), ["Ann", "Bo"], seed=20)
    first = game_here.decisions(out_of_turn=False)[0]
    remote, sent = fed_joined(game_here)
    table = JoinedTable(remote)
    lines, out = FedLines(), io.StringIO()
    game = PlainGame(table, lines, out, color=False, stirred=table.stirred)
    playing = asyncio.ensure_future(game.play())
    try:
        await until(lambda: last_line(out).startswith("Your move? 1: play Yellow 5"))
        game_here.apply(DrawCard(0))  # the host's turn timer: its bot draws for her
        game_here.apply(PlayCard(1, Card.parse("W+4"), Color.RED))  # Bo
        decision = game_here.decisions(out_of_turn=False)[0]
        assert decision.player == 0 and decision != first
        for raw in told_to_ann(game_here):  # the host's news, and then her line
            remote._receive(raw)
        lines.type("1")
        await until(lambda: line_starting(out, "That question has passed; now: ") is not None)
        said = out.getvalue().splitlines()
        at = said.index("That question has passed.")
        assert said[at - 1].startswith("Bo plays Wild Draw Four"), "not asked again once gone"
        *_, question, refused = said
        assert refused == f"That question has passed; now: {question}"
        assert refused.startswith("That question has passed; now: Ann, you face 4 cards.")
        assert " 1: challenge" in refused
        assert sent == [], "the answer for the passed question was never played"
        lines.type("2")
        await until(lambda: bool(sent))
        assert sent == [AcceptPenalty(0)], "the next answer is the new question's"
        lines.type("quit")
        assert await asyncio.wait_for(playing, 30) == 0
    finally:
        playing.cancel()


async def test_table_and_help_say_the_turns_are_timed_at_a_timed_table() -> None:
    game_here = Game(Rules.two_player(), ["Ann", "Bo"], seed=20)
    timers = TurnTimers(40, clock=lambda: 100.0)
    timers.started[0] = (len(game_here.actions), 95.0)  # she comes as her turn's clock runs
    told = timers_notice(timers, 0, len(game_here.actions), "random")
    assert told is not None and told.endswith("Your turn's clock is running: 35 seconds left.")
    remote, _ = fed_joined(game_here, told)
    table = JoinedTable(remote)
    lines, out = FedLines(), io.StringIO()
    game = PlainGame(table, lines, out, color=False, stirred=table.stirred)
    playing = asyncio.ensure_future(game.play())
    timed = (
        "Turns are timed: 40 seconds a move; a warning 10 seconds before the end, then a "
        "random bot moves for you."
    )
    try:
        await until(lambda: last_line(out).startswith("Your move?"))
        assert told in out.getvalue().splitlines(), "told as it came"
        lines.type("table")
        await until(
            lambda: (
                line_starting(out, "Seats in order of play: you (person)", " Cards: ") is not None
            )
        )
        said = line_starting(out, "Seats in order of play: you (person)", " Cards: ")
        assert said is not None and f"Two-player to 500 points. {timed} Cards: " in said
        lines.type("help")
        await until(lambda: line_starting(out, HELP[-1]) is not None)
        after = out.getvalue().splitlines()
        after = after[len(after) - after[::-1].index(HELP[-1]) :]
        assert timed in after[:3], after  # this table's timers, not the clock of its turn
        assert line_starting(out, HELP[0]) is not None
        lines.type("quit")
        assert await asyncio.wait_for(playing, 30) == 0
    finally:
        playing.cancel()


async def test_an_untimed_table_says_nothing_of_timers_in_table() -> None:
    session = Session(Rules.two_player(), [Seat("Ann"), Seat("Bo", "easy")], seed=20)
    lines, out = FedLines(), io.StringIO()
    game = PlainGame(session, lines, out, color=False)
    playing = asyncio.ensure_future(game.play())
    try:
        await until(lambda: last_line(out).startswith("Your move?"))
        lines.type("table")
        await until(
            lambda: (
                line_starting(out, "Seats in order of play: you (person)", " Cards: ") is not None
            )
        )
        lines.type("quit")
        assert await asyncio.wait_for(playing, 30) == 0
        assert "timed" not in out.getvalue()
    finally:
        playing.cancel()


def test_the_line_modes_help_is_passages_of_40_words_at_most_with_chat_and_timers() -> None:
    from uno_tui.net.hosting import HOST_COMMANDS_HELP, LOBBY_HELP

    for passage in (*HELP, HOST_COMMANDS_HELP, LOBBY_HELP):
        assert len(passage.split()) <= 40, passage
    words = " ".join(HELP)
    assert "say TEXT" in words and "Timed turns" in words and "warned 10 seconds" in words
