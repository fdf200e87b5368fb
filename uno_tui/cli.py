"""The ``uno-tui`` command: play, resume the autosaved match, replay a saved match, simulate
bots against bots."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from uno_tui import __version__
from uno_tui.engine.errors import RecordError, SetupError
from uno_tui.engine.names import check_names, clean_name
from uno_tui.engine.rules import Rules
from uno_tui.narration.sounds import SOUND_CHOICES, SoundChoice
from uno_tui.narration.speech import SPEECH_CHOICES, SpeechChoice, make_speaker
from uno_tui.narration.verbosity import VERBOSITIES
from uno_tui.program import command_name
from uno_tui.seats import BOT_LEVELS, Seat
from uno_tui.signals import LAST_RESORT_SECONDS, SignalExit, end_process_after, exit_on_signals
from uno_tui.store.files import MAX_SAVE_BYTES, FileRefused, read_limited
from uno_tui.store.saves import Autosave, describe, open_autosave
from uno_tui.text import shown

if TYPE_CHECKING:
    from uno_tui.engine import MatchRecord
    from uno_tui.match.session import Session
    from uno_tui.net.hosting import HostSetup
    from uno_tui.net.joined import JoinedTable

# Only what the setup screen needs is imported here: the simulation, the network, the line
# mode, the bots, the game itself, the narrator and the kept matches load with the command
# that uses them (``benchmarks/bench_app.py``; ``tests/test_start_imports.py``).

PlaySession = Callable[["Session"], int]
"""Plays a session to its end or until the person leaves; returns the exit code."""

DEFAULT_TABLES = {
    "classic": "You,Ada:medium,Bo:medium,Cy:medium",
    "two-player": "You,Ada:medium",
    "teams": "You,Ada:medium,Bo:medium,Cy:medium",
}


class UsageError(Exception):
    """A bad command line: one line of explanation, exit code 2."""


class StopPlaying(Exception):
    """The input ended (or the person said so) before a match began."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on stderr, not the usage block."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix("uno-tui").strip()
        raise UsageError(f"{where + ': ' if where else ''}{message} (see uno-tui --help)")


MAX_SEED = 2**63 - 1
MAX_TARGET = 1_000_000
"""Far above any match (500 is the rules' target), low enough that a match can end."""
MAX_PLAYERS_SPEC = 1000
"""``--players`` longer than this cannot be ten names of 20 characters and their levels."""


def parse_seats(spec: str) -> list[Seat]:
    """``"You,Ada:easy,Bo"``: a name alone is a person, ``name:level`` a bot. Every name keeps
    the one name rule (``uno_tui.engine.names``), as the setup screen's and a save's do."""
    if len(spec) > MAX_PLAYERS_SPEC:
        raise UsageError(f"--players: {len(spec)} characters, longer than any table of names")
    seats = []
    for part in spec.split(","):
        raw_name, _, level = part.rpartition(":") if ":" in part else (part, "", "")
        level = level.strip()
        if level and level not in BOT_LEVELS:
            raise UsageError(
                f"--players: unknown bot level {level[:20]!r} (levels: {', '.join(BOT_LEVELS)})"
            )
        try:
            seats.append(Seat(clean_name(raw_name), level or None))
        except SetupError as error:
            raise UsageError(f"--players: {error}") from None
    try:
        check_names(seat.name for seat in seats)
    except SetupError as error:
        raise UsageError(f"--players: {error}") from None
    return seats


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (else one line, exit 2)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {text[:30]}")
        return value

    return parse


LATER_COMMANDS = frozenset({"simulate", "host", "join", "serve", "-h", "--help"})
"""Words whose command line needs the simulation's or the network's options parsed: any
other is parsed without importing them."""


def build_parser(*, later: bool = True) -> argparse.ArgumentParser:
    """The command line's parser; ``later=False`` leaves out ``simulate``, ``host``, ``join``
    and ``serve`` (and the modules their options come from)."""
    parser = ArgumentParser(prog="uno-tui", description="UNO in the terminal.")
    parser.add_argument("--version", action="version", version=f"uno-tui {__version__}")
    parser.add_argument("--plain", action="store_true", help="play line by line (screen readers)")
    parser.add_argument(
        "--narrate",
        action="store_true",
        help="the app tells (and speaks, where it can) every event; review keys H T K S R L M",
    )
    parser.add_argument(
        "--rules",
        choices=sorted(DEFAULT_TABLES),
        help="rule set (default classic; with --plain and no --players, asked at start)",
    )
    parser.add_argument(
        "--players",
        help="seats in order, comma-separated: a name is a person, name:level a bot "
        f"(levels: {', '.join(BOT_LEVELS)}); default: you against three medium bots",
    )
    parser.add_argument(
        "--seed", type=bounded_int(0, MAX_SEED), help="seed of the shuffles, to replay a deal"
    )
    parser.add_argument(
        "--target", type=bounded_int(1, MAX_TARGET), help="points to win the match (500)"
    )
    parser.add_argument(
        "--speech",
        choices=SPEECH_CHOICES,
        help="speak the narration: auto finds spd-say or espeak-ng (default in --plain: none, "
        "as the screen reader reads the lines)",
    )
    parser.add_argument(
        "--sounds",
        choices=SOUND_CHOICES,
        help="a sound for your turn, UNO, a penalty and an exchange: the terminal's bell, or "
        "speech-dispatcher's sound icons (default: off; the app remembers the setup's)",
    )
    parser.add_argument(
        "--reduce-motion",
        action="store_true",
        help="no animation: cards appear where they go at once",
    )
    parser.add_argument(
        "--verbosity",
        choices=VERBOSITIES,
        default="full",
        help="full: every event; brief: only what changes a decision",
    )
    sub = parser.add_subparsers(dest="command")
    replay = sub.add_parser(
        "replay",
        help="watch a saved match again on the table (its lines with --plain or in a pipe): "
        "a file, N from history, or --last",
    )
    replay.add_argument("file", nargs="?", help="a match record, or a number from history")
    replay.add_argument("--last", action="store_true", help="the last match kept")
    replay.add_argument(
        "--speech", choices=SPEECH_CHOICES, default=argparse.SUPPRESS, help="speak each line"
    )
    sub.add_parser("history", help="list the matches kept (every finished match)")
    stats = sub.add_parser("stats", help="what the kept matches add up to, per person and bot")
    stats.add_argument("--file", action="append", default=[], help="a match record to count too")
    stats.add_argument("--since", help="only matches on or after this day (2026-11-30)")
    stats.add_argument("--player", help="only this person (names compare ignoring case)")
    stats.add_argument("--json", action="store_true", help="the figures as JSON, for machines")
    resume = sub.add_parser("resume", help="continue the autosaved match")
    resume.add_argument(
        "--plain", action="store_true", default=argparse.SUPPRESS, help="line by line"
    )
    if not later:
        return parser
    from uno_tui import sim
    from uno_tui.net.commands import add_parsers as add_network_parsers

    sim.add_parser(sub)

    add_network_parsers(sub)
    for command in sub.choices.values():
        add_listening_options(command)
    return parser


LISTENING_OPTIONS: tuple[tuple[str, dict[str, object]], ...] = (
    ("--narrate", {"action": "store_true", "help": "tell every event"}),
    ("--speech", {"choices": SPEECH_CHOICES, "help": "speak the narration"}),
    ("--sounds", {"choices": SOUND_CHOICES, "help": "a sound for the big moments"}),
    (
        "--verbosity",
        {"choices": VERBOSITIES, "help": "full: every event; brief: only what changes a decision"},
    ),
)
"""The options of listening, which every subcommand takes after its word too."""


def add_listening_options(command: argparse.ArgumentParser) -> None:
    """``uno-tui host --speech espeak-ng``, ``join ... --sounds bell`` as well as before the
    word: a blind player's options where they are typed. Unset, the top level's stand; a
    subcommand's own option of the same name (``replay --speech``) is kept."""
    taken = set(command._option_string_actions)
    for flag, options in LISTENING_OPTIONS:
        if flag not in taken:
            command.add_argument(flag, default=argparse.SUPPRESS, **options)  # type: ignore[arg-type]


# The table ----------------------------------------------------------------------------------


def table_given(args: argparse.Namespace) -> bool:
    return args.players is not None or args.rules is not None


def rules_and_seats(args: argparse.Namespace) -> tuple[Rules, list[Seat]]:
    """The table the command line describes (the default one if it names none); a bad one
    raises ``UsageError``, before any question is asked or any app is started."""
    rules_name = args.rules or "classic"
    seats = parse_seats(args.players if args.players is not None else DEFAULT_TABLES[rules_name])
    try:
        target = 500 if args.target is None else args.target
        rules = Rules.preset(rules_name, target_score=target)
        rules.check_players(len(seats))
    except SetupError as error:
        raise UsageError(str(error)) from None
    return rules, seats


# The Textual app ----------------------------------------------------------------------------


def run_app(
    args: argparse.Namespace,
    session: Session | None = None,
    new_table: tuple[Rules, list[Seat]] | None = None,
) -> int:
    """The Textual app: the setup screen or the command line's ``new_table`` (after offering
    a saved match), or straight into ``session``. SIGTERM and SIGHUP leave it cleanly, the
    terminal restored; every applied action is already saved."""
    from uno_tui.tui import UnoApp  # only the app needs Textual loaded

    app = UnoApp(
        seed=args.seed,
        session=session,
        remember=session is None and new_table is None,
        narrate=args.narrate,
        speech=args.speech or "auto",
        autosave=autosave_of(session),
        reduce_motion=args.reduce_motion,
        new_table=new_table,
        sounds=getattr(args, "sounds", None),
    )

    def leave(signum: int) -> None:
        from uno_tui.narration.prompts import resume_hint

        stop = SignalExit(signum)
        end_process_after(LAST_RESORT_SECONDS, 128 + signum)
        message = f"Stopped ({stop.name}). {resume_hint(plain=False, program=command_name())}"
        asyncio.get_running_loop().call_soon_threadsafe(
            lambda: app.exit(return_code=128 + signum, message=message)
        )

    gc.freeze()
    with exit_on_signals(on_signal=leave):
        app.run()
    return app.return_code or 0


def autosave_of(session: Session | None) -> Autosave:
    saver = session.autosave if session is not None else None
    return saver if isinstance(saver, Autosave) else Autosave()


def play_in_app(args: argparse.Namespace) -> int:
    """The app; a saved match is offered first even when the command line names a table (none
    named: the setup screen, which checks its own)."""
    return run_app(args, new_table=rules_and_seats(args) if table_given(args) else None)


# The line-by-line game ----------------------------------------------------------------------


def plain_front_end(args: argparse.Namespace) -> PlaySession:
    """The line-by-line game on this terminal, with the speech and verbosity asked for."""

    from uno_tui.plain import PlainGame
    from uno_tui.plain.lines import STDIN_LINES

    def play_lines(session: Session) -> int:
        speaker = make_speaker(args.speech or "none", notify=say)
        game = PlainGame(
            session,
            STDIN_LINES,
            sys.stdout,
            speaker=speaker,
            verbosity=args.verbosity,
            sounds=getattr(args, "sounds", None) or "off",
        )
        return game.run()

    return play_lines


@contextlib.contextmanager
def line_by_line() -> Iterator[None]:
    """The terminal as the plain game needs it: any bytes may come in; Ctrl+C, SIGTERM and
    SIGHUP stop the game cleanly (``KeyboardInterrupt``, ``SignalExit``), even one sent the
    moment a question is printed (every answer is read through ``plain.lines.STDIN``)."""
    # Ctrl+C stops the game even when started with SIGINT ignored (as `cmd &` does).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    tolerate_any_bytes()
    with exit_on_signals():
        yield


def tolerate_any_bytes() -> None:
    """Input is whatever arrives on stdin: bytes that are not UTF-8 become a replacement
    character (answered "Not a choice"), and a character the terminal cannot show is escaped,
    never an exception. Done before the first read."""
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(io.UnsupportedOperation, ValueError):
                stream.reconfigure(errors=errors)


def ask_line(question: str) -> str:
    """One question, one answer line; ``StopPlaying`` at end of input."""
    say(question)
    try:
        from uno_tui.plain.lines import STDIN

        return STDIN().strip()
    except EOFError:
        raise StopPlaying from None


def ask_yes_no(question: str) -> bool:
    """A yes/no question, Enter meaning yes."""
    while True:
        answer = ask_line(f"{question} [Y/n]").lower()
        if answer in ("", "y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        if answer in ("quit", "exit", "q"):
            raise StopPlaying
        say("Please answer y or n. Type quit to leave.")


def new_plain_session(args: argparse.Namespace, autosave: Autosave) -> Session:
    """A new match: the table from the command line, or else asked by the setup questions."""
    from uno_tui.match.session import Session
    from uno_tui.plain import PlainSetup, QuitGame

    if table_given(args):
        rules, seats = rules_and_seats(args)
    else:

        def ask(question: str) -> str:
            try:
                return ask_line(question)
            except StopPlaying:
                raise QuitGame from None

        def stats() -> list[str]:
            from uno_tui.store.archive import matches_dir
            from uno_tui.store.stats import spoken_stats

            return spoken_stats(matches_dir(autosave.path.parent))

        try:
            rules, seats = PlainSetup(ask, say, stats).run()
        except QuitGame:
            raise StopPlaying from None
        if args.target is not None:
            rules = rules.with_options(target_score=args.target)
    session = Session(rules, seats, seed=args.seed, autosave=autosave)
    session.save()
    return session


def play_plain(args: argparse.Namespace) -> int:
    """A new match, or the autosaved one if the person takes up the offer to resume it."""
    rules_and_seats(args)  # a bad command line fails before any question is asked
    autosave = Autosave()
    saved, notice = open_autosave(autosave)
    if notice:
        warn(f"{notice} Starting a new match.")
    session = None
    if saved is not None:
        if ask_yes_no(f"A match is saved ({describe(saved)}). Resume it?"):
            session = saved
        else:
            saved.keep()  # left unfinished: kept in matches/ before the new one replaces it
            say(f"Starting a new match. {autosave.keep_copy()}")
    if session is None:
        session = new_plain_session(args, autosave)
    return run_session(session, plain_front_end(args))


def run_session(session: Session, front_end: PlaySession) -> int:
    """Play ``session``; Ctrl+C, SIGTERM and SIGHUP save it and leave cleanly."""
    if session.autosave is not None and session.unsaved is None:
        # Said first, so that the game's own last line stays its last; a match that is not
        # being saved has already been told so, in the saver's one sentence.
        say(SAVED_NOTE)
    try:
        code = front_end(session)
    except (KeyboardInterrupt, SignalExit) as stop:
        session.save()  # saved after every action already; this covers an action mid-save
        reason = "interrupted" if isinstance(stop, KeyboardInterrupt) else f"stopped ({stop.name})"
        say("")
        from uno_tui.narration.prompts import resume_hint

        hint = resume_hint(plain=True, program=command_name())
        say(f"The game was {reason}. {session.unsaved or hint}")
        return 130 if isinstance(stop, KeyboardInterrupt) else 128 + stop.signum
    if not session.is_over:
        session.save()
    return code


SAVED_NOTE = "This match is saved after every move; if you leave, uno-tui --plain resume goes on."


# Resuming -----------------------------------------------------------------------------------


def resume(args: argparse.Namespace) -> int:
    """``uno-tui resume``: the autosaved match, in the app or (``--plain``) line by line. A file
    that cannot be resumed is set aside with one line, and a new match is offered."""
    autosave = Autosave()
    saved, notice = open_autosave(autosave)
    if saved is None and notice is None:
        warn(f"there is no saved match to resume (looked for {autosave.path}).")
        return 1
    if saved is None and autosave.failure == autosave.locked_message():
        warn(str(notice))  # the saved match is being played by another uno-tui right now
        return 1
    if saved is not None:
        say(f"Resuming the saved match ({describe(saved)}).")
    else:
        warn(str(notice))
    if not args.plain:
        return run_app(args, saved) if saved is not None else play_in_app(args)
    if saved is None:
        if not ask_yes_no("Start a new match?"):
            return 1
        saved = new_plain_session(args, autosave)
    return run_session(saved, plain_front_end(args))


# Output that cannot fail --------------------------------------------------------------------


def say(line: str) -> None:
    """A line on stdout that cannot fail: after SIGHUP the terminal may be gone. Nothing in it
    acts on the terminal: control characters are shown escaped (``uno_tui.text.shown``)."""
    _print_safely(shown(line), sys.stdout)


def warn(line: str) -> None:
    _print_safely(shown(f"uno-tui: {line}"), sys.stderr)


def _print_safely(line: str, stream: TextIO) -> None:
    try:
        print(line, file=stream, flush=True)
    except (OSError, ValueError):
        # The terminal is gone: stop writing to it, so the exit does not fail either.
        _write_nowhere(stream)


def _write_nowhere(stream: TextIO) -> None:
    """Point ``stream`` at the null device: its reader is gone, and the flush at exit must not
    fail on it."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())


def replay(args: argparse.Namespace) -> int:
    """Print a saved match move by move, as an onlooker would have heard it: a record file,
    the N-th kept match (``uno-tui history``), or the last one (``--last``)."""
    from uno_tui.net.chat import chat_path, load_chat
    from uno_tui.store.archive import tell

    path = replay_path(args.file, last=args.last)
    record = read_record(path)
    said = [(line.moves, line.words()) for line in load_chat(chat_path(path))]
    if on_the_table(args):
        return watch_replay(path, record, said)
    speaker = make_speaker(args.speech or "none", notify=say)
    try:
        for line in tell(record, said):
            speaker.say(line)  # queued: printing goes on, the lines are spoken in order
            say(line)
        speaker.wait_idle()  # every line heard before the prompt returns (Ctrl+C cuts)
    except RecordError as error:
        raise RecordError(f"replay: {path}: {error}") from None
    finally:
        speaker.close()
    return 0


def on_the_table(args: argparse.Namespace) -> bool:
    """``replay`` shows the match on the app's table in a terminal; its lines are printed
    (and spoken, with ``--speech``) with ``--plain``, and to a pipe or a file."""
    speech = getattr(args, "speech", None)
    return not args.plain and speech is None and sys.stdin.isatty() and sys.stdout.isatty()


def watch_replay(path: Path, record: MatchRecord, said: Sequence[tuple[int, str]]) -> int:
    from uno_tui.tui.replay_app import replay_app  # only the table needs Textual loaded

    try:
        app = replay_app(path, record, said)
    except RecordError as error:
        raise RecordError(f"replay: {path}: {error}") from None
    app.run()
    return app.return_code or 0


def replay_path(file: str | None, *, last: bool) -> Path:
    from uno_tui.store.archive import find_match, matches_dir

    if last:
        if file is not None:
            raise UsageError("replay: give a file, a number or --last, not two of them")
        return find_match(matches_dir(), None)
    if file is None:
        raise UsageError("replay: give a match record file, a number from history, or --last")
    if file.isdigit() and not Path(file).exists():
        return find_match(matches_dir(), int(file))
    return Path(file)


def history() -> int:
    """``uno-tui history``: the kept matches, numbered for ``replay N``."""
    from uno_tui.store.archive import history_lines, matches_dir

    for line in history_lines(matches_dir()):
        say(line)
    return 0


def stats(args: argparse.Namespace) -> int:
    """``uno-tui stats``: the kept matches (and ``--file`` records) added up, in sentences or
    ``--json``; each match that cannot be read is one line on stderr."""
    import json

    from uno_tui.store.archive import matches_dir
    from uno_tui.store.stats import (
        StatsUsageError,
        parse_since,
        read_with_records,
        summarise,
        summary_lines,
    )

    try:
        since = parse_since(args.since)
        directory = matches_dir()
        reading = read_with_records(directory, [Path(file) for file in args.file])
        summary = summarise(reading, since=since, player=args.player)
    except StatsUsageError as error:
        raise UsageError(str(error)) from None
    for line in reading.again:
        warn(line)
    for skipped in summary.skipped:
        warn(skipped.line())
    if args.json:
        for line in json.dumps(summary.to_dict(), indent=1, ensure_ascii=True).splitlines():
            say(line)  # ASCII only: every name's unusual character is a JSON escape
        return 0
    for line in summary_lines(summary, directory):
        say(line)
    return 0


def read_record(path: Path) -> MatchRecord:
    """A match record from a file someone may have sent: a regular file of at most
    ``MAX_SAVE_BYTES``, JSON of bounded depth and length, players keeping the name rule.
    ``RecordError`` with one line naming the file and why, never a traceback."""
    from uno_tui.engine import Game, MatchRecord

    try:
        raw = read_limited(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise RecordError(f"replay: {path}: there is no such file") from None
    except FileRefused as error:
        raise RecordError(f"replay: {path}: {error}") from None
    try:
        record = MatchRecord.from_json(raw.decode("utf-8"))
        Game.from_record(record, 0)  # the players and the setup are checked before a line is told
    except UnicodeDecodeError:
        raise RecordError(f"replay: {path}: the file is not text (not UTF-8)") from None
    except RecordError as error:
        raise RecordError(f"replay: {path}: {error}") from None
    return record


# Across machines -------------------------------------------------------------------------------


def play_across_machines(args: argparse.Namespace) -> int:
    """``uno-tui host``, ``join`` and ``serve`` (uno_tui/net). ``join --plain`` (and the host's
    own seat) is played line by line by ``PlainGame`` on the joined table; ``join`` opens the
    app's game screen on it (``join_in_app``)."""
    from uno_tui.net import commands
    from uno_tui.plain import PlainGame
    from uno_tui.plain.lines import STDIN_LINES

    speaker = make_speaker(lines_speech(args), notify=say)
    sounds: SoundChoice = getattr(args, "sounds", None) or "off"

    def say_aloud(line: str) -> None:
        """The host's and the lobby's lines (the room's code, who came in, "Type start"):
        printed, and spoken to a host or a guest who asked for speech."""
        say(line)
        speaker.say(line)

    async def play_remote(
        table: JoinedTable, commands: Callable[[str], bool] | None, commands_help: str
    ) -> int:
        game = PlainGame(
            table,
            STDIN_LINES,
            sys.stdout,
            speaker=speaker,
            verbosity=args.verbosity,
            sounds=sounds,
            stirred=table.stirred,  # the host's news heard at every question, a hand's end too
            commands=commands,
            commands_help=commands_help,
        )
        return await game.play()

    try:
        if args.command == "serve":
            return commands.run_serve(args, say)
        if args.command == "join" and not getattr(args, "plain", False):
            return join_in_app(args)
        if args.command == "join":
            with line_by_line():
                return commands.run_join(args, play_remote, say_aloud, STDIN_LINES.next_line)
        setup = commands.prepare_host(args, parse_seats, say_aloud)
        if setup.code is not None and host_app_wanted(args):
            return host_in_app(args, setup)
        with line_by_line():
            return commands.host_in_lines(setup, play_remote, say_aloud, STDIN_LINES.next_line)
    except commands.CommandError as error:
        raise UsageError(str(error)) from None
    finally:
        speaker.close()


def lines_speech(args: argparse.Namespace) -> SpeechChoice:
    """The speech of a line-by-line seat: the one asked for; with ``--narrate`` alone, the
    machine's own (a blind host asked to be told); else none (the screen reader reads the
    lines)."""
    if args.speech:
        return args.speech  # type: ignore[no-any-return]
    return "auto" if getattr(args, "narrate", False) else "none"


def host_app_wanted(args: argparse.Namespace) -> bool:
    """The host's own person plays in the app: in a terminal (stdin and stdout both), unless
    ``--plain`` asks for the line mode."""
    return not getattr(args, "plain", False) and sys.stdin.isatty() and sys.stdout.isatty()


def host_in_app(args: argparse.Namespace, setup: HostSetup) -> int:
    """``uno-tui host`` in a terminal: the host serves on the app's own loop and its person
    plays in the app (``uno_tui.tui.host_app``)."""
    from uno_tui.tui.host_app import HostApp

    app = HostApp(
        setup,
        narrate=bool(getattr(args, "narrate", False)),
        speech=args.speech or "auto",
        sounds=getattr(args, "sounds", None) or "off",
    )

    def leave(signum: int) -> None:
        end_process_after(LAST_RESORT_SECONDS, 128 + signum)
        asyncio.get_running_loop().call_soon_threadsafe(
            lambda: app.exit(return_code=128 + signum, message=app.quit_message())
        )

    with exit_on_signals(on_signal=leave):
        app.run()
    return app.return_code or 0


def join_in_app(args: argparse.Namespace) -> int:
    """``uno-tui join`` without ``--plain``: the join form, then the app's game screen on the
    joined seat."""
    from uno_tui.net.client import ENV_JOIN_CODE, ENV_JOIN_NAME
    from uno_tui.tui.join_app import JoinApp

    app = JoinApp(
        args.address or "",
        args.code or os.environ.get(ENV_JOIN_CODE, ""),
        name=getattr(args, "name", None) or os.environ.get(ENV_JOIN_NAME, ""),
        narrate=bool(getattr(args, "narrate", False)),
        speech=args.speech or "auto",
        sounds=getattr(args, "sounds", None) or "off",
        fingerprint=getattr(args, "fingerprint", None) or "",
        insecure=bool(getattr(args, "insecure", False)),
    )

    def leave(signum: int) -> None:
        end_process_after(LAST_RESORT_SECONDS, 128 + signum)
        asyncio.get_running_loop().call_soon_threadsafe(lambda: app.exit(return_code=128 + signum))

    with exit_on_signals(on_signal=leave):
        app.run()
    return app.return_code or 0


def kept_matches(args: argparse.Namespace) -> int:
    """``replay`` and ``history``: a kept match asked for that is not there is one line on
    stderr and exit code 1, as a record that cannot be read is."""
    from uno_tui.store.archive import ArchiveError

    try:
        return replay(args) if args.command == "replay" else history()
    except ArchiveError as error:
        warn(str(error))
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        try:
            args = build_parser(later=bool(LATER_COMMANDS.intersection(words))).parse_args(words)
        except UsageError:  # told by the whole parser, which names every command
            args = build_parser().parse_args(words)
        if args.command in ("replay", "history"):
            return kept_matches(args)
        if args.command == "stats":
            return stats(args)
        if args.command == "simulate":
            from uno_tui import sim

            return sim.run(args)
        if args.command in ("host", "join", "serve"):
            return play_across_machines(args)
        if not args.plain:
            return resume(args) if args.command == "resume" else play_in_app(args)
        with line_by_line():
            return resume(args) if args.command == "resume" else play_plain(args)
    except UsageError as error:
        warn(str(error))
        return 2
    except RecordError as error:
        warn(str(error))
        return 1
    except StopPlaying:
        say("Goodbye.")
        return 0
    except SignalExit as stop:
        say(f"Stopped ({stop.name}).")
        return 128 + stop.signum
    except KeyboardInterrupt:
        say("")
        return 130
    except BrokenPipeError:
        # Whoever read our output has gone (``uno-tui simulate --json | head``). The match, if
        # any, was saved after its last action; nothing more can be written there, so point
        # standard output at nothing, or Python's exit would complain of the pipe.
        _write_nowhere(sys.stdout)
        return 141  # 128 + SIGPIPE, as the shell reports a process whose reader went
