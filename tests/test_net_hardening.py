"""The host against clients that misbehave on purpose, on the loopback address: what one
connection costs is bounded, a seat's code always gets its seat back, joins in a loop are
refused and told in few lines, a code that is not text is refused, and half-open connections
under a lowered descriptor limit leave the autosave working. Every loop is bounded in count
and time and ends by itself."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import queue
import random
import re
import socket
import ssl
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from uno_tui.match.session import Seat
from uno_tui.net import protocol
from uno_tui.net.admission import BUFFER_CAP
from uno_tui.net.client import HostConnection
from uno_tui.net.codes import SaveWarning
from uno_tui.net.constants import DOOR_HEADER, ENV_DOOR
from uno_tui.net.host import Host
from uno_tui.net.tls import pinning_context

from .net_helpers import QUICK, Client, certificate, first_legal, hosting, secure, url

TABLE = (Seat("Ann"), Seat("Ben"), Seat("Cy", "random"))
REMOTE = (0, 1)
ROOT = Path(__file__).resolve().parent.parent


def _masked(opcode: int, payload: bytes) -> bytes:
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + body


async def _raw_websocket(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A WebSocket opened by hand, with a tiny receive buffer, that will read nothing more."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    return reader, writer


async def _ping_flood(port: int, hello: str | None) -> int:
    """Send Ping frames and read nothing, until the host cuts the connection off (or a bound
    far past the host's cap); the pings sent."""
    _reader, writer = await _raw_websocket(port)
    if hello is not None:
        writer.write(_masked(1, hello.encode()))
    burst = _masked(9, b"x" * 125) * 256  # each answered by a 127-byte Pong
    sent = 0
    with contextlib.suppress(ConnectionError, OSError):
        async with asyncio.timeout(60):
            while sent < 400_000:  # about 50 MB of answers: 50 times the cap
                writer.write(burst)
                await writer.drain()
                sent += 256
    writer.close()
    return sent


def _written(host: Host) -> int:
    return sum(
        c.ws.transport.get_write_buffer_size()
        for connections in host.connections.values()
        for c in connections
    )


async def test_a_ping_flood_that_reads_nothing_is_cut_off_and_the_host_plays_on() -> None:
    lines: list[str] = []
    async with hosting(TABLE, REMOTE, log=lines.append) as host:
        spectators = protocol.hello(host.codes.spectators or "")
        for hello in (None, spectators):  # without a code, then as a spectator
            sent = await _ping_flood(host.port, hello)
            assert sent < 400_000, "cut off well before the bound"
            assert _written(host) <= BUFFER_CAP
        assert any("cut off for not reading" in line for line in lines)
        ann = await Client.join(host, host.codes.seats[0])
        assert isinstance(await ann.until(protocol.Welcome), protocol.Welcome)
        async with asyncio.timeout(10):
            while host.connections.get(None):
                await asyncio.sleep(0.01)  # the spectator who flooded is gone


async def test_tls_handshakes_under_way_count_as_pending_and_the_oldest_are_cut_off() -> None:
    """Under wss:// a connection is counted from its accept, through its TLS handshake: 12
    that send a ClientHello and then nothing (or nothing at all) hold at most the pool's
    per-address room, the oldest are cut off long before the handshake's deadline, and a
    seat's code still gets its seat."""
    options = secure(replace(QUICK, hello_timeout=60, max_pending=8, max_pending_per_address=4))
    lines: list[str] = []
    hello = _client_hello()
    async with hosting(TABLE, REMOTE, options=options, log=lines.append) as host:
        assert host.door.pending.per_address == 4
        stalled: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        try:
            for n in range(12):
                reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
                if n % 2 == 0:
                    writer.write(hello)
                stalled.append((reader, writer))
                async with asyncio.timeout(10):
                    while host.door.pending.size < min(n + 1, 4):
                        await asyncio.sleep(0.01)  # counted once accepted
                assert host.door.pending.size <= 4
            async with asyncio.timeout(10):  # the eight oldest are closed by the host
                for reader, _writer in stalled[:8]:
                    with contextlib.suppress(ConnectionError):
                        while await reader.read(4096):
                            pass
            assert host.door.pending.size == 4
            ann = await Client.join(host, host.codes.seats[0])
            welcome = await ann.until(protocol.Welcome)
            assert isinstance(welcome, protocol.Welcome) and welcome.seat == 0
            assert host.door.pending.size <= 4
            await ann.close()
        finally:
            for _reader, writer in stalled:
                writer.close()
        async with asyncio.timeout(10):
            while host.door.pending.size:
                await asyncio.sleep(0.01)  # the ones left go when they close
    assert not any("Traceback" in line for line in lines)


async def test_a_seats_code_rejoins_under_64_idle_connections_without_a_code() -> None:
    async with hosting(TABLE, REMOTE) as host:
        idle = [await connect(f"ws://127.0.0.1:{host.port}") for _ in range(64)]
        try:
            ann = await Client.join(host, host.codes.seats[0])
            welcome = await ann.until(protocol.Welcome)
            assert isinstance(welcome, protocol.Welcome) and welcome.seat == 0
            assert host.door.waiting.size <= host.options.max_connections
        finally:
            for ws in idle:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(), 5)


async def test_a_seats_code_rejoins_when_every_spectators_place_is_taken() -> None:
    options = replace(QUICK, max_spectators=64)
    async with hosting(TABLE, REMOTE, options=options) as host:
        code = host.codes.spectators or ""
        watchers = [await Client.join(host, code) for _ in range(64)]
        for watcher in watchers:
            await watcher.until(protocol.Welcome)
        late = await Client.join(host, code)
        refusal = await late.until(protocol.Refusal)
        assert isinstance(refusal, protocol.Refusal) and "spectator" in refusal.text
        ann = await Client.join(host, host.codes.seats[0])
        welcome = await ann.until(protocol.Welcome)
        assert isinstance(welcome, protocol.Welcome) and welcome.seat == 0
        for watcher in watchers:
            await watcher.close()


async def test_a_code_that_is_not_text_is_refused_with_one_line_and_no_traceback() -> None:
    lines: list[str] = []
    async with hosting(TABLE, REMOTE, log=lines.append) as host:
        async with connect(f"ws://127.0.0.1:{host.port}") as ws:
            await ws.send('{"type": "hello", "version": 1, "code": "\\ud800"}')
            refusal = protocol.parse_host(await asyncio.wait_for(ws.recv(), 10))
        assert isinstance(refusal, protocol.Refusal) and "code" in refusal.text
        assert host.codes.seat_of("\ud800") == (False, None)  # and the check itself holds
        assert not any("Traceback" in line or "failed" in line for line in lines), lines


async def test_joining_in_a_loop_is_refused_and_told_in_few_lines() -> None:
    lines: list[str] = []
    async with hosting(TABLE, REMOTE, log=lines.append) as host:
        ben = await Client.join(host, host.codes.seats[1])
        await ben.until(protocol.ViewUpdate)
        answers = []
        for _ in range(20):
            ann = await Client.join(host, host.codes.seats[0])
            first = await ann.receive()
            answers.append(type(first).__name__)
            await ann.close()
        assert answers.count("Welcome") == QUICK.join_burst
        assert answers.count("Refusal") == 20 - QUICK.join_burst
        await ben.drain(0.5)
        news = [m.text for m in ben.messages if isinstance(m, protocol.Notice)]
        assert len(news) <= 3, news  # not one per join and leave
        refused = [line for line in lines if "joins refused" in line or "join refused" in line]
        assert len(refused) == 1, lines  # the first, then a count a minute


async def test_a_takeover_is_told_to_both_connections_and_in_one_host_line() -> None:
    lines: list[str] = []
    async with hosting(TABLE, REMOTE, log=lines.append) as host:
        first = await Client.join(host, host.codes.seats[0])
        await first.until(protocol.ViewUpdate)
        second = await Client.join(host, host.codes.seats[0])
        told = await second.until(protocol.Notice)
        assert isinstance(told, protocol.Notice) and "took your seat over" in told.text
        bye = await first.until(protocol.Bye)
        assert isinstance(bye, protocol.Bye) and "another connection" in (bye.text or "")
        async with asyncio.timeout(10):  # the host's lines come after its news grace
            while sum(line.startswith("Ann") for line in lines) < 2:
                await asyncio.sleep(0.02)
        await asyncio.sleep(QUICK.news_grace * 3)  # time for a third line, which must not come
        about_ann = [line for line in lines if line.startswith("Ann")]
        assert about_ann == ["Ann joined.", "Ann joined from another connection, which was closed."]


async def test_wrong_codes_are_counted_and_told() -> None:
    lines: list[str] = []
    options = replace(QUICK, wrong_code_delay=0.01, tally_window=0.2)
    async with hosting(TABLE, REMOTE, options=options, log=lines.append) as host:
        for _ in range(5):
            guess = await Client.join(host, "AAAA-AAAA")
            await guess.until(protocol.Refusal)
            await guess.close()
        async with asyncio.timeout(10):
            while not any("more wrong codes" in line for line in lines):
                await asyncio.sleep(0.05)
    assert "A wrong code from 127.0.0.1." in lines
    assert "4 more wrong codes from 127.0.0.1 in the last 0.2 seconds." in lines


LOWERED = (
    "import resource, runpy, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)); "
    "sys.argv = ['uno_tui', *sys.argv[1:]]; runpy.run_module('uno_tui', run_name='__main__')"
)
"""``uno-tui`` in a process that may open at most 256 files, its own limit and its hard one."""


def _code_line(process: subprocess.Popen[str], pattern: str) -> str:
    """The first group of the first line of the host's output that matches (30 s at most)."""
    assert process.stdout is not None
    stdout = process.stdout
    found: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in stdout:
            match = re.search(pattern, line)
            if match:
                found.put(match[1])
                return
        found.put(None)

    threading.Thread(target=read, daemon=True).start()
    code = found.get(timeout=30)
    assert code is not None, "the host ended"
    return code


async def _play_moves(port: int, code: str, moves: int) -> int:
    """Play the seat over ``wss://`` until the match has ``moves`` actions; the count reached."""
    async with (
        asyncio.timeout(60),
        connect(f"wss://127.0.0.1:{port}", ssl=pinning_context(), open_timeout=20) as ws,
    ):
        await ws.send(protocol.hello(code))
        answered = -1
        while True:
            message = protocol.parse_host(await ws.recv())
            if isinstance(message, protocol.ViewUpdate):
                if message.moves >= moves:
                    return message.moves
                action = first_legal(message)
                if action is not None and message.moves != answered:
                    answered = message.moves
                    await ws.send(protocol.action_message(action))


def test_half_open_connections_under_a_low_descriptor_limit_leave_the_autosave_working(
    tmp_path: Path,
) -> None:
    """A host process (serving wss://, as by default) limited to 256 descriptors; 300 TCP
    connections that never begin their TLS handshake, held open; a remote person still joins
    and plays, every move is saved, and nothing but short lines reaches the host's
    terminal."""
    _attack_under_a_low_descriptor_limit(tmp_path, lambda sock: None)


def test_tls_handshakes_that_never_finish_are_capped_and_the_autosave_keeps_working(
    tmp_path: Path,
) -> None:
    """The same with 300 connections that send a TLS ClientHello and then nothing (the host
    answers and waits for a Finished that never comes): they are counted with the pending
    handshakes from their accept, so the oldest are cut off and the host keeps descriptors
    for its autosave."""
    hello = _client_hello()
    _attack_under_a_low_descriptor_limit(tmp_path, lambda sock: sock.sendall(hello))


def _client_hello() -> bytes:
    """The first flight of a TLS client: a ClientHello, as ``ssl`` would send it."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = pinning_context().wrap_bio(incoming, outgoing, server_side=False)
    with contextlib.suppress(ssl.SSLWantReadError):
        tls.do_handshake()
    hello = outgoing.read()
    assert hello[:1] == b"\x16"  # a handshake record
    return hello


def _attack_under_a_low_descriptor_limit(
    tmp_path: Path, begin: Callable[[socket.socket], None]
) -> None:
    """Host in a process limited to 256 descriptors; open 300 connections to it, each begun
    with ``begin`` and then left; play 8 moves as the remote seat; check the autosave and the
    host's terminal."""
    port = 30000 + 100 * random.randrange(50, 90) + random.randrange(100)
    env = {**os.environ, "UNO_TUI_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    args = ["host", "--port", str(port), "--players", "Ann:remote,Cy:random", "--seed", "3"]
    host = subprocess.Popen(
        [sys.executable, "-c", LOWERED, *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    half_open: list[socket.socket] = []
    try:
        code = _code_line(host, r"^Ann: uno-tui join \S+ --code (\S+) --fingerprint")
        for _ in range(300):
            with contextlib.suppress(OSError):
                sock = socket.create_connection(("127.0.0.1", port), timeout=2)
                half_open.append(sock)
                begin(sock)
        moves = asyncio.run(_play_moves(port, code, 8))
        saved = json.loads((tmp_path / "hosted.json").read_text(encoding="utf-8"))
        assert moves >= 8 and len(saved["record"]["actions"]) >= 8
    finally:
        for sock in half_open:
            sock.close()
        host.terminate()
        out, err = host.communicate(timeout=20)
    assert "could not be saved" not in out, out[-2000:]
    assert "Traceback" not in err and "Traceback" not in out, err[-2000:]
    assert len(err.splitlines()) <= 5, err[-2000:]


def test_a_failing_hosted_autosave_is_told_once_not_once_a_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    warn = SaveWarning(window=3600)
    for n in range(5):  # each failure names a new temporary file
        warn(f"the match could not be saved to hosted.json: no descriptor for .tmp{n}")
    told = capsys.readouterr().err.splitlines()
    assert told == ["uno-tui: the match could not be saved to hosted.json: no descriptor for .tmp0"]


async def _join_with_header(host: Host, code: str, header: str | None) -> protocol.HostMessage:
    """Join over ``wss://`` with ``DOOR_HEADER`` set to ``header``; the host's first answer."""
    headers = {} if header is None else {DOOR_HEADER: header}
    async with (
        asyncio.timeout(20),
        connect(url(host), ssl=pinning_context(), additional_headers=headers) as ws,
    ):
        await ws.send(protocol.hello(code))
        return protocol.parse_host(await ws.recv())


async def test_ssh_door_guests_count_as_their_own_addresses_and_a_forged_claim_does_not() -> None:
    """Every SSH door guest reaches the host from the loopback; with the door's secret the
    host counts each as its guest's address, so one guest's joins do not use another's;
    a claim without the secret counts as the loopback it comes from."""
    options = secure(replace(QUICK, address_join_burst=1, address_join_rate=0.001))
    lines: list[str] = []
    async with hosting(TABLE, REMOTE, options=options, log=lines.append) as host:
        host.door.secret = "s3cret-of-the-door"
        ann, ben = host.codes.seats[0], host.codes.seats[1]
        for guest, code in (("198.51.100.7", ann), ("2001:db8::9", ben)):
            welcome = await _join_with_header(host, code, f"s3cret-of-the-door {guest}")
            assert isinstance(welcome, protocol.Welcome), welcome
        # From the loopback itself: its own first join, then its bucket is empty, and a
        # forged claim (a wrong secret) is counted as the loopback too.
        assert isinstance(await _join_with_header(host, ann, None), protocol.Welcome)
        for forged in ("guess 203.0.113.1", "s3cret-of-the-doo 203.0.113.1", "203.0.113.1"):
            refusal = await _join_with_header(host, ben, forged)
            assert isinstance(refusal, protocol.Refusal) and "too often" in refusal.text
    assert "A join refused (too many too fast) from 127.0.0.1." in lines, lines
    assert not any("203.0.113.1" in line for line in lines), lines


async def test_a_join_process_given_the_doors_variable_is_counted_as_its_guest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The door hands its join processes ``ENV_DOOR``; the client sends it, so a door guest is
    welcomed though the loopback's own joins are used up."""
    options = secure(replace(QUICK, address_join_burst=1, address_join_rate=0.001))
    async with hosting(TABLE, REMOTE, options=options) as host:
        host.door.secret = "s3cret-of-the-door"
        assert isinstance(
            await _join_with_header(host, host.codes.seats[0], None), protocol.Welcome
        )
        monkeypatch.setenv(ENV_DOOR, "s3cret-of-the-door 192.0.2.44")
        table = HostConnection(
            f"127.0.0.1:{host.port}", host.codes.seats[1], fingerprint=certificate().fingerprint
        )
        table.start()
        try:
            welcome = await table.welcome(30)
            assert welcome.seat == 1
        finally:
            await table.close()
