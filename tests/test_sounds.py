"""Sounds for the big moments (your turn, UNO, a penalty, an exchange): off by default, the
terminal's bell or speech-dispatcher's sound icons, one option for the app and the line mode."""

from __future__ import annotations

import functools
import io
from typing import Any

from uno_tui.engine import Card, Color, Game, Position, Rules
from uno_tui.engine.events import (
    CardsDrawn,
    DrawReason,
    ExchangeStarted,
    HandsSwapped,
    TurnBegan,
    UnoCalled,
    UnoCaught,
)
from uno_tui.match.session import Seat, Session
from uno_tui.narration.sounds import Moment, Sounds, moments, sound_choice
from uno_tui.narration.speech import Speaker, SpeechdBackend
from uno_tui.plain import PlainGame
from uno_tui.tui.table_setup import TableSetup


def test_the_big_moments_of_a_batch_for_the_people_at_the_keyboard() -> None:
    assert moments([TurnBegan(0)], [0]) == [Moment.YOUR_TURN]
    assert moments([TurnBegan(1)], [0]) == [], "another's turn is no moment of yours"
    assert moments([UnoCalled(1, 1)], [0]) == [Moment.UNO]
    assert moments([UnoCaught(1, 0)], [0]) == [Moment.UNO]
    hit = CardsDrawn(0, 2, DrawReason.DRAW_TWO, (Card.parse("R1"), Card.parse("B2")))
    assert moments([hit], [0]) == [Moment.PENALTY]
    assert moments([CardsDrawn(0, 1, DrawReason.CHOICE, None)], [0]) == []
    assert moments([CardsDrawn(1, 2, DrawReason.DRAW_TWO, None)], [0]) == []
    assert moments([ExchangeStarted((0, 2), first_pass=False)], [0]) == [Moment.EXCHANGE]
    assert moments([ExchangeStarted((1, 3), first_pass=False)], [0]) == []
    assert moments([HandsSwapped(1, 0)], [0]) == [Moment.EXCHANGE]
    both = moments([hit, UnoCalled(1, 1), TurnBegan(0), UnoCalled(2, 2)], [0])
    assert both == [Moment.PENALTY, Moment.UNO, Moment.YOUR_TURN], "each once, in order"


def test_off_is_silent_and_the_default() -> None:
    rung: list[str] = []
    sounds = Sounds("off", bell=lambda: rung.append("bell"))
    sounds.hear([TurnBegan(0)], [0])
    assert rung == [] and not sounds.on
    assert TableSetup().sounds == "off"
    assert TableSetup.from_dict({**TableSetup().to_dict(), "sounds": "loud"}).sounds == "off"
    assert TableSetup.from_dict({**TableSetup().to_dict(), "sounds": "bell"}).sounds == "bell"
    assert sound_choice("icons") == "icons" and sound_choice("x") == "off"


class FakeClient:
    def __init__(self) -> None:
        self.icons: list[str] = []

    def sound_icon(self, name: str) -> None:
        self.icons.append(name)

    def speak(self, *args: Any, **kwargs: Any) -> None:
        pass


def test_icons_go_through_speech_dispatchers_connection_else_the_bell() -> None:
    backend = SpeechdBackend.__new__(SpeechdBackend)
    backend.client = FakeClient()
    rung: list[str] = []
    sounds = Sounds("icons", bell=lambda: rung.append("bell"), speaker=Speaker(backend))
    sounds.hear([UnoCalled(1, 1), TurnBegan(0)], [0])
    assert backend.client.icons == [Moment.UNO.value] and rung == [], "one sound a batch"
    no_icons = Sounds("icons", bell=lambda: rung.append("bell"), speaker=None)
    no_icons.hear([TurnBegan(0)], [0])
    assert rung == ["bell"]


def plain_match(sounds: str) -> str:
    position = Position.of(["R1 R2 G2", "R4 G5 Y6"], top="R9")
    game = Game(Rules.two_player(), ["You", "Bo"], position=position, seed=2)
    session = Session(game.rules, [Seat("You"), Seat("Bo", "easy")], game=game)
    out = io.StringIO()
    answers = iter(["1", "1"])

    def read() -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    PlainGame(session, read, out, color=False, sounds=sounds).run()  # type: ignore[arg-type]
    return out.getvalue()


def test_the_line_mode_rings_the_bell_before_its_turn_only_when_asked() -> None:
    assert "\a" not in plain_match("off")
    rung = plain_match("bell")
    assert "\a" in rung
    before, _, after = rung.partition("\a")
    assert "Your move?" not in before, "the bell comes before the turn's question"
    assert "Your move?" in after


async def test_the_app_rings_for_your_turn_when_asked_and_not_by_default() -> None:
    from uno_tui.tui import UnoApp

    for sounds in ("bell", "off"):
        position = Position.of(["R1 R2 G2", "R4 G5 Y6"], top="R9", current=1)
        game = Game(Rules.two_player(), ["You", "Bo"], position=position, seed=2)
        session = Session(game.rules, [Seat("You"), Seat("Bo", "easy")], game=game)
        setup = TableSetup(rules="two-player", seats=session.seats, bot_delay=0.0, sounds=sounds)
        app = UnoApp(setup=setup, session=session, remember=False)
        rung: list[str] = []
        app.bell = functools.partial(rung.append, "bell")  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):  # until Bo has played and it is your turn, drawn
                await pilot.pause(0.05)
                if game.current == 0 and "Your turn" in str(
                    app.screen.query_one("#prompt").render()
                ):
                    break
            await pilot.pause(0.1)
        assert bool(rung) == (sounds == "bell"), (sounds, rung)
    assert Color.RED  # (the position's colours are plain)


def test_a_setup_kept_with_the_old_bell_tick_box_is_read_as_the_bell() -> None:
    old = {**TableSetup().to_dict(), "bell": True}
    del old["sounds"]
    assert TableSetup.from_dict(old).sounds == "bell"
    assert TableSetup.from_dict({**old, "bell": False}).sounds == "off"


def test_a_skip_of_a_listener_is_a_penalty_moment() -> None:
    from uno_tui.engine.events import PlayerSkipped
    from uno_tui.narration.sounds import Moment, moments

    assert moments([PlayerSkipped(player=1)], listeners={1}) == [Moment.PENALTY]
    assert moments([PlayerSkipped(player=1)], listeners={0}) == []
