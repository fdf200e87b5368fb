"""The host's own person in the app (``uno-tui host`` in a terminal): the host serves on the
app's own loop, its seat waits in the room with its chat and plays on the game screen, and
the host's commands are on keys and in the command palette. The guests here are real
connections on the same loop."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import replace

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from uno_tui.engine import MatchRecord, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.net import protocol
from uno_tui.net.client import HostConnection
from uno_tui.net.codes import Codes
from uno_tui.net.host import Host
from uno_tui.net.hosting import SAVED_WORDS, HostSetup
from uno_tui.net.room import Room, open_name
from uno_tui.tui.host_app import CodesScreen, HostApp, HostGameScreen
from uno_tui.tui.join_app import ChatLine
from uno_tui.tui.screens.choice import ChoiceScreen
from uno_tui.tui.screens.round_end import match_keys, next_words

from .net_helpers import QUICK, Client

ROOM_CODE = "K7QM-2PXA"
ANNOUNCED = (
    "Hosting classic on 192.168.1.5:8765.",
    f"Everyone: uno-tui join 192.168.1.5:8765 --code {ROOM_CODE} --name YOUR-NAME --insecure",
)


def hosted(*, room: bool = True, seats: int = 3) -> HostSetup:
    """A host with its own person at seat 0 and, with ``room``, the others open in a room
    (else seat 1 remote, Ann, the rest bots); not listening yet (the app serves it)."""
    if room:
        table = [Seat("Host"), *(Seat(open_name(i)) for i in range(1, seats))]
        remote = list(range(1, seats))
    else:
        table = [Seat("Host"), Seat("Ann"), *(Seat(f"Bot{i}", "random") for i in range(2, seats))]
        remote = [1]
    session = Session(Rules.classic(target_score=1), table, seed=3)
    codes = Codes.new(remote, spectators=False, local=0)
    if room:
        codes.room = Room(ROOM_CODE, remote, "random")
    host = Host(session, codes, replace(QUICK, lobby_grace=30), local=0, log=lambda line: None)
    host.join_tail = "--insecure"

    def announce(say: Callable[[str], None], start: str) -> None:
        for line in ANNOUNCED:
            say(line)
        if room:
            say(f"The room is open. {start} when everyone is in.")

    return HostSetup(host, announce, codes.seats[0], None)


async def until(condition: Callable[[], object], pilot: Pilot[int], seconds: float = 20) -> None:
    async with asyncio.timeout(seconds):
        while not condition():
            await pilot.pause(0.02)


def text_of(app: HostApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


@contextlib.asynccontextmanager
async def guest(
    app: HostApp, name: str = "Ann", code: str = ROOM_CODE
) -> AsyncIterator[HostConnection]:
    """A guest joining the app's host, on the same loop."""
    connection = HostConnection(
        f"127.0.0.1:{app.host.port}",
        code,
        name=name if code == ROOM_CODE else None,
        insecure=True,
        keep=False,
    )
    connection.start()
    try:
        yield connection
    finally:
        await connection.close()


def heard(connection: HostConnection, line: str) -> bool:
    """``line`` is among what the guest was told (taken, so each is looked at once)."""
    return any(line in said for said in connection.state.lines)


def asked(app: HostApp, question: str) -> bool:
    screen = app.screen
    return isinstance(screen, ChoiceScreen) and screen.question == question


def playing(app: HostApp) -> bool:
    """The host's seat is at the table (a question may be open over it)."""
    return any(isinstance(screen, HostGameScreen) for screen in app.screen_stack)


async def in_the_room(app: HostApp, pilot: Pilot[int]) -> None:
    await until(lambda: "Host  (you, the host)" in text_of(app, "#lobby"), pilot)


async def room_with_chat(app: HostApp, pilot: Pilot[int]) -> Client:
    """The host's room as the snapshot and the screenshot show it: Ann joined, and a line
    said each way; Ann's connection, for the caller to close."""
    await until(lambda: "Host joined." in text_of(app, "#room-talk"), pilot)
    ann = await Client.join(app.host, ROOM_CODE, "Ann")
    await until(lambda: "Ann joined." in text_of(app, "#room-talk"), pilot)
    await ann.ws.send(protocol.say("hi all"))
    await until(lambda: "Ann says: hi all" in text_of(app, "#room-talk"), pilot)
    assert app.remote is not None and app.remote.say("welcome, Ann")
    await until(lambda: "Host says: welcome, Ann" in text_of(app, "#room-talk"), pilot)
    return ann


async def test_the_room_shows_its_code_and_who_comes_in_and_what_is_said_at_once() -> None:
    app = HostApp(hosted())
    async with app.run_test(size=(100, 34)) as pilot:
        await in_the_room(app, pilot)
        assert f"--code {ROOM_CODE} --name YOUR-NAME" in text_of(app, "#hosting")
        assert "Press Ctrl+S (or Start in the command palette" in text_of(app, "#hosting")
        async with guest(app) as ann:
            await until(lambda: "Ann joined." in text_of(app, "#room-talk"), pilot)
            await until(lambda: "\n  Ann" in text_of(app, "#lobby"), pilot)
            assert text_of(app, "#room-talk").count("Ann joined.") == 1  # told once
            assert ann.say("hello host")
            await until(lambda: "Ann says: hello host" in text_of(app, "#room-talk"), pilot)
            await pilot.press("slash")
            await until(lambda: isinstance(app.screen, ChatLine), pilot)
            for key in "welcome":
                await pilot.press(key)
            await pilot.press("enter")
            await until(lambda: heard(ann, "Host says: welcome"), pilot)
            await until(lambda: "Host says: welcome" in text_of(app, "#room-talk"), pilot)
            assert text_of(app, "#room-talk").count("Host says: welcome") == 1
            await ann.close()
            await until(lambda: "Ann left the room." in text_of(app, "#room-talk"), pilot)
        await pilot.press("ctrl+q")
    assert app.return_code == 0
    assert app.serving is not None and app.serving.done()  # the host stopped with the app


async def test_ctrl_s_starts_the_match_and_the_host_plays_on_the_game_screen() -> None:
    app = HostApp(hosted())
    async with app.run_test(size=(100, 34)) as pilot:
        await in_the_room(app, pilot)
        async with guest(app) as ann:
            await until(lambda: "Ann joined." in text_of(app, "#room-talk"), pilot)
            assert "Ctrl+S" in text_of(app, "#hosting")
            await pilot.press("ctrl+s")
            await until(lambda: playing(app), pilot)
            assert app.host.room is not None and app.host.room.started
            await until(lambda: ann.state.welcome is not None, pilot)
            assert app.host.session.seats[2].bot_level == "random"  # the open seat's bot
            assert not app.check_action("start", ())  # started: no Start in the footer
            assert "Ctrl+S" not in text_of(app, "#hosting"), "no stale 'Press Ctrl+S' after it"
            seat = next(s for s in app.screen_stack if isinstance(s, HostGameScreen))
            record = seat.match_record()  # R at the match's end replays the host's whole match
            assert record is not None
            assert record.to_json() == MatchRecord.of(app.host.session.game).to_json()
        await pilot.press("ctrl+q")


async def test_start_and_a_bot_for_an_absent_seat_from_the_command_palette() -> None:
    app = HostApp(hosted())
    async with app.run_test(size=(100, 34)) as pilot:
        await in_the_room(app, pilot)
        async with guest(app) as ann:
            await until(lambda: "Ann joined." in text_of(app, "#room-talk"), pilot)
            await pilot.press("ctrl+p")
            await pilot.press(*"start the")
            await pilot.pause(0.3)
            await pilot.press("enter")
            await until(lambda: playing(app), pilot)
            await until(lambda: ann.state.welcome is not None, pilot)
            await ann.close()  # Ann goes; the host hands her seat to a bot
        await pilot.press("ctrl+p")
        await pilot.press(*"bot plays ann")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(lambda: 1 in app.host.session.bots, pilot)
        await pilot.press("ctrl+q")  # the match saved
    assert app.return_code == 0


async def test_ctrl_t_picks_the_seat_a_bot_plays_and_ctrl_o_offers_every_command() -> None:
    app = HostApp(hosted(room=False))
    async with app.run_test(size=(100, 34)) as pilot:
        # no room: the table is on at once, the join lines over it first
        await until(lambda: isinstance(app.screen, CodesScreen), pilot)
        await until(lambda: app.screen.query_one_optional("#codes", Static), pilot)
        codes = str(app.screen.query_one("#codes", Static).render())
        assert ANNOUNCED[0] in codes and f"--code {app.host.codes.seats[1]} --insecure" in codes
        await pilot.press("escape")
        await until(lambda: playing(app), pilot)
        await pilot.press("ctrl+o")
        await until(lambda: asked(app, "The host's commands"), pilot)
        menu = app.screen
        assert isinstance(menu, ChoiceScreen)
        titles = [str(answer) for answer in menu.answers]
        assert titles == ["Say something", "Bot plays Ann", "Kick Ann", "Codes", "Quit"]
        await pilot.press("escape")
        await until(lambda: not asked(app, "The host's commands"), pilot)
        await pilot.press("ctrl+t")
        await until(lambda: asked(app, "Which seat does a bot play?"), pilot)
        await pilot.press("1")
        await until(lambda: 1 in app.host.session.bots, pilot)
        await pilot.press("ctrl+t")  # nobody left for a bot: said so
        await until(lambda: any("No person's seat" in n.message for n in app._notifications), pilot)
        await pilot.press("ctrl+q")
    assert app.return_code == 0


async def test_quitting_says_the_match_is_saved_for_host_resume() -> None:
    app = HostApp(hosted())
    async with app.run_test(size=(100, 34)) as pilot:
        await in_the_room(app, pilot)
        assert app.quit_message() == SAVED_WORDS
        assert "uno-tui host resume continues it" in SAVED_WORDS
        await pilot.press("ctrl+q")
    assert app.serving is not None and app.serving.done()


def test_the_app_is_for_a_terminal_and_plain_keeps_the_line_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import argparse
    import io

    from uno_tui.cli import host_app_wanted

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Terminal())
    monkeypatch.setattr("sys.stdout", Terminal())
    assert host_app_wanted(argparse.Namespace())
    assert not host_app_wanted(argparse.Namespace(plain=True))
    monkeypatch.setattr("sys.stdin", io.StringIO())  # a pipe: the line mode
    assert not host_app_wanted(argparse.Namespace())


def test_the_match_end_offers_r_where_a_record_is_kept_and_not_where_none_is() -> None:
    """The host's own seat keeps the match (R replays it); a guest's seat has none."""
    assert "R to replay" in next_words(True, replay=True, joined=True)
    assert "R" not in next_words(True, replay=False, joined=True).split()
    assert "R replays" in match_keys(False, joined=True, replay=True)
    assert "R replays" not in match_keys(False, joined=True, replay=False)
