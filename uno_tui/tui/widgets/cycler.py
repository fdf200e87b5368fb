"""One value of a few, changed in place: the setup's lists (the rules, the players, each
seat's kind, the options with values).

A single line between arrows, "◀ medium bot ▶": Right (or Enter, or Space) takes the next
value, Left the one before, round and round; a click on an arrow steps that way, elsewhere
to the next. Nothing opens: the value is always the one shown, a listener hears each value as
it comes, and the keys are in the footer while it has focus. One widget where Textual's
``Select`` is several (its current value, its arrow and a hidden list of every option), so a
form of them is drawn sooner (``benchmarks/bench_app.py``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

PREVIOUS = "◀ "
NEXT = " ▶"


class Cycler(Widget, can_focus=True):
    """``options`` are ``(label, value)`` pairs; ``value`` is the one shown first."""

    DEFAULT_CSS = """
    Cycler {
        width: 24;
        height: auto;
        border: tall $border-blurred;
        color: $foreground;
        background: $surface;
        padding: 0 1;
        pointer: pointer;
    }
    Cycler:focus {
        border: tall $border;
        background-tint: $foreground 5%;
    }
    Cycler > .cycler--arrow {
        color: $foreground 50%;
    }
    Cycler:focus > .cycler--arrow {
        color: $foreground;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"cycler--arrow"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", key_display="←"),
        Binding("right", "step(1)", "Next", key_display="→"),
        Binding("enter,space", "step(1)", "Next", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]

    class Changed(Message):
        """The value shown changed (by a key, a click or the program)."""

        def __init__(self, cycler: Cycler, value: Any) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(
        self,
        options: Sequence[tuple[str, Any]],
        *,
        value: Any,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        if not options:
            raise ValueError("a cycler needs at least one option")
        self.options = list(options)
        self._index = self.index_of(value)

    def index_of(self, value: Any) -> int:
        for index, (_, option) in enumerate(self.options):
            if option == value:
                return index
        raise ValueError(f"{value!r} is not one of the options")

    @property
    def value(self) -> Any:
        return self.options[self._index][1]

    @value.setter
    def value(self, value: Any) -> None:
        self.show(self.index_of(value))

    @property
    def index(self) -> int:
        """Where the value shown stands among the options, from 0."""
        return self._index

    @property
    def label(self) -> str:
        """The value shown, in words."""
        return self.options[self._index][0]

    def show(self, index: int) -> None:
        if index == self._index:
            return
        width = self.content_size.width
        lines = len(self.lines(width))
        self._index = index
        self.refresh(layout=len(self.lines(width)) != lines)  # a long value takes more lines
        self.post_message(self.Changed(self, self.value))

    def action_step(self, by: int) -> None:
        self.show((self._index + by) % len(self.options))

    def action_first(self) -> None:
        self.show(0)

    def action_last(self) -> None:
        self.show(len(self.options) - 1)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        offset = event.get_content_offset_capture(self)
        self.action_step(-1 if offset.x < len(PREVIOUS) else 1)

    def lines(self, width: int) -> list[str]:
        """The value shown in lines of ``width`` less the arrows: a long one wraps."""
        return textwrap.wrap(self.label, max(width - len(PREVIOUS) - len(NEXT), 1)) or [""]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        arrow = self.get_component_rich_style("cycler--arrow", partial=True)
        width = self.content_size.width
        first, *more = self.lines(width)
        room = max(width - len(PREVIOUS) - len(NEXT), 0)
        text = Text.assemble((PREVIOUS, arrow), first.ljust(room), (NEXT, arrow), no_wrap=True)
        for line in more:
            text.append(f"\n{' ' * len(PREVIOUS)}{line}")
        return text
