"""A hosted match joined in a window: the join form (the host's address and the seat's code),
then the app's own game screen on that seat (``GameScreen`` on a ``JoinedTable``): the same
hand, table, dialogs and keys as a match in this process, with no curtain (the screen belongs
to one person). ``uno-tui serve`` serves this window to web browsers.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.notifications import SeverityLevel
from textual.widgets import Button, Footer, Input, Label

from uno_tui.narration.speech import SpeechChoice
from uno_tui.net.client import JoinError, RemoteTable
from uno_tui.net.joined import JoinedTable
from uno_tui.tui.screens.game import GameScreen


class JoinApp(App[int]):
    CSS_PATH = ["app.tcss", "join_app.tcss"]
    TITLE = "UNO: join a hosted match"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        address: str = "",
        code: str = "",
        *,
        narrate: bool = False,
        speech: SpeechChoice = "auto",
        fingerprint: str = "",
        insecure: bool = False,
    ) -> None:
        super().__init__()
        self.address = address
        self.code = code
        self.fingerprint = fingerprint
        self.insecure = insecure
        """Plain ``ws://`` (``--insecure``): the form asks no fingerprint."""
        self.narrate = narrate
        self.speech: SpeechChoice = speech
        self.remote: RemoteTable | None = None

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every toast is plain text, as in the app's own window: the host's notices quote
        names (``[AFK]Bo joined.``, ``Bo[/] left``) that must show as typed, never act."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def compose(self) -> ComposeResult:
        with Vertical(id="join-form"):
            yield Label(
                "Join a hosted match: the host's address, your seat's code"
                + ("." if self.insecure else " and the fingerprint the host printed.")
            )
            yield Input(self.address, placeholder="address, e.g. 192.168.1.5:8765", id="address")
            yield Input(self.code, placeholder="code, e.g. K7QM-2PXA", id="code")
            if not self.insecure:
                yield Input(
                    self.fingerprint, placeholder="fingerprint, e.g. 4F2K-9QXB-ZC7M-H0TD", id="pin"
                )
            yield Button("Join", id="join", variant="primary")
            yield Label("", id="join-error", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        if self.address and self.code and (self.fingerprint or self.insecure):
            self.join(self.address, self.code, self.fingerprint)
        else:
            empty = [
                field
                for field, value in (
                    ("#address", self.address),
                    ("#code", self.code),
                    ("#pin", self.fingerprint or self.insecure),
                )
                if not value
            ]
            self.query_one(empty[0], Input).focus()

    @on(Button.Pressed, "#join")
    @on(Input.Submitted, "#address, #code, #pin")
    def join_pressed(self) -> None:
        address = self.query_one("#address", Input).value.strip()
        code = self.query_one("#code", Input).value.strip()
        pin = "" if self.insecure else self.query_one("#pin", Input).value.strip()
        if address and code and (pin or self.insecure):
            self.join(address, code, pin)
        else:
            self.query_one("#address" if not address else "#code" if not code else "#pin").focus()

    def join(self, address: str, code: str, fingerprint: str = "") -> None:
        self.say(f"Joining {address}...")
        self.connect(address, code, fingerprint)

    @work(thread=True, exclusive=True)
    def connect(self, address: str, code: str, fingerprint: str = "") -> None:
        remote: RemoteTable | None = None
        try:
            remote = RemoteTable(
                address, code, fingerprint=fingerprint or None, insecure=self.insecure
            )
            remote.start()
            table = JoinedTable(remote)
        except JoinError as error:
            if remote is not None:
                remote.close()
            self.call_from_thread(self.refused, str(error))
            return
        self.remote = remote
        self.call_from_thread(self.play, table)

    def say(self, line: str) -> None:
        """Show ``line`` under the form as text: an address, a name or the host's words are
        never markup (``[/]`` typed as the address is shown, not obeyed)."""
        self.query_one("#join-error", Label).update(Text(line))

    def refused(self, reason: str) -> None:
        self.say(f"Cannot join: {reason}.")

    def play(self, table: JoinedTable) -> None:
        self.say("")

        def over(_: None) -> None:
            closed = None if table.is_over else table.table.state.closed
            ended = f"The table is closed: {closed}." if closed else "The match is over."
            self.say(f"{ended} Ctrl+Q leaves.")

        self.push_screen(GameScreen(table, narrate=self.narrate, speech=self.speech), over)

    async def action_quit(self) -> None:
        self.exit(0)

    def on_unmount(self) -> None:
        if self.remote is not None:
            self.remote.close()  # the seat waits at the host
