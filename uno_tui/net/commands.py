"""``uno-tui host``, ``uno-tui join`` and ``uno-tui serve``: their options and how they run.

The front ends themselves are handed in by ``uno_tui.cli`` (this package imports none), as a
function that plays a joined seat (a ``uno_tui.table.Table``) line by line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shlex
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from uno_tui.engine import Rules, SetupError
from uno_tui.engine.rules import HOUSE_RULES as HOUSE_RULE_NAMES
from uno_tui.session import Seat, Session
from uno_tui.table import Table

from .client import JoinError, RemoteTable
from .host import (
    AWAY_BOT,
    DEFAULT_PORT,
    Host,
    HostOptions,
    describe_address,
    join_lines,
    open_hosted,
    remember_address,
    resume_hosted,
)
from .joined import JoinedTable
from .pace import BOT_PAUSE

PlayRemote = Callable[[Table], int]
"""Plays a remote seat to the end (or until the person leaves); returns the exit code."""
REMOTE = "remote"


class CommandError(Exception):
    """A bad command line or a table that cannot be hosted: one line, exit code 2."""


def add_parsers(sub: Any) -> None:
    host = sub.add_parser("host", help="host a match for players at other terminals")
    host.add_argument("resume", nargs="?", choices=["resume"], help="continue the hosted match")
    host.add_argument("--rules", choices=["classic", "teams", "two-player"], default="classic")
    host.add_argument(
        "--players",
        help='seats in order: "Ann:remote" plays from another terminal, "Cy:medium" is a bot, '
        "a name alone is the person at this terminal (default: Host here, Guest remote, "
        "two medium bots)",
    )
    host.add_argument("--target", type=int, help="points to win the match (500)")
    host.add_argument(
        "--house",
        default="",
        help=f"house rules, comma-separated ({', '.join(HOUSE_RULE_NAMES)})",
    )
    host.add_argument("--seed", type=int, help="seed of the shuffles")
    host.add_argument(
        "--port",
        type=int,
        help=f"port ({DEFAULT_PORT}; resume: the port the match was hosted on)",
    )
    host.add_argument(
        "--bind",
        help="address to listen on (127.0.0.1, the default: this machine only; 0.0.0.0: the "
        "network; resume: the address the match was hosted on)",
    )
    host.add_argument("--spectators", action="store_true", help="print a code for onlookers")
    host.add_argument(
        "--away-bot",
        type=float,
        metavar="SECONDS",
        help=f"hand a remote seat to a {AWAY_BOT} bot when its turn waits this long with "
        "nobody connected (the person takes it back by rejoining)",
    )
    host.add_argument(
        "--record", type=Path, metavar="FILE", help="write the match record to FILE at the end"
    )
    host.add_argument(
        "--bot-pause",
        type=float,
        default=BOT_PAUSE,
        metavar="SECONDS",
        help=f"seconds before each bot move, as the app's own table waits ({BOT_PAUSE:g}; "
        "twice that after a move that hit a person; 0: none)",
    )
    join = sub.add_parser("join", help="join a hosted match: uno-tui join HOST[:PORT] --code C")
    join.add_argument("address", nargs="?", help="HOST or HOST:PORT the host printed")
    join.add_argument("--code", help="your seat's code, as the host printed it")
    join.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help="lines")
    join.add_argument(
        "--record-messages",
        type=Path,
        metavar="FILE",
        help="write every message the host sends to FILE, to see what reached this seat",
    )
    serve = sub.add_parser("serve", help="serve the app to web browsers (textual-serve)")
    serve.add_argument("--port", type=int, default=8000, help="port (8000)")
    serve.add_argument("--bind", default="127.0.0.1", help="address to listen on")
    serve.add_argument(
        "app_args",
        nargs=argparse.REMAINDER,
        help="after --: the uno-tui arguments each page runs (default: join, whose form asks "
        "the host's address and the code; -- alone with nothing: the app's own setup)",
    )


# Host -------------------------------------------------------------------------------------------


def host_table(
    args: argparse.Namespace, parse_seats: Callable[[str], list[Seat]]
) -> tuple[Rules, list[Seat], list[int], int | None]:
    """The rules, the seats, which seats are remote, and the local person's seat, if any."""
    spec = args.players or "Host,Guest:remote,Ada:medium,Bo:medium"
    if args.rules == "two-player" and args.players is None:
        spec = "Host,Guest:remote"
    parts = [part.strip() for part in spec.split(",")]
    remote = [i for i, part in enumerate(parts) if part.endswith(f":{REMOTE}")]
    seats = parse_seats(",".join(part.removesuffix(f":{REMOTE}") for part in parts))
    local = [i for i, seat in enumerate(seats) if seat.is_person and i not in remote]
    if len(local) > 1:
        raise CommandError(
            "host: at most one person plays at the host's terminal; mark the others :remote"
        )
    if not remote:
        raise CommandError('host: no remote seat; mark one with ":remote", e.g. "Ann:remote"')
    options: dict[str, Any] = {}
    if args.target is not None:
        options["target_score"] = args.target
    for name in filter(None, (h.strip().replace("-", "_") for h in args.house.split(","))):
        if name not in HOUSE_RULE_NAMES:
            raise CommandError(
                f"host: unknown house rule {name!r} (house rules: {', '.join(HOUSE_RULE_NAMES)})"
            )
        options[name] = True
    try:
        rules = Rules.preset(args.rules, **options)
        rules.check_players(len(seats))
    except SetupError as error:
        raise CommandError(f"host: {error}") from None
    return rules, seats, remote, local[0] if local else None


def run_host(
    args: argparse.Namespace,
    parse_seats: Callable[[str], list[Seat]],
    play_remote: PlayRemote,
    say: Callable[[str], None],
) -> int:
    if args.port is not None and not 0 <= args.port < 65536:
        raise CommandError("host: --port is a number from 0 to 65535")
    try:
        if args.resume:
            session, codes = resume_hosted()
            local = codes.local
        else:
            rules, seats, remote, local = host_table(args, parse_seats)
            session = Session(rules, seats, seed=args.seed)
            codes = open_hosted(session, remote, spectators=args.spectators, local=local)
    except ValueError as error:
        raise CommandError(f"host: {error}") from None
    bind = args.bind or (codes.bind if args.resume else None) or "127.0.0.1"
    port = args.port if args.port is not None else (codes.port if args.resume else None)
    port = DEFAULT_PORT if port is None else port
    if not 0 <= args.bot_pause <= 10:
        raise CommandError("host: --bot-pause is from 0 to 10 seconds")
    options = HostOptions(
        bind=bind, port=port, away_bot_after=args.away_bot, bot_pause=args.bot_pause
    )
    host = Host(session, codes, options, local=local, log=say, record=args.record)

    def announce() -> None:
        """Said once the host listens, so a port in use fails before any code is shown."""
        remember_address(codes, session.game.names, bind, host.port)
        shown_address = describe_address(bind, host.port)
        only_here = " (this machine only: --bind 0.0.0.0 for the network)"
        say(
            f"Hosting {session.game.rules.rule_set.value} on {shown_address}"
            f"{only_here if bind.startswith('127.') else ''}."
        )
        for line in join_lines(codes.for_remote(), session.game.names, shown_address):
            say(line)
        say("The connection is not encrypted: beyond a trusted network, use SSH or a VPN.")
        if local is None:
            say(f"Commands here: bot NAME (a {AWAY_BOT} bot plays an absent seat), quit.")

    if local is None:
        return _serve_in_foreground(host, announce, say)
    return _serve_and_play(host, announce, codes.seats[local], play_remote, say)


def _serve_in_foreground(
    host: Host, announce: Callable[[], None], say: Callable[[str], None]
) -> int:
    async def main() -> int:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, task.cancel)
        _read_commands(host, loop, say)
        try:
            return await host.run(announce)
        except asyncio.CancelledError:
            say("Stopped. uno-tui host resume continues the match; the codes stay the same.")
            return 130

    try:
        return asyncio.run(main())
    except OSError as error:
        raise CommandError(f"host: cannot listen there ({error.strerror or error})") from None


def _read_commands(host: Host, loop: asyncio.AbstractEventLoop, say: Callable[[str], None]) -> None:
    """The host's own commands, read from stdin in a thread (none when stdin is not a tty
    or ends)."""

    def command(line: str) -> None:
        word, _, rest = line.strip().partition(" ")
        if word == "bot":
            names = [name.lower() for name in host.game.names]
            if rest.strip().lower() not in names:
                say(f"No seat named {rest.strip()[:20]!r}.")
                return
            seat = names.index(rest.strip().lower())
            if seat not in host.codes.seats:
                say(f"{host.game.names[seat]} is not a remote seat.")
                return
            host.hand_to_bot(seat)
        elif word == "quit":
            task_cancel()
        elif word:
            say(f"Commands: bot NAME, quit (not {word[:20]!r}).")

    tasks = asyncio.all_tasks(loop)

    def task_cancel() -> None:
        for task in tasks:
            task.cancel()

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(command, line)

    if sys.stdin is not None and sys.stdin.isatty():
        threading.Thread(target=read, daemon=True).start()


def _serve_and_play(
    host: Host,
    announce: Callable[[], None],
    code: str,
    play_remote: PlayRemote,
    say: Callable[[str], None],
) -> int:
    """The host in a thread, the local person's seat played here through the loopback."""
    started = threading.Event()
    failed: list[BaseException] = []
    loop = asyncio.new_event_loop()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(host.run(started.set))
        except BaseException as error:  # reported in the main thread
            failed.append(error)
            started.set()

    host.log = lambda line: None  # the local person hears the same news as a notice
    thread = threading.Thread(target=serve, name="uno-tui-host", daemon=True)
    thread.start()
    started.wait(15)
    if failed:
        error = failed[0]
        raise CommandError(f"host: cannot listen there ({getattr(error, 'strerror', error)})")
    announce()
    bind = host.options.bind
    local_address = "127.0.0.1" if bind in ("0.0.0.0", "") else bind
    table = RemoteTable(f"{local_address}:{host.port}", code)
    table.start()
    try:
        return play_remote(JoinedTable(table))
    finally:
        table.close()
        if not host.session.is_over:
            say("The match is saved: uno-tui host resume continues it with the same codes.")
        loop.call_soon_threadsafe(lambda: [t.cancel() for t in asyncio.all_tasks(loop)])
        thread.join(timeout=5)


# Join -------------------------------------------------------------------------------------------


def run_join(args: argparse.Namespace, play_remote: PlayRemote, say: Callable[[str], None]) -> int:
    """``uno-tui join --plain``: the remote seat played line by line on this terminal."""
    if not args.address or not args.code:
        raise CommandError("join: give the host's address and --code (or leave out --plain)")
    try:
        table = RemoteTable(args.address, args.code)
    except JoinError as error:
        raise CommandError(f"join: {error}") from None
    say(f"Joining {table.url.removeprefix('ws://')}...")
    transcript = None
    if args.record_messages is not None:
        try:
            transcript = args.record_messages.open("a", encoding="utf-8")
        except OSError as error:
            raise CommandError(f"join: cannot write {args.record_messages}: {error}") from None
        table.transcript = transcript
    table.start()
    try:
        welcome = table.wait_welcome()
        where = "as a spectator" if welcome.seat is None else f"as {welcome.names[welcome.seat]}"
        say(f"Joined {where}. Seats: " + ", ".join(f"{s.name} ({s.plays})" for s in welcome.seats))
        return play_remote(JoinedTable(table))
    except JoinError as error:
        say(f"Cannot join: {error}.")
        return 1
    finally:
        table.close()
        if transcript is not None:
            transcript.close()


# Serve ------------------------------------------------------------------------------------------


def run_serve(args: argparse.Namespace, say: Callable[[str], None]) -> int:
    from .serving import MAX_PAGES, MAX_PAGES_PER_ADDRESS, GuardedServer

    given: Sequence[str] = args.app_args
    app_args = ["join"] if not given else list(given[1:] if given[0] == "--" else given)
    command = shlex.join([sys.executable, "-m", "uno_tui", *app_args])
    say(f"Serving the app on http://{args.bind}:{args.port} (each page runs: {command}).")
    say("The page and its keys travel unencrypted: beyond a trusted network, use SSH or a VPN.")
    if not 0 < args.port < 65536:
        raise CommandError("serve: --port is a number from 1 to 65535")
    say(
        f"At most {MAX_PAGES} pages at once ({MAX_PAGES_PER_ADDRESS} from one address), each "
        "with a data directory of its own; pages from other sites are refused."
    )
    server = GuardedServer(command, host=args.bind, port=args.port, say=say)
    try:
        server.serve()
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise CommandError(f"serve: cannot listen there ({reason.lower()})") from None
    return 0
