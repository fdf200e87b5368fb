"""The SSH door (``uno-tui host --ssh PORT``) on the loopback address.

A real ``ssh`` client (OpenSSH), driven in tmux on a socket of this test's own, logs in with
its seat's code, sees the table in the app on its own PTY, plays, sees the table redrawn at
the new size after its window is resized, and leaves; a wrong code is refused. With an
asyncssh client in this process: the line mode without a PTY, the session cap, an idle
session closed. Every wait is bounded; every process started is stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import time
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from uno_tui.match.session import Seat
from uno_tui.net.constants import ENV_DOOR
from uno_tui.net.host import Host
from uno_tui.net.ssh_door import (
    HOST_KEY_NAME,
    Door,
    DoorOptions,
    host_key,
    key_fingerprint,
)
from uno_tui.net.ssh_session import DoorSession

from .net_helpers import certificate, hosting, secure
from .plain_driver import PlainProcess, answer_for, is_prompt
from .test_net_processes import free_port

TABLE = (Seat("Ann"), Seat("Ben"), Seat("Cy", "random"))
ONE_REMOTE = (Seat("Ann"), Seat("Cy", "random"))


# The host key and a session's environment ----------------------------------------------------


def test_the_host_key_is_made_once_and_kept_readable_by_the_user_alone(tmp_path: Path) -> None:
    key = host_key(tmp_path)
    assert (tmp_path / HOST_KEY_NAME).stat().st_mode & 0o777 == 0o600
    assert key_fingerprint(host_key(tmp_path)) == key_fingerprint(key)
    assert key_fingerprint(key).startswith("SHA256:")
    (tmp_path / HOST_KEY_NAME).write_text("garbage")
    with pytest.raises(ValueError, match="remove it to make a new one"):
        host_key(tmp_path)


class FakeChannel:
    def __init__(self, environment: dict[str, str]) -> None:
        self.environment = environment

    def get_environment(self) -> dict[str, str]:
        return self.environment


def test_a_session_runs_with_the_guests_terminal_and_colour_depth_never_the_servers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TERM", "screen")
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.setenv("TMUX", "/tmp/tmux-0/default,1,0")
    monkeypatch.setenv(ENV_DOOR, "the server's own 10.0.0.1")
    door: Any = type(
        "D", (), {"join_address": lambda: "127.0.0.1:1", "join_options": [], "secret": "s3"}
    )
    session = DoorSession(door, "K7QM-2PXA", "127.0.0.1")
    session.terminal = "xterm-kitty"
    session.channel = FakeChannel({"COLORTERM": "24bit", "EVIL": "x", "LANG": "bad value;rm"})  # type: ignore[assignment]
    environment = session._environment()
    try:
        assert environment["TERM"] == "xterm-kitty" and environment["COLORTERM"] == "24bit"
        assert environment[ENV_DOOR] == "s3 127.0.0.1"  # the guest's address, the door's secret
        assert "TMUX" not in environment and "EVIL" not in environment
        assert "LANG" not in environment  # not a locale's name: dropped
        assert environment["UNO_TUI_JOIN_CODE"] == "K7QM-2PXA"
        session.channel = FakeChannel({})  # type: ignore[assignment]
        session.terminal = "vt100"
        plain = session._environment()
        assert plain["TERM"] == "vt100" and "COLORTERM" not in plain  # the guest said none
    finally:
        for made in filter(None, [environment.get("UNO_TUI_DATA_DIR"), session.data]):
            shutil.rmtree(made, ignore_errors=True)


# In this process: an asyncssh client -----------------------------------------------------------


@contextlib.asynccontextmanager
async def door_open(
    host: Host, key_dir: Path, lines: list[str], **options: Any
) -> AsyncIterator[Door]:
    door = Door(
        host,
        DoorOptions(port=0, **options),
        join_address=lambda: f"127.0.0.1:{host.port}",
        join_options=["--fingerprint", certificate().fingerprint],
        log=lines.append,
    )
    await door.start(host_key(key_dir))
    try:
        yield door
    finally:
        await door.stop()


async def guest(door: Door, code: str) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1",
        door.port,
        username="guest",
        password=code,
        known_hosts=None,
        preferred_auth="password",
        connect_timeout=10,
    )


class Told(asyncssh.SSHClient):
    """A guest that keeps why its connection ended."""

    def __init__(self) -> None:
        self.why: Exception | None = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.why = exc


async def refused_login(door: Door, code: str, seconds: float = 15) -> str:
    """Log in with ``code`` and wait for the door to cut the connection: its reason."""
    told = Told()
    try:
        connection, _ = await asyncssh.create_connection(
            lambda: told,
            "127.0.0.1",
            door.port,
            username="guest",
            password=code,
            known_hosts=None,
            preferred_auth="password",
            connect_timeout=10,
        )
    except asyncssh.DisconnectError as error:
        return str(error)
    await asyncio.wait_for(connection.wait_closed(), seconds)
    return str(told.why)


async def read_until(
    process: asyncssh.SSHClientProcess[str], wanted: Callable[[str], bool], seconds: float = 30
) -> str:
    seen = ""
    async with asyncio.timeout(seconds):
        while not wanted(seen):
            chunk = await process.stdout.read(4096)
            if not chunk:
                break
            seen += chunk
    return seen


async def test_the_line_mode_without_a_terminal_plays_and_the_session_cap_holds(
    tmp_path: Path,
) -> None:
    lines: list[str] = []
    async with (
        hosting(ONE_REMOTE, (0,), options=secure()) as host,
        door_open(host, tmp_path, lines, max_sessions=1) as door,
    ):
        ann = await guest(door, host.codes.seats[0])
        process = await ann.create_process("plain")
        said = await read_until(process, lambda text: "Joined as Ann" in text)
        assert "Joined as Ann" in said
        rng = random.Random(2)
        async with asyncio.timeout(60):  # Ann answers her prompts until she has played
            while not any(action.player == 0 for action in host.game.actions):
                last = said.rstrip("\n").rsplit("\n", 1)[-1]
                if is_prompt(last):
                    process.stdin.write(answer_for(last, rng) + "\n")
                    said = ""
                chunk = await process.stdout.read(4096)
                assert chunk or said, "the line mode ended"
                said += chunk

        assert host.codes.spectators is not None  # a second login: over the cap, told why
        why = await refused_login(door, host.codes.spectators)
        assert "as many guests are in through SSH as this host takes (1)" in why

        process.stdin.write("quit\n")
        ann.close()
        await ann.wait_closed()
        async with asyncio.timeout(15):
            while door.sessions:
                await asyncio.sleep(0.1)
        assert any("left" in line for line in lines), lines


class Answers(asyncssh.SSHClient):
    """A guest answering the door's keyboard-interactive questions from a list."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.asked: list[str] = []

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Any
    ) -> list[str]:
        self.asked += [instructions, *(prompt for prompt, _ in prompts)]
        return [self.answers.pop(0) for _ in prompts]


async def test_a_rooms_code_opens_the_door_and_asks_a_name_or_takes_the_user_name(
    tmp_path: Path,
) -> None:
    from uno_tui.net.codes import new_code
    from uno_tui.net.room import Room, open_name

    made = Room(new_code(), [0, 1], "random")
    seats = (Seat(open_name(0)), Seat(open_name(1)), Seat("Cy", "random"))
    lines: list[str] = []
    async with (
        hosting(seats, (0, 1), room=made, options=secure()) as host,
        door_open(host, tmp_path, lines) as door,
    ):
        answers = Answers([made.code.lower(), " ", "Ann"])  # a blank name is asked again
        ann = await asyncssh.connect(
            "127.0.0.1",
            door.port,
            username="guest",
            known_hosts=None,
            client_factory=lambda: answers,
            preferred_auth="keyboard-interactive",
            connect_timeout=10,
        )
        assert "Your name: " in answers.asked
        assert any(line.startswith("Not that name") for line in answers.asked)
        ann_lines = await ann.create_process("plain")
        said = await read_until(ann_lines, lambda text: "Ann (you)" in text)
        assert "Ann (you)" in said, said
        # the room's code as the password: the SSH user name is the name
        ben = await asyncssh.connect(
            "127.0.0.1",
            door.port,
            username="Ben",
            password=made.code,
            known_hosts=None,
            preferred_auth="password",
            connect_timeout=10,
        )
        ben_lines = await ben.create_process("plain")
        said = await read_until(ben_lines, lambda text: "Ben (you)" in text)
        assert "Ann" in said and "Ben (you)" in said, said
        assert sorted(made.taken.values()) == ["Ann", "Ben"]
        for connection in (ann, ben):
            connection.close()
            await connection.wait_closed()
        async with asyncio.timeout(15):
            while door.sessions:
                await asyncio.sleep(0.1)


async def test_an_idle_session_is_closed_and_a_wrong_password_refused(tmp_path: Path) -> None:
    lines: list[str] = []
    async with (
        hosting(TABLE, (0, 1), options=secure()) as host,
        door_open(host, tmp_path, lines, idle_timeout=2.0) as door,
    ):
        with pytest.raises(asyncssh.PermissionDenied):
            await guest(door, "WRONG-CODE")
        ann = await guest(door, host.codes.seats[0])
        process = await ann.create_process("plain")
        said = await read_until(process, lambda text: "without a key" in text, 40)
        assert "closed after 2 seconds without a key; your seat waits" in said
        await asyncio.wait_for(process.wait(), 15)
        ann.close()
        async with asyncio.timeout(15):
            while door.sessions:
                await asyncio.sleep(0.1)


async def test_an_unknown_command_is_told_what_there_is(tmp_path: Path) -> None:
    async with (
        hosting(TABLE, (0, 1), options=secure()) as host,
        door_open(host, tmp_path, []) as door,
    ):
        connection = await guest(door, host.codes.seats[0])
        result = await asyncio.wait_for(connection.run("sh -c id"), 15)
        assert result.exit_status == 2
        assert "ssh -p PORT HOST plain for the line mode" in str(result.stdout)
        connection.close()


# A real ssh client in tmux ---------------------------------------------------------------------


class Tmux:
    """tmux on a socket of its own (never the default server)."""

    def __init__(self) -> None:
        self.socket = f"uno-ssh-test-{uuid.uuid4().hex[:8]}"

    def __call__(self, *args: str) -> str:
        command = ["tmux", "-L", self.socket, *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)
        return done.stdout

    def screen(self, target: str = "guest") -> str:
        return self("capture-pane", "-p", "-t", target)

    def wait_for(self, wanted: Callable[[str], bool], seconds: float = 40) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            text = self.screen()
            if wanted(text):
                return text
            time.sleep(0.3)
        raise AssertionError(f"not on the screen within {seconds} s:\n{self.screen()}")

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self("kill-server")


def start_host(data_dir: Path, ssh_port: int) -> tuple[PlainProcess, str]:
    port = free_port()
    args = ["host", "--port", str(port), "--ssh", str(ssh_port), "--seed", "3", "--bot-pause", "0"]
    host = PlainProcess([*args, "--players", "Ann:remote,Cy:random,Bo:random"], data_dir)
    code = ""
    while True:
        line = host._lines.get(timeout=30)
        assert line is not None, f"the host ended: {host.stderr}"
        host.output.append(line)
        found = re.match(r"Ann: uno-tui join \S+ --code (\S+)", line)
        code = found[1] if found else code
        if line.startswith("SSH door on port"):
            return host, code


def ssh_command(port: int, tmp_path: Path, *extra: str) -> str:
    known = tmp_path / "known_hosts"
    return (
        f"ssh -p {port} -o StrictHostKeyChecking=no -o UserKnownHostsFile={known} "
        f"-o PreferredAuthentications=keyboard-interactive guest@127.0.0.1 {' '.join(extra)}; "
        "echo SSH-EXIT=$?; sleep 60"
    )


def ann_actions(data_dir: Path) -> list[dict[str, Any]]:
    with contextlib.suppress(OSError, ValueError):
        saved = json.loads((data_dir / "hosted.json").read_text(encoding="utf-8"))
        actions: list[dict[str, Any]] = saved["record"]["actions"]
        return [a for a in actions if a.get("player") == 0]
    return []


def test_a_real_ssh_client_joins_plays_resizes_and_leaves_and_a_wrong_code_is_refused(
    data_dir: Path, tmp_path: Path, tmux: Tmux
) -> None:
    ssh_port = free_port()
    host, code = start_host(data_dir, ssh_port)
    try:
        # A wrong code three times: refused, and ssh says so.
        tmux("new-session", "-d", "-s", "guest", "-x", "80", "-y", "24")
        tmux("send-keys", "-t", "guest", ssh_command(ssh_port, tmp_path), "Enter")
        for _ in range(3):
            tmux.wait_for(lambda text: text.rstrip().endswith("Code:"))
            tmux("send-keys", "-t", "guest", "WRON-GCOD", "Enter")
            tmux.wait_for(lambda text: not text.rstrip().endswith("Code:"))
        tmux.wait_for(lambda text: re.search(r"SSH-EXIT=\d", text) is not None)
        refused = tmux("capture-pane", "-p", "-J", "-t", "guest")  # wrapped lines joined
        assert "That code opens no seat at this table" in refused
        assert "no seat opened after 3 codes" in refused and "SSH-EXIT=255" in refused, refused
        tmux("kill-session", "-t", "guest")

        # The right code: the app on the guest's terminal, at 80x24.
        tmux("new-session", "-d", "-s", "guest", "-x", "80", "-y", "24")
        tmux("send-keys", "-t", "guest", ssh_command(ssh_port, tmp_path), "Enter")
        tmux.wait_for(lambda text: text.rstrip().endswith("Code:"))
        tmux("send-keys", "-t", "guest", code, "Enter")
        first_wild = "The first card is a Wild"  # the dialog's question
        table = tmux.wait_for(lambda text: "Your turn, Ann" in text or first_wild in text)
        assert "Cy" in table and "Bo" in table
        if first_wild in table:  # Ann names the first card's colour
            tmux("send-keys", "-t", "guest", "1")
            tmux.wait_for(lambda text: "Your turn, Ann" in text and first_wild not in text)
        screen = tmux.screen()
        assert max(len(line) for line in screen.splitlines()) == 80
        before = len(ann_actions(data_dir))
        key = "Enter" if "Enter plays" in screen else "d"
        tmux("send-keys", "-t", "guest", key)
        deadline = time.monotonic() + 30
        while len(ann_actions(data_dir)) == before:
            assert time.monotonic() < deadline, f"Ann's key changed nothing:\n{tmux.screen()}"
            time.sleep(0.2)
        kind = ann_actions(data_dir)[before]["type"]
        assert kind == ("play" if key == "Enter" else "draw"), kind
        tmux.wait_for(lambda text: any(w in text for w in ("You play", "You draw", "You drew")))

        # The window grows: the table is drawn again at 120x40.
        tmux("resize-window", "-t", "guest", "-x", "120", "-y", "40")
        grown = tmux.wait_for(
            lambda text: (
                len(text.splitlines()) >= 39 and text.splitlines()[-2] == "╰" + "─" * 118 + "╯"
            )  # the hand's box, full width
        )
        assert "Your turn, Ann" in grown and "palette" in grown.splitlines()[-1]

        # Ctrl+Q leaves; the host is told.
        tmux("send-keys", "-t", "guest", "C-q")
        left = tmux.wait_for(lambda text: re.search(r"SSH-EXIT=\d", text) is not None)
        assert "SSH-EXIT=0" in left
        deadline = time.monotonic() + 20
        while not any("An SSH guest from 127.0.0.1 left." in line for line in host.output):
            line = host._lines.get(timeout=max(0.1, deadline - time.monotonic()))
            assert line is not None
            host.output.append(line)
        assert "Traceback" not in host.stderr, host.stderr[-2000:]
    finally:
        host.close()


def test_the_door_on_a_port_in_use_is_one_line(data_dir: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = PlainProcess(
            [
                "host",
                "--port",
                str(free_port()),
                "--ssh",
                str(port),
                "--players",
                "A:remote,B:easy",
            ],
            data_dir,
        )
        code = process.wait(timeout=30)
    assert code == 2
    assert "host: cannot listen there" in process.stderr and "Traceback" not in process.stderr
    assert os.path.exists(data_dir / HOST_KEY_NAME)
