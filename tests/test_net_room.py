"""A room with one code, in this process: names take open seats (the name rule, unique at
the table ignoring case), the lobby tells who is in and who is awaited, the host's person
starts, the seats still open become bots, and a seat's token takes it again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from uno_tui.match.session import Seat
from uno_tui.net import protocol
from uno_tui.net.codes import new_code
from uno_tui.net.room import Room, RoomRefusal, keep_seat, kept_seat, lobby_words, open_name

from .net_helpers import Client, hosting, play_to_the_end

SEATS = (Seat("Host"), Seat(open_name(1)), Seat(open_name(2)), Seat(open_name(3)))


def room() -> Room:
    return Room(new_code(), [1, 2, 3], "easy")


def test_a_name_takes_the_first_open_seat_under_the_name_rule() -> None:
    made = room()
    names = [seat.name for seat in SEATS]
    assert made.claim("Ann", names) == 1
    names = made.names(names)
    for bad, why in (
        ("ann", "taken"),
        ("HOST", "taken"),
        ("", "at least one character"),
        ("A\x1bnn", "control character"),
        ("x" * 21, "at most 20"),
        (None, "--name"),
        (open_name(3), "label"),
    ):
        with pytest.raises(RoomRefusal, match=why):
            made.claim(bad, names)
    assert made.claim("Ben", names) == 2
    made.release(1)
    assert made.awaited == [1, 3]
    assert made.bot_names(made.names(names)) == {1: "Ada", 3: "Bo"}
    made.started = True
    with pytest.raises(RoomRefusal, match="started"):
        made.claim("Cy", names)
    assert Room.from_dict(json.loads(json.dumps(made.to_dict())), 4) == made


def test_a_kept_seat_is_found_by_its_host_and_only_there(tmp_path: Path) -> None:
    keep_seat("ws://a:1", "TOKEN-ONE", "Ann", directory=tmp_path)
    keep_seat("wss://b:2", "TOKEN-TWO", "Ben", "AAAA-BBBB-CCCC-DDDD", tmp_path)
    keep_seat("ws://a:1", "TOKEN-NEW", "Ann", directory=tmp_path)
    assert kept_seat("ws://a:1", tmp_path) == ("TOKEN-NEW", "Ann", None)
    assert kept_seat("wss://b:2", tmp_path) == ("TOKEN-TWO", "Ben", "AAAA-BBBB-CCCC-DDDD")
    assert kept_seat("ws://c:3", tmp_path) is None
    assert (tmp_path / "joined-seats.json").stat().st_mode & 0o077 == 0
    (tmp_path / "joined-seats.json").write_text("[not json")
    assert kept_seat("ws://a:1", tmp_path) is None


async def lobby_of(client: Client) -> protocol.Lobby:
    message = await client.until(protocol.Lobby)
    assert isinstance(message, protocol.Lobby)
    return message


async def test_three_walk_in_the_host_starts_and_the_open_seat_is_a_bot() -> None:
    made = room()
    async with hosting(SEATS, (0, 1, 2, 3), room=made, local=0) as host:
        here = await Client.join(host, host.codes.seats[0])
        first = await lobby_of(here)
        assert [s.plays for s in first.seats] == ["local", "open", "open", "open"]
        ann = await Client.join(host, made.code.lower(), "Ann")
        told = await lobby_of(ann)
        assert told.seat == 1 and told.token == host.codes.seats[1]
        twin = await Client.join(host, made.code, "ANN")
        refusal = await twin.until(protocol.Refusal)
        assert isinstance(refusal, protocol.Refusal) and "taken" in refusal.text
        ben = await Client.join(host, made.code, "Ben")
        told = await lobby_of(ben)
        assert told.seat == 2
        words = lobby_words(told)
        assert "Ann" in words and "Ben (you)" in words and "Awaited: 1 open seat" in words
        await ann.ws.send(protocol.start())  # only the host's person starts
        refused = await ann.until(protocol.Refusal)
        assert isinstance(refused, protocol.Refusal) and "only the host" in refused.text
        await ann.ws.send(protocol.action_message(host.game.decisions()[0].actions[0]))
        refused = await ann.until(protocol.Refusal)
        assert isinstance(refused, protocol.Refusal) and "not started" in refused.text
        await here.ws.send(protocol.start())
        welcome = await ben.until(protocol.Welcome)
        assert isinstance(welcome, protocol.Welcome)
        assert welcome.names == ("Host", "Ann", "Ben", "Ada")
        assert [s.plays for s in welcome.seats] == ["local", "remote", "remote", "easy"]
        assert host.session.seats[3].bot_level == "easy" and 3 not in host.codes.seats
        late = await Client.join(host, made.code, "Cy")
        refusal = await late.until(protocol.Refusal)
        assert isinstance(refusal, protocol.Refusal) and "started" in refusal.text
        # Ann drops and comes back with her token: her seat, not a new one
        await ann.close()
        ann = await Client.join(host, told_token := host.codes.seats[1])
        welcome = await ann.until(protocol.Welcome)
        assert isinstance(welcome, protocol.Welcome) and welcome.seat == 1 and told_token
        await asyncio.wait_for(
            asyncio.gather(*(play_to_the_end(client) for client in (here, ann, ben))), 120
        )
        assert host.session.is_over


async def test_a_goodbye_in_the_room_gives_the_seat_back_and_a_drop_keeps_it() -> None:
    made = room()
    async with hosting(SEATS, (0, 1, 2, 3), room=made, local=0) as host:
        ann = await Client.join(host, made.code, "Ann")
        token = (await lobby_of(ann)).token
        await ann.close()  # dropped: the seat waits
        ann = await Client.join(host, token or "")
        assert (await lobby_of(ann)).seat == 1
        await ann.ws.send(protocol.bye())
        await ann.drain(0.3)
        assert made.awaited == [1, 2, 3] and host.game.names[1] == open_name(1)
        gone = await Client.join(host, token or "")
        refusal = await gone.until(protocol.Refusal)
        assert isinstance(refusal, protocol.Refusal)


def test_the_room_and_the_address_are_kept_with_the_codes(tmp_path: Path) -> None:
    from uno_tui.net.codes import Codes, join_lines

    made = room()
    made.claim("Ann", [seat.name for seat in SEATS])
    codes = Codes.new([0, 1, 2, 3], spectators=False, local=0)
    codes.room, codes.bind, codes.port = made, "0.0.0.0", 28765
    names = tuple(made.names([seat.name for seat in SEATS]))
    codes.save(tmp_path / "codes.json", names)
    again = Codes.load(tmp_path / "codes.json", names)
    assert (again.room, again.bind, again.port) == (made, "0.0.0.0", 28765)
    lines = join_lines(again.for_remote(), names, "10.0.0.2:28765")
    assert lines == [f"Everyone: uno-tui join 10.0.0.2:28765 --code {made.code} --name YOUR-NAME"]
    made.started = True
    assert join_lines(Codes({}, None, room=made), names, "x:1") == []


def test_a_kept_seat_is_taken_again_pinned_to_the_certificate_it_was_taken_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from uno_tui.net.commands import CommandError, join_code
    from uno_tui.store.files import ENV_DATA_DIR

    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    kept = "4F2K-9QXB-ZC7M-H0TD"
    keep_seat("wss://example.test:8765", "TOKEN", "Ann", kept)
    # no code and no fingerprint: the token, and the fingerprint kept with it
    assert join_code("example.test", None, None) == ("TOKEN", None, kept)
    # the same fingerprint typed another way is the same
    assert join_code("example.test", None, None, "4f2k9qxbzc7mh0td")[0] == "TOKEN"
    with pytest.raises(CommandError, match="not the one of the host where your seat"):
        join_code("example.test", None, None, "AAAA-BBBB-CCCC-DDDD")
    # a code given is used as given (a room's code with a name)
    assert join_code("example.test", "ROOM", "Ben", kept) == ("ROOM", "Ben", kept)
    # a ws:// seat is another host's (--insecure), kept without a fingerprint
    with pytest.raises(CommandError, match="no seat of yours"):
        join_code("example.test", None, None, insecure=True)
    keep_seat("ws://example.test:8765", "PLAIN", "Ann")
    assert join_code("example.test", None, None, insecure=True) == ("PLAIN", None, None)


async def test_the_line_mode_room_tells_chat_joins_and_leaves_the_moment_they_come() -> None:
    """``join --plain`` in a room: what the host and others say, and who comes and goes, is
    printed at once, while the person's next line is still being read."""
    from uno_tui.net.client import HostConnection
    from uno_tui.net.hosting import wait_in_lobby

    seats = (Seat("Host"), Seat(open_name(1)), Seat(open_name(2)))
    made = Room(new_code(), [1, 2], "random")
    async with hosting(seats, (0, 1, 2), room=made, local=0) as host:
        connection = HostConnection(f"127.0.0.1:{host.port}", made.code, name="Ann", insecure=True)
        connection.start()
        printed: list[str] = []
        typed: asyncio.Queue[str] = asyncio.Queue()
        waiting = asyncio.create_task(wait_in_lobby(connection, printed.append, typed.get))

        async def printed_line(text: str) -> None:
            async with asyncio.timeout(10):
                while not any(text in line for line in printed):
                    await asyncio.sleep(0.02)

        await printed_line("In the room:")
        host.chat(None, "The host", "welcome")
        await printed_line("The host says: welcome")
        ben = await Client.join(host, made.code, "Ben")
        await printed_line("Ben joined.")
        await ben.ws.send(protocol.say("hi Ann"))
        await printed_line("Ben says: hi Ann")
        await typed.put("say hello Ben")
        said = await ben.until(protocol.Chat)
        while isinstance(said, protocol.Chat) and said.name != "Ann":
            said = await ben.until(protocol.Chat)
        assert isinstance(said, protocol.Chat) and said.text == "hello Ben"
        await ben.ws.send(protocol.bye())
        await printed_line("Ben left the room.")
        await typed.put("quit")
        assert await asyncio.wait_for(waiting, 10) is None
        await connection.close()
