"""A room strangers cannot squat, brick or lock (issue 35), over real websockets on the
loopback: look-alike and reserved names refused and the room fine after, one address
unable to spend the room's joins, a dropped seat freed after its grace, and the host's
``kick NAME`` and ``codes``."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from uno_tui.match.session import Seat
from uno_tui.net import protocol
from uno_tui.net.codes import new_code
from uno_tui.net.room import Room, RoomRefusal, open_name

from .net_helpers import QUICK, Client, hosting

SEATS = (Seat("Host"), Seat(open_name(1)), Seat(open_name(2)), Seat(open_name(3)))


def room() -> Room:
    return Room(new_code(), [1, 2, 3], "easy")


async def refusal_of(client: Client) -> str:
    message = await client.until(protocol.Refusal)
    assert isinstance(message, protocol.Refusal)
    return message.text


async def lobby_of(client: Client) -> protocol.Lobby:
    message = await client.until(protocol.Lobby)
    assert isinstance(message, protocol.Lobby)
    return message


def test_the_chats_labels_and_look_alikes_are_refused_by_the_room() -> None:
    made = room()
    names = made.names([seat.name for seat in SEATS])
    made.claim("Ann", names)
    names = made.names(names)
    for bad, why in (
        ("The host", "label"),
        ("the HOST", "label"),
        ("Spectator", "label"),
        ("Аnn", "looks like 'Ann'"),  # Cyrillic A
        ("Ann\u034f", "invisible"),
        ("Ann\ufe0f", "invisible"),
        ("Ann\u3164", "invisible"),
        ("Hoſt", "taken"),
        ("0pen seat 3", "label"),
    ):
        with pytest.raises(RoomRefusal, match=why):
            made.claim(bad, names)
    assert made.taken == {1: "Ann"}


async def test_strass_after_strass_is_refused_and_the_room_goes_on() -> None:
    made = room()
    async with hosting(SEATS, (0, 1, 2, 3), room=made, local=0) as host:
        here = await Client.join(host, host.codes.seats[0])
        await lobby_of(here)
        first = await Client.join(host, made.code, "Strass")
        await lobby_of(first)
        for twin in ("Straß", "STRASS", "Ꮪtrass"):
            again = await Client.join(host, made.code, twin)
            assert "choose another" in await refusal_of(again)
        assert made.taken == {1: "Strass"} and made.awaited == [2, 3]
        later = await Client.join(host, made.code, "Ben")
        told = await lobby_of(later)
        assert told.seat == 2 and told.token == host.codes.seats[2]
        assert host.start_room() is None
        assert host.game.names[:3] == ("Host", "Strass", "Ben")
        assert not any(name.startswith("Open seat") for name in host.game.names)
        assert set(host.codes.seats) == {0, 1, 2}


async def test_one_address_cannot_spend_the_rooms_joins() -> None:
    made = Room(new_code(), [1, 2, 3, 4, 5, 6], "easy")
    seats = (Seat("Host"), *(Seat(open_name(i)) for i in range(1, 7)))
    async with hosting(seats, tuple(range(7)), room=made, local=0) as host:
        refused = 0
        for _ in range(30):  # the room's code with an empty name, as fast as it is answered
            squat = await Client.join(host, made.code, "", source="127.0.0.2")
            text = await refusal_of(squat)
            refused += "too often" in text
            await squat.close()
        assert refused >= 20, "the one address is stopped by its own allowance"
        friends = ["Ann", "Ben", "Cara", "Dev", "Eve", "Fin"]
        for number, name in enumerate(friends, start=3):
            friend = await Client.join(host, made.code, name, source=f"127.0.0.{number}")
            told = await lobby_of(friend)
            assert told.seat is not None and host.game.names[told.seat] == name
        assert made.awaited == []


async def test_a_dropped_seat_is_freed_after_its_grace_and_kept_if_its_token_comes_back() -> None:
    made = room()
    options = replace(QUICK, lobby_grace=0.5)
    async with hosting(SEATS, (0, 1, 2, 3), room=made, local=0, options=options) as host:
        ann = await Client.join(host, made.code, "Ann")
        token = (await lobby_of(ann)).token
        assert token is not None
        await ann.close()  # dropped; back within the grace with the token: still hers
        ann = await Client.join(host, token)
        assert (await lobby_of(ann)).seat == 1
        squatter = await Client.join(host, made.code, "Ben")
        squat_token = (await lobby_of(squatter)).token
        await squatter.close()  # and never comes back
        async with asyncio.timeout(20):
            while 2 in made.taken:
                await asyncio.sleep(0.05)
        assert host.game.names[2] == open_name(2) and made.taken == {1: "Ann"}
        late = await Client.join(host, squat_token or "")
        assert "opens no seat" in await refusal_of(late)
        real_ben = await Client.join(host, made.code, "Ben")
        assert (await lobby_of(real_ben)).seat == 2
        await real_ben.close()  # and goes for good too
        async with asyncio.timeout(20):
            while 2 in made.taken:  # freed again, its leave told
                await asyncio.sleep(0.05)
        cy = await Client.join(host, made.code, "Cy")  # another person in the freed seat
        assert (await lobby_of(cy)).seat == 2
        await ann.drain()
        told = [m.text for m in ann.messages if isinstance(m, protocol.Notice)]
        assert "Cy joined." in told and "Cy is back." not in told, told


async def test_the_host_kicks_a_squatter_in_the_room_and_a_player_in_the_match() -> None:
    made = room()
    async with hosting(SEATS, (0, 1, 2, 3), room=made, local=0) as host:
        squatter = await Client.join(host, made.code, "Ben")
        token = (await lobby_of(squatter)).token
        assert host.kick("nobody") == "No seat is called 'nobody'."
        assert host.kick("Host") == "Host is your own seat."
        assert host.kick("ben") == "Ben is out; their seat is open again."
        assert made.taken == {} and host.game.names[1] == open_name(1)
        again = await Client.join(host, token or "")
        assert "opens no seat" in await refusal_of(again)
        ann = await Client.join(host, made.code, "Ann")
        ann_token = (await lobby_of(ann)).token
        lines = host.code_lines()
        assert f"Ann: uno-tui join 127.0.0.1:{host.port} --code {ann_token}" in lines
        assert "Open seat 3: open, for anyone with the room's code" in lines
        assert host.start_room() is None
        assert host.kick("Ann") == "Ann is out; a bot plays their seat to the end."
        assert 1 in host.session.bots and 1 not in host.codes.seats
        back = await Client.join(host, ann_token or "")
        assert "opens no seat" in await refusal_of(back)


def test_refusals_are_tallied_in_all_not_a_line_per_address() -> None:
    from uno_tui.net.admission import Tally

    lines: list[str] = []
    tally = Tally(lines.append, window=60)
    for n in range(200):  # 200 loopback addresses pushed out before their login
        tally.note("An SSH connection pushed out", "SSH connections pushed out", f"127.0.1.{n}")
    assert lines == ["An SSH connection pushed out from 127.0.1.0."]
    tally.flush(now=tally.counts["SSH connections pushed out"][0] + 60)
    assert lines[1:] == [
        "199 more SSH connections pushed out from 200 addresses in the last minute."
    ]
