"""The joined seat's table as the app reads it, fed the host's messages directly (no socket):
a round's end the host already moved past is still shown as it stood, then the live table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from uno_tui.engine import Game, IllegalActionError, Phase, Rules
from uno_tui.net import protocol
from uno_tui.net.client import HostConnection
from uno_tui.net.joined import JoinedTable

SEATS = (protocol.SeatInfo("Ann", "remote"), protocol.SeatInfo("Bo", "easy"))


def told_to_ann(game: Game) -> list[str]:
    """What the host sends seat 0 about the game as it stands: the round's events, the view."""
    events = game.round_events(0)
    return [
        *protocol.events_messages(game.round_log_start, 0, events),
        protocol.view_message(len(game.actions), game.view(0)),
    ]


def play_to_the_round_end(game: Game) -> None:
    for _ in range(5000):
        if game.phase is Phase.ROUND_OVER:
            return
        game.apply(game.decisions()[0].actions[0])
    raise AssertionError("the round did not end")


async def test_a_round_end_the_host_moved_past_is_shown_before_the_next_round() -> None:
    game = Game(Rules.two_player(), ["Ann", "Bo"], seed=4)
    remote = HostConnection("127.0.0.1:1", "CODE")  # never started: fed by hand
    remote._receive(protocol.welcome(0, game.names, game.rules, SEATS))
    play_to_the_round_end(game)
    ended_events = game.round_events(0)
    scores = game.view(0).scores
    for raw in told_to_ann(game):
        remote._receive(raw)
    game.apply(game.decisions()[0].actions[0])  # the deal, before Ann's screen looked
    assert game.round_number == 2
    for raw in told_to_ann(game):
        remote._receive(raw)

    table = JoinedTable(remote)
    await table.news()
    assert table.game.phase is Phase.ROUND_OVER and table.game.round_number == 1
    assert table.game.round_events(0) == ended_events
    assert table.game.view(None).scores == scores
    await table.news()
    assert table.game.round_number == 2 and table.game.phase is not Phase.ROUND_OVER
    assert table.game.round_events(0) == game.round_events(0)
    assert list(table.game.log) == [*ended_events, *game.round_events(0)]


def test_a_spectator_decides_nothing_and_sees_no_hand() -> None:
    game = Game(Rules.two_player(), ["Ann", "Bo"], seed=4)
    remote = HostConnection("127.0.0.1:1", "CODE")
    remote._receive(protocol.welcome(None, game.names, game.rules, SEATS))
    remote._receive(protocol.view_message(0, game.view(None)))
    table = JoinedTable(remote)
    assert table.people == () and table.person_to_decide() is None
    assert table.game.decisions() == ()
    assert table.game.view(None) == replace(game.view(None), events=())
    with pytest.raises(ValueError, match="only its own view"):
        table.game.view(0)
    move = game.decisions()[0].actions[0]
    with pytest.raises(IllegalActionError):
        table.apply(move)  # refused here: nothing is sent


def test_a_move_made_while_disconnected_is_refused_and_the_seat_keeps_its_moves() -> None:
    game = Game(Rules.two_player(), ["Ann", "Bo"], seed=4)
    remote = HostConnection("127.0.0.1:1", "CODE")
    remote._receive(protocol.welcome(0, game.names, game.rules, SEATS))
    for raw in told_to_ann(game):
        remote._receive(raw)
    table = JoinedTable(remote)
    assert game.decisions()[0].player == 0  # this seed: Ann's turn first
    assert table.person_to_decide() is not None
    with pytest.raises(IllegalActionError, match="not connected"):
        table.apply(game.decisions()[0].actions[0])  # no connection: nothing held
    assert table.person_to_decide() is not None


def test_the_line_mode_says_a_lost_connection_before_every_question_and_takes_say() -> None:
    """A table whose connection is down (``status``): each question is preceded by the line;
    ``say TEXT`` is sent as chat, or refused with the reason."""
    import io

    from uno_tui.engine import Rules
    from uno_tui.match.session import Seat, Session
    from uno_tui.plain import PlainGame

    said: list[str] = []

    class Down(Session):
        def status(self) -> str | None:
            return "Not connected: reconnecting (3rd try)"

        def send_chat(self, text: str) -> str | None:
            said.append(text)
            return None if text == "hello" else "a message holds letters only"

    table = Down(Rules.classic(), [Seat("Ann"), Seat("Cy", "random")], seed=3)
    out = io.StringIO()
    answers = iter(["say hello", "say bad\x07", "q"])
    game = PlainGame(table, lambda: next(answers), out)
    assert game.run() == 0
    lines = out.getvalue().splitlines()
    questions = [i for i, line in enumerate(lines) if "?" in line]
    assert questions and all(
        lines[i - 1] == "Not connected: reconnecting (3rd try)." for i in questions
    )
    assert said == ["hello", "bad\x07"]
    assert "Not said: a message holds letters only." in lines
