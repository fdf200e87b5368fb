"""Spectators' chat flooded (issue 35), over real websockets on the loopback: limited per
address and for all spectators together, the kept chat appended one line a message (never
rewritten), no seated player's queue overflowing because of others' chat, and a newcomer
let in while the flood goes on."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace
from pathlib import Path

from uno_tui.match.session import Seat
from uno_tui.net import protocol
from uno_tui.net.admission import Buckets
from uno_tui.net.chat import (
    CHAT_BURST,
    HEADER,
    SPECTATORS_CHAT_BURST,
    ChatLine,
    TableTalk,
    load_chat,
    save_chat,
)

from .net_helpers import QUICK, Client, hosting

TABLE = (Seat("Ann"), Seat("Ben"), Seat("Cy", "random"))
FLOOD = replace(QUICK, spectators_chat=True, max_spectators=80, address_join_burst=200)


async def test_a_spectators_flood_is_held_to_their_allowance_and_ann_stays(
    tmp_path: Path,
) -> None:
    async with hosting(TABLE, (0, 1), options=FLOOD) as host:
        host.talk.file = tmp_path / "hosted-chat.json"
        save_chat(host.talk.file, [])
        ann = await Client.join(host, host.codes.seats[0])
        await ann.until(protocol.ViewUpdate)
        gallery = [await Client.join(host, host.codes.spectators or "") for _ in range(40)]
        gallery += [
            await Client.join(host, host.codes.spectators or "", source=f"127.0.0.{n}")
            for n in range(2, 12)
        ]
        for watcher in gallery:
            await watcher.until(protocol.ViewUpdate)
        for _ in range(6):  # 300 messages at once from 50 spectators on 11 addresses
            for watcher in gallery:
                await watcher.ws.send(protocol.say("flood"))
        began = time.monotonic()
        ben = await Client.join(host, host.codes.seats[1])
        welcome = await ben.until(protocol.Welcome, timeout=30)
        waited = time.monotonic() - began
        assert isinstance(welcome, protocol.Welcome) and welcome.seat == 1
        await asyncio.sleep(0)
        said = [line for line in host.talk.lines if line.seat is None]
        assert len(said) <= SPECTATORS_CHAT_BURST + 2, "all spectators share one allowance"
        assert host.connections.get(0), "Ann's queue never overflowed: she is still here"
        await ann.ws.send(protocol.say("still here"))
        while True:
            message = await ann.until(protocol.Chat)
            assert isinstance(message, protocol.Chat)
            if message.name == "Ann":
                break
        lines = host.talk.file.read_text(encoding="utf-8").splitlines()
        assert lines[0] + "\n" == HEADER and len(lines) == 1 + len(host.talk.lines)
        assert load_chat(host.talk.file) == host.talk.lines
        print(f"newcomer waited {waited:.3f} s during the flood; {len(said)} spectator lines")
        for watcher in gallery:
            await watcher.close()


async def test_one_address_has_a_seats_allowance_however_many_spectators_it_holds() -> None:
    async with hosting(TABLE, (0, 1), options=FLOOD) as host:
        gallery = [await Client.join(host, host.codes.spectators or "") for _ in range(8)]
        for watcher in gallery:
            await watcher.until(protocol.ViewUpdate)
        for watcher in gallery:
            await watcher.ws.send(protocol.say("one each"))
        refused = 0
        for watcher in gallery:
            await watcher.drain(0.3)
            refused += any(isinstance(m, protocol.Refusal) for m in watcher.messages)
        assert len([line for line in host.talk.lines if line.seat is None]) <= CHAT_BURST
        assert refused >= 8 - CHAT_BURST


def test_the_kept_chat_is_appended_not_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "hosted-chat.json"
    save_chat(path, [ChatLine(0, 0, "Ann", "hi")])
    talk = TableTalk(
        {},  # type: ignore[arg-type]
        spectators_chat=False,
        buckets=Buckets(1, 1),
        moves=lambda: 0,
        name_of=lambda seat: "Ann",
        log=lambda line: None,
    )
    talk.lines = load_chat(path)
    inode = path.stat().st_ino
    for n in range(50):
        talk.keep(path, ChatLine(n, 1, "Ben", f"line {n}"))
    assert path.stat().st_ino == inode, "the same file, appended to"
    rows = path.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 52 and json.loads(rows[-1])["text"] == "line 49"
