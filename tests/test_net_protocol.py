"""The wire protocol: the engine's types go over and come back equal, and anything that is not
a message of the protocol is refused with one line (``ProtocolError``), never a traceback."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uno_tui.engine import DrawCard, Game, Phase, PlayCard, Rules, parse_cards
from uno_tui.engine.events import CardsDrawn, DrawReason
from uno_tui.net import protocol, wire
from uno_tui.net.codes import CODE_ALPHABET, Codes, new_code


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (Rules.classic(seven_zero=True, stack_draw_two=True, jump_in=True), 4),
        (Rules.two_player(), 2),
        (Rules.teams(), 4),
    ],
)
def test_views_and_events_come_back_equal_after_the_wire(rules: Rules, players: int) -> None:
    game = Game(rules, [f"P{i}" for i in range(players)], seed=11)
    rng = random.Random(11)
    for move in range(200):
        if game.phase is Phase.MATCH_OVER:
            break
        actions = [a for d in game.decisions() for a in d.actions]
        game.apply(rng.choice(actions))
        seat = move % players
        view = game.view(seat)
        update = protocol.parse_host(protocol.view_message(move, view))
        assert isinstance(update, protocol.ViewUpdate)
        assert update.view == replace(view, events=())
        if move % 10:
            continue
        got = []
        for raw in protocol.events_messages(game.round_log_start, 0, view.events):
            assert len(raw.encode()) <= protocol.MAX_MESSAGE_BYTES
            message = protocol.parse_host(raw)
            assert isinstance(message, protocol.EventsUpdate)
            got += message.events
        assert tuple(got) == view.events


def test_many_events_are_split_into_messages_under_the_cap() -> None:
    cards = tuple(parse_cards("R1 G2 B3 Y4 W W+4") * 20)
    events = tuple(CardsDrawn(1, len(cards), DrawReason.CHOICE, cards) for _ in range(200))
    messages = protocol.events_messages(5, 3, events)
    assert len(messages) > 1
    starts, got = [], []
    for raw in messages:
        assert len(raw.encode()) <= protocol.MAX_MESSAGE_BYTES
        message = protocol.parse_host(raw)
        assert isinstance(message, protocol.EventsUpdate)
        starts.append(message.start)
        got += message.events
    assert tuple(got) == events
    assert starts[0] == 3 and starts == sorted(starts)


def test_a_private_event_goes_over_blank_for_another_seat() -> None:
    drawn = CardsDrawn(1, 2, DrawReason.CHOICE, tuple(parse_cards("R1 G2")))
    (raw,) = protocol.events_messages(0, 0, (drawn.seen_by(0),))
    assert "R1" not in raw and "G2" not in raw
    message = protocol.parse_host(raw)
    assert isinstance(message, protocol.EventsUpdate) and message.events[0].cards is None


def test_a_client_message_reads_back() -> None:
    action = PlayCard(2, parse_cards("W")[0], color=None)
    assert protocol.parse_client(protocol.action_message(action)) == protocol.ActionRequest(action)
    assert protocol.parse_client(protocol.hello("K7QM-2PXA")) == protocol.Hello("K7QM-2PXA")
    assert protocol.parse_client(protocol.bye()) == protocol.Bye()


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (b'{"type": "bye"}', "not binary"),
        ("", "not JSON"),
        ("{", "not JSON"),
        ("[" * 100_000, "over the"),
        ("[" * 30_000 + "]" * 30_000, "not JSON"),
        ("3", "a JSON object"),
        ('{"type": 3}', "unknown message type"),
        ('{"type": "welcome"}', "unknown message type"),  # the host's, not a client's
        ('{"type": "hello", "version": 2, "code": "A"}', "protocol version"),
        ('{"type": "hello", "version": 1}', "hello message has version, code"),
        ('{"type": "hello", "version": 1, "code": 5}', "the code is text"),
        ('{"type": "action", "action": {"type": "fly", "player": 0}}', "unknown action type"),
        ('{"type": "action", "action": {"type": "play", "player": 0, "card": "Z9"}}', "card"),
        ('{"type": "action", "action": {"type": "draw", "player": true}}', "seat number"),
        ('{"type": "bye", "now": 1}', "has no fields"),
    ],
)
def test_anything_else_is_refused_with_one_line(raw: str | bytes, says: str) -> None:
    with pytest.raises(wire.ProtocolError) as refused:
        protocol.parse_client(raw)
    assert says in str(refused.value)
    assert "\n" not in str(refused.value)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from(["hello", "action", "bye", "welcome", "events", "view", "error", "x"]),
    fields=st.dictionaries(
        st.sampled_from(["version", "code", "action", "seat", "table", "events", "view", "text"]),
        json_values,
    ),
)
def test_no_message_makes_either_side_raise_anything_but_a_protocol_error(
    kind: str, fields: dict[str, object]
) -> None:
    raw = json.dumps({"type": kind, **fields})
    for parse in (protocol.parse_client, protocol.parse_host):
        with contextlib.suppress(wire.ProtocolError):
            parse(raw)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_no_text_makes_the_host_raise_anything_but_a_protocol_error(raw: str) -> None:
    with contextlib.suppress(wire.ProtocolError):
        protocol.parse_client(raw)


def test_codes_are_eight_characters_that_cannot_be_misread() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 9 and code[4] == "-"
        assert set(code.replace("-", "")) <= set(CODE_ALPHABET)
    assert not set(CODE_ALPHABET) & set("01OIL")


def test_a_code_opens_its_seat_however_it_is_typed() -> None:
    codes = Codes({0: "K7QM-2PXA", 2: "ABCD-EFGH"}, spectators="WXYZ-2345")
    assert codes.seat_of("k7qm 2pxa") == (True, 0)
    assert codes.seat_of("ABCDEFGH") == (True, 2)
    assert codes.seat_of("WXYZ-2345") == (True, None)
    assert codes.seat_of("K7QM-2PXB") == (False, None)
    assert codes.seat_of("") == (False, None)


def test_an_action_from_the_record_format_is_the_wire_format() -> None:
    action = DrawCard(1)
    assert json.loads(protocol.action_message(action))["action"] == action.to_dict()


def test_a_hosts_names_and_words_cannot_drive_the_clients_terminal() -> None:
    bad_name = protocol.welcome(
        0,
        ("Ann\x1b[2J", "Ben"),
        Rules.classic(),
        (protocol.SeatInfo("Ann\x1b[2J", "remote"), protocol.SeatInfo("Ben", "remote")),
    )
    with pytest.raises(wire.ProtocolError, match="not printable"):
        protocol.parse_host(bad_name)
    notice = protocol.parse_host(protocol.notice("Ben left\x1b]0;owned\x07\u202e."))
    assert isinstance(notice, protocol.Notice)
    assert notice.text == "Ben left?]0;owned??."


def test_an_event_naming_a_seat_off_the_table_is_refused() -> None:
    from uno_tui.engine.events import TurnBegan

    wire.check_seats(TurnBegan(2), 3)
    with pytest.raises(wire.ProtocolError, match="seat 5 is not at this table"):
        wire.check_seats(TurnBegan(5), 3)
