"""The command line: a whole game through piped input, replay, and bad arguments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from uno_tui.engine import Game, MatchRecord, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.store.saves import FILE_NAME

from .random_play import random_action


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_tui", *args],
        input=stdin,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_whole_classic_match_against_three_bots_through_a_pipe() -> None:
    result = run(
        "--plain", "--rules", "classic", "--seed", "3", "--target", "1", stdin="1\nd\n" * 3000
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Your hand:" in out and " the match. Final scores:" in out
    assert "Traceback" not in out + result.stderr


def test_a_teams_match_with_four_people_by_turns() -> None:
    players = "Ann,Ben,Cat,Dan"
    result = run(
        "--plain",
        "--rules",
        "teams",
        "--players",
        players,
        "--seed",
        "2",
        "--target",
        "1",
        stdin="1\nd\n" * 20000,
    )
    assert result.returncode == 0, result.stderr
    assert "Hand the keyboard to Ann. Ann, are you ready? Press Enter." in result.stdout
    assert "Everyone secretly passes one card to their teammate." in result.stdout
    assert " the match. Final scores:" in result.stdout


def test_end_of_input_leaves_cleanly() -> None:
    result = run("--plain", "--seed", "1", stdin="")
    assert result.returncode == 0 and "Goodbye." in result.stdout
    assert "Traceback" not in result.stderr


def test_bad_input_is_answered_and_asked_again() -> None:
    result = run(
        "--plain",
        "--rules",
        "classic",
        "--seed",
        "1",
        stdin="\nbanana\n99\nhand\ntop\ncounts\nscores\nhelp\nquit\n",
    )
    assert "Not a choice: 'banana'" in result.stdout
    assert "Type a number from 1 to" in result.stdout
    assert "Top card:" in result.stdout and "Scores:" in result.stdout
    assert result.returncode == 0


def test_bad_arguments_exit_2_with_one_clear_line() -> None:
    for args in (
        ["--rules", "poker"],
        ["--players", "Ann,Bo:genius"],
        ["--players", ""],
        ["--players", "Ann,,Bob"],
        ["--target", "x"],
        ["--target", "0"],
        ["--target", "-5"],
        ["--seed", "1.5"],
        ["--seed"],
        ["--rules", "teams", "--players", "Ann,Ben,Cat"],
        ["--players", ",".join(f"P{i}" for i in range(11))],
        ["--bogus"],
        ["-x"],
        ["play"],
        ["resume", "extra"],
        ["replay"],
        ["simulate", "--games", "0"],
        ["simulate", "--nope"],
    ):
        result = run(*args)
        assert result.returncode == 2, args
        assert result.stderr.startswith("uno-tui"), (args, result.stderr)
        assert result.stderr.count("\n") == 1, (args, result.stderr)
        assert "usage:" not in result.stderr and "Traceback" not in result.stderr


def test_help_still_shows_the_usage() -> None:
    for args in (["--help"], ["-h"], ["simulate", "--help"], ["resume", "--help"]):
        result = run(*args)
        assert result.returncode == 0 and "usage: uno-tui" in result.stdout, args


def test_replay_tells_a_saved_match_move_by_move(tmp_path: Path) -> None:
    import random

    game = Game(Rules.two_player(), ["Maya", "Leo"], seed=4)
    rng = random.Random(4)
    for _ in range(30):
        game.apply(random_action(game, rng))
    path = tmp_path / "match.json"
    game.record().save(path)
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("1. ") for line in lines)
    assert any(line.startswith("30. ") for line in lines)
    assert "Maya" in result.stdout and "Leo" in result.stdout


def test_replay_of_a_corrupt_file_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{ not json")
    result = run("replay", str(path))
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "not valid JSON" in result.stderr


def test_a_session_plays_bots_until_a_person_must_decide() -> None:
    seats = [Seat("You"), Seat("Ada", "easy"), Seat("Bo", "random"), Seat("Cy", "easy")]
    session = Session(Rules.classic(), seats, seed=9)
    for _ in range(200):
        session.run_bots()
        decision = session.person_to_decide()
        if decision is None:
            break
        assert decision.player == 0
        session.apply(decision.actions[0])
    assert Game.from_record(MatchRecord.from_json(session.game.record().to_json())).digest() == (
        session.game.digest()
    )


def test_a_reader_that_goes_away_ends_the_output_quietly() -> None:
    """``uno-tui simulate --json | head -c 1``: the pipe's reader is gone before the result is
    written, and the simulator stops without a traceback, as a shell pipeline expects."""
    process = subprocess.Popen(
        [sys.executable, "-m", "uno_tui", "simulate", "--games", "50", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader leaves at once
    errors = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141
    assert "Traceback" not in errors and "Error" not in errors, errors


def test_q_leaves_a_match_as_it_does_in_the_app(data_dir: Path) -> None:
    """At a move, q (the app's key for save and quit) leaves, and the match is kept."""
    result = run("--plain", "--players", "You,Ada:medium", "--seed", "3", stdin="q\n")
    assert result.returncode == 0 and "Goodbye." in result.stdout
    assert "Not a choice" not in result.stdout
    assert (data_dir / FILE_NAME).exists()


class Terminal:
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_replay_shows_the_table_in_a_terminal_and_lines_elsewhere(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io

    from uno_tui import cli

    def table(*argv: str) -> bool:
        return cli.on_the_table(cli.build_parser().parse_args([*argv, "replay", "m.json"]))

    monkeypatch.setattr(cli.sys, "stdin", Terminal())
    monkeypatch.setattr(cli.sys, "stdout", Terminal())
    assert table()  # a person at a terminal watches the table
    assert not table("--plain")  # the line mode tells it line by line
    assert not table("--speech", "auto")  # spoken: the lines, each said
    monkeypatch.setattr(cli.sys, "stdout", io.StringIO())
    assert not table()  # into a pipe or a file: the lines


def test_replay_watches_a_record_on_the_table(tmp_path: Path) -> None:
    """The app built for ``uno-tui replay FILE`` holds the record's every move, from the deal;
    the seats of a kept match label the table (a person's own hand was theirs to see)."""
    import json

    from uno_tui.tui.replay_app import kept_bots, replay_app
    from uno_tui.tui.screens.replay_table import ReplayTableScreen

    game = Game(Rules.two_player(target_score=50), ["Ann", "Bob"], seed=2)
    for _ in range(12):
        game.apply(game.decisions()[0].actions[0])
    record = MatchRecord.of(game)
    path = tmp_path / "kept.json"
    data = record.to_dict()
    data["seats"] = [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": "hard"}]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert kept_bots(path, record) == [None, "hard"]
    app = replay_app(path, record)
    screen = app.replay
    assert isinstance(screen, ReplayTableScreen)
    assert len(screen.frames) == 13 and screen.frames[12].moves == 12
    assert screen.own == 0 and screen.labels == ("", "hard")
    record.save(tmp_path / "plain.json")  # a bare record names no seats: nobody's hand
    assert kept_bots(tmp_path / "plain.json", record) is None
    assert replay_app(tmp_path / "plain.json", record).replay.own is None
