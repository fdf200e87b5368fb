"""``uno-tui stats``: made-up histories with known answers, real kept matches read and cached,
unreadable and hostile records, and the command line."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from uno_tui.cli import main
from uno_tui.engine import Game, Position, Rules
from uno_tui.store.archive import keep_match, matches_dir
from uno_tui.store.stats import (
    CACHE_NAME,
    MatchFacts,
    Reading,
    StatsUsageError,
    mask_of,
    parse_since,
    read_kept,
    read_match,
    read_one_by_one,
    round_by_round,
    summarise,
    summary_lines,
)

# Made-up histories ---------------------------------------------------------------------


def made_up(
    day: int,
    names: Sequence[str],
    bots: Sequence[str | None] | None,
    winners: Sequence[int],
    rounds: Sequence[tuple[int, int]] = (),
    *,
    rules: str = "classic",
    finished: bool = True,
    teams: bool = False,
) -> MatchFacts:
    """A match on 2026-11-``day``; ``rounds``: (the seat that went out, points)."""
    count = len(names)
    seat_rounds = rounds or [(winners[0], 50)] if finished else rounds

    def team(seat: int) -> int:
        """The seat's mask, with their partner's in Teams (seat s + n/2)."""
        return mask_of({seat, (seat + count // 2) % count} if teams else {seat})

    return MatchFacts(
        source=f"2026-11-{day:02d}_20-00-00_{'-'.join(names)}.json",
        date=f"2026-11-{day:02d} 20:00:00",
        rules=rules,
        names=tuple(names),
        bots=None if bots is None else tuple(bots),
        team_game=teams,
        finished=finished,
        winners=team(winners[0]) if finished else 0,
        round_winners=tuple(team(w) for w, _ in seat_rounds),
        round_points=tuple(p for _, p in seat_rounds),
    )


def history(*matches: MatchFacts) -> Reading:
    return Reading(matches=list(matches))


def test_win_rate_streak_and_wilson_interval_of_a_known_history() -> None:
    """Ann against Bo (easy): won, won, lost, won, won, won, lost: 5 of 7, a streak of 3."""
    results = [True, True, False, True, True, True, False]
    matches = [
        made_up(day, ["Ann", "Bo"], [None, "easy"], [0 if won else 1])
        for day, won in enumerate(results, start=1)
    ]
    summary = summarise(history(*matches))
    (ann,) = summary.people
    assert ann.name == "Ann"
    assert (ann.overall.matches, ann.overall.won, ann.overall.longest_streak) == (7, 5, 3)
    assert ann.overall.win_rate == pytest.approx(5 / 7)
    low, high = ann.overall.interval or (0, 0)
    # Wilson's 95% interval for 5 of 7, worked by hand: 0.359 to 0.918.
    assert low == pytest.approx(0.3589, abs=1e-3) and high == pytest.approx(0.9178, abs=1e-3)
    (easy,) = summary.levels
    assert (easy.name, easy.overall.matches, easy.overall.won) == ("easy", 7, 2)
    assert easy.overall.longest_streak == 1
    assert ann.against["easy"].won == 5 and ann.against["easy"].matches == 7


def test_interval_at_the_edges_stays_within_zero_and_one() -> None:
    all_won = [made_up(day, ["Ann", "Bo"], [None, "hard"], [0]) for day in range(1, 4)]
    (ann,) = summarise(history(*all_won)).people
    low, high = ann.overall.interval or (0, 0)
    assert high == 1.0 and 0.4 < low < 0.5  # 3 of 3: 0.438 to 1
    (hard,) = summarise(history(*all_won)).levels
    assert hard.overall.interval is not None and hard.overall.interval[0] == 0.0


def test_record_against_each_level_counts_the_matches_where_it_sat() -> None:
    history_ = history(
        made_up(1, ["Ann", "E1", "E2"], [None, "easy", "easy"], [0]),
        made_up(2, ["Ann", "E1", "H1"], [None, "easy", "hard"], [2]),
        made_up(3, ["Ann", "H1"], [None, "hard"], [1]),
        made_up(4, ["Ann", "E1"], [None, "easy"], [0]),
    )
    summary = summarise(history_)
    (ann,) = summary.people
    assert list(ann.against) == ["easy", "hard"]  # in the order of the levels
    assert (ann.against["easy"].matches, ann.against["easy"].won) == (3, 2)
    assert (ann.against["hard"].matches, ann.against["hard"].won) == (2, 0)
    levels = {side.name: side.overall for side in summary.levels}
    # Two easy bots in one match count it once; it is won when either of them wins.
    assert (levels["easy"].matches, levels["easy"].won) == (3, 0)
    assert (levels["hard"].matches, levels["hard"].won) == (2, 2)
    lines = summary_lines(summary)
    assert "Against the easy bots: won 2 of 3 matches (67%" in "\n".join(lines)
    assert "Against the hard bots: won 0 of 2 matches (0%" in "\n".join(lines)


def test_in_teams_a_bot_partner_is_not_an_opponent() -> None:
    """Seats 0 and 2 are partners ("Teammates sit across from each other")."""
    match = made_up(1, ["Ann", "E", "M", "E2"], [None, "easy", "medium", "easy"], [0], teams=True)
    (ann,) = summarise(history(match)).people
    assert list(ann.against) == ["easy"]
    assert ann.overall.won == 1
    levels = {side.name: side.overall.won for side in summarise(history(match)).levels}
    assert levels == {"easy": 0, "medium": 1}  # the medium bot won with Ann


def test_names_compare_ignoring_case_and_the_latest_spelling_is_shown() -> None:
    summary = summarise(
        history(
            made_up(1, ["ann", "Bo"], [None, "easy"], [0]),
            made_up(2, ["ANN", "Bo"], [None, "easy"], [0]),
            made_up(3, ["Ann", "Bo"], [None, "easy"], [1]),
        )
    )
    (ann,) = summary.people
    assert ann.name == "Ann" and ann.overall.matches == 3 and ann.overall.won == 2


def test_rounds_points_and_best_round() -> None:
    summary = summarise(
        history(
            made_up(1, ["Ann", "Bo"], [None, "easy"], [0], [(0, 40), (1, 90), (0, 100)]),
            made_up(2, ["Ann", "Bo"], [None, "easy"], [1], [(0, 160), (1, 30)]),
        )
    )
    (ann,) = summary.people
    figures = ann.overall
    assert (figures.rounds, figures.rounds_won, figures.points_won) == (5, 3, 300)
    assert figures.points_per_round_won == 100
    assert figures.best_round is not None
    assert (figures.best_round.points, figures.best_round.round_number) == (160, 1)
    assert figures.best_round.date.startswith("2026-11-02")
    assert summary_lines(summary)[3] == (
        "  Hands: won 3 of 5, 100 points a hand won on average;"
        " best hand 160 points (hand 1 of the match of 2026-11-02)."
    )


def test_by_rule_set() -> None:
    summary = summarise(
        history(
            made_up(1, ["Ann", "Bo"], [None, "easy"], [0], rules="two-player"),
            made_up(2, ["Ann", "Bo", "Cy"], [None, "easy", "easy"], [0]),
            made_up(3, ["Ann", "Bo", "Cy"], [None, "easy", "easy"], [1]),
        )
    )
    (ann,) = summary.people
    assert {rules: (f.matches, f.won) for rules, f in ann.by_rules.items()} == {
        "two-player": (1, 1),
        "classic": (2, 1),
    }
    assert "By rules: classic won 1 of 2 matches" in "\n".join(summary_lines(summary))


def test_an_unfinished_match_counts_its_rounds_but_not_in_the_streak() -> None:
    summary = summarise(
        history(
            made_up(1, ["Ann", "Bo"], [None, "easy"], [0]),
            made_up(2, ["Ann", "Bo"], [None, "easy"], [1], [(1, 20)], finished=False),
            made_up(3, ["Ann", "Bo"], [None, "easy"], [0]),
        )
    )
    (ann,) = summary.people
    assert (ann.overall.matches, ann.overall.unfinished, ann.overall.rounds) == (2, 1, 3)
    assert ann.overall.longest_streak == 2


def test_people_with_more_matches_come_first_and_without_seats_all_are_people() -> None:
    summary = summarise(
        history(
            made_up(1, ["Cy", "Ann"], [None, None], [1]),
            made_up(2, ["Ann", "Bo"], None, [0]),
        )
    )
    assert [side.name for side in summary.people] == ["Ann", "Bo", "Cy"]
    assert summary.without_seats == 1 and not summary.levels
    assert "counted as people" in summary_lines(summary)[-1]


def test_since_and_player() -> None:
    reading = history(
        made_up(1, ["Ann", "Bo"], [None, "easy"], [0]),
        made_up(5, ["Ann", "Cy"], [None, None], [1]),
        made_up(9, ["Ann", "Bo"], [None, "easy"], [1]),
    )
    since = summarise(reading, since="2026-11-05")
    assert since.matches == 2 and since.people[0].overall.won == 0
    only = summarise(reading, player="cy")
    assert [side.name for side in only.people] == ["Cy"] and not only.levels
    with pytest.raises(StatsUsageError, match="no match counted has a person named 'Zed'"):
        summarise(reading, player="Zed")
    with pytest.raises(StatsUsageError, match="not a date"):
        parse_since("yesterday")
    with pytest.raises(StatsUsageError, match="not a day of the calendar"):
        parse_since("2026-02-30")


def test_no_match_says_so() -> None:
    assert summary_lines(summarise(Reading()), Path("/x/matches")) == [
        "No match to count (they are kept in /x/matches)."
    ]


# Real kept matches ---------------------------------------------------------------------


def keep_one_move_match(
    directory: Path, first: str, second: str, bots: Sequence[str | None] | None
) -> Path:
    """``first`` goes out with their last card and reaches the target at once."""
    game = Game(
        Rules.two_player(target_score=10),
        [first, second],
        position=Position.of(["R2", "B7 Y3 G9 W+4"], "R5"),
        seed=3,
    )
    game.apply(game.legal_actions()[0])
    path = keep_match(game, directory, bots)
    assert path is not None
    return path


def test_a_kept_match_is_played_back_for_its_facts(tmp_path: Path) -> None:
    path = keep_one_move_match(tmp_path, "Ann", "Bob", [None, "easy"])
    facts = read_match(path)
    assert facts.finished and facts.winners == mask_of([0]) and facts.bots == (None, "easy")
    assert facts.rules == "two-player" and facts.round_winners == (mask_of([0]),)
    assert facts.round_points == (69,)  # B7 Y3 G9 W+4: 7 + 3 + 9 + 50
    assert round_by_round(path).labels == ("Ann", "Bob")
    assert round_by_round(path).totals == ((69, 0),)
    assert facts.date[:4].isdigit() and facts.date[10] == " "


def test_the_cache_agrees_with_reading_one_by_one_and_follows_changes(tmp_path: Path) -> None:
    directory = tmp_path / "matches"
    directory.mkdir()
    keep_one_move_match(directory, "Ann", "Bob", [None, "easy"])
    second = keep_one_move_match(directory, "Bob", "Ann", [None, None])
    fresh = read_kept(directory)
    assert (directory / CACHE_NAME).is_file()
    cached = read_kept(directory)
    slow = read_one_by_one(sorted(directory.glob("*.json")))
    assert summarise(cached).to_dict() == summarise(fresh).to_dict() == summarise(slow).to_dict()
    assert len(cached.matches) == 2
    # A kept match that changes is read again, not taken from the cache.
    second.write_text("not json", encoding="utf-8")
    changed = read_kept(directory)
    assert len(changed.matches) == 1 and changed.skipped[0].source == second.name
    assert read_kept(directory).skipped == changed.skipped  # unreadable, and cached as such


def test_a_broken_or_lying_cache_is_read_again_from_the_matches(tmp_path: Path) -> None:
    directory = tmp_path / "matches"
    directory.mkdir()
    path = keep_one_move_match(directory, "Ann", "Bob", [None, "easy"])
    truth = summarise(read_kept(directory, cache=False)).to_dict()
    cache = directory / CACHE_NAME
    cache.write_text("{{{", encoding="utf-8")
    assert summarise(read_kept(directory)).to_dict() == truth
    data = json.loads(cache.read_text(encoding="utf-8"))
    entry = data["matches"][path.name]
    for lie in (
        {6: 8},  # the winners: no such seat
        {2: ["Ann\x1b]52;c;x\x07", "Bob"]},  # a name no table accepts
        {2: ["Ann", "ann"]},  # two names the same ignoring case
        {3: ["godlike", None]},
        {7: [1, 1]},  # more rounds than points
        {8: ["many"]},
        {0: None},
    ):
        facts = list(entry["facts"])
        for index, value in lie.items():
            facts[index] = value
        data["matches"][path.name] = {**entry, "facts": facts}
        cache.write_text(json.dumps(data), encoding="utf-8")
        assert summarise(read_kept(directory)).to_dict() == truth, lie


def hostile_files(directory: Path) -> dict[str, str]:
    """Kept matches that cannot be read, and what their line must say."""
    directory.mkdir(parents=True, exist_ok=True)
    good = keep_one_move_match(directory, "Ann", "Bob", [None, "easy"])
    record = json.loads(good.read_text(encoding="utf-8"))
    cases = {
        "2026-01-01_00-00-00_notjson.json": ("{", "not valid JSON"),
        "2026-01-01_00-00-01_deep.json": ("[" * 100_000, "nested too deeply"),
        "2026-01-01_00-00-02_binary.json": ("\udcff", "not text"),
        "2026-01-01_00-00-03_other.json": ('{"format": "x"}', "not an uno-tui match record"),
        "2026-01-01_00-00-04_illegal.json": (
            json.dumps({**record, "actions": [{"type": "play", "player": 1, "card": "R9"}]}),
            "move 1",
        ),
        "2026-01-01_00-00-05_seats.json": (
            json.dumps({**record, "seats": [{"name": "Zed", "bot": None}] * 2}),
            "seats do not match",
        ),
        "2026-01-01_00-00-06_level.json": (
            json.dumps({**record, "seats": [{"name": "Ann", "bot": "god"}, {"name": "Bob"}]}),
            "unknown bot level 'god'",
        ),
        "2026-01-01_00-00-07_name.json": (
            json.dumps({**record, "players": ["Ann\x1b[2J", "Bob"]}),
            "",
        ),
    }
    for name, (text, _) in cases.items():
        if text == "\udcff":
            (directory / name).write_bytes(b"\xff\xfe\x00")
        else:
            (directory / name).write_text(text, encoding="utf-8")
    (directory / "2026-01-01_00-00-08_folder.json").mkdir()
    big = directory / "2026-01-01_00-00-09_big.json"
    with big.open("wb") as file:
        file.truncate(9 * 1024 * 1024)
    return {
        **{name: why for name, (_, why) in cases.items()},
        big.name: "larger than",
    }


def test_unreadable_kept_matches_are_skipped_one_line_each(tmp_path: Path) -> None:
    directory = tmp_path / "matches"
    expected = hostile_files(directory)
    reading = read_kept(directory)
    assert [m.names for m in reading.matches] == [("Ann", "Bob")]
    why = {skipped.source: skipped.why for skipped in reading.skipped}
    for name, words in expected.items():
        assert words in why[name], (name, why[name])
        assert "\n" not in why[name] and "\x1b" not in why[name]
    assert summarise(reading).people[0].overall.won == 1


# The command line ----------------------------------------------------------------------


def test_stats_in_sentences_and_json(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = matches_dir(data_dir)
    directory.mkdir(parents=True)
    keep_one_move_match(directory, "Ann", "Bob", [None, "easy"])
    keep_one_move_match(directory, "ann", "Bob", [None, "easy"])
    assert main(["stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 kept matches counted."
    assert out[1].startswith("ann: won 2 of 2 matches (100%, 95% interval 34% to 100%)")
    assert "longest winning streak 2 matches" in out[1]
    assert out[2] == "  Against the easy bots: won 2 of 2 matches (100%, 95% interval 34% to 100%)."
    assert any(line.startswith("The easy bots: won 0 of 2 matches") for line in out)

    assert main(["stats", "--json", "--player", "ANN"]) == 0
    data = json.loads(capsys.readouterr().out)
    (person,) = data["people"]
    assert (person["name"], person["matches"], person["won"], person["win_rate"]) == (
        "ann",
        2,
        2,
        1.0,
    )
    assert person["against"]["easy"]["won"] == 2 and data["bots"] == []
    assert person["win_rate_95"][1] == 1.0 and person["longest_streak"] == 2


def test_stats_since_file_and_bad_arguments(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = matches_dir(data_dir)
    directory.mkdir(parents=True)
    kept = keep_one_move_match(directory, "Ann", "Bob", [None, "easy"])
    old = kept.rename(directory / ("2020-01-01_00-00-00_" + kept.name.split("_", 2)[2]))
    sent = keep_one_move_match(tmp_path, "Cy", "Ann", None)
    assert main(["stats", "--since", "2021-01-01", "--file", str(sent), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"] == 1 and data["without_seats"] == 1
    assert [p["name"] for p in data["people"]] == ["Ann", "Cy"]
    assert main(["stats", "--since", "2019-12-31", "--player", "ann", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["people"][0]["matches"] == 1
    assert old.exists()

    assert main(["stats", "--since", "last week"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("uno-tui: stats: --since 'last week' is not a date") and err.count("\n") == 1
    )
    assert main(["stats", "--player", "Nobody"]) == 2
    assert "no match counted has a person named 'Nobody'" in capsys.readouterr().err
    assert main(["stats", "--bogus"]) == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_stats_skips_hostile_files_with_one_escaped_line_each(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = matches_dir(data_dir)
    expected = hostile_files(directory)
    (directory / "2026-01-02_00-00-00_\x1b]0;owned\x07.json").write_text("{", encoding="utf-8")
    assert main(["stats", "--file", str(data_dir / "missing.json")]) == 0
    captured = capsys.readouterr()
    assert "\x1b" not in captured.out + captured.err and "Traceback" not in captured.err
    err = captured.err.splitlines()
    assert (
        len(err) == len(expected) + 2
    )  # the escaped name, the missing file (a folder is no match)
    assert any("skipped 2026-01-02_00-00-00_\\x1b]0;owned\\x07.json" in line for line in err)
    assert any("missing.json: there is no such file" in line for line in err)
    assert captured.out.splitlines()[1].startswith("Ann: won 1 of 1 match (100%")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_among_kept_matches_does_not_hang(tmp_path: Path) -> None:
    directory = tmp_path / "matches"
    directory.mkdir()
    os.mkfifo(directory / "2026-01-01_00-00-00_pipe.json")
    reading = read_kept(directory)
    assert reading.skipped == [] and reading.matches == []  # kept_matches lists files only
    fifo = tmp_path / "sent.json"
    os.mkfifo(fifo)
    assert "FIFO" in read_one_by_one([fifo]).skipped[0].why
