"""The join window against a host in this process: the form joins with the code, and the
joined seat plays on the app's own game screen (hand, table, keys), seeing only its own cards."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from uno_tui.engine import DrawCard, PlayCard
from uno_tui.match.session import Seat
from uno_tui.net import protocol
from uno_tui.net.codes import new_code
from uno_tui.net.joined import JoinedTable
from uno_tui.net.room import Room, kept_seat, open_name
from uno_tui.tui.join_app import ChatLine, JoinApp, JoinedGameScreen
from uno_tui.tui.screens.game import GameScreen
from uno_tui.tui.widgets.event_log import EventLog
from uno_tui.tui.widgets.hand_view import HandView
from uno_tui.tui.widgets.table_view import TableView

from .net_helpers import Client, certificate, hosting, secure

TABLE = (Seat("Ann"), Seat("Ben", "random"), Seat("Cy", "random"))


async def until(condition: Callable[[], object], pilot: Pilot[int], seconds: float = 20) -> None:
    async with asyncio.timeout(seconds):
        while not condition():
            await pilot.pause(0.05)


def screen_text(app: JoinApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_a_joined_seat_plays_on_the_game_screen_and_sees_only_its_own_hand() -> None:
    async with hosting(TABLE, (0,), seed=5, options=secure()) as host:
        app = JoinApp()
        async with app.run_test(size=(100, 30)) as pilot:
            app.query_one("#address").value = f"127.0.0.1:{host.port}"  # type: ignore[attr-defined]
            app.query_one("#code").value = host.codes.seats[0]  # type: ignore[attr-defined]
            app.query_one("#pin").value = certificate().fingerprint  # type: ignore[attr-defined]
            await pilot.click("#join")

            def my_turn() -> bool:
                screen = app.screen
                return isinstance(screen, GameScreen) and any(
                    d.player == 0 for d in screen.game.decisions(out_of_turn=False)
                )

            await until(my_turn, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and isinstance(screen.session, JoinedTable)
            hand = screen.query_one(HandView)
            assert sorted(hand.cards, key=str) == sorted(host.game.view(0).hand, key=str)
            assert screen.query(TableView) and "Ben" in screen_text(app)

            moves = len(host.game.actions)
            turn = host.game.decisions(out_of_turn=False)[0]
            plays = [a for a in turn.actions if isinstance(a, PlayCard) and not a.card.is_wild]
            if plays:
                hand.cursor = list(hand.cards).index(plays[0].card)
                await pilot.press("enter")
            else:
                assert any(isinstance(a, DrawCard) for a in turn.actions)
                await pilot.press("d")
            await until(lambda: len(host.game.actions) > moves, pilot)
            mine = host.game.actions[moves]
            assert mine.player == 0
            assert isinstance(mine, PlayCard if plays else DrawCard)
            await until(
                lambda: sorted(hand.cards, key=str) == sorted(host.game.view(0).hand, key=str),
                pilot,
            )

            others = {card for seat in (1, 2) for card in host.game.view(seat).hand}
            mine_now = set(host.game.view(0).hand)
            shown = set(screen.game.view(0).hand)
            assert shown == mine_now and not (shown & others - mine_now)
            for event in screen.game.log:
                assert event == event.seen_by(0)  # nothing private to another seat
            await pilot.press("ctrl+q")


async def test_a_dropped_connection_shows_reconnecting_and_the_seat_rejoins() -> None:
    async with hosting(TABLE, (0,), seed=5) as host:
        app = JoinApp(f"127.0.0.1:{host.port}", host.codes.seats[0], insecure=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: isinstance(app.screen, GameScreen), pilot)
            remote = app.remote
            assert remote is not None and remote.ws is not None
            told: list[str] = []

            def toasts() -> str:
                told.extend(n.message for n in app._notifications)
                return "\n".join(told)

            await remote.ws.close()  # the line drops (on the app's own loop: no thread)
            await until(lambda: "reconnecting" in toasts(), pilot)
            await until(lambda: "Reconnected." in toasts(), pilot)
            assert remote.connected and isinstance(app.screen, GameScreen)
            hand = app.screen.query_one(HandView)
            await until(
                lambda: sorted(hand.cards, key=str) == sorted(host.game.view(0).hand, key=str),
                pilot,
            )
            await pilot.press("ctrl+q")


async def test_a_wrong_code_is_told_on_the_form() -> None:
    async with hosting(TABLE, (0,), seed=5) as host:
        app = JoinApp(f"127.0.0.1:{host.port}", "WRONG-CODE", insecure=True)
        async with app.run_test(size=(100, 32)) as pilot:
            error = app.query_one("#join-error")
            await until(lambda: "Cannot join" in str(error.render()), pilot)
            assert "that code opens no seat at this table" in str(error.render())
            await pilot.press("ctrl+q")


async def test_names_notices_and_typed_addresses_show_as_text_not_markup() -> None:
    table = (Seat("[AFK]Bo"), Seat("Bo[/]"), Seat("[b]Cy", "random"))
    async with hosting(table, (0, 1), seed=5, options=secure()) as host:
        app = JoinApp()
        async with app.run_test(size=(100, 30)) as pilot:
            app.query_one("#address").value = "[/]"  # type: ignore[attr-defined]
            app.query_one("#code").value = "[/]"  # type: ignore[attr-defined]
            app.query_one("#pin").value = "[/]"  # type: ignore[attr-defined]
            await pilot.click("#join")
            error = app.query_one("#join-error")
            await until(lambda: "Cannot join" in str(error.render()), pilot)
            assert "[/]" in str(error.render())  # shown as typed; the window goes on
            app.query_one("#address").value = f"127.0.0.1:{host.port}"  # type: ignore[attr-defined]
            app.query_one("#code").value = host.codes.seats[0]  # type: ignore[attr-defined]
            app.query_one("#pin").value = certificate().fingerprint  # type: ignore[attr-defined]
            app.join_pressed()
            await until(lambda: isinstance(app.screen, GameScreen), pilot)
            await until(lambda: "[b]Cy" in screen_text(app), pilot)
            assert "Bo[/]" in screen_text(app)
            other = await Client.join(host, host.codes.seats[1])  # "Bo[/] joined." is told
            await other.until(protocol.ViewUpdate)

            def told() -> str:
                return "\n".join(n.message for n in app._notifications)

            await until(lambda: "Bo[/] joined." in told(), pilot)
            await pilot.pause(0.2)
            assert app.is_running and isinstance(app.screen, GameScreen)
            await other.close()
            await pilot.press("ctrl+q")


async def test_a_lost_connection_stays_said_until_it_is_back_and_keys_are_answered_in_place() -> (
    None
):
    async with hosting(TABLE, (0,), seed=5) as host:
        app = JoinApp(f"127.0.0.1:{host.port}", host.codes.seats[0], insecure=True)
        async with app.run_test(size=(100, 30)) as pilot:

            def my_turn() -> bool:
                screen = app.screen
                return isinstance(screen, JoinedGameScreen) and any(
                    d.player == 0 for d in screen.game.decisions(out_of_turn=False)
                )

            await until(my_turn, pilot)
            remote = app.remote
            assert remote is not None and remote.ws is not None
            line = app.screen.query_one("#connection", Static)
            assert not line.has_class("down") and not line.display
            remote.retry = (3.0,)  # the line stays down a while: long enough to look at it
            await remote.ws.close()
            down = "Not connected: reconnecting (1st try)"
            await until(lambda: down in str(line.render()), pilot)
            assert line.display and line.has_class("down")
            await pilot.pause(0.5)  # a toast fades; the line does not
            assert "reconnecting" in str(line.render())
            moves = len(host.game.actions)
            await pilot.press("d")  # a key that needs the host: answered on the line
            await until(lambda: "waits for the host" in str(line.render()), pilot)
            assert "Not connected: reconnecting (1st try)" in str(line.render())
            assert len(host.game.actions) == moves
            await until(lambda: not line.has_class("down"), pilot)
            assert remote.connected and not line.display
            hand = app.screen.query_one(HandView)
            await until(
                lambda: sorted(hand.cards, key=str) == sorted(host.game.view(0).hand, key=str),
                pilot,
            )
            await until(my_turn, pilot)  # the state is whole: the seat's turn is offered again
            await pilot.press("ctrl+q")


async def test_the_join_window_waits_in_the_room_and_plays_once_the_host_starts() -> None:
    seats = (Seat("Host"), Seat(open_name(1)), Seat(open_name(2)))
    made = Room(new_code(), [1, 2], "random")
    pin = certificate().fingerprint
    async with hosting(seats, (0, 1, 2), room=made, local=0, options=secure()) as host:
        app = JoinApp(f"127.0.0.1:{host.port}", made.code, name="[b]Ann", fingerprint=pin)
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = app.query_one("#lobby", Static)
            await until(lambda: "[b]Ann  (you)" in str(lobby.render()), pilot)
            assert "Awaited: 1 open seat (random bots" in str(lobby.render())
            assert host.game.names[1] == "[b]Ann"
            assert host.start_room() is None
            await until(lambda: isinstance(app.screen, JoinedGameScreen), pilot)
            await until(lambda: "Ada" in screen_text(app), pilot)  # the open seat's bot
            assert host.session.seats[2].bot_level == "random"
            await pilot.press("ctrl+q")
        # kept with the certificate's fingerprint: a later join with no code pins it
        assert kept_seat(f"wss://127.0.0.1:{host.port}") == (host.codes.seats[1], "[b]Ann", pin)


async def test_slash_opens_a_line_to_the_table_and_what_others_say_shows_in_the_log() -> None:
    table = (Seat("Ann"), Seat("Ben"), Seat("Cy", "random"))
    async with hosting(table, (0, 1), seed=5) as host:
        app = JoinApp(f"127.0.0.1:{host.port}", host.codes.seats[0], insecure=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: isinstance(app.screen, JoinedGameScreen), pilot)
            ben = await Client.join(host, host.codes.seats[1])
            await ben.until(protocol.ViewUpdate)
            await pilot.press("slash")
            await until(lambda: isinstance(app.screen, ChatLine), pilot)
            for key in "[b]hi":
                await pilot.press(key)
            await pilot.press("enter")
            said = await ben.until(protocol.Chat)
            assert isinstance(said, protocol.Chat) and said.text == "[b]hi" and said.name == "Ann"
            await ben.ws.send(protocol.say("[red]yo[/red]"))
            log = app.screen.query_one(EventLog)
            await until(lambda: "Ben says: [red]yo[/red]" in log.lines, pilot)
            assert "Ann says: [b]hi" in log.lines
            assert "Ben says: [red]yo[/red]" in screen_text(app)
            await ben.close()
            await pilot.press("ctrl+q")


async def test_a_host_that_is_not_there_is_told_as_such(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from uno_tui.tui import join_app

    monkeypatch.setattr(join_app, "FIRST_ANSWER", 1.0)
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = JoinApp(f"127.0.0.1:{port}", "ABCD-EFGH", insecure=True)
    async with app.run_test(size=(100, 32)) as pilot:
        error = app.query_one("#join-error")
        await until(lambda: "Cannot join" in str(error.render()), pilot)
        assert f"nothing listens at 127.0.0.1:{port}" in str(error.render())
        await pilot.press("ctrl+q")


async def test_the_room_has_its_own_chat_key_and_tells_what_is_said_and_who_comes_at_once() -> None:
    seats = (Seat("Host"), Seat(open_name(1)), Seat(open_name(2)))
    made = Room(new_code(), [1, 2], "random")
    async with hosting(seats, (0, 1, 2), room=made, local=0) as host:
        app = JoinApp(f"127.0.0.1:{host.port}", made.code, name="Ann", insecure=True)
        async with app.run_test(size=(100, 34)) as pilot:
            talk = app.query_one("#room-talk", Static)
            await until(lambda: app.room is not None, pilot)
            host.chat(None, "The host", "welcome")  # the host's own `say welcome`
            await until(lambda: "The host says: welcome" in str(talk.render()), pilot)
            ben = await Client.join(host, made.code, "Ben")
            await ben.until(protocol.Lobby)
            await until(lambda: "Ben joined." in str(talk.render()), pilot)
            await pilot.press("slash")  # its own key: the form takes it no more
            await until(lambda: isinstance(app.screen, ChatLine), pilot)
            assert app.query_one("#address", Input).value == f"127.0.0.1:{host.port}"
            for key in "[b]hi":
                await pilot.press(key)
            await pilot.press("enter")
            said = await ben.until(protocol.Chat)
            assert isinstance(said, protocol.Chat) and (said.name, said.text) == ("Ann", "[b]hi")
            await until(lambda: "Ann says: [b]hi" in str(talk.render()), pilot)
            await ben.ws.send(protocol.say("hello all"))
            await until(lambda: "Ben says: hello all" in str(talk.render()), pilot)
            await ben.ws.send(protocol.bye())
            await until(lambda: "Ben left the room." in str(talk.render()), pilot)
            await pilot.press("ctrl+q")
