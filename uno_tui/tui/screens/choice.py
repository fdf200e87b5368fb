"""A private question with a few answers: a colour, a player, challenge or not, play or keep."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Offset
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from uno_tui.tui.listening import cursor_on_live_line


class ChoiceScreen(ModalScreen[int | None]):
    """Answers by arrows and Enter, by their number, or by a click; the result is the index
    of the answer, or ``None`` when the question may be put off (Escape).

    Given ``speak(line, interrupt)``, the question and its numbered answers are spoken when it
    opens (after what is being said), and the answer under the highlight as the arrows move (at
    once); the terminal's cursor sits on it (for
    braille displays and magnifiers that follow it).

    Given ``narration`` (the game screen's N: it turns narration on or off and says so,
    returning whether it is now on), N works in the dialog too: after "Narration on." and
    where the game stands, the question is said again with its answers, and the dialog still
    answers."""

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("q", "quit_question", "Quit", show=False),
        Binding("n", "narration", "Narration", show=False),
        *(Binding(str(n), f"answer({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(
        self,
        question: str,
        answers: Sequence[str | Text],
        *,
        cancellable: bool = True,
        speak: Callable[[str, bool], None] | None = None,
        spoken: Sequence[str] | None = None,
        details: Text | None = None,
        quits: bool = False,
        spoken_details: str | None = None,
        narration: Callable[[], bool] | None = None,
    ) -> None:
        """``spoken``: the answers' words for speech, when they are not the answers' text;
        ``details``: what decides the question, shown under it (a challenge's stakes);
        ``quits``: Escape and Q answer ``None`` (leave), as before a match begins;
        ``spoken_details``: the details as a listener hears them, after the question."""
        self.spoken_details = spoken_details
        self.narration = narration
        super().__init__()
        self.quits = quits
        self.details = details
        self.question = question
        self.answers = list(answers)
        self.cancellable = cancellable
        self.speak = speak
        self.spoken = [str(a) for a in answers] if spoken is None else list(spoken)
        self.said_index = 0
        """The answer under the highlight when it was last spoken (the first, at first)."""

    def on_mount(self) -> None:
        self.say_question()
        self.call_after_refresh(self.place_cursor)

    def say_question(self) -> None:
        """The question, what decides it and its numbered answers, after what is being said."""
        if self.speak is None:
            return
        words = [w.strip() for w in self.spoken]
        numbered = ", ".join(f"{n}: {w}" for n, w in enumerate(words, start=1))
        details = f" {self.spoken_details}" if self.spoken_details else ""
        leave = " Q or Escape leaves." if self.quits else ""
        self.speak(f"{self.question}{details} {numbered}.{leave}", False)

    def action_narration(self) -> None:
        """N: narration on or off, as on the table; turned on, the question is said again
        (the answer under the highlight is where the arrows go on from)."""
        if self.narration is not None and self.narration():
            self.said_index = self.query_one("#answers", OptionList).highlighted or 0
            self.say_question()
            self.call_after_refresh(self.place_cursor)

    def place_cursor(self) -> None:
        """The terminal's cursor on the highlighted answer."""
        if cursor_on_live_line(self):  # text narration: the cursor stays on its line
            return
        answers = self.query_one_optional("#answers", OptionList)
        if answers is None:  # the question passed (a timer's bot moved) before this refresh
            return
        index = answers.highlighted or 0
        region = answers.content_region
        row = index - round(answers.scroll_offset.y)
        if 0 <= row < region.height:
            self.app.cursor_position = region.offset + Offset(0, row)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.call_after_refresh(self.place_cursor)
        index = event.option_index
        if self.speak is not None and index != self.said_index:
            self.said_index = index
            self.speak(f"{index + 1}: {self.spoken[index].strip()}", True)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(Text(self.question), id="question")  # a name in it is not markup
            if self.details is not None:
                yield Static(self.details, id="details")
            yield OptionList(
                *(
                    Option(Text.assemble(f"{n}  ", answer))
                    for n, answer in enumerate(self.answers, start=1)
                ),
                id="answers",
            )
            hint = "1-9 or arrows and Enter" + (", Escape to go back" if self.cancellable else "")
            if self.quits:
                hint = "1-9 or arrows and Enter, Q or Escape to quit"
            yield Label(hint, id="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_answer(self, index: int) -> None:
        if index < len(self.answers):
            self.dismiss(index)

    def action_cancel(self) -> None:
        if self.cancellable or self.quits:
            self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "narration":
            return self.narration is not None
        return self.quits if action == "quit_question" else True

    def action_quit_question(self) -> None:
        if self.quits:
            self.dismiss(None)
