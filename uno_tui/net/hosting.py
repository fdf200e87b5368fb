"""The host at its terminal, and a seat waiting in a room: all on one event loop.

``serve_in_foreground`` is the host alone (its commands read on the loop while it serves);
``serve_and_play`` is the host with its own person's line-mode seat, joined through the
loopback, on the same loop, the host's commands (``host_command``) typed there at any moment;
``wait_in_lobby`` is a seat in a room until its match starts, the room told as it fills and the
person's lines answered at once. ``uno_tui.net.commands`` reads the command lines and sets these
up.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from . import protocol
from .chat import ChatRefused, check_text
from .client import FIRST_ANSWER, HostConnection, JoinError
from .host import Host
from .joined import JoinedTable
from .options import AWAY_BOT
from .room import lobby_words

HostCommand = Callable[[str], bool]
"""A line typed at the host's terminal: True when it was one of the host's commands (answered)."""
PlayRemote = Callable[[JoinedTable, HostCommand | None, str], Awaitable[int]]
"""Plays a joined seat to the end (or until the person leaves), with the host's commands and
their words for ``help`` at the host's own seat; returns the exit code."""
ReadLine = Callable[[], Awaitable[str]]
"""The next line typed, read on the running loop (``EOFError`` at the end of the input)."""
HOST_COMMANDS_HELP = (
    "The host's commands, here only: start (the room's match), bot NAME (a {bot} bot plays "
    "an absent seat), kick NAME (sends a person away: their code opens nothing more), codes "
    "(each seat's join line again)."
)
LOBBY_HELP = (
    "In the room: Enter says who is in, say TEXT speaks to everyone in it, quit or q leaves."
)
QUIT_WORDS = ("quit", "exit", "q")
START_TYPED = "Type start here"
"""How the line mode asks for the room's start (the app names its key instead)."""


class CommandError(Exception):
    """A bad command line or a table that cannot be hosted: one line, exit code 2."""


@dataclass
class DoorSetup:
    """``--ssh PORT``: the door's options and key, and the door once open."""

    options: Any
    key: Any
    fingerprint: str
    join_options: list[str]
    opened: Any = None


async def serve(
    host: Host, started: Callable[[], None], door: DoorSetup | None, *, linger: bool = False
) -> int:
    """The host, and its SSH door beside it when asked for (open before the host announces).
    ``linger``: once the match is over the door stays open until the task is cancelled, so
    its guests read the match's end as long as the host's own window shows it."""
    if door is None:
        return await host.run(started)
    from .ssh_door import Door, local_join_address

    opened = Door(
        host,
        door.options,
        join_address=lambda: local_join_address(host.options.bind, host.port),
        join_options=door.join_options,
        log=lambda line: host.log(line),  # noqa: PLW0108 (host.log is set later)
    )
    await opened.start(door.key)
    door.opened = opened
    try:
        code = await host.run(started)
        if linger:
            await asyncio.Event().wait()  # until the host's window goes (``stop_serving``)
        return code
    finally:
        await opened.stop()


def serve_in_foreground(setup: HostSetup, say: Callable[[str], None], read_line: ReadLine) -> int:
    """The host alone at its terminal: it serves, and reads its commands on the same loop."""
    host = setup.host

    async def main() -> int:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, task.cancel)
        reading = asyncio.ensure_future(read_commands(host, read_line, say, task.cancel))
        try:
            return await serve(host, partial(setup.announce, say, START_TYPED), setup.door)
        except asyncio.CancelledError:
            say("Stopped. uno-tui host resume continues the match; the codes stay the same.")
            return 130
        finally:
            reading.cancel()

    try:
        return asyncio.run(main())
    except OSError as error:
        raise CommandError(f"host: cannot listen there ({error.strerror or error})") from None


def host_command(host: Host, say: Callable[[str], None], line: str) -> bool:
    """One of the host's own commands, typed at its terminal (alone, or at its person's seat
    at any moment): True when ``line`` was one, answered. The one place they are read."""
    word, _, rest = line.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    if word == "bot":
        names = [name.lower() for name in host.game.names]
        if rest.lower() not in names:
            say(f"No seat named {rest[:20]!r}.")
            return True
        seat = names.index(rest.lower())
        if seat not in host.codes.seats:
            say(f"{host.game.names[seat]} is not a remote seat.")
        elif seat in host.session.bots:
            say(f"A bot plays {host.game.names[seat]}'s seat already.")
        else:
            host.hand_to_bot(seat)
        return True
    if word == "start":
        refused = host.start_room()
        if refused is not None:
            say(f"Not started: {refused}.")
        return True
    if word == "kick" and rest:
        say(host.kick(rest))
        return True
    if word == "codes":
        for said in host.code_lines():
            say(said)
        return True
    return False


async def read_commands(
    host: Host, read_line: ReadLine, say: Callable[[str], None], stop: Callable[[], object]
) -> None:
    """The host's commands, read on the loop until the input ends: ``host_command``'s, and
    ``say TEXT`` (as the host) and ``quit`` beside them."""
    while True:
        try:
            line = (await read_line()).strip()
        except EOFError:
            return
        word, _, rest = line.partition(" ")
        if host_command(host, say, line):
            continue
        if word.lower() == "say":
            try:
                host.chat(None, "The host", check_text(rest))
            except ChatRefused as refusal:
                say(f"Not said: {refusal}.")
        elif word.lower() in QUIT_WORDS:
            stop()
            return
        elif word:
            say(f"Commands: start, say TEXT, bot NAME, kick NAME, codes, quit (not {word[:20]!r}).")


@dataclass
class HostSetup:
    """A hosted match ready to serve: its host, what is said once it listens (``announce``,
    each line through the ``tell`` given), and its own person's seat, if any (``code``:
    that seat's code; ``fingerprint``: the certificate's, ``None`` when not encrypted)."""

    host: Host
    announce: Callable[[Callable[[str], None], str], None]
    """Tells the lines through the ``say`` given; the second: how the room's start is asked
    for ("Type start here", ``START_TYPED``)."""
    code: str | None
    fingerprint: str | None
    door: DoorSetup | None = None

    @property
    def commands_help(self) -> str:
        return HOST_COMMANDS_HELP.format(bot=AWAY_BOT)


async def start_serving(
    host: Host, door: DoorSetup | None, *, linger: bool = False
) -> asyncio.Task[int]:
    """The host serving in a task of the running loop, once it listens (``CommandError``
    saying why, if it cannot); ``linger``: ``serve``'s."""
    started = asyncio.Event()
    serving = asyncio.ensure_future(serve(host, started.set, door, linger=linger))
    ready = asyncio.ensure_future(started.wait())
    await asyncio.wait((serving, ready), timeout=15, return_when=asyncio.FIRST_COMPLETED)
    ready.cancel()
    if serving.done():
        error = serving.exception()
        reason = getattr(error, "strerror", None) or error or "it stopped"
        raise CommandError(f"host: cannot listen there ({reason})")
    return serving


async def stop_serving(serving: asyncio.Task[int]) -> None:
    """The host stopped (its match saved, its record written), within five seconds."""
    serving.cancel()
    with contextlib.suppress(asyncio.CancelledError, TimeoutError):
        async with asyncio.timeout(5):
            await serving


def own_address(host: Host) -> str:
    """Where the host's own seat joins it: through the loopback when it listens on every
    address."""
    bind = host.options.bind
    return f"{'127.0.0.1' if bind in ('0.0.0.0', '') else bind}:{host.port}"


def own_seat(setup: HostSetup) -> HostConnection:
    """The host's own person's connection (not started), its seat's token not kept."""
    assert setup.code is not None
    return HostConnection(
        own_address(setup.host),
        setup.code,
        fingerprint=setup.fingerprint,
        insecure=setup.fingerprint is None,
        keep=False,
    )


SAVED_WORDS = "The match is saved: uno-tui host resume continues it with the same codes."


def serve_and_play(
    setup: HostSetup,
    *,
    play_remote: PlayRemote,
    say: Callable[[str], None],
    read_line: ReadLine,
) -> int:
    """The host and its person's seat, joined through the loopback, on one loop: the seat
    reads its lines and the host's commands (``host_command``) on it."""
    host = setup.host
    host.log = lambda line: None  # the local person hears the same news as a notice
    commands = partial(host_command, host, say)
    commands_help = setup.commands_help

    async def main() -> int:
        serving = await start_serving(host, setup.door)
        setup.announce(say, START_TYPED)
        connection = own_seat(setup)
        connection.start()
        try:
            if host.in_lobby:
                left = await wait_in_lobby(
                    connection, say, read_line, commands, commands_help, leave_at_end=True
                )
                if left is None:
                    return 0
            await connection.welcome()
            return await play_remote(JoinedTable(connection), commands, commands_help)
        finally:
            await connection.close()
            if not host.session.is_over:
                say(SAVED_WORDS)
            await stop_serving(serving)

    try:
        return asyncio.run(main())
    except JoinError as error:
        raise CommandError(f"host: the host's own seat cannot join ({error})") from None


async def wait_in_lobby(
    connection: HostConnection,
    say: Callable[[str], None],
    read_line: ReadLine,
    commands: HostCommand | None = None,
    commands_help: str = "",
    *,
    leave_at_end: bool = False,
) -> bool | None:
    """In a room, until its match starts (or the table closes): the room told as it fills,
    one line a change, and what the host says told at once; the person's lines answered at
    once (Enter: who is in; ``say TEXT``, ``help``, ``quit``, and ``commands``). ``None`` when
    the person left (``quit``; with ``leave_at_end``, the end of the input too); False if the
    host said nothing in ``FIRST_ANSWER`` seconds; True else."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + FIRST_ANSWER
    told: protocol.Lobby | None = None
    reading: asyncio.Future[str] | None = None
    ended = False
    """The input ended: nothing more is read here."""
    try:
        while True:
            state = connection.state
            lobby = state.lobby
            if lobby is not None and state.welcome is None:
                if lobby is not told:
                    if told is None:
                        say("Waiting in the room for the host to start the match.")
                    told = lobby
                    say(lobby_words(lobby))
                for line in connection.take_lines():
                    say(line)
                if reading is None and not ended:  # lines are read once in the room
                    reading = asyncio.ensure_future(read_line())
            if reading is not None and reading.done():
                try:
                    line = reading.result().strip()
                except EOFError:
                    if leave_at_end:
                        return None
                    ended = True
                else:
                    if not answer_in_lobby(connection, line, say, commands, commands_help):
                        return None
                reading = None
                continue
            if state.welcome is not None or connection.ended:
                return True
            if lobby is None and loop.time() > deadline:
                return False
            changed = asyncio.ensure_future(connection.changed())
            waits: set[asyncio.Future[Any]] = {changed}
            if reading is not None:
                waits.add(reading)
            timeout = None if lobby is not None else max(0.0, deadline - loop.time())
            try:
                await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            finally:
                changed.cancel()
    finally:
        if reading is not None:
            reading.cancel()


def answer_in_lobby(
    connection: HostConnection,
    line: str,
    say: Callable[[str], None],
    commands: HostCommand | None,
    commands_help: str,
) -> bool:
    """One line typed in the room, answered at once; False when the person leaves."""
    word, _, rest = line.partition(" ")
    lobby = connection.state.lobby
    if word.lower() in QUIT_WORDS:
        return False
    if commands is not None and line and commands(line):
        return True
    if not line:
        say(lobby_words(lobby) if lobby is not None else "Not in the room yet.")
    elif word.lower() == "say":
        try:
            text = check_text(rest)
        except ChatRefused as refusal:
            say(f"Not said: {refusal}.")
        else:
            if not connection.say(text):
                say("Not said: not connected to the host.")
    elif word.lower() in ("help", "?"):
        say(LOBBY_HELP)  # a line a passage: each under 40 words
        if commands_help:
            say(commands_help)
    else:
        say(f"Not a command in the room: {word[:20]!r}. {LOBBY_HELP}")
    return True
