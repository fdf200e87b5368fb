"""The match: the table, the log, the hand of whoever is at the keyboard.

What happens next (a bot's move, the curtain, a question, the round's end) is decided by
``uno_tui.match.flow.MatchFlow``, which this screen runs in a worker as its ``FrontEnd``: the
screen draws, speaks, shows the dialogs the flow awaits, and forwards keys as actions. It holds
no rules: what is legal comes from the engine's decisions, and an illegal choice is refused with
the engine's words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    Card,
    CatchUno,
    Color,
    Decision,
    DecisionKind,
    DrawCard,
    Game,
    GiveCard,
    IllegalActionError,
    MatchRecord,
    PassCard,
    PlayCard,
)
from uno_tui.engine.events import (
    CardPlayed,
    CardsDrawn,
    Event,
)
from uno_tui.match.flow import (
    BOT_PAUSE,
    PROMPT_KINDS,
    ROUND_ENDS,
    MatchFlow,
)
from uno_tui.match.questions import Question
from uno_tui.match.table import Table
from uno_tui.narration import (
    CANNOT_DRAW,
    NOBODY_TO_CALL_UNO,
    NOBODY_TO_CATCH,
    UNO_ARMED,
    Emphasis,
    Move,
    Narrator,
    Phrase,
    cannot_choose_words,
    cannot_go_words,
    cursor_words,
    hidden_hand_words,
    list_moves,
    prompt_phrases,
    resume_hint,
    review_words,
    spoken_prompt,
)
from uno_tui.narration.sounds import SoundChoice, Sounds
from uno_tui.narration.speech import Speaker, SpeechChoice
from uno_tui.program import command_name
from uno_tui.tui.cards import card_label
from uno_tui.tui.challenge import (
    put_off_phrases,
)
from uno_tui.tui.listening import listening, shared_speaker, show_terminal_cursor
from uno_tui.tui.screens.front_end import ScreenFrontEnd
from uno_tui.tui.screens.help import HelpScreen
from uno_tui.tui.screens.hint_toast import HintToast
from uno_tui.tui.screens.narration_key import toggle_narration
from uno_tui.tui.voice import Voice
from uno_tui.tui.widgets.event_log import EventLog
from uno_tui.tui.widgets.flying_card import FlyingCard
from uno_tui.tui.widgets.hand_view import HandView
from uno_tui.tui.widgets.table_view import TableView

ActionT = TypeVar("ActionT", bound=Action)
ResultT = TypeVar("ResultT")

CARD_ACTIONS = (PlayCard, PassCard, GiveCard)
__all__ = ["CARD_ACTIONS", "PROMPT_KINDS", "ROUND_ENDS", "GameScreen"]
EMPHASIS_STYLES: dict[Emphasis, str] = {
    "plain": "",
    "strong": "bold",
    "quiet": "italic",
    "alarm": "bold red",
}
"""How the prompt paints each emphasis of its phrases."""


REPEAT_LINES = 8
"""R says at most this many of the lines since the viewer's own move."""


class GameScreen(Screen[None]):
    HORIZONTAL_BREAKPOINTS = [(0, "-compact"), (110, "-wide")]
    """A compact table below 110 columns, a roomy one from there on (app.tcss)."""
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("u", "uno", "UNO"),
        Binding("c", "catch", "Catch"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Save & quit"),
        Binding("n", "toggle_narration", "Narration"),
        Binding("h", "review('hand')", "Hand", show=False),
        Binding("t", "review('top')", "Top card", show=False),
        Binding("k", "review('counts')", "Counts", show=False),
        Binding("s", "review('scores')", "Scores", show=False),
        Binding("r", "review('repeat')", "Repeat", show=False),
        Binding("l", "review('log')", "Log", show=False),
        Binding("m", "moves", "Moves", show=False),
        Binding("i", "hint", "Hint", show=False),
    ]

    def __init__(
        self,
        session: Table,
        *,
        bot_delay: float = BOT_PAUSE,
        narrate: bool = False,
        speech: SpeechChoice = "auto",
        speaker: Speaker | None = None,
        motion: bool = True,
        sounds: SoundChoice = "off",
    ) -> None:
        """``speaker`` replaces the one ``speech`` names (a test's, that records the lines);
        ``sounds``: the bell or sound icons for the big moments (your turn, UNO, a move that
        hits a person at this keyboard, an exchange)."""
        super().__init__()
        self.motion = motion
        """Cards fly to the pile and from the deck (off with reduced motion and narration)."""
        self.sounds = Sounds(sounds, bell=self.ring, speaker=None)
        """A sound for each big moment (your turn, UNO, a penalty, an exchange), if chosen."""
        self.narrate = narrate
        self.speech: SpeechChoice = speech
        self.speaker = speaker
        self.voice: Voice | None = None
        self.session = session
        self.game = session.game
        self.flow = MatchFlow(session)
        self.bot_delay = bot_delay
        self.narrator = Narrator(self.game.names, team_scores=self.game.rules.team_game)
        self.shown_viewer: int | None = self.flow.viewer
        self.hint = HintToast(self)
        """I's hint: its toast goes once a move is made or the hand is hidden."""
        """Whose view the screen last showed: toasts are cleared when it changes."""
        self.seat_labels = [seat.bot_level or "" for seat in session.seats]
        self.hand_memo: tuple[tuple[Card, ...], frozenset[Card]] = ((), frozenset())
        """The hand as last shown: a cursor move within it is spoken, a new hand is not."""
        self.taught_keys = False
        """The keys of a turn are said with the first turn's prompt only."""
        self.told_decision: object = None
        """The decision whose prompt was last spoken, so each is read once."""
        self.moved = len(self.flow.events)
        """How many of the flow's events the motion has followed (``show_motion``)."""
        self.repeat_from: int | None = None
        """How many lines had been heard when the viewer last moved: R says what came since
        (their move, the bots' moves, their turn), not only the last line."""
        self.cursor_said: set[str] = set()
        """The cursor's words said ("Red 2, 1 of 3, can go."): R leaves them out."""
        self.front = ScreenFrontEnd(self)
        """What the flow awaits from this screen (pauses, curtains, dialogs, round ends)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield TableView(id="table")
            yield EventLog(id="log")
        with Vertical(id="hand-panel"):
            yield Static(id="prompt")
            yield HandView(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        hand = self.query_one(HandView)
        hand.focus()
        self.watch(hand, "cursor", self.cursor_moved, init=False)
        if self.narrate:
            self.start_voice()
        self.show()
        self.run_worker(self.play_match(), name="match", group="match")

    def on_screen_resume(self) -> None:
        """Back from a dialog, help or the curtain: the terminal's cursor on the card again."""
        self.call_after_refresh(self.query_one(HandView).move_terminal_cursor)

    async def play_match(self) -> None:
        await self.flow.run(self.front)
        self.dismiss(None)

    def on_unmount(self) -> None:
        # The app's own speaker goes on for the next screen (the app closes it at the end).
        voice = self.voice
        if voice is not None and not (listening(self) and voice.speaker is shared_speaker(self)):
            voice.close()

    def start_voice(self) -> None:
        """Narration mode: speech where the machine can speak, no animation."""
        self.app.animation_level = "none"
        hand = self.query_one(HandView)
        hand.place_cursor = True
        hand.move_terminal_cursor()
        show_terminal_cursor(self.app.is_headless)
        self.voice = Voice(
            self.game,
            self.narrator,
            speech=self.speech,
            notify=lambda line: self.notify(line, title="Narration"),
            speaker=self.speaker or shared_speaker(self),
        )
        self.voice.told = len(self.game.log) - len(self.game.round_events(None))

    def speak(self, line: str) -> None:
        """A line shown on a dialog, spoken after what is being said (nothing is cut)."""
        if self.voice is not None:
            self.voice.say(line, interrupt=False)

    def say_line(self, line: str, interrupt: bool) -> None:
        if self.voice is not None:
            self.voice.say(line, interrupt=interrupt)

    def speak_now(self, line: str) -> None:
        """A line the listener asked for with a key: it cuts what is being said."""
        if self.voice is not None:
            self.voice.say(line, interrupt=True)

    # What the screen shows -------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """Whose view the screen shows (see ``MatchFlow.viewer``)."""
        return self.flow.viewer

    def log_lines(self, viewer: int | None) -> list[str]:
        """The round so far in words, as ``viewer`` may know it (the event log's lines)."""
        lines = self.narrator.narrate_events(self.game.round_events(viewer), viewer)
        return [line for line in lines if line]

    def show(self) -> None:
        """Draw the table, the log, the hand and the prompt as the viewer may see them; speak
        the new events, then (once) the decision the viewer faces."""
        tables = self.query(TableView)
        if not tables:  # the app is closing: a bot's last thought comes back to no screen
            return
        viewer = self.viewer
        if viewer != self.shown_viewer:
            self.shown_viewer = viewer
            self.forget_told()
        self.hint.drop_stale(viewer)
        view = self.flow.view()
        tables.first().show_table(view, self.seat_labels, viewer)
        self.query_one(EventLog).show_lines(self.log_lines(viewer))
        if self.voice is not None:
            self.voice.tell_new(viewer)
        hand = self.query_one(HandView)
        if viewer is None:
            hand.hide(
                hidden_hand_words(
                    people=bool(self.session.people),
                    bots_only=all(seat.bot_level for seat in self.session.seats),
                )
            )
        else:
            decision = self.flow.decision_of(viewer)
            kind = None if decision is None else decision.kind
            verbs: dict[DecisionKind | None, str] = {
                DecisionKind.PASS: "pass",
                DecisionKind.SHARE: "give",
            }
            verb = verbs.get(kind, "play")
            hand.show_hand(self.game.view(viewer).hand, self.choosable_cards(viewer), verb)
        self.hand_memo = (tuple(hand.cards), hand.playable)
        new_events, self.moved = self.flow.events[self.moved :], len(self.flow.events)
        self.show_motion(new_events)
        if self.sounds.on and new_events:
            self.sounds.speaker = None if self.voice is None else self.voice.speaker
            listeners = self.session.people if viewer is None else (viewer,)
            self.sounds.hear(new_events, listeners)
        prompt = self.prompt(viewer)
        self.query_one("#prompt", Static).update(painted(prompt))
        decision = None if viewer is None else self.flow.decision_of(viewer)
        if decision is not None and decision.kind not in PROMPT_KINDS:
            moment = (len(self.game.log), decision)
            if moment != self.told_decision:
                self.told_decision = moment
                # For a listener: cards in words ("Red 2", not "R 2"); the narration has
                # just said whose turn it is.
                self.speak(
                    spoken_prompt(
                        decision,
                        prompt,
                        teach_keys=not self.taught_keys,
                        uno_next=self.uno_next(viewer, decision),
                    )
                )
                if decision.kind is DecisionKind.TURN:
                    self.taught_keys = True

    def cursor_moved(self) -> None:
        """The cursor moved along the same hand (a key): say the card under it."""
        hand = self.query_one(HandView)
        if self.voice is None or (tuple(hand.cards), hand.playable) != self.hand_memo:
            return
        card = hand.selected
        if card is not None:
            words = cursor_words(card, hand.cursor, len(hand.cards), hand.playable)
            self.cursor_said.add(words)  # in the log (L), not in what R repeats
            self.speak_now(words)

    def choosable_cards(self, seat: int) -> set[Card]:
        return {a.card for a in self.flow.actions_of(seat) if isinstance(a, CARD_ACTIONS)}

    def prompt(self, viewer: int | None, label: Callable[[Card], str] = card_label) -> list[Phrase]:
        """The prompt over the hand, in the words of ``narration.prompts`` (its cards named
        by ``label``: ``R 2`` on screen, ``Red 2`` for a listener)."""
        game = self.game
        decision = self.session.person_to_decide()
        if (
            decision is not None
            and decision.player == viewer
            and decision.kind in PROMPT_KINDS
            and game.phase not in ROUND_ENDS
        ):
            return put_off_phrases(self.flow.view(), decision)
        return prompt_phrases(
            game.names,
            viewer,
            decision,
            round_over=game.phase in ROUND_ENDS,
            waiting=self.flow.awaited(),
            teammate=None if decision is None else game.teammate_of(decision.player),
            may_call_uno=viewer is not None and bool(self.my_actions(viewer, CallUno)),
            uno_exposed=self.flow.public_view().uno_exposed,
            uno_armed=self.flow.uno_armed,
            uno_next=self.uno_next(viewer, decision),
            label=label,
        )

    def uno_next(self, viewer: int | None, decision: Decision | None) -> bool:
        """The viewer's turn with two cards, one of them playable: U calls UNO with it."""
        if viewer is None or decision is None or decision.player != viewer:
            return False
        if decision.kind is not DecisionKind.TURN or self.flow.uno_armed:
            return False
        playable = any(isinstance(a, PlayCard) for a in decision.actions)
        return playable and len(self.game.view(viewer).hand) == 2

    def show_motion(self, events: Sequence[Event]) -> None:
        """The last card played flies to the pile; a card the viewer drew flies from the
        deck to the hand. Never with reduced motion, in narration mode, or with Textual's
        animations off."""
        if not self.motion or self.voice is not None or self.app.animation_level == "none":
            return
        table, hand = self.query_one(TableView), self.query_one(HandView)
        pile, deck = table.pile_offset(), table.deck_offset()
        viewer = self.viewer
        played = next((e for e in reversed(events) if isinstance(e, CardPlayed)), None)
        if played is not None and pile is not None:
            start = (
                hand.content_region.offset + hand.chip_cell(hand.cursor)
                if played.player == viewer and hand.cards
                else table.seat_offset(played.player)
            )
            if start is not None:
                self.mount(FlyingCard(played.card, start, pile))
        drawn = next(
            (e for e in reversed(events) if isinstance(e, CardsDrawn) and e.player == viewer),
            None,
        )
        if drawn is not None and deck is not None and hand.cards:
            end = hand.content_region.offset + hand.chip_cell(len(hand.cards) - 1)
            self.mount(FlyingCard(None, deck, end))

    def ring(self) -> None:
        self.app.bell()

    def match_record(self) -> MatchRecord | None:
        """The match's record, for R at its end: the whole game's (a joined seat has only
        its own view of it: none)."""
        return MatchRecord.of(self.game) if isinstance(self.game, Game) else None

    def notice(self, line: str) -> None:
        """A line from the table (a joined seat's connection, the host's notices)."""
        self.notify(line, title="Table", severity="warning" if "onnect" in line else "information")
        self.speak(line)

    # Acting ----------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Post ``action``; an illegal one is refused with the engine's reason."""
        try:
            self.flow.act(action)
        except IllegalActionError as error:
            self.refuse(str(error))
            return
        self.moved_now()
        self.show()

    def moved_now(self) -> None:
        """The viewer moved: R repeats from here."""
        if self.voice is not None:
            self.repeat_from = self.voice.history.count

    def my_actions(self, seat: int, kind: type[ActionT]) -> list[ActionT]:
        return [action for action in self.flow.actions_of(seat) if isinstance(action, kind)]

    def key_pressed(self) -> None:
        """The listener acts: what is being said stops (it stays in the log, for R and L)."""
        if self.voice is not None:
            self.voice.interrupt()

    @on(HandView.Chosen)
    def card_chosen(self, event: HandView.Chosen) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        self.key_pressed()
        card = event.card
        options: list[Action] = [
            action
            for action in self.flow.actions_of(viewer)
            if isinstance(action, CARD_ACTIONS) and action.card is card
        ]
        if not options:
            self.explain_refusal(viewer, card)
            return
        self.run_worker(self.refine(options), group="question")

    def explain_refusal(self, seat: int, card: Card) -> None:
        try:
            self.game.check(PlayCard(seat, card, Color.RED if card.is_wild else None))
        except IllegalActionError as error:
            self.refuse(str(error), title=cannot_go_words(card, label=card_label))
            return
        self.refuse(cannot_choose_words(card, label=card_label))

    def forget_told(self) -> None:
        """Clear every toast when the hand on screen changes hands: a review line or a
        refusal names the cards of the person who asked, and must not sit over the next one's
        curtain. A disk that still fails to save is told again."""
        self.app.clear_notifications()
        if self.session.unsaved:
            self.notify(self.session.unsaved, severity="error", timeout=10)

    def refuse(self, line: str, *, title: str = "Not allowed") -> None:
        """Say why a key did nothing. The newest reason replaces the older ones: a player who
        presses Enter while a bot thinks would otherwise stack toasts over the table."""
        self.app.clear_notifications()
        self.notify(line, severity="warning", title=title)
        self.speak_now(line)

    async def refine(self, options: Sequence[Action]) -> None:
        """Ask the colour, then the player, when a card needs them; then play it. Bots wait
        while the question is up."""
        async with self.flow.asking():
            while (question := self.flow.questions.refine(options)) is not None:
                index = await self.front.wait_for(self.front.choice_screen(question))
                self.key_pressed()
                if index is None:
                    self.show()
                    return
                options = question.choices[index].actions
            if options:
                self.act(options[0])

    def action_draw(self) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        self.key_pressed()
        draws: list[Action] = [*self.my_actions(viewer, DrawCard)]
        draws += self.my_actions(viewer, AcceptPenalty)
        if draws:
            self.act(draws[0])
        else:
            self.refuse(CANNOT_DRAW)

    def action_uno(self) -> None:
        self.key_pressed()
        people = [self.viewer] if self.viewer is not None else list(self.session.people)
        for seat in people:
            if seat is None:
                continue
            calls = self.my_actions(seat, CallUno)
            if calls:
                self.act(calls[0])
                return
        viewer = self.viewer
        if viewer is not None and len(self.game.view(viewer).hand) == 2:
            self.flow.uno_armed = not self.flow.uno_armed
            self.show()
            if self.flow.uno_armed:
                self.speak_now(UNO_ARMED)
            return
        self.refuse(NOBODY_TO_CALL_UNO, title="UNO")

    def action_catch(self) -> None:
        self.key_pressed()
        seats = [self.viewer] if self.viewer is not None else list(self.session.people)
        catches = [a for seat in seats if seat is not None for a in self.my_actions(seat, CatchUno)]
        targets = list({a.target: a for a in catches}.values())
        if not targets:
            self.refuse(NOBODY_TO_CATCH, title="Catch")
            return
        if len(targets) == 1:
            self.act(targets[0])
            return
        self.run_worker(self.refine_question(self.flow.questions.catch_question(targets)))

    async def refine_question(self, question: Question) -> None:
        async with self.flow.asking():
            index = await self.front.wait_for(self.front.choice_screen(question))
        self.key_pressed()
        if index is not None:
            await self.refine(question.choices[index].actions)

    def action_moves(self) -> None:
        """M: the viewer's moves as a question; its numbers play them."""
        viewer = self.viewer
        if viewer is None:
            self.action_review("moves")
            return
        moves = self.moves_of(viewer)
        if not moves:
            self.action_review("moves")
            return
        self.key_pressed()
        self.run_worker(
            self.refine_question(self.flow.questions.moves_question(moves)), group="question"
        )

    def action_review(self, what: str) -> None:
        """A review line that uses no turn, shown and (in narration mode) spoken."""
        line = self.heard_again(what) if what in ("repeat", "log") else self.review_line(what)
        if self.voice is not None:
            self.voice.say(line, interrupt=True, keep=what not in ("repeat", "log"))
        self.notify(line, title=what.capitalize(), timeout=8)

    def review_line(self, what: str) -> str:
        """The hand, the top card, the counts, the scores or the moves, as the viewer may know
        them (with no hand shown: what anyone may know)."""
        viewer = self.viewer
        if viewer is None:
            return review_words(what, self.flow.public_view())
        moves = self.moves_of(viewer) if what == "moves" else []
        return review_words(what, self.game.view(viewer), moves)

    def moves_of(self, seat: int) -> list[Move]:
        """The moves ``seat`` may make now, as M lists them."""
        return list_moves([d for d in self.game.decisions() if d.player == seat], self.game.names)

    def heard_again(self, what: str) -> str:
        """R: the last line heard; L: the last few."""
        if self.voice is None:
            return "Narration is off: N turns it on."
        if what == "repeat":
            since = [] if self.repeat_from is None else self.voice.history.since(self.repeat_from)
            since = [line for line in since if line not in self.cursor_said]
            if len(since) > 1:  # the moves since the viewer's own, and what is now
                return " ".join(since[-REPEAT_LINES:])
            return self.voice.history.last()
        return " ".join(self.voice.history.recent(6))

    def action_hint(self) -> None:
        """I: what the hard bot would do in the viewer's seat, from their view only, with its
        reason; the cursor goes to the card. Only with a hand shown (in hot-seat: behind the
        curtain) and a decision of the viewer's own to take."""
        viewer = self.viewer
        decision = None if viewer is None else self.flow.decision_of(viewer)
        if viewer is None or decision is None:
            self.refuse("A hint comes with your own turn.", title="Hint")
            return
        self.key_pressed()
        self.run_worker(self.hint.give(viewer), group="hint", exclusive=True)

    def action_toggle_narration(self) -> None:
        toggle_narration(self)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        saved = self.session.autosave is not None and not self.session.is_over
        hint = resume_hint(plain=False, after_every_move=True, program=command_name())
        self.app.exit(message=(self.session.unsaved or hint) if saved else "Goodbye.")


def painted(prompt: Sequence[Phrase]) -> Text:
    """The prompt's phrases, each in the style of its emphasis."""
    text = Text()
    for phrase in prompt:
        text.append(phrase.text, style=EMPHASIS_STYLES[phrase.emphasis])
    return text
