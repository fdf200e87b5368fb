"""The line mode: the match told in sentences, each person's decisions asked as numbered lines.

``PlainGame`` is a front end of ``uno_tui.match.flow.MatchFlow``, as the app is: the flow
decides what comes next (a bot's move, the curtain, a turn, the UNO call after a play, the
hand's end) on any ``uno_tui.match.table.Table``, a match in this process or a seat joined to
a host; this module only tells and asks.

Every question is one line: the question, its question mark, then its numbered choices or its
default ("Your move? 1: play Red 7, 2: draw a card.", "Target score? Enter: 500."), so a reader
(or a test) knows a question from a narration line, which never holds a question mark. The
answer is one line. Typed commands review the table without using the turn. In hot-seat,
before a person's private lines the curtain question "Hand the keyboard to NAME. NAME, are you
ready? Press Enter." clears the terminal (screen and scrollback) and waits for Enter. No rules
here: the flow and the engine decide; narration gives the words.

Every line goes out through ``say`` (and every byte through ``write``): the one place to
escape or redirect what the line mode prints. Standard input is read on the flow's own event
loop (``plain.lines.LoopLines``), so the table is heard while a question waits: a joined seat's
news (a timer's warning, chat, a lost connection) is told the moment it comes, and the open
question is said again after it. An answer belongs to the question it was typed for: one typed
for a question that has passed meanwhile is refused ("That question has passed; now: ..."),
never taken for the next. Between questions, the review commands, ``say``, ``help`` and
``quit`` answer at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO, TypeVar

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CatchUno,
    Decision,
    DecisionKind,
    DrawCard,
    IllegalActionError,
    KeepDrawn,
    Phase,
    PlayCard,
)
from uno_tui.engine.events import Event, HandScored, HandsPassed, HandsSwapped, RoundEnded
from uno_tui.match.flow import MatchFlow
from uno_tui.match.questions import Curtain, Question
from uno_tui.match.table import Table
from uno_tui.narration import (
    NOBODY_TO_CATCH,
    UNO_ARMED,
    History,
    Move,
    Narrator,
    Verbosity,
    counts_words,
    describe_action,
    hand_words,
    list_moves,
    low_counts_words,
    next_player,
    scores_line,
    special_cards_words,
    table_words,
    top_words,
)
from uno_tui.narration.brief import brief_hand_words, brief_labels, brief_top_words
from uno_tui.narration.narrator import plural
from uno_tui.narration.sounds import SoundChoice, Sounds
from uno_tui.narration.speech import Speaker
from uno_tui.store.archive import matches_dir
from uno_tui.store.stats import spoken_stats
from uno_tui.text import shown

from .color import color_enabled, paint
from .lines import LineReader, on_loop

__all__ = [
    "HELP",
    "PlainGame",
    "QuitGame",
    "choice_keys",
    "choice_number",
    "curtain_line",
    "describe_action",
]

HELP = (
    "Type the number or letter of a choice (d is always draw); Enter alone repeats the question.",
    "Commands that use no turn: hand or h (your cards by colour), top or t (top card and "
    "colour), counts or c (everyone's cards, whose turn, who is next, the dealer), table (who "
    "sits where, bots, teams, target), scores.",
    "More: moves (your choices), repeat or r (the last line again), log (the last lines), "
    "catch (catch a player who did not call UNO), stats (what your kept matches add up to).",
    "Chat at a hosted table: say TEXT, to everyone at it, told to each at once.",
    "Timed turns: a host may give each move a time, told at joining. You are warned 10 "
    "seconds before the end; then a bot makes that move for you.",
    "help says this again; quit or q leaves (the match is saved).",
)
"""The line mode's help, one line a passage of 40 words at most (a screen reader reads a line
at a time; about 13 seconds of speech each)."""
PASSED = "That question has passed"
"""Said for an answer typed for a question whose moment went by before it came."""
QUIT_WORDS = ("quit", "exit", "q")
"""What leaves the match at any question; q as in the app."""
YES_WORDS = ("y", "yes")
NO_WORDS = ("n", "no")
"""The answers a yes-or-no question takes beside its numbers."""
BELL = "\a"
"""The terminal's bell (``--sounds bell``)."""
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""Home, clear the screen, clear the scrollback: the hot-seat curtain hides the last hand."""
STABLE_KEYS: dict[type[Action], str] = {DrawCard: "d", AcceptPenalty: "d", KeepDrawn: "k"}
"""Choices that are there turn after turn keep one letter, so a hand's size moves no key."""
LOG_LINES = 8
FLOW_ASKS = frozenset((DecisionKind.CHALLENGE,))
"""Decisions the line mode asks in the flow's own words (``MatchFlow.question_for``). The
other questions the flow words (a drawn card, the first card's colour, a stack) hold no
question mark yet, which every line-mode question does: they are listed as a turn is."""
CALL_UNO = Move("call UNO with the card you play", ())
"""With two cards, the turn's choice that calls UNO with the card chosen next."""
T = TypeVar("T")


def curtain_line(name: str) -> str:
    """The hot-seat handoff, a question so a reader knows an answer is awaited."""
    return f"Hand the keyboard to {name}. {name}, are you ready? Press Enter."


def choice_keys(moves: Sequence[Move]) -> list[str]:
    """The key of each move: cards and the rest numbered from 1, drawing ``d`` and keeping a
    drawn card ``k`` whatever else is offered."""
    keys: list[str] = []
    number = 0
    for move in moves:
        letter = STABLE_KEYS.get(type(move.actions[0]))
        if letter is None or letter in keys:
            number += 1
            keys.append(str(number))
        else:
            keys.append(letter)
    return keys


def keyed_words(keys: Sequence[str], labels: Sequence[str]) -> str:
    """ "1: play Red 7, 2: play Wild, d: draw a card." """
    if not labels:
        return "No moves for you now."
    return ", ".join(f"{key}: {label}" for key, label in zip(keys, labels, strict=True)) + "."


def choice_number(answer: str, count: int) -> int | None:
    """The choice ``answer`` names, from 1 to ``count``, or None. Only plain digits count
    ("²" is a digit to ``str.isdigit`` but not a number to ``int``)."""
    if answer.isascii() and answer.isdecimal() and len(answer) <= 6:
        number = int(answer)
        if 1 <= number <= count:
            return number
    return None


class QuitGame(Exception):
    """The person asked to stop, or the input ended."""


class AsyncLines(Protocol):
    """Lines read on the running loop (``plain.lines.LoopLines``)."""

    async def next_line(self) -> str:
        """The next line (``EOFError`` at the end of the input)."""
        ...


Commands = Callable[[str], bool]
"""More commands for the line mode (the host's own seat: ``bot NAME``, ``start``): True when
the line was one of them, answered."""


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
        self.lines: AsyncLines | None = (
            on_loop(read) if isinstance(read, LineReader) else None if callable(read) else read
        )
        self.read = read if callable(read) else None
        self.stirred = stirred
        self.commands = commands
        self.commands_help = commands_help
        self.inbox: asyncio.Queue[tuple[int | None, str | None]] | None = None
        """Lines read on the loop, each with the number of the question open when it came
        (``None``: none was)."""
        self.early: list[tuple[int | None, str | None]] = []
        """Lines taken from the inbox that wait for the next question (put back first)."""
        self.asked = 0
        """How many questions have been said (each saying has its number)."""
        self.open: int | None = None
        """The number of the question waiting for its answer now."""
        self.prompt = ""
        """The words of the question open now (said again after news)."""
        self.still: Callable[[], bool] | None = None
        """Whether the question open now may still be answered (news may have ended it)."""
        self.passed: set[int] = set()
        """The questions whose moment went by unanswered."""
        self.said_status: str | None = None
        self.noticed = False
        """A notice was said since the table was last shown (``show`` says the question
        again after it)."""
        self.quitting = False
        """``quit`` typed between questions: the match ends at once."""
        self.main: asyncio.Task[Any] | None = None
        self.out = out
        self.speaker = speaker
        self.color = color_enabled(out) if color is None else color
        self.narrator = Narrator(
            self.game.names, team_scores=self.game.rules.team_game, verbosity=verbosity
        )
        people = table.people
        self.solo = self.flow.solo
        self.at_keyboard: int | None = self.solo
        """The person whose private lines are on the screen (hot-seat: since their curtain)."""
        self.heard: dict[int | None, History] = {seat: History() for seat in (None, *people)}
        self.caught_up: dict[int | None, int] = {}
        """How many of their lines each person had seen when the keyboard last left them."""
        self.told = 0
        """How many of the flow's batches of events have been told."""
        self.sounds = Sounds(sounds, bell=lambda: self.write(BELL), speaker=speaker)
        """``--sounds``: a bell (or a sound icon) as a big moment is told."""

    # Lines in and out ----------------------------------------------------------------------

    def say(self, line: str) -> None:
        """Every line the line mode prints comes through here (and is spoken, if asked)."""
        if self.speaker is not None:
            self.speaker.say(line)  # first: "no speech on this machine" comes before the line
        line = shown(line)  # nothing from a name or a file may act on the terminal
        self.write((paint(line) if self.color else line) + "\n")

    def write(self, text: str) -> None:
        """The one place that writes to the output."""
        self.out.write(text)
        self.out.flush()

    def clear_screen(self) -> None:
        """On a terminal, clear the screen and its scrollback; in a pipe, nothing."""
        isatty = getattr(self.out, "isatty", None)
        if isatty is not None and isatty():
            self.write(CLEAR)

    async def ask_line(self, prompt: str, still: Callable[[], bool] | None = None) -> str | None:
        """Say ``prompt`` and wait for its answer, telling the table's news meanwhile; ``None``
        when the question's moment passed first (``still()`` turned False as news came)."""
        if still is not None and not still():
            return None
        self.tell_news()  # what happened comes before the question about it
        for line in self.table.take_lines():  # a host's notice, what was said at the table
            self.say(line)
        status = self.said_status = self.table.status()
        if status is not None:  # said before every question until the connection is back
            self.say(f"{status}.")
        self.say(prompt)
        if self.lines is None:
            assert self.read is not None
            try:
                line = self.read()
            except EOFError:
                raise QuitGame from None
            return self.answered(line)
        self.asked += 1
        number = self.asked
        self.open, self.prompt, self.still = number, prompt, still
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
                    self.say(f"{PASSED}; now: {prompt}")
                    continue
                return self.answered(typed)
        except asyncio.CancelledError:  # the flow moved on: the question's moment is gone
            self.passed.add(number)
            raise
        finally:
            self.open = None

    def answered(self, line: str) -> str:
        if self.speaker is not None:
            self.speaker.interrupt()  # the person answered: what was still being said is stale
        return line.strip()

    async def line_or_news(self) -> tuple[int | None, str | None] | None:
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

    def hear(self) -> bool:
        """The table's notices not said yet (a host's notice, chat, the connection's state):
        True if any was said."""
        said = False
        for line in self.table.take_lines():  # a host's notice, what was said at the table
            self.say(line)
            said = True
        status, was = self.table.status(), self.said_status
        self.said_status = status
        if status is not None and was is None and not said:  # gone down ("Connection lost"
            self.say(f"{status}.")  # says so itself); each try is said at the next question
            said = True
        return said

    def tell_news(self) -> bool:
        """The flow's changes not told yet: consecutive ones seen the same way are told
        together (so a bot's moves read as a few lines, not one line per event). True if
        any was told."""
        batches = self.flow.batches[self.told :]
        self.told = len(self.flow.batches)
        run: list[Event] = []
        viewer: int | None = None
        for batch in batches:
            if run and batch.viewer != viewer:
                self.tell(run, viewer)
                run = []
            run.extend(batch.events)
            viewer = batch.viewer
        if run:
            self.tell(run, viewer)
        return bool(batches)

    def tell(self, events: Sequence[Event], listener: int | None) -> None:
        """Print the events as ``listener`` may know them; every person's log gets their own
        version (so ``log`` in hot-seat never shows one person's cards to another). In
        hot-seat the end of a hand is everyone's: it is told with names, not "you"."""
        for seat, history in self.heard.items():
            if seat != listener:
                history.extend(self.narrator.narrate_events(events, seat))
        ends = next(
            (i for i, e in enumerate(events) if isinstance(e, RoundEnded | HandScored)),
            len(events),
        )
        if self.solo is None and listener is not None and ends < len(events):
            lines = self.narrator.narrate_events(events[:ends], listener)
            self.heard[listener].extend(
                lines + self.narrator.narrate_events(events[ends:], listener)
            )
            lines += self.narrator.narrate_events(events[ends:], None)
        else:
            lines = self.narrator.narrate_events(events, listener)
            self.heard.setdefault(listener, History()).extend(lines)
        self.ring(events)
        for line in lines:
            self.say(line)
        swapped = any(
            isinstance(e, HandsPassed)
            or (isinstance(e, HandsSwapped) and listener in (e.player, e.target))
            for e in events
        )
        next_up = self.table.person_to_decide()
        if listener is not None and swapped and (next_up is None or next_up.player != listener):
            # (a turn of theirs coming up reads the new hand anyway)
            hand = hand_words(self.game.view(listener)).removeprefix("Your hand")
            self.say(f"Your new hand{hand}")

    def ring(self, events: Sequence[Event]) -> None:
        """``--sounds``: the sound of a big moment first, telling what the words will."""
        if self.sounds.on:
            self.sounds.hear(events, self.table.people if self.solo is None else [self.solo])

    def tell_round_so_far(self) -> None:
        """The round's events up to now: printed as the table (or the one person) may know
        them, and kept for each person as they saw them."""
        for seat, history in self.heard.items():
            if seat != self.solo:
                history.extend(self.narrator.narrate_events(self.game.round_events(seat), seat))
        events = self.game.round_events(self.solo)
        lines = self.narrator.narrate_events(events, self.solo)
        self.heard[self.solo].extend(lines)
        self.ring(events)
        for line in lines:
            self.say(line)

    def table_line(self, listener: int | None) -> str:
        bots = [seat.bot_level for seat in self.table.seats]
        return table_words(self.game.names, self.game.rules, bots, listener)

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
        listening = None
        if self.lines is not None:
            self.inbox = asyncio.Queue()
            listening = asyncio.ensure_future(self.listen(self.lines))
        try:
            try:
                self.say(self.table_line(self.solo))
                self.tell_round_so_far()
                await self.flow.run(self)
                self.tell_news()
            except asyncio.CancelledError:
                if not self.quitting:
                    raise
                if self.main is not None:
                    self.main.uncancel()
                raise QuitGame from None
        except QuitGame:
            if self.speaker is not None:
                self.speaker.close()  # leaving: nothing more to say
                self.speaker = None
            self.say("Goodbye.")
            return 0
        finally:
            if listening is not None:
                listening.cancel()
        if self.speaker is not None:
            self.speaker.wait_idle(timeout=10)  # let the last lines (who won) be heard
            self.speaker.close()
        return 0 if self.flow.closed is None else 1

    async def listen(self, lines: AsyncLines) -> None:
        """Every line read, as it comes: into the inbox for the question open (or the next
        one), stamped with the question it came under; between questions, a command is
        answered at once, and an answer to a question that passed is refused."""
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
                    if self.between(line.strip(), stale=stamp is not None):
                        continue
                except QuitGame:
                    self.quit_now()
                    return
            self.inbox.put_nowait((stamp, line))
            if line is None:
                return

    def between(self, line: str, *, stale: bool) -> bool:
        """A line typed while no question is open: True once answered (a command, or an
        answer to a question that has passed); False to keep it for the next question."""
        if self.commands is not None and line and self.commands(line):
            return True
        seat = self.at_keyboard
        word = line.lower()
        if word in QUIT_WORDS:
            raise QuitGame
        if self.common_command(line):
            return True
        if seat is not None and line and self.command(line, seat, ""):
            return True
        if stale:
            self.say(f"{PASSED}.")
            return True
        return False

    def quit_now(self) -> None:
        """``quit`` typed between questions: the match stops now (and is saved, as at a
        question)."""
        self.quitting = True
        if self.main is not None:
            self.main.cancel()

    # What the flow asks of a front end ------------------------------------------------------

    def show(self) -> None:
        """The news told at once; a question waiting is said again after it."""
        told = self.tell_news()
        told = self.hear() or told or self.noticed
        self.noticed = False
        if told and self.open is not None and (self.still is None or self.still()):
            self.say(self.prompt)  # not a question the news ended: the flow says it passed

    async def pause(self) -> None:
        """No pause: the bots' moves are told together at the next question. Hands that
        changed owners are told at once, so the new hand is read before anything else."""
        if any(
            isinstance(e, HandsSwapped | HandsPassed)
            for batch in self.flow.batches[self.told :]
            for e in batch.events
        ):
            self.tell_news()

    async def curtain(self, curtain: Curtain) -> Action | None:
        await self.pass_keyboard_to(curtain.seat)
        return None

    def ready(self, seat: int) -> None:
        """Nothing yet: the turn's first line reads the hand."""

    def notice(self, line: str) -> None:
        """A line from the table (a host's notice, chat): said at once; a question waiting is
        said again after the news it came with (``show``)."""
        self.tell_news()
        self.say(line)
        self.noticed = True

    async def ask(self, seat: int, question: Question, *, yes_no: bool = False) -> int | None:
        """One of the flow's questions, its choices numbered (drawing also ``d``, keeping a
        drawn card also ``k``, as at every turn). A ``yes_no`` question ("Call UNO?",
        "Catch?", and any of two choices: "Challenge the Wild Draw Four, or draw?") also
        takes yes for its first choice and no for its last."""
        count = len(question.choices)
        yes_no = yes_no or count == 2
        keyed = {
            STABLE_KEYS[type(choice.actions[0])]: index
            for index, choice in enumerate(question.choices)
            if choice.actions and type(choice.actions[0]) in STABLE_KEYS
        }
        if "d" in keyed:
            keyed["draw"] = keyed["d"]
        still = self.still_answerable(seat, question)
        while True:
            answer = await self.ask_line(question.spoken(), still)
            if answer is None:
                return None
            if answer.lower() in keyed:
                return keyed[answer.lower()]
            if not answer or self.command(answer, seat, ""):
                continue
            if yes_no and answer.lower() in YES_WORDS:
                return 0
            if yes_no and answer.lower() in NO_WORDS:
                return count - 1
            number = choice_number(answer, count)
            if number is not None:
                return number - 1
            self.say(f"Not a choice: {answer[:40]!r}. Type {number_range(count)}.")

    async def last_card(self, seat: int, question: Question) -> int | None:
        return await self.ask(seat, question, yes_no=True)

    async def catch_chance(self, seat: int, question: Question) -> int | None:
        """Offered before any bot acts: the bots wait for the answer."""
        return await self.ask(seat, question, yes_no=True)

    async def turn(self, seat: int, decision: Decision) -> Action | None:
        """A turn from the hand is one numbered list of all the person's moves now (so are
        a drawn card, the first card's colour and a stack); a challenge is the flow's own
        question (``FLOW_ASKS``), asked after the same summary."""
        view = self.game.view(seat)
        who = "" if self.solo is not None else f"{self.game.names[seat]}. "
        brief = self.narrator.brief
        if brief and view.drawn_card is not None:  # the hand was told a line ago
            line = f"{who}{brief_top_words(view)}"
        elif brief:
            line = f"{who}{brief_top_words(view)} {brief_hand_words(view.hand)}"
        else:
            line = f"{who}{top_words(view)} {hand_words(view)}"
        close = low_counts_words(view)
        if close:
            line += f" {close}"
        if any(d.kind is DecisionKind.PASS for d in view.decisions) and view.teammate is not None:
            mate = self.game.names[view.teammate]
            line += (
                f" Pass to {mate}." if brief else f" Choose a card to pass to {mate}, in secret."
            )
        elif view.phase is Phase.TURN and view.current_player == seat:
            following = next_player(view)
            if brief:
                line += (
                    " Next you." if following == seat else f" Next {self.game.names[following]}."
                )
            else:
                after = "You play" if following == seat else f"{self.game.names[following]} plays"
                line += f" {after} next."
        if not self.still_deciding(decision)():
            return None
        self.note(line)
        if decision.kind in FLOW_ASKS:  # the flow's own question (``question_for``): it
            return None  # names the colour before the Wild Draw Four, as the app's does
        return await self.choose(seat, self.table.options_for(seat), self.still_deciding(decision))

    async def round_end(self) -> None:
        """The same pause after every hand, whoever deals: the scores stay until Enter (a
        person who deals deals with that Enter: there is nothing to choose). Bots alone play
        on: there is no one to press Enter."""
        if self.game.phase is Phase.MATCH_OVER:
            return
        seat = self.at_keyboard  # None in hot-seat before anyone took the keyboard
        upcoming = self.game.round_number + 1
        while self.table.people:
            answer = await self.ask_line(
                f"Hand {self.game.round_number} is over. Ready for hand {upcoming}? Enter: deal."
            )
            if answer is None:
                break
            if answer.lower() in QUIT_WORDS:
                raise QuitGame
            if answer and seat is not None and self.command(answer, seat, ""):
                continue
            break

    # Asking --------------------------------------------------------------------------------

    def still_deciding(self, decision: Decision) -> Callable[[], bool]:
        """Whether ``decision`` is still the one awaited (a joined seat: the host may have
        moved on, its turn timer's bot may have played for the person)."""
        return lambda: self.table.person_to_decide() == decision

    def still_answerable(self, seat: int, question: Question) -> Callable[[], bool]:
        """Whether every answer of ``question`` may still be given by ``seat``."""
        actions = [a for choice in question.choices for a in choice.actions]

        def still() -> bool:
            now = self.flow.actions_of(seat)
            return all(action in now for action in actions)

        return still

    async def pass_keyboard_to(self, seat: int) -> None:
        """In hot-seat, the curtain before a person's private lines, whenever the flow raises
        it (after a hand's end even for the person who played last, as in the app): what the
        last person's turn printed is cleared from a terminal (screen and scrollback) first."""
        self.tell_news()
        cleared = self.at_keyboard is not None  # before the first person, nothing private
        if cleared:
            self.clear_screen()
            self.caught_up[self.at_keyboard] = self.heard[self.at_keyboard].count
        answer = await self.ask_line(curtain_line(self.game.names[seat]))
        if answer is not None and answer.lower() in QUIT_WORDS:
            raise QuitGame
        self.at_keyboard = seat
        missed = self.heard[seat].since(self.caught_up.get(seat, 0)) if cleared else []
        if missed:  # what the cleared screen held, in this person's own words
            self.say(f"Since your last turn: {' '.join(missed)}")

    def note(self, line: str) -> None:
        """A summary at the start of a turn: printed, not kept for ``repeat`` (which says the
        last thing that happened)."""
        self.say(line)

    async def choose(
        self, seat: int, decisions: list[Decision], still: Callable[[], bool]
    ) -> Action | None:
        """A numbered list: one line per card (a Wild's colour and a target asked after);
        drawing is ``d`` and keeping a drawn card ``k`` every turn. ``None`` when the turn
        passed before its answer (``still``)."""
        whose = "Your move?" if self.solo is not None else f"{self.game.names[seat]}, your move?"
        while True:
            moves = list_moves(decisions, self.game.names)
            keys = choice_keys(moves)
            if self.may_arm_uno(seat, decisions):
                moves, keys = [*moves, CALL_UNO], [*keys, "u"]
            listing = keyed_words(keys, [m.label for m in moves])
            question = f"{whose} {listing}"
            if self.narrator.brief:  # "Play? 1: Red 2, 2: Wild, d: draw."
                verb, labels = brief_labels([m.label for m in moves])
                who = "" if self.solo is not None else f"{self.game.names[seat]}, "
                question = f"{who}{verb.lower() if who else verb}? {keyed_words(keys, labels)}"
            choices = list(zip(keys, moves, strict=True))
            move = await self.pick(seat, question, choices, listing, still)
            if move is None:
                return None
            if move is not CALL_UNO:
                return await self.refine(seat, move, still)
            self.flow.uno_armed = True
            self.say(UNO_ARMED)

    def may_arm_uno(self, seat: int, decisions: Sequence[Decision]) -> bool:
        """Two cards on ``seat``'s turn, one of them playable, UNO not asked for yet."""
        if self.flow.uno_armed or len(self.game.view(seat).hand) != 2:
            return False
        return any(
            d.kind is DecisionKind.TURN and any(isinstance(a, PlayCard) for a in d.actions)
            for d in decisions
        )

    async def refine(self, seat: int, move: Move, still: Callable[[], bool]) -> Action | None:
        """Ask the player (Wild Swap Hands), then the colour, for a card that needs them: the
        colour is named for the hand the player will hold."""
        while len(move.actions) > 1:
            if len(move.colors) > 1 and len(move.targets) <= 1:
                colors = move.colors
                listing = ", ".join(f"{i}: {c.word}" for i, c in enumerate(colors, 1))
                ask = "Colour?" if self.narrator.brief else "Which colour?"
                color = await self.pick(seat, f"{ask} {listing}.", numbered(colors), "", still)
                if color is None:
                    return None
                move = Move(
                    move.label,
                    tuple(a for a in move.actions if isinstance(a, PlayCard) and a.color is color),
                )
                continue
            targets = move.targets
            counts = self.game.view(seat).hand_counts
            names = ", ".join(
                f"{i}: {self.game.names[t]} ({plural(counts[t], 'card')})"
                for i, t in enumerate(targets, 1)
            )
            target = await self.pick(seat, f"With whom? {names}.", numbered(targets), "", still)
            if target is None:
                return None
            move = Move(
                move.label,
                tuple(a for a in move.actions if isinstance(a, PlayCard) and a.target == target),
            )
        return move.actions[0]

    async def pick(
        self,
        seat: int,
        prompt: str,
        choices: Sequence[tuple[str, T]],
        moves: str,
        still: Callable[[], bool],
    ) -> T | None:
        """Ask ``prompt`` until the answer is the key of one of ``choices`` (``None``: the
        question passed first)."""
        keys = dict(choices)
        while True:
            answer = await self.ask_line(prompt, still)
            if answer is None:
                return None
            if answer.lower() in keys:
                return keys[answer.lower()]
            if not answer or self.command(answer, seat, moves):
                continue
            number = choice_number(answer, len(choices))
            if number is not None and str(number) in keys:  # "07" is 7
                return keys[str(number)]
            self.say(f"Not a choice: {answer[:40]!r}. Type {key_range(list(keys))}.")

    def command(self, answer: str, seat: int, moves: str) -> bool:
        """Review commands that take no turn. True if ``answer`` was one."""
        word = answer.lower()
        view = self.game.view(seat)
        history = self.heard[seat]
        if word in QUIT_WORDS:
            raise QuitGame
        if self.common_command(answer) or (self.commands is not None and self.commands(answer)):
            return True
        if word in ("hand", "h"):
            self.say(hand_words(view))
        elif word in ("top", "t"):
            self.say(top_words(view))
        elif word in ("counts", "c"):
            self.say(counts_words(view))
        elif word in ("table", "players"):
            self.say(f"{self.table_line(seat)} {counts_words(view)}")
        elif word == "scores":
            self.say(scores_line(view))
        elif word == "moves":
            self.say(f"Your moves: {moves}" if moves else "Answer the question above.")
        elif word in ("repeat", "r"):
            self.say(history.last())
        elif word == "log":
            for line in history.recent(LOG_LINES):
                self.say(line)
        elif word == "catch":
            self.catch(seat)
        elif word in ("stats", "statistics"):
            path = getattr(self.table.autosave, "path", None)  # kept beside it (Session.keep)
            kept = matches_dir(path.parent) if isinstance(path, Path) else matches_dir()
            for line in spoken_stats(kept, self.game.names[seat]):
                self.say(line)
        elif word in ("d", "draw"):
            self.say("Drawing is not a choice now.")
        else:
            return False
        return True

    def common_command(self, answer: str) -> bool:
        """``say TEXT`` and ``help``, for anyone at any moment: True if ``answer`` was one."""
        word = answer.lower()
        if word == "say" or word.startswith("say "):
            refused = self.table.send_chat(answer[4:])
            if refused is not None:
                self.say(f"Not said: {refused}.")
            return True
        if word in ("help", "?"):
            special = special_cards_words(self.game.rules)
            for passage in (*HELP, self.commands_help, special):
                if passage:
                    self.say(passage)
            return True
        return False

    def catch(self, seat: int) -> None:
        """``catch`` at any question: the first player ``seat`` may catch without UNO."""
        catches = [a for a in self.flow.actions_of(seat) if isinstance(a, CatchUno)]
        if not catches:
            self.say(NOBODY_TO_CATCH)
            return
        with contextlib.suppress(IllegalActionError):  # the moment passed as they typed
            self.flow.act(catches[0])
        self.tell_news()


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


def number_range(count: int) -> str:
    """ "1 or 2", "a number from 1 to 4" """
    return "1 or 2" if count == 2 else "1" if count == 1 else f"a number from 1 to {count}"


def numbered(values: Sequence[T]) -> list[tuple[str, T]]:
    return [(str(number), value) for number, value in enumerate(values, 1)]


def key_range(keys: Sequence[str]) -> str:
    """ "a number from 1 to 3, or d" """
    numbers = [int(key) for key in keys if key.isdecimal()]
    letters = [key for key in keys if not key.isdecimal()]
    parts = []
    if numbers:
        parts.append(f"a number from 1 to {max(numbers)}" if len(numbers) > 1 else "1")
    parts += letters
    return " or ".join(parts)
