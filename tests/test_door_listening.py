"""Issue 36: over the SSH door nothing is spoken on the host's machine. The door offers what
works on the guest's side: the line mode at any verbosity (``ssh HOST plain --verbosity
brief``), the app with its narration written on a live line (``app --narrate``), and the
terminal's bell (``--sounds bell``), which travels over SSH; ``--speech`` is refused with the
reason."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from uno_tui.cli import build_parser
from uno_tui.net.ssh_door import DoorSession, door_command

from .net_helpers import hosting, secure
from .test_net_ssh import ONE_REMOTE, door_open, guest, read_until


@pytest.mark.parametrize(
    ("command", "mode", "options"),
    [
        ("", "app", []),
        ("app --narrate", "app", ["--narrate"]),
        ("plain --verbosity brief", "plain", ["--verbosity", "brief"]),
        (
            "PLAIN --verbosity=brief --sounds bell",
            "plain",
            ["--verbosity", "brief", "--sounds", "bell"],
        ),
        ("lines --narrate", "plain", ["--narrate"]),
    ],
)
def test_the_door_takes_the_listening_options_that_work_on_the_guests_side(
    command: str, mode: str, options: list[str]
) -> None:
    assert door_command(command) == (mode, options)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("plain --speech espeak-ng", "--speech would speak on the host's machine, not yours"),
        ("app --sounds icons", "--sounds takes off or bell, not 'icons'"),
        ("plain --verbosity loud", "--verbosity takes full or brief, not 'loud'"),
        ("plain --rm", "no option '--rm' here"),
        ("sh -c id", "no command 'sh -c id' here"),
    ],
)
def test_what_would_sound_on_the_host_or_is_unknown_is_refused_with_its_reason(
    command: str, reason: str
) -> None:
    with pytest.raises(ValueError) as refused:
        door_command(command)
    assert reason in str(refused.value)


def door_session(command: str) -> DoorSession:
    door: Any = type(
        "D", (), {"join_address": lambda: "127.0.0.1:1", "join_options": [], "secret": "s"}
    )
    session = DoorSession(door, "K7QM-2PXA", "127.0.0.1")
    session.exec_requested(command)
    return session


def test_a_door_session_never_uses_the_hosts_speech() -> None:
    for command in ("", "app", "app --narrate", "plain", "plain --verbosity brief --sounds bell"):
        arguments = door_session(command)._arguments()
        speech = arguments[arguments.index("--speech") + 1]
        assert speech == ("none" if "plain" in command else "text"), command
        # what the join's own parser makes of them: no speech program is ever run
        args = build_parser().parse_args(arguments)
        assert args.speech in ("none", "text")
    plain = build_parser().parse_args(door_session("plain --verbosity brief")._arguments())
    assert plain.plain and plain.verbosity == "brief"
    app = build_parser().parse_args(door_session("app --narrate --sounds bell")._arguments())
    assert app.narrate and app.sounds == "bell" and not getattr(app, "plain", False)


async def test_plain_brief_through_the_door_joins_and_speech_is_refused(tmp_path: Path) -> None:
    async with (
        hosting(ONE_REMOTE, (0,), options=secure()) as host,
        door_open(host, tmp_path, []) as door,
    ):
        ann = await guest(door, host.codes.seats[0])
        refused = await asyncio.wait_for(ann.run("plain --speech espeak-ng"), 15)
        assert refused.exit_status == 2
        assert "--speech would speak on the host's machine" in str(refused.stdout)
        process = await ann.create_process("plain --verbosity brief")
        said = await read_until(process, lambda text: "Joined as Ann" in text)
        assert "Joined as Ann" in said
        process.stdin.write("quit\n")
        ann.close()
        await ann.wait_closed()
        async with asyncio.timeout(15):
            while door.sessions:
                await asyncio.sleep(0.1)
