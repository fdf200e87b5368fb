"""Play a match line by line: narrate events, ask each person's decisions as numbered lists.

Every question is one line: the question, its question mark, then its numbered choices or its
default ("Your move? 1: play Red 7, 2: draw a card.", "Target score? Enter: 500."), so a reader
(or a test) knows a question from a narration line, which never holds a question mark. The
answer is one line. Typed commands review the table without using the turn. In hot-seat,
before a person's private lines the curtain line "Pass to NAME, press Enter when ready." waits
for Enter. No rules here: the session and the engine decide; narration gives the words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO, TypeVar

from uno_tui.engine import Action, CallUno, Decision, PlayCard
from uno_tui.engine.events import Event
from uno_tui.narration import (
    History,
    Move,
    Narrator,
    Verbosity,
    counts_words,
    describe_action,
    hand_words,
    list_moves,
    moves_words,
    scores_line,
    top_words,
)
from uno_tui.narration.speech import Speaker
from uno_tui.session import Session
from uno_tui.text import shown

from .colour import colour_enabled, paint

__all__ = ["HELP", "PlainGame", "QuitGame", "choice_number", "describe_action"]

HELP = (
    "Type the number of a choice; Enter alone repeats the question. Commands that use no turn: "
    "hand (your cards by colour), top (top card and colour), counts (everyone's cards and whose "
    "turn), scores, moves (your choices), repeat (the last line again), log (the last lines), "
    "help, quit."
)
LOG_LINES = 8
T = TypeVar("T")


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


class PlainGame:
    """The match loop of ``uno-tui --plain`` (and the minimal game until the app exists)."""

    def __init__(
        self,
        session: Session,
        read: Callable[[], str],
        out: TextIO,
        *,
        speaker: Speaker | None = None,
        verbosity: Verbosity = "full",
        colour: bool | None = None,
    ) -> None:
        self.session = session
        self.game = session.game
        self.read = read
        self.out = out
        self.speaker = speaker
        self.colour = colour_enabled(out) if colour is None else colour
        self.narrator = Narrator(
            self.game.names, team_scores=self.game.rules.team_game, verbosity=verbosity
        )
        people = session.people
        self.solo = people[0] if len(people) == 1 else None
        self.at_keyboard: int | None = self.solo
        self.heard: dict[int | None, History] = {seat: History() for seat in (None, *people)}

    # Lines in and out ----------------------------------------------------------------------

    def say(self, line: str) -> None:
        if self.speaker is not None:
            self.speaker.say(line)  # first: "no speech on this machine" comes before the line
        line = shown(line)  # nothing from a name or a file may act on the terminal
        print(paint(line) if self.colour else line, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        self.say(prompt)
        try:
            line = self.read()
        except EOFError:
            raise QuitGame from None
        if self.speaker is not None:
            self.speaker.interrupt()  # the person answered: what was still being said is stale
        return line.strip()

    def tell(self, events: Sequence[Event], listener: int | None) -> None:
        """Print the events as ``listener`` may know them; every person's log gets their own
        version (so ``log`` in hot-seat never shows one person's cards to another)."""
        for seat, history in self.heard.items():
            if seat != listener:
                history.extend(self.narrator.narrate_events(events, seat))
        lines = self.narrator.narrate_events(events, listener)
        self.heard.setdefault(listener, History()).extend(lines)
        for line in lines:
            self.say(line)

    def tell_round_so_far(self) -> None:
        """The round's events up to now: printed as the table (or the one person) may know
        them, and kept for each person as they saw them."""
        for seat, history in self.heard.items():
            if seat != self.solo:
                history.extend(self.narrator.narrate_events(self.game.round_events(seat), seat))
        lines = self.narrator.narrate_events(self.game.round_events(self.solo), self.solo)
        self.heard[self.solo].extend(lines)
        for line in lines:
            self.say(line)

    def note(self, seat: int, line: str) -> None:
        """A review line at the start of a turn: printed, and kept for ``repeat``."""
        self.heard[seat].add(line)
        self.say(line)

    # The match -----------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match ends or the person quits; returns an exit code."""
        try:
            self.tell_round_so_far()
            self.offer_pending_uno_call()
            while not self.session.is_over:
                self.tell(self.session.run_bots(), self.solo)
                decision = self.session.person_to_decide()
                if decision is None:
                    continue
                self.take_turn(decision.player)
        except QuitGame:
            if self.speaker is not None:
                self.speaker.close()  # leaving: nothing more to say
                self.speaker = None
            self.say("Goodbye.")
            return 0
        if self.speaker is not None:
            self.speaker.wait_idle(timeout=10)  # let the last lines (who won) be heard
            self.speaker.close()
        return 0

    def pass_keyboard_to(self, seat: int) -> None:
        """In hot-seat, the curtain before a person's private lines."""
        if self.solo is None and self.at_keyboard != seat:
            answer = self.ask(f"Pass to {self.game.names[seat]}, press Enter when ready.")
            if answer.lower() in ("quit", "exit"):
                raise QuitGame
            self.at_keyboard = seat

    def take_turn(self, seat: int) -> None:
        self.pass_keyboard_to(seat)
        view = self.game.view(seat)
        who = "" if self.solo is not None else f"{self.game.names[seat]}. "
        self.note(seat, f"{who}{top_words(view)} {hand_words(view)}")
        action = self.choose(seat, self.session.options_for(seat))
        self.tell(self.session.apply(action), seat)
        self.offer_uno_call(seat)

    def offer_pending_uno_call(self) -> None:
        """A resumed match that stopped while a person was offered the UNO call after their
        play: they are offered it again first, as they would have been."""
        if not self.game.actions or self.session.is_over:
            return
        seat = self.game.actions[-1].player
        if seat not in self.session.people or self.solo not in (None, seat):
            return
        if any(
            isinstance(a, CallUno) and a.target == seat
            for d in self.session.options_for(seat)
            for a in d.actions
        ):
            self.pass_keyboard_to(seat)
            self.offer_uno_call(seat)

    def offer_uno_call(self, seat: int) -> None:
        """Right after a play leaves a person one card, the call comes before anyone else acts."""
        calls = [
            a
            for d in self.session.options_for(seat)
            for a in d.actions
            if isinstance(a, CallUno) and a.target == seat
        ]
        if not calls:
            return
        while True:
            answer = self.ask("One card left! Call UNO? 1: call UNO, 2: say nothing.")
            if self.command(answer, seat, []) or not answer:
                continue
            if answer in ("1", "2"):
                break
            self.say(f"Not a choice: {answer[:40]!r}. Type 1 or 2.")
        if answer == "1":
            self.tell(self.session.apply(calls[0]), seat)

    def choose(self, seat: int, decisions: list[Decision]) -> Action:
        """A numbered list: one line per card (a Wild's colour and a target asked after)."""
        moves = list_moves(decisions, self.game.names)
        whose = "Your move?" if self.solo is not None else f"{self.game.names[seat]}, your move?"
        move = self.pick(seat, f"{whose} {moves_words(moves)}", moves, [m.label for m in moves])
        return self.refine(seat, move)

    def refine(self, seat: int, move: Move) -> Action:
        """Ask the colour (and the player) for a card that needs them."""
        while len(move.actions) > 1:
            if len(move.colors) > 1:
                colours = move.colors
                listing = ", ".join(f"{i}: {c.word}" for i, c in enumerate(colours, 1))
                color = self.pick(seat, f"Which colour? {listing}.", colours, [])
                move = Move(
                    move.label,
                    tuple(a for a in move.actions if isinstance(a, PlayCard) and a.color is color),
                )
                continue
            targets = move.targets
            names = ", ".join(f"{i}: {self.game.names[t]}" for i, t in enumerate(targets, 1))
            target = self.pick(seat, f"With whom? {names}.", targets, [])
            move = Move(
                move.label,
                tuple(a for a in move.actions if isinstance(a, PlayCard) and a.target == target),
            )
        return move.actions[0]

    def pick(self, seat: int, prompt: str, choices: Sequence[T], moves: list[str]) -> T:
        """Ask ``prompt`` until the answer is the number of one of ``choices``."""
        while True:
            answer = self.ask(prompt)
            if not answer or self.command(answer, seat, moves):
                continue
            number = choice_number(answer, len(choices))
            if number is not None:
                return choices[number - 1]
            self.say(f"Not a choice: {answer[:40]!r}. Type a number from 1 to {len(choices)}.")

    def command(self, answer: str, seat: int, moves: list[str]) -> bool:
        """Review commands that take no turn. True if ``answer`` was one."""
        word = answer.lower()
        view = self.game.view(seat)
        history = self.heard[seat]
        if word in ("quit", "exit"):
            raise QuitGame
        if word in ("help", "?"):
            self.say(HELP)
        elif word == "hand":
            self.say(hand_words(view))
        elif word == "top":
            self.say(top_words(view))
        elif word == "counts":
            self.say(counts_words(view))
        elif word == "scores":
            self.say(scores_line(view))
        elif word == "moves":
            listing = ", ".join(f"{i}: {label}" for i, label in enumerate(moves, 1))
            self.say(f"Your moves: {listing}." if moves else "Answer the question above.")
        elif word == "repeat":
            self.say(history.last())
        elif word == "log":
            for line in history.recent(LOG_LINES):
                self.say(line)
        else:
            return False
        return True
