"""The ``uno-tui`` command: play, replay a saved match, simulate bots against bots."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from uno_tui import __version__, sim
from uno_tui.bots import LEVELS
from uno_tui.engine import IllegalActionError, MatchRecord, RecordError, Rules, SetupError
from uno_tui.narration import VERBOSITIES, Narrator
from uno_tui.narration.speech import SPEECH_CHOICES, make_speaker
from uno_tui.plain import PlainGame, PlainSetup, QuitGame
from uno_tui.session import Seat, Session

DEFAULT_TABLES = {
    "classic": "You,Ada:medium,Bo:medium,Cy:medium",
    "two-player": "You,Ada:medium",
    "teams": "You,Ada:medium,Bo:medium,Cy:medium",
}


class UsageError(Exception):
    """A bad command line: one line of explanation, exit code 2."""


def parse_seats(spec: str) -> list[Seat]:
    """``"You,Ada:easy,Bo"``: a name alone is a person, ``name:level`` a bot."""
    seats = []
    for part in spec.split(","):
        name, _, level = part.strip().partition(":")
        if not name:
            raise UsageError(f"--players: empty name in {spec!r}")
        if level and level not in LEVELS:
            raise UsageError(
                f"--players: unknown bot level {level!r} (levels: {', '.join(LEVELS)})"
            )
        seats.append(Seat(name, level or None))
    return seats


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uno-tui", description="UNO in the terminal.")
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
        f"(levels: {', '.join(LEVELS)}); default: you against three medium bots",
    )
    parser.add_argument("--seed", type=int, help="seed of the shuffles, to replay a deal")
    parser.add_argument("--target", type=int, help="points to win the match (500)")
    parser.add_argument(
        "--speech",
        choices=SPEECH_CHOICES,
        help="speak the narration: auto finds spd-say or espeak-ng (default in --plain: none, "
        "as the screen reader reads the lines)",
    )
    parser.add_argument(
        "--verbosity",
        choices=VERBOSITIES,
        default="full",
        help="full: every event; brief: only what changes a decision",
    )
    sub = parser.add_subparsers(dest="command")
    replay = sub.add_parser("replay", help="tell a saved match move by move")
    replay.add_argument("file", type=Path)
    sim.add_parser(sub)
    return parser


def play(args: argparse.Namespace) -> int:
    if args.players is None and args.rules is None:
        if args.plain:
            return play_plain_asking_setup(args)
        return run_app(args)  # the setup screen asks for the table
    rules_name = args.rules or "classic"
    seats = parse_seats(args.players or DEFAULT_TABLES[rules_name])
    try:
        rules = Rules.preset(rules_name, target_score=args.target or 500)
        session = Session(rules, seats, seed=args.seed)
    except SetupError as error:
        raise UsageError(str(error)) from None
    if args.plain:
        return plain_game(session, args).run()
    return run_app(args, session)


def plain_game(session: Session, args: argparse.Namespace) -> PlainGame:
    speaker = make_speaker(args.speech or "none", notify=print)
    return PlainGame(session, input, sys.stdout, speaker=speaker, verbosity=args.verbosity)


def play_plain_asking_setup(args: argparse.Namespace) -> int:
    """``--plain`` with no table on the command line: numbered setup questions first."""

    def ask(question: str) -> str:
        print(question, flush=True)
        try:
            return input().strip()
        except EOFError:
            raise QuitGame from None

    try:
        rules, seats = PlainSetup(ask, print).run()
    except QuitGame:
        print("Goodbye.")
        return 0
    if args.target is not None:
        rules = rules.with_options(target_score=args.target)
    return plain_game(Session(rules, seats, seed=args.seed), args).run()


def run_app(args: argparse.Namespace, session: Session | None = None) -> int:
    """The Textual app: the setup screen, or straight into ``session``."""
    from uno_tui.tui import UnoApp  # only the app needs Textual loaded

    app = UnoApp(
        seed=args.seed,
        session=session,
        remember=session is None,
        narrate=args.narrate,
        speech=args.speech or "auto",
    )
    app.run()
    return app.return_code or 0


def replay(path: Path) -> int:
    """Print a saved match move by move, as an onlooker would have heard it."""
    record = MatchRecord.load(path)
    game = record.new_game()
    narrator = Narrator(game.names, team_scores=game.rules.team_game)
    for line in narrator.narrate_events(game.log, None):
        print(line)
    for number, action in enumerate(record.actions, start=1):
        try:
            events = game.apply(action)
        except IllegalActionError as error:
            raise RecordError(f"move {number} is not legal in this match: {error}") from None
        for line in narrator.narrate_events(events, None):
            print(f"{number}. {line}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return replay(args.file)
        if args.command == "simulate":
            return sim.run(args)
        return play(args)
    except UsageError as error:
        print(f"uno-tui: {error}", file=sys.stderr)
        return 2
    except RecordError as error:
        print(f"uno-tui: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
