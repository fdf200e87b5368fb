"""The hard bot's own Teams choices (``bots/team_search.py``): the first pass, the exchanges and
the shares of uno-teams.txt, judged by imagined rounds instead of medium's heuristics."""

from __future__ import annotations

import inspect
import random
from collections import Counter
from collections.abc import Iterator
from itertools import islice
from typing import Any

from uno_tui.bots import HardBot, MediumBot, team_search
from uno_tui.bots.base import main_decision
from uno_tui.engine import (
    Action,
    CatchUno,
    Color,
    Decision,
    DecisionKind,
    Game,
    GiveCard,
    PassCard,
    Phase,
    PlayCard,
    PlayerView,
    PublicView,
    Rules,
    teammate_of,
)
from uno_tui.engine import teams as engine_teams
from uno_tui.engine.decisions import Continuation, Then
from uno_tui.engine.events import TurnBegan

from .helpers import StepClock, card, game_at, play

TEAM_CHOICES = (DecisionKind.PASS, DecisionKind.SHARE)
HOUSE_RULES: tuple[dict[str, Any], ...] = (
    {},
    {"stack_draw_two": True, "jump_in": True},
)
"""Plain Teams and its house rules that change what happens around a pass or a share (drawing
until playable is left out: medium's rounds under it run to thousands of moves)."""


def _team_choices(
    games: int, chooser: HardBot | MediumBot
) -> Iterator[tuple[Game, Decision, PlayerView]]:
    """Medium plays Teams rounds (plain and with house rules) and ``chooser``
    answers each pass and share; yields the game, the decision and the view before each."""
    medium = MediumBot()
    for index in range(games):
        rules = Rules.teams(**HOUSE_RULES[index % len(HOUSE_RULES)])
        game = Game(rules, ["Ann", "Ben", "Cat", "Dan"], seed=index)
        rng = random.Random(index)
        while game.phase is not Phase.ROUND_OVER:
            reaction = _reaction(game, medium, rng)
            if reaction is not None:
                game.apply(reaction)
                continue
            decision = game.decisions(out_of_turn=False)[0]
            view = game.view(decision.player)
            if decision.kind in TEAM_CHOICES:
                yield game, decision, view
                game.apply(chooser.choose(view, rng))
            else:
                game.apply(medium.choose(view, rng))


def _reaction(game: Game, bot: MediumBot, rng: random.Random) -> Action | None:
    """An out-of-turn action, UNO calls asked first (as ``uno-tui simulate`` does)."""
    decisions = [d for d in game.decisions() if d.kind.out_of_turn]
    decisions.sort(key=lambda d: d.kind is not DecisionKind.CALL_UNO)
    for decision in decisions:
        action = bot.react(game.view(decision.player), rng)
        if action is not None:
            return action
    return None


def test_hard_passes_and_gives_only_cards_the_engine_offers() -> None:
    """At every pass and share of Teams rounds hard answers with one of the decision's own
    actions, and the engine, which checks every action, plays the round to its end."""
    hard = HardBot(think_ms=10_000, samples=10)
    kinds = []
    for _game, decision, view in _team_choices(3, chooser=hard):
        assert hard.choose(view, random.Random(len(kinds))) in decision.actions
        kinds.append(decision.kind)
    assert kinds.count(DecisionKind.PASS) >= 12  # three first passes of four players at least
    assert DecisionKind.SHARE in kinds


def test_with_fixed_samples_hard_passes_the_same_card_whatever_the_clock() -> None:
    """``samples`` fixes the imagined deals: the choice depends on the view and the dice only,
    so a budget too short to finish (a second gone at each reading of the clock, against a
    millisecond) changes nothing."""
    views = [view for _game, _decision, view in islice(_team_choices(1, MediumBot()), 12)]
    bots = [HardBot(1, samples=24, clock=StepClock(step=1.0)), HardBot(60_000.0, samples=24)]
    choices = [[bot.choose(view, random.Random(1)) for view in views] for bot in bots]
    assert choices[0] == choices[1]
    assert len(views) == 12


def test_the_share_keeps_the_card_that_takes_hard_out_and_gives_the_one_that_ends_it() -> None:
    """Cat goes out with a red Skip (Dan is skipped, Ben is out): Ann gives half her two cards.
    "If you empty your hand while your teammate still has cards, your teammate gives you half
    of their remaining cards." Ann plays next: keeping R3 she goes out on it, and Cat then ends
    the round with Y3 on the 3 before Dan, on one card, can play. Medium gives the red card
    (Cat has been playing red)."""
    game = game_at(Rules.teams(), ["R3 Y3", "", "RS", "G4"], "R5", current=2, seed=1)
    play(game, 2, "RS")
    view = game.view(0)
    assert MediumBot().choose(view, random.Random(1)) == GiveCard(0, card("R3"))
    for seed in range(3):
        hard = HardBot(think_ms=60_000, samples=40)
        assert hard.choose(view, random.Random(seed)) == GiveCard(0, card("Y3"))


def test_the_exchange_feeds_the_teammate_the_draw_two_that_stops_the_last_opponent() -> None:
    """Ann plays the blue 7 (the pass symbol): "both teammates simultaneously and secretly pass
    one card to each other". Ben is out, so Cat plays next and then Dan, who holds one card.
    Passing the blue Draw Two lets Cat stop Dan; medium passes Y9, the colour it holds least."""
    game = game_at(Rules.teams(), ["B7 B+2 B1 Y9", "", "G4", "R4"], "B5", current=0, seed=1)
    play(game, 0, "B7")
    view = game.view(0)
    assert MediumBot().choose(view, random.Random(1)) == PassCard(0, card("Y9"))
    for seed in range(3):
        hard = HardBot(think_ms=60_000, samples=100)
        assert hard.choose(view, random.Random(seed)) == PassCard(0, card("B+2"))


def test_the_team_search_keeps_to_its_time_budget() -> None:
    """The exchange above, on a clock a millisecond a reading: one reading sets the deadline,
    one follows each imagined deal, so the budget in milliseconds is the number of deals (one
    more where the sums round up); 60 of them find the Draw Two."""
    game = game_at(Rules.teams(), ["B7 B+2 B1 Y9", "", "G4", "R4"], "B5", current=0, seed=1)
    play(game, 0, "B7")
    view = game.view(0)
    for think_ms in (20, 60):
        clock = StepClock(step=0.001)
        action = HardBot(think_ms=think_ms, clock=clock).choose(view, random.Random(1))
        assert think_ms <= clock.readings - 1 <= think_ms + 1
    assert action == PassCard(0, card("B+2"))


def test_the_answer_to_a_wild_team_play_is_searched_like_a_turn() -> None:
    """ "If your teammate can play, they play a card": Cat's forced answer is a decision of
    hard's own (a team-play decision, searched over its plays), not medium's."""
    searched: list[list[Action]] = []

    class Spy(HardBot):
        def _search(
            self, view: PlayerView, candidates: list[Action], plan: Action, rng: random.Random
        ) -> Action:
            searched.append(candidates)
            return super()._search(view, candidates, plan, rng)

    hands = ["WT R1 R2 B3 B4", "R7 R8 B9 Y1 Y2", "W G1 G2 G3 G4 G5", "Y5 Y6 B1 B2 G7"]
    game = game_at(Rules.teams(), hands, "R5", current=0, seed=1)
    play(game, 0, "WT", color="R")
    view = game.view(2)
    assert main_decision(view).kind is DecisionKind.TEAM_PLAY
    action = Spy(think_ms=60_000, samples=12).choose(view, random.Random(1))
    assert action in main_decision(view).actions
    assert searched and PlayCard(2, card("W"), Color.GREEN) in searched[0]


def test_play_goes_on_where_the_engine_takes_it_after_a_pass_or_a_share() -> None:
    """The imagined round starts where the real one goes on: the first turn after the first
    pass ("The player to the dealer's left goes first"), the next turn after an exchange or a
    share, or the answer to a Wild Team Play; where it cannot (a penalty or a drawn card still
    to decide), hard keeps medium's card."""
    checked: Counter[tuple[DecisionKind, Then | None]] = Counter()
    medium = MediumBot()
    for index in range(12):
        game = Game(
            Rules.teams(**HOUSE_RULES[index % len(HOUSE_RULES)]), ["A", "B", "C", "D"], seed=index
        )
        rng = random.Random(index)
        waiting: Continuation | None = None
        while game.phase is not Phase.ROUND_OVER:
            action = _reaction(game, medium, rng)
            if action is None:
                decision = game.decisions(out_of_turn=False)[0]
                view = game.view(decision.player)
                if decision.kind in TEAM_CHOICES and waiting is None:
                    waiting = team_search.how_play_goes_on(view)
                    checked[decision.kind, None if waiting is None else waiting.then] += 1
                    if waiting is None:
                        assert view.responder is not None or view.drawn_card is not None
                action = medium.choose(view, rng)
            began = [e for e in game.apply(action) if isinstance(e, TurnBegan)]
            if began and waiting is not None:
                assert began[0].player in _seats_for(game.view(None), waiting)
                waiting = None
    assert checked[DecisionKind.PASS, Then.TURN] == 12  # every first pass
    assert checked[DecisionKind.PASS, Then.NEXT] >= 10
    assert checked[DecisionKind.SHARE, Then.NEXT] >= 10


def test_a_share_for_a_wild_team_play_that_went_out_leaves_the_giver_to_answer_it() -> None:
    """Cat goes out with a Wild Team Play naming green: Ann gives one of her three cards, then
    "If your teammate can play, they play a card". Medium gives G2 (Cat's colour), leaving Ann
    nothing to answer with and Cat two penalty cards; hard keeps it."""
    game = game_at(Rules.teams(), ["R3 Y3 G2", "B1 B2", "WT", "G4 G5"], "R5", current=2, seed=1)
    play(game, 2, "WT", color="G")
    view = game.view(0)
    assert team_search.how_play_goes_on(view) == Continuation(Then.TEAM_PLAY, 2)
    assert MediumBot().choose(view, random.Random(1)) == GiveCard(0, card("G2"))
    # Both opponents hold two cards, so the two penalty cards cost the team only a little of
    # its chance: at 200 deals hard kept G2 for 12 of 20 seeds, at 600 for all 20.
    action = HardBot(think_ms=60_000, samples=600).choose(view, random.Random(1))
    assert action in (GiveCard(0, card("R3")), GiveCard(0, card("Y3")))
    game.apply(action)
    assert game.decisions(out_of_turn=False)[0].kind is DecisionKind.TEAM_PLAY


def test_a_share_after_a_caught_uno_goes_on_with_the_turn_it_interrupted() -> None:
    """Ann, Cat's teammate, is caught on one card while Ben's turn is open: "If you are out and
    your teammate later draws cards for any reason, they immediately give you half of their
    cards". Ben's turn goes on after the share."""
    game = game_at(Rules.teams(), ["R3 R4", "B1 B2 B6", "", "G4 G5 G6"], "R5", current=0, seed=1)
    play(game, 0, "R3")
    game.apply(CatchUno(3, 0))
    view = game.view(0)
    assert main_decision(view).kind is DecisionKind.SHARE
    assert team_search.how_play_goes_on(view) == Continuation(Then.TURN, 1)
    game.apply(HardBot(think_ms=60_000, samples=12).choose(view, random.Random(1)))
    assert game.decisions(out_of_turn=False)[0].player == 1


def _seats_for(view: PublicView, go_on: Continuation) -> set[int]:
    """The seats whose turn may begin when play goes on as ``go_on`` says."""
    count, counts, step = view.player_count, view.hand_counts, 1 if view.clockwise else -1

    def holding_after(seat: int) -> int:
        return next(
            (seat + offset * step) % count
            for offset in range(1, count + 1)
            if counts[(seat + offset * step) % count]
        )

    if go_on.then is Then.TURN:
        return {go_on.seat if counts[go_on.seat] else holding_after(go_on.seat)}
    if go_on.then is Then.NEXT:
        return {holding_after(go_on.seat)}
    mate = teammate_of(go_on.seat, count)  # a Wild Team Play: the teammate answers, or after
    return {mate, holding_after(mate)}


def test_the_docstrings_quote_the_teams_sentences_they_follow() -> None:
    """team_search.py names the rules it follows in the rules text's own words, the words the
    engine's Teams module quotes."""
    sentences = [
        "every player secretly chooses one card and simultaneously passes it to their teammate",
        "both teammates simultaneously and secretly pass one card to each other",
        "your teammate gives you half of their remaining cards, rounded down",
        "they immediately give you half of their cards, rounded down, and you return to play",
        "The player to the dealer's left goes first",
        "If your teammate can play, they play a card",
    ]
    ours = " ".join((team_search.__doc__ or "").split())
    engine = " ".join(inspect.getsource(engine_teams).split())
    for sentence in sentences:
        assert sentence in ours
    for sentence in sentences[:4]:
        assert sentence in engine
