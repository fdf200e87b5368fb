"""Round trip of a hosted match on the loopback address: from a client sending its action to
every client of the match holding the new view.

    python benchmarks/bench_net.py [--actions 300] [--spectators 0,25,50,100,200,400]
                                   [--matches 1,2,4,8]
    python benchmarks/bench_net.py --transports [--actions 300]

Each ``uno-tui host`` is a real process (four remote seats, no bots: every move is a person's);
the clients are protocol clients in this process that answer with the first legal action.
Players parse every message fully, as the line mode does; spectators read only the move count
(a real spectator parses on its own machine, not in this one). Reported: median and 99th
percentile per configuration, then where the median or the p99 first passes 100 ms:

- connections: one match, 4 players and N spectators on one host;
- matches: M host processes at once on this machine, one driver each.

``--transports``: one match of 4 protocol clients over plain ``ws://`` (``--insecure``), then
over ``wss://`` (the default); then two seats, A in the line mode and B a ``wss://`` protocol
client: A as ``uno-tui join --plain`` on pipes here, then A through the SSH door (``--ssh``, an
asyncssh client asking for ``plain``, which runs the same join process on the host): from A's
answer to both seats holding the new move (B's view, and A's own next line of output). The
last two differ by the SSH door alone.

Every move is autosaved by the host before anyone sees it (written and synced to disk, as a
local match is), so the disk's sync time is part of the round trip: ``--data-dir /dev/shm``
shows the round trip without it. The machine (2 cores, shared) is noisy: run it more than once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_tui.engine import Action, CallUno, PlayerView  # noqa: E402
from uno_tui.net import protocol  # noqa: E402

LIMIT_MS = 100.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class HostProcess:
    process: subprocess.Popen[str]
    port: int
    codes: list[str]
    spectators: str
    secure: bool = False
    ssh_port: int | None = None
    fingerprint: str = ""

    @property
    def url(self) -> str:
        return f"{'wss' if self.secure else 'ws'}://127.0.0.1:{self.port}"


def start_host(
    seed: int,
    data_root: str | None,
    *,
    secure: bool = False,
    ssh: bool = False,
    players: str = "A:remote,B:remote,C:remote,D:remote",
) -> HostProcess:
    """A host process; its autosave in a new directory under ``data_root``. ``secure``:
    ``wss://`` (else ``--insecure``); ``ssh``: an SSH door too."""
    port = free_port()
    data = tempfile.mkdtemp(prefix="uno-bench-", dir=data_root)
    env = {**os.environ, "UNO_TUI_DATA_DIR": data, "PYTHONUNBUFFERED": "1"}
    args = [sys.executable, "-m", "uno_tui", "host", "--port", str(port), "--seed", str(seed)]
    args += ["--players", players, "--target", "100000"]
    args += [] if secure else ["--insecure"]
    ssh_port = free_port() if ssh else None
    args += [] if ssh_port is None else ["--ssh", str(ssh_port)]
    process = subprocess.Popen(
        [*args, "--spectators"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    codes: list[str] = []
    spectators = fingerprint = ""
    assert process.stdout is not None
    for line in process.stdout:
        pinned = re.search(r"--fingerprint (\S+)", line)
        fingerprint = pinned[1] if pinned else fingerprint
        found = re.search(r"--code (\S+)", line.strip())
        if found and line.startswith("Spectators"):
            spectators = found[1]
            if not ssh:
                break
        elif found:
            codes.append(found[1])
        if line.startswith("SSH door on port"):
            break
    return HostProcess(process, port, codes, spectators, secure, ssh_port, fingerprint)


def connect_options(host: HostProcess) -> dict[str, object]:
    """``wss://``: the TLS context a pinning client uses (on the loopback, the benchmark
    does not check the fingerprint itself; ``tests/test_net_tls.py`` does)."""
    from uno_tui.net.tls import pinning_context

    return {"ssl": pinning_context()} if host.secure else {}


@dataclass
class Seat:
    ws: ClientConnection
    view: PlayerView | None = None
    moves: int = -1


@dataclass
class Match:
    host: HostProcess
    seats: list[Seat] = field(default_factory=list)
    watchers: list[ClientConnection] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)
    """Per connection (index), the latest move count it holds."""
    target: int = 0
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def saw(self, index: int, moves: int) -> None:
        self.seen[index] = moves
        if self.target and min(self.seen.values()) >= self.target:
            self.done.set()


async def read_player(match: Match, index: int, seat: Seat) -> None:
    async for raw in seat.ws:
        message = protocol.parse_host(raw)
        if isinstance(message, protocol.ViewUpdate):
            seat.view, seat.moves = message.view, message.moves
            match.saw(index, message.moves)


async def read_watcher(match: Match, index: int, ws: ClientConnection) -> None:
    async for raw in ws:
        if isinstance(raw, str) and raw.startswith('{"type":"view"'):
            match.saw(index, json.loads(raw)["moves"])


def next_action(view: PlayerView) -> Action | None:
    for decision in view.decisions:
        for action in decision.actions:
            if isinstance(action, CallUno) and action.target == view.player:
                return action
    for decision in view.decisions:
        if not decision.kind.out_of_turn:
            return decision.actions[0]
    return None


async def open_match(host: HostProcess, spectators: int) -> tuple[Match, list[asyncio.Task[None]]]:
    match = Match(host)
    url = host.url
    secure = connect_options(host)
    tasks = []
    for index, code in enumerate(host.codes):
        ws = await connect(url, max_size=None, open_timeout=30, **secure)  # type: ignore[arg-type]
        await ws.send(protocol.hello(code))
        seat = Seat(ws)
        match.seats.append(seat)
        match.seen[index] = -1
        tasks.append(asyncio.create_task(read_player(match, index, seat)))
    for number in range(spectators):
        ws = await connect(url, max_size=None, open_timeout=30, **secure)  # type: ignore[arg-type]
        await ws.send(protocol.hello(host.spectators))
        index = len(host.codes) + number
        match.seen[index] = -1
        match.watchers.append(ws)
        tasks.append(asyncio.create_task(read_watcher(match, index, ws)))
    return match, tasks


async def drive(match: Match, actions: int) -> list[float]:
    """Play ``actions`` moves; the round trip of each, in milliseconds."""
    async with asyncio.timeout(60):
        while min(match.seen.values()) < 0 or any(s.view is None for s in match.seats):
            await asyncio.sleep(0.01)
        moves = max(match.seen.values())
        while min(match.seen.values()) < moves:
            await asyncio.sleep(0.01)
    times = []
    for _ in range(actions):
        mover = next(
            (s for s in match.seats if s.view and s.moves == moves and next_action(s.view)), None
        )
        if mover is None or mover.view is None:
            break
        action = next_action(mover.view)
        assert action is not None
        match.target, match.done = moves + 1, asyncio.Event()
        began = time.perf_counter()
        await mover.ws.send(protocol.action_message(action))
        await asyncio.wait_for(match.done.wait(), 30)
        times.append((time.perf_counter() - began) * 1000)
        moves += 1
    return times


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered), p99


async def run_case(hosts: list[HostProcess], spectators: int, actions: int) -> list[float]:
    opened = [await open_match(host, spectators) for host in hosts]
    try:
        results = await asyncio.gather(*(drive(match, actions) for match, _ in opened))
    finally:
        for match, tasks in opened:
            for ws in [s.ws for s in match.seats] + match.watchers:
                await ws.close()
            for task in tasks:
                task.cancel()
    return [t for result in results for t in result]


def stop(hosts: list[HostProcess]) -> None:
    for host in hosts:
        host.process.terminate()
        try:
            host.process.wait(10)
        except subprocess.TimeoutExpired:
            host.process.kill()


def host_work(actions: int, spectators: int, data_root: str | None) -> list[float]:
    """The host's own work per action, without the network: apply (and autosave) one move,
    then every connection's messages built and queued. Milliseconds per action."""
    from uno_tui.engine import Rules
    from uno_tui.match.session import Seat as TableSeat
    from uno_tui.match.session import Session
    from uno_tui.net.codes import Codes, open_hosted
    from uno_tui.net.connection import Connection
    from uno_tui.net.host import Host

    names = ["A", "B", "C", "D"]
    session = Session(Rules.classic(target_score=100000), [TableSeat(n) for n in names], seed=1)
    directory = Path(tempfile.mkdtemp(prefix="uno-bench-", dir=data_root))
    codes: Codes = open_hosted(session, [0, 1, 2, 3], spectators=True, directory=directory)
    host = Host(session, codes, log=lambda line: None)

    async def work() -> list[float]:
        for seat in [0, 1, 2, 3, *([None] * spectators)]:
            host.connections.setdefault(seat, []).append(Connection(None, seat))  # type: ignore[arg-type]
        times = []
        for _ in range(actions):
            view = session.game.view(session.game.decisions()[0].player)
            action = next_action(view)
            assert action is not None
            began = time.perf_counter()
            session.apply(action)
            host.update_all()
            times.append((time.perf_counter() - began) * 1000)
            for connections in host.connections.values():
                for connection in connections:
                    while not connection.queue.empty():
                        connection.queue.get_nowait()
        return times

    return asyncio.run(work())


THINK_SECONDS = 0.06
PROMPT_KEYS = re.compile(r"(?:^|\? |, )(\d+|[a-z]): ")


def line_answer(prompt: str) -> str:
    """The SSH guest's answer to a line-mode prompt: call UNO, else the first choice listed
    (a card if one can go, else drawing), yes to a question."""
    if prompt.startswith("One card left!"):
        return "1"
    keys = PROMPT_KEYS.findall(prompt)
    return keys[0] if keys else "y"


class Guest:
    """Seat A's line mode: ``uno-tui join --plain`` on pipes here, or through the SSH door."""

    def __init__(self, write: Any, read: Any, close: Any) -> None:
        self.write, self.read, self.close = write, read, close
        """``close()``: a coroutine that ends the guest."""


async def pipe_guest(host: HostProcess) -> Guest:
    args = ["join", f"127.0.0.1:{host.port}", "--code", host.codes[0], "--plain"]
    args += ["--fingerprint", host.fingerprint] if host.secure else ["--insecure"]
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "uno_tui",
        *args,
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    assert process.stdin is not None and process.stdout is not None
    stdin, stdout = process.stdin, process.stdout

    async def read() -> str:
        return (await stdout.read(65536)).decode("utf-8", "replace")

    async def close() -> None:
        if process.returncode is None:
            process.kill()
        await process.wait()

    return Guest(lambda text: stdin.write(text.encode()), read, close)


async def ssh_guest(host: HostProcess) -> Guest:
    import asyncssh

    assert host.ssh_port is not None
    connection = await asyncssh.connect(
        "127.0.0.1",
        host.ssh_port,
        username="guest",
        password=host.codes[0],
        known_hosts=None,
        preferred_auth="password",
    )
    process = await connection.create_process("plain")

    async def read() -> str:
        return str(await process.stdout.read(65536))

    async def close() -> None:
        connection.close()
        await connection.wait_closed()

    return Guest(process.stdin.write, read, close)


async def line_round_trips(host: HostProcess, actions: int, by_ssh: bool) -> list[float]:
    """Seat A in the line mode (through the SSH door, or on pipes here), seat B a protocol
    client answering its own turns at once: the round trip of each of A's moves, from its
    answer to B holding the new view and A's next output (milliseconds)."""
    match = Match(host)
    ws = await connect(host.url, max_size=None, open_timeout=30, **connect_options(host))  # type: ignore[arg-type]
    await ws.send(protocol.hello(host.codes[1]))
    seat_b = Seat(ws)
    match.seats.append(seat_b)
    match.seen[1] = -1

    async def play_b() -> None:
        answered = -1
        async for raw in ws:
            message = protocol.parse_host(raw)
            if isinstance(message, protocol.ViewUpdate):
                seat_b.view, seat_b.moves = message.view, message.moves
                match.saw(1, message.moves)
                action = next_action(message.view) if isinstance(message.view, PlayerView) else None
                if action is not None and message.moves != answered:
                    answered = message.moves
                    await ws.send(protocol.action_message(action))

    b_task = asyncio.create_task(play_b())
    guest = await (ssh_guest(host) if by_ssh else pipe_guest(host))
    times: list[float] = []
    said = ""
    try:
        async with asyncio.timeout(300):
            while len(times) < actions:
                last = said.rstrip("\n").rsplit("\n", 1)[-1]
                if "?" not in last or not said.endswith("\n"):
                    chunk = await guest.read()
                    if not chunk:
                        break
                    said += chunk
                    continue
                # A person reads before answering: past the client's own pacing of sends
                # (``client.MIN_SEND_INTERVAL``), which is not the round trip's.
                await asyncio.sleep(THINK_SECONDS)
                moves = seat_b.moves
                match.target, match.done = moves + 1, asyncio.Event()
                said = ""
                began = time.perf_counter()
                guest.write(line_answer(last) + "\n")
                try:
                    await asyncio.wait_for(match.done.wait(), 2)
                except TimeoutError:
                    continue  # an answer that was not a move (a colour asked next, say)
                said = await guest.read()  # A's own next line
                times.append((time.perf_counter() - began) * 1000)
    finally:
        await guest.close()
        b_task.cancel()
        await ws.close()
    return times


def transports(actions: int, data_root: str | None) -> None:
    print("round trip by transport (loopback; one match):")
    for name, secure in (("ws://", False), ("wss://", True)):
        hosts = [start_host(1, data_root, secure=secure)]
        try:
            times = asyncio.run(run_case(hosts, 0, actions))
        finally:
            stop(hosts)
        median, p99 = summary(times)
        print(f"  {name:7s} 4 players:  median {median:6.2f} ms, p99 {p99:6.2f} ms ({len(times)})")
    for name, by_ssh in (("join --plain on pipes, wss://", False), ("the SSH door, plain", True)):
        host = start_host(1, data_root, secure=True, ssh=by_ssh, players="A:remote,B:remote")
        try:
            times = asyncio.run(line_round_trips(host, actions, by_ssh))
        finally:
            stop([host])
        median, p99 = summary(times)
        print(f"  {name}: median {median:6.2f} ms, p99 {p99:6.2f} ms ({len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--spectators", default="0,10,20,30,40,50,60")
    parser.add_argument("--matches", default="1,2,4,8")
    parser.add_argument(
        "--data-dir",
        help="where the hosts autosave (e.g. /dev/shm, to see the round trip without the "
        "durable write of every move)",
    )
    parser.add_argument(
        "--transports", action="store_true", help="ws://, wss:// and the SSH door, one each"
    )
    args = parser.parse_args()
    if args.transports:
        transports(args.actions, args.data_dir)
        return
    for count in (0, 60):
        median, p99 = summary(host_work(args.actions, count, args.data_dir))
        print(
            f"host's own work per action, {4 + count} connections, no network: "
            f"median {median:.2f} ms, p99 {p99:.2f} ms"
        )
    print("connections on one host (4 players + spectators):")
    passed = None
    for count in map(int, args.spectators.split(",")):
        hosts = [start_host(1, args.data_dir)]
        try:
            times = asyncio.run(run_case(hosts, count, args.actions))
        except (OSError, ConnectionClosed, TimeoutError) as error:
            print(
                f"  {4 + count:4d} connections: refused or failed ({type(error).__name__}); "
                "the host takes 64 connections"
            )
            break
        finally:
            stop(hosts)
        median, p99 = summary(times)
        print(
            f"  {4 + count:4d} connections: median {median:6.2f} ms, p99 {p99:6.2f} ms "
            f"({len(times)} actions)"
        )
        if passed is None and (median > LIMIT_MS or p99 > LIMIT_MS):
            passed = 4 + count
    print(f"  past {LIMIT_MS:.0f} ms at: {passed or 'none of these'}")
    print("matches at once (one host process each, 4 players each):")
    passed = None
    for count in map(int, args.matches.split(",")):
        hosts = [start_host(n + 1, args.data_dir) for n in range(count)]
        try:
            times = asyncio.run(run_case(hosts, 0, args.actions))
        finally:
            stop(hosts)
        median, p99 = summary(times)
        print(
            f"  {count:4d} matches: median {median:6.2f} ms, p99 {p99:6.2f} ms "
            f"({len(times)} actions)"
        )
        if passed is None and (median > LIMIT_MS or p99 > LIMIT_MS):
            passed = count
    print(f"  past {LIMIT_MS:.0f} ms at: {passed or 'none of these'}")


if __name__ == "__main__":
    main()
