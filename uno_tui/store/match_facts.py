"""What a kept match says for ``uno-tui stats``, and the cache of it beside the kept matches.

A kept match is a match record, so its results are known only by playing it back: who went out
each round, for how many points, and who won the match. ``MatchFacts`` is all the figures need
of one match. They are kept in ``matches/.stats-cache`` (not a ``.json`` file, so ``history``
never lists it) under the file's name, size and modification time:

- when a match is kept (``archive.keep_match``), its facts are read from the finished game at
  hand (``facts_of_game``: nothing is played back) and appended, one JSON line, to the cache's
  journal ``.stats-cache.new`` (``cache_kept``): a few milliseconds however long the history,
  where reading and writing a cache of 10,000 matches whole took a quarter of a second;
- ``stats.read_kept`` takes the cache and its journal, plays back only a match that is new or
  changed, and writes the cache whole (``update_cache``), the journal folded in and removed.

Both happen under an advisory lock beside the cache (``.stats-cache.lock``, taken for the
moment of the change, waited for a short while at most): the journal is read, written and
removed only under it, and the cache is read again under it before it is written whole
(``files.write_atomic``), so two processes keeping and reading at once (the hot-seat app and
a host) never lose each other's entries nor leave half a file. The cache is only ever a copy:
one that cannot be read is rebuilt, a journal line cut short is passed over, an entry that
does not hold together is read again from its match, and a change that cannot be made (no
lock in time, a full disk) is left for the next reading to make.

Imports the engine, the bot level names and ``files`` only: ``archive`` and ``stats`` both
import it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from uno_tui.engine import Game, MatchRecord
from uno_tui.engine.events import MatchEnded, RoundEnded
from uno_tui.engine.names import check_names
from uno_tui.seats import BOT_LEVELS
from uno_tui.store.files import FileRefused, parse_json, read_limited, write_atomic

CACHE_NAME = ".stats-cache"
CACHE_FORMAT = "uno-tui stats cache"
CACHE_VERSION = 2
"""Raised whenever what is kept of a match changes, so an old cache is rebuilt."""
MAX_CACHE_BYTES = 256 * 1024 * 1024
LOCK_WAIT = 2.0
"""The longest a change of the cache waits for another process's change to end (seconds):
a change takes milliseconds; past this the change is left for the next reading."""
STAMP = re.compile(r"^(\d{4}-\d{2}-\d{2})_(\d{2})-(\d{2})-(\d{2})")
KEEP_WAIT = 0.5
"""The longest keeping a match waits for the cache's lock: past it the entry is left out."""
JOURNAL_SUFFIX = ".new"
"""``.stats-cache.new``: the entries added since the cache was last written, a JSON line
each (``[version, file name, entry]``), appended when a match is kept."""
LEVEL_NAMES: tuple[str, ...] = BOT_LEVELS


def mask_of(seats: Iterable[int]) -> int:
    """Seats as a bit mask (seat s is bit s): a side and a round's winners meet in one ``&``."""
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def seats_of(mask: int) -> tuple[int, ...]:
    return tuple(seat for seat in range(mask.bit_length()) if mask >> seat & 1)


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """What a kept match says once played back, all that the figures need. Seats are bit
    masks (``mask_of``): a long history is summed in a few operations a round (a round is one
    hand dealt and played out)."""

    source: str
    """The file's name."""
    date: str
    """``2026-11-30 21:41:07``: from the kept file's name, else its modification time."""
    rules: str
    names: tuple[str, ...]
    bots: tuple[str | None, ...] | None
    """Each seat's bot level (``None`` a person), or ``None`` if the file does not say."""
    team_game: bool
    finished: bool
    winners: int
    """The seats that won the match (in Teams, both partners); 0 if unfinished."""
    round_winners: tuple[int, ...]
    """Each round, the seats that went out (in Teams, both members of the team)."""
    round_points: tuple[int, ...]
    """Each round, the points it scored."""

    def team_mask(self, seat: int) -> int:
        """``seat`` and, in Teams, their partner ("Teammates sit across from each other")."""
        if not self.team_game:
            return 1 << seat
        half = len(self.names) // 2
        return mask_of((seat % half, seat % half + half))

    def to_list(self) -> list[Any]:
        """The cache's compact form (``from_list`` reads it back)."""
        return [
            self.date,
            self.rules,
            list(self.names),
            None if self.bots is None else list(self.bots),
            self.team_game,
            self.finished,
            self.winners,
            list(self.round_winners),
            list(self.round_points),
        ]

    @classmethod
    def from_list(cls, source: str, data: Any) -> MatchFacts:
        """Facts from the cache, checked to hold together (``ValueError`` if they do not):
        the cache is only a copy, and a copy someone may have edited."""
        if not isinstance(data, list) or len(data) != 9:
            raise ValueError("not the facts of a match")
        date, rules, names, bots, team_game, finished, winners, masks, points = data
        if not (isinstance(date, str) and isinstance(rules, str) and isinstance(names, list)):
            raise ValueError("date, rules or names")
        names = _checked_names(tuple(names))
        everyone = (1 << len(names)) - 1
        if bots is not None:
            if not isinstance(bots, list) or len(bots) != len(names):
                raise ValueError("bots")
            if not all(bot is None or bot in LEVEL_NAMES for bot in bots):
                raise ValueError("not a bot level")
            bots = tuple(bots)
        if type(team_game) is not bool or type(finished) is not bool:
            raise ValueError("team game or finished")
        if type(winners) is not int or not 0 <= winners <= everyone:
            raise ValueError("winners")
        if not isinstance(masks, list) or not isinstance(points, list):
            raise ValueError("rounds")
        if len(masks) != len(points) or not all(
            type(m) is int and 0 < m <= everyone for m in masks
        ):
            raise ValueError("round winners")
        if not all(type(p) is int and p >= 0 for p in points):
            raise ValueError("round points")
        return cls(
            source,
            date,
            rules,
            names,
            bots,
            team_game,
            finished,
            winners,
            tuple(masks),
            tuple(points),
        )


@lru_cache(maxsize=4096)
def _checked_names(names: tuple[Any, ...]) -> tuple[str, ...]:
    """The table rule (``BadNameError``, a ``ValueError``), once for each table seen."""
    if not all(isinstance(name, str) for name in names):
        raise ValueError("not names")
    return check_names(names)


def facts_of_game(
    game: Game, source: str, date: str, bots: Sequence[str | None] | None
) -> MatchFacts:
    """The facts of ``game`` as it stands, from its log (the round ends and the match's
    end): a game at hand, or one just played back."""
    rounds: list[RoundEnded] = []
    ended: MatchEnded | None = None
    for event in game.log:
        if isinstance(event, RoundEnded):
            rounds.append(event)
        elif isinstance(event, MatchEnded):
            ended = event
    return MatchFacts(
        source=source,
        date=date,
        rules=game.rules.rule_set.value,
        names=tuple(game.names),
        bots=None if bots is None else tuple(bots),
        team_game=game.rules.team_game,
        finished=ended is not None,
        winners=0 if ended is None else mask_of(ended.winners),
        round_winners=tuple(mask_of(e.winners) for e in rounds),
        round_points=tuple(e.points for e in rounds),
    )


def facts_of(
    record: MatchRecord, source: str, date: str, bots: Sequence[str | None] | None
) -> MatchFacts:
    """Play ``record`` back and note what the figures need (``RecordError`` if it does not
    play back)."""
    return facts_of_game(Game.from_record(record), source, date, bots)


def date_of_name(name: str) -> str | None:
    """``2026-11-30 21:41:07`` from a kept file's name (``None`` if it does not start so)."""
    found = STAMP.match(name)
    if found is None:
        return None
    day, hours, minutes, seconds = found.groups()
    return f"{day} {hours}:{minutes}:{seconds}"


def date_of(path: Path, mtime: float | None = None) -> str:
    """The kept file's date and time from its name, else from when it was last changed."""
    found = date_of_name(path.name)
    if found is not None:
        return found
    if mtime is None:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            mtime = 0.0
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(mtime))


# The cache -------------------------------------------------------------------------------


def cache_key(status: os.stat_result) -> list[int]:
    """What says the cached entry is for this very file: its size and modification time."""
    return [status.st_size, status.st_mtime_ns]


def load_cache(path: Path) -> dict[str, Any]:
    """The cache's entries by file name, with the entries added since it was last written
    (its journal) over them; ``{}`` if it cannot be read (it is rebuilt)."""
    entries = _load_whole(path)
    entries.update(_load_journal(_journal(path)))
    return entries


def _load_whole(path: Path) -> dict[str, Any]:
    try:
        data = parse_json(read_limited(path, MAX_CACHE_BYTES).decode("utf-8"))
    except (OSError, FileRefused, ValueError):  # UnicodeDecodeError is a ValueError
        return {}
    if (
        not isinstance(data, dict)
        or data.get("format") != CACHE_FORMAT
        or data.get("version") != CACHE_VERSION
        or not isinstance(data.get("matches"), dict)
    ):
        return {}
    matches: dict[str, Any] = data["matches"]
    return matches


def _journal(path: Path) -> Path:
    return path.with_name(f"{path.name}{JOURNAL_SUFFIX}")


def _load_journal(path: Path) -> dict[str, Any]:
    """The journal's entries, later lines over earlier ones; a line that is not one (cut
    short by a crash, edited) is passed over: its match is played back instead."""
    try:
        text = read_limited(path, MAX_CACHE_BYTES).decode("utf-8", errors="replace")
    except (OSError, FileRefused):
        return {}
    entries: dict[str, Any] = {}
    for line in text.splitlines():
        try:
            item = parse_json(line)
        except ValueError:
            continue
        if (
            isinstance(item, list)
            and len(item) == 3
            and item[0] == CACHE_VERSION
            and isinstance(item[1], str)
        ):
            entries[item[1]] = item[2]
    return entries


def journal_waiting(directory: Path) -> bool:
    """Whether entries were added to the cache's journal since the cache was last written."""
    try:
        return _journal(directory / CACHE_NAME).stat().st_size > 0
    except OSError:
        return False


def _cache_text(matches: dict[str, Any]) -> str:
    return json.dumps(
        {"format": CACHE_FORMAT, "version": CACHE_VERSION, "matches": matches},
        separators=(",", ":"),
    )


@contextlib.contextmanager
def _cache_lock(path: Path, wait: float) -> Iterator[bool]:
    """Hold the advisory lock beside the cache (``True``), or say it could not be had within
    ``wait`` seconds (``False``). Where there are no such locks (Windows) or the lock file
    cannot be made, ``True``: the whole-file write still keeps the cache readable."""
    try:
        import fcntl
    except ImportError:
        yield True
        return
    try:
        handle = open(path.with_name(f"{path.name}.lock"), "a", encoding="utf-8")  # noqa: SIM115
    except OSError:
        yield True
        return
    with handle:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    yield False
                    return
                time.sleep(0.01)
        try:
            yield True
        finally:
            with contextlib.suppress(OSError):
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def update_cache(
    directory: Path,
    change: Callable[[dict[str, Any]], bool],
    *,
    wait: float | None = None,
) -> bool:
    """Change the cache of the kept matches in ``directory``: under its lock, the cache as it
    is now is read, ``change`` changes those entries in place (returning whether it changed
    any), and the cache is written whole. Whether the change was written; never raises for
    the disk (the cache is only a copy: the next reading makes what was not made)."""
    path = directory / CACHE_NAME
    try:
        with _cache_lock(path, LOCK_WAIT if wait is None else wait) as locked:
            if not locked:
                return False
            entries = load_cache(path)
            journal = _journal(path)
            if not change(entries) and not journal_waiting(directory):
                return True
            write_atomic(path, _cache_text(entries))
            with contextlib.suppress(FileNotFoundError):
                journal.unlink()  # folded into the cache, under the lock: no entry is lost
            return True
    except OSError:
        return False


def cache_kept(path: Path, facts: MatchFacts, *, wait: float | None = None) -> bool:
    """Add the facts of the match just kept at ``path`` to the cache beside it, under the
    file's key as it stands now: one line appended to the cache's journal, under the cache's
    lock (the next reading folds it into the cache). Cheap whatever the history's length (the
    cache is neither read nor written), and never raises: the match is kept whatever becomes
    of this."""
    try:
        entry = {"key": cache_key(path.stat()), "facts": facts.to_list()}
        line = json.dumps([CACHE_VERSION, path.name, entry], separators=(",", ":")) + "\n"
        cache = path.parent / CACHE_NAME
        with _cache_lock(cache, KEEP_WAIT if wait is None else wait) as locked:
            if not locked:
                return False
            fd = os.open(_journal(cache), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line.encode("utf-8"))
            finally:
                os.close(fd)
        return True
    except Exception:
        return False


__all__ = [
    "CACHE_NAME",
    "MatchFacts",
    "cache_kept",
    "cache_key",
    "date_of",
    "facts_of",
    "facts_of_game",
    "journal_waiting",
    "load_cache",
    "mask_of",
    "seats_of",
    "update_cache",
]
