"""What the kept matches add up to: ``uno-tui stats``, and the app's stats screen.

Every kept match (``matches/``, see ``archive``) is a match record, so its results are known
only by playing it back: who went out each hand, for how many points, and who won the match.
That costs milliseconds a match, too slow for a long history, so the facts of each match
(``match_facts.MatchFacts``) are kept in ``matches/.stats-cache``: added when the match is
kept, from the game at hand, and here for a match that changed or is new (played back once).
The cache is only ever a copy: a cache that cannot be read is rebuilt, and an entry that does
not hold together is read again from its match.

In the code a "round" is one hand dealt and played out (the engine's ``RoundEnded``); what a
person reads says "hand", as the table does. The ``--json`` keys keep their names.

Figures are per person (names compare ignoring case, as at the table) and per bot level:
- a level counts once per match it sat in, and wins a match (or a round) when a seat of that
  level does;
- a person's record against a level counts the matches where that level sat at the table
  against them (in Teams, on the other team);
- matches are the finished ones; a match left unfinished counts its finished rounds and is
  counted apart (``unfinished``), and neither breaks nor extends a winning streak;
- a kept match from before seats were kept says nothing of who was a bot: its players are all
  counted as people, and the summary says how many such matches there were.

A kept match that cannot be read is skipped with one line naming it. No Textual here.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from uno_tui.engine import Game, MatchRecord, RecordError
from uno_tui.engine.events import RoundEnded
from uno_tui.intervals import wilson
from uno_tui.seats import BOT_LEVELS
from uno_tui.store.archive import kept_matches
from uno_tui.store.files import MAX_SAVE_BYTES, FileRefused, parse_json, read_limited
from uno_tui.store.match_facts import (
    CACHE_NAME,
    MatchFacts,
    cache_key,
    date_of,
    facts_of,
    journal_waiting,
    load_cache,
    mask_of,
    update_cache,
)

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
RECENT = 30
"""How many of a person's last matches the win-rate chart shows."""


class StatsUsageError(ValueError):
    """A bad ``--since`` or ``--player``: one line for a person."""


class Unreadable(Exception):
    """A kept match that cannot be read: ``str(error)`` is why, in one line."""


# One match -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundByRound:
    """A match's running totals after each round, for the app's chart."""

    labels: tuple[str, ...]
    """Who each column of totals belongs to: a player, or a team (``Ann & Cy``)."""
    totals: tuple[tuple[int, ...], ...]
    """After each round, the totals in the order of ``labels``."""


def round_by_round(path: Path) -> RoundByRound:
    """The totals of the kept match in ``path`` round by round (``Unreadable`` if it cannot
    be read). Played back again: only one match's, so the cache need not keep them."""
    record = _read_record(path)[0]
    try:
        game = Game.from_record(record)
    except RecordError as error:
        raise Unreadable(_one_line(str(error))) from None
    rounds = (e.scores for e in game.log if isinstance(e, RoundEnded))
    return round_by_round_of(game.names, game.rules.team_game, rounds)


def round_by_round_of(
    names: Sequence[str], team_game: bool, totals: Iterable[Sequence[int]]
) -> RoundByRound:
    """A match's totals round by round from its ``RoundEnded.scores`` (a match being shown,
    whose rounds are at hand: nothing to read)."""
    if team_game:
        half = len(names) // 2
        labels = tuple(f"{names[t]} & {names[t + half]}" for t in range(half))
    else:
        labels = tuple(names)
    return RoundByRound(labels, tuple(tuple(scores) for scores in totals))


def read_match(path: Path, mtime: float | None = None) -> MatchFacts:
    """The facts of the kept match (or record) in ``path``, read as carefully as any record
    from outside: ``Unreadable`` saying why in one line if it cannot be."""
    record, bots = _read_record(path)
    try:
        return facts_of(record, path.name, date_of(path, mtime), bots)
    except RecordError as error:
        raise Unreadable(_one_line(str(error))) from None


def _read_record(path: Path) -> tuple[MatchRecord, tuple[str | None, ...] | None]:
    """The record in ``path`` and the seats' bot levels kept beside it, if any."""
    try:
        text = read_limited(path, MAX_SAVE_BYTES).decode("utf-8")
        try:
            data = parse_json(text)
        except ValueError as error:
            raise Unreadable(_one_line(f"the record is not valid JSON: {error}")) from None
        record = MatchRecord.from_dict(data)
        return record, _kept_bots(data, record)
    except FileNotFoundError:
        raise Unreadable("there is no such file") from None
    except UnicodeDecodeError:
        raise Unreadable("the file is not text (not UTF-8)") from None
    except (RecordError, FileRefused, OSError) as error:
        raise Unreadable(_one_line(str(error))) from None


def _kept_bots(data: dict[str, Any], record: MatchRecord) -> tuple[str | None, ...] | None:
    """The seats' bot levels that ``archive.keep_match`` writes beside the record."""
    seats = data.get("seats")
    if seats is None:
        return None
    problem = RecordError("the kept match's seats do not match its players")
    if not isinstance(seats, list) or len(seats) != len(record.players):
        raise problem
    bots: list[str | None] = []
    for seat, name in zip(seats, record.players, strict=True):
        if not isinstance(seat, dict) or seat.get("name") != name:
            raise problem
        bot = seat.get("bot")
        if bot is not None and bot not in BOT_LEVELS:
            raise RecordError(f"the kept match names an unknown bot level {str(bot)[:20]!r}")
        bots.append(bot)
    return tuple(bots)


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 120 else line[:117] + "..."


# Reading many, with the cache ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Skipped:
    source: str
    why: str

    def line(self) -> str:
        return f"stats: skipped {self.source}: {self.why}"


@dataclass(slots=True)
class Reading:
    """The matches read, in date order, and the ones skipped."""

    matches: list[MatchFacts] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    again: list[str] = field(default_factory=list)
    """``--file`` records not counted because they are a match counted already (the same
    file, or the same match in another file): one line each, for a person."""


def read_one_by_one(paths: Iterable[Path]) -> Reading:
    """Every path played back, no cache: what ``read_kept`` must always agree with."""
    reading = Reading()
    for path in paths:
        try:
            reading.matches.append(read_match(path))
        except Unreadable as error:
            reading.skipped.append(Skipped(path.name, str(error)))
    reading.matches.sort(key=lambda m: (m.date, m.source))
    return reading


def read_kept(directory: Path, *, cache: bool = True) -> Reading:
    """Every kept match in ``directory``, the unchanged ones from the cache beside them."""
    paths = kept_matches(directory)
    if not cache:
        return read_one_by_one(paths)
    old = load_cache(directory / CACHE_NAME)
    new: dict[str, Any] = {}
    reading = Reading()
    for path in paths:
        try:
            status = path.stat()
        except OSError as error:
            reading.skipped.append(Skipped(path.name, _one_line(str(error.strerror or error))))
            continue
        key = cache_key(status)
        entry = old.get(path.name)
        if _cached(path.name, entry, key, reading):
            new[path.name] = entry
            continue
        try:
            read = read_match(path, status.st_mtime)
        except Unreadable as error:
            reading.skipped.append(Skipped(path.name, str(error)))
            new[path.name] = {"key": key, "error": str(error)}
            continue
        reading.matches.append(read)
        new[path.name] = {"key": key, "facts": read.to_list()}
    reading.matches.sort(key=lambda m: (m.date, m.source))
    if new != old or journal_waiting(directory):
        update_cache(directory, lambda entries: _merge(entries, new, directory))
    return reading


def read_with_records(directory: Path, records: Iterable[Path]) -> Reading:
    """The kept matches in ``directory`` and the match records ``records`` (``--file``),
    each match counted once: a record that is a kept match's file (by its identity on the
    disk, whatever the path says: a link, ``..``) or another copy of a match already counted
    (the same record, with or without the seats kept beside it) is left out and said so in
    ``again``."""
    reading = read_kept(directory)
    seen: set[tuple[int, int]] = set()
    for path in kept_matches(directory):
        with contextlib.suppress(OSError):
            seen.add(_identity(path))
    counted: dict[tuple[Any, ...], list[Path]] = {}
    for facts in reading.matches:
        counted.setdefault(_signature(facts), []).append(directory / facts.source)
    canonical: dict[Path, str | None] = {}
    for path in records:
        try:
            identity = _identity(path)
        except OSError:
            identity = None
        if identity is not None and identity in seen:
            reading.again.append(f"stats: {path} is a match counted already: counted once")
            continue
        if identity is not None:
            seen.add(identity)
        try:
            facts = read_match(path)
        except Unreadable as error:
            reading.skipped.append(Skipped(path.name, str(error)))
            continue
        same = counted.setdefault(_signature(facts), [])
        if same and any(_same_record(path, other, canonical) for other in same):
            reading.again.append(f"stats: {path} is a match counted already: counted once")
            continue
        same.append(path)
        reading.matches.append(facts)
    reading.matches.sort(key=lambda m: (m.date, m.source))
    return reading


def _identity(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_dev, status.st_ino


def _signature(facts: MatchFacts) -> tuple[Any, ...]:
    """What two copies of one match surely share: only those are compared record to record."""
    return (
        facts.rules,
        facts.names,
        facts.team_game,
        facts.finished,
        facts.winners,
        facts.round_winners,
        facts.round_points,
    )


def _same_record(path: Path, other: Path, canonical: dict[Path, str | None]) -> bool:
    """Whether the files hold the same match record (seats aside)."""
    for each in (path, other):
        if each not in canonical:
            try:
                canonical[each] = _read_record(each)[0].to_json()
            except Unreadable:
                canonical[each] = None
    return canonical[path] is not None and canonical[path] == canonical[other]


def _merge(entries: dict[str, Any], new: dict[str, Any], directory: Path) -> bool:
    """The cache as another process may have changed it since it was read (``entries``),
    with this reading's entries (``new``) put in and the entries of files that are gone left
    out; an entry of a match kept while this reading ran stays. Whether anything changed."""
    changed = False
    for name in entries.keys() - new.keys():
        if not (directory / name).is_file():
            del entries[name]
            changed = True
    for name, entry in new.items():
        if entries.get(name) != entry:
            entries[name] = entry
            changed = True
    return changed


def _cached(name: str, entry: Any, key: list[int], reading: Reading) -> bool:
    """Add the cached facts (or skip) of ``name`` to ``reading``: True if the entry was for
    this very file and held together."""
    if not isinstance(entry, dict) or entry.get("key") != key:
        return False
    if "error" in entry and isinstance(entry["error"], str):
        reading.skipped.append(Skipped(name, _one_line(entry["error"])))
        return True
    try:
        reading.matches.append(MatchFacts.from_list(name, entry.get("facts")))
    except (ValueError, TypeError):
        return False
    return True


# Figures ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BestRound:
    points: int
    date: str
    source: str
    round_number: int


@dataclass(slots=True)
class Figures:
    """One person's or one level's figures over some matches."""

    matches: int = 0
    """Finished matches."""
    won: int = 0
    unfinished: int = 0
    rounds: int = 0
    rounds_won: int = 0
    points_won: int = 0
    best_round: BestRound | None = None
    longest_streak: int = 0
    streak: int = 0
    """The winning streak going on at the last match."""
    results: list[bool] = field(default_factory=list)
    """Each finished match, oldest first: won or not (for the chart)."""

    @property
    def win_rate(self) -> float | None:
        return self.won / self.matches if self.matches else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.won, self.matches) if self.matches else None

    @property
    def points_per_round_won(self) -> float | None:
        return self.points_won / self.rounds_won if self.rounds_won else None

    def add(self, match: MatchFacts, sides: int) -> None:
        """Count ``match`` for whoever sits in ``sides`` (a mask: one seat, or a level's)."""
        self.rounds += len(match.round_winners)
        for number, winners in enumerate(match.round_winners, start=1):
            if winners & sides:
                points = match.round_points[number - 1]
                self.rounds_won += 1
                self.points_won += points
                if self.best_round is None or points > self.best_round.points:
                    self.best_round = BestRound(points, match.date, match.source, number)
        if not match.finished:
            self.unfinished += 1
            return
        self.matches += 1
        won = bool(match.winners & sides)
        self.results.append(won)
        if won:
            self.won += 1
            self.streak += 1
            self.longest_streak = max(self.longest_streak, self.streak)
        else:
            self.streak = 0

    def rates_over_time(self, last: int = RECENT) -> list[float]:
        """The win rate after each of the last ``last`` finished matches (counting all)."""
        rates = []
        won = 0
        for played, result in enumerate(self.results, start=1):
            won += result
            rates.append(won / played)
        return rates[-last:]

    def to_dict(self) -> dict[str, Any]:
        interval = self.interval
        best = self.best_round
        return {
            "matches": self.matches,
            "won": self.won,
            "win_rate": _rounded(self.win_rate),
            "win_rate_95": None if interval is None else [_rounded(x) for x in interval],
            "unfinished": self.unfinished,
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "points_per_round_won": _rounded(self.points_per_round_won),
            "best_round": None
            if best is None
            else {
                "points": best.points,
                "date": best.date,
                "match": best.source,
                "round": best.round_number,
            },
            "longest_streak": self.longest_streak,
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


@dataclass(slots=True)
class Side:
    """A person, or a bot level: overall, by rule set, and (a person) against each level."""

    name: str
    overall: Figures = field(default_factory=Figures)
    by_rules: dict[str, Figures] = field(default_factory=dict)
    against: dict[str, Figures] = field(default_factory=dict)

    def add(self, match: MatchFacts, sides: int) -> None:
        self.overall.add(match, sides)
        by_rules = self.by_rules.get(match.rules)
        if by_rules is None:
            by_rules = self.by_rules[match.rules] = Figures()
        by_rules.add(match, sides)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, **self.overall.to_dict()}
        data["by_rules"] = {rules: f.to_dict() for rules, f in sorted(self.by_rules.items())}
        if self.against:
            data["against"] = {level: f.to_dict() for level, f in self.against.items()}
        return data


@dataclass(slots=True)
class Summary:
    people: list[Side]
    levels: list[Side]
    matches: int
    """Kept matches counted (after ``--since``), finished or not."""
    skipped: list[Skipped]
    without_seats: int
    """Matches kept before seats were: their players all counted as people."""
    latest: MatchFacts | None
    """The last match counted that finished a round (for the round-by-round chart)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "without_seats": self.without_seats,
            "people": [side.to_dict() for side in self.people],
            "bots": [side.to_dict() for side in self.levels],
            "skipped": [{"match": s.source, "why": s.why} for s in self.skipped],
        }


def parse_since(text: str | None) -> str | None:
    """``--since``: a date ``YYYY-MM-DD`` (``StatsUsageError`` if it is not one)."""
    if text is None:
        return None
    if not DATE.match(text):
        raise StatsUsageError(f"stats: --since {text[:30]!r} is not a date like 2026-11-30")
    try:
        time.strptime(text, "%Y-%m-%d")
    except ValueError:
        raise StatsUsageError(f"stats: --since {text!r} is not a day of the calendar") from None
    return text


def summarise(reading: Reading, *, since: str | None = None, player: str | None = None) -> Summary:
    """The figures of every match read on or after ``since``; ``player``: that person only
    (``StatsUsageError`` if no match counted has a person of that name)."""
    matches = [m for m in reading.matches if since is None or m.date[:10] >= since]
    people: dict[str, Side] = {}
    levels: dict[str, Side] = {}
    for match in matches:
        bots = match.bots if match.bots is not None else (None,) * len(match.names)
        for seat, name in enumerate(match.names):
            if bots[seat] is not None:
                continue
            side = people.get(name.casefold())
            if side is None:
                side = people[name.casefold()] = Side(name)
            side.name = name  # the latest spelling
            side.add(match, 1 << seat)
            mine = match.team_mask(seat)
            for level in dict.fromkeys(b for s, b in enumerate(bots) if b and not mine >> s & 1):
                against = side.against.get(level)
                if against is None:
                    against = side.against[level] = Figures()
                against.add(match, 1 << seat)
        for level in dict.fromkeys(b for b in bots if b is not None):
            seats = mask_of(s for s, b in enumerate(bots) if b == level)
            levels.setdefault(level, Side(level)).add(match, seats)
    chosen = sorted(
        people.values(),
        key=lambda s: (-s.overall.matches - s.overall.unfinished, s.name.casefold()),
    )
    if player is not None:
        chosen = [s for s in chosen if s.name.casefold() == player.casefold()]
        if not chosen:
            raise StatsUsageError(f"stats: no match counted has a person named {player[:40]!r}")
    for side in chosen:
        side.against = {level: side.against[level] for level in BOT_LEVELS if level in side.against}
    return Summary(
        people=chosen,
        levels=[]
        if player is not None
        else [levels[level] for level in BOT_LEVELS if level in levels],
        matches=len(matches),
        skipped=list(reading.skipped),
        without_seats=sum(m.bots is None for m in matches),
        latest=next((m for m in reversed(matches) if m.round_winners), None),
    )


@dataclass(frozen=True, slots=True)
class StatsReport:
    """What the app's stats screen shows: the summary, and one match round by round."""

    summary: Summary
    match: RoundByRound | None
    """The totals round by round of ``match_title``'s match, if one finished a round."""
    match_title: str = ""
    """``the match of 2026-12-02 21:41``, or the caller's own words for a match at hand."""
    directory: Path | None = None


def stats_report(directory: Path) -> StatsReport:
    """Every kept match in ``directory`` summed up (the cache kept up to date), and the last
    one that finished a round played back for its totals round by round."""
    summary = summarise(read_kept(directory))
    latest = summary.latest
    match = None
    title = ""
    if latest is not None:
        with contextlib.suppress(Unreadable):  # changed since: the chart is left out
            match = round_by_round(directory / latest.source)
            title = f"the match of {latest.date[:16]}"
    return StatsReport(summary, match, title, directory)


# In words --------------------------------------------------------------------------------


def percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


def record_words(figures: Figures) -> str:
    """``won 7 of 12 matches (58%, 95% interval 32% to 81%)``."""
    if figures.matches == 0:
        return "no match finished"
    interval = figures.interval
    assert interval is not None and figures.win_rate is not None
    low, high = interval
    noun = "match" if figures.matches == 1 else "matches"
    return (
        f"won {figures.won} of {figures.matches} {noun} ({percent(figures.win_rate)}, "
        f"95% interval {percent(low)} to {percent(high)})"
    )


def rounds_words(figures: Figures) -> str:
    if figures.rounds == 0:
        return "No hand finished."
    words = f"Hands: won {figures.rounds_won} of {figures.rounds}"
    average = figures.points_per_round_won
    if average is not None and figures.best_round is not None:
        best = figures.best_round
        words += (
            f", {average:.0f} points a hand won on average; best hand {best.points} points"
            f" (hand {best.round_number} of the match of {best.date[:10]})"
        )
    return words + "."


def person_lines(side: Side) -> list[str]:
    """A person's figures as sentences, the most important first."""
    figures = side.overall
    streak = figures.longest_streak
    head = f"{side.name}: {record_words(figures)}"
    if figures.matches:
        head += f"; longest winning streak {streak} {'match' if streak == 1 else 'matches'}"
    if figures.unfinished:
        head += f"; {figures.unfinished} left unfinished"
    lines = [head + "."]
    for level, against in side.against.items():
        lines.append(f"  Against the {level} bots: {record_words(against)}.")
    lines.append(f"  {rounds_words(figures)}")
    if len(side.by_rules) > 1:
        parts = [f"{rules} {record_words(f)}" for rules, f in sorted(side.by_rules.items())]
        lines.append(f"  By rules: {'; '.join(parts)}.")
    return lines


def level_lines(side: Side) -> list[str]:
    figures = side.overall
    lines = [f"The {side.name} bots: {record_words(figures)}."]
    lines.append(f"  {rounds_words(figures)}")
    if len(side.by_rules) > 1:
        parts = [f"{rules} {record_words(f)}" for rules, f in sorted(side.by_rules.items())]
        lines.append(f"  By rules: {'; '.join(parts)}.")
    return lines


def trend_words(side: Side, last: int = RECENT) -> str | None:
    """The win-rate chart in words: ``Ann's win rate over the last 12 matches: from 50% to
    58%.`` (``None`` before two finished matches)."""
    rates = side.overall.rates_over_time(last)
    if len(rates) < 2:
        return None
    return (
        f"{side.name}'s win rate over the last {len(rates)} matches: "
        f"from {percent(rates[0])} to {percent(rates[-1])}."
    )


def match_words(match: RoundByRound, title: str) -> str:
    """The hand-by-hand chart in words: where the totals stand after the last hand."""
    if not match.totals:
        return f"In {title}, no hand finished."
    rounds = len(match.totals)
    standing = sorted(zip(match.labels, match.totals[-1], strict=True), key=lambda p: -p[1])
    totals = ", ".join(f"{label} {total}" for label, total in standing)
    return f"In {title}, after {rounds} {'hand' if rounds == 1 else 'hands'}: {totals}."


def summary_lines(summary: Summary, directory: Path | None = None) -> list[str]:
    """``uno-tui stats`` in sentences (names as they are: the caller escapes each line)."""
    if summary.matches == 0:
        where = f" (they are kept in {directory})" if directory is not None else ""
        return [f"No match to count{where}."]
    noun = "match" if summary.matches == 1 else "matches"
    lines = [f"{summary.matches} kept {noun} counted."]
    for side in summary.people:
        lines.extend(person_lines(side))
    for side in summary.levels:
        lines.extend(level_lines(side))
    if summary.without_seats:
        lines.append(
            f"{summary.without_seats} of them were kept before seats were: their players are"
            " all counted as people."
        )
    return lines


def spoken_stats(directory: Path, player: str | None = None) -> list[str]:
    """The line mode's ``stats``: the kept matches in ``directory`` in sentences, the most
    important first (``player``: that person's alone), each skipped match in one line after
    them. No chart: the sentences say what the app's charts show."""
    reading = read_kept(directory)
    try:
        summary = summarise(reading, player=player)
    except StatsUsageError:
        return [f"No kept match counts {player} yet: every finished match is counted."]
    if player is None:
        lines = summary_lines(summary, directory)
    else:
        lines = [line.strip() for side in summary.people for line in person_lines(side)]
    lines.extend(words for side in summary.people if (words := trend_words(side)))
    lines.extend(skipped.line().removeprefix("stats: ").capitalize() for skipped in summary.skipped)
    return lines


__all__ = [
    "Figures",
    "MatchFacts",
    "Reading",
    "RoundByRound",
    "Side",
    "Skipped",
    "StatsReport",
    "StatsUsageError",
    "Summary",
    "Unreadable",
    "match_words",
    "parse_since",
    "read_kept",
    "read_match",
    "read_one_by_one",
    "read_with_records",
    "round_by_round",
    "round_by_round_of",
    "spoken_stats",
    "stats_report",
    "summarise",
    "summary_lines",
    "trend_words",
]
