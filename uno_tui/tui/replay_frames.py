"""A finished match as frames to watch on the table: the match is a record (rules, seed,
actions), so playing its actions back one by one rebuilds the table as it stood after each.

Pure: no Textual. Each frame holds the table everyone saw (``Game.view(None)``), every hand
(shown only when the person watching asks for them) and the lines told of that move, as
``uno-tui replay`` tells them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

from uno_tui.engine import Card, Game, IllegalActionError, MatchRecord, PublicView, RecordError
from uno_tui.narration import Narrator


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after ``moves`` actions, and what was told of the last of them."""

    moves: int
    view: PublicView
    hands: tuple[tuple[Card, ...], ...]
    lines: tuple[str, ...]


class Frames(Sequence[Frame]):
    """Every frame of a record, the deal first, played back as far as one is asked for (a
    long match opens at once; a step back reads a frame already made). A move that is not
    legal raises ``RecordError`` naming it, when the replay reaches it."""

    def __init__(self, record: MatchRecord, said: Sequence[tuple[int, str]] = ()) -> None:
        self.record = record
        self.game = Game.from_record(record, 0)
        self.narrator = Narrator(self.game.names, team_scores=self.game.rules.team_game)
        self.chat = sorted(said, key=lambda line: line[0])
        first = [*self.narrator.narrate_events(self.game.log, None)]
        first += [words for moves, words in self.chat if moves <= 0]
        self.made = [Frame(0, self.game.view(None), hands_of(self.game), tuple(first))]

    def __len__(self) -> int:
        return len(self.record.actions) + 1

    @overload
    def __getitem__(self, index: int) -> Frame: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Frame]: ...

    def __getitem__(self, index: int | slice) -> Frame | Sequence[Frame]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        while len(self.made) <= index:
            self.made.append(self.next_frame(len(self.made)))
        return self.made[index]

    def next_frame(self, number: int) -> Frame:
        game = self.game
        try:
            events = game.apply(self.record.actions[number - 1])
        except IllegalActionError as error:
            raise RecordError(f"move {number} is not legal in this match: {error}") from None
        lines = [f"{number}. {line}" for line in self.narrator.narrate_events(events, None)]
        lines += [f"{number}. {words}" for moves, words in self.chat if moves == number]
        return Frame(number, game.view(None), hands_of(game), tuple(lines))


def frames_of(record: MatchRecord, said: Sequence[tuple[int, str]] = ()) -> Frames:
    """The frames of ``record``; ``said``: what was said at the table, each after the
    number of moves made when it was said."""
    return Frames(record, said)


def hands_of(game: Game) -> tuple[tuple[Card, ...], ...]:
    return tuple(game.view(seat).hand for seat in range(len(game.names)))


def person_seat(bots: Sequence[str | None] | None) -> int | None:
    """The one person's seat at a table of one person and bots (their hand was on their
    screen all along, so the replay shows it); ``None`` with several people (hot-seat: only
    what everyone saw) or when the seats are not known."""
    if bots is None:
        return None
    people = [seat for seat, level in enumerate(bots) if level is None]
    return people[0] if len(people) == 1 else None
