"""The line mode: the match told in sentences, each person's decisions asked as numbered lines.

``PlainGame`` is a front end of ``uno_tui.match.flow.MatchFlow``, as the app is: the flow
decides what comes next (a bot's move, the curtain, a turn, the UNO call after a play, the
hand's end) on any ``uno_tui.match.table.Table``, a match in this process or a seat joined to
a host; the line mode only tells and asks, through its parts:

- ``output.Printer``: every line and byte printed (and spoken, if asked);
- ``news.NewsTeller``: the flow's events as each person may know them, the table's notices;
- ``asking.QuestionLine``: each question said once it is one line with its question mark,
  its answer read on the loop while the table's news is told (an answer typed for a question
  that has passed is refused, never taken for the next);
- ``choosing.Chooser``: a turn's numbered moves, a card's colour and target, and the flow's
  own questions (a drawn card, the first card's colour, a stack, a challenge, UNO, a catch)
  in the flow's words, the app's dialogs' words;
- ``commands.Reviews``: the commands that use no turn, at a question or between questions.

In hot-seat, before a person's private lines the curtain question "Hand the keyboard to NAME.
NAME, are you ready? Press Enter." clears the terminal (screen and scrollback) and waits for
Enter. No rules here: the flow and the engine decide; narration gives the words.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TextIO

from uno_tui.engine import Action, Decision, Phase
from uno_tui.match.flow import PROMPT_KINDS, MatchFlow
from uno_tui.match.questions import Curtain, Question
from uno_tui.match.table import Table
from uno_tui.narration import Narrator, Verbosity, describe_action
from uno_tui.narration.sounds import SoundChoice, Sounds
from uno_tui.narration.speech import Speaker

from .asking import AsyncLines, QuestionLine
from .choosing import Chooser
from .commands import HELP, Commands, Reviews
from .keys import QUIT_WORDS, QuitGame, choice_keys, choice_number, curtain_line
from .lines import LineReader, on_loop
from .news import NewsTeller
from .output import Printer

__all__ = [
    "HELP",
    "PlainGame",
    "QuitGame",
    "choice_keys",
    "choice_number",
    "curtain_line",
    "describe_action",
]


class PlainGame:
    """The line mode as a front end of the match flow (``uno_tui.match.flow.FrontEnd``):
    ``uno-tui --plain``, ``join --plain`` and the host's own seat."""

    holds_drawn = False
    """A card drawn as a turn ends is told in the narration ("You draw Yellow 1 and cannot
    play."), before the curtain."""

    def __init__(
        self,
        table: Table,
        read: Callable[[], str] | AsyncLines,
        out: TextIO,
        *,
        speaker: Speaker | None = None,
        verbosity: Verbosity = "full",
        color: bool | None = None,
        sounds: SoundChoice = "off",
        stirred: Callable[[], Awaitable[None]] | None = None,
        commands: Commands | None = None,
        commands_help: str = "",
    ) -> None:
        """``read``: a function that returns the next line (a test's answers; a
        ``LineReader`` is read on the loop), or lines read on the loop already.
        ``stirred``: until the table's next change made elsewhere (a joined seat's
        connection), heard while a question waits. ``commands``: more commands, said in
        ``help`` by ``commands_help``."""
        self.table = table
        self.game = table.game
        self.flow = MatchFlow(table)
        self.solo = self.flow.solo
        self.at_keyboard: int | None = self.solo
        """The person whose private lines are on the screen (hot-seat: since their curtain)."""
        self.caught_up: dict[int | None, int] = {}
        """How many of their lines each person had seen when the keyboard last left them."""
        self.quitting = False
        """``quit`` typed between questions: the match ends at once."""
        self.main: asyncio.Task[Any] | None = None
        self.printer = Printer(out, speaker, color)
        narrator = Narrator(
            self.game.names, team_scores=self.game.rules.team_game, verbosity=verbosity
        )
        ringing = Sounds(sounds, bell=self.printer.bell, speaker=speaker)
        """``--sounds``: a bell (or a sound icon) as a big moment is told."""
        self.news = NewsTeller(self.flow, narrator, self.printer, ringing)
        lines = on_loop(read) if isinstance(read, LineReader) else None if callable(read) else read
        self.questions = QuestionLine(
            self.printer, self.news, read if callable(read) else None, lines, stirred
        )
        self.reviews = Reviews(self.flow, self.news, commands, commands_help)
        self.chooser = Chooser(self.flow, narrator, self.questions, self.reviews)

    def say(self, line: str) -> None:
        self.printer.say(line)

    # The match -----------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match ends or the person quits; returns an exit code (1 when the
        table closed before the match's end). Ctrl+C and the signals that stop the game come
        out of here as they came in, after the flow's loop is closed."""
        loop = asyncio.new_event_loop()
        try:
            return run_to_end(loop, self.play())
        finally:
            close_loop(loop)

    async def play(self) -> int:
        self.main = asyncio.current_task()
        listening = self.questions.listening(self.between, self.quit_now)
        try:
            try:
                self.say(self.news.table_line(self.solo))
                self.news.tell_round_so_far()
                await self.flow.run(self)
                self.news.tell_news()
            except asyncio.CancelledError:
                if not self.quitting:
                    raise
                if self.main is not None:
                    self.main.uncancel()
                raise QuitGame from None
        except QuitGame:
            self.printer.stop_speech()  # leaving: nothing more to say
            self.say("Goodbye.")
            return 0
        finally:
            listening.cancel()
        self.printer.finish_speech(timeout=10)  # let the last lines (who won) be heard
        return 0 if self.flow.closed is None else 1

    def between(self, line: str, stale: bool) -> bool:
        """A line typed while no question is open: answered at once, as the person at the
        keyboard typed it (``commands.Reviews.between``)."""
        return self.reviews.between(line, self.at_keyboard, stale=stale)

    def quit_now(self) -> None:
        """``quit`` typed between questions: the match stops now (and is saved, as at a
        question)."""
        self.quitting = True
        if self.main is not None:
            self.main.cancel()

    # What the flow asks of a front end ------------------------------------------------------

    def show(self) -> None:
        """The news told at once; a question waiting is said again after it."""
        self.questions.show()

    async def pause(self) -> None:
        """No pause: the bots' moves are told together at the next question. Hands that
        changed owners are told at once, so the new hand is read before anything else."""
        if self.news.hands_changed():
            self.news.tell_news()

    async def curtain(self, curtain: Curtain) -> Action | None:
        await self.pass_keyboard_to(curtain.seat)
        return None

    def ready(self, seat: int) -> None:
        """Nothing yet: the turn's first line reads the hand."""

    def notice(self, line: str) -> None:
        """A line from the table (a host's notice, chat): said at once; a question waiting is
        said again after the news it came with (``show``)."""
        self.news.tell_news()
        self.news.tell_table_line(line)
        self.questions.noticed = True

    async def ask(self, seat: int, question: Question) -> int | None:
        return await self.chooser.ask(seat, question)

    async def last_card(self, seat: int, question: Question) -> int | None:
        return await self.chooser.ask(seat, question, yes_no=True)

    async def catch_chance(self, seat: int, question: Question) -> int | None:
        """Offered before any bot acts: the bots wait for the answer."""
        return await self.chooser.ask(seat, question, yes_no=True)

    async def turn(self, seat: int, decision: Decision) -> Action | None:
        """A turn from the hand is one numbered list of all the person's moves now; a drawn
        card, the first card's colour, a stack and a challenge are the flow's own questions
        (``PROMPT_KINDS``, ``MatchFlow.question_for``), asked after the same summary, in the
        words of the app's dialogs."""
        line = self.chooser.summary(seat)
        still = self.still_deciding(decision)
        if not still():
            return None
        self.note(line)
        if decision.kind in PROMPT_KINDS:  # the flow asks it (``question_for``)
            return None
        return await self.chooser.choose(seat, self.table.options_for(seat), still)

    async def round_end(self) -> None:
        """The same pause after every hand, whoever deals: the scores stay until Enter (a
        person who deals deals with that Enter: there is nothing to choose). Bots alone play
        on: there is no one to press Enter."""
        if self.game.phase is Phase.MATCH_OVER:
            return
        seat = self.at_keyboard  # None in hot-seat before anyone took the keyboard
        upcoming = self.game.round_number + 1
        while self.table.people:
            answer = await self.questions.ask_line(
                f"Hand {self.game.round_number} is over. Ready for hand {upcoming}? Enter: deal."
            )
            if answer is None:
                break
            if answer.lower() in QUIT_WORDS:
                raise QuitGame
            if answer and seat is not None and self.reviews.command(answer, seat, ""):
                continue
            break

    # Asking --------------------------------------------------------------------------------

    def still_deciding(self, decision: Decision) -> Callable[[], bool]:
        """Whether ``decision`` is still the one awaited (a joined seat: the host may have
        moved on, its turn timer's bot may have played for the person)."""
        return lambda: self.table.person_to_decide() == decision

    async def pass_keyboard_to(self, seat: int) -> None:
        """In hot-seat, the curtain before a person's private lines, whenever the flow raises
        it (after a hand's end even for the person who played last, as in the app): what the
        last person's turn printed is cleared from a terminal (screen and scrollback) first."""
        self.news.tell_news()
        cleared = self.at_keyboard is not None  # before the first person, nothing private
        heard = self.news.heard
        if cleared:
            self.printer.clear_screen()
            self.caught_up[self.at_keyboard] = heard[self.at_keyboard].count
        answer = await self.questions.ask_line(curtain_line(self.game.names[seat]))
        if answer is not None and answer.lower() in QUIT_WORDS:
            raise QuitGame
        self.at_keyboard = seat
        missed = heard[seat].since(self.caught_up.get(seat, 0)) if cleared else []
        if missed:  # what the cleared screen held, in this person's own words
            self.say(f"Since your last turn: {' '.join(missed)}")

    def note(self, line: str) -> None:
        """A summary at the start of a turn: printed, not kept for ``repeat`` (which says the
        last thing that happened)."""
        self.say(line)


def run_to_end(loop: asyncio.AbstractEventLoop, play: Coroutine[Any, Any, int]) -> int:
    """Run ``play`` on ``loop``. What stops the process (Ctrl+C, a signal's ``SystemExit``)
    is raised again here, out of the loop, so the caller saves and says goodbye."""
    stopped: list[BaseException] = []
    loop.set_exception_handler(_stops_are_not_lost_errors)

    async def guarded() -> int:
        try:
            return await play
        except (KeyboardInterrupt, SystemExit) as stop:
            stopped.append(stop)
            return 0

    code = loop.run_until_complete(guarded())
    if stopped:
        raise stopped[0]
    return code


def _stops_are_not_lost_errors(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """A signal that stops the process (Ctrl+C, SIGTERM, SIGHUP) lands in whichever task is
    running then (a bot's step, a wait for news): that task's exception is the process's exit,
    raised out of the loop and handled there, not an error lost; anything else is reported as
    asyncio reports it."""
    if isinstance(context.get("exception"), KeyboardInterrupt | SystemExit):
        return
    loop.default_exception_handler(context)


def close_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what is still waiting on ``loop`` (a joined seat's wait for news), then close it."""
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    with contextlib.suppress(BaseException):
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.close()
