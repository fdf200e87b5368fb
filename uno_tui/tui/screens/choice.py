"""A private question with a few answers: a colour, a player, challenge or not, play or keep."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option


class ChoiceScreen(ModalScreen[int | None]):
    """Answers by arrows and Enter, by their number, or by a click; the result is the index
    of the answer, or ``None`` when the question may be put off (Escape)."""

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        *(Binding(str(n), f"answer({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(
        self, question: str, answers: Sequence[str | Text], *, cancellable: bool = True
    ) -> None:
        super().__init__()
        self.question = question
        self.answers = list(answers)
        self.cancellable = cancellable

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(Text(self.question), id="question")  # names are text, not markup
            yield OptionList(
                *(
                    Option(Text.assemble(f"{n}  ", answer))
                    for n, answer in enumerate(self.answers, start=1)
                ),
                id="answers",
            )
            hint = "1-9 or arrows and Enter" + (", Escape to go back" if self.cancellable else "")
            yield Label(hint, id="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_answer(self, index: int) -> None:
        if index < len(self.answers):
            self.dismiss(index)

    def action_cancel(self) -> None:
        if self.cancellable:
            self.dismiss(None)
