"""``uno-tui host``, ``uno-tui join`` and ``uno-tui serve``: their options and how they are set up.

The front ends themselves are handed in by ``uno_tui.cli`` (this package imports none), as a
function that plays a joined seat (a ``uno_tui.match.table.Table``) line by line, and one that
reads the next line on the running loop. Each runs on one event loop (``hosting``): ``host``
serves its match and, with a person at its terminal, that person's seat joined through the
loopback; the host's commands are read on the same loop, at any moment. ``prepare_host``
alone sets the hosted match up, for a front end that serves it on its own loop (the app's
``uno_tui.tui.host_app``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from uno_tui.engine import Rules, SetupError, check_names
from uno_tui.engine.rules import HOUSE_RULES as HOUSE_RULE_NAMES
from uno_tui.match.session import Session
from uno_tui.seats import BOT_LEVELS, Seat

from .chat import CHAT_NAME, load_chat, save_chat
from .client import (
    ENV_JOIN_CODE,
    ENV_JOIN_NAME,
    FIRST_ANSWER,
    HostConnection,
    JoinError,
    address_url,
)
from .codes import (
    describe_address,
    hosted_paths,
    join_lines,
    new_code,
    open_hosted,
    remember_address,
    resume_hosted,
)
from .constants import DEFAULT_PORT
from .host import Host
from .hosting import (
    CommandError,
    DoorSetup,
    HostSetup,
    PlayRemote,
    ReadLine,
    serve_and_play,
    serve_in_foreground,
    wait_in_lobby,
)
from .joined import JoinedTable
from .options import AWAY_BOT, HostOptions
from .pace import BOT_PAUSE
from .room import OPEN_MARK, Room, kept_pin, kept_seat, open_name
from .tls import Certificate, CertificateError, host_certificate

__all__ = [
    "CommandError",
    "HostSetup",
    "add_parsers",
    "host_in_lines",
    "join_code",
    "prepare_host",
    "run_host",
    "run_join",
    "run_serve",
]

REMOTE = "remote"


def add_parsers(sub: Any) -> None:
    host = sub.add_parser("host", help="host a match for players at other terminals")
    host.add_argument("resume", nargs="?", choices=["resume"], help="continue the hosted match")
    host.add_argument("--rules", choices=["classic", "teams", "two-player"], default="classic")
    host.add_argument(
        "--players",
        help='seats in order: "Ann:remote" plays from another terminal, "Cy:medium" is a bot, '
        '"?" is an open seat (anyone with the room\'s code takes it under their own name), '
        "a name alone is the person at this terminal (default: Host here, Guest remote, "
        "two medium bots; with --open: Host here)",
    )
    host.add_argument(
        "--open",
        type=int,
        default=0,
        metavar="N",
        help="N more open seats after --players: one room code for all, a lobby, and the "
        "host starts the match (start, typed here)",
    )
    host.add_argument(
        "--open-bots",
        default=AWAY_BOT,
        metavar="LEVEL",
        help=f"the level of the bots that take the seats still open at the start ({AWAY_BOT})",
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
        "--new", action="store_true", help="keep an unfinished hosted match aside and start anew"
    )
    host.add_argument(
        "--turn-seconds",
        type=float,
        metavar="N",
        help="seconds a person has for each move (off by default): a warning 10 s before, then "
        "a --turn-bot bot makes that move; twice in a row, it plays the seat until they act",
    )
    host.add_argument(
        "--turn-bot",
        default=AWAY_BOT,
        metavar="LEVEL",
        help=f"the level of the bot that moves when a person's time is up ({AWAY_BOT})",
    )
    host.add_argument(
        "--spectators-chat",
        action="store_true",
        help="spectators may write in the chat too (they always read it)",
    )
    host.add_argument(
        "--away-bot",
        type=float,
        metavar="SECONDS",
        help=f"hand a remote seat to a {AWAY_BOT} bot when its turn waits this long with "
        "nobody connected (the person takes it back by rejoining)",
    )
    host.add_argument(
        "--lobby-grace",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="free a room's seat whose person dropped, unless they rejoin within this (60)",
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
    host.add_argument(
        "--insecure",
        action="store_true",
        help="plain ws://, nothing encrypted (guests join with --insecure too)",
    )
    host.add_argument(
        "--plain",
        action="store_true",
        default=argparse.SUPPRESS,
        help="your own seat line by line (the app is the default in a terminal)",
    )
    host.add_argument(
        "--ssh",
        type=int,
        metavar="PORT",
        help="also let guests in with ssh -p PORT (nothing to install on their side)",
    )
    join = sub.add_parser("join", help="join a hosted match: uno-tui join HOST[:PORT] --code C")
    join.add_argument("address", nargs="?", help="HOST or HOST:PORT the host printed")
    join.add_argument(
        "--code",
        help="your seat's code, or the room's with --name (without: the seat this machine "
        "took at HOST before)",
    )
    join.add_argument("--name", help="your name, for an open seat in a room")
    join.add_argument(
        "--fingerprint",
        help="the host's certificate's fingerprint, as the host printed it (checked before "
        "anything is sent)",
    )
    join.add_argument(
        "--insecure", action="store_true", help="plain ws://, for a host started with --insecure"
    )
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
    serve.add_argument("--insecure", action="store_true", help="plain http://, nothing encrypted")
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
    """The rules, the seats, which seats are remote (open ones among them, their names
    ``room.open_name``), and the local person's seat, if any."""
    opened = getattr(args, "open", 0) or 0
    if not 0 <= opened <= 9:
        raise CommandError("host: --open is a number of seats from 0 to 9")
    spec = args.players or ("Host" if opened else "Host,Guest:remote,Ada:medium,Bo:medium")
    if args.rules == "two-player" and args.players is None and not opened:
        spec = "Host,Guest:remote"
    parts = [part.strip() for part in spec.split(",")] + [OPEN_MARK] * opened
    open_seats = [i for i, part in enumerate(parts) if part == OPEN_MARK]
    named = [(i, part) for i, part in enumerate(parts) if part != OPEN_MARK]
    remote = [i for i, part in named if part.endswith(f":{REMOTE}")]
    seated = (
        parse_seats(",".join(part.removesuffix(f":{REMOTE}") for _, part in named)) if named else []
    )
    by_seat = {i: seat for (i, _), seat in zip(named, seated, strict=True)}
    seats = [by_seat.get(i) or Seat(open_name(i)) for i in range(len(parts))]
    try:
        check_names(seat.name for seat in seats)
    except SetupError as error:
        raise CommandError(f"host: --players: {error}") from None
    remote += open_seats
    local = [i for i, seat in enumerate(seats) if seat.is_person and i not in remote]
    if len(local) > 1:
        raise CommandError(
            "host: at most one person plays at the host's terminal; mark the others :remote"
        )
    if not remote:
        raise CommandError(
            'host: no remote seat; mark one with ":remote", e.g. "Ann:remote", or leave seats '
            "open with --open N"
        )
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


def make_room(args: argparse.Namespace, seats: Sequence[Seat]) -> Room | None:
    """The room with one code, if seats were left open."""
    open_seats = [i for i, seat in enumerate(seats) if seat.name == open_name(i)]
    if not open_seats:
        return None
    if args.open_bots not in BOT_LEVELS:
        raise CommandError(
            f"host: --open-bots: unknown bot level {args.open_bots[:20]!r} "
            f"(levels: {', '.join(BOT_LEVELS)})"
        )
    return Room(new_code(), open_seats, args.open_bots)


def run_host(
    args: argparse.Namespace,
    parse_seats: Callable[[str], list[Seat]],
    play_remote: PlayRemote,
    say: Callable[[str], None],
    read_line: ReadLine,
) -> int:
    """``uno-tui host`` in the line mode: the host alone, or with its person's seat."""
    return host_in_lines(prepare_host(args, parse_seats, say), play_remote, say, read_line)


def host_in_lines(
    setup: HostSetup, play_remote: PlayRemote, say: Callable[[str], None], read_line: ReadLine
) -> int:
    """The host (set up by ``prepare_host``) served with its commands read line by line, and
    its person's seat, if any, played so."""
    if setup.code is None:
        return serve_in_foreground(setup, say, read_line)
    return serve_and_play(setup, play_remote=play_remote, say=say, read_line=read_line)


def prepare_host(
    args: argparse.Namespace, parse_seats: Callable[[str], list[Seat]], say: Callable[[str], None]
) -> HostSetup:
    """The hosted match the command line asks for (new or resumed), ready to serve: nothing
    is listened on yet. ``say``: where its host's news goes until a front end takes it."""
    if args.port is not None and not 0 <= args.port < 65536:
        raise CommandError("host: --port is a number from 0 to 65535")
    try:
        if args.resume:
            session, codes = resume_hosted()
            local = codes.local
        else:
            rules, seats, remote, local = host_table(args, parse_seats)
            session = Session(rules, seats, seed=args.seed)
            room = make_room(args, seats)
            codes = open_hosted(
                session, remote, spectators=args.spectators, local=local, room=room, new=args.new
            )
    except ValueError as error:
        raise CommandError(f"host: {error}") from None
    bind = args.bind or (codes.bind if args.resume else None) or "127.0.0.1"
    port = args.port if args.port is not None else (codes.port if args.resume else None)
    port = DEFAULT_PORT if port is None else port
    if not 0 <= args.bot_pause <= 10:
        raise CommandError("host: --bot-pause is from 0 to 10 seconds")
    if args.turn_seconds is not None and not 1 <= args.turn_seconds <= 3600:
        raise CommandError("host: --turn-seconds is from 1 to 3600")
    if args.turn_bot not in BOT_LEVELS:
        raise CommandError(
            f"host: --turn-bot: unknown bot level {args.turn_bot[:20]!r} "
            f"(levels: {', '.join(BOT_LEVELS)})"
        )
    certificate = None if args.insecure else _certificate("host")
    tls = None if certificate is None else certificate.server_context()
    options = HostOptions(
        bind=bind,
        port=port,
        away_bot_after=args.away_bot,
        bot_pause=args.bot_pause,
        spectators_chat=args.spectators_chat,
        lobby_grace=args.lobby_grace,
        turn_seconds=args.turn_seconds,
        turn_bot=args.turn_bot,
        tls=tls,
    )
    host = Host(session, codes, options, local=local, log=say, record=args.record)
    host.codes_path = hosted_paths()[1]
    host.talk.file = host.codes_path.with_name(CHAT_NAME)
    if args.resume:
        host.talk.lines = load_chat(host.talk.file)
    else:
        save_chat(host.talk.file, [])  # a new match: the last one's chat is not its
    tail = "--insecure" if certificate is None else f"--fingerprint {certificate.fingerprint}"
    host.join_tail = tail
    door = None if args.ssh is None else _door(args, bind, tail)

    def announce(say: Callable[[str], None], start: str) -> None:
        """Said once the host listens, so a port in use fails before any code is shown."""
        remember_address(codes, session.game.names, bind, host.port)
        shown_address = describe_address(bind, host.port)
        only_here = " (this machine only: --bind 0.0.0.0 for the network)"
        say(
            f"Hosting {session.game.rules.rule_set.value} on {shown_address}"
            f"{only_here if bind.startswith('127.') else ''}."
        )
        for line in join_lines(codes.for_remote(), session.game.names, shown_address, tail):
            say(line)
        if certificate is None:
            say(
                "Not encrypted (--insecure): codes, hands and moves cross the network readable "
                "by anyone on it."
            )
        else:
            say(
                f"Encrypted (TLS). The fingerprint {certificate.fingerprint} names this host's "
                "certificate: send it with the codes by a way you trust; a join that meets "
                "another certificate is refused."
            )
        if door is not None and door.opened is not None:
            port = door.opened.port
            say(
                f"SSH door on port {port}: ssh -p {port} {shown_address.rpartition(':')[0]} "
                f"(the code is the login; add plain for the line mode). Its host key is "
                f"{door.fingerprint}: ssh shows it to a guest the first time."
            )
        if host.in_lobby:
            say(
                "The room is open: each joins with its code and a name of their own. "
                + start
                + f" when everyone is in; seats still open become {codes.room.bots} bots."  # type: ignore[union-attr]
            )
        if local is None:
            say(
                f"Commands here: start, say TEXT, bot NAME (a {AWAY_BOT} bot plays an absent "
                "seat), kick NAME, codes (each seat's), quit."
            )

    pin = None if certificate is None else certificate.fingerprint
    code = None if local is None else codes.seats[local]
    return HostSetup(host, announce, code, pin, door)


def _certificate(command: str) -> Certificate:
    try:
        return host_certificate()
    except CertificateError as error:
        raise CommandError(f"{command}: {error}") from None


def _door(args: argparse.Namespace, bind: str, tail: str) -> DoorSetup:
    from .ssh_door import DoorOptions, host_key, key_fingerprint

    if not 0 <= args.ssh < 65536:
        raise CommandError("host: --ssh is a port number from 0 to 65535")
    try:
        key = host_key()
    except ValueError as error:
        raise CommandError(f"host: {error}") from None
    options = DoorOptions(port=args.ssh, bind=bind)
    return DoorSetup(options, key, key_fingerprint(key), tail.split())


# Join -------------------------------------------------------------------------------------------


def join_code(
    address: str,
    code: str | None,
    name: str | None,
    fingerprint: str | None = None,
    *,
    insecure: bool = False,
) -> tuple[str, str | None, str | None]:
    """The code to join ``address`` with, the name for a room's open seat and the
    fingerprint to pin: the ones given, or the token kept from this machine's last seat at
    that host with the fingerprint of the certificate it was taken at (a fingerprint given
    that names another is refused)."""
    if code:
        return code, name, fingerprint
    try:
        kept = kept_seat(address_url(address, secure=not insecure))
    except JoinError as error:
        raise CommandError(f"join: {error}") from None
    if kept is None:
        raise CommandError(
            f"join: no seat of yours at {address[:60]} is remembered here: give the --code the "
            "host printed (and --name for a room's code)"
        )
    try:
        pin = kept_pin(kept, fingerprint)
    except ValueError as error:
        raise CommandError(f"join: {error}") from None
    return kept.token, None, pin


def run_join(
    args: argparse.Namespace,
    play_remote: PlayRemote,
    say: Callable[[str], None],
    read_line: ReadLine,
) -> int:
    """``uno-tui join --plain``: the remote seat played line by line on this terminal."""
    if not args.address:
        raise CommandError("join: give the host's address (or leave out --plain)")
    code, name, pin = join_code(
        args.address,
        args.code or os.environ.get(ENV_JOIN_CODE),
        getattr(args, "name", None) or os.environ.get(ENV_JOIN_NAME),
        args.fingerprint,
        insecure=args.insecure,
    )
    try:
        connection = HostConnection(
            args.address, code, name=name, fingerprint=pin, insecure=args.insecure
        )
    except JoinError as error:
        raise CommandError(f"join: {error}") from None
    say(f"Joining {connection.url.partition('://')[2]}...")
    transcript = None
    if args.record_messages is not None:
        try:
            # its lobby messages hold the seat's token: the user's alone (0600), as every
            # file holding one
            flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
            fd = os.open(args.record_messages, flags, 0o600)
            transcript = os.fdopen(fd, "a", encoding="utf-8")
            os.chmod(transcript.fileno(), 0o600)
        except OSError as error:
            raise CommandError(f"join: cannot write {args.record_messages}: {error}") from None
        connection.transcript = transcript

    async def main() -> int:
        connection.start()
        try:
            answered = await wait_in_lobby(connection, say, read_line)
            if answered is None:
                say("Goodbye.")
                return 0
            welcome = await connection.welcome(FIRST_ANSWER if answered else 0.01)
            where = (
                "as a spectator" if welcome.seat is None else f"as {welcome.names[welcome.seat]}"
            )
            seats = ", ".join(f"{s.name} ({s.plays})" for s in welcome.seats)
            say(f"Joined {where}. Seats: {seats}")
            return await play_remote(JoinedTable(connection), None, "")
        except JoinError as error:
            say(f"Cannot join: {error}.")
            return 1
        finally:
            await connection.close()

    try:
        return asyncio.run(main())
    finally:
        if transcript is not None:
            transcript.close()


# Serve ------------------------------------------------------------------------------------------


def run_serve(args: argparse.Namespace, say: Callable[[str], None]) -> int:
    from .serving import MAX_PAGES, MAX_PAGES_PER_ADDRESS, GuardedServer

    given: Sequence[str] = args.app_args
    app_args = ["join"] if not given else list(given[1:] if given[0] == "--" else given)
    if "--speech" not in app_args:  # a page's narration is read on the guest's side, as text
        app_args += ["--speech", "text"]
    command = shlex.join([sys.executable, "-m", "uno_tui", *app_args])
    if not 0 < args.port < 65536:
        raise CommandError("serve: --port is a number from 1 to 65535")
    certificate = None if args.insecure else _certificate("serve")
    scheme = "http" if certificate is None else "https"
    say(f"Serving the app on {scheme}://{args.bind}:{args.port}.")
    say(
        f"What it exposes: each page opened runs {command} on this machine, as you, and every "
        "key typed on the page reaches that program; nothing else (no shell, no files: each "
        "page has a data directory of its own, removed after it)."
    )
    if certificate is None:
        say("Not encrypted (--insecure): the page and its keys cross the network readable.")
    else:
        say(
            "Encrypted (TLS) with this host's certificate, which no authority signed: the "
            "browser warns once; its SHA-256 fingerprint, to compare with what the browser "
            f"shows, is {certificate.sha256}."
        )
    say(
        f"At most {MAX_PAGES} pages at once ({MAX_PAGES_PER_ADDRESS} from one address); "
        "pages from other sites are refused."
    )
    tls = None if certificate is None else certificate.server_context()
    server = GuardedServer(command, host=args.bind, port=args.port, say=say, tls=tls)
    try:
        server.serve()
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise CommandError(f"serve: cannot listen there ({reason.lower()})") from None
    return 0
