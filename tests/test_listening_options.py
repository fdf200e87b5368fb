"""Issue 36: every subcommand takes the options of listening after its word as before it
(``uno-tui host --speech espeak-ng``, ``join ... --sounds bell``); the host's lines (the room's
code, the lobby's changes, "Type start") are spoken to a host who asked for speech; a joined
or hosted seat in the line mode rings its sounds."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from uno_tui import cli, plain
from uno_tui.cli import build_parser, lines_speech, main
from uno_tui.narration.speech import Speaker
from uno_tui.net import commands

LISTENING = ["--narrate", "--speech", "espeak-ng", "--sounds", "bell", "--verbosity", "brief"]


@pytest.mark.parametrize(
    "words",
    [
        ["host"],
        ["host", "resume"],
        ["join", "127.0.0.1:8765", "--code", "K7QM-2PXA"],
        ["serve"],
        ["resume"],
        ["history"],
        ["stats"],
        ["replay", "--last"],
    ],
)
def test_the_listening_options_come_after_any_subcommand_as_before_it(words: list[str]) -> None:
    after = build_parser().parse_args([*words, *LISTENING])
    before = build_parser().parse_args([*LISTENING, *words])
    for args in (after, before):
        assert args.narrate and args.speech == "espeak-ng"
        assert args.sounds == "bell" and args.verbosity == "brief"
    assert build_parser().parse_args(words).verbosity == "full"  # unset: the top level's


def test_a_wrong_value_after_the_word_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "--speech", "espeakk"]) == 2
    error = capsys.readouterr().err.strip()
    assert "argument --speech: invalid choice: 'espeakk'" in error
    assert "resume" not in error  # not "argument resume: invalid choice"
    assert len(error.splitlines()) == 1


class Heard(Speaker):
    def __init__(self) -> None:
        super().__init__(None)
        self.heard: list[str] = []

    def say(self, text: str, *, interrupt: bool = False) -> None:
        self.heard.append(text)


def test_a_blind_hosts_room_is_spoken_and_the_seats_play_with_their_sounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[str] = []
    heard = Heard()

    def speaker_for(choice: str, **_: Any) -> Speaker:
        made.append(choice)
        return heard

    games: list[dict[str, Any]] = []

    class Lines:
        def __init__(self, table: object, *args: object, **options: Any) -> None:
            games.append(options)

        async def play(self) -> int:
            return 0

    def prepare(args: Any, parse_seats: Any, say: Any) -> SimpleNamespace:
        return SimpleNamespace(code="LOCAL-SEAT")  # a host with its own person's seat

    def host(setup: Any, play_remote: Any, say: Any, read_line: Any) -> int:
        say("The room's code is ABCD-EFGH.")
        say("Ann came in. Type start here when everyone is in.")
        table = SimpleNamespace(stirred=None)
        return asyncio.run(play_remote(table, None, ""))

    monkeypatch.setattr(cli, "make_speaker", speaker_for)
    monkeypatch.setattr(plain, "PlainGame", Lines)
    monkeypatch.setattr(commands, "prepare_host", prepare)
    monkeypatch.setattr(commands, "host_in_lines", host)  # not a terminal here: the line mode
    assert main(["host", "--open", "1", "--speech", "espeak-ng", "--sounds", "bell"]) == 0
    assert made == ["espeak-ng"]
    assert heard.heard == [
        "The room's code is ABCD-EFGH.",
        "Ann came in. Type start here when everyone is in.",
    ]
    assert games[0]["speaker"] is heard and games[0]["sounds"] == "bell"


def test_narrate_alone_speaks_with_the_machines_speech_in_the_line_mode() -> None:
    parse = build_parser().parse_args
    assert lines_speech(parse(["host", "--narrate"])) == "auto"
    assert lines_speech(parse(["host"])) == "none"  # the screen reader reads the lines
    assert lines_speech(parse(["join", "x", "--plain", "--speech", "none", "--narrate"])) == "none"


def test_a_served_page_narrates_as_text_never_through_the_servers_speech(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from uno_tui.net import serving

    commands_run: list[str] = []

    class Server:
        def __init__(self, command: str, **_: Any) -> None:
            commands_run.append(command)

        def serve(self) -> None:
            pass

    monkeypatch.setattr(serving, "GuardedServer", Server)
    parse = build_parser().parse_args
    said: list[str] = []
    assert commands.run_serve(parse(["serve", "--insecure"]), said.append) == 0
    assert commands.run_serve(parse(["serve", "--insecure", "--", "--narrate"]), said.append) == 0
    given = parse(["serve", "--insecure", "--", "join", "--speech", "none"])
    assert commands.run_serve(given, said.append) == 0
    assert commands_run[0].endswith("-m uno_tui join --speech text")
    assert commands_run[1].endswith("-m uno_tui --narrate --speech text")
    assert commands_run[2].endswith("-m uno_tui join --speech none"), "the operator's choice"
