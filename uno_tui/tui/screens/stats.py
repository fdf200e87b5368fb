"""What the kept matches add up to, as ``uno-tui stats`` says it: the figures as tables, and
two charts, each person's win rate over their last matches and one match's totals hand by
hand. In narration mode the same figures are spoken as sentences, the most important first.

The kept matches are read off the UI thread (a long history's first reading plays every match
back); the screen says so meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from uno_tui.seats import BOT_LEVELS
from uno_tui.store.archive import matches_dir
from uno_tui.store.stats import (
    RECENT,
    Figures,
    RoundByRound,
    StatsReport,
    Summary,
    match_words,
    percent,
    stats_report,
    summary_lines,
    trend_words,
)
from uno_tui.text import shown
from uno_tui.tui.widgets.bar_rows import BarRows, Series

LoadStats = Callable[[], StatsReport]
Speak = Callable[[str, bool], None]
"""Says a line aloud: at once, cutting what is being said (True), or after it (False)."""


def kept_stats() -> StatsReport:
    """The kept matches in uno-tui's data directory, summed up."""
    return stats_report(matches_dir())


class StatsScreen(Screen[None]):
    """The figures of every kept match; Enter or Escape goes back."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("enter", "close", "Back", show=False),
        Binding("r", "say_again", "Say again"),
        Binding("home", "scroll('home')", "First", show=False),
        Binding("end", "scroll('end')", "Last", show=False),
    ]

    def __init__(
        self,
        load: LoadStats,
        *,
        match: RoundByRound | None = None,
        match_title: str = "",
        speak: Speak | None = None,
    ) -> None:
        """``load`` reads the kept matches (off the UI thread); ``match``: the match to chart
        round by round instead of the last one kept (the one just ended); ``speak``: says a
        line aloud, in narration mode."""
        super().__init__()
        self.load = load
        self.match = match
        self.match_title = match_title
        self.speak = speak
        self.report: StatsReport | None = None
        self.spoken: list[str] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="stats"):
            yield Static(Text("What the kept matches add up to", style="bold"), id="stats-title")
            yield Static("Reading the kept matches...", id="stats-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
        self.read()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "say_again":
            return self.speak is not None
        return True

    @work(exclusive=True, group="stats")
    async def read(self) -> None:
        await self.show(await asyncio.to_thread(self.load))

    async def show(self, report: StatsReport) -> None:
        """Fill the screen with ``report``, and say it in narration mode."""
        self.report = report
        match, title = report.match, report.match_title
        if self.match is not None:
            match, title = self.match, self.match_title
        scroll = self.query_one(VerticalScroll)
        await scroll.query("#stats-body").remove()
        await scroll.mount_all(stats_widgets(report.summary, match, title))
        self.spoken = spoken_lines(report.summary, match, title)
        self.say_all()

    def action_say_again(self) -> None:
        self.say_all()

    def say_all(self) -> None:
        """The spoken summary, cutting whatever was being said (the key that opened or asked
        for it was the listener's)."""
        if self.speak is not None:
            for index, line in enumerate(self.spoken):
                self.speak(line, index == 0)

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one(VerticalScroll)
        if where == "home":
            scroll.scroll_home(animate=False)
        else:
            scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


# What the screen shows ---------------------------------------------------------------------


def stats_widgets(
    summary: Summary, match: RoundByRound | None, title: str
) -> list[Static | BarRows]:
    """The figures, the charts and the skipped files, in reading order."""
    widgets: list[Static | BarRows] = [Static(head_text(summary), id="stats-head")]
    if summary.people or summary.levels:
        widgets.append(Static(figures_table(summary), id="stats-figures", classes="stats-part"))
    if any(side.against for side in summary.people):
        widgets.append(Static(against_table(summary), id="stats-against", classes="stats-part"))
    trends = [
        Series(
            side.name,
            side.overall.rates_over_time(),
            percent(side.overall.rates_over_time()[-1]),
            side.overall.results[-RECENT:],
        )
        for side in summary.people
        if side.overall.matches
    ]
    if trends:
        longest = max(len(series.values) for series in trends)
        last = "the last match" if longest == 1 else f"the last {longest} matches"
        caption = Text(f"Win rate over {last}", style="bold")
        caption.append("  (after each match, on 0 to 100%; green: a match won)")
        widgets.append(Static(caption, classes="stats-part chart-caption"))
        widgets.append(BarRows(trends, top=1.0, id="stats-trends"))
    if match is not None and match.totals:
        top = max(max(row) for row in match.totals) or 1
        rounds = len(match.totals)
        caption = Text(f"Totals hand by hand: {title}", style="bold")
        caption.append(f"  ({rounds} {'hand' if rounds == 1 else 'hands'})")
        widgets.append(Static(caption, classes="stats-part chart-caption"))
        series = [
            Series(label, [row[i] for row in match.totals], str(match.totals[-1][i]))
            for i, label in enumerate(match.labels)
        ]
        widgets.append(BarRows(series, top=top, id="stats-match"))
    if any(len(side.by_rules) > 1 for side in [*summary.people, *summary.levels]):
        widgets.append(Static(rules_table(summary), id="stats-rules", classes="stats-part"))
    if summary.skipped:
        lines = Text("Skipped (cannot be read):", style="bold")
        for skipped in summary.skipped:
            lines.append("\n" + shown(f"{skipped.source}: {skipped.why}"))  # a file's name
        widgets.append(Static(lines, id="stats-skipped", classes="stats-part"))
    return widgets


def head_text(summary: Summary) -> Text:
    if summary.matches == 0:
        return Text("No match is kept yet: every finished match is counted here.")
    noun = "match" if summary.matches == 1 else "matches"
    text = Text(f"{summary.matches} kept {noun} counted")
    if summary.without_seats:
        text.append(f"; {summary.without_seats} from before seats were kept (all people)")
    if summary.skipped:
        text.append(f"; {len(summary.skipped)} skipped")
    left = [side.overall for side in [*summary.people, *summary.levels] if side.overall.unfinished]
    if left:  # told with the first such figure, as it stands in the table
        first = left[0]
        text.append(
            f"; Played {first.matches} +{first.unfinished} reads {first.matches} finished "
            f"and {first.unfinished} more left unfinished"
        )
    text.append(".")
    return text


def figures_table(summary: Summary) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    table.add_column("\nWho", no_wrap=True, max_width=20, overflow="ellipsis")
    headings = (
        "\nPlayed",
        "\nWon",
        "Win\nrate",
        "95%\ninterval",
        "Hands\nwon",
        "Points a\nhand won",
        "Best\nhand",
        "Best\nstreak",
    )
    for heading in headings:
        table.add_column(heading, justify="right", no_wrap=True)
    for side in summary.people:
        table.add_row(Text(side.name, style="bold"), *figure_cells(side.overall))
    if summary.levels:
        table.add_section()
        for side in summary.levels:
            table.add_row(Text(f"{side.name} bots", style="italic"), *figure_cells(side.overall))
    return table


def figure_cells(figures: Figures) -> list[RenderableType]:
    interval = figures.interval
    rate = figures.win_rate
    average = figures.points_per_round_won
    best = figures.best_round
    matches = str(figures.matches)
    if figures.unfinished:
        matches += f" +{figures.unfinished}"
    return [
        matches,
        str(figures.won),
        "-" if rate is None else percent(rate),
        "-" if interval is None else f"{percent(interval[0])}-{percent(interval[1])}",
        f"{figures.rounds_won}/{figures.rounds}",
        "-" if average is None else f"{average:.0f}",
        "-" if best is None else str(best.points),
        str(figures.longest_streak),
    ]


def record_cell(figures: Figures | None) -> Text:
    if figures is None or figures.matches == 0:
        return Text("-", style="dim")
    rate = figures.win_rate
    assert rate is not None
    return Text(f"{figures.won}/{figures.matches} {percent(rate)}")


def against_table(summary: Summary) -> Group:
    levels = [level for level in BOT_LEVELS if any(level in s.against for s in summary.people)]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    table.add_column("Against", no_wrap=True, max_width=20, overflow="ellipsis")
    for level in levels:
        table.add_column(level, justify="right", no_wrap=True)
    for side in summary.people:
        if side.against:
            cells = [record_cell(side.against.get(level)) for level in levels]
            table.add_row(Text(side.name, style="bold"), *cells)
    caption = Text("Against the bots: matches won of those where that level sat at the table")
    return Group(caption, table)


def rules_table(summary: Summary) -> Group:
    sides = [s for s in [*summary.people, *summary.levels] if s.by_rules]
    names = sorted({rules for side in sides for rules in side.by_rules})
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    table.add_column("By rule set", no_wrap=True, max_width=20, overflow="ellipsis")
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    for side in sides:
        label = side.name if side in summary.people else f"{side.name} bots"
        cells = [record_cell(side.by_rules.get(name)) for name in names]
        table.add_row(Text(label, style="bold"), *cells)
    return Group(Text("Matches won by rule set"), table)


def spoken_lines(summary: Summary, match: RoundByRound | None, title: str) -> list[str]:
    """The screen in sentences, the most important first: the figures as ``uno-tui stats``
    says them, then the charts in words, then what Enter does."""
    lines = summary_lines(summary)
    lines.extend(words for side in summary.people if (words := trend_words(side)))
    if match is not None and match.totals:
        lines.append(match_words(match, title))
    lines.extend(shown(skipped.line().removeprefix("stats: ")) for skipped in summary.skipped)
    lines.append("Enter or Escape goes back.")
    return lines
