"""``uno-tui host`` in a terminal: the host's own person plays in the app, as a guest does in
the join window. The host serves in a task of the app's own loop (one loop, no thread); its
person's seat joins it through the loopback, waits in the same room and plays on the same
game screen as a guest (``join_app``), with the host's commands (start, say, bot, kick,
codes, quit) on keys in the footer and in the command palette, in the room and in the match.
What the host tells (``Host.log``: who came in, what was said, a wrong code) becomes the
app's notices, each told once though the host's own seat hears most of it again.

``uno-tui host --plain`` (or stdin or stdout not a terminal) keeps the line mode
(``uno_tui.net.hosting``).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from functools import partial

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from uno_tui.narration.sounds import SoundChoice
from uno_tui.narration.speech import Speaker, SpeechChoice
from uno_tui.net.hosting import (
    SAVED_WORDS,
    CommandError,
    HostSetup,
    host_command,
    own_address,
    start_serving,
    stop_serving,
)
from uno_tui.net.joined import JoinedTable
from uno_tui.net.options import AWAY_BOT
from uno_tui.net.protocol import Lobby
from uno_tui.net.room import open_name
from uno_tui.tui.join_app import ChatLine, JoinApp, JoinedGameScreen
from uno_tui.tui.listening import place_cursor, speak
from uno_tui.tui.screens.choice import ChoiceScreen
from uno_tui.tui.screens.help import HOSTED_SECTIONS, HelpScreen

START_KEY = "Press Ctrl+S (or Start in the command palette, Ctrl+P)"
"""How the app asks for the room's start, in the host's first lines."""
HOST_ROOM_KEYS = (
    "Ctrl+S starts the match; / says something to the room; Ctrl+O: the host's commands; "
    "Ctrl+Q stops hosting."
)
"""Said after the room at the host's own seat."""
TOLD_KEPT = 64
"""The host's lines remembered, so that the same line coming again through the host's own
seat is not told twice."""

Command = tuple[str, str, Callable[[], object]]
"""A host's command as the palette offers it: its title, what it does, and the doing."""


class HostCommands(Provider):
    """The host's commands in the command palette (Ctrl+P): start, say, bot NAME and kick
    NAME for each seat they fit now, codes, quit."""

    def commands(self) -> list[Command]:
        app = self.app
        return app.host_commands() if isinstance(app, HostApp) else []

    async def discover(self) -> Hits:
        for title, help_text, run in self.commands():
            yield DiscoveryHit(title, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, run in self.commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), run, help=help_text)


class HostGameScreen(JoinedGameScreen):
    """The host's own seat's game screen: a guest's, with Q that stops hosting (the match
    saved) and the host's commands in its help; a line the host told already is not told
    again as it comes back through the seat (chat still goes into the log)."""

    BINDINGS = [Binding("q", "leave", "Save & quit")]

    def notice(self, line: str) -> None:
        app = self.app
        if isinstance(app, HostApp) and app.told_already(line):
            if " says: " in line:
                self.show()  # into the log, among the events, now it has come
            return
        super().notice(line)

    def host_notice(self, line: str) -> None:
        """One of the host's own lines: a notice, spoken when narrated."""
        super().notice(line)

    def action_help(self) -> None:
        timers = self.timed or "Turns are not timed at this table."
        sections = (*HOSTED_SECTIONS, f"[b]Timers[/b]\n  {escape(timers)}")
        self.app.push_screen(HelpScreen(sections))

    def action_leave(self) -> None:
        app = self.app
        if isinstance(app, HostApp):
            app.stop_hosting()


class CodesScreen(ModalScreen[None]):
    """Where the host listens and each seat's join line, to send to the guests."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close", show=False),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Label("Join lines (Enter or Escape closes)", id="question")
            yield Static(Text("\n".join(self.lines)), id="codes")
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self.cursor_on_codes)
        speak(self, " ".join(self.lines))

    def cursor_on_codes(self) -> None:
        codes = self.query_one_optional("#codes", Static)
        if codes is not None:  # not closed already
            place_cursor(codes)

    def action_close(self) -> None:
        self.dismiss(None)


class HostChoice(ChoiceScreen):
    """A choice of the host's own (a command, a seat), not one of the match's questions."""


HostDialogs = (HostChoice, CodesScreen, ChatLine, CommandPalette)
"""Screens over which the host's keys do nothing (they have keys of their own)."""
HOST_ACTIONS = frozenset({"start", "host_menu", "pick", "codes"})


class HostApp(JoinApp):
    """The host's person's window: where the host listens and the codes, the room with its
    chat, then the game screen; the host's commands on keys and in the palette."""

    TITLE = "UNO: hosting a match"
    COMMANDS = JoinApp.COMMANDS | {HostCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),  # Q at the table, too
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("ctrl+o", "host_menu", "Host…", priority=True),
        Binding("ctrl+t", "pick('bot')", "Bot plays…", show=False, priority=True),
        Binding("ctrl+k", "pick('kick')", "Kick…", show=False, priority=True),
        Binding("ctrl+l", "codes", "Codes", show=False, priority=True),
    ]
    """Start while the room waits, and the menu of every command of the host, in the footer;
    the others' keys in the menu and the help (a game screen's footer has no room for more).
    They work over the match's questions too (a question is a modal screen, which holds back
    the app's other keys), but not over a line being typed or one of their own dialogs."""
    room_keys = HOST_ROOM_KEYS

    def __init__(
        self,
        setup: HostSetup,
        *,
        narrate: bool = False,
        speech: SpeechChoice = "auto",
        speaker: Speaker | None = None,
        sounds: SoundChoice = "off",
    ) -> None:
        super().__init__(
            code=setup.code or "",
            narrate=narrate,
            speech=speech,
            fingerprint=setup.fingerprint or "",
            insecure=setup.fingerprint is None,
            speaker=speaker,
            sounds=sounds,
        )
        assert setup.code is not None, "the host's own person's seat"
        self.setup = setup
        self.host = setup.host
        self.keep = False  # the host's own seat: its token is in the hosted match's codes
        self.serving: asyncio.Task[int] | None = None
        self.hosting_lines: list[str] = []
        """What the host said as it began to listen: where, the join lines, the certificate."""
        self.told: deque[str] = deque(maxlen=TOLD_KEPT)
        self.playing: HostGameScreen | None = None
        self.waited = False
        """The host's seat waited in a room (the join lines were in view there)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="host-room"):
            yield Static("", id="hosting", markup=False)
            yield Label("", id="join-error", markup=False)
            yield Static("", id="lobby", markup=False)
            yield Static("", id="room-talk", markup=False)
        yield Footer()

    def begin(self) -> None:
        self.host.log = self.host_line
        self.run_worker(self.serve_and_join(), name="hosting", group="hosting")

    async def serve_and_join(self) -> None:
        """Serve on this loop, say where, and join the host's own seat through the loopback."""
        try:
            # the SSH door's guests read the match's end while this window shows it
            self.serving = await start_serving(self.host, self.setup.door, linger=True)
        except CommandError as error:
            self.exit(return_code=2, message=str(error))
            return
        self.setup.announce(self.announced, START_KEY)
        self.connect(own_address(self.host), self.code, "", self.fingerprint)

    def close_form(self) -> None:
        self.set_focus(None)  # no form here: the room's keys are the app's

    def announced(self, line: str) -> None:
        self.hosting_lines.append(line)
        self.query_one("#hosting", Static).update(Text("\n".join(self.hosting_lines)))
        speak(self, line, interrupt=False)

    # The host's lines, each told once ----------------------------------------------------------

    def host_line(self, line: str) -> None:
        """What the host tells (``Host.log``): in the room under it, in the match a notice;
        spoken either way when narrated."""
        self.told.append(line)
        playing = self.playing
        if playing is not None and playing.is_attached:
            playing.host_notice(line)
        elif self.host.in_lobby or self.room is None:
            super().tell_room([line])
        else:  # the room's last word ("The match begins: ..."): the table comes over it
            self.notify(line, title="Table")
            speak(self, line, interrupt=False)

    def told_already(self, line: str) -> bool:
        """``line`` came through the host's own seat after the host told it (once)."""
        if line in self.told:
            self.told.remove(line)
            return True
        return False

    def tell_room(self, lines: list[str]) -> None:
        super().tell_room([line for line in lines if not self.told_already(line)])

    def answer(self, line: str) -> None:
        """The answer to one of the host's commands, for the host alone."""
        self.notify(line, title="Host")
        speak(self, line)

    # The host's commands -----------------------------------------------------------------------

    def host_commands(self) -> list[Command]:
        """The commands the host may give now, for the palette."""
        commands: list[Command] = []
        if self.host.in_lobby:
            commands.append(("Start the match", "seats still open become bots", self.action_start))
        commands.append(("Say something", "a line to everyone, as your seat", self.action_say))
        for name in self.seat_names("bot"):
            told = f"a {AWAY_BOT} bot plays the seat until its person comes back"
            commands.append((f"Bot plays {name}", told, partial(self.command, f"bot {name}")))
        for name in self.seat_names("kick"):
            told = "send them away: their code opens nothing more"
            commands.append((f"Kick {name}", told, partial(self.command, f"kick {name}")))
        commands += [
            ("Codes", "where this host listens and each seat's join line", self.action_codes),
            ("Quit", "stop hosting: the match is saved (uno-tui host resume)", self.stop_hosting),
        ]
        return commands

    def seat_names(self, kind: str) -> list[str]:
        """The seats ``bot`` (a person's seat in the match, no bot on it yet) or ``kick`` (a
        person's seat, taken in the room or in the match) fit now."""
        host = self.host
        room = host.room
        lobby = host.in_lobby
        if kind == "bot" and lobby:
            return []
        seats = [seat for seat in sorted(host.codes.seats) if seat != host.local]
        if lobby and room is not None:
            seats = [seat for seat in seats if seat in room.taken]
        if kind == "bot":
            seats = [seat for seat in seats if seat not in host.session.bots]
        names = host.game.names
        return [names[seat] for seat in seats if names[seat] != open_name(seat)]

    def command(self, line: str) -> None:
        """One of the host's commands, as the line mode types it (``hosting.host_command``)."""
        host_command(self.host, self.answer, line)

    def action_host_menu(self) -> None:
        """Ctrl+O: every command the host may give now, to choose from."""
        commands = self.host_commands()
        titles = [title for title, _, _ in commands]

        def chosen(index: int | None) -> None:
            if index is not None:
                commands[index][2]()

        menu = HostChoice("The host's commands", titles, speak=self.speak_choice)
        self.push_screen(menu, chosen)

    def action_start(self) -> None:
        self.command("start")

    def action_pick(self, kind: str) -> None:
        """Ctrl+T (a bot plays a seat) and Ctrl+K (send a person away): which seat."""
        names = self.seat_names(kind)
        if not names:
            self.answer(
                "No person's seat for a bot to play now."
                if kind == "bot"
                else "No one to send away now."
            )
            return
        question = "Which seat does a bot play?" if kind == "bot" else "Whom to send away?"

        def chosen(index: int | None) -> None:
            if index is not None:
                self.command(f"{kind} {names[index]}")

        self.push_screen(HostChoice(question, names, speak=self.speak_choice), chosen)

    def speak_choice(self, line: str, interrupt: bool) -> None:
        speak(self, line, interrupt=interrupt)

    def action_say(self) -> None:
        playing = self.playing
        if playing is not None and playing.is_attached:
            playing.action_chat()
        else:
            self.action_room_chat()

    def action_codes(self) -> None:
        """Ctrl+O: where this host listens and each seat's own join line."""
        self.push_screen(CodesScreen(self.codes_lines()))

    def codes_lines(self) -> list[str]:
        return [*self.hosting_lines[:1], *self.host.code_lines()]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in HOST_ACTIONS and isinstance(self.screen, HostDialogs):
            return False  # a line being typed, or the host's own dialog, has its keys
        if action == "start":
            return self.host.in_lobby
        if action == "say_room":
            return False  # Enter is the screen's; the room is said as it changes
        return super().check_action(action, parameters)

    # The match, and the end ---------------------------------------------------------------

    def game_screen(self, table: JoinedTable) -> JoinedGameScreen:
        screen = HostGameScreen(table, narrate=self.narrate, speech=self.speech, sounds=self.sounds)
        self.playing = screen
        return screen

    def play(self, table: JoinedTable) -> None:
        # the room's "Press Ctrl+S ... when everyone is in" is done with: not shown after
        self.hosting_lines = [line for line in self.hosting_lines if START_KEY not in line]
        self.query_one("#hosting", Static).update(Text("\n".join(self.hosting_lines)))
        if self.waited:
            super().play(table)
            return
        # no room: the match is on at once; the join lines first (the table waits for this
        # seat's person meanwhile, as for every person)
        self.push_screen(
            CodesScreen(self.codes_lines()), lambda _: super(HostApp, self).play(table)
        )

    def show_lobby(self, lobby: Lobby) -> None:
        self.waited = True
        super().show_lobby(lobby)

    def quit_message(self) -> str | None:
        """Said as the host stops: how to go on with the match, unless it is over."""
        return None if self.host.session.is_over else SAVED_WORDS

    def stop_hosting(self) -> None:
        """Ctrl+Q, Q at the table or Quit: the host stops, the match saved."""
        self.exit(0, message=self.quit_message())

    async def action_quit(self) -> None:
        self.stop_hosting()

    async def wind_up(self) -> None:
        await super().wind_up()
        if self.serving is not None:
            await stop_serving(self.serving)
