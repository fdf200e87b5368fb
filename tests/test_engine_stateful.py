"""The engine under a hypothesis state machine: random actions of every kind, from every seat
(and from seats that do not exist), legal and illegal, at games of every rule set and of random
combinations of options and house rules.

- A legal action (drawn from ``decisions()``) applies and keeps every invariant: each card of
  the deck exactly once, every open decision has legal actions that pass ``check``, each view
  agrees with the table, whose turn it is agrees with the decisions.
- Any other action raises a specific subclass of ``IllegalActionError`` with a message and
  leaves ``digest()`` unchanged.

The suite runs a budget of about half a minute. For a long run:

    UNO_TUI_FUZZ_EXAMPLES=2000 UNO_TUI_FUZZ_STEPS=200 \\
        python -m pytest tests/test_engine_stateful.py

(or ``UNO_TUI_TEST_SCALE``, which scales every random run). What it tried is printed in the
run's closing "figures" section (``FIGURES``, see ``tests/conftest.py``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Color,
    CustomEffect,
    Deal,
    DecisionKind,
    DrawCard,
    Game,
    GiveCard,
    IllegalActionError,
    KeepDrawn,
    MatchMethod,
    NameColor,
    PassCard,
    Phase,
    PlayCard,
    Rank,
    Rules,
    action_from_dict,
    build_deck,
)
from uno_tui.engine.rules import HOUSE_RULES, OPTIONS_BY_RULE_SET, RuleSet

from .helpers import assert_invariants, scaled
from .random_play import check_cards, check_views, random_action

EXAMPLES = int(os.environ.get("UNO_TUI_FUZZ_EXAMPLES", str(scaled(50))))
STEPS = int(os.environ.get("UNO_TUI_FUZZ_STEPS", "40"))

ALL_CARDS = sorted(
    {
        card
        for rules in (Rules.classic(), Rules.two_player(blank_cards=4), Rules.teams())
        for card in build_deck(rules)
    },
    key=str,
)

STATS: Counter[str] = Counter()
FIGURES = STATS  # printed at the end of the run (tests/conftest.py)


@st.composite
def rules_and_players(draw: Any) -> tuple[Rules, int]:
    """Any rule set with any combination of the options and house rules it allows."""
    rule_set = draw(st.sampled_from(list(RuleSet)))
    allowed = OPTIONS_BY_RULE_SET[rule_set]
    house_rules = draw(st.booleans())  # half the games as the text says, without any
    options: dict[str, Any] = {
        name: draw(st.booleans()) for name in HOUSE_RULES if house_rules and name in allowed
    }
    options["target_score"] = draw(st.sampled_from([1, 40, 500]))
    if "pre_2022_scoring" in allowed:
        options["pre_2022_scoring"] = draw(st.booleans())
    if "custom_effect" in allowed:
        options["custom_effect"] = draw(st.sampled_from(list(CustomEffect)))
    if "uno_penalty" in allowed:
        options["uno_penalty"] = draw(st.sampled_from([2, 4]))
    if "match_method" in allowed:
        options["match_method"] = draw(st.sampled_from(list(MatchMethod)))
    if "blank_cards" in allowed:
        options["blank_cards"] = draw(st.integers(0, 4))
    if "pass_symbol_rank" in allowed:
        options["pass_symbol_rank"] = draw(st.sampled_from([r for r in Rank if r.is_number]))
    rules = Rules.preset(rule_set, **options)
    return rules, draw(st.sampled_from(rules.player_counts))


def any_action(data: st.DataObject, game: Game) -> Action:
    """An action of any kind from any seat, with any card, colour and target."""
    deciding = sorted({d.player for d in game.decisions()})
    anyone = st.integers(-2, game.player_count + 1)
    seat = data.draw(st.sampled_from(deciding) | anyone if deciding else anyone, label="seat")
    held = game.hands[seat] if 0 <= seat < game.player_count else []
    card = data.draw(
        st.sampled_from(held) if held and data.draw(st.booleans()) else st.sampled_from(ALL_CARDS),
        label="card",
    )
    color = data.draw(st.none() | st.sampled_from(list(Color)), label="color")
    target = data.draw(st.none() | st.integers(-1, game.player_count + 1), label="target")
    someone = data.draw(st.integers(-1, game.player_count), label="someone")
    return data.draw(
        st.sampled_from(
            [
                # Plays most often: they have the most ways to be wrong.
                *[PlayCard(seat, card, color, target)] * 6,
                DrawCard(seat),
                KeepDrawn(seat),
                NameColor(seat, color or Color.RED),
                Challenge(seat),
                AcceptPenalty(seat),
                PassCard(seat, card),
                GiveCard(seat, card),
                CallUno(seat, someone),
                CatchUno(seat, someone),
                Deal(seat),
            ]
        ),
        label="action",
    )


class GameUnderFire(RuleBasedStateMachine):
    game: Game

    @initialize(setup=rules_and_players(), seed=st.integers(0, 2**63))
    def deal(self, setup: tuple[Rules, int], seed: int) -> None:
        rules, players = setup
        self.game = Game(rules, players, seed=seed)
        self.deck = Counter(build_deck(rules))
        self.size = sum(self.deck.values())
        STATS["games"] += 1
        STATS[f"games {rules.rule_set.value}"] += 1
        if rules.house_rules:
            STATS["games with house rules"] += 1
        self.keeps_every_invariant()

    def keeps_every_invariant(self) -> None:
        game = self.game
        check_cards(game, self.deck, self.size)
        assert_invariants(game)
        check_views(game)
        decisions = game.decisions()
        assert all(0 <= d.player < game.player_count for d in decisions)
        main = [d for d in decisions if not d.kind.out_of_turn]
        if game.phase is Phase.MATCH_OVER:
            assert not decisions, "nothing to decide once the match is over"
        else:
            assert main, "an unfinished game always waits for someone"
        if game.phase is Phase.TURN:
            assert [d.player for d in main] == [game.current], "the turn is the current player's"
            assert main[0].kind in (DecisionKind.TURN, DecisionKind.TEAM_PLAY)
        for seat, count in enumerate(game.view(0).hand_counts):
            assert count == len(game.hands[seat]) >= 0

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def a_legal_action(self, data: st.DataObject) -> None:
        STATS["steps"] += 1
        decision = data.draw(st.sampled_from(self.game.decisions()), label="decision")
        action = data.draw(st.sampled_from(decision.actions), label="legal action")
        self.game.apply(action)
        STATS["legal actions"] += 1
        self.keeps_every_invariant()

    @rule(data=st.data())
    def any_action_at_all(self, data: st.DataObject) -> None:
        STATS["steps"] += 1
        action = any_action(data, self.game)
        if action in set(self.game.legal_actions()):
            self.game.apply(action)
            STATS["legal actions"] += 1
            self.keeps_every_invariant()
            return
        before = self.game.digest()
        with pytest.raises(IllegalActionError) as refused:
            self.game.apply(action)
        assert type(refused.value) is not IllegalActionError, "the error names the rule broken"
        assert str(refused.value), "the error says what is wrong"
        assert self.game.digest() == before, f"{action} was refused but changed the game"
        STATS["illegal actions"] += 1
        STATS[f"illegal {type(refused.value).__name__}"] += 1

    @precondition(lambda self: not self.game.is_over)
    @rule(moves=st.integers(1, 80), seed=st.integers(0, 2**32))
    def play_on(self, moves: int, seed: int) -> None:
        """Random legal play for a while, to reach late states: round ends, deals, matches
        won, Teams shares, stacks."""
        STATS["steps"] += 1
        rng = random.Random(seed)
        for _ in range(moves):
            if self.game.is_over:
                break
            self.game.apply(random_action(self.game, rng))
            STATS["legal actions"] += 1
            check_cards(self.game, self.deck, self.size)
        self.keeps_every_invariant()

    def teardown(self) -> None:
        if not hasattr(self, "game"):
            return
        if self.game.round_number > 1:
            STATS["games past the first round"] += 1
        if self.game.is_over:
            STATS["matches finished"] += 1


GameUnderFire.TestCase.settings = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_random_actions_of_every_kind = GameUnderFire.TestCase


@pytest.mark.parametrize("preset", ["classic", "two-player", "teams"])
def test_the_unchecked_path_plays_the_same_game_as_the_checked_one(preset: str) -> None:
    """``Game.apply`` skips ``check`` for an action object listed in the decision awaited
    (``engine/fastpath.py``). Two games in lockstep, one given the listed objects, the other
    equal copies (read back from their JSON form, so never the same objects: checked every
    time), stay the same game, event for event; the awaited decisions are listed once per
    state and anew after every change."""
    rules = Rules.preset(preset, jump_in=True) if preset != "teams" else Rules.teams()
    for seed in range(scaled(6)):
        fast = Game(rules, rules.player_counts[seed % len(rules.player_counts)], seed=seed)
        checked = Game(rules, fast.player_count, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if fast.is_over:
                break
            listed = fast.decisions()
            assert fast.decisions() == listed and fast.awaiting is not None
            action = random_action(fast, rng)
            twin = action_from_dict(action.to_dict())
            assert twin == action and twin is not action
            assert fast.apply(action) == checked.apply(twin)
            assert fast.awaiting is None, "a change empties the awaited decisions"
            assert fast.digest() == checked.digest()
        STATS["lockstep games"] += 1
