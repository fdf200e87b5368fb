"""The host's memory under a Ping flood from clients that never read, on the loopback address.

    python benchmarks/flood_memory.py [--seconds 10] [--code none|spectator] [--clients 1]
                                      [--root DIR]

A real ``uno-tui host`` process (one remote seat, one bot, a spectators' code); ``--clients``
attackers each open a WebSocket by hand with a tiny receive buffer, say the spectators' code
or nothing, then send Ping frames and read nothing for ``--seconds``; one cut off opens again
at once. Reported: the host's resident memory (VmRSS) before, its highest during the attack,
at its end and after a few idle seconds; how many connections the attackers opened; whether a
seat's code still joins afterwards; and what the host printed (lines, tracebacks).

``--root`` runs the host from another checkout (e.g. a ``git worktree`` of an older commit), to
compare with the code before the host bounded what one connection costs.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
PING = bytes([0x89, 0xFD]) + b"\0\0\0\0" + b"x" * 125
"""A masked Ping frame with 125 bytes (a zero mask: the payload goes as it is)."""
BURST = PING * 256


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Sampler(threading.Thread):
    """The host's memory every 0.1 s: the highest seen."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0.0, True

    def run(self) -> None:
        while self.running:
            with contextlib.suppress(OSError):
                self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(0.1)


def hello(code: str) -> bytes:
    text = f'{{"type":"hello","version":1,"code":"{code}"}}'.encode()
    return bytes([0x81, 0x80 | len(text)]) + b"\0\0\0\0" + text


async def attacker(
    port: int, code: str | None, until: float, idle: float, opened: list[int]
) -> None:
    """Open, say ``code`` (or nothing), ping without reading; again when cut off. At the end
    the last connection stays open, idle and unread, for ``idle`` seconds."""
    while time.monotonic() < until:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        writer = None
        try:
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
            reader, writer = await asyncio.open_connection(sock=sock)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(
                f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                f"Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            opened[0] += 1
            if code is not None:
                writer.write(hello(code))
            with contextlib.suppress(TimeoutError):
                while time.monotonic() < until:
                    writer.write(BURST)
                    await asyncio.wait_for(writer.drain(), max(0.01, until - time.monotonic()))
            await asyncio.sleep(idle)
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            await asyncio.sleep(0.05)
        finally:
            if writer is not None:
                writer.close()
            else:
                sock.close()


async def seat_joins(port: int, code: str) -> str:
    try:
        async with connect(f"ws://127.0.0.1:{port}", open_timeout=20) as ws:
            await ws.send(f'{{"type":"hello","version":1,"code":"{code}"}}')
            first = await asyncio.wait_for(ws.recv(), 20)
            return "welcomed" if '"welcome"' in str(first) else f"answered {str(first)[:60]}"
    except Exception as error:  # reported, whatever it is
        return f"failed ({type(error).__name__})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--code", choices=["none", "spectator"], default="none")
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--idle", type=float, default=5.0, help="seconds idle after the attack")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout the host runs from")
    args = parser.parse_args()

    port = free_port()
    data = tempfile.mkdtemp(prefix="uno-flood-")
    env = {**os.environ, "UNO_TUI_DATA_DIR": data, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "uno_tui", "host", "--port", str(port), "--seed", "1"]
    command += ["--players", "Ann:remote,Cy:random", "--spectators"]
    err = tempfile.TemporaryFile("w+")  # noqa: SIM115 (read after the host has stopped)
    host = subprocess.Popen(
        command,
        cwd=args.root,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=err,
        text=True,
    )
    assert host.stdout is not None
    codes: dict[str, str] = {}
    for line in host.stdout:
        found = re.match(r"(\w+): uno-tui join \S+ --code (\S+)$", line.strip())
        if found:
            codes[found[1]] = found[2]
        if "Spectators" in codes:
            break
    printed: list[str] = []
    reading = threading.Thread(target=lambda: printed.extend(host.stdout or []), daemon=True)
    reading.start()
    try:
        time.sleep(1.0)
        before = rss_mb(host.pid)
        sampler = Sampler(host.pid)
        sampler.start()
        code = codes["Spectators"] if args.code == "spectator" else None
        opened = [0]

        async def attack() -> None:
            until = time.monotonic() + args.seconds
            await asyncio.gather(
                *(attacker(port, code, until, args.idle, opened) for _ in range(args.clients))
            )

        measured: list[float] = []

        def after_attack() -> None:
            measured.append(rss_mb(host.pid))
            time.sleep(args.idle - 0.5)
            measured.append(rss_mb(host.pid))

        later = threading.Timer(args.seconds + 0.2, after_attack)
        later.start()
        asyncio.run(attack())
        later.join()
        at_end, idle = measured
        sampler.running = False
        joined = asyncio.run(seat_joins(port, codes["Ann"]))
    finally:
        host.terminate()
        try:
            host.wait(10)
        except subprocess.TimeoutExpired:
            host.kill()
        reading.join(5)
    err.seek(0)
    errors = err.read()
    print(
        f"{args.root.name}: {args.clients} client(s), code {args.code}, {args.seconds:g} s: "
        f"RSS {before:.1f} MB before, peak {sampler.peak:.1f} MB, {at_end:.1f} MB at the end, "
        f"{idle:.1f} MB after {args.idle:g} s idle (connections left open); "
        f"{opened[0]} connections opened; "
        f"Ann's code afterwards: {joined}; host printed {len(printed)} lines on stdout, "
        f"{len(errors.splitlines())} on stderr ({errors.count('Traceback')} tracebacks)"
    )
    for line in printed[:8]:
        print(f"  | {line.rstrip()}")
    kinds = dict.fromkeys(line[:100] for line in errors.splitlines())
    for line in list(kinds)[:4]:
        print(f"  stderr | {line}")


if __name__ == "__main__":
    main()
