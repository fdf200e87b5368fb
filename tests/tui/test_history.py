"""Every finished match is kept in matches/: ``uno-tui history`` lists it, ``uno-tui replay
--last`` (and ``replay N``) tell it, and the match's end offers to replay it in the app."""

from __future__ import annotations

from pathlib import Path

import pytest

from uno_tui.cli import main
from uno_tui.engine import Game, MatchRecord, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.store.archive import matches_dir
from uno_tui.store.saves import Autosave
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import ReplayScreen, ReplayTableScreen, RoundEndScreen
from uno_tui.tui.table_setup import TableSetup

from .driver import SIZE
from .screen import screen_text


def one_move_match(data: Path) -> UnoApp:
    """Ann (a person) goes out with her last card and reaches the target at once."""
    rules = Rules.two_player(target_score=10)
    position = Position.of(["R2", "B7 Y3 G9 W+4"], "R5")
    game = Game(rules, ["Ann", "Bob"], position=position, seed=3)
    seats = [Seat("Ann"), Seat("Bob", "easy")]
    session = Session(rules, seats, game=game, autosave=Autosave(data / "autosave.json"))
    setup = TableSetup(rules="two-player", seats=session.seats, bot_delay=0.0)
    return UnoApp(setup=setup, session=session, remember=False, reduce_motion=True)


async def test_history_lists_a_finished_match_and_replay_last_tells_it(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = one_move_match(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        await pilot.press("enter")  # Ann plays R2 and wins the match
        await pilot.pause(0.2)
        assert isinstance(app.screen, RoundEndScreen) and app.screen.match_over
        assert "R to replay this match" in screen_text(app)
        assert "Points hand by hand" in screen_text(app)
        assert "Totals hand by hand" in screen_text(app)  # the chart, at the match's end
        await pilot.press("r")  # the match on the table, from its deal
        await pilot.pause(0.1)
        assert isinstance(app.screen, ReplayTableScreen)
        assert "Your hand:" in screen_text(app)  # Ann, the one person, saw her own hand
        assert "Bob:" not in screen_text(app)  # and no other
        await pilot.press("l")  # the same match as lines, as narration reads it
        await pilot.pause(0.1)
        assert isinstance(app.screen, ReplayScreen)
        assert "1. Ann plays Red 2." in screen_text(app)

    kept = sorted(matches_dir(data_dir).glob("*.json"))
    assert len(kept) == 1 and kept[0].name.endswith("_Ann-Bob.json")
    assert MatchRecord.load(kept[0]).players == ("Ann", "Bob")  # the replayable format
    assert not (data_dir / "autosave.json").exists()  # a finished match leaves no autosave

    assert main(["history"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 for line in listed)  # nothing wraps in 80 columns
    assert listed[2].split()[0] == "1"
    assert "two-player" in listed[2] and "Ann" in listed[2] and "Ann, Bob" in listed[3]

    assert main(["replay", "--last"]) == 0
    told = capsys.readouterr().out
    assert "1. Ann plays Red 2." in told and "the match" in told
    assert main(["replay", "1"]) == 0
    assert capsys.readouterr().out == told
    assert main(["replay", str(kept[0])]) == 0  # the file itself, as before
    assert capsys.readouterr().out == told


def test_replay_without_a_kept_match_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--last"]) == 1
    assert "no match has been kept yet" in capsys.readouterr().err
    assert main(["history"]) == 0
    assert "No match has been kept yet" in capsys.readouterr().out


def test_replay_of_a_number_history_does_not_list_is_refused(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game(Rules.classic(), ["Ann", "Bob", "Cy"], seed=1)
    game.apply(game.legal_actions()[0])
    session = Session(game.rules, [Seat(n) for n in game.names], game=game)
    session.autosave = Autosave(data_dir / "autosave.json")
    session.keep()  # an unfinished match replaced by a new one is kept too
    assert main(["replay", "4"]) == 1
    assert "no kept match number 4: history lists 1 to 1" in capsys.readouterr().err
    assert main(["history"]) == 0
    assert "(left unfinished)" in capsys.readouterr().out
