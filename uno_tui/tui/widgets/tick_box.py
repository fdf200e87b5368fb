"""A checkbox that shows whether it is ticked by its mark, not by colour alone.

Textual's checkbox draws an "X" both on and off and tells them apart by colour, which is lost
with ``NO_COLOR`` and to some colour-blind players; this one draws "X" when on and a blank
when off.
"""

from __future__ import annotations

from textual.widgets import Checkbox


class TickBox(Checkbox):
    def on_mount(self) -> None:
        self.show_mark()

    def watch_value(self) -> None:
        super().watch_value()
        self.show_mark()

    def show_mark(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        self.refresh()
