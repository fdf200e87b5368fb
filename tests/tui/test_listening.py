"""Every screen of the app speaks to a listener and puts the terminal's cursor on what has
focus: the setup control by control (and it can be completed with keys alone), help section by
section, the command palette entry by entry, the replay line by line, the curtain, and a
terminal smaller than 80x24, which in narration mode stops nothing."""

from __future__ import annotations

from textual.geometry import Offset
from textual.widgets import Input, OptionList

from uno_tui.engine import Game, Position, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.narration.speech import Speaker
from uno_tui.tui import UnoApp
from uno_tui.tui.app import NARRATED_SMALL, PALETTE_WORDS
from uno_tui.tui.listening import spoken_form
from uno_tui.tui.screens import (
    CurtainScreen,
    GameScreen,
    HelpScreen,
    ReplayScreen,
    RoundEndScreen,
    SetupScreen,
    TooSmallScreen,
)
from uno_tui.tui.screens.help import HELP_SECTIONS, section_words
from uno_tui.tui.table_setup import TableSetup
from uno_tui.tui.widgets.cycler import Cycler

from .driver import SIZE
from .recording_speech import RecordingSpeech


class HeardSpeaker(Speaker):
    """Keeps every line the app asks to speak, in order, with whether it cut what was being
    said; it speaks them as fast as a recording can (nothing waits on it)."""

    def __init__(self) -> None:
        super().__init__(RecordingSpeech(words_per_second=1000))
        self.heard: list[tuple[str, bool]] = []

    def say(self, text: str, *, interrupt: bool = False) -> None:
        self.heard.append((text, interrupt))
        super().say(text, interrupt=interrupt)

    def lines(self) -> list[str]:
        return [text for text, _ in self.heard]

    def last(self) -> str:
        return self.heard[-1][0]


def narrated_setup(speaker: HeardSpeaker) -> UnoApp:
    setup = TableSetup(seats=(Seat("You"), Seat("Ada", "easy")), bot_delay=0.0)
    return UnoApp(setup=setup, remember=False, narrate=True, speaker=speaker)


def narrated_session(session: Session, speaker: HeardSpeaker, delay: float = 0.0) -> UnoApp:
    setup = TableSetup(
        rules=session.game.rules.rule_set.value,
        seats=session.seats,
        bot_delay=delay,
        narrate=True,
    )
    return UnoApp(setup=setup, session=session, remember=False, speaker=speaker)


def you_and_a_bot() -> Session:
    position = Position.of(["R1 G2 B3 Y4", "R4 G5 Y6 B7"], top="R9")
    game = Game(Rules.two_player(), ["You", "Bo"], position=position, seed=2)
    return Session(game.rules, [Seat("You"), Seat("Bo", "easy")], game=game)


async def settle(pilot, times: int = 3) -> None:  # type: ignore[no-untyped-def]
    for _ in range(times):
        await pilot.pause()


async def until(pilot, condition, seconds: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    """Until ``condition()`` holds: the app's speech and its cursor follow a key after the
    messages it sent are handled and the screen has been refreshed, which a busy machine
    takes longer to reach than any fixed number of pauses (the cause of this file's flaky
    failures, at a different assert each time)."""
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await pilot.pause(0.01)
    assert condition(), "the app never got there"


def said_since(speaker: HeardSpeaker, count: int) -> bool:
    return len(speaker.heard) > count


def cursor_on(app: UnoApp) -> bool:
    """The terminal's cursor is on the focused control."""
    focused = app.focused
    return focused is not None and focused.region.contains_point(app.cursor_position)


async def test_the_setup_is_heard_control_by_control_and_started_with_keys_alone() -> None:
    speaker = HeardSpeaker()
    app = narrated_setup(speaker)
    async with app.run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: bool(speaker.heard) and cursor_on(app))
        assert isinstance(app.screen, SetupScreen)
        first = speaker.lines()[0]
        assert first.startswith("Set up the table. Start the match, button. Enter on Start ")
        assert "begins classic: 2 to 10 players; 2 players: You, a person; Ada, easy bot" in first
        assert first.endswith("Ctrl+S starts from anywhere, Escape quits.")
        assert cursor_on(app)
        # Tab goes round every control once, each heard with its label, value and kind, the
        # terminal's cursor on it.
        heard_at: dict[str, str] = {}
        for _ in range(60):
            count, was = len(speaker.heard), app.focused
            await pilot.press("tab")
            await until(pilot, lambda: app.focused is not was)  # noqa: B023
            focused = app.focused
            assert focused is not None
            if focused.id == "start":
                break
            await until(pilot, lambda: said_since(speaker, count) and cursor_on(app))  # noqa: B023
            assert cursor_on(app), f"the cursor is not on {focused.id}"
            heard_at[str(focused.id)] = speaker.last()
        else:
            raise AssertionError("Tab never came back to Start")
        assert heard_at["rules"] == (
            "Rules: classic: 2 to 10 players, 1 of 3. Choice, Left and Right change it."
        )
        assert heard_at["count"] == "Players: 2, 1 of 9. Choice, Left and Right change it."
        assert heard_at["name-0"] == "Seat 1 name: You. Text field, type to change it."
        assert heard_at["kind-1"].startswith("Seat 2 plays: easy bot, 3 of 5.")
        assert heard_at["target"].startswith("Target: 500. Points that win the match.")
        assert heard_at["narrate"].startswith("Narration: on.")
        assert heard_at["reduce-motion"].startswith("Reduce motion: off.")
        assert heard_at["value-custom_effect"].startswith("Wild Customizable: ")
        assert heard_at["value-stack_draw_two"].startswith("Stack Draw Twos: off.")
        assert "Check box, Space or Enter toggles." in heard_at["value-stack_draw_two"]
        form = app.screen.query("Cycler, Input, Checkbox, LightButton")
        assert {str(w.id) for w in form} == {*heard_at, "start"}, "every control is heard"

        # A choice changed by keys: Right, Left and Enter step through the values, each heard
        # as it comes with where it stands, the terminal's cursor on the choice.
        kind = app.screen.query_one("#kind-1", Cycler)
        count = len(speaker.heard)
        kind.focus()
        await until(pilot, lambda: said_since(speaker, count))
        assert speaker.last() == "Seat 2 plays: easy bot, 3 of 5. Choice, Left and Right change it."
        for key, value, heard in (
            ("right", "medium", "medium bot, 4 of 5."),
            ("left", "easy", "easy bot, 3 of 5."),
            ("enter", "medium", "medium bot, 4 of 5."),
        ):
            count = len(speaker.heard)
            await pilot.press(key)
            await until(pilot, lambda: said_since(speaker, count) and cursor_on(app))  # noqa: B023
            assert (kind.value, speaker.last()) == (value, heard)
            assert app.cursor_position == kind.content_region.offset + Offset(2, 0)

        # Typing is echoed: the field's value as it is now.
        count = len(speaker.heard)
        app.screen.query_one("#target", Input).focus()
        await until(pilot, lambda: said_since(speaker, count))
        count = len(speaker.heard)
        await pilot.press("end", "backspace", "backspace", "backspace", "9")
        await until(pilot, lambda: len(speaker.heard) >= count + 4)
        assert speaker.lines()[-4:] == ["50", "5", "empty", "9"]

        # A wrong name is refused aloud; a right one lets Ctrl+S start the match.
        name = app.screen.query_one("#name-1", Input)
        name.value = "You"
        count = len(speaker.heard)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: said_since(speaker, count) and "Cannot" in speaker.last())
        assert speaker.last().startswith("Cannot start:")
        name.value = "Ada"
        await pilot.press("ctrl+s")

        # The game screen, perhaps under the first card's question (a Wild turned up first
        # asks You for its colour at once).
        def game_screen() -> GameScreen | None:
            games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
            return games[0] if games and games[0].voice is not None else None

        for _ in range(400):  # a busy machine takes a while to deal
            if game_screen() is not None:
                break
            await pilot.pause(0.05)
        game = game_screen()
        assert game is not None, f"no game screen: {app.screen_stack}"
        assert game.voice is not None and game.voice.speaker is speaker
        assert game.game.rules.target_score == 9, "the target typed"


async def test_help_is_told_section_by_section_with_the_cursor_on_it() -> None:
    speaker = HeardSpeaker()
    app = narrated_session(you_and_a_bot(), speaker)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        count = len(HELP_SECTIONS)
        intro, first = speaker.lines()[-2:]
        assert intro.startswith(f"Help, {count} sections. Up and Down go from section")
        assert first == spoken_form(section_words(HELP_SECTIONS[0]))
        assert "jump to card 1 to 10" in first, "said as words, not 'one dash ten'"
        await pilot.press("down")
        await settle(pilot)
        assert speaker.last() == spoken_form(f"{section_words(HELP_SECTIONS[1])} (2 of {count})")
        assert speaker.last().startswith("Drawing and calling. D: draw")
        second = list(app.screen.query(".help-section"))[1]
        assert app.cursor_position == second.region.offset, "on the section's first line"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_the_palette_says_each_command_as_it_is_highlighted() -> None:
    speaker = HeardSpeaker()
    app = narrated_session(you_and_a_bot(), speaker)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot, 5)
        assert PALETTE_WORDS in speaker.lines()
        told = len(speaker.heard)
        await pilot.press("down")
        await settle(pilot, 5)
        new = speaker.lines()[told:]
        assert new and new[-1] != PALETTE_WORDS and ":" in new[-1], new


async def test_the_replay_is_told_line_by_line_under_the_arrows() -> None:
    speaker = HeardSpeaker()
    app = narrated_session(you_and_a_bot(), speaker)
    lines = ["1. You play Red 1.", "2. Bo plays Red 4.", "3. You play Green 2."]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(ReplayScreen("The match of You, Bo, move by move", lines))
        await settle(pilot)
        assert speaker.last() == (
            "The match of You, Bo, move by move, 3 lines. Up and Down go line by line, Home "
            "and End to the first and last, Enter goes back. Line 1: 1. You play Red 1."
        )
        listed = app.screen.query_one("#replay", OptionList)
        assert app.cursor_position == listed.content_region.offset
        await pilot.press("down")
        await settle(pilot)
        assert speaker.last() == "2: 2. Bo plays Red 4."
        assert app.cursor_position == listed.content_region.offset + Offset(0, 1)
        await pilot.press("end")
        await settle(pilot)
        assert speaker.last() == "3: 3. You play Green 2."
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, ReplayScreen)


async def test_the_curtain_and_the_round_end_put_the_cursor_on_their_words() -> None:
    position = Position.of(["R1", "G5 B6 Y7"], "R9")
    game = Game(Rules.classic(), ["Ann", "Bob"], position=position, seed=1)
    speaker = HeardSpeaker()
    app = narrated_session(Session(game.rules, [Seat("Ann"), Seat("Bob")], game=game), speaker)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert app.cursor_position == app.screen.query_one("#pass-to").content_region.offset
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")  # Ann plays her last card
        for _ in range(100):
            await pilot.pause(0.05)
            if isinstance(app.screen, RoundEndScreen):
                break
        assert isinstance(app.screen, RoundEndScreen)
        await settle(pilot)
        hint = app.screen.query_one("#next-hint")
        assert app.cursor_position == hint.content_region.offset
        assert any(line.endswith("Enter deals the next hand, Q quits.") for line in speaker.lines())


async def test_a_narrated_match_in_a_60x20_terminal_goes_on_and_says_so() -> None:
    speaker = HeardSpeaker()
    app = narrated_session(you_and_a_bot(), speaker, delay=0.05)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, 5)
        screen = app.screen
        assert isinstance(screen, GameScreen), "no cover over the match"
        size = "UNO needs 80 by 24, this one is 60 by 20."
        cover = f"Please make the terminal larger: {size} {NARRATED_SMALL}"
        assert cover in speaker.lines()
        await pilot.press("h")  # a review key works under the (spoken) cover
        await settle(pilot)
        assert speaker.last().startswith("Your hand")
        await pilot.press("enter")  # and so does playing: Red 1 goes, and Bo answers
        for _ in range(200):
            await pilot.pause(0.05)
            if any(line.startswith("Bo plays") or "Bo draws" in line for line in speaker.lines()):
                break
        said = speaker.lines()
        assert any(line.startswith("You play Red 1") for line in said)
        assert any(line.startswith("Bo plays") or "Bo draws" in line for line in said)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        assert speaker.lines().count(cover) == 1, "the cover is said once a size"


async def test_the_join_window_speaks_its_form_to_a_listener() -> None:
    from uno_tui.tui.join_app import JoinApp

    speaker = HeardSpeaker()
    app = JoinApp(narrate=True, speaker=speaker)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert speaker.lines()[:2] == [
            "Join a hosted match: the host's address and fingerprint, your seat's code. Or the "
            "room's code and your name; no code: your seat there before.",
            "The host's address: empty. Text field, Enter joins.",
        ]
        await pilot.press("tab")
        await settle(pilot)
        assert speaker.last() == "Your seat's code, or the room's: empty. Text field, Enter joins."
        await pilot.press("tab")
        await settle(pilot)
        assert (
            speaker.last() == "Your name, for a room's open seat: empty. Text field, Enter joins."
        )
        await pilot.press("tab")
        await settle(pilot)
        assert speaker.last().startswith("The host's fingerprint")
        await pilot.press("tab")
        await settle(pilot)
        assert speaker.last() == "Join, button."
        assert cursor_on(app)  # type: ignore[arg-type]
