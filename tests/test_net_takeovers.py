"""A real host process whose person never moves in time and chats after every takeover by the
turn timer's bot, and who takes her seat back from the bot whenever she can: the table never
freezes. (The host's bot driver once picked a seat's bot, lost it to the seat handed back while
the bot thought, and died in silence: no bot moved again.) Loopback only; bounded in time."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from websockets.asyncio.client import connect

from uno_tui.net import protocol

from .net_helpers import first_legal
from .plain_driver import PlainProcess
from .test_net_processes import free_port

TAKEOVERS = 20


def host_process(data_dir: Path, port: int) -> tuple[PlainProcess, str]:
    """``uno-tui host`` for Ann (remote) and two random bots, and Ann's code."""
    host = PlainProcess(
        [
            "host",
            "--port",
            str(port),
            "--insecure",
            "--players",
            "Ann:remote,Cy:random,Di:random",
            "--turn-seconds",
            "1",
            "--bot-pause",
            "0.3",
            "--target",
            "5000",
            "--seed",
            "8",
        ],
        data_dir,
    )
    for _ in range(40):
        line = host._lines.get(timeout=20)
        assert line is not None, f"the host ended: {host.stderr}"
        found = re.match(r"Ann: uno-tui join \S+ --code (\S+)", line)
        if found:
            return host, found[1]
    raise AssertionError("the host printed no code for Ann")


async def test_takeovers_and_seats_handed_back_while_bots_think_never_freeze_the_table(
    data_dir: Path,
) -> None:
    port = free_port()
    host, code = host_process(data_dir, port)
    try:
        async with connect(f"ws://127.0.0.1:{port}", max_size=None) as ws:
            await ws.send(protocol.hello(code))
            takeovers = backs = moves = 0
            away = False
            async with asyncio.timeout(300):
                while takeovers < TAKEOVERS:
                    # Every wait is bounded: a frozen host sends nothing, and this fails.
                    message = protocol.parse_host(await asyncio.wait_for(ws.recv(), 20))
                    if isinstance(message, protocol.Notice):
                        if "time ran out" in message.text:
                            takeovers += 1
                            away = "until you act again" in message.text
                            await ws.send(protocol.say("."))  # a word, not a move
                        elif "play your seat again" in message.text:
                            backs += 1
                            away = False
                    if isinstance(message, protocol.ViewUpdate):
                        assert message.view.phase.value != "match-over", "ended too soon"
                        moves = max(moves, message.moves)
                        action = first_legal(message)
                        if away and action is not None:  # back, in the bot's pause if she can
                            await ws.send(protocol.action_message(action))
            assert backs > 0, "she took her seat back from the bot at least once"
            seen = moves
            async with asyncio.timeout(60):  # and the bots still play on
                while True:
                    message = protocol.parse_host(await asyncio.wait_for(ws.recv(), 20))
                    if isinstance(message, protocol.ViewUpdate) and message.moves > seen:
                        break
        assert "Traceback" not in host.stderr, host.stderr
        assert "failed" not in "\n".join(host.output), host.output[-5:]
    finally:
        host.close()
