"""A hosted match joined in a window: the join form (address and code), then the match told
line by line with each question's choices as buttons (click or type the number).

A minimal front end until the game screen talks to a table (DESIGN.md, "Front ends talk to a
table"): it runs the line mode on the remote seat in a worker thread, so it has the line
mode's words and review commands, and works in a web browser through ``uno-tui serve``.
"""

from __future__ import annotations

import queue
import re
from collections.abc import Callable

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Label, RichLog

from uno_tui.net.client import JoinError, RemoteTable
from uno_tui.net.remote_session import HostClosed, RemoteSession

PlayLines = Callable[[RemoteSession, Callable[[], str], "LineSink"], int]
"""Plays the remote seat line by line: reads answers with the callable, writes to the sink."""

CHOICE = re.compile(r"(\d+): (.+?)(?=, \d+: |\.$|$)")
MAX_BUTTONS = 12


class LineSink:
    """A text stream whose whole lines go to a callback (on the app's thread)."""

    def __init__(self, line: Callable[[str], None]) -> None:
        self.line = line
        self.pending = ""

    def write(self, text: str) -> int:
        self.pending += text
        *lines, self.pending = self.pending.split("\n")
        for line in lines:
            self.line(line)
        return len(text)

    def flush(self) -> None:
        """Lines are passed on as they end."""

    def isatty(self) -> bool:
        return False


class JoinApp(App[int]):
    CSS_PATH = "join_app.tcss"
    TITLE = "UNO: join a hosted match"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, play: PlayLines, address: str = "", code: str = "") -> None:
        super().__init__()
        self.play_lines = play
        self.address = address
        self.code = code
        self.answers: queue.Queue[str | None] = queue.Queue()

    def compose(self) -> ComposeResult:
        with Vertical(id="join-form"):
            yield Label("Join a hosted match: the host's address and your seat's code.")
            yield Input(self.address, placeholder="address, e.g. 192.168.1.5:8765", id="address")
            yield Input(self.code, placeholder="code, e.g. K7QM-2PXA", id="code")
            yield Button("Join", id="join", variant="primary")
            yield Label("", id="join-error")
        yield RichLog(id="lines", wrap=True, markup=False, auto_scroll=True)
        yield Horizontal(id="choices")
        yield Input(placeholder="type a number or a command (hand, top, counts, help)", id="answer")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#lines").display = False
        self.query_one("#answer").display = False
        if self.address and self.code:
            self.join(self.address, self.code)
        else:
            self.query_one("#address" if not self.address else "#code", Input).focus()

    @on(Button.Pressed, "#join")
    @on(Input.Submitted, "#address, #code")
    def join_pressed(self) -> None:
        address = self.query_one("#address", Input).value.strip()
        code = self.query_one("#code", Input).value.strip()
        if address and code:
            self.join(address, code)
        else:
            self.query_one("#code" if address else "#address", Input).focus()

    def join(self, address: str, code: str) -> None:
        self.query_one("#join-error", Label).update(f"Joining {address}...")
        self.connect(address, code)

    @work(thread=True, exclusive=True)
    def connect(self, address: str, code: str) -> None:
        try:
            table = RemoteTable(address, code)
            table.start()
            remote = RemoteSession(table)
        except JoinError as error:
            self.call_from_thread(self.refused, str(error))
            return
        self.call_from_thread(self.show_match)
        sink = LineSink(lambda line: self.call_from_thread(self.add_line, line))
        try:
            self.play_lines(remote, self.read_answer, sink)
        except HostClosed as closed:
            self.call_from_thread(self.add_line, f"The host closed the connection: {closed}.")
        finally:
            table.close()
        self.call_from_thread(self.add_line, "Ctrl+Q leaves.")

    def refused(self, reason: str) -> None:
        self.query_one("#join-error", Label).update(f"Cannot join: {reason}.")

    def show_match(self) -> None:
        self.query_one("#join-form").display = False
        self.query_one("#lines").display = True
        answer = self.query_one("#answer", Input)
        answer.display = True
        answer.focus()

    def read_answer(self) -> str:
        answer = self.answers.get()
        if answer is None:
            raise EOFError
        return answer

    def add_line(self, line: str) -> None:
        self.query_one("#lines", RichLog).write(line)
        if "?" in line:
            self.offer_choices(line)

    def offer_choices(self, prompt: str) -> None:
        choices = self.query_one("#choices", Horizontal)
        choices.remove_children()
        question = prompt.split("?", 1)[1] if "?" in prompt else ""
        found = CHOICE.findall(question)[:MAX_BUTTONS]
        choices.mount_all(
            Button(f"{number}: {words}", id=f"choice-{number}", classes="choice")
            for number, words in found
        )

    @on(Button.Pressed, ".choice")
    def choice_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.answer(event.button.id.removeprefix("choice-"))

    @on(Input.Submitted, "#answer")
    def answer_typed(self, event: Input.Submitted) -> None:
        self.answer(event.value)
        event.input.value = ""

    def answer(self, text: str) -> None:
        self.query_one("#choices", Horizontal).remove_children()
        self.query_one("#lines", RichLog).write(f"> {text}")
        self.answers.put(text)

    async def action_quit(self) -> None:
        self.answers.put(None)
        self.exit(0)

    def on_unmount(self) -> None:
        self.answers.put(None)  # the line mode's thread, waiting for an answer, ends
