"""The match flow without a terminal: what comes next (a bot's move, the curtain, a question,
a person's turn, the round's end) is decided by ``MatchFlow``; a front end only shows it, asks,
and sends actions. A scripted front end stands in for the app."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from dataclasses import dataclass, field

import pytest

from uno_tui.engine import (
    Action,
    Card,
    Challenge,
    Decision,
    DecisionKind,
    DrawCard,
    Game,
    PlayCard,
    Position,
    PublicView,
    Rules,
)
from uno_tui.engine.events import CardsDrawn
from uno_tui.match.flow import PROMPT_KINDS, MatchFlow
from uno_tui.match.questions import Curtain, Question
from uno_tui.match.session import Seat, Session


class RoundOver(Exception):
    """The scripted front end stops the loop at the first round's end."""


@dataclass
class ScriptedFront:
    """Answers the flow as a front end would; records what it was asked, in order."""

    flow: MatchFlow
    holds_drawn = True
    answer: int = 0
    asked: list[str] = field(default_factory=list)
    viewers_at_curtain: list[int | None] = field(default_factory=list)

    def show(self) -> None:
        self.asked.append("show")

    async def pause(self) -> None:
        self.asked.append("bot")
        await asyncio.sleep(0)

    async def curtain(self, curtain: Curtain) -> Action | None:
        self.asked.append(f"curtain {curtain.name}")
        self.viewers_at_curtain.append(self.flow.viewer)
        return None

    def ready(self, seat: int) -> None:
        self.asked.append(f"ready {seat}")

    async def ask(self, seat: int, question: Question) -> int | None:
        self.asked.append(f"ask {question.spoken()}")
        return self.answer

    async def turn(self, seat: int, decision: Decision) -> Action | None:
        return None  # the person's keys act (``people_play``)

    async def last_card(self, seat: int, question: Question) -> int | None:
        return None

    async def catch_chance(self, seat: int, question: Question) -> int | None:
        self.asked.append(f"catch {question.spoken()}")
        return None

    def notice(self, line: str) -> None:
        self.asked.append(f"notice {line}")

    async def round_end(self) -> None:
        self.asked.append("round end")
        raise RoundOver


async def people_play(flow: MatchFlow) -> None:
    """Whoever is at the keyboard plays their first card, or draws, when it is their turn."""
    while True:
        await asyncio.sleep(0)
        viewer = flow.viewer
        decision = None if viewer is None else flow.decision_of(viewer)
        if decision is None or decision.kind in PROMPT_KINDS:
            continue
        cards = [a for a in decision.actions if isinstance(a, PlayCard)]
        flow.act(cards[0] if cards else decision.actions[-1])


async def play_round(flow: MatchFlow, front: ScriptedFront) -> None:
    players = asyncio.create_task(people_play(flow))
    try:
        with pytest.raises(RoundOver):
            await asyncio.wait_for(flow.run(front), timeout=60)
    finally:
        players.cancel()


def test_the_flow_imports_no_terminal_code() -> None:
    code = (
        "import sys, uno_tui.match.flow; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


async def test_bots_play_a_round_to_its_end_and_the_front_end_only_shows_it() -> None:
    seats = [Seat("Ada", "easy"), Seat("Bo", "easy"), Seat("Cy", "easy")]
    session = Session(Rules.classic(), seats, seed=5)
    flow = MatchFlow(session)
    front = ScriptedFront(flow)
    await play_round(flow, front)
    assert front.asked[-1] == "round end" and front.asked.count("round end") == 1
    assert front.asked.count("bot") >= 3
    assert not any(step.startswith(("curtain", "ask")) for step in front.asked)
    assert flow.viewer is None and session.game.phase.name in ("ROUND_OVER", "MATCH_OVER")


async def test_hot_seat_raises_the_curtain_whenever_the_keyboard_changes_hands() -> None:
    position = Position.of(["R1 R2 G3", "R4 G5 B6"], top="R9")
    game = Game(Rules.two_player(), ["Ann", "Bob"], position=position, seed=1)
    session = Session(game.rules, [Seat("Ann"), Seat("Bob")], game=game)
    flow = MatchFlow(session)
    front = ScriptedFront(flow)
    await play_round(flow, front)
    curtains = [step for step in front.asked if step.startswith("curtain")]
    assert curtains[:3] == ["curtain Ann", "curtain Bob", "curtain Ann"]
    assert set(front.viewers_at_curtain) == {None}, "no hand shows behind the curtain"
    readies = [step for step in front.asked if step.startswith("ready")]
    assert readies[:2] == ["ready 0", "ready 1"]


async def test_a_wild_draw_four_is_answered_by_a_numbered_question() -> None:
    position = Position.of(["W+4 R2", "G5 B6 Y7"], top="R9", draw="B1 B2 B3 B4 B5 B6")
    game = Game(Rules.classic(), ["Ada", "You"], position=position, seed=1)
    session = Session(game.rules, [Seat("Ada", "easy"), Seat("You")], game=game)
    flow = MatchFlow(session)
    front = ScriptedFront(flow)  # answers 1: challenge
    game.apply(PlayCard(0, game.hands[0][0], game.hands[0][1].color))
    decision = session.person_to_decide()
    assert decision is not None and decision.kind is DecisionKind.CHALLENGE
    question = flow.questions.question_for(decision)
    assert question.spoken().startswith(
        "You face 4 cards. Before it the colour was red. A challenge that fails costs you 6 "
        "cards. Challenge the Wild Draw Four"
    ), "the one fact a challenge turns on (the colour before it), and the stakes"
    assert "1: challenge" in question.spoken() and "2: draw the penalty cards" in question.spoken()
    assert isinstance(question.choices[0].actions[0], Challenge)
    run = asyncio.create_task(flow.run(front))
    for _ in range(200):
        await asyncio.sleep(0)
        if any(isinstance(e, CardsDrawn) for e in game.log):
            break
    run.cancel()
    assert sum(step.startswith("ask") for step in front.asked) == 1
    drawn = [e for e in game.log if isinstance(e, CardsDrawn)]
    # Ada held Red 2 on a red pile: the challenge wins, and she draws the 4 cards.
    assert drawn and (drawn[-1].player, drawn[-1].count) == (0, 4)


async def test_a_key_acts_while_the_flow_waits_and_the_flow_goes_on() -> None:
    position = Position.of(["R1 R2 G3", "R4 G5 B6"], top="R9")
    game = Game(Rules.two_player(), ["You", "Bo"], position=position, seed=1)
    session = Session(game.rules, [Seat("You"), Seat("Bo", "easy")], game=game)
    flow = MatchFlow(session)
    front = ScriptedFront(flow)
    run = asyncio.create_task(flow.run(front))
    await asyncio.sleep(0.01)
    assert not run.done() and "bot" not in front.asked, "the flow waits for the person"
    flow.act(DrawCard(0))
    for _ in range(200):
        await asyncio.sleep(0)
        if "bot" in front.asked:
            break
    run.cancel()
    assert "bot" in front.asked, "after the person's move, Bo's"


def test_a_chosen_wild_asks_its_color_then_plays() -> None:
    position = Position.of(["W R2", "G5 B6 Y7"], top="R9")
    game = Game(Rules.classic(), ["You", "Bo"], position=position, seed=1)
    flow = MatchFlow(Session(game.rules, [Seat("You"), Seat("Bo", "easy")], game=game))
    wilds = [a for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card.is_wild]
    question = flow.questions.refine(wilds)
    assert question is not None and question.prompt == "Wild: which colour?"
    assert [c.label for c in question.choices] == ["red", "yellow", "green", "blue"]
    assert flow.questions.refine(question.choices[2].actions) is None


def test_an_onlooker_view_holds_public_facts_only() -> None:
    position = Position.of(["R1 R2 G3", "R4 G5 B6"], top="R9", draw="Y1 Y2 Y3")
    game = Game(Rules.two_player(), ["Ann", "Bob"], position=position, seed=1)
    game.apply(DrawCard(0))
    view = game.view(None)
    assert type(view) is PublicView
    for private in ("hand", "drawn_card", "my_pass", "decisions", "player", "teammate"):
        assert not hasattr(view, private)
    assert view.hand_counts == (4, 3) and view.top_card == game.top_card
    drawn = [e for e in view.events if isinstance(e, CardsDrawn)]
    assert drawn and all(e.cards is None for e in drawn), "nobody sees a drawn card's face"
    assert next(e for e in game.view(0).events if isinstance(e, CardsDrawn)).cards is not None


@dataclass
class ViewerAtQuestions(ScriptedFront):
    viewers_at_questions: list[int | None] = field(default_factory=list)

    async def ask(self, seat: int, question: Question) -> int | None:
        self.viewers_at_questions.append(self.flow.viewer)
        return await super().ask(seat, question)


async def test_hot_seat_cards_drawn_as_a_turn_ends_are_shown_to_their_holder_first() -> None:
    """Ann draws Yellow 1, which cannot go: she is told (her hand still up) before the hand
    hides and the curtain comes for Bob."""
    position = Position.of(["B4 G3", "B7 Y3"], top="R9", draw="Y1 Y2 Y3")
    game = Game(Rules.two_player(), ["Ann", "Bob"], position=position, seed=1)
    session = Session(game.rules, [Seat("Ann"), Seat("Bob")], game=game)
    flow = MatchFlow(session)
    front = ViewerAtQuestions(flow)
    run = asyncio.create_task(flow.run(front))
    for _ in range(200):
        await asyncio.sleep(0)
        if flow.viewer == 0:
            break
    flow.act(DrawCard(0))
    for _ in range(200):
        await asyncio.sleep(0)
        if "curtain Bob" in front.asked:
            break
    run.cancel()
    told = [step for step in front.asked if "you drew" in step]
    assert told == ["ask Ann, you drew Yellow 1. Your turn is over. 1: pass the keyboard on."]
    assert front.asked.index(told[0]) < front.asked.index("curtain Bob")
    assert front.viewers_at_questions == [0], "told with her hand still shown"
    assert front.viewers_at_curtain[-1] is None, "the hand hides before the curtain"


@dataclass
class TurnTaker(ScriptedFront):
    """A front end that takes each turn as a whole (as the line mode does): the first move."""

    notices: list[str] = field(default_factory=list)
    turns: int = 0

    async def turn(self, seat: int, decision: Decision) -> Action | None:
        self.turns += 1
        self.asked.append(f"turn {seat}")
        return decision.actions[0]

    def notice(self, line: str) -> None:
        self.notices.append(line)


async def test_a_joined_seat_told_it_is_not_connected_waits_for_the_host_then_is_asked_again() -> (
    None
):
    """One loop for every front end: the flow drives a seat joined to a host as it drives a
    match here. A move the host cannot take (the connection is down) is told in a line, and
    the flow waits for the host's next update before it asks again."""
    from uno_tui.net import protocol
    from uno_tui.net.client import HostConnection
    from uno_tui.net.joined import JoinedTable

    from .test_net_joined_table import SEATS, told_to_ann

    game = Game(Rules.two_player(), ["Ann", "Bo"], seed=4)
    remote = HostConnection("127.0.0.1:1", "CODE")  # never started: fed by hand, never connected
    remote._receive(protocol.welcome(0, game.names, game.rules, SEATS))
    for raw in told_to_ann(game):
        remote._receive(raw)
    flow = MatchFlow(JoinedTable(remote))
    front = TurnTaker(flow)
    run = asyncio.create_task(flow.run(front))
    try:
        for _ in range(200):
            await asyncio.sleep(0)
            if front.notices:
                break
        assert front.notices == ["Not connected to the host."]  # never connected: no tries yet
        assert front.turns == 1
        await asyncio.sleep(0.2)
        assert front.turns == 1, "no question again until the host has said something"
        for raw in told_to_ann(game):  # the host's view again, as after a reconnection
            remote._receive(raw)
        for _ in range(100):
            await asyncio.sleep(0.02)
            if front.turns == 2:
                break
        assert front.turns == 2
    finally:
        run.cancel()


async def test_an_answer_the_table_no_longer_takes_is_told_never_lost_in_silence() -> None:
    """Issue 36's play-through: a guest's catch, answered as the table moved on, vanished
    without a word."""
    position = Position.of(["R1 G2", "R4 G5 B6"], top="R9")
    game = Game(Rules.two_player(), ["You", "Ada"], position=position, seed=1)
    session = Session(game.rules, [Seat("You"), Seat("Ada", "easy")], game=game)
    flow = MatchFlow(session)
    front = ScriptedFront(flow)
    await flow._answer(front, PlayCard(0, Card.parse("G2")))  # Green 2 does not go on Red 9
    told = [step for step in front.asked if step.startswith("notice ")]
    assert len(told) == 1 and told[0].startswith("notice Not done: "), front.asked
    assert told[0].endswith(".") and not told[0].endswith("..")
