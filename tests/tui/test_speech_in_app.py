"""Narration mode with speech that takes as long as speech does: nothing a listener needs is
cut. Every event line is spoken, in order; bots wait for speech; only the listener's own key
cuts a line, and a cut line stays in the log ("R" and "L" tell it again)."""

from __future__ import annotations

import time

from uno_tui.engine import Game, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.narration.speech import Speaker
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import GameScreen, RoundEndScreen
from uno_tui.tui.table_setup import TableSetup
from uno_tui.tui.widgets.event_log import EventLog

from .driver import SIZE
from .recording_speech import RecordingSpeech

BOT_PAUSE = 0.2


def narrated(session: Session, speech: RecordingSpeech) -> UnoApp:
    setup = TableSetup(
        rules=session.game.rules.rule_set.value,
        seats=session.seats,
        bot_delay=BOT_PAUSE,
        narrate=True,
    )
    return UnoApp(setup=setup, session=session, remember=False, speaker=Speaker(speech))


async def until(pilot, condition, seconds: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("the app never got there")


def all_said(screen: GameScreen, game: Game) -> bool:
    """Every event of the log told, and nothing left being said or waiting to be."""
    voice = screen.voice
    return voice is not None and voice.told == len(game.log) and voice.idle


def said_last(speech: RecordingSpeech, ending: str) -> bool:
    said = speech.said()
    return bool(said) and said[-1].endswith(ending)


def game_screen(app: UnoApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_a_whole_round_of_bots_is_spoken_line_by_line_with_nothing_cut() -> None:
    position = Position.of(["R1 G2 B3", "R4 G5 Y6"], top="R9")
    game = Game(Rules.two_player(), ["Ada", "Bo"], position=position, seed=2)
    session = Session(game.rules, [Seat("Ada", "easy"), Seat("Bo", "easy")], game=game)
    speech = RecordingSpeech()
    app = narrated(session, speech)
    idle_at_bot_moves: list[bool] = []
    play = session.driver.play

    def play_watched(turn, action):  # type: ignore[no-untyped-def]
        voice = game_screen(app).voice
        idle_at_bot_moves.append(voice is not None and voice.idle)
        return play(turn, action)

    session.driver.play = play_watched  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        screen = game_screen(app)
        assert screen.voice is not None
        await until(pilot, lambda: all_said(screen, game) and said_last(speech, "Q quits."))
        log = list(screen.query_one(EventLog).lines)
    said = speech.said()
    assert len(log) >= 4
    assert speech.cut() == [], "no line is cut when nobody presses a key"
    assert [line for line in said if line in log] == log, "every event line, in order"
    assert any(" wins hand 1 with " in line and "Scores:" in line for line in said)
    assert said[-1] == "End of hand 1, target 500. Enter deals the next hand, Q quits."
    # The bots waited for speech: no bot played while an earlier line was still unsaid.
    assert len(idle_at_bot_moves) >= 3 and all(idle_at_bot_moves)


async def test_a_key_cuts_only_lines_already_begun_and_they_stay_in_the_log() -> None:
    position = Position.of(["R1 R2 G2 B3 Y3", "R4 G5 Y6 B7 G8"], top="R9", current=1)
    game = Game(Rules.two_player(), ["You", "Bo"], position=position, seed=2)
    session = Session(game.rules, [Seat("You"), Seat("Bo", "easy")], game=game)
    speech = RecordingSpeech()
    app = narrated(session, speech)
    keys: list[tuple[float, float]] = []  # each key: from when it was sent to when it was handled

    async def press(key: str) -> None:
        sent = time.monotonic()
        await pilot.press(key)
        keys.append((sent, time.monotonic()))

    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await until(pilot, lambda: len(speech.lines) >= 2)
        await press("t")  # a review key, while a line is being spoken
        await until(pilot, lambda: session.person_to_decide() is not None and len(game.log) > 3)
        await press("right")  # the card under the cursor, cutting the prompt
        moves = len(game.log)
        await press("enter")  # play it; Bo answers, and it is the listener's turn again
        await until(pilot, lambda: session.person_to_decide() is not None)
        await until(pilot, lambda: len(game.log) > moves + 2 and session.game.current == 0)
        # Everything said before the app closes (closing cuts what is being said): Bo's draw
        # told (a bot moves once the voice is idle, so idle alone may come before its line),
        # then the listener's turn and its cards.
        await until(pilot, lambda: all_said(screen, game) and said_last(speech, "can go."))
        history = list(screen.voice.history.lines) if screen.voice else []
    cut = speech.cut()
    assert cut, "the keys cut the lines being spoken"
    for line in cut:
        assert line.end is not None
        # Cut while a key was handled, and begun before that key's handling was over (the
        # times of a busy machine stretch the window, never the order).
        assert any(
            sent <= line.end <= handled and line.start <= handled for sent, handled in keys
        ), f"{line.text!r} cut by no key"
        assert line.text in history, "a cut line stays in the log"
    last_key = max(handled for _, handled in keys)
    assert any(line.start > last_key for line in speech.lines), "speech goes on after a key"
    assert not any(line.cut for line in speech.lines if line.start > last_key)
