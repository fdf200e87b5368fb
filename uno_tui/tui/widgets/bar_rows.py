"""A small column chart, one labelled row of columns per series, on one fixed scale.

Textual's ``Sparkline`` stretches its data from its own least to its greatest value, so a win
rate going from 58% to 60% would fill the row: here every row shares a scale that starts at 0
(a win rate's is 0 to 100%), so rows compare and a flat line looks flat. Each row is two lines
of eighth blocks (16 steps), its label on the left and its last value written on the right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

BLOCKS = " ▁▂▃▄▅▆▇█"
STEPS = 2 * (len(BLOCKS) - 1)
"""A row is two lines of eighth blocks: 16 steps from empty to full."""
LABEL_WIDTH = 16
END_WIDTH = 10


@dataclass(frozen=True, slots=True)
class Series:
    label: str
    values: Sequence[float]
    end: str
    """Written after the columns: the last value in words (``58%``, ``512``)."""
    marks: Sequence[bool] = ()
    """Columns drawn in the highlight colour (a match won), the rest in the plain one."""


def column_lines(value: float, top: float) -> tuple[str, str]:
    """The upper and the lower character of a column of ``value`` on a scale of 0 to
    ``top``; a value above 0 always shows at least one eighth."""
    steps = round(max(0.0, min(value, top)) / top * STEPS) if top > 0 else 0
    if value > 0 and steps == 0:
        steps = 1
    return BLOCKS[max(0, steps - 8)], BLOCKS[min(steps, 8)]


class BarRows(Widget):
    """Rows of columns, the newest on the right: as many as the width holds."""

    DEFAULT_CSS = """
    BarRows {
        height: auto;
    }
    BarRows > .bar-rows--mark {
        color: $success;
    }
    BarRows > .bar-rows--plain {
        color: $primary;
    }
    BarRows > .bar-rows--label {
        text-style: bold;
    }
    """
    COMPONENT_CLASSES = {"bar-rows--mark", "bar-rows--plain", "bar-rows--label"}

    series: reactive[tuple[Series, ...]] = reactive((), layout=True)

    def __init__(
        self,
        series: Sequence[Series] = (),
        *,
        top: float = 1.0,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.top = top
        """The scale's top: a value there fills both lines of its column."""
        self.set_reactive(BarRows.series, tuple(series))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 3 * len(self.series) - 1 if self.series else 0

    def render(self) -> RenderResult:
        return chart_text(
            self.series,
            self.top,
            self.size.width,
            mark=self.get_component_rich_style("bar-rows--mark"),
            plain=self.get_component_rich_style("bar-rows--plain"),
            label=self.get_component_rich_style("bar-rows--label"),
        )


def chart_text(
    series: Sequence[Series],
    top: float,
    width: int,
    *,
    mark: object = "green",
    plain: object = "",
    label: object = "bold",
) -> Text:
    """The chart as text ``width`` cells wide: for each series two lines of columns (one
    cell a column, or two and a gap when there are few), then a blank line between rows."""
    room = max(1, width - LABEL_WIDTH - END_WIDTH - 1)
    text = Text(no_wrap=True, overflow="crop")
    for index, one in enumerate(series):
        values = list(one.values)[-room:]
        marks = list(one.marks)[-len(values) :] if one.marks else [False] * len(values)
        marks += [False] * (len(values) - len(marks))
        wide = len(values) * 3 <= room
        upper = Text()
        lower = Text()
        for value, marked in zip(values, marks, strict=True):
            high, low = column_lines(value, top)
            style = mark if marked else plain
            upper.append(high * 2 if wide else high, style=style)  # type: ignore[arg-type]
            lower.append(low * 2 if wide else low, style=style)  # type: ignore[arg-type]
            if wide:
                upper.append(" ")
                lower.append(" ")
        name = Text(one.label, style=label)  # type: ignore[arg-type]
        name.truncate(LABEL_WIDTH - 1, overflow="ellipsis")
        name.pad_right(LABEL_WIDTH - name.cell_len)
        if index:
            text.append("\n\n")
        text.append(" " * LABEL_WIDTH)
        text.append_text(upper)
        text.append("\n")
        text.append_text(name)
        text.append_text(lower)
        text.append(f" {one.end}")
    return text
