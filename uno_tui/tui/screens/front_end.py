"""The game screen as the flow's front end: what ``MatchFlow`` awaits from the app.

The flow decides what happens next; this object turns each of its moments into what a person
at the keyboard meets: the bot pause (longer after a move that hits a person, until speech has
caught up, held under the "make the terminal larger" cover), the handoff curtain, a question as
a dialog (closed with a sentence when its moment passes), a challenge's result, the round's end.
It draws and speaks through its ``GameScreen``, which holds the table's widgets and keys.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, TypeVar

from rich.text import Text
from textual.screen import Screen

from uno_tui.engine import Action, Color, Decision, DecisionKind, Game, MatchRecord
from uno_tui.engine.events import RoundEnded
from uno_tui.match.flow import HIT_PAUSE, hits_person
from uno_tui.match.questions import Curtain, Question
from uno_tui.narration import color_before_draw_four, handover_words
from uno_tui.store.archive import tell
from uno_tui.store.stats import round_by_round_of
from uno_tui.tui.cards import COLOR_STYLES
from uno_tui.tui.challenge import (
    challenge_details,
    challenge_outcomes,
    challenge_result,
    challenge_result_words,
    challenge_stakes,
)
from uno_tui.tui.listening import listening
from uno_tui.tui.replay_frames import frames_of, person_seat
from uno_tui.tui.screens.banner import BannerScreen
from uno_tui.tui.screens.choice import ChoiceScreen
from uno_tui.tui.screens.curtain import CurtainScreen
from uno_tui.tui.screens.narration_key import toggle_narration
from uno_tui.tui.screens.replay_table import ReplayTableScreen
from uno_tui.tui.screens.round_end import JoinedRoundEndScreen, RoundEndScreen, round_spoken
from uno_tui.tui.screens.stats import StatsScreen, kept_stats
from uno_tui.tui.screens.too_small import too_small
from uno_tui.tui.widgets.table_view import draw_table

if TYPE_CHECKING:
    from uno_tui.tui.screens.game import GameScreen

ResultT = TypeVar("ResultT")

SPEECH_POLL = 0.05
"""How often the pause before a bot's move looks whether speech has caught up (seconds)."""
LAST_CARD_PAUSE = 2.0
"""The card that ended a hand stays on the table this many bot pauses (at least a second)
before the round's end is shown."""
CURTAIN_TABLE = (70, 12)
"""The public table drawn on the curtain: the compact table, 70 columns by 12 rows."""
LAST_CARD_WORDS = "One card left: U calls UNO."
"""Said to a listener who played their next-to-last card without calling."""
QUESTION_PASSED = "That question has passed."
"""Said when a dialog closes because its moment passed (the table moved on meanwhile)."""


class ScreenFrontEnd:
    """``MatchFlow``'s ``FrontEnd`` on a ``GameScreen``."""

    holds_drawn = True
    """Hot-seat: cards drawn as a turn ends are shown in a dialog, the hand still up."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.paused_at = len(screen.flow.events)
        """How many of the flow's events had come by the last bot pause."""
        self.results_at = len(screen.flow.events)
        """How many of the flow's events have been looked through for challenge results."""

    def show(self) -> None:
        self.screen.show()

    def notice(self, line: str) -> None:
        self.screen.notice(line)

    # Dialogs ---------------------------------------------------------------------------

    async def wait_for(self, screen: Screen[ResultT]) -> ResultT:
        """Push ``screen`` and wait for its result."""
        answered: asyncio.Future[ResultT] = asyncio.get_running_loop().create_future()

        def settle(result: ResultT | None) -> None:
            if not answered.done():
                answered.set_result(result)  # type: ignore[arg-type]

        self.screen.app.push_screen(screen, settle)
        return await answered

    async def ask_for(self, screen: Screen[ResultT]) -> ResultT:
        """``wait_for`` a question the flow asked: when the flow cancels it (its moment
        passed: a bot moved, the clock ran out, the host moved on), the dialog goes and a
        listener is told so."""
        try:
            return await self.wait_for(screen)
        except asyncio.CancelledError:
            self.question_passed(screen)
            raise

    def question_passed(self, dialog: Screen[Any]) -> None:
        """Close ``dialog``, whose moment passed, and say so; what is now comes with the next
        ``show``. Nothing when the app is closing (the match ends with it)."""
        screen = self.screen
        app = screen.app
        if dialog not in app.screen_stack or not screen.is_attached or app._exit:
            return
        dialog.pop_until_active()
        dialog.dismiss(None)
        screen.notify(QUESTION_PASSED, title="Table")
        screen.speak(QUESTION_PASSED)
        screen.told_decision = None  # the question that comes now is told, even the same one

    def choice_screen(
        self, question: Question, details: Text | None = None, stakes: str | None = None
    ) -> ChoiceScreen:
        answers: list[str | Text] = [
            color_answer(c.color) if c.color is not None else c.label for c in question.choices
        ]
        screen = self.screen
        return ChoiceScreen(
            question.prompt,
            answers,
            cancellable=question.cancellable,
            speak=screen.say_line,  # nothing is said while narration is off
            spoken=[c.label for c in question.choices],
            details=details,
            spoken_details=stakes,
            narration=lambda: toggle_narration(screen, in_dialog=True),
        )

    # The flow's moments ----------------------------------------------------------------

    async def pause(self) -> None:
        """The bot pause; with speech on, then until speech has said every line."""
        screen = self.screen
        await self.show_results()
        if not screen.bot_delay and screen.voice is None:
            await asyncio.sleep(0)  # every bot move at once: drawn when a person is needed
            return
        screen.show()
        events = screen.flow.events
        since, self.paused_at = events[self.paused_at :], len(events)
        hit = hits_person(since, set(screen.session.people))
        await asyncio.sleep(screen.bot_delay * (HIT_PAUSE if hit else 1))
        await self.heard()
        # Under the "make the terminal larger" cover the bots wait too: nobody can follow
        # moves on a screen they cannot see. A listener has no cover: the match goes on.
        while too_small(*screen.app.size) and not listening(screen):
            await asyncio.sleep(SPEECH_POLL)

    async def curtain(self, curtain: Curtain) -> Action | None:
        screen = self.screen
        await self.show_results()
        table = draw_table(screen.flow.public_view(), screen.seat_labels, None, *CURTAIN_TABLE)
        screen.speak(curtain.spoken())
        answer = await self.wait_for(
            CurtainScreen(
                curtain.name, table, curtain.calls, curtain.catches, leave=screen.action_leave
            )
        )
        screen.key_pressed()  # the next player is at the keyboard: the last one's lines stop
        return answer

    def ready(self, seat: int) -> None:
        screen = self.screen
        if screen.voice is not None:  # the hand is told only now, to its holder
            screen.speak(handover_words(screen.game.view(seat)))

    async def ask(self, seat: int, question: Question) -> int | None:
        screen = self.screen
        await self.show_results()
        decision = screen.flow.decision_of(seat)
        details = spoken = None
        if decision is not None and decision.kind is DecisionKind.CHALLENGE:
            details = challenge_details(screen.game.view(seat))
            spoken = challenge_stakes(screen.game.view(seat))
        answer = await self.ask_for(self.choice_screen(question, details, spoken))
        screen.key_pressed()
        if answer is not None:
            screen.moved_now()
        return answer

    async def show_results(self) -> None:
        """A Wild Draw Four challenge a person took part in: its result in a banner (with the
        hand shown, to whoever may see it) until a key closes it; the match waits."""
        screen = self.screen
        events, self.results_at = screen.flow.events[self.results_at :], len(screen.flow.events)
        people = set(screen.session.people)
        names = screen.game.names
        for event, cost in challenge_outcomes(events):
            if not {event.challenger, event.player} & people:
                continue
            before = color_before_draw_four(screen.flow.public_view())
            viewer = screen.viewer
            title, body = challenge_result(names, event, cost, viewer, before)
            voice = screen.voice
            if voice is not None and voice.on:
                # A listener hears the result after the challenge's events and before what
                # comes now (the prompt), and no banner holds the next key.
                voice.tell_new(viewer)
                line = challenge_result_words(names, event, cost, viewer, before)
                screen.notify(line, title=title, timeout=10)
                screen.speak(line)
                screen.show()
                continue
            screen.show()
            await self.ask_for(BannerScreen(title, body))
            screen.key_pressed()

    async def turn(self, seat: int, decision: Decision) -> Action | None:
        """Nothing to ask: the hand's keys act (``MatchFlow.act``), and the flow asks its
        questions as dialogs (``ask``). A challenge's result is shown first."""
        await self.show_results()
        return None

    async def last_card(self, seat: int, question: Question) -> int | None:
        """No dialog: U calls UNO, with the card played or after it (a listener is told so
        before any bot may catch them)."""
        self.screen.speak(LAST_CARD_WORDS)
        await self.heard()
        return None

    async def catch_chance(self, seat: int, question: Question) -> int | None:
        """No dialog: C catches while the bots hold off (the prompt says so; a listener
        hears it)."""
        who = question.prompt.removesuffix(" Catch?")
        self.screen.speak(f"{who} C catches.")
        await self.heard()
        return None

    async def heard(self) -> None:
        """Until speech has said every line: the bots' reaction to a forgotten UNO counts
        from when a listener has heard of it."""
        voice = self.screen.voice
        while voice is not None and voice.on and not voice.idle:
            await asyncio.sleep(SPEECH_POLL)

    async def round_end(self) -> None:
        screen = self.screen
        await self.show_results()
        if screen.bot_delay:  # the card that ended the hand is seen on the table first
            screen.show()
            await asyncio.sleep(max(1.0, screen.bot_delay * LAST_CARD_PAUSE))
        view = screen.flow.view()
        game = screen.game  # a joined seat's is not the whole game: no record to replay
        events = game.round_events(None)
        joined = not isinstance(game, Game)
        record = screen.match_record()
        screen.speak(round_spoken(view, events, stats=True, joined=joined, replay=bool(record)))
        rounds = [event for event in game.log if isinstance(event, RoundEnded)]
        replay = None if record is None else (lambda: list(tell(record)))
        watch = None if record is None else (lambda: self.replay_on_table(record))

        def stats() -> None:
            match = round_by_round_of(view.names, view.rules.team_game, (e.scores for e in rounds))
            voice = screen.voice
            speak = screen.say_line if voice is not None and voice.on else None
            load = getattr(screen.app, "stats_report", kept_stats)
            screen.app.push_screen(
                StatsScreen(load, match=match, match_title="this match", speak=speak)
            )

        ending = JoinedRoundEndScreen if joined else RoundEndScreen
        await self.wait_for(
            ending(
                view,
                events,
                rounds,
                replay=replay,
                stats=stats,
                joined=joined,
                leave=screen.action_leave,
                watch=watch,
            )
        )

    def replay_on_table(self, record: MatchRecord) -> ReplayTableScreen:
        """R at the match's end: the match again on the table, as everyone saw it (and, at
        a table of one person and bots, that person's own hand)."""
        names = ", ".join(record.players)
        seats = self.screen.session.seats
        return ReplayTableScreen(
            f"The match of {names}",
            frames_of(record),
            labels=self.screen.seat_labels,
            own=person_seat([seat.bot_level for seat in seats]),
            lines=lambda: list(tell(record)),
        )


def color_answer(color: Color | None) -> Text:
    if color is None:
        return Text("no colour")
    return Text(f" {color.word.capitalize()} ", style=COLOR_STYLES[color])
