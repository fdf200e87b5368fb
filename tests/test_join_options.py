"""``uno-tui join HOST --code C --narrate --speech auto --verbosity brief``: a joined blind
player's options are taken after the subcommand, where they are typed, as well as before it."""

from __future__ import annotations

import pytest

from uno_tui import cli


def parsed(*argv: str) -> tuple[bool, str | None, str]:
    args = cli.build_parser().parse_args(list(argv))
    return bool(args.narrate), args.speech, args.verbosity


def test_join_takes_the_listening_options_after_the_subcommand() -> None:
    given = ("join", "192.168.1.5:8765", "--code", "K7", "--narrate", "--speech", "espeak-ng")
    assert parsed(*given, "--verbosity", "brief") == (True, "espeak-ng", "brief")
    assert parsed("join", "h:1", "--code", "K7", "--plain", "--speech", "none") == (
        False,
        "none",
        "full",
    )


def test_options_before_join_still_stand_when_not_repeated_after_it() -> None:
    assert parsed("--narrate", "--speech", "spd-say", "join", "h:1", "--code", "K7") == (
        True,
        "spd-say",
        "full",
    )
    assert parsed("--verbosity", "brief", "join", "h:1", "--verbosity", "full") == (
        False,
        None,
        "full",
    )


def test_join_refuses_an_unknown_speech_program() -> None:
    with pytest.raises(cli.UsageError, match="--speech: invalid choice: 'orca'"):
        parsed("join", "h:1", "--speech", "orca")


def test_the_joined_app_gets_narration_and_the_speech_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[dict[str, object]] = []

    class FakeJoinApp:
        return_code = 0

        def __init__(self, address: str, code: str, **options: object) -> None:
            opened.append({"address": address, "code": code, **options})

        def run(self) -> None:
            pass

    from uno_tui.tui import join_app

    monkeypatch.setattr(join_app, "JoinApp", FakeJoinApp)
    args = cli.build_parser().parse_args(
        ["join", "h:1", "--code", "K7", "--narrate", "--speech", "espeak-ng", "--sounds", "bell"]
    )
    assert cli.join_in_app(args) == 0
    assert opened == [
        {
            "address": "h:1",
            "code": "K7",
            "name": "",
            "narrate": True,
            "speech": "espeak-ng",
            "sounds": "bell",
            "fingerprint": "",
            "insecure": False,
        }
    ]
