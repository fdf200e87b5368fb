"""The line mode's questions and the lines that answer them.

Every question is one line: the question, its question mark, then its numbered choices or its
default ("Your move? 1: play Red 7, 2: draw a card.", "Target score? Enter: 500."), so a reader
(or a test) knows a question from a narration line, which never holds a question mark. The
answer is one line.

Lines are read on the flow's own event loop (``plain.lines.LoopLines``), so the table is heard
while a question waits: a joined seat's news (a timer's warning, chat, a lost connection) is
told the moment it comes, and the open question is said again after it. Each saying of a
question has its number, and every line read is stamped with the number of the question open
as it came: an answer typed for a question that has passed meanwhile is refused ("That
question has passed; now: ..."), never taken for the next. A line that comes while no question
is open is handed to the caller's ``between`` (commands answer at once).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from .keys import PASSED, QuitGame
from .news import NewsTeller
from .output import Printer

Stamped = tuple[int | None, str | None]
"""A line read (``None``: the end of the input), with the number of the question open as it
came (``None``: none was)."""
Between = Callable[[str, bool], bool]
"""A line typed while no question is open, and whether a question has just passed: True once
it was answered there (a command), False to keep it for the next question. May raise
``QuitGame``."""


class AsyncLines(Protocol):
    """Lines read on the running loop (``plain.lines.LoopLines``)."""

    async def next_line(self) -> str:
        """The next line (``EOFError`` at the end of the input)."""
        ...


class QuestionLine:
    """Says questions and takes their answers, telling the table's news while one waits."""

    def __init__(
        self,
        printer: Printer,
        news: NewsTeller,
        read: Callable[[], str] | None,
        lines: AsyncLines | None,
        stirred: Callable[[], Awaitable[None]] | None,
    ) -> None:
        """``read``: a function that returns the next line (a test's answers), read with
        the loop standing; else ``lines``, read on the loop. ``stirred``: until the table's
        next change made elsewhere (a joined seat's connection), heard while a question
        waits."""
        self.printer = printer
        self.news = news
        self.read = read
        self.lines = lines
        self.stirred = stirred
        self.inbox: asyncio.Queue[Stamped] | None = None
        """Lines read on the loop, each with the number of the question open when it came."""
        self.early: list[Stamped] = []
        """Lines taken from the inbox that wait for the next question (put back first)."""
        self.asked = 0
        """How many questions have been said (each saying has its number)."""
        self.open: int | None = None
        """The number of the question waiting for its answer now."""
        self.prompt = ""
        """The words of the question open now (said again after news)."""
        self.open_still: Callable[[], bool] | None = None
        """Whether the question open now still stands (``None``: until it is answered)."""
        self.passed: set[int] = set()
        """The questions whose moment went by unanswered."""
        self.noticed = False
        """A notice was said since the table was last shown (``show`` says the question
        again after it)."""

    async def ask_line(self, prompt: str, still: Callable[[], bool] | None = None) -> str | None:
        """Say ``prompt`` and wait for its answer, telling the table's news meanwhile; ``None``
        when the question's moment passed first (``still()`` turned False as news came)."""
        if still is not None and not still():
            return None
        self.news.before_question()  # what happened comes before the question about it
        self.printer.say(prompt)
        if self.lines is None:
            assert self.read is not None
            try:
                line = self.read()
            except EOFError:
                raise QuitGame from None
            return self.answered(line)
        self.asked += 1
        number = self.asked
        self.open, self.prompt, self.open_still = number, prompt, still
        try:
            while True:
                got = await self.line_or_news()
                if got is None:  # news came, and has been told
                    if still is not None and not still():
                        self.passed.add(number)
                        return None
                    continue
                stamp, typed = got
                if typed is None:  # the end of the input
                    raise QuitGame
                if stamp in self.passed:
                    self.printer.say(f"{PASSED}; now: {prompt}")
                    continue
                return self.answered(typed)
        except asyncio.CancelledError:  # the flow moved on: the question's moment is gone
            self.passed.add(number)
            raise
        finally:
            self.open = None

    def answered(self, line: str) -> str:
        self.printer.interrupt()  # the person answered: what was still being said is stale
        return line.strip()

    async def line_or_news(self) -> Stamped | None:
        """The next line read, or ``None`` once the table's news has been told."""
        if self.early:
            return self.early.pop(0)
        assert self.inbox is not None
        line = asyncio.ensure_future(self.inbox.get())
        waits: set[asyncio.Future[Any]] = {line}
        news = None
        if self.stirred is not None:
            news = asyncio.ensure_future(self.stirred())
            waits.add(news)
        got = None
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            if news is not None and news.done():
                self.show()
                return None
            got = line.result()
            return got
        finally:
            for wait in waits:
                if not wait.done():
                    wait.cancel()
            if got is None and line.done() and not line.cancelled():
                # came with the news, or as the question was cancelled: its stamp says
                # whether its question is still the one asked
                self.early.append(line.result())

    def show(self) -> None:
        """The news told at once; a question waiting is said again after it, unless the news
        ended its moment (the flow then says it has passed)."""
        told = self.news.tell_news()
        told = self.news.hear() or told or self.noticed
        self.noticed = False
        still = self.open_still
        if told and self.open is not None and (still is None or still()):
            self.printer.say(self.prompt)

    def listening(self, between: Between, quit_now: Callable[[], None]) -> asyncio.Future[None]:
        """Read every line from now on (on the loop; none when the lines are a function):
        the task that does, to cancel at the end."""
        if self.lines is None:
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        self.inbox = asyncio.Queue()
        return asyncio.ensure_future(self.listen(self.lines, between, quit_now))

    async def listen(
        self, lines: AsyncLines, between: Between, quit_now: Callable[[], None]
    ) -> None:
        """Every line read, as it comes: into the inbox for the question open (or the next
        one), stamped with the question it came under; between questions, ``between``
        answers it at once (a command, or an answer to a question that passed); ``quit``
        there calls ``quit_now``."""
        assert self.inbox is not None
        while True:
            try:
                line: str | None = await lines.next_line()
            except EOFError:
                line = None  # the end of the input
            stamp = self.open
            if stamp is None and self.asked in self.passed:
                stamp = self.asked
            if self.open is None and line is not None and self.inbox.empty() and not self.early:
                try:
                    if between(line.strip(), stamp is not None):
                        continue
                except QuitGame:
                    quit_now()
                    return
            self.inbox.put_nowait((stamp, line))
            if line is None:
                return
