"""Setting up the table: the rule set, who sits where, the options, the target."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Offset
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label

from uno_tui.engine import (
    MAX_NAME_LENGTH,
    CustomEffect,
    MatchMethod,
    Rank,
    Rules,
    SetupError,
    check_names,
    clean_name,
)
from uno_tui.engine.rules import HOUSE_RULES, OPTION_TEXT, OPTIONS_BY_RULE_SET, RuleSet
from uno_tui.narration.options import OPTION_TITLES
from uno_tui.narration.sounds import sound_choice
from uno_tui.seats import BOT_LEVELS, Seat
from uno_tui.tui.listening import (
    cursor_after_layouts,
    listening,
    place_cursor,
    speak,
    start_listening,
)
from uno_tui.tui.table_setup import DEFAULT_NAMES, TableSetup
from uno_tui.tui.widgets.cycler import PREVIOUS, Cycler
from uno_tui.tui.widgets.light_button import LightButton
from uno_tui.tui.widgets.tick_box import TickBox

RULE_SETS = ("classic", "two-player", "teams")
RULE_SET_TEXT = {
    "classic": "classic: 2-10 players",
    "two-player": "two-player: the official rules for two",
    "teams": "teams: partners across, passing cards",
}
PERSON = "person"
CHOICE_KEYS = "Choice, Left and Right change it."
"""What a listener hears of a choice's keys (``Cycler``), after its label and value."""
TYPED_NAME = (
    "[^\x00-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u180e\u200b-\u200f"
    "\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\U000e0000-\U000e007f]*"
)
"""What a name field takes as it is typed or pasted: no control character, no bidirectional
or zero-width format character, so none is ever drawn raw (an ESC in a field would reach the
terminal). Starting the match checks the whole name rule (``uno_tui.engine.names``)."""
LOWER_FORM_LATEST = 1.0
"""Seconds after the screen mounts by when the form's lower part is mounted, were no frame
written by then."""
BOT_DELAYS = (0.0, 0.3, 0.6, 1.0, 2.0)
SOUND_OPTIONS = [
    ("off", "off"),
    ("the terminal's bell", "bell"),
    ("speech sound icons", "icons"),
]
"""The sounds of the big moments (``uno_tui.narration.sounds``), one option for the table."""

CHOICE_OPTIONS: dict[str, list[tuple[str, Any]]] = {
    "custom_effect": [(effect.description, effect.value) for effect in CustomEffect],
    "match_method": [
        ("the winner scores the others' cards", MatchMethod.WINNER_SCORES.value),
        ("lowest points caught holding wins", MatchMethod.LOWEST_CAUGHT.value),
    ],
    "uno_penalty": [("2 cards", 2), ("4 cards", 4)],
    "blank_cards": [(f"{n} blank cards", n) for n in range(5)],
    "pass_symbol_rank": [(f"the {n}s", Rank(str(n)).value) for n in range(10)],
}
"""Options that are a choice among values; every other option is on or off."""

OPTION_ORDER = (
    "pre_2022_scoring",
    "custom_effect",
    "uno_penalty",
    "match_method",
    "blank_cards",
    "pass_symbol_rank",
    *HOUSE_RULES,
)


def spaced(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


class SetupScreen(Screen[TableSetup]):
    """Enter on Start (focused first) begins the match as shown: the last setup, or you
    against three medium bots at classic."""

    AUTO_FOCUS = "#start"
    left = False
    """Another screen (the stats, the palette) came over this one since it was told."""
    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+t", "stats", "Statistics"),
        Binding("escape", "app.quit", "Quit"),
    ]

    class StatsAsked(Message):
        """The person asked for the statistics of the kept matches (the app shows them)."""

        def __init__(self, narrate: bool) -> None:
            super().__init__()
            self.narrate = narrate
            """The form's narration box: the statistics are spoken too."""

    def __init__(self, setup: TableSetup, message: str = "") -> None:
        super().__init__()
        self.setup = setup
        self.message = message
        self.arrived = False
        """Whether the screen's arrival has been spoken (with the first control focused)."""
        self.told_focus: Widget | None = None
        """The control whose focus was spoken with the form's redrawing."""
        self.whole = False
        """Whether the form's lower part (``lower_form``) is mounted."""
        self.framed = False
        """Whether the screen's first frame is out (and the lower part asked for)."""

    def compose(self) -> ComposeResult:
        setup = self.setup
        # Not a stop of its own for Tab: focus goes from control to control, each spoken (the
        # form scrolls to show the one focused).
        with VerticalScroll(id="setup-form", can_focus=False):
            yield Label("UNO: set up the table", id="setup-title")
            with Horizontal(classes="row"):
                yield Label("Rules", classes="field")
                yield Cycler(
                    [(RULE_SET_TEXT[name], name) for name in RULE_SETS],
                    value=setup.rules if setup.rules in RULE_SETS else "classic",
                    id="rules",
                )
            counts = Rules.preset(setup.rules).player_counts
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                yield Cycler([(str(n), n) for n in counts], value=len(setup.seats), id="count")
            kinds = [(PERSON, PERSON), *((f"{level} bot", level) for level in BOT_LEVELS)]
            for i in range(len(setup.seats)):
                seat = setup.seats[i] if i < len(setup.seats) else Seat(DEFAULT_NAMES[i], "medium")
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"Seat {i + 1}", classes="field")
                    yield Input(
                        seat.name,
                        max_length=MAX_NAME_LENGTH,
                        restrict=TYPED_NAME,
                        id=f"name-{i}",
                        classes="name",
                    )
                    yield Cycler(kinds, value=seat.bot_level or PERSON, id=f"kind-{i}")
        with Horizontal(id="setup-buttons"):
            yield LightButton("Start the match", variant="primary", id="start")
            yield Label(Text(self.message), id="setup-error")
        yield Footer()

    def lower_form(self) -> list[Widget]:
        """The form below its seats (options, target, pause, sounds, narration, motion):
        below the fold at 80x24, so mounted just after the first paint, which comes sooner
        for it (``benchmarks/bench_app.py``)."""
        setup = self.setup
        rows: list[Widget] = [Label("Options (each off unless you change it)", classes="heading")]
        preset = Rules.preset(setup.rules)
        offered = OPTIONS_BY_RULE_SET[RuleSet(setup.rules)]
        for option in (option for option in OPTION_ORDER if option in offered):
            current = _plain(setup.options.get(option, getattr(preset, option)))
            control: Widget
            if option in CHOICE_OPTIONS:
                values = [value for _, value in CHOICE_OPTIONS[option]]
                control = Cycler(
                    CHOICE_OPTIONS[option],
                    value=current if current in values else values[0],
                    id=f"value-{option}",
                )
            else:
                control = TickBox(option.replace("_", " "), bool(current), id=f"value-{option}")
            explain = Label(OPTION_TEXT[option], classes="explain")
            rows.append(Horizontal(control, explain, classes="row option", id=f"opt-{option}"))
        target = setup.options.get("target_score", 500)
        target_box = Input(str(target), type="integer", max_length=5, id="target")
        rows.append(field_row("Target", target_box, "points win the match"))
        delay = Cycler(
            [(f"{delay:g} s", delay) for delay in BOT_DELAYS],
            value=setup.bot_delay if setup.bot_delay in BOT_DELAYS else 1.0,
            id="bot-delay",
        )
        rows.append(field_row("Bot pause", delay, "between two bot moves, to follow them"))
        sounds = Cycler(SOUND_OPTIONS, value=sound_choice(setup.sounds), id="sounds")
        rows.append(field_row("Sounds", sounds, "your turn, UNO, a hit, an exchange"))
        rows.append(
            TickBox(
                "Narration: tell (and speak) every event; use headphones in hot-seat",
                setup.narrate,
                id="narrate",
            )
        )
        rows.append(
            TickBox(
                "Reduce motion: cards appear where they go, without moving",
                setup.reduce_motion,
                id="reduce-motion",
            )
        )
        return rows

    async def mount_lower_form(self) -> None:
        await self.query_one("#setup-form", VerticalScroll).mount_all(self.lower_form())
        self.whole = True

    def when_whole(self, then: Callable[[], None]) -> bool:
        """False (and ``then`` called again once it is) while the form's lower part is not
        mounted yet: a key pressed in the first instant waits for the form, never fails."""
        if not self.whole:
            self.call_after_refresh(then)
        return self.whole

    # Keeping the form to what the chosen rule set offers ------------------------------------
    # Only the seats and options of the chosen table are on the form (a form of every seat
    # and option took seconds to draw); a change of rule set or player count redraws it.

    @property
    def rule_set(self) -> str:
        value = self.query_one("#rules", Cycler).value
        return value if isinstance(value, str) else "classic"

    @on(Cycler.Changed)
    async def choice_changed(self, event: Cycler.Changed) -> None:
        """Another rule set or player count redraws the form (and says so); any other choice
        is heard as it comes: its value and where it stands among the choices."""
        cycler = event.cycler
        if cycler.id == "rules" and self.rule_set != self.setup.rules:
            await self.redraw(self.rule_set, "#rules")
        elif cycler.id == "count" and event.value != len(self.setup.seats):
            await self.redraw(self.setup.rules, "#count")
        elif listening(self) and cycler.has_focus:
            speak(self, f"{cycler.label}, {cycler.index + 1} of {len(cycler.options)}.")

    async def redraw(self, rules: str, focus: str) -> None:
        """Keep what was typed, fit the seats to the rule set, and draw the form again."""
        counts = Rules.preset(rules).player_counts
        count = self.query_one("#count", Cycler).value
        count = count if isinstance(count, int) and count in counts else None
        seats = list(self.typed_seats())
        if count is None:
            count = len(seats) if len(seats) in counts else (4 if 4 in counts else counts[0])
        seats += [Seat(DEFAULT_NAMES[i], "medium") for i in range(len(seats), count)]
        self.setup = replace(self.setup, rules=rules, seats=tuple(seats[:count]))
        self.whole = False
        await self.recompose()
        await self.mount_lower_form()
        widget = self.query_one(focus)
        widget.focus()
        if listening(self):
            self.told_focus = widget
            speak(self, f"{self.control_words(widget)} Now {self.seats_words()}.")

    def typed_seats(self) -> list[Seat]:
        seats = []
        for name_input in self.query(".name").results(Input):
            i = int(str(name_input.id).removeprefix("name-"))
            kind = self.query_one(f"#kind-{i}", Cycler).value
            name = name_input.value.strip() or DEFAULT_NAMES[i]
            seats.append(Seat(name, None if kind == PERSON else str(kind)))
        return seats

    # For a listener --------------------------------------------------------------------
    # Every control is spoken as focus reaches it (its label, its value, what kind it is),
    # a change of value as it is made, and the terminal's cursor sits on the control.

    def arrival_words(self, focused: str) -> str:
        """Where the listener is and what Enter does first, then the table as set up."""
        setup = self.setup
        target = setup.options.get("target_score", Rules.preset(setup.rules).target_score)
        notice = f"{self.message} " if self.message else ""
        return (
            f"{notice}Set up the table. {focused} "
            f"Enter on Start begins {RULE_SET_TEXT.get(setup.rules, setup.rules)}; "
            f"{self.seats_words()}; target {target}. Tab and Shift+Tab move through the "
            "settings, Ctrl+S starts from anywhere, Escape quits."
        )

    def seats_words(self) -> str:
        seats = "; ".join(
            f"{seat.name}, {f'{seat.bot_level} bot' if seat.bot_level else 'a person'}"
            for seat in self.setup.seats
        )
        return f"{len(self.setup.seats)} players: {seats}"

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        widget = event.widget
        self.call_after_refresh(self.cursor_to_focus)
        if widget is self.told_focus:
            self.told_focus = None
            return
        if not listening(self) or not widget.is_attached:
            return
        words = self.control_words(widget)
        if not self.arrived:
            self.arrived = True
            words = self.arrival_words(words)
        speak(self, words)

    def on_mount(self) -> None:
        cursor_after_layouts(self, self, self.cursor_to_focus)
        # The form's lower part waits for the first frame: mounted before it, it delayed the
        # first paint by a third (``benchmarks/bench_app.py``). A layout outside a batch of
        # updates writes its frame before the signal (Textual's ``Screen._refresh_layout``);
        # inside the app's start, it writes nothing. The timer is a backstop only.
        self.screen_layout_refresh_signal.subscribe(self, self.after_layout, immediate=True)
        self.set_timer(LOWER_FORM_LATEST, self.ask_lower_form)

    def after_layout(self, screen: Screen[TableSetup]) -> None:
        if not getattr(self.app, "_batch_count", 0):
            self.ask_lower_form()

    def ask_lower_form(self) -> None:
        """The form's lower part, once (the first frame, with the seats and Start, is out)."""
        if not self.framed:
            self.framed = True
            self.call_later(self.mount_lower_form)

    def on_screen_suspend(self) -> None:
        self.left = True

    def on_screen_resume(self) -> None:
        """Back from the stats screen (or the palette): a listener hears where they are."""
        if not self.left or not listening(self):
            return
        self.left = False
        focused = self.focused
        words = "" if focused is None else f" {self.control_words(focused)}"
        speak(self, f"Back at the setup.{words}")
        self.call_after_refresh(self.cursor_to_focus)

    def cursor_to_focus(self) -> None:
        """The terminal's cursor on the focused control (an input puts it where typing goes;
        a choice, on its value)."""
        focused = self.focused
        if isinstance(focused, Cycler):
            place_cursor(focused, Offset(len(PREVIOUS), 0))
        elif focused is not None and not isinstance(focused, Input):
            place_cursor(focused, Offset(1, 0))

    def control_words(self, widget: Widget) -> str:
        """What a listener hears as focus reaches ``widget``: its label, value and kind."""
        ident = widget.id or ""
        if isinstance(widget, Button):
            return f"{widget.label}, button."
        if isinstance(widget, Checkbox):
            title, explain = self.option_label(ident)
            state = "on" if widget.value else "off"
            return spaced(f"{title}: {state}.", explain, "Check box, Space or Enter toggles.")
        if isinstance(widget, Cycler):
            title, explain = self.option_label(ident)
            where = f"{widget.index + 1} of {len(widget.options)}"
            return spaced(f"{title}: {widget.label}, {where}.", explain, CHOICE_KEYS)
        if isinstance(widget, Input):
            title, explain = self.option_label(ident)
            value = widget.value or "empty"
            return spaced(f"{title}: {value}.", explain, "Text field, type to change it.")
        return str(widget.id or type(widget).__name__)

    def option_label(self, ident: str) -> tuple[str, str]:
        """The spoken label of a control, and what it does (with its full stop) or ``""``."""
        if ident.startswith("name-"):
            return f"Seat {int(ident.removeprefix('name-')) + 1} name", ""
        if ident.startswith("kind-"):
            return f"Seat {int(ident.removeprefix('kind-')) + 1} plays", ""
        if ident.startswith("value-"):
            option = ident.removeprefix("value-")
            return OPTION_TITLES.get(option, option.replace("_", " ")), f"{OPTION_TEXT[option]}."
        fixed = {
            "rules": ("Rules", ""),
            "count": ("Players", ""),
            "target": ("Target", "Points that win the match."),
            "bot-delay": ("Bot pause", "Between two bot moves, to follow them."),
            "sounds": ("Sounds", "For your turn, UNO, a penalty and an exchange."),
            "narrate": ("Narration", "Tell and speak every event; headphones in hot-seat."),
            "reduce-motion": ("Reduce motion", "Cards appear where they go, without moving."),
        }
        return fixed.get(ident, (ident, ""))

    @on(Input.Changed)
    def typed(self, event: Input.Changed) -> None:
        """What a field holds now, as the listener types (a screen reader echoes typing)."""
        if listening(self) and event.input.has_focus:
            speak(self, event.value or "empty")

    @on(Checkbox.Changed)
    def box_changed(self, event: Checkbox.Changed) -> None:
        box = event.checkbox
        if box.id == "narrate" and box.value:
            start_listening(self)
        if not listening(self) or not box.has_focus:
            return
        title, _ = self.option_label(box.id or "")
        speak(self, f"{title}: {'on' if box.value else 'off'}.")

    # Starting --------------------------------------------------------------------------

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Input.Submitted)
    def input_submitted(self) -> None:
        self.action_start()

    def action_stats(self) -> None:
        if not self.when_whole(self.action_stats):
            return
        self.post_message(self.StatsAsked(self.query_one("#narrate", Checkbox).value))

    def action_start(self) -> None:
        if not self.when_whole(self.action_start):
            return
        try:
            setup = self.read_form()
        except SetupError as error:
            # Plain text: a name quoted in the message is never read as markup.
            self.query_one("#setup-error", Label).update(Text(str(error)))
            speak(self, f"Cannot start: {error}.")
            return
        self.dismiss(setup)

    def read_form(self) -> TableSetup:
        """The setup as the form shows it; raises SetupError saying what to fix."""
        name = self.rule_set
        count = self.query_one("#count", Cycler).value
        if not isinstance(count, int):
            raise SetupError("choose the number of players")
        seats = []
        for i in range(count):
            seat_name = self.query_one(f"#name-{i}", Input).value.strip()
            if not seat_name:
                raise SetupError(f"seat {i + 1} needs a name")
            try:
                seat_name = clean_name(seat_name)  # the one name rule, as everywhere
            except SetupError as error:
                raise SetupError(f"seat {i + 1}: {error}") from None
            kind = self.query_one(f"#kind-{i}", Cycler).value
            seats.append(Seat(seat_name, None if kind == PERSON else str(kind)))
        try:
            check_names(seat.name for seat in seats)
        except SetupError as error:
            raise SetupError(f"{error}; give each player their own") from None
        options: dict[str, Any] = {}
        preset = Rules.preset(name)
        for option in OPTION_ORDER:
            if option not in OPTIONS_BY_RULE_SET[RuleSet(name)]:
                continue
            widget = self.query_one(f"#value-{option}")
            value = widget.value if isinstance(widget, Cycler | Checkbox) else None
            if value != _plain(getattr(preset, option)):
                options[option] = value
        target = self.query_one("#target", Input).value.strip()
        if not target.isdigit() or int(target) <= 0:
            raise SetupError("the target must be a whole number of points, above 0")
        if int(target) != preset.target_score:
            options["target_score"] = int(target)
        delay = self.query_one("#bot-delay", Cycler).value
        setup = TableSetup(
            rules=name,
            seats=tuple(seats),
            options=options,
            bot_delay=float(delay) if isinstance(delay, int | float) else 1.0,
            narrate=self.query_one("#narrate", Checkbox).value,
            reduce_motion=self.query_one("#reduce-motion", Checkbox).value,
            theme=self.setup.theme,
            sounds=sound_choice(str(self.query_one("#sounds", Cycler).value)),
        )
        setup.make_rules()
        return setup


def field_row(name: str, control: Widget, explain: str) -> Horizontal:
    """One row of the form below the seats: its name, its control, what it does."""
    return Horizontal(
        Label(name, classes="field"), control, Label(explain, classes="explain"), classes="row"
    )
