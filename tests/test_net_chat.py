"""Chat at a hosted table: what may be said (at most 200 characters of the name rule's
characters), paced per seat, told to every seat and spectator as typed, refused to spectators
unless the host allows, kept with the match and told by replay at its move."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from uno_tui.match.session import Seat
from uno_tui.net import protocol
from uno_tui.net.chat import ChatRefused, chat_path, check_text, load_chat, save_chat
from uno_tui.store.archive import tell

from .net_helpers import QUICK, Client, hosting

TABLE = (Seat("Ann"), Seat("Ben"), Seat("Cy", "random"))


def test_what_may_be_said() -> None:
    assert check_text("  good game [b]<i>  ") == "good game [b]<i>"
    assert check_text("é" * 200) == "é" * 200
    for bad, why in (
        ("", "empty"),
        ("   ", "empty"),
        ("x" * 201, "at most 200"),
        ("red \x1b[31m", "letters, digits"),
        ("tab\there", "letters, digits"),
        ("right\u202eleft", "letters, digits"),
        ("zero\u200bwidth", "letters, digits"),
    ):
        with pytest.raises(ChatRefused, match=why):
            check_text(bad)


async def chat_of(client: Client) -> protocol.Chat:
    message = await client.until(protocol.Chat)
    assert isinstance(message, protocol.Chat)
    return message


async def refusal_of(client: Client) -> str:
    message = await client.until(protocol.Refusal)
    assert isinstance(message, protocol.Refusal)
    return message.text


async def test_a_message_reaches_every_seat_and_spectator_as_typed(tmp_path: Path) -> None:
    async with hosting(TABLE, (0, 1)) as host:
        ann = await Client.join(host, host.codes.seats[0])
        ben = await Client.join(host, host.codes.seats[1])
        watcher = await Client.join(host, host.codes.spectators or "")
        for client in (ann, ben, watcher):
            await client.until(protocol.ViewUpdate)
        await ann.ws.send(protocol.say("  [red]gg[/red] <b>&amp;  "))
        for client in (ann, ben, watcher):
            said = await chat_of(client)
            assert (said.seat, said.name, said.text) == (0, "Ann", "[red]gg[/red] <b>&amp;")
        await ann.ws.send(protocol.say("bell\x07"))
        assert "letters, digits" in await refusal_of(ann)
        await ann.ws.send(protocol.say("x" * 201))
        assert "at most 200" in await refusal_of(ann)
        await watcher.ws.send(protocol.say("hello from the gallery"))
        assert "spectators read the chat" in await refusal_of(watcher)
        for _ in range(8):  # a burst of 5, then paced
            await ben.ws.send(protocol.say("spam"))
        assert "too many messages" in await refusal_of(ben)
        await ben.drain(0.3)
        assert [line.name for line in host.talk.lines].count("Ben") < 8
        host.record = tmp_path / "match.json"
        host.write_record()
        kept = load_chat(chat_path(host.record))
        assert kept[0].words() == "Ann says: [red]gg[/red] <b>&amp;"
        assert kept == host.talk.lines


async def test_spectators_write_when_the_host_allows() -> None:
    async with hosting(TABLE, (0, 1), options=replace(QUICK, spectators_chat=True)) as host:
        ann = await Client.join(host, host.codes.seats[0])
        watcher = await Client.join(host, host.codes.spectators or "")
        await watcher.until(protocol.ViewUpdate)
        await watcher.ws.send(protocol.say("go Ann"))
        said = await chat_of(ann)
        assert (said.seat, said.name, said.text) == (None, "Spectator", "go Ann")


def test_replay_tells_the_chat_at_its_move(tmp_path: Path) -> None:
    from uno_tui.engine import Game, MatchRecord, Rules
    from uno_tui.net.chat import ChatLine

    game = Game(Rules.classic(), ["Ann", "Ben"], seed=3)
    for _ in range(3):
        game.apply(game.decisions()[0].actions[0])
    record = MatchRecord.of(game)
    path = tmp_path / "match.json"
    save_chat(chat_path(path), [ChatLine(0, 0, "Ann", "hi"), ChatLine(2, 1, "Ben", "[b]gg")])
    said = [(line.moves, line.words()) for line in load_chat(chat_path(path))]
    lines = list(tell(record, said))
    assert "Ann says: hi" in lines
    two = next(i for i, line in enumerate(lines) if line == "2. Ben says: [b]gg")
    assert all(not line.startswith("3.") for line in lines[:two])
