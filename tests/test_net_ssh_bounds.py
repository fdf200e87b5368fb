"""The SSH door's cost bounded (issue 35), with a real asyncssh guest on the loopback: the
line mode without a terminal (``ssh -T HOST plain``) cannot make the host hold what its game
does not read; logged-in connections that open no session count in the door's caps and are
cut off; wrong codes from one address are tried one at a time, at both doors."""

from __future__ import annotations

import asyncio
import os
import signal
from dataclasses import replace
from pathlib import Path

import asyncssh

from uno_tui.match.session import Seat
from uno_tui.net.ssh_session import INPUT_LIMIT

from .net_helpers import Client, hosting, secure
from .test_net_ssh import door_open, guest, refused_login

TABLE = (Seat("Ann"), Seat("Ben"), Seat("Cy", "random"))


async def read_bytes_until(
    process: asyncssh.SSHClientProcess[bytes], wanted: bytes, seconds: float
) -> bytes:
    seen = b""
    async with asyncio.timeout(seconds):
        while wanted not in seen:
            chunk = await process.stdout.read(4096)
            if not chunk:
                break
            seen += chunk
    return seen


def resident_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


async def test_input_the_line_mode_does_not_read_is_capped_and_the_session_cut(
    tmp_path: Path,
) -> None:
    """Ann's line mode (no PTY) reads nothing (here: its process stopped, as a line mode
    that waits out others' turns): 16 MB sent at it are cut off past the door's limit, and
    this process (the host, the door and the guest) holds a few MB for them, not 16."""
    lines: list[str] = []
    async with (
        hosting(TABLE, (0, 1), options=secure(), seed=3) as host,
        door_open(host, tmp_path, lines) as door,
    ):
        ann = await guest(door, host.codes.seats[0])
        process = await ann.create_process("plain", encoding=None)
        await read_bytes_until(process, b"Joined as Ann", 30)
        (session,) = door.running
        assert session.process is not None
        os.kill(session.process.pid, signal.SIGSTOP)
        before = resident_bytes()
        chunk = b"x" * 65536
        sent = 0
        try:
            async with asyncio.timeout(120):
                while sent < 16 * 2**20 and not process.stdin.is_closing():
                    process.stdin.write(chunk)
                    sent += len(chunk)
                    await process.stdin.drain()
        except (asyncssh.Error, BrokenPipeError, ConnectionError):
            pass
        told = await read_bytes_until(process, b"not read", 60)
        grown = resident_bytes() - before
        assert b"typed that the game has not read; the session is closed" in told
        assert sent < 16 * 2**20 or process.stdin.is_closing()
        assert grown < 8 * INPUT_LIMIT, f"{grown / 2**20:.1f} MB held for {sent / 2**20} MB"
        ann.close()
        print(f"{sent / 2**20:.1f} MB sent before the cut; RSS grew {grown / 2**20:.1f} MB")


async def test_logins_without_a_session_hold_a_place_and_are_cut_off(tmp_path: Path) -> None:
    lines: list[str] = []
    async with (
        hosting(TABLE, (0, 1), options=secure()) as host,
        door_open(host, tmp_path, lines, login_timeout=1.0, max_sessions_per_address=3) as door,
    ):
        code = host.codes.spectators or ""
        held = [await guest(door, code) for _ in range(3)]
        assert door.sessions == {"127.0.0.1": 3}, "each login holds a session's place"
        why = await refused_login(door, code)
        assert "as many sessions are open from your address" in why
        for connection in held:  # none opens a session: each is cut off after the timeout
            await asyncio.wait_for(connection.wait_closed(), 30)
        async with asyncio.timeout(10):
            while door.sessions:
                await asyncio.sleep(0.05)


async def test_wrong_codes_from_one_address_are_tried_one_at_a_time(tmp_path: Path) -> None:
    """Six guesses at once from one address over SSH and six over WebSockets: while the
    first wrong one waits out the delay, the others wait their turn, untried."""
    lines: list[str] = []
    slow = replace(secure(), wrong_code_delay=60.0)
    async with (
        hosting(TABLE, (0, 1), options=slow, log=lines.append) as host,
        door_open(host, tmp_path, lines) as door,
    ):
        guesses = [
            asyncio.ensure_future(refused_login(door, f"AAAA-AAA{n}", 120)) for n in range(6)
        ]
        async with asyncio.timeout(30):
            while host.door.code_users.get("127.0.0.1", 0) < 6:
                await asyncio.sleep(0.05)
        assert sum("wrong code" in line.lower() for line in lines) == 1
        assert "wrong codes over SSH" in host.tally.counts
        assert host.tally.counts["wrong codes over SSH"][1] == [0], "the rest are untried"
        socket_guesses = [await Client.join(host, "BBBB-BBBB") for _ in range(6)]
        async with asyncio.timeout(30):
            while host.door.code_users.get("127.0.0.1", 0) < 12:
                await asyncio.sleep(0.05)
        assert "wrong codes" not in host.tally.counts, "the WebSocket ones wait their turn too"
        for guess in guesses:
            guess.cancel()
        for client in socket_guesses:
            await client.close()
