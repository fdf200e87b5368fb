"""The UNO app: a setup, then matches, each played on the game screen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette
from textual.events import Resize
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme

from uno_tui.engine import Rules, SetupError
from uno_tui.narration.sounds import SoundChoice, sound_choice
from uno_tui.narration.speech import Speaker, SpeechChoice, TextSpeaker, make_speaker
from uno_tui.program import command_name
from uno_tui.seats import Seat
from uno_tui.tui.listening import Announcer, start_listening
from uno_tui.tui.screens.setup import SetupScreen
from uno_tui.tui.screens.too_small import TooSmallScreen, cover_words, too_small
from uno_tui.tui.spoken_line import write_spoken
from uno_tui.tui.table_setup import TableSetup, load_last_setup, save_last_setup

if TYPE_CHECKING:
    from uno_tui.match.session import Session
    from uno_tui.store.saves import Autosave
    from uno_tui.store.stats import StatsReport
    from uno_tui.tui.screens.stats import LoadStats

# The setup screen comes first, so what only a match or the statistics need (the game
# screen, the bots, the kept matches) is imported when it is first needed: the setup shows
# sooner (``benchmarks/bench_app.py``).

HIGH_CONTRAST = Theme(
    name="uno-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffffff",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1a1a1a",
    boost="#000000",
    warning="#ffff00",
    error="#ff6060",
    success="#00ff00",
    dark=True,
)
"""Black and white with bright accents: the most legible theme (command palette: Theme)."""


PALETTE_WORDS = (
    "Command palette: type to search, Up and Down choose a command, Enter runs it, Escape closes."
)
NARRATED_SMALL = "Narration and keys go on; the table may be cut."
"""Said after the cover's words in narration mode, where a small terminal stops nothing."""


class UnoApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "UNO"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(
        self,
        *,
        setup: TableSetup | None = None,
        session: Session | None = None,
        seed: int | None = None,
        remember: bool = True,
        narrate: bool = False,
        speech: SpeechChoice = "auto",
        autosave: Autosave | None = None,
        new_table: tuple[Rules, Sequence[Seat]] | None = None,
        speaker: Speaker | None = None,
        reduce_motion: bool = False,
        read_stats: LoadStats | None = None,
        sounds: SoundChoice | None = None,
    ) -> None:
        """``setup`` fills the setup screen (the last one remembered by default); a
        ``session`` skips the setup and plays it (a resumed match, or a test's); a
        ``new_table`` (the command line's) is started instead of the setup screen, once the
        saved match, if there is one, has been offered. ``read_stats`` replaces reading the
        kept matches for the stats screen (a test's made-up history)."""
        super().__init__()
        self.setup = setup
        self.session = session
        self.seed = seed
        self.remember = remember
        self.narrate = narrate
        """``--narrate``: narration mode from the start, whatever the setup says."""
        self.speech: SpeechChoice = speech
        self.speaker = speaker
        """Speaks narration instead of the program ``speech`` names (a test's)."""
        self.autosave = autosave
        """Where every match started here is saved after each action (none in tests)."""
        self.new_table = new_table
        self.reduce_motion = reduce_motion
        """``--reduce-motion``: no animation, whatever the setup says."""
        self.read_stats = read_stats
        self.sounds = sounds
        """``--sounds``: the sounds of the big moments, whatever the setup says."""
        self.announcer = Announcer(self.make_speaker)
        """What the screens say beside the match, once narration is on (one speaker for the
        app: the game screen's voice speaks through it too)."""
        self.told_size: tuple[int, int] | None = None
        """The small size last spoken in narration mode (the cover is said once a size)."""

    def make_speaker(self) -> Speaker:
        if self.speaker is not None:
            return self.speaker
        if self.speech == "text":  # the listener's own screen reader reads the live line
            return TextSpeaker(partial(write_spoken, self))
        return make_speaker(self.speech, notify=lambda line: self.notify(line, title="Narration"))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every toast is plain text: it may quote a player's name (a narration line, a
        review), and a name such as ``[@click=app.quit]x`` must show as typed, never act."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def on_mount(self) -> None:
        self.register_theme(HIGH_CONTRAST)
        remembered = self.setup or (load_last_setup() if self.remember else TableSetup())
        if self.narrate or remembered.narrate:
            start_listening(self)
        if remembered.theme in self.available_themes:
            self.theme = remembered.theme
        self.theme_changed_signal.subscribe(self, self.remember_theme)
        # Every change of screen checks the size again: a dialog or a curtain that comes up
        # while the terminal is too small is covered at once, and a cover left beneath one
        # goes when it surfaces in a terminal large enough.
        self.screen_change_signal.subscribe(self, self.screen_changed)
        if self.autosave is not None:  # a failing disk is told on screen, not on stderr
            self.autosave.warn = lambda line: self.notify(line, severity="error", timeout=10)
            if self.autosave.failure:  # told before the screen was ours (the first save)
                self.autosave.warn(self.autosave.failure)
        if self.session is not None:
            game = self.session.game
            self.play(self.session, self.setup or TableSetup.of(game.rules, self.session.seats))
        else:
            self.offer_saved_match()

    def remember_theme(self, theme: Theme) -> None:
        """A theme chosen in the command palette is kept with the setup."""
        setup = self.setup or (load_last_setup() if self.remember else TableSetup())
        self.setup = replace(setup, theme=theme.name)
        if self.remember:
            save_last_setup(self.setup)

    def offer_saved_match(self) -> None:
        """A match left unfinished is offered first, whatever the command line asked for: a
        new match keeps the saved one as a copy, never deletes it. One that cannot be resumed
        is set aside, said in one line, and a new match set up."""
        autosave = self.autosave
        if autosave is None:
            self.new_match()
            return
        from uno_tui.store.saves import describe, open_autosave

        saved, notice = open_autosave(autosave)
        if saved is None:
            self.new_match(notice or "")
            return

        def answered(index: int | None) -> None:
            if index is None:  # Escape or Q: leave, the match still saved
                from uno_tui.narration.prompts import resume_hint

                self.exit(message=resume_hint(plain=False, program=command_name()))
                return
            if index == 0:
                self.new_table = None
                self.play(saved, TableSetup.of(saved.game.rules, saved.seats))
            else:
                saved.keep()  # left unfinished: kept in matches/ before a new one replaces it
                self.new_match(autosave.keep_copy())

        question = f"A match is saved ({describe(saved)}). Resume it?"
        answers = ["Resume the saved match", "Start a new one (the saved one is kept as a copy)"]
        announcer = self.announcer

        def speak_line(line: str, now: bool) -> None:
            announcer.say(line, interrupt=now)

        from uno_tui.tui.screens.choice import ChoiceScreen

        screen = ChoiceScreen(question, answers, quits=True, speak=speak_line)
        self.push_screen(screen, answered)

    def new_match(self, message: str = "") -> None:
        """The command line's table, started at once, or else the setup screen."""
        if self.new_table is None:
            self.ask_setup(message)
            return
        rules, seats = self.new_table
        self.new_table = None
        if message:
            self.notify(message, timeout=10)
        from uno_tui.match.session import Session

        session = Session(rules, seats, seed=self.seed, autosave=self.autosave)
        session.save()
        self.play(session, TableSetup.of(rules, tuple(seats)))

    def ask_setup(self, message: str = "") -> None:
        setup = self.setup or (load_last_setup() if self.remember else TableSetup())
        if self.narrate:
            setup = replace(setup, narrate=True)
        if self.sounds:
            setup = replace(setup, sounds=self.sounds)
        self.push_screen(SetupScreen(setup, message), self.start)

    def start(self, setup: TableSetup | None) -> None:
        if setup is None:
            self.exit()
            return
        from uno_tui.match.session import Session

        try:
            session = Session(
                setup.make_rules(), setup.seats, seed=self.seed, autosave=self.autosave
            )
        except SetupError as error:
            self.ask_setup(str(error))
            return
        session.save()
        self.setup = setup
        if self.remember:  # --narrate is for this start: the next one narrates if set up so
            kept = load_last_setup().narrate if self.narrate else setup.narrate
            save_last_setup(replace(setup, narrate=kept))
        self.play(session, setup)

    def play(self, session: Session, setup: TableSetup) -> None:
        from uno_tui.tui.screens.game import GameScreen

        self.session = session
        self.setup = setup  # the next match's setup starts from this one
        if setup.bot_delay:  # bots at a person's pace catch a forgotten UNO at a person's pace
            session.pace_catches()

        def match_over(_: None) -> None:
            self.session = None
            self.ask_setup()

        screen = GameScreen(
            session,
            bot_delay=setup.bot_delay,
            narrate=setup.narrate or self.narrate,
            speech=self.speech,
            speaker=self.speaker,
            motion=not (self.reduce_motion or setup.reduce_motion),
            sounds=self.sounds or sound_choice(setup.sounds),
        )
        self.push_screen(screen, match_over)

    def on_unmount(self) -> None:
        self.announcer.close()

    def on_command_palette_option_highlighted(
        self, event: CommandPalette.OptionHighlighted
    ) -> None:
        """Each command of the palette spoken as it is highlighted (Up and Down)."""
        option = event.highlighted_event.option
        hit = getattr(option, "hit", None)
        text = getattr(hit, "text", None) or str(option.prompt)
        help_text = getattr(hit, "help", None)
        self.announcer.say(f"{text}: {help_text}" if help_text else str(text))

    # The statistics ----------------------------------------------------------------------

    @property
    def matches_directory(self) -> Path:
        """Where this app's matches are kept: beside its autosave, as ``Session.keep`` does."""
        from uno_tui.store.archive import matches_dir

        path = getattr(self.autosave, "path", None)
        return matches_dir(path.parent) if isinstance(path, Path) else matches_dir()

    def stats_report(self) -> StatsReport:
        """The kept matches summed up (run off the UI thread: a first reading is slow)."""
        from uno_tui.store.stats import stats_report

        if self.read_stats is not None:
            return self.read_stats()
        return stats_report(self.matches_directory)

    def on_setup_screen_stats_asked(self, message: SetupScreen.StatsAsked) -> None:
        """The setup's key: the stats screen, spoken too when narration is on (through the
        app's one announcer, so it never talks over another screen)."""
        from uno_tui.tui.screens.stats import StatsScreen

        speak = None
        if message.narrate or self.narrate:
            announcer = self.announcer
            announcer.speaker  # noqa: B018 - asking for the speaker turns the announcer on

            def speak_line(line: str, now: bool) -> None:
                announcer.say(line, interrupt=now)

            speak = speak_line
        self.push_screen(StatsScreen(self.stats_report, speak=speak))

    def on_resize(self, event: Resize) -> None:
        self.call_later(self.check_size)  # once the app has taken the new size

    def screen_changed(self, screen: Screen[Any]) -> None:
        if isinstance(screen, CommandPalette):
            self.announcer.say(PALETTE_WORDS)
        self.call_later(self.check_size)

    def check_size(self) -> None:
        """Below ``MIN_WIDTH`` x ``MIN_HEIGHT`` the top screen is the "make the terminal
        larger" cover, whatever was on screen (the match waits beneath it, exactly as it
        was); large enough, the cover goes and the screen beneath is back, keys and all.

        In narration mode nothing is covered: the listener hears the cover's words (once a
        size) and the match goes on, keys and speech, whatever fits on the screen."""
        small = too_small(*self.size)
        top = self.screen
        if self.announcer.on:
            if isinstance(top, TooSmallScreen):
                self.pop_screen()
            if not small:
                self.told_size = None
            elif self.told_size != (self.size.width, self.size.height):
                self.told_size = (self.size.width, self.size.height)
                line = f"{cover_words(*self.size)} {NARRATED_SMALL}"
                self.notify(line, title="Terminal size", timeout=8)
                self.announcer.say(line, interrupt=False)
            return
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif small and isinstance(top, TooSmallScreen):
            top.show_size()
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()
