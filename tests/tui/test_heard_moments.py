"""Issue 36: every question and screen that opens is heard with its answers, the cursor on what
is spoken; news is heard while a dialog is open, and a dialog whose moment passed closes saying
so; the challenge's stakes and result are heard and no banner holds a listener's next key;
N's first words; the text narration (``--speech text``) written where the cursor sits."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from textual.widgets import Footer, Input, OptionList

from uno_tui.engine import Card, DecisionKind, Game, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.narration.speech import TextSpeaker
from uno_tui.store.saves import Autosave
from uno_tui.tui import UnoApp
from uno_tui.tui.screens import ChoiceScreen, GameScreen, SetupScreen
from uno_tui.tui.screens.banner import BannerScreen
from uno_tui.tui.screens.front_end import QUESTION_PASSED
from uno_tui.tui.spoken_line import SpokenLine
from uno_tui.tui.table_setup import TableSetup

from .driver import SIZE
from .scenarios import made_up_report
from .test_dialogs_spoken import cursor_on_selection, dialog
from .test_listening import HeardSpeaker, settle


def cursor_in(app: UnoApp, widget: object) -> bool:
    region = widget.content_region  # type: ignore[attr-defined]
    return bool(region.contains_point(app.cursor_position))


async def wait_until(pilot, ready, tries: int = 200) -> None:  # type: ignore[no-untyped-def]
    for _ in range(tries):
        await pilot.pause(0.02)
        if ready():
            return
    raise AssertionError("the moment never came")


# The saved match's question -----------------------------------------------------------------


async def test_the_saved_match_question_is_heard_with_its_answers_and_down(
    data_dir: Path,
) -> None:
    Session(
        Rules.two_player(), [Seat("Ann"), Seat("Bob", "easy")], seed=5, autosave=Autosave()
    ).save()
    speaker = HeardSpeaker()
    app = UnoApp(remember=False, autosave=Autosave(), narrate=True, speaker=speaker)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        first = speaker.lines()[0]
        assert first.startswith("A match is saved (two-player")
        assert "Resume it? 1: Resume the saved match, 2: Start a new one" in first
        assert first.endswith("Q or Escape leaves.")
        assert cursor_on_selection(app, screen)
        await pilot.press("down")
        await settle(pilot)
        assert speaker.last() == "2: Start a new one (the saved one is kept as a copy)"
        assert cursor_on_selection(app, screen)
        assert screen.query_one(OptionList).highlighted == 1


# Leaving the stats screen -------------------------------------------------------------------


async def test_leaving_the_stats_screen_says_the_setup_again() -> None:
    speaker = HeardSpeaker()
    app = UnoApp(
        setup=TableSetup(narrate=True), remember=False, speaker=speaker, read_stats=made_up_report
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await settle(pilot)
        await pilot.press("ctrl+t")
        await wait_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
        await settle(pilot)
        before = len(speaker.lines())
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await settle(pilot)
        back = [line for line in speaker.lines()[before:] if line.startswith("Back at the setup.")]
        assert back == ["Back at the setup. Start the match, button."]
        focused = app.focused
        assert focused is not None and focused.region.contains_point(app.cursor_position)


# N's first words ----------------------------------------------------------------------------


def you_and_ada(hands: list[str], top: str, **where: object) -> Session:
    position = Position.of(hands, top, **where)  # type: ignore[arg-type]
    game = Game(Rules.two_player(), ["You", "Ada"], position=position, seed=1)
    return Session(game.rules, [Seat("You"), Seat("Ada", "easy")], game=game)


def quiet_app(session: Session, speaker: HeardSpeaker) -> UnoApp:
    setup = TableSetup(rules="two-player", seats=session.seats, bot_delay=0.0)
    return UnoApp(setup=setup, session=session, remember=False, speaker=speaker)


async def test_n_says_narration_on_then_where_the_game_stands() -> None:
    speaker = HeardSpeaker()
    app = quiet_app(you_and_ada(["R1 G2", "R4 G5 Y6"], "R9"), speaker)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert speaker.lines() == []  # narration off: nothing said
        await pilot.press("n")
        await settle(pilot)
        words, cut = speaker.heard[0]
        assert cut, "the key's answer comes at once"
        assert words.startswith("Narration on. Top card: Red 9")
        assert "Your turn" in words
        await pilot.press("n")  # off: nothing more is said
        await settle(pilot)
        said = len(speaker.lines())
        await pilot.press("n")  # on again: the same first words
        await settle(pilot)
        assert len(speaker.lines()) == said + 1
        assert speaker.last().startswith("Narration on. Top card: Red 9")


# Dialogs while the table moves on -----------------------------------------------------------


def narrated_app(session: Session, speaker: HeardSpeaker) -> UnoApp:
    setup = TableSetup(
        rules=session.game.rules.rule_set.value,
        seats=session.seats,
        bot_delay=0.0,
        narrate=True,
    )
    return UnoApp(setup=setup, session=session, remember=False, speaker=speaker)


async def test_news_is_heard_while_a_dialog_is_open_and_it_stays_answerable() -> None:
    speaker = HeardSpeaker()
    session = you_and_ada(["G3 Y4", "G5 B6 Y7"], "R9", draw="R5 B1 B2")
    app = narrated_app(session, speaker)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        screen = await dialog(app, pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        game.notice("Ada says: hurry up")
        game.notice("10 seconds left for your move.")
        await settle(pilot)
        assert speaker.lines()[-2:] == ["Ada says: hurry up", "10 seconds left for your move."]
        assert app.screen is screen and cursor_on_selection(app, screen)
        await pilot.press("2")  # keep it: the dialog still answers
        await settle(pilot)
        assert not isinstance(app.screen, ChoiceScreen)
        assert Card.parse("R5") in session.game.view(0).hand  # kept, as answered


async def test_a_dialog_whose_moment_passed_closes_and_says_so() -> None:
    speaker = HeardSpeaker()
    session = you_and_ada(["G3 Y4", "G5 B6 Y7"], "R9", draw="R5 B1 B2")
    app = narrated_app(session, speaker)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        question = game.flow.questions.question_for(
            next(d for d in session.game.decisions() if d.kind is DecisionKind.TURN)
        )
        # The flow cancels a pending ask when its moment passes: done here by hand.
        asked = asyncio.ensure_future(game.front.ask(0, question))
        screen = await dialog(app, pilot)
        asked.cancel()
        await settle(pilot)
        assert asked.cancelled()
        assert screen not in app.screen_stack
        assert app.screen is game
        assert QUESTION_PASSED in speaker.lines()
        await pilot.press("right")  # the next key is the table's
        await settle(pilot)
        assert speaker.heard[-1][1], "the cursor's card is said at once"


# The challenge ------------------------------------------------------------------------------


def challenged_by_you() -> Session:
    """Ada's only card that goes on Red 9 is a Wild Draw Four: you may challenge (and lose)."""
    position = Position.of(
        ["R1 G2 B3", "W+4 B5 B6 G7"], "R9", draw="B1 B2 B3 B4 B5 B6 Y1 Y2", current=1
    )
    game = Game(Rules.two_player(), ["You", "Ada"], position=position, seed=1)
    return Session(game.rules, [Seat("You"), Seat("Ada", "easy")], game=game)


async def test_the_challenges_stakes_and_result_are_heard_and_no_banner_holds_keys() -> None:
    speaker = HeardSpeaker()
    app = narrated_app(challenged_by_you(), speaker)
    async with app.run_test(size=SIZE) as pilot:
        screen = await dialog(app, pilot)
        asked = next(line for line in speaker.lines() if "Challenge the Wild Draw Four" in line)
        assert "Ada played it. Challenge: if Ada held a red card, Ada draws 4; if not, you" in asked
        assert "you draw 6. Draw: you draw 4, no risk." in asked
        assert screen.spoken_details is not None
        await pilot.press("1")  # challenge
        await settle(pilot, 6)
        results = [line for line in speaker.lines() if line.startswith("Challenge ")]
        assert results, speaker.lines()
        assert results[0].startswith(("Challenge won: You challenged", "Challenge lost: You"))
        assert not any(isinstance(s, BannerScreen) for s in app.screen_stack)
        await pilot.press("right")
        await settle(pilot)
        assert speaker.heard[-1][1], "Right moves along the hand at once"


# Text narration (the SSH door's app) --------------------------------------------------------


async def test_text_narration_writes_each_line_where_the_cursor_sits() -> None:
    session = you_and_ada(["R1 G2", "R4 G5 Y6"], "R9")
    setup = TableSetup(rules="two-player", seats=session.seats, bot_delay=0.0, narrate=True)
    app = UnoApp(setup=setup, session=session, remember=False, speech="text")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, 5)
        assert isinstance(app.announcer.speaker, TextSpeaker)
        line = app.screen.query_one(SpokenLine)
        assert "Your turn" in line.words
        footer = app.screen.query_one(Footer)
        assert not line.region.overlaps(footer.region), "the keys stay seen under it"
        await pilot.press("right")
        await settle(pilot)
        assert line.words.startswith("Green 2"), line.words  # the key cut what was there
        assert cursor_in(app, line)
        await pilot.press("m")  # a dialog: its words on its own live line, the cursor there
        screen = await dialog(app, pilot)
        await settle(pilot)
        asked = screen.query_one(SpokenLine)
        assert "1: play Red 1" in asked.words
        assert cursor_in(app, asked), "not on the answer: the live line holds the cursor"


# The chat line ------------------------------------------------------------------------------


async def test_the_chat_line_is_heard_and_the_cursor_is_in_its_field() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    from uno_tui.tui.join_app import ChatLine
    from uno_tui.tui.listening import Announcer, start_listening

    speaker = HeardSpeaker()

    class Window(App[None]):
        def __init__(self) -> None:
            super().__init__()
            self.announcer = Announcer(lambda: speaker)

        def compose(self) -> ComposeResult:
            yield Static("the table")

        def on_mount(self) -> None:
            start_listening(self)

    app = Window()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(ChatLine())
        await settle(pilot)
        field = app.screen.query_one("#chat-text", Input)
        assert field.has_focus
        assert speaker.lines()[-1] == "Say to the table (Enter sends, Escape cancels). Text field."
        assert cursor_in(app, field)


# Repeat and top after the bots' moves -------------------------------------------------------


async def test_repeat_after_the_bots_says_the_moves_since_yours_and_top_who_played_it() -> None:
    speaker = HeardSpeaker()
    session = you_and_ada(["R1 G2 B3", "R+2 Y5 Y6 Y7"], "R9", draw="G7 G8 B8 B9 Y8 Y9")
    app = narrated_app(session, speaker)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("enter")  # Red 1, the card under the cursor
        await wait_until(
            pilot,
            lambda: (
                any(d.player == 0 and d.kind is DecisionKind.TURN for d in session.game.decisions())
                and len(session.game.actions) > 1
            ),
        )
        await settle(pilot)
        await pilot.press("right")  # the cursor's words: not in what R repeats
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        repeat = speaker.last()
        moved = speaker.lines()[-2]
        assert re.fullmatch(r".+, \d+ of \d+, (can|cannot) go\.", moved), moved
        assert moved not in repeat, repeat
        assert repeat.startswith("You play Red 1."), repeat
        assert "Ada plays Red Draw Two: you draw 2 cards and are skipped" in repeat
        assert "Your turn" in repeat
        await pilot.press("t")
        await settle(pilot)
        top = speaker.last()
        assert top.startswith("Top card: ")
        assert top == (
            "Top card: Red Draw Two, colour red. Ada played it: you drew 2, you were skipped."
        )


# The join window's room ---------------------------------------------------------------------


async def test_the_join_windows_room_is_heard_and_enter_says_it_again_never_joins() -> None:
    from textual.widgets import Static

    from uno_tui.net.codes import new_code
    from uno_tui.net.room import Room, open_name
    from uno_tui.tui.join_app import ROOM_KEYS, JoinApp, JoinedGameScreen

    from ..net_helpers import certificate, hosting, secure

    seats = (Seat("Host"), Seat(open_name(1)), Seat(open_name(2)))
    made = Room(new_code(), [1, 2], "random")
    speaker = HeardSpeaker()
    pin = certificate().fingerprint
    async with hosting(seats, (0, 1, 2), room=made, local=0, options=secure()) as host:
        app = JoinApp(
            f"127.0.0.1:{host.port}",
            made.code,
            name="Ann",
            fingerprint=pin,
            narrate=True,
            speaker=speaker,
        )
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(pilot, lambda: app.room is not None, tries=500)
            await settle(pilot)
            room = [line for line in speaker.lines() if line.startswith("In the room: ")]
            assert room and "Ann (you)" in room[0] and room[0].endswith(ROOM_KEYS)
            lobby = app.query_one("#lobby", Static)
            await wait_until(pilot, lambda: cursor_in(app, lobby))  # once the form has settled
            assert app.focused is None and not any("button" in line for line in speaker.lines())
            assert all(field.disabled for field in app.query(Input))
            names = list(host.game.names)
            await pilot.press("enter")  # hears the room again: no second join
            await settle(pilot)
            assert speaker.last().startswith("In the room: ") and "Ann (you)" in speaker.last()
            assert not any("Cannot join" in line for line in speaker.lines())
            assert list(host.game.names) == names
            assert host.start_room() is None
            await wait_until(pilot, lambda: isinstance(app.screen, JoinedGameScreen), tries=500)
            assert app.room is None
            await pilot.press("ctrl+q")


# Help ---------------------------------------------------------------------------------------


def test_no_help_passage_is_over_40_words_and_chat_and_timers_are_in_it() -> None:
    from uno_tui.tui.screens.help import (
        HELP_KEYS,
        HELP_SECTIONS,
        JOINED_SECTIONS,
        MAX_PASSAGE_WORDS,
        section_words,
    )

    timers = (
        "[b]Timers[/b]\n  Turns are timed: 30 seconds a move; a warning 10 seconds before the "
        "end, then a random bot moves for you. Your turn's clock is running: 18 seconds left."
    )
    passages = [f"Help, 7 sections. {HELP_KEYS}"]
    passages += [section_words(s) for s in (*HELP_SECTIONS, *JOINED_SECTIONS, timers)]
    for passage in passages:
        assert len(passage.split()) <= MAX_PASSAGE_WORDS, passage
    local = " ".join(section_words(s) for s in HELP_SECTIONS)
    assert "the slash key chats" in local and "A host may time turns" in local
    assert "Q: save and quit" in local
    joined = " ".join(section_words(s) for s in JOINED_SECTIONS)
    assert "save and quit" not in joined and "Q: leave the table" in joined
    assert "Slash: a line to everyone (chat)" in joined
    assert "Pass to NAME" not in joined, "no curtain at a joined table"
