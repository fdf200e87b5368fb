"""What a client can do to the host's process and its terminal, on the loopback address: the
soft limit on open files is raised at start where the hard one allows, a WebSocket that never
says hello is let go at the deadline, malformed handshakes and frames put no traceback on the
host's terminal (short lines only) and leave the match playable, and one leave is one line.
Every loop is bounded in count and time and ends by itself."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import queue
import re
import socket
import ssl
import struct
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from uno_tui.engine import Rules
from uno_tui.match.session import Seat, Session
from uno_tui.net import protocol
from uno_tui.net.admission import REFUSE_SECONDS, descriptor_limit
from uno_tui.net.codes import Codes
from uno_tui.net.host import Host
from uno_tui.net.tls import pinning_context

from .net_helpers import QUICK, Client, hosting

TABLE = (Seat("Ann"), Seat("Ben"), Seat("Cy", "random"))
REMOTE = (0, 1)
ROOT = Path(__file__).resolve().parent.parent
CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")


class FakeLimits:
    """``resource``'s open-file limits, as a test sets them."""

    RLIMIT_NOFILE = 7
    RLIM_INFINITY = -1

    def __init__(self, soft: int, hard: int, *, may_raise: bool = True) -> None:
        self.soft, self.hard, self.may_raise = soft, hard, may_raise

    def getrlimit(self, which: int) -> tuple[int, int]:
        assert which == self.RLIMIT_NOFILE
        return self.soft, self.hard

    def setrlimit(self, which: int, limits: tuple[int, int]) -> None:
        assert which == self.RLIMIT_NOFILE and limits[1] == self.hard
        if not self.may_raise:
            raise ValueError("not allowed")
        self.soft = limits[0]


@pytest.mark.parametrize(
    "case",
    [
        (1024, 4096, True, 4096, 4096),  # raised to the hard limit
        (1024, 1 << 20, True, 65_536, 65_536),  # but no further than 65,536
        (1024, -1, True, 65_536, 65_536),  # an unlimited hard limit: 65,536
        (1024, 4096, False, 1024, 1024),  # a system that refuses: the soft one is all there is
        (100_000, 200_000, True, 100_000, 100_000),  # already high: left alone
        (-1, -1, True, 65_536, -1),  # unlimited: left alone, counted as 65,536
    ],
)
def test_the_soft_limit_on_open_files_is_raised_to_the_hard_one_where_allowed(
    monkeypatch: pytest.MonkeyPatch, case: tuple[int, int, bool, int, int]
) -> None:
    """(soft, hard, whether the system lets it be raised, the limit counted, the soft one
    after)."""
    soft, hard, may_raise, counted, set_to = case
    limits = FakeLimits(soft, hard, may_raise=may_raise)
    monkeypatch.setitem(sys.modules, "resource", limits)
    assert descriptor_limit() == counted
    assert limits.soft == set_to


def _host_process(
    tmp_path: Path, prefix: str = "", *, insecure: bool = False
) -> subprocess.Popen[str]:
    """``uno-tui host`` in a process of its own on a port the system picks (Ann remote, a
    random bot, spectators), run after the Python code ``prefix``; ``wss://`` as by default,
    or plain ``ws://`` with ``insecure``."""
    env = {**os.environ, "UNO_TUI_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    args = ["host", "--port", "0", "--players", "Ann:remote,Cy:random", "--spectators"]
    args += ["--insecure"] if insecure else []
    run = "import runpy, sys; sys.argv = ['uno_tui', *sys.argv[1:]]; "
    run += "runpy.run_module('uno_tui', run_name='__main__')"
    return subprocess.Popen(
        [sys.executable, "-c", prefix + run, *args, "--seed", "3"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _codes(process: subprocess.Popen[str]) -> tuple[int, dict[str, str]]:
    """The port the host listens on and the codes it printed (Ann's and the spectators'),
    read within 30 s. Each join line ends with the certificate's fingerprint (``wss://``) or
    ``--insecure``; every line names the same."""
    assert process.stdout is not None
    stdout = process.stdout
    found: queue.Queue[tuple[int, dict[str, str], set[str]]] = queue.Queue()

    def read() -> None:
        port, codes, tails = 0, {}, set()
        for line in stdout:
            if listening := re.match(r"Hosting \S+ on 127\.0\.0\.1:(\d+)", line):
                port = int(listening[1])
            join = r"(\w+): uno-tui join \S+ --code (\S+) (--fingerprint \S+|--insecure)$"
            if match := re.match(join, line.strip()):
                codes[match[1]] = match[2]
                tails.add(match[3])
            if "Spectators" in codes:
                break
        found.put((port, codes, tails))

    threading.Thread(target=read, daemon=True).start()
    port, codes, tails = found.get(timeout=30)
    assert port and "Spectators" in codes, "the host ended before its codes"
    assert len(tails) == 1, tails
    return port, codes


def _stop(process: subprocess.Popen[str]) -> tuple[str, str]:
    process.terminate()
    try:
        return process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.communicate(timeout=20)


@pytest.mark.skipif(not Path("/proc/self/limits").exists(), reason="reads /proc")
def test_a_host_process_starts_with_its_soft_limit_on_open_files_raised(tmp_path: Path) -> None:
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip("the hard limit leaves nothing to raise")
    lowered = f"import resource; resource.setrlimit(resource.RLIMIT_NOFILE, (256, {hard})); "
    process = _host_process(tmp_path, lowered)
    try:
        _codes(process)
        limits = Path(f"/proc/{process.pid}/limits").read_text(encoding="ascii")
    finally:
        _stop(process)
    soft = next(line for line in limits.splitlines() if line.startswith("Max open files"))
    assert int(soft.split()[3]) == min(65_536, hard if hard != resource.RLIM_INFINITY else 65_536)


async def test_a_websocket_that_never_says_hello_nor_reads_is_let_go_at_the_deadline() -> None:
    options = replace(QUICK, hello_timeout=0.3)
    async with hosting(TABLE, REMOTE, options=options) as host:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", host.port))
        reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(_handshake())
        await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        assert host.server is not None
        async with asyncio.timeout(options.hello_timeout + REFUSE_SECONDS + 10):
            while host.server.connections or host.door.waiting.size:
                await asyncio.sleep(0.05)
        writer.close()


def _handshake(extra: str = "") -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
    ).encode()


def _frame(opcode: int, payload: bytes, *, fin: bool = True, rsv: int = 0, size: int = -1) -> bytes:
    """A masked frame (a zero mask: the payload as it is); ``size`` may lie about its length."""
    size = len(payload) if size < 0 else size
    first = (0x80 if fin else 0) | rsv | opcode
    if size < 126:
        head = bytes([first, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([first, 0x80 | 126]) + struct.pack("!H", size)
    else:
        head = bytes([first, 0x80 | 127]) + struct.pack("!Q", size)
    return head + b"\0\0\0\0" + payload


def _text(payload: str) -> bytes:
    return _frame(1, payload.encode())


def _malformed(codes: dict[str, str]) -> list[bytes]:
    """What a client may send that no client of ours does: broken requests, frames and
    messages, before and after a valid code."""
    ann, watch = (_text(protocol.hello(codes[who])) for who in ("Ann", "Spectators"))
    action = '{"type":"action","action":%s}'
    return [
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 a TLS hello\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",  # no upgrade
        b"GET / HTTP/1.1\r\nX: " + b"a" * 20_000 + b"\r\n\r\n",
        b"GET /\x9b\x1b[2J HTTP/1.1\r\nHost: \x9b\r\n\r\n",
        _handshake("Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=99\r\n"),
        _handshake() + _frame(1, b"\xff\xfe not UTF-8"),
        _handshake() + _frame(2, bytes(range(256))),
        _handshake() + _frame(0, b"a continuation alone"),
        _handshake() + _frame(1, b"x", rsv=0x40),
        _handshake() + _frame(8, b"\x03\xe7 a close code that does not exist"),
        _handshake() + _frame(8, b"\x03"),
        _handshake() + _frame(1, b"", size=1 << 40),
        _handshake() + _frame(1, b"[" * 5000 + b"]" * 5000),
        _handshake() + _frame(1, b"part", fin=False) + _frame(1, b"another start"),
        _handshake() + bytes([0x81, 0x01]) + b"a",  # unmasked
        _handshake() + _text('{"type":"hello","version":1,"code":"\\ud800"}'),
        _handshake() + _text('{"type":"hello","version":1e999,"code":"A"}'),
        _handshake() + _text('{"type":"hello","version":1,"code":"A","code":"B"}'),
        _handshake() + _text("\x00" * 100),
        _handshake() + watch + _text(action % '{"type":"play","player":0,"card":"R7"}'),
        _handshake() + ann + _text(action % ("[" * 3000 + "]" * 3000)),
        _handshake() + ann + _text(action % '{"type":"play","player":0,"card":"\\ud800"}'),
        _handshake() + ann + _text(action % '{"type":"draw","player":1e999}'),
        _handshake() + ann + _text(action % '{"type":"draw","player":99999999999999999999}'),
        _handshake() + ann + _frame(1, b'{"type":"bye"}' * 10),
    ]


def _malformed_tls() -> list[bytes]:
    """What a client may send to a ``wss://`` host before any TLS is set up: a ClientHello
    cut short, one followed by junk, a false one, cleartext HTTP and WebSocket, nothing."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    client = pinning_context().wrap_bio(incoming, outgoing, server_side=False)
    with contextlib.suppress(ssl.SSLWantReadError):
        client.do_handshake()
    hello = outgoing.read()
    return [
        hello[: len(hello) // 2],
        hello + b"\x17\x03\x03\x00\x05junk",
        hello[:5] + bytes(len(hello) - 5),
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 a TLS hello\r\n\r\n",
        b"\x80\x2e\x01\x00\x02\x00\x15 an SSLv2 hello",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        _handshake() + _text('{"type":"hello","version":1,"code":"A"}'),
        b"\x16\x03\x03\xff\xff" + b"a" * 20_000,
        b"",
    ]


async def _send_and_drop(port: int, data: bytes, *, abort: bool, tls: bool = False) -> None:
    """Send ``data`` (and junk after it), read what comes for a moment, then leave; with
    ``tls``, inside a TLS connection (``data`` is then what a client sends over it)."""
    secure = {"ssl": pinning_context()} if tls else {}
    opening = asyncio.open_connection("127.0.0.1", port, **secure)  # type: ignore[arg-type]
    reader, writer = await asyncio.wait_for(opening, 10)
    try:
        writer.write(data + b"\x00\xff junk after it \r\n\r\n")
        with contextlib.suppress(OSError, TimeoutError):
            await asyncio.wait_for(writer.drain(), 5)
            await asyncio.wait_for(reader.read(1 << 16), 0.3)
    finally:
        if abort:
            writer.transport.abort()
        else:
            writer.close()


@pytest.mark.parametrize("insecure", [False, True], ids=["wss", "ws"])
def test_malformed_handshakes_and_frames_put_no_traceback_on_the_hosts_terminal(
    tmp_path: Path, insecure: bool
) -> None:
    """The host as it runs by default (``wss://``) is sent broken TLS, then every broken
    request, frame and message inside TLS; with ``--insecure`` the same WebSocket framing in
    the clear. Then Ann joins and is welcomed."""
    process = _host_process(tmp_path, insecure=insecure)
    try:
        port, codes = _codes(process)

        async def attack() -> protocol.HostMessage:
            for data in [] if insecure else _malformed_tls():
                for abort in (False, True):
                    await _send_and_drop(port, data, abort=abort)
            for data in _malformed(codes):
                for abort in (False, True):
                    await _send_and_drop(port, data, abort=abort, tls=not insecure)
            scheme, secure = ("ws", {}) if insecure else ("wss", {"ssl": pinning_context()})
            for _ in range(3):  # the attack used Ann's code often: its join rate may wait
                async with connect(
                    f"{scheme}://127.0.0.1:{port}",
                    open_timeout=20,
                    **secure,  # type: ignore[arg-type]
                ) as ws:
                    await ws.send(protocol.hello(codes["Ann"]))
                    answer = protocol.parse_host(await asyncio.wait_for(ws.recv(), 20))
                if not (isinstance(answer, protocol.Refusal) and "too often" in answer.text):
                    break
                await asyncio.sleep(6)  # a token back at 0.2 joins a second
            return answer

        welcome = asyncio.run(attack())
        assert isinstance(welcome, protocol.Welcome) and welcome.seat == 0
    finally:
        out, err = _stop(process)
    assert "Traceback" not in out + err, (out + err)[-3000:]
    assert not err.strip(), err[-3000:]
    lines = out.splitlines()
    told = [line for line in lines if not line.startswith("Encrypted (TLS).")]  # the host's
    assert all(len(line) <= 120 and not CONTROLS.search(line) for line in told), told
    assert len(lines) <= 20, lines  # the codes, and a line per kind of happening


async def test_one_leave_is_one_line_on_the_hosts_terminal() -> None:
    lines: list[str] = []
    async with hosting(TABLE, REMOTE, log=lines.append) as host:
        ben = await Client.join(host, host.codes.seats[1])
        await ben.until(protocol.ViewUpdate)
        ann = await Client.join(host, host.codes.seats[0])
        await ann.until(protocol.ViewUpdate)
        await ann.close()
        told = await ben.until(protocol.Notice)
        while isinstance(told, protocol.Notice) and not told.text.startswith("Ann left"):
            told = await ben.until(protocol.Notice)
        await asyncio.sleep(QUICK.news_grace * 3)
    about_ann = [line for line in lines if line.startswith("Ann")]
    assert about_ann == ["Ann joined.", "Ann left; their seat waits for them."]


async def test_wrong_codes_are_told_to_the_person_playing_at_the_host_and_to_nobody_else() -> None:
    """With a person at the host's terminal, their game holds the terminal (the host's lines
    go nowhere): a guessing run is told to them as a notice, and not to the other seats."""
    session = Session(Rules.classic(target_score=1), TABLE, seed=7)
    codes = Codes.new([0, 1], spectators=False, local=0)
    host = Host(session, codes, replace(QUICK, wrong_code_delay=0.01), local=0, log=lambda _: None)
    started = asyncio.Event()
    task = asyncio.create_task(host.run(started.set))
    try:
        await asyncio.wait_for(started.wait(), 10)
        here = await Client.join(host, codes.seats[0])
        ben = await Client.join(host, codes.seats[1])
        for client in (here, ben):
            await client.until(protocol.ViewUpdate)
        guess = await Client.join(host, "AAAA-AAAA")
        await guess.until(protocol.Refusal)
        told = await here.until(protocol.Notice)
        while isinstance(told, protocol.Notice) and "wrong code" not in told.text:
            told = await here.until(protocol.Notice)
        assert isinstance(told, protocol.Notice)
        assert told.text == "A wrong code from 127.0.0.1."
        await ben.drain(0.3)
        assert not any(
            isinstance(m, protocol.Notice) and "wrong code" in m.text for m in ben.messages
        )
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 10)
