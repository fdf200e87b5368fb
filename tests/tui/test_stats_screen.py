"""The stats screen: Ctrl+T on the setup and S at a match's end show what the kept matches add
up to (the figures, the record against each bot level, a chart of each person's win rate and
one of a match's totals hand by hand); in narration mode the same figures are spoken as
sentences, the most important first; a kept match that cannot be read is named, never shown
as markup."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from textual.containers import VerticalScroll

from uno_tui.narration.speech import Speaker
from uno_tui.store.archive import matches_dir
from uno_tui.store.stats import RoundByRound, summary_lines
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import GameScreen, RoundEndScreen, SetupScreen
from uno_tui.tui.screens.stats import StatsScreen, spoken_lines
from uno_tui.tui.table_setup import TableSetup
from uno_tui.tui.widgets.bar_rows import BarRows, Series, chart_text, column_lines

from ..test_stats import keep_one_move_match
from .recording_speech import RecordingSpeech
from .scenarios import made_up_report, stats_from_setup
from .screen import screen_text
from .test_history import one_move_match


async def opened(app: UnoApp, pilot, key: str = "ctrl+t") -> StatsScreen:  # type: ignore[no-untyped-def]
    """Press ``key`` and wait until the stats screen has read the kept matches."""
    await pilot.pause(0.1)
    await pilot.press(key)
    for _ in range(200):
        await pilot.pause(0.02)
        screen = app.screen
        if isinstance(screen, StatsScreen) and screen.report is not None:
            await pilot.pause()
            return screen
    raise AssertionError(f"no stats shown: {type(app.screen).__name__}")


async def test_the_setup_footer_teaches_the_key_and_escape_comes_back() -> None:
    app = stats_from_setup()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause(0.02)
            if isinstance(app.screen, SetupScreen) and "^t" in screen_text(app):
                break
        assert "^t Statistics" in screen_text(app)
        await opened(app, pilot)
        text = screen_text(app)
        assert "40 kept matches counted." in text
        # The made-up history's known figures: Ann won 20 of 30 (67%, Wilson 49% to 81%).
        ann = next(line for line in text.splitlines() if line.strip().startswith("Ann"))
        assert ann.split()[1:6] == ["30", "20", "67%", "49%-81%", "65/180"]
        assert "Against the bots" in text
        assert isinstance(app.focused, VerticalScroll)  # arrows and Page Down scroll it
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert isinstance(app.screen, SetupScreen)


async def test_both_charts_are_drawn_from_the_figures() -> None:
    app = stats_from_setup()
    report = made_up_report()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(app, pilot)
        trends = screen.query_one("#stats-trends", BarRows)
        ann = report.summary.people[0]
        assert [s.label for s in trends.series] == ["Ann", "Kim"]
        assert list(trends.series[0].values) == ann.overall.rates_over_time()
        assert list(trends.series[0].marks) == ann.overall.results[-30:]
        assert trends.series[1].end == "80%"  # Kim won 8 of 10
        match = screen.query_one("#stats-match", BarRows)
        assert report.match is not None
        assert [s.label for s in match.series] == list(report.match.labels)
        assert [s.end for s in match.series] == [str(t) for t in report.match.totals[-1]]
        assert "Totals hand by hand: the match of 2026-11-28" in screen_text(app)


def test_a_column_on_a_fixed_scale() -> None:
    """A win rate's scale is 0 to 100%: half fills the lower line, all fills both, a little
    still shows, nothing shows nothing."""
    assert column_lines(0.5, 1.0) == (" ", "█")
    assert column_lines(1.0, 1.0) == ("█", "█")
    assert column_lines(0.75, 1.0) == ("▄", "█")
    assert column_lines(0.001, 1.0) == (" ", "▁")
    assert column_lines(0.0, 1.0) == (" ", " ")
    text = chart_text([Series("Ann", [0.5, 1.0], "100%")], 1.0, 60).plain.splitlines()
    assert text[1].startswith("Ann") and text[1].rstrip().endswith("██ ██  100%")
    assert text[0].rstrip().endswith("██")


async def test_narration_speaks_the_figures_most_important_first() -> None:
    speech = RecordingSpeech(words_per_second=1000)
    app = UnoApp(
        setup=TableSetup(narrate=True),
        remember=False,
        speaker=Speaker(speech),
        read_stats=made_up_report,
    )
    report = made_up_report()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        expected = spoken_lines(report.summary, report.match, report.match_title)
        assert screen.spoken == expected
        assert expected[: len(summary_lines(report.summary))] == summary_lines(report.summary)
        assert expected[0] == "40 kept matches counted."
        assert expected[1].startswith("Ann: won 20 of 30 matches (67%, 95% interval 49% to 81%)")
        assert "Ann's win rate over the last 30 matches: from 100% to 67%." in expected
        assert expected[-1] == "Enter or Escape goes back."
        assert "r Say again" in screen_text(app)

        def told() -> list[str]:  # what was said since the stats screen opened (after the setup)
            said = speech.said()
            return said[said.index(expected[0]) :] if expected[0] in said else []

        for _ in range(100):
            if told() == expected:
                break
            time.sleep(0.01)
        assert told() == expected
        await pilot.press("r")
        await pilot.pause(0.1)
        assert told()[len(expected) :][:1] == expected[:1]


async def test_without_narration_nothing_is_said_and_no_say_again_key() -> None:
    app = stats_from_setup()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        assert screen.speak is None
        assert "Say again" not in screen_text(app)


async def test_from_the_match_end_with_this_match_round_by_round(data_dir: Path) -> None:
    """The match just ended is kept before its end screen: it is counted, and charted."""
    app = one_move_match(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        await pilot.press("enter")  # Ann plays R2 and wins the match
        await pilot.pause(0.2)
        assert isinstance(app.screen, RoundEndScreen) and app.screen.match_over
        assert "s Statistics" in screen_text(app)  # the footer; the hint says it below
        screen = await opened(app, pilot, "s")
        assert screen.match == RoundByRound(("Ann", "Bob"), ((69, 0),))
        assert screen.report is not None and screen.report.summary.matches == 1
        (ann,) = screen.report.summary.people
        assert ann.name == "Ann" and ann.overall.won == 1
        assert [level.name for level in screen.report.summary.levels] == ["easy"]
        await pilot.press("end")
        await pilot.pause(0.1)
        assert "Totals hand by hand: this match" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert isinstance(app.screen, RoundEndScreen)


async def test_a_round_end_before_the_match_end_offers_no_stats() -> None:
    """Mid-match, S at the round's end does nothing and its footer does not offer it."""
    from .scenarios import SCENARIOS

    scenario = next(s for s in SCENARIOS if s.name == "round-end")
    app = scenario.make_app()
    async with app.run_test(size=scenario.size) as pilot:
        await scenario.settle(pilot)
        assert isinstance(app.screen, RoundEndScreen) and not app.screen.match_over
        assert "Statistics" not in screen_text(app)
        await pilot.press("s")
        await pilot.pause(0.1)
        assert isinstance(app.screen, RoundEndScreen)


async def test_names_are_text_and_an_unreadable_match_is_named(data_dir: Path) -> None:
    """A kept name that looks like markup shows as typed; a broken kept file is one line
    naming it, under the figures."""
    directory = matches_dir(data_dir)
    keep_one_move_match(directory, "[b]Ann[/b]", "Bob", [None, "easy"])
    (directory / "2026-11-30_20-00-00_broken.json").write_text("{not json", encoding="utf-8")
    (directory / "2026-11-30_21-00-00_\x1b[2J.json").write_text("[]", encoding="utf-8")
    app = UnoApp(setup=TableSetup(), remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(app, pilot)
        text = screen_text(app)
        assert "[b]Ann[/b]" in text
        assert "1 kept match counted; 2 skipped." in text
        assert "2026-11-30_20-00-00_broken.json: the record is not valid JSON" in text
        assert "2026-11-30_21-00-00_\\x1b[2J.json: " in text  # escaped, never sent raw
        assert screen.report is not None and screen.report.directory == directory


async def test_no_kept_match_says_so() -> None:
    app = UnoApp(setup=TableSetup(), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(app, pilot)
        assert "No match is kept yet" in screen_text(app)


async def test_at_a_narrated_match_end_s_speaks_the_figures(data_dir: Path) -> None:
    """In narration mode, S at the match's end says the figures through the match's voice
    (kept for repeat and log), the chart of this match in words among them."""
    app = one_move_match(data_dir)
    assert app.setup is not None
    app.setup = replace(app.setup, narrate=True)
    app.speaker = Speaker(RecordingSpeech(words_per_second=1000))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        await pilot.press("enter")  # Ann plays R2 and wins the match
        await pilot.pause(0.2)
        assert isinstance(app.screen, RoundEndScreen) and app.screen.match_over
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.voice is not None
        assert "S shows the statistics" in game.voice.history.lines[-1]
        screen = await opened(app, pilot, "s")
        heard = list(game.voice.history.lines)
        assert heard[-len(screen.spoken) :] == screen.spoken
        assert "1 kept match counted." in screen.spoken
        assert "In this match, after 1 hand: Ann 69, Bob 0." in screen.spoken
