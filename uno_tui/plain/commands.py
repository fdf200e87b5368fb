"""The line mode's typed commands, which use no turn: the reviews (``hand``, ``top``,
``counts``, ``table``, ``scores``, ``moves``, ``repeat``, ``log``, ``stats``), ``catch``,
``say TEXT``, ``help`` and ``quit``, at any question or between questions, and the caller's own
(the host's seat: ``bot NAME``, ``start``)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from uno_tui.engine import CatchUno, IllegalActionError
from uno_tui.match.flow import MatchFlow
from uno_tui.narration import (
    NOBODY_TO_CATCH,
    counts_words,
    hand_words,
    scores_line,
    special_cards_words,
    top_words,
)
from uno_tui.store.archive import matches_dir
from uno_tui.store.stats import spoken_stats

from .keys import PASSED, QUIT_WORDS, QuitGame
from .news import NewsTeller

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
LOG_LINES = 8
"""How many lines ``log`` says again."""

Commands = Callable[[str], bool]
"""More commands for the line mode (the host's own seat: ``bot NAME``, ``start``): True when
the line was one of them, answered."""


class Reviews:
    """Answers the commands typed instead of an answer (or between questions)."""

    def __init__(
        self, flow: MatchFlow, news: NewsTeller, commands: Commands | None, commands_help: str
    ) -> None:
        """``commands``: more commands, said in ``help`` by ``commands_help``."""
        self.flow = flow
        self.table = flow.session
        self.game = flow.session.game
        self.news = news
        self.commands = commands
        self.commands_help = commands_help

    def say(self, line: str) -> None:
        self.news.say(line)

    def command(self, answer: str, seat: int, moves: str) -> bool:
        """Review commands that take no turn, for ``seat`` (``moves``: its choices now, in
        words). True if ``answer`` was one; ``quit`` raises ``QuitGame``."""
        word = answer.lower()
        view = self.game.view(seat)
        history = self.news.heard[seat]
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
            timed = f" {self.news.timed}" if self.news.timed else ""
            self.say(f"{self.news.table_line(seat)}{timed} {counts_words(view)}")
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
            for passage in (*HELP, self.commands_help, special, self.news.timed):
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
        self.news.tell_news()

    def between(self, line: str, seat: int | None, *, stale: bool) -> bool:
        """A line typed while no question is open (``seat``: the person at the keyboard, if
        any): True once answered (a command, or an answer to a question that has passed,
        ``stale``); False to keep it for the next question. ``quit`` raises ``QuitGame``."""
        if self.commands is not None and line and self.commands(line):
            return True
        if line.lower() in QUIT_WORDS:
            raise QuitGame
        if self.common_command(line):
            return True
        if seat is not None and line and self.command(line, seat, ""):
            return True
        if stale:
            self.say(f"{PASSED}.")
            return True
        return False
