"""A hosted match joined in a window: the join form (the host's address and the seat's code),
then the app's own game screen on that seat (``GameScreen`` on a ``JoinedTable``): the same
hand, table, dialogs and keys as a match in this process, with no curtain (the screen belongs
to one person). ``uno-tui serve`` serves this window to web browsers.
"""

from __future__ import annotations

import asyncio
import contextlib
from functools import partial
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Static

from uno_tui.narration import told_timers
from uno_tui.narration.sounds import SoundChoice
from uno_tui.narration.speech import Speaker, SpeechChoice, TextSpeaker, make_speaker
from uno_tui.net.chat import ChatRefused, check_text
from uno_tui.net.client import (
    FIRST_ANSWER,
    HostConnection,
    JoinError,
    address_url,
)
from uno_tui.net.joined import JoinedTable
from uno_tui.net.protocol import MAX_CHAT_TEXT, Lobby
from uno_tui.net.room import KeptSeat, kept_pin, kept_seat, lobby_words, seat_notes
from uno_tui.tui.listening import (
    Announcer,
    cursor_after_layouts,
    place_cursor,
    speak,
    start_listening,
)
from uno_tui.tui.screens.game import GameScreen
from uno_tui.tui.screens.help import JOINED_SECTIONS, HelpScreen
from uno_tui.tui.spoken_line import write_spoken

FIELD_WORDS = {
    "address": "The host's address",
    "code": "Your seat's code, or the room's",
    "name": "Your name, for a room's open seat",
    "pin": "The host's fingerprint, as the host printed it",
}

ROOM_WORDS = "Or the room's code and your name; no code: your seat there before."
"""The form's second line: a room, and the seat this machine took at that host."""


def kept_at(address: str, *, insecure: bool = False) -> KeptSeat | None:
    """The seat this machine took at ``address`` before, if any."""
    try:
        return kept_seat(address_url(address, secure=not insecure))
    except JoinError:
        return None


class JoinedGameScreen(GameScreen):
    """The game screen on a joined seat: a line that stays while the connection is down
    ("Not connected: reconnecting (3rd try)"), a key refused for it answered on that line,
    and Q that leaves the table (the seat waits at the host) instead of saving."""

    BINDINGS = [
        Binding("q", "leave", "Leave the table"),
        Binding("slash", "chat", "Chat"),
    ]

    def __init__(self, table: JoinedTable, **kwargs: Any) -> None:
        super().__init__(table, **kwargs)
        self.joined = table
        self.shown_status: str | None = None
        self.timed: str | None = None
        """What the host said of its turn timers ("Turns are timed: ..."), if it did."""

    def compose(self) -> ComposeResult:
        yield Static("", id="connection", markup=False)
        yield from super().compose()

    def on_mount(self) -> None:
        # Textual calls GameScreen.on_mount itself (a handler a class in the MRO): calling it
        # here too would start a second match worker, asking every question twice
        self.run_worker(self.watch_connection(), name="connection", group="connection")

    async def watch_connection(self) -> None:
        """The connection's line, told as its state changes: woken by the connection's own
        signal (every message, every change of its state), never by a clock."""
        connection = self.joined.table
        while True:
            self.show_status()
            if connection.task is not None and connection.task.done():
                return  # stopped for good: nothing more will change
            await connection.changed()

    def show_status(self) -> None:
        status = self.joined.status()
        if status == self.shown_status:
            return
        line = self.query_one("#connection", Static)
        if status is not None and self.shown_status is None:
            self.speak(f"{status}.")  # "Reconnected." is the table's own notice
        self.shown_status = status
        line.update(Text("" if status is None else f"{status}.  Keys that need the host wait."))
        line.set_class(status is not None, "down")

    def refuse(self, line: str, *, title: str = "Not allowed") -> None:
        status = self.joined.status()
        if status is None or not line.lower().startswith("not connected"):
            super().refuse(line, title=title)
            return
        self.show_status()
        shown = self.query_one("#connection", Static)
        shown.update(Text(f"{status}: that key waits for the host."))
        self.speak_now(f"{status}.")

    def log_lines(self, viewer: int | None) -> list[str]:
        """The round's events in words with what was said at the table among them, each
        after the events that had come when it was said."""
        events = self.game.round_events(viewer)
        lines: list[str] = []
        told = 0
        for said_at, words in self.joined.chat_lines():
            at = min(max(said_at, told), len(events))
            lines += self.narrator.narrate_events(events[told:at], viewer)
            lines.append(words)
            told = at
        lines += self.narrator.narrate_events(events[told:], viewer)
        return [line for line in lines if line]

    def notice(self, line: str) -> None:
        super().notice(line)
        timed = told_timers(line)
        if timed is not None:
            self.timed = timed  # the help tells it again (not the clock of the turn it came in)
        if " says: " in line:
            self.show()  # into the log, among the events

    def action_help(self) -> None:
        """The joined table's help: chat, Q that leaves, and the host's timers if any."""
        timers = escape(self.timed or "Turns are not timed at this table.")
        self.app.push_screen(HelpScreen((*JOINED_SECTIONS, f"[b]Timers[/b]\n  {timers}")))

    def action_chat(self) -> None:
        """/ opens a line to type a message to the table; Enter sends it, Escape drops it."""

        def send(text: str | None) -> None:
            if not text:
                return
            refused = self.joined.send_chat(text)
            if refused is not None:
                self.refuse(f"Not said: {refused}.", title="Chat")

        self.app.push_screen(ChatLine(), send)

    def action_leave(self) -> None:
        self.app.exit(
            message="You left the table; your seat waits at the host: uno-tui join HOST "
            "--code CODE (or the same command as before) takes it again."
        )


CHAT_WORDS = "Say to the table (Enter sends, Escape cancels):"
ROOM_CHAT_WORDS = "Say to the room (Enter sends, Escape cancels):"


class ChatLine(ModalScreen[str | None]):
    """One line to type a message to the table (or the room, ``words``): said to a listener
    as it opens, the cursor in its field."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, words: str = CHAT_WORDS) -> None:
        super().__init__()
        self.words = words

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Label(self.words)
            yield Input(placeholder="a message", max_length=MAX_CHAT_TEXT, id="chat-text")

    def on_mount(self) -> None:
        field = self.query_one("#chat-text", Input)
        field.focus()
        self.call_after_refresh(place_cursor, field)
        speak(self, f"{self.words.removesuffix(':')}. Text field.")

    @on(Input.Submitted, "#chat-text")
    def send(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


ROOM_KEYS = "Enter says the room again; / says something to the room; Ctrl+Q leaves it."
"""Said after the room: the form is done with while the host has not started."""
ROOM_TALK_SHOWN = 8
"""The room's last lines of talk and news shown under it (all are spoken as they come)."""


class JoinApp(App[int]):
    CSS_PATH = ["app.tcss", "join_app.tcss"]
    TITLE = "UNO: join a hosted match"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("enter", "say_room", "Say the room", show=False),
        Binding("slash", "room_chat", "Say to the room"),
    ]
    room_keys = ROOM_KEYS
    """The room's keys, said after it."""
    room: Lobby | None = None
    """The room this window waits in (the form is done with), until the match starts."""

    def __init__(
        self,
        address: str = "",
        code: str = "",
        *,
        name: str = "",
        narrate: bool = False,
        speech: SpeechChoice = "auto",
        fingerprint: str = "",
        insecure: bool = False,
        speaker: Speaker | None = None,
        sounds: SoundChoice = "off",
    ) -> None:
        """``speaker`` speaks instead of the program ``speech`` names (a test's); ``sounds``:
        the game screen's (``--sounds bell``: the terminal's bell, which crosses SSH)."""
        super().__init__()
        self.address = address
        self.code = code
        self.seat_name = name
        self.fingerprint = fingerprint
        self.insecure = insecure
        """Plain ``ws://`` (``--insecure``): the form asks no fingerprint."""
        self.narrate = narrate
        self.speech: SpeechChoice = speech
        self.remote: HostConnection | None = None
        self.keep = True
        """The seat's token is kept on this machine, for a later join with no code."""
        self.room_talk: list[str] = []
        """What was said and told in the room (chat, joins and leaves, the host's news)."""
        self.sounds: SoundChoice = sounds
        self.announcer = Announcer(lambda: speaker or self.make_speaker())
        """With ``--narrate``: the form, help and the replay speak, as in the app's window."""

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

    def make_speaker(self) -> Speaker:
        if self.speech == "text":  # the SSH door's guest: their own screen reader reads it
            return TextSpeaker(partial(write_spoken, self))
        return make_speaker(self.speech, notify=self.notify)

    @property
    def asks(self) -> str:
        """The form's first line: what it asks."""
        if self.insecure:
            return "Join a hosted match: the host's address and your seat's code."
        return "Join a hosted match: the host's address and fingerprint, your seat's code."

    @property
    def purpose(self) -> str:
        """What the form asks, shown over it and said to a listener first."""
        return f"{self.asks} {ROOM_WORDS}"

    def compose(self) -> ComposeResult:
        with Vertical(id="join-form"):
            yield Label(self.asks)
            yield Label(ROOM_WORDS)
            yield Input(self.address, placeholder="address, e.g. 192.168.1.5:8765", id="address")
            yield Input(self.code, placeholder="code, e.g. K7QM-2PXA", id="code")
            yield Input(self.seat_name, placeholder="your name, for a room's code", id="name")
            if not self.insecure:
                yield Input(
                    self.fingerprint, placeholder="fingerprint, e.g. 4F2K-9QXB-ZC7M-H0TD", id="pin"
                )
            yield Button("Join", id="join", variant="primary")
            yield Label("", id="join-error", markup=False)
            yield Static("", id="lobby", markup=False)
            yield Static("", id="room-talk", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        if self.narrate:
            start_listening(self)
        cursor_after_layouts(self, self.screen, self.cursor_to_room)
        self.begin()

    def begin(self) -> None:
        """The window's first step, once mounted: join, or ask for what is missing."""
        speak(self, self.purpose)
        self.join_or_ask(self.address, self.code, self.seat_name, self.fingerprint)

    def join_or_ask(self, address: str, code: str, name: str, pin: str) -> None:
        """Join when the form is complete (no code: the seat this machine took at that host
        before, pinned to the certificate it was taken at), else focus the first field
        missing."""
        kept = None if code or not address else kept_at(address, insecure=self.insecure)
        if kept is not None:
            try:
                pin = kept_pin(kept, pin or None) or ""
            except ValueError as error:
                self.refused(str(error))
                self.query_one("#address" if self.insecure else "#pin", Input).focus()
                return
            code, name = kept.token, ""
        if address and code and (pin or self.insecure):
            self.join(address, code, name, pin)
            return
        empty = [
            field
            for field, value in (("#address", address), ("#code", code), ("#pin", pin))
            if not value
        ]
        self.query_one(empty[0], Input).focus()

    @on(Button.Pressed, "#join")
    @on(Input.Submitted, "#address, #code, #name, #pin")
    def join_pressed(self) -> None:
        if self.room is not None:  # joined already: Enter says the room, never joins again
            self.action_say_room()
            return
        address = self.query_one("#address", Input).value.strip()
        code = self.query_one("#code", Input).value.strip()
        name = self.query_one("#name", Input).value.strip()
        pin = "" if self.insecure else self.query_one("#pin", Input).value.strip()
        self.join_or_ask(address, code, name, pin)

    def join(self, address: str, code: str, name: str = "", fingerprint: str = "") -> None:
        self.say(f"Joining {address}...")
        self.connect(address, code, name, fingerprint)

    @work(exclusive=True)
    async def connect(self, address: str, code: str, name: str = "", fingerprint: str = "") -> None:
        """The connection, on the app's own loop (no thread): through the room, if any, to
        the game screen."""
        remote: HostConnection | None = None
        try:
            remote = HostConnection(
                address,
                code,
                name=name or None,
                fingerprint=fingerprint or None,
                insecure=self.insecure,
                keep=self.keep,
            )
            remote.start()
            self.remote = remote
            await self.wait_in_lobby(remote)
            answered = remote.state.welcome is not None or remote.state.lobby is not None
            await remote.welcome(FIRST_ANSWER if answered else 0.01)
            table = JoinedTable(remote)
        except JoinError as error:
            if remote is not None:
                await remote.close()
            self.remote = None
            self.refused(str(error))
            return
        self.play(table)

    async def wait_in_lobby(self, remote: HostConnection) -> None:
        """In a room: show who is in and who is awaited, and what is said and told there, the
        moment it comes (woken by the connection), until the host starts the match."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FIRST_ANSWER
        shown = None
        while True:
            state = remote.state
            lobby = state.lobby
            if state.welcome is not None or remote.ended:
                return  # started, or closed (``welcome`` says why)
            if lobby is not None:
                if lobby is not shown:
                    shown = lobby
                    self.show_lobby(lobby)
                self.tell_room(remote.take_lines())
            elif loop.time() >= deadline:
                return  # no answer at all (``welcome`` says why)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(None if lobby is not None else deadline - loop.time()):
                    await remote.changed()

    def tell_room(self, lines: list[str]) -> None:
        """Lines said or told in the room (chat, joins and leaves): under it at once, and
        spoken after what is being said."""
        if not lines:
            return
        self.room_talk = [*self.room_talk, *lines][-ROOM_TALK_SHOWN:]
        talk = self.query_one_optional("#room-talk", Static)
        if talk is None:  # the window is closing: the host's last words go unshown
            return
        talk.update(Text("\n".join(self.room_talk)))
        for line in lines:
            speak(self, line, interrupt=False)

    def show_lobby(self, lobby: Lobby) -> None:
        """The room, under the form: who is in, who is awaited."""
        self.say("")
        lines = ["Waiting in the room for the host to start the match.", ""]
        for seat, info in enumerate(lobby.seats):
            if info.plays == "open":
                continue
            notes = seat_notes(lobby, seat)
            lines.append(f"  {info.name}" + (f"  ({', '.join(notes)})" if notes else ""))
        awaited = sum(1 for info in lobby.seats if info.plays == "open")
        if awaited:
            seats = "1 open seat" if awaited == 1 else f"{awaited} open seats"
            lines += ["", f"Awaited: {seats} ({lobby.bots} bots if still open at the start)."]
        shown = self.query_one("#lobby", Static)
        shown.update(Text("\n".join([*lines, "", self.room_keys])))
        first = self.room is None
        self.room = lobby
        if first:
            self.close_form()
        self.call_after_refresh(self.cursor_to_room)
        speak(self, f"{lobby_words(lobby)} {self.room_keys}" if first else lobby_words(lobby))

    def close_form(self) -> None:
        """In the room, the form is done with: its fields take no more keys (the button
        first, so that focus leaving a field finds nothing to land on)."""
        self.query_one("#join", Button).disabled = True
        for field in self.query("#join-form Input"):
            field.disabled = True
        for widget in self.query("#join-form Input, #join-form Button"):
            widget.display = False  # the room and its talk in view, even at 80x24
        self.set_focus(None)

    def cursor_to_room(self) -> None:
        """In the room, the terminal's cursor on it (again after each layout of the window:
        the form closing above it, a line of the room's talk)."""
        if self.room is not None:
            place_cursor(self.query_one("#lobby", Static))

    def action_say_room(self) -> None:
        if self.room is not None:
            speak(self, f"{lobby_words(self.room)} {self.room_keys}")
            self.call_after_refresh(self.cursor_to_room)

    def action_room_chat(self) -> None:
        """/ in the room opens a line to say something to everyone in it."""
        remote = self.remote
        if remote is None or self.room is None:
            return

        def send(text: str | None) -> None:
            self.call_after_refresh(self.cursor_to_room)
            if not text:
                return
            try:
                said = check_text(text)
            except ChatRefused as refusal:
                self.tell_room([f"Not said: {refusal}."])
                return
            if not remote.say(said):
                self.tell_room(["Not said: not connected to the host."])

        self.push_screen(ChatLine(ROOM_CHAT_WORDS), send)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter says the room, and / speaks to it, only while waiting in it, on the room's
        own screen (elsewhere the keys are the screen's)."""
        if action in ("say_room", "room_chat"):
            return self.room is not None and self.screen is self.screen_stack[0]
        return True

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A listener hears each field and the button as focus reaches it."""
        widget = event.widget
        if self.room is not None:  # waiting in the room: the form is not spoken
            return
        if isinstance(widget, Input) and widget.id in FIELD_WORDS:
            value = widget.value or "empty"
            speak(
                self,
                f"{FIELD_WORDS[widget.id]}: {value}. Text field, Enter joins.",
                interrupt=False,
            )
        elif isinstance(widget, Button):
            self.call_after_refresh(place_cursor, widget)
            speak(self, "Join, button.", interrupt=False)

    def say(self, line: str) -> None:
        """Show ``line`` under the form as text: an address, a name or the host's words are
        never markup (``[/]`` typed as the address is shown, not obeyed); a listener hears it."""
        self.query_one("#join-error", Label).update(Text(line))
        speak(self, line)

    def refused(self, reason: str) -> None:
        self.leave_room()
        self.say(f"Cannot join: {reason}.")

    def leave_room(self) -> None:
        """Out of the room (refused, or the match began): the form takes keys again."""
        self.room = None
        for field in self.query("#join-form Input, #join-form Button"):
            field.disabled = False
            field.display = True

    def play(self, table: JoinedTable) -> None:
        self.leave_room()
        self.say("")
        self.query_one("#lobby", Static).update("")
        self.room_talk = []
        self.query_one("#room-talk", Static).update("")

        def over(_: None) -> None:
            closed = None if table.is_over else table.table.state.closed
            ended = f"The table is closed: {closed}." if closed else "The match is over."
            self.say(f"{ended} Ctrl+Q leaves.")

        self.push_screen(self.game_screen(table), over)

    def game_screen(self, table: JoinedTable) -> JoinedGameScreen:
        return JoinedGameScreen(table, narrate=self.narrate, speech=self.speech, sounds=self.sounds)

    async def action_quit(self) -> None:
        self.exit(0)

    async def on_unmount(self) -> None:
        self.announcer.close()
        await self.wind_up()

    async def wind_up(self) -> None:
        """What is left to close as the window goes: the connection (the seat waits at the
        host)."""
        if self.remote is not None:
            await self.remote.close()
