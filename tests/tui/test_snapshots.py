"""A snapshot of every screen and prompt (``pytest --snapshot-update`` renews them on purpose
after a deliberate change; look at the SVGs before committing them)."""

from __future__ import annotations

import pytest

from .scenarios import SCENARIOS, TABLES, Scenario


@pytest.mark.parametrize("scenario", SCENARIOS + TABLES, ids=[s.name for s in SCENARIOS + TABLES])
def test_screen(scenario: Scenario, snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        scenario.make_app(), terminal_size=scenario.size, run_before=scenario.settle
    )


def test_the_room_in_the_join_window(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Who is in and who is awaited, while the host has not started the match, and the room's
    chat and news under it (the form is done with: out of the way)."""
    from textual.pilot import Pilot

    from uno_tui.net.protocol import Lobby, LobbySeat
    from uno_tui.tui.join_app import JoinApp

    lobby = Lobby(
        2,
        "K7QM-2PXA",
        (
            LobbySeat("Host", "local", True),
            LobbySeat("Ann", "remote", True),
            LobbySeat("Ben", "remote", True),
            LobbySeat("Dee", "remote", False),
            LobbySeat("Open seat 5", "open", False),
        ),
        "medium",
    )

    async def in_the_room(pilot: Pilot[int]) -> None:
        app = pilot.app
        assert isinstance(app, JoinApp)
        app.show_lobby(lobby)
        app.tell_room(["Ben joined.", "The host says: welcome, all", "Ann says: hi Ben"])
        await pilot.pause()

    app = JoinApp("192.168.1.5:8765", "", name="Ben")
    assert snap_compare(app, terminal_size=(80, 30), run_before=in_the_room)


def test_the_host_in_the_app_in_its_room(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The host's own person in the app: where it listens and the join line, the room, its
    chat both ways, and the host's keys in the footer (a real host on the loopback, and a
    guest who joins it and speaks)."""
    from textual.pilot import Pilot

    from uno_tui.tui.host_app import HostApp

    from ..test_net_host_app import hosted, room_with_chat

    async def in_the_room(pilot: Pilot[int]) -> None:
        app = pilot.app
        assert isinstance(app, HostApp)
        await room_with_chat(app, pilot)
        await pilot.pause()

    assert snap_compare(HostApp(hosted()), terminal_size=(80, 30), run_before=in_the_room)
