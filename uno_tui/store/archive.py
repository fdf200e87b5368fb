"""Every finished match kept: ``matches/`` in the data directory, one match record a file.

A match is kept when it ends, and an unfinished one when a new match replaces its autosave (the
person left it with Q and then started another). Each file is a plain match record (the format
``uno-tui replay FILE`` reads), named by date, time and players:
``2026-11-30_21-41-07_You-Ada-Bo-Cy.json``. ``uno-tui history`` lists them, oldest first,
numbered; ``uno-tui replay N`` and ``uno-tui replay --last`` tell one.
"""

from __future__ import annotations

import contextlib
import json
import re
import textwrap
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from uno_tui.engine import Game, IllegalActionError, MatchRecord, Phase, RecordError
from uno_tui.engine.events import MatchEnded
from uno_tui.narration import Narrator
from uno_tui.narration.narrator import scores_words
from uno_tui.program import command_name
from uno_tui.store.files import MAX_SAVE_BYTES, FileRefused, data_dir, read_limited, write_atomic
from uno_tui.store.match_facts import cache_kept, date_of, facts_of_game

MATCHES = "matches"
"""The folder of kept matches, beside the autosave."""
NAME_PART = re.compile(r"[^A-Za-z0-9]+")


class ArchiveError(Exception):
    """No such kept match. ``str(error)`` is one line for a person."""


def matches_dir(data: Path | None = None) -> Path:
    """``matches/`` in ``data`` (by default uno-tui's data directory)."""
    return (data_dir() if data is None else data) / MATCHES


def file_name(game: Game, when: float | None = None) -> str:
    """``2026-11-30_21-41-07_You-Ada-Bo-Cy.json``: the date, the time and who played (names
    reduced to letters and digits, so any name makes a safe file name)."""
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S", time.localtime(when))
    players = "-".join(NAME_PART.sub("", name)[:12] or "x" for name in game.names)
    return f"{stamp}_{players[:100]}.json"


def keep_match(
    game: Game, directory: Path, bots: Sequence[str | None] | None = None
) -> Path | None:
    """Write ``game``'s record into ``directory``; the same record kept already is not kept
    twice. Returns where it is, or ``None`` if the disk refused (the game goes on: keeping a
    match is never worth stopping one). ``bots``: each seat's bot level (``None`` for a
    person), kept beside the record as ``"seats"`` (the autosave's shape) for ``uno-tui
    stats``; a record reader ignores it.

    The match's facts go into the stats cache beside it (``match_facts``) once it is kept,
    read from ``game`` as it stands (nothing is played back); that step never raises and
    waits a short while at most for another process's change of the cache."""
    if not game.actions:
        return None  # nothing was played: nothing to replay
    text = kept_text(MatchRecord.of(game), bots)
    name = file_name(game)
    path = _existing(directory, name, text)
    if path is None:
        path = _write_new(directory, name, text)
    if path is not None:
        _cache_facts(game, path, bots)
    return path


def _existing(directory: Path, name: str, text: str) -> Path | None:
    """The same record kept already, if it is."""
    with contextlib.suppress(OSError):
        for kept in directory.glob(f"*{name.partition('_')[2].partition('_')[2]}"):
            if kept.read_text(encoding="utf-8") == text:
                return kept
    return None


def _write_new(directory: Path, name: str, text: str) -> Path | None:
    for attempt in range(1, 100):
        path = directory / (name if attempt == 1 else name.replace(".json", f"-{attempt}.json"))
        if path.exists():
            continue
        try:
            write_atomic(path, text)
        except OSError:
            return None
        return path
    return None


def _cache_facts(game: Game, path: Path, bots: Sequence[str | None] | None) -> None:
    """What ``uno-tui stats`` would read of the file at ``path``, from ``game`` at hand."""
    try:
        kept_bots = None if bots is None or len(bots) != len(game.names) else bots
        cache_kept(path, facts_of_game(game, path.name, date_of(path), kept_bots))
    except Exception:
        return


def kept_text(record: MatchRecord, bots: Sequence[str | None] | None) -> str:
    """The kept file: the match record, with ``"seats"`` (names and bot levels) before its
    actions when they are known."""
    if bots is None or len(bots) != len(record.players):
        return record.to_json()
    data = record.to_dict()
    actions = data.pop("actions")
    data["seats"] = [{"name": n, "bot": b} for n, b in zip(record.players, bots, strict=True)]
    data["actions"] = actions
    return json.dumps(data, indent=1)


def kept_matches(directory: Path) -> list[Path]:
    """The kept matches, oldest first (their names start with the date)."""
    try:
        return sorted(path for path in directory.glob("*.json") if path.is_file())
    except OSError:
        return []


def find_match(directory: Path, number: int | None) -> Path:
    """The ``number``-th kept match as ``history`` lists it (the last one if ``None``)."""
    kept = kept_matches(directory)
    if not kept:
        raise ArchiveError(f"no match has been kept yet (looked in {directory})")
    if number is None:
        return kept[-1]
    if not 1 <= number <= len(kept):
        raise ArchiveError(f"no kept match number {number}: history lists 1 to {len(kept)}")
    return kept[number - 1]


def winner_names(game: Game, winners: Sequence[int]) -> list[str]:
    """The names of a match's winners (seats; in Teams both partners)."""
    return [game.names[seat] for seat in winners]


@dataclass(frozen=True)
class KeptMatch:
    """One line of ``uno-tui history``."""

    number: int
    date: str
    rules: str
    players: str
    winner: str
    scores: str


def summary(number: int, path: Path) -> KeptMatch:
    """What ``history`` says of the match in ``path``: a record that cannot be read is said
    to be so, in its line, and the others are listed all the same."""
    day, _, rest = path.stem.partition("_")
    date = f"{day} {rest.partition('_')[0].replace('-', ':')}"
    try:  # a file dropped in matches/ is read as carefully as any record from outside
        record = MatchRecord.from_json(read_limited(path, MAX_SAVE_BYTES).decode("utf-8"))
        game = Game.from_record(record)
    except (RecordError, OSError, ValueError, FileRefused) as error:
        return KeptMatch(number, date, "?", path.name, "unreadable", str(error)[:60])
    ended = next((e for e in reversed(game.log) if isinstance(e, MatchEnded)), None)
    if ended is None or game.phase is not Phase.MATCH_OVER:
        winner = "(left unfinished)"
    else:
        winner = " and ".join(winner_names(game, ended.winners))
    scores = scores_words(game.names, game.scores, team_scores=game.rules.team_game)
    return KeptMatch(number, date, game.rules.rule_set.value, ", ".join(game.names), winner, scores)


HISTORY_WIDTH = 79
"""``history`` fits 80 columns: a match's line, then its players and scores wrapped under it."""


def history_lines(directory: Path) -> list[str]:
    """``uno-tui history``: every kept match, oldest first, numbered for ``replay N``."""
    kept = [summary(number, path) for number, path in enumerate(kept_matches(directory), 1)]
    if not kept:
        return [f"No match has been kept yet (they are kept in {directory})."]
    lines = [f"{'#':>3}  {'date':<19}  {'rules':<10}  winner", f"{'':5}players: final scores"]
    for match in kept:
        lines.append(f"{match.number:>3}  {match.date:<19}  {match.rules:<10}  {match.winner}")
        lines += textwrap.wrap(
            f"{match.players}: {match.scores}",
            HISTORY_WIDTH,
            initial_indent=" " * 5,
            subsequent_indent=" " * 7,
        )
    lines.append(f"{command_name()} replay N shows match N again; --last the last one.")
    return lines


def tell(record: MatchRecord, said: Sequence[tuple[int, str]] = ()) -> Iterator[str]:
    """The match move by move, as an onlooker would have heard it (``RecordError`` naming
    the move if one is not legal); ``said``: what was said at the table, each after the
    number of moves made when it was said ("12. Ann says: good game")."""
    game = Game.from_record(record, 0)
    narrator = Narrator(game.names, team_scores=game.rules.team_game)
    yield from narrator.narrate_events(game.log, None)
    chat = sorted(said, key=lambda line: line[0])
    yield from (words for moves, words in chat if moves <= 0)
    for number, action in enumerate(record.actions, start=1):
        try:
            events = game.apply(action)
        except IllegalActionError as error:
            raise RecordError(f"move {number} is not legal in this match: {error}") from None
        for line in narrator.narrate_events(events, None):
            yield f"{number}. {line}"
        yield from (f"{number}. {words}" for moves, words in chat if moves == number)
    yield from (words for moves, words in chat if moves > len(record.actions))
