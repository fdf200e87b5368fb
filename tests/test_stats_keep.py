"""The stats cache kept up to date when a match is kept: the same facts as playing the kept
file back, nothing played back at reading, the kept match safe whatever becomes of the cache,
and two processes keeping matches at once."""

from __future__ import annotations

import json
import multiprocessing
import random
from pathlib import Path

import pytest

from uno_tui.bots import make_bot
from uno_tui.cli import main
from uno_tui.engine import Game, Position, Rules
from uno_tui.engine.actions import DrawCard, action_from_dict
from uno_tui.match.session import Seat, Session
from uno_tui.sim import Tally, _play
from uno_tui.store import archive, match_facts, stats
from uno_tui.store.archive import keep_match, matches_dir
from uno_tui.store.match_facts import CACHE_NAME, load_cache
from uno_tui.store.saves import Autosave
from uno_tui.store.stats import read_kept, read_match, read_one_by_one, summarise

from .test_structure import import_graph


def played_match(seed: int, names: list[str], rules: str = "classic") -> Game:
    """A whole match (several hands) played to its end by easy bots."""
    game = Game(Rules.preset(rules), names, seed=seed)
    bots = [make_bot("easy") for _ in names]
    _play(
        game,
        bots,
        ["easy"] * len(names),
        random.Random(seed),
        Tally([0] * len(names)),
        matches=True,
    )
    return game


def one_move_match(first: str, second: str) -> Game:
    game = Game(
        Rules.two_player(target_score=10),
        [first, second],
        position=Position.of(["R2", "B7 Y3 G9 W+4"], "R5"),
        seed=3,
    )
    game.apply(game.legal_actions()[0])
    return game


def test_keeping_a_match_caches_the_facts_that_playing_it_back_gives(tmp_path: Path) -> None:
    directory = tmp_path / "matches"
    kept = []
    for seed, rules in ((1, "classic"), (2, "teams"), (3, "two-player")):
        names = ["Ann", "Bo"] if rules == "two-player" else ["Ann", "Bo", "Cy", "Dee"]
        game = played_match(seed, names, rules)
        bots = [None, *["easy"] * (len(names) - 1)]
        path = keep_match(game, directory, bots)
        assert path is not None
        kept.append(path)
    entries = load_cache(directory / CACHE_NAME)
    assert sorted(entries) == sorted(path.name for path in kept)
    for path in kept:
        entry = entries[path.name]
        status = path.stat()
        assert entry["key"] == [status.st_size, status.st_mtime_ns]
        assert entry["facts"] == read_match(path).to_list()
        assert len(entry["facts"][7]) > 1 or path == kept[2]  # several hands played


def test_a_kept_match_is_read_from_the_cache_not_played_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / "matches"
    keep_match(played_match(4, ["Ann", "Bo", "Cy"]), directory, [None, "easy", "hard"])
    keep_match(one_move_match("Bob", "Ann"), directory, [None, None])
    truth = summarise(read_one_by_one(sorted(directory.glob("*.json")))).to_dict()

    def no_playing_back(*_: object, **__: object) -> None:
        raise AssertionError("a kept match was played back")

    monkeypatch.setattr(stats, "read_match", no_playing_back)
    assert summarise(read_kept(directory)).to_dict() == truth
    assert truth["matches"] == 2


def test_a_cache_that_cannot_be_written_never_costs_the_kept_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / "matches"
    (directory / CACHE_NAME).mkdir(parents=True)  # neither can be written
    (directory / f"{CACHE_NAME}.new").mkdir()
    path = keep_match(one_move_match("Ann", "Bob"), directory, [None, "easy"])
    assert path is not None and path.is_file()

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("the facts cannot be read")

    monkeypatch.setattr(archive, "facts_of_game", broken)
    other = keep_match(one_move_match("Cy", "Dee"), directory, None)
    assert other is not None and other.is_file()
    (directory / CACHE_NAME).rmdir()
    (directory / f"{CACHE_NAME}.new").rmdir()
    reading = read_kept(directory)  # both read by playing them back, and the cache made
    assert len(reading.matches) == 2 and not reading.skipped
    assert len(load_cache(directory / CACHE_NAME)) == 2


def test_keeping_appends_to_the_journal_and_the_next_reading_folds_it_in(tmp_path: Path) -> None:
    """A kept match costs one line (the cache, however long, is neither read nor written);
    the next reading writes the cache whole, rebuilding a broken one, and empties the
    journal."""
    directory = tmp_path / "matches"
    directory.mkdir()
    cache = directory / CACHE_NAME
    cache.write_text("{{{ not the cache", encoding="utf-8")
    path = keep_match(one_move_match("Ann", "Bob"), directory, [None, "easy"])
    assert path is not None
    assert cache.read_text(encoding="utf-8") == "{{{ not the cache"
    journal = directory / f"{CACHE_NAME}.new"
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1
    with journal.open("a", encoding="utf-8") as cut_short:
        cut_short.write('[2,"x.json",{"key"')  # a crash mid-line: passed over
    assert list(load_cache(cache)) == [path.name]
    assert len(read_kept(directory).matches) == 1
    assert not journal.exists()
    data = json.loads(cache.read_text(encoding="utf-8"))
    assert list(data["matches"]) == [path.name]
    assert data["matches"][path.name]["facts"] == read_match(path).to_list()


def _keep_several(directory: str, name: str, count: int) -> None:
    for number in range(count):
        keep_match(one_move_match(f"{name}{number}", "Zed"), Path(directory), [None, "easy"])


def _read_several(directory: str, count: int) -> None:
    for _ in range(count):
        read_kept(Path(directory))  # folds the journal into the cache meanwhile


def test_two_processes_keeping_matches_at_once_lose_no_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each waits as long as it takes for the lock (a loaded machine may hold it a while):
    # what is checked is that no entry is lost or torn, not how long a keep may wait.
    monkeypatch.setattr(match_facts, "KEEP_WAIT", 60.0)
    monkeypatch.setattr(match_facts, "LOCK_WAIT", 60.0)
    directory = tmp_path / "matches"
    directory.mkdir()
    context = multiprocessing.get_context("fork")
    workers = [
        context.Process(target=_keep_several, args=(str(directory), name, 8))
        for name in ("Ann", "Bob")
    ]
    workers.append(context.Process(target=_read_several, args=(str(directory), 8)))
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    kept = sorted(path.name for path in directory.glob("*.json"))
    assert len(kept) == 16
    assert sorted(load_cache(directory / CACHE_NAME)) == kept
    assert not list(directory.glob("*.tmp")) and not list(directory.glob(".*.tmp"))
    assert (
        summarise(read_kept(directory)).to_dict()
        == summarise(read_one_by_one(sorted(directory.glob("*.json")))).to_dict()
    )


def test_a_reading_keeps_the_entry_of_a_match_kept_meanwhile(tmp_path: Path) -> None:
    """A reading writes back what it read without dropping what was kept since it began."""
    directory = tmp_path / "matches"
    first = keep_match(one_move_match("Ann", "Bob"), directory, [None, "easy"])
    assert first is not None
    (directory / f"{CACHE_NAME}.new").unlink()  # as if kept before the cache was filled
    real = stats.kept_matches
    late: list[Path] = []

    def listing_then_keep(where: Path) -> list[Path]:
        paths = real(where)
        path = keep_match(one_move_match("Cy", "Dee"), directory, [None, "easy"])
        assert path is not None
        late.append(path)
        return paths

    stats.kept_matches = listing_then_keep  # type: ignore[assignment]
    try:
        assert len(read_kept(directory).matches) == 1
    finally:
        stats.kept_matches = real
    assert sorted(load_cache(directory / CACHE_NAME)) == sorted([first.name, late[0].name])


def test_a_file_given_that_is_a_kept_match_is_counted_once(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = matches_dir(data_dir)
    kept = keep_match(one_move_match("Ann", "Bob"), directory, [None, "easy"])
    assert kept is not None
    link = tmp_path / "link.json"
    link.symlink_to(kept)
    elsewhere = tmp_path / "elsewhere"
    copy = keep_match(one_move_match("Ann", "Bob"), elsewhere, None)  # no seats: other bytes
    assert copy is not None and copy.read_bytes() != kept.read_bytes()
    other = keep_match(one_move_match("Cy", "Dee"), elsewhere, None)
    assert other is not None
    roundabout = directory / ".." / directory.name / kept.name
    files = [kept, roundabout, link, copy, other, other]
    arguments = [word for path in files for word in ("--file", str(path))]
    assert main(["stats", "--json", *arguments]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["matches"] == 2  # the kept match, and Cy and Dee's once
    assert {p["name"]: p["matches"] for p in data["people"]} == {"Ann": 1, "Cy": 1, "Dee": 1}
    again = [line for line in captured.err.splitlines() if "counted already" in line]
    assert len(again) == 5 and all("counted once" in line for line in again)
    assert data["skipped"] == []


def test_a_session_ending_its_match_keeps_it_with_its_facts_cached(tmp_path: Path) -> None:
    seats = [Seat("Ada", "easy"), Seat("Bo", "medium"), Seat("Cy", "easy")]
    session = Session(
        Rules.classic(target_score=200),
        seats,
        seed=5,
        autosave=Autosave(tmp_path / "autosave.json"),
    )
    session.run_bots()
    assert session.is_over
    directory = matches_dir(tmp_path)
    (kept,) = directory.glob("*.json")
    entry = load_cache(directory / CACHE_NAME)[kept.name]
    assert entry["facts"] == read_match(kept).to_list()
    assert entry["facts"][3] == ["easy", "medium", "easy"] and entry["facts"][5] is True


def test_an_action_read_once_is_not_taken_for_another_spelled_alike() -> None:
    """The actions read already are keyed by value and type: ``True`` is not seat 1."""
    assert action_from_dict({"type": "draw", "player": 1}).player == 1
    for lie in ({"type": "draw", "player": True}, {"type": "draw", "player": 1.0}):
        with pytest.raises(ValueError, match="seat number"):
            action_from_dict(lie)
    with pytest.raises(ValueError):
        action_from_dict({"type": "draw", "player": 1, "card": ["R7"]})
    assert action_from_dict({"type": "draw", "player": 1}) == DrawCard(1)


def test_the_facts_and_their_cache_sit_under_archive_and_stats() -> None:
    """``archive`` fills the cache and ``stats`` reads it: ``match_facts`` imports neither
    (nor the session, nor Textual), so no circle can close through it."""
    graph = import_graph()
    assert "uno_tui.store.match_facts" in graph["uno_tui.store.archive"]
    assert "uno_tui.store.match_facts" in graph["uno_tui.store.stats"]
    below = graph["uno_tui.store.match_facts"]
    assert not below & {"uno_tui.store.archive", "uno_tui.store.stats", "uno_tui.match.session"}
    assert not any(module.startswith("uno_tui.tui") for module in below)
