"""Issue 36: over the SSH door nothing is spoken on the host's machine. The door offers what
works on the guest's side: the line mode at any verbosity (``ssh HOST plain --verbosity
brief``), the app with its narration written on a live line (``app --narrate``), and the
terminal's bell (``--sounds bell``), which travels over SSH; ``--speech`` is refused with the
reason."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

from uno_tui.cli import build_parser
from uno_tui.net.ssh_session import DoorSession, door_command

from .net_helpers import hosting, secure
from .test_net_processes import free_port
from .test_net_ssh import (
    ONE_REMOTE,
    Tmux,
    door_open,
    guest,
    read_until,
    ssh_command,
    start_host,
)


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


def test_n_in_the_doors_app_writes_on_the_guests_screen_and_nothing_speaks_at_the_host(
    data_dir: Path, tmp_path: Path, tmux: Tmux, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real ssh client in tmux: the host's machine has speech programs (fake spd-say,
    espeak-ng and espeak that log what they are asked to say); the guest's app turns narration
    on with N, and the words come on the guest's own screen, never to those programs."""
    programs = tmp_path / "bin"
    programs.mkdir()
    spoken = tmp_path / "spoken-at-the-host.txt"
    for name in ("spd-say", "espeak-ng", "espeak"):  # whichever "auto" would find first
        fake = programs / name
        fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> {spoken}\n', encoding="utf-8")
        fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{programs}{os.pathsep}{os.environ['PATH']}")
    ssh_port = free_port()
    host, code = start_host(data_dir, ssh_port)
    try:
        tmux("new-session", "-d", "-s", "guest", "-x", "100", "-y", "32")
        tmux("send-keys", "-t", "guest", ssh_command(ssh_port, tmp_path, "-t", "app"), "Enter")
        tmux.wait_for(lambda text: text.rstrip().endswith("Code:"))
        tmux("send-keys", "-t", "guest", code, "Enter")
        tmux.wait_for(lambda text: "1-9 or arrows and Enter" in text)  # the first Wild's colour
        tmux("send-keys", "-t", "guest", "Escape")  # put off: N is the table's key
        tmux.wait_for(lambda text: "1-9 or arrows and Enter" not in text)
        tmux("send-keys", "-t", "guest", "n")
        tmux.wait_for(lambda text: "Narration on. Top card: " in text)
        tmux("send-keys", "-t", "guest", "C-q")
        tmux.wait_for(lambda text: "SSH-EXIT=" in text)
    finally:
        host.close()
    assert not spoken.exists(), spoken.read_text(encoding="utf-8")
