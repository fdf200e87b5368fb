"""What happens next in a match a front end shows: a bot's move, the handoff curtain, a
question, a person's turn, the UNO call after a play, the round's end. No terminal code: every
front end drives it (the app, the line mode, a seat joined to a host), and tests run it.

``MatchFlow.run(front)`` is the one loop of a match. It asks ``front`` (a ``FrontEnd``) for the
few things only a front end can do (pause between bot moves, raise the curtain, ask a
question, take a person's turn, show the round's end), and decides everything else here.
A front end needs only: the person's decisions (``Question`` or a turn from the hand), the view
of the seat at the keyboard (``viewer``), the events as that seat may see them (``batches``,
or ``round_events(viewer)``), and ``act`` to send an action. The flow plays on a
``uno_tui.match.table.Table``: a ``Session`` here, or a seat joined to a host. Whatever changes
the table without the front end (a local bot's move through the bot driver, the host's update)
comes as the table's ``news``, the same for both: the flow waits for it between questions, and
takes it in while a question is open too (the front end tells it at once; a question whose
moment has passed is cancelled). Keys may act at any moment (a catch while a bot thinks):
``act`` wakes the loop, which looks again at what is next.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    Card,
    CatchUno,
    Deal,
    Decision,
    DecisionKind,
    DrawCard,
    IllegalActionError,
    Phase,
    PlayCard,
    PublicView,
)
from uno_tui.engine.events import (
    CardsDrawn,
    DrawReason,
    Event,
    HandsSwapped,
    PlayerSkipped,
    UnoCaught,
)
from uno_tui.match.table import Table, TableClosed, TableUnreachable

from .bot_driver import BotTurn
from .questions import Curtain, Question, Questions

T = TypeVar("T")

PROMPT_KINDS = frozenset(
    (DecisionKind.PLAY_DRAWN, DecisionKind.NAME_COLOR, DecisionKind.CHALLENGE, DecisionKind.STACK)
)
"""Decisions asked as a question; the others are answered by choosing from the hand."""
ROUND_ENDS = frozenset((Phase.ROUND_OVER, Phase.MATCH_OVER))
HIT_PAUSE = 2.0
"""After a move that hit a person (skipped, made to draw, swapped, caught), the next pause is
this many times the bot pause: time to see what happened to you (the app's and the host's)."""
BOT_PAUSE = 1.0
"""Seconds between two bot moves by default, so people can follow them (the app's setup
offers others; ``uno-tui host --bot-pause``)."""
NOT_HITS = frozenset((DrawReason.CHOICE, DrawReason.FIRST_CARD))
PASSED = "That question has passed."
"""Said when news ends the moment of an open question (the front end's ask is cancelled)."""


@dataclass(frozen=True, slots=True)
class Batch:
    """Events that one change brought, and whose view was showing when it came (the seat
    they may be told to in full; ``None``: told as the public may know them)."""

    viewer: int | None
    events: tuple[Event, ...]


class FrontEnd(Protocol):
    """What only a front end can do; everything else the flow decides."""

    holds_drawn: bool
    """Hot-seat: after a turn that ended with cards drawn, keep the hand up and show them to
    their holder (``drawn_question``) before the keyboard passes on. A front end whose
    narration has already told them says False."""

    def show(self) -> None:
        """Draw (and tell) the table as the flow's viewer may see it now."""

    async def pause(self) -> None:
        """The pause before a local bot's move (and, with speech, until speech has caught
        up). A front end that pauses shows the table first; one that does not may show it
        later. A bot's thinking happens after it, off the loop (``bot_driver``)."""

    async def curtain(self, curtain: Curtain) -> Action | None:
        """Raise the curtain; ``None`` when its player is ready, else a public call made."""

    async def ask(self, seat: int, question: Question) -> int | None:
        """Ask ``seat`` privately; the index of the answer, or ``None`` if put off. News may
        come while it is open (``show`` is called: tell it, and the question again); when
        its moment has passed the flow cancels this coroutine (``asyncio.CancelledError``):
        close the question; the flow tells ``PASSED`` through ``notice``."""

    async def turn(self, seat: int, decision: Decision) -> Action | None:
        """``seat``'s answer to ``decision``, if this front end takes it as a whole (the line
        mode lists every move); ``None`` to let the flow ask its question, or, for a turn
        from the hand, to wait while the front end's keys act (``MatchFlow.act``)."""

    async def last_card(self, seat: int, question: Question) -> int | None:
        """``seat`` just played their next-to-last card without calling UNO: the call is
        offered before anyone else acts. The index of the answer, or ``None`` when this front
        end leaves the call to its keys."""

    async def catch_chance(self, seat: int, question: Question) -> int | None:
        """Another player sits catchable without UNO called, and ``seat`` (at the keyboard)
        may catch them: offered before any bot acts. The index of the answer, or ``None``
        when this front end leaves the catch to its keys (C) while the bots hold off."""

    async def round_end(self) -> None:
        """Show the round's (or the match's) end until the players go on."""

    def ready(self, seat: int) -> None:
        """``seat`` is at the keyboard now (after the curtain): tell them their hand."""

    def notice(self, line: str) -> None:
        """Tell a line from the table (a joined seat: "reconnecting", a host's notice)."""


class MatchFlow:
    """The match as a front end plays it: who is at the keyboard, whose hand may show, and
    what comes next. One instance per match."""

    def __init__(self, session: Table) -> None:
        self.session = session
        self.game = session.game
        self.questions = Questions(session)
        """The words of every question this match asks (``uno_tui.match.questions``)."""
        people = session.people
        self.solo: int | None = people[0] if len(people) == 1 else None
        self.at_keyboard: int | None = self.solo
        """The person whose hand may show now (hot-seat: after they confirmed the curtain)."""
        self.hand_shown = self.solo is not None
        self.uno_armed = False
        """The person at the keyboard asked to call UNO with the card they play next."""
        self.round_end_shown = 0
        self._changed = asyncio.Event()
        self._asking = asyncio.Lock()
        self.events: list[Event] = []
        """Every event since the flow began, in order (for front ends that count them)."""
        self.batches: list[Batch] = []
        """The same events as they came, each change with the viewer it came under (for
        front ends that tell them in words)."""
        self.closed: str | None = None
        """Why the table closed before the match ended (a joined seat's host went away)."""
        self.holds_drawn = True
        """Whether the front end shows cards drawn as a turn ends (``FrontEnd.holds_drawn``)."""
        self.uno_offered: int | None = None
        """The length of the log when the last UNO call was offered (``last_card``)."""
        self.catch_offered: int | None = None
        """The length of the log when a catch was last offered (``catch_chance``)."""
        self.bots_paused_at = -1
        """The length of the log at the last bot pause (each point is paused for once)."""
        self.call_after_play: int | None = None
        """A joined seat played with UNO armed: the call goes once the host has the card."""
        self.drawn_to_show: tuple[int, tuple[Card, ...]] | None = None
        """Hot-seat: cards a person drew as their turn ended, shown to them (their hand still
        up) before the keyboard passes on."""

    # What may be shown ------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """Whose view may show: the one person (solo), the person at the keyboard while their
        hand may show, or nobody (public facts only)."""
        if self.solo is not None:
            return self.solo
        return self.at_keyboard if self.hand_shown else None

    def public_view(self) -> PublicView:
        """What anyone at the table may know."""
        return self.game.view(None)

    def view(self) -> PublicView:
        """The viewer's view, or the onlooker's when no hand may show."""
        viewer = self.viewer
        return self.game.view(None) if viewer is None else self.game.view(viewer)

    def decision_of(self, seat: int) -> Decision | None:
        """The decision the game awaits from ``seat`` now, if any."""
        decision = self.session.person_to_decide()
        return decision if decision is not None and decision.player == seat else None

    def awaited(self) -> list[int]:
        """The seats the game waits for now (not out of turn). A joined seat knows only its
        own decisions: for the others, whoever the public view says must answer or play."""
        seats = sorted({d.player for d in self.game.decisions(out_of_turn=False)})
        if seats or self.game.phase in ROUND_ENDS:
            return seats
        public = self.public_view()
        return [public.current_player if public.responder is None else public.responder]

    def actions_of(self, seat: int) -> list[Action]:
        return [a for d in self.session.options_for(seat) for a in d.actions]

    # Acting -----------------------------------------------------------------------------

    def act(self, action: Action) -> list[Event]:
        """A person's action (the engine checks it: ``IllegalActionError`` if refused). With
        UNO armed, a card played is followed by the call."""
        events = self.session.apply(action)
        if self.uno_armed and isinstance(action, DrawCard | AcceptPenalty):
            self.uno_armed = False  # the card it was for stays in the hand
        if self.uno_armed and isinstance(action, PlayCard):
            self.uno_armed = False
            if events:
                events += self._call_uno(action.player)
            else:  # the host has not told the play yet: the call goes once it has
                self.call_after_play = action.player
        self._after(events)
        return events

    def _call_uno(self, seat: int) -> list[Event]:
        calls = [a for a in self.actions_of(seat) if isinstance(a, CallUno)]
        return self.session.apply(calls[0]) if calls else []

    def _after(self, events: Sequence[Event]) -> None:
        """Hide a hot-seat hand whose turn is over, and wake the loop."""
        self.events.extend(events)
        viewer = self.viewer
        if events:
            self.batches.append(Batch(viewer, tuple(events)))
        if self.solo is None and viewer is not None:
            still_mine = any(
                not d.kind.out_of_turn and d.player == viewer for d in self.game.decisions()
            )
            drawn = tuple(
                card
                for e in events
                if isinstance(e, CardsDrawn) and e.player == viewer and e.cards
                for card in e.cards
            )
            if not still_mine and drawn and self.holds_drawn and self.game.phase not in ROUND_ENDS:
                self.drawn_to_show = (viewer, drawn)  # the hand hides once they have seen them
            elif not still_mine:
                self.hand_shown = False
        self._changed.set()

    @asynccontextmanager
    async def asking(self) -> AsyncIterator[None]:
        """Hold bots' moves while a question a key opened is up (a colour, a target)."""
        async with self._asking:
            yield

    # The loop ---------------------------------------------------------------------------

    async def run(self, front: FrontEnd) -> None:
        """Play the match to its end, as ``front`` shows it. Returns after the match's end
        has been shown, or once the table has closed (``closed`` says why)."""
        self.holds_drawn = front.holds_drawn
        try:
            await self._run(front)
        except TableClosed as closed:
            self.closed = str(closed)
            front.show()
            front.notice(f"The table is closed: {closed}.")

    async def _run(self, front: FrontEnd) -> None:
        while True:
            self._changed.clear()  # a key acting from here on wakes ``_wait`` at once
            for line in self.session.take_lines():
                front.notice(line)
            if self.drawn_to_show is not None:
                await self._show_drawn(front, *self.drawn_to_show)
                continue
            if self.game.phase in ROUND_ENDS and self.round_end_shown != self.game.round_number:
                self.round_end_shown = self.game.round_number
                front.show()
                await front.round_end()
                if self.game.phase is Phase.MATCH_OVER:
                    return
                if self.solo is None:
                    self.at_keyboard, self.hand_shown = None, False
                continue
            if self.game.phase is Phase.ROUND_OVER:
                deal = self.game.decisions()  # a joined seat: only its own (when it deals)
                if deal and deal[0].player in self.session.people:
                    self._try(Deal(deal[0].player))
                    continue
            if await self._offer_uno(front):
                continue
            if await self._offer_catch(front):
                continue
            decision = self.session.person_to_decide()
            if decision is None:  # a bot or the host moves next, or the match is over
                await self._wait(front)
                continue
            await self._person(front, decision)

    async def _person(self, front: FrontEnd, decision: Decision) -> None:
        seat = decision.player
        if self.solo is None and self.at_keyboard != seat:
            await self._raise_curtain(front, seat)
            return  # the loop looks again: a call made at the curtain may change the turn
        self.hand_shown = True
        front.show()
        asked = await self.while_news(front, front.turn(seat, decision), decision)
        if asked is None:
            return  # its moment passed: the loop looks again
        action = asked[0]
        if action is not None:
            await self._answer(front, action)
            return
        if decision.kind in PROMPT_KINDS:
            question = self.questions.question_for(decision)
            answered = await self.while_news(front, front.ask(seat, question), decision)
            if answered is None:
                return
            if answered[0] is not None:
                await self._answer(front, question.choices[answered[0]].actions[0])
                return
        await self._wait(front)

    async def while_news(
        self, front: FrontEnd, asking: Coroutine[Any, Any, T], decision: Decision
    ) -> tuple[T] | None:
        """A person's answer to ``decision`` (as a one-tuple), while the table's news are
        taken in and shown as they come. ``None`` once news has ended the decision's moment:
        the question is cancelled and ``PASSED`` told."""
        answer = asyncio.ensure_future(asking)
        # A signal that stops the process (Ctrl+C, SIGTERM) may leave the loop from inside
        # the question: its exception is taken here, so it is never reported as lost.
        answer.add_done_callback(_taken)
        try:
            while True:
                news = asyncio.ensure_future(self.session.news(self._bot_pause(front)))
                try:
                    await asyncio.wait((answer, news), return_when=asyncio.FIRST_COMPLETED)
                finally:
                    if not news.done():
                        news.cancel()
                keyed = self._changed.is_set()  # a key acted: a change is the person's own
                took = news.done() and not news.cancelled()
                if took:  # news that came with the answer is taken too, never dropped
                    self._take_news(front, news.result())  # TableClosed comes out here
                if answer.done():
                    moved = not keyed and not self._still(decision)
                    if moved and not took and answer.result() is None:
                        # the front end saw the moment pass (a joined seat's host moved
                        # on) before the news reached here: take it, then look again
                        self._take_news(front, await self.session.news(self._bot_pause(front)))
                        took = True
                    if took and moved:
                        front.notice(PASSED)  # an answer given for it belonged to it alone
                        return None
                    return (answer.result(),)
                if not took:
                    continue
                if not self._still(decision):
                    answer.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await answer
                    front.notice(PASSED)
                    return None
        finally:
            if not answer.done():
                answer.cancel()

    def _still(self, decision: Decision) -> bool:
        """Whether ``decision`` is still the one the game awaits from its person."""
        return self.session.person_to_decide() == decision

    def _bot_pause(self, front: FrontEnd) -> Callable[[BotTurn | None], Any]:
        """The pause the table awaits before its bots act (``bot_driver.Pause``): the front
        end's bot pause before a turn, once for each point of the match; and no bot action
        while a question a key opened is up (``asking``)."""

        async def pause(turn: BotTurn | None) -> None:
            if turn is not None and self.bots_paused_at != len(self.game.log):
                self.bots_paused_at = len(self.game.log)
                await front.pause()
            async with self._asking:
                pass

        return pause

    def _take_news(self, front: FrontEnd, events: Sequence[Event]) -> None:
        """Events the table brought by itself: kept, and shown with the table's notices; an
        UNO call armed at a joined seat goes once the host has told the play."""
        self._after(events)
        for line in self.session.take_lines():
            front.notice(line)
        seat = self.call_after_play
        if seat is not None and any(isinstance(a, CallUno) for a in self.actions_of(seat)):
            self.call_after_play = None
            with contextlib.suppress(IllegalActionError):  # the moment passed meanwhile
                self._after(self._call_uno(seat))
        elif self.session.person_to_decide() is not None:
            self.call_after_play = None  # the seat's next turn: the call's moment is gone
        front.show()

    async def _raise_curtain(self, front: FrontEnd, seat: int) -> bool:
        """Hot-seat: the keyboard passes to ``seat``. True once they are at it; False when a
        public call was made at the curtain instead."""
        self.hand_shown = False
        front.show()
        answer = await front.curtain(self.questions.curtain_for(seat))
        if answer is not None:
            self._try(answer)
            return False
        self.at_keyboard, self.uno_armed = seat, False
        self.hand_shown = True
        front.ready(seat)  # their hand and the top card first, then what can go
        front.show()
        return True

    def uno_to_offer(self) -> int | None:
        """The person who may still call UNO for themselves after their play, unless the
        call was offered already at this point of the match."""
        if self.game.phase in ROUND_ENDS or self.uno_offered == len(self.game.log):
            return None
        for seat in self.session.people:
            if self.solo not in (None, seat):
                continue
            if any(isinstance(a, CallUno) and a.target == seat for a in self.actions_of(seat)):
                return seat
        return None

    async def _offer_uno(self, front: FrontEnd) -> bool:
        """Right after a play leaves a person one card uncalled, the call is offered before
        anyone else acts (after the curtain, in hot-seat, if the keyboard has moved on, as
        when a match is resumed there). False when there is no call to offer."""
        seat = self.uno_to_offer()
        if seat is None:
            return False
        curtained = self.solo is None and self.at_keyboard != seat
        if curtained and not await self._raise_curtain(front, seat):
            return True
        self.uno_offered = len(self.game.log)
        front.show()  # the play is told before the call is offered
        question = self.questions.uno_question(seat)
        index = await front.last_card(seat, question)
        if index is not None and question.choices[index].actions:
            await self._answer(front, question.choices[index].actions[0])
        return True

    def catch_to_offer(self) -> tuple[int, list[CatchUno]] | None:
        """The person at the keyboard and whom they may catch, unless offered already at
        this point of the match."""
        seat = self.at_keyboard
        if seat is None or self.game.phase in ROUND_ENDS:
            return None
        if self.catch_offered == len(self.game.log):
            return None
        catches = [a for a in self.actions_of(seat) if isinstance(a, CatchUno)]
        return (seat, catches) if catches else None

    async def _offer_catch(self, front: FrontEnd) -> bool:
        """Someone did not call UNO: the person at the keyboard is offered the catch before
        any bot may act. False when there is no catch to offer."""
        offer = self.catch_to_offer()
        if offer is None:
            return False
        self.catch_offered = len(self.game.log)
        seat, catches = offer
        front.show()
        question = self.questions.catch_offer_question(catches)
        index = await front.catch_chance(seat, question)
        if index is not None and question.choices[index].actions:
            await self._answer(front, question.choices[index].actions[0])
        return True

    async def _show_drawn(self, front: FrontEnd, seat: int, cards: Sequence[Card]) -> None:
        """Hot-seat: "Ann, you drew Yellow 1. Your turn is over.", asked with the hand still
        shown; then the hand hides and the curtain comes for the next person."""
        front.show()
        await front.ask(seat, self.questions.drawn_question(seat, cards))
        self.drawn_to_show = None
        self.hand_shown = False

    async def _wait(self, front: FrontEnd) -> None:
        """Until a key acts (a person's move, a call, a catch), or the table's news come (a
        bot's move here, the host's update). A key that acted since the loop last looked
        (``_run``) wakes it at once."""
        keyed = asyncio.ensure_future(self._changed.wait())
        news = asyncio.ensure_future(self.session.news(self._bot_pause(front)))
        try:
            await asyncio.wait((keyed, news), return_when=asyncio.FIRST_COMPLETED)
        finally:
            keyed.cancel()
            if not news.done():
                news.cancel()
        if news.done() and not news.cancelled():
            self._take_news(front, news.result())  # TableClosed comes out here

    def _try(self, action: Action) -> bool:
        """Apply ``action``; False if the table refused it (it changed under the answer, or a
        joined seat's connection is down): the loop looks again."""
        try:
            self.act(action)
        except IllegalActionError:
            self._changed.set()
            return False
        return True

    async def _answer(self, front: FrontEnd, action: Action) -> None:
        """A person's answer to the flow's question. At a joined seat, one the host cannot
        take now (the connection is down) is told, and the flow waits for the host before it
        asks again."""
        try:
            self.act(action)
        except TableUnreachable as refused:
            reason = str(refused)
            front.notice(f"{reason[:1].upper()}{reason[1:]}.")
            self._changed.clear()
            await self._wait(front)  # the connection is down: until the host is back
        except IllegalActionError as refused:  # the table changed under the answer: told,
            reason = str(refused)  # never a key lost in silence; the loop looks again
            front.notice(f"Not done: {reason[:1].lower()}{reason[1:].rstrip('.')}.")
            self._changed.set()


def _taken(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


def hits_person(events: Sequence[Event], people: set[int]) -> bool:
    """Whether ``events`` skipped a person, made them draw, swapped their hand or caught
    them without UNO."""
    for event in events:
        if isinstance(event, PlayerSkipped | UnoCaught) and event.player in people:
            return True
        if (
            isinstance(event, CardsDrawn)
            and event.player in people
            and event.reason not in NOT_HITS
        ):
            return True
        if isinstance(event, HandsSwapped) and {event.player, event.target} & people:
            return True
    return False
