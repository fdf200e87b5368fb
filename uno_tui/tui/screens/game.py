"""The match: the table, the log, the hand of whoever is at the keyboard, and the flow of turns.

The screen asks the session who must decide, shows that person's view (behind the curtain
when the keyboard changes hands), and posts what they choose. It holds no rules: what is legal
comes from the engine's decisions, and an illegal choice is refused with the engine's words.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from uno_tui.archive import tell
from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    Deal,
    Decision,
    DecisionKind,
    DrawCard,
    GiveCard,
    IllegalActionError,
    MatchRecord,
    NameColor,
    PassCard,
    Phase,
    PlayCard,
    PlayerView,
)
from uno_tui.engine.events import CardPlayed, CardsDrawn, Event, RoundEnded
from uno_tui.narration import (
    Narrator,
    card_order,
    card_words,
    counts_words,
    describe_action,
    hand_words,
    scores_line,
    top_words,
)
from uno_tui.narration.speech import SpeechChoice
from uno_tui.session import BotTurn, Session
from uno_tui.tui.cards import COLOR_STYLES, card_label
from uno_tui.tui.screens.choice import ChoiceScreen
from uno_tui.tui.screens.curtain import CurtainScreen
from uno_tui.tui.screens.help import HelpScreen
from uno_tui.tui.screens.round_end import RoundEndScreen
from uno_tui.tui.voice import Voice, moves_line
from uno_tui.tui.widgets.event_log import EventLog
from uno_tui.tui.widgets.flying_card import FlyingCard
from uno_tui.tui.widgets.hand_view import HandView
from uno_tui.tui.widgets.table_view import TableView, draw_table

ActionT = TypeVar("ActionT", bound=Action)

CARD_ACTIONS = (PlayCard, PassCard, GiveCard)
PROMPT_KINDS = frozenset(
    (DecisionKind.PLAY_DRAWN, DecisionKind.NAME_COLOR, DecisionKind.CHALLENGE, DecisionKind.STACK)
)
"""Decisions asked in a dialog; the others are answered by choosing from the hand."""
RESUME_HINT = "The match is saved after every move: uno-tui resume continues it."
ROUND_ENDS = frozenset((Phase.ROUND_OVER, Phase.MATCH_OVER))
CURTAIN_TABLE = (70, 12)
"""The public table drawn on the curtain: the compact table, 70 columns by 12 rows."""


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
        Binding("m", "review('moves')", "Moves", show=False),
    ]

    def __init__(
        self,
        session: Session,
        *,
        bot_delay: float = 0.6,
        narrate: bool = False,
        speech: SpeechChoice = "auto",
        motion: bool = True,
    ) -> None:
        super().__init__()
        self.motion = motion
        """Cards fly to the pile and from the deck (off with reduced motion and narration)."""
        self.narrate = narrate
        self.speech: SpeechChoice = speech
        self.voice: Voice | None = None
        self.session = session
        self.game = session.game
        self.bot_delay = bot_delay
        self.narrator = Narrator(self.game.names, team_scores=self.game.rules.team_game)
        people = session.people
        self.solo: int | None = people[0] if len(people) == 1 else None
        self.at_keyboard: int | None = self.solo
        """The person whose hand may show now (hot-seat: after they confirmed the curtain)."""
        self.hand_shown = self.solo is not None
        self.shown_viewer: int | None = self.solo
        """Whose view the screen last showed: toasts are cleared when it changes."""
        self.uno_armed = False
        self.dialog_open = False
        self.round_end_shown = 0
        self.timer: Timer | None = None
        self.thinking: BotTurn | None = None
        """The bot turn being thought about off the UI thread, if any."""
        self.seat_labels = [seat.bot or "" for seat in session.seats]

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield TableView(id="table")
            yield EventLog(id="log")
        with Vertical(id="hand-panel"):
            yield Static(id="prompt")
            yield HandView(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        if self.narrate:
            self.start_voice()
        self.refresh_view()
        self.schedule(0)

    def on_unmount(self) -> None:
        if self.voice is not None:
            self.voice.close()

    def start_voice(self) -> None:
        """Narration mode: speech where the machine can speak, no animation."""
        self.app.animation_level = "none"
        hand = self.query_one(HandView)
        hand.place_cursor = True
        hand.move_terminal_cursor()
        driver = self.app._driver
        if driver is not None and not self.app.is_headless:
            driver.write("\x1b[?25h")  # show the cursor: braille displays follow it
        self.voice = Voice(
            self.game,
            self.narrator,
            speech=self.speech,
            notify=lambda line: self.notify(line, title="Narration"),
        )
        self.voice.told = len(self.game.log) - len(self.game.round_events(None))

    # What the screen shows -------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """Whose view the screen shows: the one person (solo), the person at the keyboard
        while their hand may show, or nobody (public facts only)."""
        if self.solo is not None:
            return self.solo
        return self.at_keyboard if self.hand_shown else None

    def refresh_view(self) -> None:
        viewer = self.viewer
        if viewer != self.shown_viewer:
            self.shown_viewer = viewer
            self.forget_told()
        view = self.game.view(0 if viewer is None else viewer)
        self.query_one(TableView).show_table(view, self.seat_labels, viewer)
        lines = self.narrator.narrate_events(self.game.round_events(viewer), viewer)
        self.query_one(EventLog).show_lines([line for line in lines if line])
        if self.voice is not None:
            self.voice.tell_new(viewer)
        hand = self.query_one(HandView)
        if viewer is None:
            hand.hide("Hands are hidden." if self.session.people else "Bots only: watching.")
        else:
            hand.show_hand(view.hand, self.choosable_cards(viewer))
        self.query_one("#prompt", Static).update(self.prompt_text(viewer))

    def choosable_cards(self, seat: int) -> set[Card]:
        return {
            action.card
            for decision in self.session.options_for(seat)
            for action in decision.actions
            if isinstance(action, CARD_ACTIONS)
        }

    def prompt_text(self, viewer: int | None) -> Text:
        game, names = self.game, self.game.names
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return Text("The round is over.", style="bold")
        decision = self.session.person_to_decide()
        mine = viewer is not None and decision is not None and decision.player == viewer
        text = Text()
        if not mine or decision is None:
            waiting = game.decisions(out_of_turn=False)
            if waiting:
                who = ", ".join(sorted({names[d.player] for d in waiting}))
                text.append(f"Waiting for {who}.", style="italic")
        elif decision.kind is DecisionKind.PASS:
            mate = game.teammate_of(decision.player)
            to = names[mate] if mate is not None else "your teammate"
            text.append(f"{names[decision.player]}: choose a card to pass to {to} (secret).")
        elif decision.kind is DecisionKind.SHARE:
            text.append(f"{names[decision.player]}: choose a card to give your teammate.")
        elif decision.kind is DecisionKind.TEAM_PLAY:
            text.append(f"{names[decision.player]}: Wild Team Play! Play a card.", style="bold")
        else:
            name = names[decision.player]
            you = name.casefold() == "you"  # not "Your turn, You"
            text.append("Your turn" if you else f"Your turn, {name}", style="bold")
            cards = {a.card for a in decision.actions if isinstance(a, PlayCard)}
            playable = [card_label(card) for card in sorted(cards, key=card_order)]
            if playable:
                text.append(f": {', '.join(playable)} can go. Enter plays, D draws.")
            else:
                text.append(": no card can go. D draws.")
        if viewer is not None and self.my_actions(viewer, CallUno):
            text.append("  U to call UNO!", style="bold")
        exposed = [names[seat] for seat in game.uno_exposed if seat != viewer]
        if exposed:
            text.append(f"  {', '.join(exposed)} did not call UNO: C to catch.", style="bold red")
        if viewer is not None and self.uno_armed:
            text.append("  UNO will be called with your card.", style="bold")
        return text

    # The flow of the match -------------------------------------------------------------

    def schedule(self, delay: float | None = None) -> None:
        """Move the match on after ``delay`` (the bot pause by default)."""
        if self.timer is not None:
            self.timer.stop()
        pause = self.bot_delay if delay is None else delay
        if not self.session.bots:
            pause = 0
        # A timer of 0 s would divide by zero inside Textual; 10 ms is "at once" to a person.
        self.timer = self.set_timer(max(pause, 0.01), self.step)

    def step(self) -> None:
        """One step: the round's end, one bot's action, or the next person's decision."""
        self.timer = None
        if self.thinking is not None:
            return  # the bot's answer moves the match on
        if self.dialog_open:  # a dialog opened by a key (a catch) while a bot was due
            self.schedule(max(self.bot_delay, 0.1))
            return
        game = self.game
        if game.phase in ROUND_ENDS:
            self.finish_round()
            return
        if not self.bot_delay:  # no pause asked for: play every bot move before drawing
            events = self.session.bot_step()
            if events is not None:
                while self.game.phase not in ROUND_ENDS:
                    more = self.session.bot_step()
                    if more is None:
                        break
                    events += more
                self.after_action(events)
                return
        else:
            events = self.session.bot_react()
            if events is not None:
                self.after_action(events)
                return
            turn = self.session.bot_turn()
            if turn is not None:
                self.thinking = turn
                self.run_worker(self.think(turn), group="bot")
                return
        decision = self.session.person_to_decide()
        if decision is not None:
            self.present(decision)

    async def think(self, turn: BotTurn) -> None:
        """A bot thinks off the UI thread (a hard bot takes up to its budget), so keys, review
        lines and the clock keep going; then its move is played here, unless the table changed
        meanwhile or a dialog is open, when it looks again."""
        try:
            action = await asyncio.to_thread(self.session.think, turn)
        finally:
            self.thinking = None
        events = None if self.dialog_open else self.session.play_bot_turn(turn, action)
        if events is None:
            self.schedule()
            return
        self.after_action(events)

    def present(self, decision: Decision) -> None:
        seat = decision.player
        if self.solo is None and self.at_keyboard != seat:
            self.hand_shown = False
            self.refresh_view()
            self.raise_curtain(seat)
            return
        self.hand_shown = True
        if self.voice is not None:
            self.voice.interrupt()  # a new decision: what is still queued is stale
        self.refresh_view()
        if decision.kind in PROMPT_KINDS:
            self.ask_decision(decision)

    def raise_curtain(self, seat: int) -> None:
        names = self.game.names
        people = set(self.session.people)
        calls = [
            (f"{names[a.target]} calls UNO", a)
            for d in self.game.decisions()
            if d.kind is DecisionKind.CALL_UNO and d.player in people
            for a in d.actions
            if isinstance(a, CallUno) and a.player == a.target
        ]
        catches = [
            (f"{names[a.player]} catches {names[a.target]}", a)
            for d in self.game.decisions()
            if d.kind is DecisionKind.CATCH_UNO and d.player in people
            for a in d.actions
            if isinstance(a, CatchUno)
        ]
        view = self.game.view(seat)
        table = draw_table(view, self.seat_labels, None, CURTAIN_TABLE[0], CURTAIN_TABLE[1])

        def ready(action: Action | None) -> None:
            self.dialog_open = False
            if action is not None:
                self.apply(action)
                return
            self.at_keyboard = seat
            self.uno_armed = False
            if self.voice is not None:  # the hand is told only now, to its holder
                mine = self.game.view(seat)
                self.voice.say(f"{names[seat]}. {hand_words(mine)} {top_words(mine)}")
            self.schedule(0)

        self.dialog_open = True
        self.app.push_screen(CurtainScreen(names[seat], table, calls[:1], catches[:1]), ready)

    def ask_decision(self, decision: Decision) -> None:
        """A dialog for the decisions that are not a card from the hand."""
        names = self.game.names
        view = self.game.view(decision.player)
        actions = list(decision.actions)
        answers: list[str | Text] = [describe_action(action, names) for action in actions]
        question = "Choose."
        if decision.kind is DecisionKind.NAME_COLOR:
            question = f"{names[decision.player]}, the first card is a Wild: name the colour."
            answers = [
                color_answer(action.color) if isinstance(action, NameColor) else "?"
                for action in actions
            ]
        elif decision.kind is DecisionKind.PLAY_DRAWN:
            drawn = view.drawn_card
            question = f"You drew {card_words(drawn) if drawn else 'a card'}: play it or keep it?"
            answers = [
                describe_action(action, names) if isinstance(action, PlayCard) else "keep it"
                for action in actions
            ]
        else:  # a Wild Draw Four or a stack of Draw Twos to answer
            question = f"{names[decision.player]}, you face {view.pending_penalty} cards."
            if decision.kind is DecisionKind.CHALLENGE:
                question += " Challenge the Wild Draw Four, or draw?"
            answers = [
                "challenge: if it was played illegally, its player draws instead"
                if isinstance(action, Challenge)
                else describe_action(action, names)
                for action in actions
            ]

        def answered(index: int | None) -> None:
            self.dialog_open = False
            if index is None:
                self.refresh_view()
                return
            self.apply(actions[index])

        self.dialog_open = True
        self.app.push_screen(ChoiceScreen(question, answers, cancellable=True), answered)

    def after_action(self, events: Sequence[Event]) -> None:
        """Refresh, hide a hot-seat hand whose turn is over, and go on."""
        viewer = self.viewer
        if self.solo is None and viewer is not None:
            still_mine = any(
                not d.kind.out_of_turn and d.player == viewer for d in self.game.decisions()
            )
            drawn = [
                card
                for e in events
                if isinstance(e, CardsDrawn) and e.player == viewer and e.cards
                for card in e.cards
            ]
            if not still_mine and drawn and not self.dialog_open:
                self.show_drawn(viewer, drawn, events)
                return
            if not still_mine:
                self.hand_shown = False
        self.refresh_view()
        self.show_motion(events)
        mine = self.session.person_to_decide()
        self.schedule(0 if mine is not None and mine.player == viewer else None)

    def show_drawn(self, seat: int, cards: Sequence[Card], events: Sequence[Event]) -> None:
        """Hot-seat: cards a person drew as their turn ended are shown to them (with their
        hand) before the keyboard passes on; then the hand hides as usual."""
        self.refresh_view()
        self.show_motion(events)
        words = ", ".join(card_words(card) for card in cards)
        question = f"{self.game.names[seat]}, you drew {words}. Your turn is over."

        def passed(_: int | None) -> None:
            self.dialog_open = False
            self.hand_shown = False
            self.refresh_view()
            self.schedule(None)

        self.dialog_open = True
        self.app.push_screen(ChoiceScreen(question, ["pass the keyboard on"]), passed)

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

    def finish_round(self) -> None:
        game = self.game
        if self.round_end_shown != game.round_number:
            self.round_end_shown = game.round_number
            view = game.view(0 if self.viewer is None else self.viewer)

            def next_round(_: None) -> None:
                self.dialog_open = False
                if game.phase is Phase.MATCH_OVER:
                    self.dismiss(None)
                    return
                if self.solo is None:
                    self.at_keyboard = None
                    self.hand_shown = False
                self.schedule(0)

            self.dialog_open = True
            rounds = [event for event in game.log if isinstance(event, RoundEnded)]
            record = MatchRecord.of(game)
            screen = RoundEndScreen(
                view, game.round_events(None), rounds, replay=lambda: list(tell(record))
            )
            self.app.push_screen(screen, next_round)
            return
        if game.phase is Phase.ROUND_OVER:
            dealer = game.decisions()[0].player
            if dealer in self.session.bots:
                self.after_action(self.session.bot_step() or [])
            else:
                self.apply(Deal(dealer))

    # Acting ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Post ``action``; an illegal one is refused with the engine's reason."""
        try:
            events = self.session.apply(action)
        except IllegalActionError as error:
            self.refuse(str(error))
            return
        if self.uno_armed and isinstance(action, PlayCard):
            self.uno_armed = False
            calls = self.my_actions(action.player, CallUno)
            if calls:
                events = [*events, *self.session.apply(calls[0])]
        self.after_action(events)

    def my_actions(self, seat: int, kind: type[ActionT]) -> list[ActionT]:
        return [
            action
            for decision in self.session.options_for(seat)
            for action in decision.actions
            if isinstance(action, kind)
        ]

    @on(HandView.Chosen)
    def card_chosen(self, event: HandView.Chosen) -> None:
        viewer = self.viewer
        if viewer is None or self.dialog_open:
            return
        card = event.card
        options: list[Action] = [
            action
            for decision in self.session.options_for(viewer)
            for action in decision.actions
            if isinstance(action, CARD_ACTIONS) and action.card is card
        ]
        if not options:
            self.explain_refusal(viewer, card)
            return
        self.refine(options)

    def explain_refusal(self, seat: int, card: Card) -> None:
        try:
            self.game.check(PlayCard(seat, card, Color.RED if card.is_wild else None))
        except IllegalActionError as error:
            self.refuse(str(error), title=f"{card_label(card)} cannot go")
            return
        self.refuse(f"{card_label(card)} cannot be chosen now.")

    def forget_told(self) -> None:
        """Clear every toast and stop speaking when the hand on screen changes hands: a review
        line or a refusal names the cards of the person who asked, and must not sit over the
        next one's curtain. A disk that still fails to save is told again."""
        if self.voice is not None:
            self.voice.interrupt()
        self.app.clear_notifications()
        if self.session.unsaved:
            self.notify(self.session.unsaved, severity="error", timeout=10)

    def refuse(self, line: str, *, title: str = "Not allowed") -> None:
        """Say why a key did nothing. The newest reason replaces the older ones: a player who
        presses Enter while a bot thinks would otherwise stack toasts over the table."""
        self.app.clear_notifications()
        self.notify(line, severity="warning", title=title)

    def refine(self, options: Sequence[Action]) -> None:
        """Ask the colour, then the player, when a card needs them; then play it."""
        if len(options) == 1:
            self.apply(options[0])
            return
        names = self.game.names
        colours = list(dict.fromkeys(a.color for a in options if isinstance(a, PlayCard)))
        if len(colours) > 1:
            first = options[0]
            card = f"{card_words(first.card)}: " if isinstance(first, PlayCard) else ""
            question = f"{card}which colour?"
            answers: list[str | Text] = [color_answer(c) for c in colours]

            def pick_colour(index: int | None) -> None:
                self.dialog_open = False
                if index is not None:
                    chosen = colours[index]
                    kept = [a for a in options if isinstance(a, PlayCard) and a.color is chosen]
                    self.refine(kept)

            self.dialog_open = True
            self.app.push_screen(ChoiceScreen(question, answers), pick_colour)
            return
        targets = [a for a in options if isinstance(a, PlayCard) and a.target is not None]

        def pick_target(index: int | None) -> None:
            self.dialog_open = False
            if index is not None:
                self.apply(targets[index])

        self.dialog_open = True
        self.app.push_screen(
            ChoiceScreen(
                "With whom?",
                [
                    f"{names[a.target]} ({self.game.view(0).hand_counts[a.target]} cards)"
                    for a in targets
                    if a.target is not None
                ],
            ),
            pick_target,
        )

    def action_draw(self) -> None:
        viewer = self.viewer
        if viewer is None or self.dialog_open:
            return
        draws: list[Action] = [*self.my_actions(viewer, DrawCard)]
        draws += self.my_actions(viewer, AcceptPenalty)
        if draws:
            self.apply(draws[0])
        else:
            self.refuse("You cannot draw now.")

    def action_uno(self) -> None:
        if self.dialog_open:
            return
        people = [self.viewer] if self.viewer is not None else list(self.session.people)
        for seat in people:
            if seat is None:
                continue
            calls = self.my_actions(seat, CallUno)
            if calls:
                self.apply(calls[0])
                return
        viewer = self.viewer
        if viewer is not None and len(self.game.hands[viewer]) == 2:
            self.uno_armed = not self.uno_armed
            self.refresh_view()
            return
        self.refuse("Nobody can call UNO now.", title="UNO")

    def action_catch(self) -> None:
        if self.dialog_open:
            return
        seats = [self.viewer] if self.viewer is not None else list(self.session.people)
        catches = [a for seat in seats if seat is not None for a in self.my_actions(seat, CatchUno)]
        targets = list({a.target: a for a in catches}.values())
        if not targets:
            self.refuse("Nobody can be caught now.", title="Catch")
            return
        if len(targets) == 1:
            self.apply(targets[0])
            return
        names = self.game.names

        def pick(index: int | None) -> None:
            self.dialog_open = False
            if index is not None:
                self.apply(targets[index])

        self.dialog_open = True
        self.app.push_screen(
            ChoiceScreen("Catch whom?", [f"{names[a.target]}" for a in targets]), pick
        )

    def action_review(self, what: str) -> None:
        """A review line that uses no turn, shown and (in narration mode) spoken."""
        viewer = self.viewer
        view = self.game.view(0 if viewer is None else viewer)
        if what in ("hand", "moves") and viewer is None:
            line = "No hand is shown now."
        elif what == "hand":
            line = hand_words(view)
        elif what == "moves":
            line = moves_line(self.game, view.player)
        elif what == "top":
            line = top_words(view) if viewer is not None else public_top_words(view)
        elif what == "counts":
            line = counts_words(view) if viewer is not None else public_counts(view)
        elif what == "scores":
            line = scores_line(view)
        elif self.voice is None:
            line = "Narration is off: N turns it on."
        elif what == "repeat":
            line = self.voice.history.last()
        else:
            line = " ".join(self.voice.history.recent(6))
        if self.voice is not None:
            self.voice.say(line)
        self.notify(line, title=what.capitalize(), timeout=8)

    def action_toggle_narration(self) -> None:
        if self.voice is None:
            self.start_voice()
            self.notify("Narration on.")
            return
        self.voice.on = not self.voice.on
        if not self.voice.on:
            self.voice.interrupt()
        self.notify(f"Narration {'on' if self.voice.on else 'off'}.")

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        saved = self.session.autosave is not None and not self.session.is_over
        self.app.exit(message=(self.session.unsaved or RESUME_HINT) if saved else "Goodbye.")


def public_top_words(view: PlayerView) -> str:
    """The top card for the whole table: without the drawn card a player's own view adds."""
    colour = view.current_color.word if view.current_color else "not named yet"
    return f"Top card: {card_words(view.top_card)}, colour {colour}."


def public_counts(view: PlayerView) -> str:
    counts = ", ".join(
        f"{name} {count}" for name, count in zip(view.names, view.hand_counts, strict=True)
    )
    return f"Cards: {counts}. Draw pile {view.draw_pile_count}."


def color_answer(color: Color | None) -> Text:
    if color is None:
        return Text("no colour")
    return Text(f" {color.word.capitalize()} ", style=COLOR_STYLES[color])
