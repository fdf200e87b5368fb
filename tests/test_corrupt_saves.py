"""A save file that cannot be resumed: one clear line, the file kept aside, a new match.

Thousands of damaged files go through the loader (empty, cut at every byte, random bytes, bytes
flipped, valid JSON of every wrong shape, versions from the future, edited moves); each either
raises ``SaveError`` with a one-line message, or (for a change that does not touch the match,
such as the bots' dice) loads to the very table that was saved. A few go through the real
command line too.
"""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from uno_tui.engine import Rules
from uno_tui.match.session import Seat, Session
from uno_tui.store.saves import (
    FILE_NAME,
    Autosave,
    SaveError,
    open_autosave,
    save_text,
    session_from_bytes,
    table_digest,
)

from .random_play import random_action


def a_saved_match() -> tuple[Session, bytes]:
    """A classic match 40 actions in: plays, Wild colours, draws, bots and a person."""
    seats = [Seat("Ann"), Seat("Ben", "easy"), Seat("Cat", "random")]
    session = Session(Rules.classic(), seats, seed=21)
    rng = random.Random(21)
    for _ in range(40):
        session.apply(random_action(session.game, rng))
    return session, save_text(session).encode()


SESSION, GOOD = a_saved_match()
GOOD_TABLE = table_digest(SESSION.game)


def outcome(raw: bytes) -> str:
    """``"refused"`` (a one-line ``SaveError``) or ``"same"`` (loads to the saved table)."""
    try:
        session = session_from_bytes(raw)
    except SaveError as error:
        message = str(error)
        assert message and "\n" not in message and len(message) <= 300, message
        assert "cannot be rebuilt" not in message, f"an unexpected error: {message}"
        return "refused"
    assert table_digest(session.game) == GOOD_TABLE, "a damaged file loaded as another match"
    return "same"


def test_the_good_file_loads() -> None:
    assert outcome(GOOD) == "same"


@pytest.mark.parametrize("raw", [b"", b" ", b"\n\n", b"\x00" * 10, b"\xef\xbb\xbf"])
def test_an_empty_file_is_refused(raw: bytes) -> None:
    assert outcome(raw) == "refused"


def test_a_file_cut_short_at_every_byte_is_refused() -> None:
    results = [outcome(GOOD[:end]) for end in range(len(GOOD))]
    # Only dropping the final newline leaves the whole JSON.
    assert results[:-1] == ["refused"] * (len(GOOD) - 1) and results[-1] == "same"


def test_random_bytes_are_refused() -> None:
    rng = random.Random(1)
    for _ in range(1000):
        raw = rng.randbytes(rng.choice([1, 2, 10, 100, 5000]))
        assert outcome(raw) == "refused"


def test_flipped_bytes_are_refused_unless_they_miss_the_match() -> None:
    rng = random.Random(2)
    results = []
    for _ in range(1500):
        raw = bytearray(GOOD)
        for _ in range(rng.choice([1, 1, 2, 8])):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        results.append(outcome(bytes(raw)))
    assert results.count("refused") > 300


def paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON tree (the bots' dice: only a few of their 625 numbers)."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*path, key))
    elif isinstance(node, list):
        indexes = range(len(node)) if len(node) < 100 else (0, 1, len(node) - 1)
        for index in indexes:
            yield from paths(node[index], (*path, index))


REPLACEMENTS: list[Any] = [None, True, 0, -1, 7, 2**70, 1.5, "", "x", "R7", [], {}, [[]]]
DELETE = object()


def changed(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    copied = copy.deepcopy(data)
    if not path:
        return value
    parent = copied
    for key in path[:-1]:
        parent = parent[key]
    if value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return copied


def test_valid_json_of_every_wrong_shape_is_refused() -> None:
    data = json.loads(GOOD)
    tried = 0
    same = 0
    for path in paths(data):
        for value in [*REPLACEMENTS, DELETE] if path else REPLACEMENTS:
            if value is DELETE and isinstance(path[-1], int):
                continue
            result = outcome(json.dumps(changed(data, path, value)).encode())
            tried += 1
            same += result == "same"
    # What may load unchanged: the dice, an optional field set to its default ...
    assert same < tried / 10, (same, tried)


@pytest.mark.parametrize("version", [2, 99, 10**20])
def test_a_save_from_a_newer_uno_tui_says_so(version: int) -> None:
    data = json.loads(GOOD)
    data["version"] = version
    with pytest.raises(SaveError, match=f"format version {version}, newer than this uno-tui"):
        session_from_bytes(json.dumps(data).encode())
    data = json.loads(GOOD)
    data["record"]["version"] = version
    with pytest.raises(SaveError, match=f"format version {version}, newer"):
        session_from_bytes(json.dumps(data).encode())


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, True, None])
def test_a_save_of_no_known_version_is_refused(version: object) -> None:
    data = json.loads(GOOD)
    data["version"] = version
    assert outcome(json.dumps(data).encode()) == "refused"


def test_an_edited_move_is_refused_naming_the_move() -> None:
    """Each recorded action in turn replaced by another: an illegal one is named by its
    number; a legal other choice (another colour, another card) is caught by the table."""
    data = json.loads(GOOD)
    actions = data["record"]["actions"]
    rng = random.Random(3)
    named = 0
    for number, action in enumerate(actions, start=1):
        edits = [
            {**action, "player": (action["player"] + 1) % 3},
            {**action, "card": rng.choice(["R0", "G+2", "W+4", "BS", "Y9"])},
            {"type": "draw", "player": action["player"]},
            {**action, "type": "call_uno", "target": action["player"]},
        ]
        if "color" in action:
            edits.append({**action, "color": "blue" if action["color"] != "blue" else "red"})
        for edit in edits:
            if edit == action:
                continue
            edited = changed(data, ("record", "actions", number - 1), edit)
            try:
                session_from_bytes(json.dumps(edited).encode())
            except SaveError as error:
                message = str(error)
                assert "\n" not in message
                if "not legal" in message or "cannot be read" in message:
                    # A legal edit shows only when a later move no longer fits.
                    failed_at = re.match(r"move (\d+) ", message)
                    assert failed_at and int(failed_at[1]) >= number, message
                    named += 1
            else:
                raise AssertionError(f"an edited move {number} loaded: {edit}")
    assert named > len(actions)


def test_a_save_larger_than_any_match_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    with path.open("wb") as big:
        big.truncate(64 * 1024 * 1024)
    with pytest.raises(SaveError, match="larger than any autosave"):
        Autosave(path).load()


def test_deeply_nested_json_is_refused() -> None:
    assert outcome(b"[" * 100_000 + b"]" * 100_000) == "refused"
    assert outcome(b'{"a":' * 50_000 + b"1" + b"}" * 50_000) == "refused"
    assert outcome(b'{"version": 1' + b"0" * 5000 + b"}") == "refused"


# Keeping the file aside ---------------------------------------------------------------


def test_a_corrupt_autosave_is_kept_aside_and_never_overwrites(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path / FILE_NAME)
    kept = []
    for content in (b"{ not json", b"", GOOD[:100]):
        autosave.path.write_bytes(content)
        session, notice = open_autosave(autosave)
        assert session is None and notice is not None and "\n" not in notice
        aside = Path(notice.rsplit("kept as ", 1)[1].rstrip("."))
        assert aside.read_bytes() == content
        assert aside.name.startswith("autosave.corrupt-") and aside.suffix == ".json"
        assert not autosave.path.exists()
        kept.append(aside)
    assert len(set(kept)) == 3, "each one kept under its own name"
    # A file already under the next name stays as it is.
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for suffix in ("", "-2", "-3", "-4"):
        taken = tmp_path / f"autosave.corrupt-{stamp}{suffix}.json"
        if not taken.exists():
            taken.write_text("someone else's")
    autosave.path.write_bytes(b"broken")
    aside = autosave.set_aside()
    assert aside.read_bytes() == b"broken"
    assert all(p.read_bytes() != b"broken" for p in kept)


def test_a_finished_match_in_the_file_is_not_offered(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path / FILE_NAME)
    session = Session(Rules.two_player(target_score=1), [Seat("A", "easy"), Seat("B", "easy")])
    session.run_bots()
    assert session.is_over
    autosave.path.write_text(save_text(session))
    assert autosave.load() is None and not autosave.exists


# Through the command line ------------------------------------------------------------

CORRUPT_FILES = {
    "empty": b"",
    "truncated": GOOD[: len(GOOD) // 2],
    "binary": bytes(range(256)) * 4,
    "wrong shape": b'{"format": "uno-tui autosave", "version": 1, "seats": 3}',
    "future version": GOOD.replace(b'"version":1,', b'"version":9,', 1),
}


def run(data_dir: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_tui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("kind", list(CORRUPT_FILES))
def test_the_game_says_one_line_keeps_the_file_and_starts_a_new_match(
    data_dir: Path, kind: str
) -> None:
    content = CORRUPT_FILES[kind]
    data_dir.mkdir(parents=True)
    (data_dir / FILE_NAME).write_bytes(content)
    result = run(data_dir, "--plain", "--rules", "two-player", "--players", "Ann,Bob")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.count("\n") == 1, result.stderr
    assert "The saved match cannot be resumed: " in result.stderr
    assert "Starting a new match." in result.stderr
    kept = list(data_dir.glob("autosave.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert str(kept[0]) in result.stderr
    assert (
        "Hand the keyboard to Ann" in result.stdout or "Hand the keyboard to Bob" in result.stdout
    )
    assert (data_dir / FILE_NAME).exists(), "the new match is saved"


def test_resume_with_a_corrupt_file_offers_a_new_match(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / FILE_NAME).write_bytes(b"\x00garbage")
    result = run(data_dir, "resume", "--plain", stdin="n\n")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "kept as" in result.stderr
    assert "Start a new match? [Y/n]" in result.stdout
    assert "Traceback" not in result.stderr
    (data_dir / FILE_NAME).write_bytes(b"{}")
    result = run(
        data_dir, "--rules", "two-player", "--players", "Ann,Bob", "--plain", "resume", stdin="y\n"
    )
    assert result.returncode == 0 and "Hand the keyboard to" in result.stdout, result.stdout
    assert len(list(data_dir.glob("autosave.corrupt-*.json"))) == 2


def test_resume_without_a_save_says_so(data_dir: Path) -> None:
    result = run(data_dir, "resume", "--plain")
    assert result.returncode == 1
    assert result.stderr.startswith("uno-tui: there is no saved match to resume")
    assert result.stderr.count("\n") == 1


def test_thousands_of_damaged_files_go_through_the_loader() -> None:
    """The module's promise, checked rather than printed: every byte cut, 1000 random and 1500
    flipped files, and every wrong shape at every place of the JSON tree (the figure is
    printed with ``-s``)."""
    data = json.loads(GOOD)
    wrong_shapes = sum(
        len(REPLACEMENTS) + (1 if path and not isinstance(path[-1], int) else 0)
        for path in paths(data)
    )
    tried = len(GOOD) + 1000 + 1500 + wrong_shapes
    print(f"\ncorrupt save files tried: about {tried}")
    assert tried > 5000
    top = {path[0] for path in paths(data) if len(path) == 1}
    assert top == {"format", "version", "seats", "bot_rng", "table", "record"}
    assert {path[1] for path in paths(data) if len(path) == 2 and path[0] == "record"} >= {
        "players",
        "seed",
        "actions",
    }
