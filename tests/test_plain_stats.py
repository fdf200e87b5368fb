"""The line mode's statistics: ``stats`` at a setup question says what every kept match adds
up to, and at a question in a match what the asking person's do, in sentences, the most
important first, no chart; nothing is used up (the question comes again, the turn stays)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from uno_tui.cli import main
from uno_tui.engine import Rules
from uno_tui.match.session import Seat, Session
from uno_tui.plain import PlainGame, PlainSetup
from uno_tui.store.archive import matches_dir
from uno_tui.store.saves import Autosave
from uno_tui.store.stats import read_kept, spoken_stats, summarise, summary_lines

from .helpers import game_at
from .test_stats import keep_one_move_match


def kept_history(directory: Path) -> None:
    """Ann beat an easy bot twice and lost once to Bob (a person); a broken file beside."""
    keep_one_move_match(directory, "Ann", "Ada", [None, "easy"])
    keep_one_move_match(directory, "ANN", "Bo", [None, "easy"])
    keep_one_move_match(directory, "Bob", "Ann", [None, None])
    (directory / "2026-11-30_20-00-00_broken.json").write_text("[]", encoding="utf-8")


def test_spoken_stats_are_the_summary_then_the_trend_then_what_was_skipped(
    tmp_path: Path,
) -> None:
    kept_history(tmp_path)
    lines = spoken_stats(tmp_path)
    summary = summarise(read_kept(tmp_path))
    assert lines[: len(summary_lines(summary))] == summary_lines(summary)
    # (keep_match dates files by the second: which spelling is the latest is not fixed)
    trend = "ann's win rate over the last 3 matches: from "
    assert any(line.casefold().startswith(trend) for line in lines)
    assert lines[-1].startswith("Skipped 2026-11-30_20-00-00_broken.json: ")


def test_spoken_stats_for_one_person_ignoring_case(tmp_path: Path) -> None:
    kept_history(tmp_path)
    lines = spoken_stats(tmp_path, "ann")
    assert lines[0].casefold().startswith("ann: won 2 of 3 matches (67%, 95% interval 21% to 94%)")
    assert "Against the easy bots: won 2 of 2 matches (100%, 95% interval 34% to 100%)." in lines
    assert not any(line.startswith(("Bob", "The easy bots")) for line in lines)
    assert spoken_stats(tmp_path, "Zed") == [
        "No kept match counts Zed yet: every finished match is counted."
    ]


def test_stats_at_a_setup_question_then_the_question_again(tmp_path: Path) -> None:
    kept_history(tmp_path)
    said: list[str] = []
    answers: Iterator[str] = iter(["stats"])

    def ask(question: str) -> str:
        said.append(question)
        return next(answers, "")

    rules, seats = PlainSetup(ask, said.append, lambda: spoken_stats(tmp_path)).run()
    assert rules == Rules.classic() and len(seats) == 4  # every default, as with no stats
    assert said[0].endswith("Type stats at any question to hear what the kept matches add up to.")
    first = said.index("3 kept matches counted.")
    assert said[first - 1] == said[first + len(spoken_stats(tmp_path))]  # asked again


def test_stats_in_a_match_say_the_asking_persons_figures_and_use_no_turn(data_dir: Path) -> None:
    directory = matches_dir(data_dir)
    kept_history(directory)
    game = game_at(Rules.classic(), ["R7 B5 W", "G1 G2", "Y2 Y3"], top="R5")
    seats = [Seat("ann"), Seat("Ben", "easy"), Seat("Cat", "easy")]
    autosave = Autosave(data_dir / "autosave.json")
    session = Session(game.rules, seats, game=game, autosave=autosave)
    out = io.StringIO()
    answers = iter(["stats", "quit"])

    def read() -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    PlainGame(session, read, out).run()
    lines = out.getvalue().splitlines()
    assert any(line.casefold().startswith("ann: won 2 of 3 matches (67%") for line in lines)
    assert any(line.startswith("Skipped 2026-11-30_20-00-00_broken.json") for line in lines)
    assert not game.actions


def test_plain_stats_on_the_command_line_is_the_same_sentences(
    data_dir: Path, capsys: object
) -> None:
    """``uno-tui --plain stats``: the top level's --plain changes nothing, the command is
    sentences already (no chart anywhere in the terminal)."""
    kept_history(matches_dir(data_dir))
    assert main(["--plain", "stats"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.splitlines()[0] == "3 kept matches counted."
    assert not any(set(line) & set("▁▂▃▄▅▆▇█") for line in out.splitlines())
