"""The line mode's news: what the match flow took in (a bot's move, a hand's end), told as each
person may know it and kept in each person's own log, and what the table says besides (a
host's notice, chat, the connection's state). No questions here: ``asking`` says them."""

from __future__ import annotations

from collections.abc import Sequence

from uno_tui.engine.events import Event, HandScored, HandsPassed, HandsSwapped, RoundEnded
from uno_tui.match.flow import MatchFlow
from uno_tui.match.table import Table
from uno_tui.narration import History, Narrator, hand_words, table_words, told_timers
from uno_tui.narration.sounds import Sounds

from .output import Printer


class NewsTeller:
    """Tells the flow's batches of events and the table's lines, each once."""

    def __init__(
        self, flow: MatchFlow, narrator: Narrator, printer: Printer, sounds: Sounds
    ) -> None:
        self.flow = flow
        self.table: Table = flow.session
        self.game = flow.session.game
        self.narrator = narrator
        self.printer = printer
        self.sounds = sounds
        """``--sounds``: a bell (or a sound icon) as a big moment is told."""
        self.solo = flow.solo
        self.heard: dict[int | None, History] = {
            seat: History() for seat in (None, *self.table.people)
        }
        """Every person's log, in their own words (``log``, ``repeat``, the curtain's catch-up)."""
        self.told = 0
        """How many of the flow's batches of events have been told."""
        self.said_status: str | None = None
        """The connection's state as last said (``None``: connected, or a table in this
        process)."""
        self.timed: str | None = None
        """What the table told of its turn timers ("Turns are timed: ..."), if it did."""

    def say(self, line: str) -> None:
        self.printer.say(line)

    # The flow's events ---------------------------------------------------------------------

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

    def hands_changed(self) -> bool:
        """Whether the news not told yet moved hands (a swap, a pass of every hand)."""
        return any(
            isinstance(e, HandsSwapped | HandsPassed)
            for batch in self.flow.batches[self.told :]
            for e in batch.events
        )

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

    # What the table says besides -------------------------------------------------------------

    def tell_table_line(self, line: str) -> None:
        """Say a line from the table; its turn timers, when it tells them, are kept for
        ``table`` and ``help``."""
        self.timed = told_timers(line) or self.timed
        self.say(line)

    def before_question(self) -> None:
        """What comes before a question: the news about it, the table's lines, and the
        connection's state while it is down (said before every question until it is back)."""
        self.tell_news()
        for line in self.table.take_lines():  # a host's notice, what was said at the table
            self.tell_table_line(line)
        status = self.said_status = self.table.status()
        if status is not None:
            self.say(f"{status}.")

    def hear(self) -> bool:
        """The table's notices not said yet (a host's notice, chat, the connection's state):
        True if any was said."""
        said = False
        for line in self.table.take_lines():  # a host's notice, what was said at the table
            self.tell_table_line(line)
            said = True
        status, was = self.table.status(), self.said_status
        self.said_status = status
        if status is not None and was is None and not said:  # gone down ("Connection lost"
            self.say(f"{status}.")  # says so itself); each try is said at the next question
            said = True
        return said

    def table_line(self, listener: int | None) -> str:
        """Who sits where, the bots, the teams, the target."""
        bots = [seat.bot_level for seat in self.table.seats]
        return table_words(self.game.names, self.game.rules, bots, listener)
