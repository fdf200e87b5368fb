"""Untrusted text and files never reach the terminal raw; no input hangs, floods or loses a
match (issue 12).

Names from every way in keep one rule; every line the line mode, ``replay`` and the command line
write has its control characters escaped; saves and records are read only as regular files
under the size cap, counted while reading; a new match never deletes a saved one; the messages
about saving never contradict each other; the command line's numbers are bounded.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_tui import cli
from uno_tui.engine import BadNameError, Game, MatchRecord, RecordError, Rules, clean_name
from uno_tui.engine.names import check_names
from uno_tui.match.session import Seat, Session
from uno_tui.plain import PlainGame
from uno_tui.sim import Config, config_from
from uno_tui.store.files import release_save_lock
from uno_tui.store.saves import FILE_NAME, Autosave, SaveError, read_save
from uno_tui.text import shown
from uno_tui.tui.table_setup import config_dir, load_last_setup

ESC = "\x1b"
HOSTILE_NAMES = [
    "X\x1b]0;pwned\x07Y",  # OSC 0: the window title
    "C\x1b]52;c;aGVsbG8=\x07D",  # OSC 52: the clipboard
    "Z\x1b[2JQ",  # CSI: clear the screen
    "A\x9b2JB",  # the one-byte CSI (C1)
    "Ann\u202eolleh",  # right-to-left override
    "A\u200bnn",  # zero-width space
    "A\u2066nn",  # left-to-right isolate
    "Bo\nb",
    "Bo\tb",
    "\x07",
    "An\u2028n",
]


def run_cli(*args: str, stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_tui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        errors="surrogateescape",
    )


def main_in_process(
    args: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(args)
    out, err = capsys.readouterr()
    return code, out, err


# The one name rule ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_name_with_a_control_bidi_or_zero_width_character_is_refused(name: str) -> None:
    with pytest.raises(BadNameError, match="invisible or control character") as error:
        clean_name(name)
    assert ESC not in str(error.value) and "\n" not in str(error.value)
    assert str(error.value).isprintable()


def test_names_are_trimmed_and_1_to_20_characters() -> None:
    assert clean_name("  Ann  ") == "Ann"
    assert clean_name("x" * 20) == "x" * 20
    with pytest.raises(BadNameError, match="21 characters long; at most 20"):
        clean_name("x" * 21)
    with pytest.raises(BadNameError, match="at least one character"):
        clean_name("   ")
    with pytest.raises(BadNameError, match="10000 characters long"):
        clean_name("y" * 10_000)


def test_names_at_one_table_differ_ignoring_case() -> None:
    with pytest.raises(BadNameError, match="two players are called 'Ann' and 'ANN'"):
        check_names(["Ann", "Bob", "ANN"])
    assert check_names(["Ann", "Anna"]) == ("Ann", "Anna")


def test_the_engine_refuses_a_bad_name_itself() -> None:
    """``Game`` keeps the rule, so a save, a record or any front end cannot get round it."""
    for names in (["Ann", "Ann"], ["Ann", "B\x1bb"], ["Ann", " Bob"], ["Ann", "z" * 21]):
        with pytest.raises(BadNameError):
            Game(Rules.two_player(), names, seed=1)
    assert Game(Rules.two_player(), ["Ann", "[bold red]X[/]"], seed=1).names[1] == "[bold red]X[/]"


@pytest.mark.parametrize(
    ("players", "says"),
    [
        ("Ann,Ann", "two players are called 'Ann'"),
        ("Ann,ann:easy", "two players are called 'Ann' and 'ann'"),
        ("Ann," + "w" * 500, "500 characters long; at most 20"),
        ("Ann,A\u200bnn", "zero width space"),
        ("Ann,Ann\u202eX", "right-to-left override"),
        ("X\x1b]0;pwned\x07Y,C:easy", "U+001B control character"),
        ("Ann,:easy", "at least one character"),
    ],
)
def test_players_against_the_name_rule_exit_2_with_one_line(players: str, says: str) -> None:
    result = run_cli("--plain", "--players", players)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and says in result.stderr, result.stderr
    assert ESC not in result.stderr and "\x07" not in result.stderr


def test_the_plain_setup_asks_again_for_a_name_against_the_rule(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = ["2", "A\x1b[2Jnn", "x" * 30, "Maya", "", "maya", "Leo", "3", "", ""]
    code, out, _ = main_in_process(
        ["--plain"], "\n".join([*answers, "quit"]) + "\n", capsys, monkeypatch
    )
    assert code == 0
    assert (
        "U+001B control character" in out
        and "30 characters long; at most 20: choose another name." in out
    )
    assert "'maya' is taken" in out and "Maya (person), Leo (easy bot)" in out
    assert ESC not in out


# One escaping function for every line written ----------------------------------------------


def test_shown_escapes_what_a_terminal_acts_on_and_keeps_the_rest() -> None:
    assert shown("Ann plays Red 7.") == "Ann plays Red 7."
    assert shown("X\x1b]0;pwned\x07Y") == "X\\x1b]0;pwned\\x07Y"
    assert shown("A\x9bB\u202eC\u200bD\nE") == "A\\x9bB\\u202eC\\u200bD\\x0aE"
    assert shown("Zoë 🂡") == "Zoë 🂡"
    assert shown("\U000e0001") == "\\U000e0001"


def test_the_line_mode_writes_no_escape_even_from_a_name_the_rule_would_refuse() -> None:
    """Defence in depth: a game whose names came round the rule (an older record) still
    writes no ESC byte, only its escape."""
    game = Game(Rules.two_player(), ["Ann", "Bob"], seed=3)
    game.names = ("Ann", "B\x1b]0;pwned\x07ob")  # as a foreign program might have made it
    session = Session(Rules.two_player(), [Seat("Ann"), Seat("Bob", "easy")], game=game)
    out = io.StringIO()
    PlainGame(session, iter(["counts", "quit"]).__next__, out, color=False).run()
    assert ESC not in out.getvalue() and "\\x1b]0;pwned\\x07" in out.getvalue()


def test_the_command_lines_messages_are_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    cli.say("a \x1b[2J b")
    cli.warn("c \x1b]52;c;eA==\x07 d")
    out, err = capsys.readouterr()
    assert out == "a \\x1b[2J b\n" and err == "uno-tui: c \\x1b]52;c;eA==\\x07 d\n"


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    names=st.lists(
        st.lists(
            st.one_of(
                st.characters(codec="utf-8", exclude_characters=","),
                st.sampled_from(["\x1b", "\x07", "\x9b", "\u202e", "\u200b", "]0;", "[2J", ":"]),
            ),
            min_size=1,
            max_size=12,
        ).map("".join),
        min_size=2,
        max_size=2,
    ),
    way=st.sampled_from(["--players", "record"]),
)
def test_any_name_through_players_or_a_record_writes_no_escape_byte(
    names: list[str],
    way: str,
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random names with control characters, escape sequences, bidi and zero-width
    characters: either refused in one line or played; no ESC byte on stdout or stderr."""
    if way == "--players":
        args = ["--plain", "--players", f"{names[0]},{names[1]}:easy", "--seed", "1"]
    else:
        record = Game(Rules.two_player(), ["Ann", "Bob"], seed=2).record().to_dict()
        record["players"] = names
        path = tmp_path_factory.mktemp("record") / "match.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        args = ["replay", str(path)]
    code, out, err = main_in_process(args, "n\nquit\n", capsys, monkeypatch)
    assert ESC not in out and ESC not in err and "\x9b" not in out + err
    assert code in (0, 1, 2)
    if code:
        assert err.count("\n") == 1 and "Traceback" not in err


# Files ---------------------------------------------------------------------------------------

BIG = 50 * 1024 * 1024


def crafted(kind: str, path: Path) -> None:
    """A file at ``path`` that a careless or hostile hand could leave there."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "50 MB":
        with path.open("wb") as file:
            file.write(b'{"format": "uno-tui autosave", "x": "' + b"a" * BIG + b'"}')
    elif kind == "10,000 deep":
        path.write_text("[" * 10_000 + "]" * 10_000)
    elif kind == "a million actions":
        record = Game(Rules.two_player(), ["Ann", "Bob"], seed=2).record().to_dict()
        action = json.dumps({"type": "draw", "player": 0})
        head = json.dumps({**record, "actions": []})[:-3]  # without the empty list's "[]}"
        with path.open("w") as file:
            file.write(head + "[" + ",".join([action] * 1_000_000) + "]}")
    elif kind == "a directory":
        path.mkdir()


CRAFTED = ["fifo", "symlink to /dev/zero", "50 MB", "10,000 deep", "a million actions"]
TIMES: dict[str, float] = {}
"""How long each answer took, printed with ``-s``: a figure to read, never asserted (a loaded
machine is slow). That the answer came at once shows in its reason: the cheap check that
refused the file before anything waited for a writer, read on or parsed (``REFUSED``)."""
REFUSED = {
    "fifo": "a FIFO (a named pipe), not a regular file",
    "symlink to /dev/zero": "a device, not a regular file",
    "50 MB": "larger than 8 MB",
    "10,000 deep": "nested too deeply",
    "a million actions": "larger than 8 MB",
    "a directory": "a directory, not a regular file",
}


@pytest.mark.parametrize("kind", [*CRAFTED, "a directory"])
def test_a_crafted_autosave_is_answered_at_once_in_one_line_and_kept_aside(
    data_dir: Path, kind: str
) -> None:
    data_dir.mkdir(parents=True)
    crafted(kind, data_dir / FILE_NAME)
    started = time.perf_counter()
    result = run_cli("--plain", "resume", stdin="n\n", timeout=60)
    TIMES[f"resume, {kind}"] = time.perf_counter() - started
    print(f"\nresume, {kind}: {TIMES[f'resume, {kind}']:.2f} s")  # the figure, with -s
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "The saved match cannot be resumed" in result.stderr
    assert "kept as" in result.stderr and "Traceback" not in result.stderr
    assert REFUSED[kind] in result.stderr
    assert not (data_dir / FILE_NAME).exists() and not (data_dir / FILE_NAME).is_symlink()
    assert len(list(data_dir.glob("autosave.corrupt-*.json"))) == 1


@pytest.mark.parametrize("kind", CRAFTED)
def test_a_crafted_record_is_refused_at_once_in_one_line_naming_the_file(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "match.json"
    crafted(kind, path)
    started = time.perf_counter()
    result = run_cli("replay", str(path), timeout=60)
    TIMES[f"replay, {kind}"] = time.perf_counter() - started
    print(f"\nreplay, {kind}: {TIMES[f'replay, {kind}']:.2f} s")  # the figure, with -s
    assert result.returncode == 1
    assert result.stderr.startswith(f"uno-tui: replay: {path}: ")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert REFUSED[kind] in result.stderr


def test_the_size_cap_is_counted_while_reading_not_taken_from_the_reported_size(
    tmp_path: Path,
) -> None:
    path = tmp_path / FILE_NAME
    path.symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="a device, not a regular file"):
        read_save(path)


def test_a_record_of_more_moves_than_any_match_is_refused() -> None:
    record = Game(Rules.two_player(), ["Ann", "Bob"], seed=2).record().to_dict()
    record["actions"] = [{"type": "draw", "player": 0}] * 100_001
    with pytest.raises(RecordError, match="holds 100001 moves, more than any match"):
        MatchRecord.from_dict(record)


def test_a_record_with_a_number_too_long_to_read_is_one_line(tmp_path: Path) -> None:
    record = Game(Rules.two_player(), ["Ann", "Bob"], seed=2).record().to_json()
    path = tmp_path / "match.json"
    path.write_text(record.replace('"seed": 2', '"seed": ' + "9" * 5000))
    result = run_cli("replay", str(path))
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "not valid JSON" in result.stderr


# No flag discards a match; messages never contradict ----------------------------------------


def saved_match(data_dir: Path) -> bytes:
    """A match saved by "another uno-tui that has ended": this process lets go of the lock."""
    session = Session(
        Rules.two_player(), [Seat("Ann"), Seat("Bob", "easy")], seed=5, autosave=Autosave()
    )
    session.save()
    release_save_lock(data_dir / FILE_NAME)
    return (data_dir / FILE_NAME).read_bytes()


def test_a_new_match_in_the_line_mode_keeps_the_saved_one(data_dir: Path) -> None:
    before = saved_match(data_dir)
    result = run_cli("--plain", "--players", "Cy,Di:easy", stdin="n\nquit\n")
    assert result.returncode == 0, result.stderr
    kept = list(data_dir.glob("autosave.kept-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert f"Starting a new match. The saved match is kept as {kept[0]}." in result.stdout
    assert "replaces" not in result.stdout


def test_quit_at_the_resume_question_leaves(data_dir: Path) -> None:
    before = saved_match(data_dir)
    result = run_cli("--plain", stdin="quit\n")
    assert result.returncode == 0 and "Goodbye." in result.stdout
    assert "Please answer" not in result.stdout
    assert (data_dir / FILE_NAME).read_bytes() == before


def test_an_unusable_data_directory_is_not_called_saved(tmp_path: Path) -> None:
    """Under a regular file: no save exists (nothing "cannot be resumed"), and the match is
    told once that it is not saved, never that it is."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    env = {**os.environ, "UNO_TUI_DATA_DIR": str(blocker / "uno")}
    result = subprocess.run(
        [sys.executable, "-m", "uno_tui", "--plain", "--players", "Ann,Bob:easy"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "cannot be resumed" not in result.stderr
    assert "could not be saved" in result.stderr and result.stderr.count("\n") == 1
    assert "saved after every move" not in result.stdout


@contextlib.contextmanager
def another_uno_tui_holding_the_save(data_dir: Path) -> Iterator[None]:
    """A process holding the save's lock, as a running uno-tui does."""
    lock = data_dir / f"{FILE_NAME}.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, sys, time\n"
            f"f = open({str(lock)!r}, 'a'); fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\n"
            "print('held', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        yield
    finally:
        holder.kill()
        holder.wait()


def test_a_second_uno_tui_does_not_offer_the_match_the_first_is_playing(data_dir: Path) -> None:
    before = saved_match(data_dir)
    with another_uno_tui_holding_the_save(data_dir):
        result = run_cli("--plain", "--players", "Cy,Di:easy", stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert "Resume it?" not in result.stdout and "replaces" not in result.stdout
    assert result.stderr.count("\n") == 1
    assert "Another uno-tui is playing and saving its match in" in result.stderr
    assert "saved after every move" not in result.stdout
    assert (data_dir / FILE_NAME).read_bytes() == before


def test_resume_while_another_uno_tui_plays_the_match_says_so(data_dir: Path) -> None:
    before = saved_match(data_dir)
    with another_uno_tui_holding_the_save(data_dir):
        result = run_cli("--plain", "resume", stdin="quit\n")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Another uno-tui is playing" in result.stderr
    assert "Start a new match?" not in result.stdout
    assert (data_dir / FILE_NAME).read_bytes() == before
    assert not list(data_dir.glob("autosave.corrupt-*"))


# The command line's numbers ------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--games", "99999999999999999999999"),
        ("simulate", "--games", "9" * 5000),
        ("simulate", "--seed", "-1"),
        ("simulate", "--think-ms", "99999999999"),
        ("--seed", "99999999999999999999999"),
        ("--target", "0"),
        ("--target", "99999999999"),
        ("--plain", "--players", "a," * 600),
    ],
)
def test_out_of_bounds_numbers_exit_2_with_one_line(args: tuple[str, ...]) -> None:
    result = run_cli(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr and len(result.stderr) < 300


def test_jobs_are_capped_at_the_cores_and_the_games() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["simulate", "--jobs", "1000", "--games", "1", "--seed", "1"])
    assert config_from(args).jobs == 1
    args = parser.parse_args(["simulate", "--jobs", "1000", "--games", "500", "--seed", "1"])
    assert config_from(args).jobs == min(500, os.cpu_count() or 1)
    assert isinstance(config_from(args), Config)


def test_simulate_with_a_thousand_jobs_for_one_game_starts_no_thousand_processes() -> None:
    result = run_cli("simulate", "--jobs", "1000", "--games", "1", "--seed", "1", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["jobs"] == 1  # capped at the one game


# Where things live ---------------------------------------------------------------------------


def test_the_remembered_setup_follows_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("UNO_TUI_CONFIG_DIR")
    monkeypatch.setenv("UNO_TUI_DATA_DIR", str(tmp_path / "moved"))
    assert config_dir() == tmp_path / "moved"
    monkeypatch.setenv("UNO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    assert config_dir() == tmp_path / "config"


def test_a_remembered_setup_against_the_name_rule_or_a_fifo_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UNO_TUI_CONFIG_DIR", str(tmp_path))
    setup = {
        "rules": "classic",
        "seats": [{"name": "X\x1b]0;t\x07", "bot": None}, {"name": "Bo", "bot": "easy"}],
        "options": {},
        "bot_delay": 0.6,
        "narrate": False,
    }
    (tmp_path / "last-setup.json").write_text(json.dumps(setup))
    assert load_last_setup().seats[0].name == "You"
    (tmp_path / "last-setup.json").unlink()
    os.mkfifo(tmp_path / "last-setup.json")
    assert load_last_setup().seats[0].name == "You"  # opened without waiting for a writer
