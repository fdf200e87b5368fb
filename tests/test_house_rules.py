"""House rules (uno_tui/engine/rules.py): stacking, 7-0, jump-in, draw until playable.

The house rules are "off by default and never part of a preset" (rules.py module docstring);
each is a field of ``Rules`` whose docstring states what it does. The two-player text offers one
of them as a variation: "Stack Draw Twos. The next player can add a Draw Two and pass the total
back." The tests quote those sentences, then check the options machinery (validation, records).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pytest

from uno_tui.engine import (
    AcceptPenalty,
    BadChoiceError,
    CallUno,
    Card,
    CardDoesNotMatchError,
    CatchUno,
    Challenge,
    Color,
    CustomEffect,
    DecisionKind,
    DrawCard,
    DrawnCardOnlyError,
    Game,
    KeepDrawn,
    MatchMethod,
    MatchRecord,
    MustPlayError,
    NotYourDecisionError,
    Phase,
    PlayCard,
    Rank,
    Rules,
    RuleSet,
    SetupError,
    UnoCallError,
    build_deck,
    format_cards,
)
from uno_tui.engine.events import (
    CardPlayed,
    CardsDrawn,
    DirectionChanged,
    DrawFourChallenged,
    DrawnCardKept,
    DrawReason,
    HandsPassed,
    HandsSwapped,
    PenaltyStacked,
    PlayerSkipped,
    RoundEnded,
    TurnPassed,
    UnoCaught,
)
from uno_tui.engine.rules import HOUSE_RULES, OPTIONS_BY_RULE_SET

from .helpers import assert_invariants, card, game_at, hand, of_type, play

PRESETS: dict[str, Callable[..., Rules]] = {
    "classic": Rules.classic,
    "two-player": Rules.two_player,
    "teams": Rules.teams,
}
ALL_HOUSE_RULES = (
    "stack_draw_two",
    "stack_draw_four",
    "seven_zero",
    "jump_in",
    "draw_until_playable",
)
TEAMS_HOUSE_RULES = ("stack_draw_two", "jump_in", "draw_until_playable")


def offered(preset: str) -> tuple[str, ...]:
    return ALL_HOUSE_RULES if preset != "teams" else TEAMS_HOUSE_RULES


def refused(game: Game, action: Any, error: type[Exception], match: str | None = None) -> None:
    """``action`` raises ``error`` (message matching ``match``) and changes nothing."""
    before = game.digest()
    with pytest.raises(error, match=match):
        game.check(action)
    with pytest.raises(error, match=match):
        game.apply(action)
    assert game.digest() == before


def pw(player: int, code: str, color: str | None = None, target: int | None = None) -> PlayCard:
    return PlayCard(player, card(code), Color(color) if color else None, target)


def phase(game: Game) -> Phase:
    """The phase now (a call, so type checkers do not narrow it across actions)."""
    return game.phase


def drawn(events: list[Any], player: int) -> list[str]:
    return [
        str(c) for e in of_type(events, CardsDrawn) if e.player == player for c in e.cards or ()
    ]


# ------------------------------------------------------------------------------------------
# Off by default, never part of a preset
# ------------------------------------------------------------------------------------------


def test_the_five_house_rules_are_named() -> None:
    """ "House rules: off by default, never part of a preset." (the five fields after it)"""
    assert HOUSE_RULES == ALL_HOUSE_RULES


@pytest.mark.parametrize("rule", ALL_HOUSE_RULES)
def test_house_rule_fields_default_to_off(rule: str) -> None:
    """ "the house rules, which are off by default": each field's default is False."""
    field = next(f for f in fields(Rules) if f.name == rule)
    assert field.default is False


@pytest.mark.parametrize("preset", PRESETS)
def test_house_rules_are_off_in_every_preset(preset: str) -> None:
    """ "the house rules, which are off by default" - in each of the three presets."""
    for rules in (PRESETS[preset](), Rules.preset(preset)):
        for rule in ALL_HOUSE_RULES:
            assert getattr(rules, rule) is False, rule
        assert rules.house_rules == ()


@pytest.mark.parametrize("preset", PRESETS)
def test_house_rules_are_never_part_of_a_preset(preset: str) -> None:
    """ "never part of a preset": a preset records no house rule, turning one on is a change
    from the preset, and none of the text's own options brings one in."""
    assert PRESETS[preset]().to_dict() == {"rules": preset, "options": {}}
    for rule in offered(preset):
        rules = PRESETS[preset](**{rule: True})
        assert rules.house_rules == (rule,)
        assert rules.to_dict() == {"rules": preset, "options": {rule: True}}
        assert rules != PRESETS[preset]()
    text_options: dict[str, dict[str, Any]] = {
        "classic": {
            "pre_2022_scoring": True,
            "custom_effect": CustomEffect.PASS_HANDS,
            "target_score": 200,
        },
        "two-player": {
            "uno_penalty": 4,
            "match_method": MatchMethod.LOWEST_CAUGHT,
            "blank_cards": 2,
            "custom_effect": CustomEffect.OTHERS_DRAW_ONE,
            "target_score": 250,
        },
        "teams": {"pass_symbol_rank": Rank.FIVE, "target_score": 300},
    }
    assert PRESETS[preset](**text_options[preset]).house_rules == ()


def test_two_player_stack_draw_twos_variation_is_off_until_agreed() -> None:
    """two-player: "Stacking a Draw Two on a Draw Two is not in the official rules. If you want
    it, agree first." The official preset plays a Draw Two at once: no stacking decision."""
    game = game_at(Rules.two_player(), ["R+2 B1 B2", "G+2 Y1 Y2"], top="R5")
    events = play(game, 0, "R+2")
    assert drawn(events, 1) and len(drawn(events, 1)) == 2
    assert phase(game) is Phase.TURN and game.current == 0


# ------------------------------------------------------------------------------------------
# Options: validation
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_unknown_option_is_a_setup_error_naming_it(preset: str) -> None:
    """with_options: "checked against what this rule set allows" - an unknown option is refused
    with a message naming the option, the rule set and what is available."""
    with pytest.raises(SetupError, match=rf"option 'stack_draw_six' is not available in {preset}"):
        PRESETS[preset](stack_draw_six=True)
    with pytest.raises(SetupError, match=r"available: .*jump_in"):
        Rules.preset(preset, jumpin=True)


def test_unknown_rule_set_is_a_setup_error() -> None:
    """preset: "The preset named classic, two-player or teams" - another name is refused."""
    with pytest.raises(SetupError, match=r"unknown rule set 'uno-flip' \(known: classic, two"):
        Rules.preset("uno-flip")


def test_preset_by_name_or_enum_with_house_rules() -> None:
    """preset: "The preset named classic, two-player or teams, with options"."""
    assert Rules.preset("classic", jump_in=True) == Rules.classic(jump_in=True)
    assert Rules.preset(RuleSet.TWO_PLAYER, seven_zero=True) == Rules.two_player(seven_zero=True)
    assert Rules.preset("teams", stack_draw_two=True).stack_draw_two is True


@pytest.mark.parametrize("preset", ["classic", "two-player"])
def test_classic_and_two_player_offer_every_house_rule(preset: str) -> None:
    """OPTIONS_BY_RULE_SET: "its text's own options plus the house rules that fit its deck"."""
    assert set(ALL_HOUSE_RULES) <= OPTIONS_BY_RULE_SET[RuleSet(preset)]
    rules = PRESETS[preset](**dict.fromkeys(ALL_HOUSE_RULES, True))
    assert rules.house_rules == ALL_HOUSE_RULES


@pytest.mark.parametrize("rule", ["seven_zero", "stack_draw_four"])
def test_teams_does_not_offer_seven_zero_or_stack_draw_four(rule: str) -> None:
    """ "Teams has no Wild Draw Four to stack, and its 7s carry the pass symbol"."""
    message = rf"option '{rule}' is not available in teams"
    with pytest.raises(SetupError, match=message):
        Rules.teams(**{rule: True})
    with pytest.raises(SetupError, match=message):
        Rules.preset("teams", **{rule: True})
    with pytest.raises(SetupError, match=message):
        Rules.teams(jump_in=True).with_options(**{rule: True})
    with pytest.raises(SetupError, match=message):
        Rules.from_dict({"rules": "teams", "options": {rule: True}})
    # Not even turning it "off" explicitly: the option is not part of Teams at all.
    with pytest.raises(SetupError, match=message):
        Rules.teams(**{rule: False})


def test_teams_offers_the_other_house_rules() -> None:
    """Teams keeps the house rules that fit its deck: stacking Draw Twos, jump-in, draw until
    playable."""
    rules = Rules.teams(**dict.fromkeys(TEAMS_HOUSE_RULES, True))
    assert rules.house_rules == TEAMS_HOUSE_RULES


@pytest.mark.parametrize(
    ("preset", "option"),
    [
        ("classic", "uno_penalty"),
        ("classic", "match_method"),
        ("classic", "blank_cards"),
        ("classic", "pass_symbol_rank"),
        ("two-player", "pre_2022_scoring"),
        ("two-player", "pass_symbol_rank"),
        ("teams", "custom_effect"),
        ("teams", "uno_penalty"),
        ("teams", "pre_2022_scoring"),
        ("classic", "team_game"),
        ("classic", "rule_set"),
    ],
)
def test_option_not_offered_by_that_rule_set_is_refused(preset: str, option: str) -> None:
    """with_options: each rule set offers only its text's own options and the house rules."""
    with pytest.raises(SetupError, match=rf"option '{option}' is not available in {preset}"):
        PRESETS[preset](**{option: getattr(PRESETS[preset](), option)})


@pytest.mark.parametrize(
    ("preset", "option", "value", "message"),
    [
        ("classic", "jump_in", "yes", r"bad option value: jump_in must be true or false"),
        ("classic", "stack_draw_two", 1, r"stack_draw_two must be true or false"),
        ("two-player", "seven_zero", None, r"seven_zero must be true or false"),
        ("classic", "stack_draw_four", "false", r"stack_draw_four must be true or false"),
        ("teams", "draw_until_playable", 0, r"draw_until_playable must be true or false"),
        ("classic", "pre_2022_scoring", "no", r"pre_2022_scoring must be true or false"),
        ("classic", "target_score", 0, r"target score must be at least 1"),
        ("classic", "target_score", True, r"target_score must be a whole number"),
        ("teams", "target_score", "500", r"target_score must be a whole number"),
        ("two-player", "uno_penalty", 0, r"UNO penalty must be at least 1"),
        ("two-player", "uno_penalty", 2.5, r"uno_penalty must be a whole number"),
        ("two-player", "blank_cards", 5, r"blank cards: from 0 to 4"),
        ("two-player", "blank_cards", -1, r"blank cards: from 0 to 4"),
        ("classic", "custom_effect", "nonsense", r"bad option value: .*nonsense"),
        ("two-player", "match_method", "highest", r"bad option value: .*highest"),
        ("teams", "pass_symbol_rank", "S", r"pass symbol is printed on number cards only"),
        ("teams", "pass_symbol_rank", "11", r"bad option value: .*11"),
    ],
)
def test_bad_option_value_is_a_setup_error(
    preset: str, option: str, value: object, message: str
) -> None:
    """with_options: a value the option cannot take is refused with a clear message."""
    with pytest.raises(SetupError, match=message):
        Rules.preset(preset, **{option: value})


def test_with_options_keeps_earlier_options_and_leaves_the_original_alone() -> None:
    """with_options: "A copy with options changed"."""
    base = Rules.classic(jump_in=True)
    more = base.with_options(seven_zero=True)
    assert more.house_rules == ("seven_zero", "jump_in")
    assert base.house_rules == ("jump_in",)
    with pytest.raises(SetupError):
        base.with_options(seven_zero="on")
    assert base == Rules.classic(jump_in=True)


def test_enum_options_are_accepted_by_their_text() -> None:
    """_coerce_options: "Accept enum values by their text too, as a record or a command line
    gives them"."""
    assert Rules.classic(custom_effect="pass-hands").custom_effect is CustomEffect.PASS_HANDS
    assert Rules.two_player(match_method="lowest-caught").match_method is MatchMethod.LOWEST_CAUGHT
    assert Rules.teams(pass_symbol_rank="5").pass_symbol_rank is Rank.FIVE


# ------------------------------------------------------------------------------------------
# Records: to_dict / from_dict
# ------------------------------------------------------------------------------------------


ROUND_TRIPS: list[Rules] = [
    Rules.classic(),
    Rules.two_player(),
    Rules.teams(),
    *(Rules.classic(**{rule: True}) for rule in ALL_HOUSE_RULES),
    *(Rules.two_player(**{rule: True}) for rule in ALL_HOUSE_RULES),
    *(Rules.teams(**{rule: True}) for rule in TEAMS_HOUSE_RULES),
    Rules.classic(
        **dict.fromkeys(ALL_HOUSE_RULES, True),
        pre_2022_scoring=True,
        custom_effect=CustomEffect.OTHERS_DRAW_ONE,
        target_score=300,
    ),
    Rules.two_player(
        stack_draw_two=True,
        draw_until_playable=True,
        uno_penalty=4,
        match_method=MatchMethod.LOWEST_CAUGHT,
        blank_cards=3,
        custom_effect=CustomEffect.DRAW_TWO_SKIP,
    ),
    Rules.teams(**dict.fromkeys(TEAMS_HOUSE_RULES, True), pass_symbol_rank=Rank.NINE),
]


@pytest.mark.parametrize("rules", ROUND_TRIPS, ids=lambda r: json.dumps(r.to_dict()))
def test_to_dict_from_dict_round_trip(rules: Rules) -> None:
    """to_dict: "The preset name and the options that differ from it, for a match record";
    from_dict reads it back, also after a trip through JSON."""
    data = rules.to_dict()
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules


def test_to_dict_lists_only_the_options_that_differ() -> None:
    """to_dict: "the options that differ from it"; house rules appear as plain booleans."""
    rules = Rules.classic(jump_in=True, stack_draw_four=True, custom_effect="pass-hands")
    assert rules.to_dict() == {
        "rules": "classic",
        "options": {"stack_draw_four": True, "jump_in": True, "custom_effect": "pass-hands"},
    }
    assert Rules.teams(pass_symbol_rank="3").to_dict() == {
        "rules": "teams",
        "options": {"pass_symbol_rank": "3"},
    }


def test_from_dict_without_options_is_the_preset() -> None:
    """from_dict: a record with no options is the preset itself."""
    assert Rules.from_dict({"rules": "two-player"}) == Rules.two_player()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"rules": "classic", "options": ["jump_in"]}, r"rule options must be an object"),
        ({"rules": "classic", "options": {"jump_in": "yes"}}, r"jump_in must be true or false"),
        ({"rules": "classic", "options": {"uno_penalty": 4}}, r"'uno_penalty' is not available"),
        ({"rules": "poker", "options": {}}, r"unknown rule set 'poker'"),
        ({"options": {}}, r"unknown rule set"),
    ],
)
def test_from_dict_refuses_bad_records(data: dict[str, Any], message: str) -> None:
    """from_dict: a record that names no valid rule set or options is a SetupError."""
    with pytest.raises(SetupError, match=message):
        Rules.from_dict(data)


# ------------------------------------------------------------------------------------------
# stack_draw_two
# ------------------------------------------------------------------------------------------


def test_stack_draw_two_off_the_target_draws_at_once_and_cannot_stack() -> None:
    """Without stack_draw_two, "Draw Two makes the next player draw two cards and lose their
    turn": there is no moment to stack, and adding a Draw Two is refused."""
    game = game_at(Rules.classic(), ["R+2 B1 B2", "G+2 Y1 Y2", "Y3 Y4 G5"], top="R5", draw="B7 B8")
    events = play(game, 0, "R+2")
    assert drawn(events, 1) == ["B7", "B8"]
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert phase(game) is Phase.TURN and game.current == 2 and game.penalty == 0
    assert not any(a.player == 1 for a in game.legal_actions())
    refused(game, pw(1, "G+2"), NotYourDecisionError, "cannot play Green Draw Two")
    assert_invariants(game)


def test_stack_draw_two_target_may_add_a_draw_two_or_accept() -> None:
    """stack_draw_two: "A player hit by a Draw Two may add a Draw Two and pass the total on."
    The target's decision is to stack (with any Draw Two) or to accept."""
    rules = Rules.classic(stack_draw_two=True)
    game = game_at(rules, ["R+2 B1 B2", "G+2 Y+2 Y1", "Y3 Y4 G5"], top="R5", draw="B7 B8")
    events = play(game, 0, "R+2")
    assert not of_type(events, CardsDrawn)
    assert phase(game) is Phase.RESPOND_DRAW_TWO and game.penalty == 2
    (decision,) = game.decisions()
    assert decision.player == 1 and decision.kind is DecisionKind.STACK
    assert set(decision.actions) == {pw(1, "G+2"), pw(1, "Y+2"), AcceptPenalty(1)}
    assert_invariants(game)


def test_stacking_a_draw_two_passes_the_total_on() -> None:
    """stack_draw_two: "add a Draw Two and pass the total on" - nobody draws yet; the next
    player now faces 4."""
    rules = Rules.classic(stack_draw_two=True)
    game = game_at(rules, ["R+2 B1 B2", "G+2 Y1 Y5", "Y3 Y4 G5"], top="R5")
    play(game, 0, "R+2")
    events = play(game, 1, "G+2")
    assert not of_type(events, CardsDrawn)
    assert of_type(events, PenaltyStacked) == [PenaltyStacked(1, 4)]
    assert hand(game, 1) == "Y1 Y5" and game.top_card == card("G+2")
    assert phase(game) is Phase.RESPOND_DRAW_TWO and game.responder == 2 and game.penalty == 4
    (decision,) = game.decisions()
    assert decision.player == 2 and decision.actions == (AcceptPenalty(2),)
    assert_invariants(game)


def test_accept_penalty_draws_the_stacked_total_and_loses_the_turn() -> None:
    """stack_draw_two: the player who does not add a Draw Two draws the total
    (AcceptPenalty: "Draw the cards ... a stack of Draw Twos puts on you, and lose the turn")."""
    rules = Rules.classic(stack_draw_two=True)
    hands = ["R+2 B1 B2", "G+2 Y1 Y5", "Y3 Y4 G5", "G1 G2 G3"]
    game = game_at(rules, hands, top="R5", draw="B7 B8 B9 R1 R2")
    play(game, 0, "R+2")
    play(game, 1, "G+2")
    assert game.responder == 2 and game.penalty == 4
    events = game.apply(AcceptPenalty(2))
    (draw,) = of_type(events, CardsDrawn)
    assert (draw.player, draw.count, draw.reason) == (2, 4, DrawReason.DRAW_TWO)
    assert drawn(events, 2) == ["B7", "B8", "B9", "R1"]
    assert hand(game, 2) == "B7 B8 B9 G5 R1 Y3 Y4"
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(2)]
    assert phase(game) is Phase.TURN and game.current == 3 and game.penalty == 0
    assert game.top_card == card("G+2") and game.current_color is Color.GREEN
    assert_invariants(game)


def test_stack_draw_two_goes_on_around_the_table() -> None:
    """stack_draw_two: each player hit may add another Draw Two; the total keeps growing."""
    rules = Rules.classic(stack_draw_two=True)
    hands = ["R+2 B1 B2", "G+2 Y1 Y5", "B+2 G5 G6"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "R+2")
    play(game, 1, "G+2")
    events = play(game, 2, "B+2")
    assert of_type(events, PenaltyStacked) == [PenaltyStacked(2, 6)]
    assert game.responder == 0 and game.penalty == 6
    events = game.apply(AcceptPenalty(0))
    assert of_type(events, CardsDrawn)[0].count == 6
    assert len(game.hands[0]) == 8 and game.current == 1
    assert_invariants(game)


def test_while_a_draw_two_stack_is_pending_only_a_draw_two_or_accept_is_allowed() -> None:
    """stack_draw_two: the target may "add a Draw Two" - not any other card, not draw by
    choice; nobody else acts meanwhile."""
    rules = Rules.classic(stack_draw_two=True, stack_draw_four=True)
    hands = ["R+2 B1 B2", "G+2 R9 W+4 W", "R+2 G5 G6"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "R+2")
    refused(game, pw(1, "R9"), MustPlayError, r"must draw 2 or add a Draw Two")
    refused(game, pw(1, "W+4", "B"), MustPlayError, r"must draw 2 or add a Draw Two")
    refused(game, pw(1, "W", "B"), MustPlayError)
    refused(game, DrawCard(1), NotYourDecisionError)
    refused(game, pw(2, "R+2"), NotYourDecisionError, r"Ben must answer the penalty")
    refused(game, AcceptPenalty(2), NotYourDecisionError)
    refused(game, Challenge(1), NotYourDecisionError)


def test_two_player_stack_draw_twos_passes_the_total_back() -> None:
    """two-player: "Stack Draw Twos. The next player can add a Draw Two and pass the total
    back." Then the player who drew loses the turn and play comes back to the other."""
    rules = Rules.two_player(stack_draw_two=True)
    game = game_at(rules, ["R+2 B1 B2", "G+2 Y1 Y2"], top="R5")
    play(game, 0, "R+2")
    events = play(game, 1, "G+2")
    assert of_type(events, PenaltyStacked) == [PenaltyStacked(1, 4)]
    assert game.responder == 0 and phase(game) is Phase.RESPOND_DRAW_TWO
    events = game.apply(AcceptPenalty(0))
    assert of_type(events, CardsDrawn)[0].count == 4 and len(game.hands[0]) == 6
    assert phase(game) is Phase.TURN and game.current == 1
    assert_invariants(game)


def test_two_player_last_card_stacked_draw_two_still_makes_the_other_draw_the_total() -> None:
    """two-player: "If that last card is a Draw Two ..., the other player still draws those
    cards" - with stacking, the whole total."""
    rules = Rules.two_player(stack_draw_two=True)
    game = game_at(rules, ["R+2 B1 B2", "G+2"], top="R5")
    game.apply(CallUno(1, 1))
    play(game, 0, "R+2")
    events = play(game, 1, "G+2")
    assert of_type(events, CardsDrawn)[0].player == 0
    assert of_type(events, CardsDrawn)[0].count == 4
    (ended,) = of_type(events, RoundEnded)
    assert ended.winners == (1,) and len(game.hands[0]) == 6


def test_teams_stack_draw_two() -> None:
    """Teams offers stack_draw_two: "A player hit by a Draw Two may add a Draw Two and pass the
    total on"."""
    rules = Rules.teams(stack_draw_two=True)
    hands = ["R+2 B1 B2", "G+2 Y1 Y5", "Y3 Y4 G5", "G1 G2 G3"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "R+2")
    play(game, 1, "G+2")
    events = game.apply(AcceptPenalty(2))
    assert of_type(events, CardsDrawn)[0].count == 4
    assert game.current == 3
    assert_invariants(game)


# ------------------------------------------------------------------------------------------
# stack_draw_four
# ------------------------------------------------------------------------------------------


def test_stack_draw_four_off_stacking_is_refused() -> None:
    """Without stack_draw_four, the target of a Wild Draw Four "draws four cards, or
    challenges"; adding a Wild Draw Four is refused with MustPlayError."""
    game = game_at(Rules.classic(), ["W+4 B1 B2", "W+4 Y1 Y2", "G3 G4 G5"], top="R5")
    play(game, 0, "W+4", "B")
    (decision,) = game.decisions()
    assert set(decision.actions) == {Challenge(1), AcceptPenalty(1)}
    refused(game, pw(1, "W+4", "G"), MustPlayError, r"must answer the Wild Draw Four")


def test_stack_draw_four_target_may_add_a_wild_draw_four() -> None:
    """stack_draw_four: "A player hit by a Wild Draw Four may add a Wild Draw Four and pass the
    total on." The decision offers it (naming any colour) besides challenge and accept."""
    rules = Rules.classic(stack_draw_four=True)
    game = game_at(rules, ["W+4 B1 B2", "W+4 Y1 Y2", "G3 G4 G5"], top="R5")
    play(game, 0, "W+4", "B")
    (decision,) = game.decisions()
    assert decision.kind is DecisionKind.CHALLENGE
    assert set(decision.actions) == {
        Challenge(1),
        AcceptPenalty(1),
        *(PlayCard(1, card("W+4"), color) for color in Color),
    }
    refused(game, pw(1, "Y1"), MustPlayError)
    refused(game, pw(1, "W+4"), BadChoiceError, r"must name a colour")


def test_stacking_a_wild_draw_four_passes_the_total_on() -> None:
    """stack_draw_four: "add a Wild Draw Four and pass the total on"; accepting draws the total
    and loses the turn."""
    rules = Rules.classic(stack_draw_four=True)
    hands = ["W+4 B1 B2", "W+4 Y1 Y2", "G3 G4 G5", "R1 R2 R3"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "W+4", "B")
    events = play(game, 1, "W+4", "G")
    assert not of_type(events, CardsDrawn)
    assert of_type(events, PenaltyStacked) == [PenaltyStacked(1, 8)]
    assert phase(game) is Phase.RESPOND_DRAW_FOUR and game.responder == 2 and game.penalty == 8
    assert game.current_color is Color.GREEN
    events = game.apply(AcceptPenalty(2))
    (draw,) = of_type(events, CardsDrawn)
    assert (draw.player, draw.count, draw.reason) == (2, 8, DrawReason.DRAW_FOUR)
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(2)]
    assert phase(game) is Phase.TURN and game.current == 3 and len(game.hands[2]) == 11
    assert_invariants(game)


def test_challenging_a_stacked_draw_four_success_the_last_player_draws_the_total() -> None:
    """stack_draw_four + challenge of the last Wild Draw Four: "If they challenge and the player
    had the color, or a Wild, that player draws four" - here the whole total; the challenger
    then plays on."""
    rules = Rules.classic(stack_draw_four=True)
    # Ben stacks while holding blue, the colour Ann named: his Wild Draw Four is illegal.
    hands = ["W+4 Y8 Y9", "W+4 B1 Y2", "G3 G4 G5", "R1 R2 R3"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "W+4", "B")
    play(game, 1, "W+4", "G")
    events = game.apply(Challenge(2))
    (challenge,) = of_type(events, DrawFourChallenged)
    assert (challenge.challenger, challenge.player, challenge.illegal) == (2, 1, True)
    (draw,) = of_type(events, CardsDrawn)
    assert (draw.player, draw.count, draw.reason) == (1, 8, DrawReason.CHALLENGE_LOST)
    assert len(game.hands[1]) == 10 and len(game.hands[0]) == 2 and len(game.hands[2]) == 3
    assert phase(game) is Phase.TURN and game.current == 2 and game.penalty == 0
    assert PlayCard(2, card("G3")) in game.legal_actions(2)
    assert_invariants(game)


def test_challenging_a_stacked_draw_four_failure_challenger_draws_total_plus_two() -> None:
    """stack_draw_four + challenge failed: "Otherwise, the challenger draws six and loses their
    turn" - the total plus 2. Only the last Wild Draw Four is judged: Ann's bluff underneath
    does not count."""
    rules = Rules.classic(stack_draw_four=True)
    # Ann held red (illegal), but Ben's stacked Wild Draw Four is legal: he holds no blue.
    hands = ["W+4 R8 R9", "W+4 Y1 Y2", "G3 G4 G5", "R1 R2 R3"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "W+4", "B")
    play(game, 1, "W+4", "G")
    events = game.apply(Challenge(2))
    (challenge,) = of_type(events, DrawFourChallenged)
    assert (challenge.challenger, challenge.player, challenge.illegal) == (2, 1, False)
    (draw,) = of_type(events, CardsDrawn)
    assert (draw.player, draw.count, draw.reason) == (2, 10, DrawReason.CHALLENGE_FAILED)
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(2)]
    assert len(game.hands[0]) == 2 and len(game.hands[1]) == 2 and len(game.hands[2]) == 13
    assert phase(game) is Phase.TURN and game.current == 3
    assert_invariants(game)


def test_stacked_draw_four_can_be_stacked_again_and_challenged() -> None:
    """stack_draw_four: the total keeps growing while players add Wild Draw Fours; a challenge
    judges the last one."""
    rules = Rules.classic(stack_draw_four=True)
    hands = ["W+4 R8 R9", "W+4 Y1 Y2", "W+4 G4 G5", "R1 R2 R3"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "W+4", "B")
    play(game, 1, "W+4", "G")
    events = play(game, 2, "W+4", "Y")
    assert of_type(events, PenaltyStacked) == [PenaltyStacked(2, 12)]
    events = game.apply(Challenge(3))  # Cat held green, the colour Ben named: illegal
    assert of_type(events, DrawFourChallenged)[0].player == 2
    assert of_type(events, CardsDrawn)[0].count == 12 and len(game.hands[2]) == 14
    assert game.current == 3 and phase(game) is Phase.TURN


def test_two_player_stacked_draw_four_comes_back_to_be_challenged() -> None:
    """two-player, stack_draw_four: the total goes back to the first player, who may challenge
    the Wild Draw Four stacked on theirs."""
    rules = Rules.two_player(stack_draw_four=True)
    game = game_at(rules, ["W+4 B1 B2", "W+4 R1 Y2"], top="R5")
    play(game, 0, "W+4", "R")
    play(game, 1, "W+4", "G")
    assert game.responder == 0 and game.penalty == 8
    events = game.apply(Challenge(0))  # Ben held red, the colour Ann named
    assert of_type(events, DrawFourChallenged)[0].illegal is True
    assert of_type(events, CardsDrawn)[0].player == 1 and len(game.hands[1]) == 10
    assert game.current == 0 and phase(game) is Phase.TURN


def test_draw_two_and_draw_four_do_not_stack_on_each_other() -> None:
    """stack_draw_two adds "a Draw Two" to a Draw Two; stack_draw_four adds "a Wild Draw Four"
    to a Wild Draw Four: a Draw Two on a Wild Draw Four is refused."""
    rules = Rules.classic(stack_draw_two=True, stack_draw_four=True)
    game = game_at(rules, ["W+4 B1 B2", "G+2 B+2 Y2", "G3 G4 G5"], top="R5")
    play(game, 0, "W+4", "B")
    refused(game, pw(1, "B+2"), MustPlayError, r"must answer the Wild Draw Four")


# ------------------------------------------------------------------------------------------
# seven_zero
# ------------------------------------------------------------------------------------------


def test_seven_needs_a_target_player() -> None:
    """seven_zero: "A 7 swaps hands with a chosen player" - the player must choose another
    player at the table."""
    rules = Rules.classic(seven_zero=True)
    game = game_at(rules, ["R7 B1 B2", "G1 G2", "Y3 Y4 Y5"], top="R5")
    refused(game, pw(0, "R7"), BadChoiceError, r"must choose a player for Red 7")
    refused(game, pw(0, "R7", target=0), BadChoiceError, r"another player at the table")
    refused(game, pw(0, "R7", target=3), BadChoiceError, r"another player at the table")
    assert {a for a in game.legal_actions(0) if isinstance(a, PlayCard)} == {
        pw(0, "R7", target=1),
        pw(0, "R7", target=2),
    }


def test_seven_swaps_hands_with_the_chosen_player() -> None:
    """seven_zero: "A 7 swaps hands with a chosen player"; then play goes on as usual."""
    rules = Rules.classic(seven_zero=True)
    game = game_at(rules, ["R7 B1 B2", "G1 G2", "Y3 Y4 Y5 Y6"], top="R5")
    events = play(game, 0, "R7", target=2)
    assert of_type(events, HandsSwapped) == [HandsSwapped(0, 2)]
    assert of_type(events, CardPlayed)[0].target == 2
    assert hand(game, 0) == "Y3 Y4 Y5 Y6"
    assert hand(game, 2) == "B1 B2"
    assert hand(game, 1) == "G1 G2"
    assert game.current == 1 and game.top_card == card("R7")
    assert_invariants(game)


def test_a_drawn_seven_also_needs_a_target() -> None:
    """seven_zero: "A 7 swaps hands with a chosen player" - also when it is the card just
    drawn and played."""
    rules = Rules.two_player(seven_zero=True)
    game = game_at(rules, ["G1 G2 G3", "B1 B2"], top="R5", draw="R7")
    game.apply(DrawCard(0))
    assert set(game.legal_actions(0)) == {pw(0, "R7", target=1), KeepDrawn(0)}
    refused(game, pw(0, "R7"), BadChoiceError, r"must choose a player")
    play(game, 0, "R7", target=1)
    assert hand(game, 0) == "B1 B2" and hand(game, 1) == "G1 G2 G3"


def test_seven_swap_leaving_one_card_exposes_the_player_to_a_catch() -> None:
    """seven_zero with UNO: a player who holds one card "for any reason" and has not called
    may be caught - here after a 7 handed them a one-card hand."""
    rules = Rules.classic(seven_zero=True)
    game = game_at(rules, ["R7 B1 B2", "G1", "Y3 Y4 Y5"], top="R5")
    game.apply(CallUno(1, 1))
    play(game, 0, "R7", target=1)
    assert hand(game, 0) == "G1" and hand(game, 1) == "B1 B2"
    assert game.can(CatchUno(2, 0))
    events = game.apply(CatchUno(2, 0))
    assert of_type(events, UnoCaught) == [UnoCaught(2, 0)]
    assert len(game.hands[0]) == 3


def test_seven_without_the_house_rule_takes_no_target() -> None:
    """seven_zero off: a 7 is a plain number card; naming a target is refused."""
    game = game_at(Rules.classic(), ["R7 B1 B2", "G1 G2", "Y3 Y4 Y5"], top="R5")
    refused(game, pw(0, "R7", target=2), BadChoiceError, r"takes no target player")
    events = play(game, 0, "R7")
    assert not of_type(events, HandsSwapped)
    assert hand(game, 0) == "B1 B2" and hand(game, 2) == "Y3 Y4 Y5"


def test_zero_passes_every_hand_one_seat_along_clockwise() -> None:
    """seven_zero: "a 0 passes every hand one seat along" - in the direction of play, so
    clockwise each hand goes to the next seat up."""
    rules = Rules.classic(seven_zero=True)
    hands = ["R0 B1 B2", "G1 G2", "Y3 Y4 Y5", "G8 G9 B8 B9"]
    game = game_at(rules, hands, top="R5")
    refused(game, pw(0, "R0", target=1), BadChoiceError, r"takes no target player")
    events = play(game, 0, "R0")
    assert of_type(events, HandsPassed) == [HandsPassed(True)]
    assert [hand(game, seat) for seat in range(4)] == [
        "B8 B9 G8 G9",
        "B1 B2",
        "G1 G2",
        "Y3 Y4 Y5",
    ]
    assert game.current == 1
    assert_invariants(game)


def test_zero_passes_every_hand_one_seat_along_counterclockwise() -> None:
    """seven_zero: "a 0 passes every hand one seat along" - after a Reverse, the direction of
    play is counterclockwise, so each hand goes to the seat below."""
    rules = Rules.classic(seven_zero=True)
    hands = ["R0 B1 B2", "G1 G2", "Y3 Y4 Y5", "G8 G9 B8 B9"]
    game = game_at(rules, hands, top="R5", clockwise=False)
    events = play(game, 0, "R0")
    assert of_type(events, HandsPassed) == [HandsPassed(False)]
    assert [hand(game, seat) for seat in range(4)] == [
        "G1 G2",
        "Y3 Y4 Y5",
        "B8 B9 G8 G9",
        "B1 B2",
    ]
    assert game.current == 3
    assert_invariants(game)


def test_zero_after_a_reverse_played_in_game_follows_the_new_direction() -> None:
    """seven_zero: hands pass "in the direction of play", which a Reverse changes."""
    rules = Rules.classic(seven_zero=True)
    hands = ["RR B1 B2", "G1 G2", "Y3 Y4 Y5", "R0 G9 B8 B9"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "RR")
    assert game.current == 3
    play(game, 3, "R0")
    assert [hand(game, seat) for seat in range(4)] == [
        "G1 G2",
        "Y3 Y4 Y5",
        "B8 B9 G9",
        "B1 B2",
    ]
    assert game.current == 2


def test_zero_without_the_house_rule_passes_nothing() -> None:
    """seven_zero off: a 0 is a plain number card."""
    game = game_at(Rules.classic(), ["R0 B1 B2", "G1 G2", "Y3 Y4 Y5"], top="R5")
    events = play(game, 0, "R0")
    assert not of_type(events, HandsPassed)
    assert hand(game, 0) == "B1 B2" and hand(game, 1) == "G1 G2"


def test_two_player_zero_exchanges_the_two_hands() -> None:
    """seven_zero with two players: passing one seat along exchanges the hands."""
    rules = Rules.two_player(seven_zero=True)
    game = game_at(rules, ["R0 B1 B2", "G1 G2 G3"], top="R5")
    play(game, 0, "R0")
    assert hand(game, 0) == "G1 G2 G3" and hand(game, 1) == "B1 B2"
    assert game.current == 1


@pytest.mark.parametrize("code", ["R7", "R0"])
def test_seven_or_zero_as_last_card_wins_the_hand_without_moving_hands(code: str) -> None:
    """seven_zero and "The hand ends as soon as a player plays their final card": a last 7 or 0
    wins at once; no hands move."""
    rules = Rules.classic(seven_zero=True)
    game = game_at(rules, [code, "G1 G2", "Y3 Y4 Y5"], top="R5")
    target = 1 if code == "R7" else None
    events = play(game, 0, code, target=target)
    assert not of_type(events, HandsSwapped) and not of_type(events, HandsPassed)
    assert of_type(events, RoundEnded)[0].winners == (0,)
    assert hand(game, 1) == "G1 G2"


# ------------------------------------------------------------------------------------------
# jump_in
# ------------------------------------------------------------------------------------------

JUMP_HANDS = ["R9 B1 B2", "G1 G2 G3", "R5 Y4 Y5", "G8 G9 B8"]


def test_jump_in_with_an_identical_card_out_of_turn() -> None:
    """jump_in: "A card identical to the top card (same colour and rank) may be played out of
    turn." It is offered to that player as a jump-in decision."""
    game = game_at(Rules.classic(jump_in=True), JUMP_HANDS, top="R5")
    jumps = [d for d in game.decisions() if d.kind is DecisionKind.JUMP_IN]
    assert [(d.player, d.actions) for d in jumps] == [(2, (pw(2, "R5"),))]
    events = play(game, 2, "R5")
    (played,) = of_type(events, CardPlayed)
    assert (played.player, played.card, played.jump_in) == (2, card("R5"), True)
    assert hand(game, 2) == "Y4 Y5" and hand(game, 0) == "B1 B2 R9"
    assert_invariants(game)


@pytest.mark.parametrize(("clockwise", "after"), [(True, 3), (False, 1)])
def test_play_continues_from_the_jumper(clockwise: bool, after: int) -> None:
    """jump_in: after a jump-in, play continues from the jumper, in the direction of play (the
    players passed over lose this turn)."""
    game = game_at(Rules.classic(jump_in=True), JUMP_HANDS, top="R5", clockwise=clockwise)
    events = play(game, 2, "R5")
    assert phase(game) is Phase.TURN and game.current == after
    assert hand(game, 0) == "B1 B2 R9"
    assert not of_type(events, PlayerSkipped)


def test_jump_in_with_a_skip_skips_the_player_after_the_jumper() -> None:
    """jump_in: the jumped-in card has its full effect, counted from the jumper."""
    hands = ["R9 B1 B2", "G1 G2 G3", "RS Y4 Y5", "G8 G9 B8"]
    game = game_at(Rules.classic(jump_in=True), hands, top="RS")
    events = play(game, 2, "RS")
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(3)]
    assert game.current == 0


def test_jump_in_with_a_reverse_turns_play_back_from_the_jumper() -> None:
    """jump_in: a Reverse jumped in reverses play from the jumper."""
    hands = ["R9 B1 B2", "G1 G2 G3", "RR Y4 Y5", "G8 G9 B8"]
    game = game_at(Rules.classic(jump_in=True), hands, top="RR")
    events = play(game, 2, "RR")
    assert of_type(events, DirectionChanged) == [DirectionChanged(False)]
    assert game.current == 1


@pytest.mark.parametrize(
    "code",
    ["G5", "R6"],
    ids=["same-rank-other-colour", "same-colour-other-rank"],
)
def test_jump_in_with_a_card_not_identical_is_refused(code: str) -> None:
    """jump_in: only "A card identical to the top card (same colour and rank)"."""
    hands = ["R9 B1 B2", "G1 G2 G3", f"{code} Y4 Y5", "G8 G9 B8"]
    game = game_at(Rules.classic(jump_in=True), hands, top="R5")
    assert not any(d.kind is DecisionKind.JUMP_IN for d in game.decisions())
    refused(game, pw(2, code), CardDoesNotMatchError, r"cannot jump in")


def test_jump_in_with_a_wild_is_refused() -> None:
    """jump_in: a Wild has no colour of its own, so it is never identical to the top card -
    even on a Wild."""
    hands = ["R9 B1 B2", "G1 G2 G3", "W W+4 Y5", "G8 G9 B8"]
    game = game_at(Rules.classic(jump_in=True), hands, top="W", color="R")
    assert not any(d.kind is DecisionKind.JUMP_IN for d in game.decisions())
    refused(game, pw(2, "W", "R"), CardDoesNotMatchError, r"cannot jump in with Wild")
    refused(game, pw(2, "W+4", "R"), CardDoesNotMatchError, r"cannot jump in")
    game2 = game_at(Rules.classic(jump_in=True), hands, top="R5")
    refused(game2, pw(2, "W", "R"), CardDoesNotMatchError, r"cannot jump in")


def test_jump_in_off_playing_out_of_turn_is_refused() -> None:
    """jump_in off: nobody plays out of turn, not even an identical card."""
    game = game_at(Rules.classic(), JUMP_HANDS, top="R5")
    assert not any(d.kind is DecisionKind.JUMP_IN for d in game.decisions())
    refused(game, pw(2, "R5"), NotYourDecisionError, r"it is Ann's turn")


def test_jump_in_leaves_the_current_players_normal_play_unchanged() -> None:
    """jump_in: the player whose turn it is plays as usual (colour, number or symbol), and
    playing an identical card on one's own turn is an ordinary play."""
    hands = ["R9 R5 G6 B2", "G1 G2 G3", "Y4 Y5 Y6", "G8 G9 B8"]
    game = game_at(Rules.classic(jump_in=True), hands, top="R5")
    refused(game, pw(0, "G6"), CardDoesNotMatchError, r"matches neither")
    assert game.can(DrawCard(0))
    events = play(game, 0, "R9")
    assert of_type(events, CardPlayed)[0].jump_in is False
    assert game.current == 1
    game = game_at(Rules.classic(jump_in=True), hands, top="R5")
    events = play(game, 0, "R5")
    assert of_type(events, CardPlayed)[0].jump_in is False
    assert game.current == 1


def test_jump_in_closes_the_uno_catch_window() -> None:
    """jump_in and UNO: an opponent may catch "until the next turn's holder takes their first
    turn action" - a jump-in is a turn, so it closes the window like any turn."""
    hands = ["R5 B1", "G1 G2 G3", "R5 Y4 Y5", "G8 G9 B8"]
    game = game_at(Rules.classic(jump_in=True), hands, top="R3")
    play(game, 0, "R5")  # Ann is down to one card and does not call UNO
    assert game.can(CatchUno(1, 0)) and game.can(CatchUno(3, 0))
    play(game, 2, "R5")  # Cat jumps in
    refused(game, CatchUno(1, 0), UnoCallError, r"cannot catch Ann")
    refused(game, CatchUno(3, 0), UnoCallError)
    refused(game, CallUno(0, 0), UnoCallError)


def test_jumper_down_to_one_card_may_be_caught() -> None:
    """jump_in and UNO: a jumper left with one card who has not called may be caught until the
    next turn's holder acts."""
    hands = ["R9 B1 B2", "G1 G2 G3", "R5 Y4", "G8 G9 B8"]
    game = game_at(Rules.classic(jump_in=True), hands, top="R5")
    play(game, 2, "R5")
    assert game.can(CatchUno(0, 2))
    events = game.apply(CatchUno(0, 2))
    assert of_type(events, UnoCaught) == [UnoCaught(0, 2)] and len(game.hands[2]) == 3


def test_no_jump_in_while_a_penalty_is_being_answered() -> None:
    """jump_in: "played out of turn" - while a stacked Draw Two waits for its target's answer
    there is no turn to jump into (engine reading: jump-in is open in the TURN phase only)."""
    rules = Rules.classic(jump_in=True, stack_draw_two=True)
    hands = ["R+2 B1 B2", "G1 G2 G3", "R+2 Y4 Y5", "G8 G9 B8"]
    game = game_at(rules, hands, top="R5")
    play(game, 0, "R+2")
    assert not any(d.kind is DecisionKind.JUMP_IN for d in game.decisions())
    refused(game, pw(2, "R+2"), NotYourDecisionError, r"Ben must answer the penalty")
    game.apply(AcceptPenalty(1))
    assert game.current == 2
    # Now a turn is awaited again: Cat, whose turn it is, plays her Draw Two as a normal play.
    events = play(game, 2, "R+2")
    assert of_type(events, CardPlayed)[0].jump_in is False and game.responder == 3


def test_teams_jump_in() -> None:
    """Teams offers jump_in: an identical card may be played out of turn."""
    game = game_at(Rules.teams(jump_in=True), JUMP_HANDS, top="R5")
    events = play(game, 2, "R5")
    assert of_type(events, CardPlayed)[0].jump_in is True and game.current == 3


# ------------------------------------------------------------------------------------------
# draw_until_playable
# ------------------------------------------------------------------------------------------


def test_draw_until_playable_draws_until_a_playable_card_comes() -> None:
    """draw_until_playable: "Drawing goes on until a playable card comes." The whole draw is one
    CardsDrawn of the cards in order; the rest of the pile stays."""
    rules = Rules.classic(draw_until_playable=True)
    game = game_at(rules, ["G1 G2", "B5 B6", "Y1 Y2"], top="R5", draw="B3 Y4 B9 R8 G7")
    events = game.apply(DrawCard(0))
    (draw,) = of_type(events, CardsDrawn)
    assert (draw.player, draw.count, draw.reason) == (0, 4, DrawReason.CHOICE)
    assert [str(c) for c in draw.cards or ()] == ["B3", "Y4", "B9", "R8"]
    assert hand(game, 0) == "B3 B9 G1 G2 R8 Y4"
    assert game.draw_pile[-1] == card("G7")
    assert phase(game) is Phase.DRAWN and game.drawn_card == card("R8")
    assert_invariants(game)


def test_draw_until_playable_classic_the_last_card_must_be_played() -> None:
    """draw_until_playable then classic "draw a card, and play it if it matches": the decision
    is about the last card drawn only - it must be played; the others may not."""
    rules = Rules.classic(draw_until_playable=True)
    game = game_at(rules, ["G1 G2 R1", "B5 B6", "Y1 Y2"], top="R5", draw="B3 Y4 R8")
    game.apply(DrawCard(0))
    (decision,) = game.decisions()
    assert decision.kind is DecisionKind.PLAY_DRAWN and decision.actions == (pw(0, "R8"),)
    refused(game, KeepDrawn(0), MustPlayError, r"must play the drawn Red 8")
    refused(game, pw(0, "R1"), DrawnCardOnlyError, r"only the drawn card")
    refused(game, pw(0, "B3"), DrawnCardOnlyError)
    play(game, 0, "R8")
    assert hand(game, 0) == "B3 G1 G2 R1 Y4" and game.current == 1


def test_draw_until_playable_two_player_the_last_card_may_be_kept() -> None:
    """draw_until_playable then two-player "If you can play it, you may play it right away":
    the last card drawn may be kept, ending the turn."""
    rules = Rules.two_player(draw_until_playable=True)
    game = game_at(rules, ["G1 G2", "B5 B6"], top="R5", draw="B3 W G7")
    game.apply(DrawCard(0))
    assert game.drawn_card == card("W")
    assert set(game.legal_actions(0)) == {
        KeepDrawn(0),
        *(PlayCard(0, card("W"), color) for color in Color),
    }
    events = game.apply(KeepDrawn(0))
    assert of_type(events, DrawnCardKept) == [DrawnCardKept(0)]
    assert hand(game, 0) == "B3 G1 G2 W" and game.current == 1


def test_draw_until_playable_first_card_playable_draws_one() -> None:
    """draw_until_playable: if the first card drawn is playable, drawing stops there."""
    rules = Rules.classic(draw_until_playable=True)
    game = game_at(rules, ["G1 G2", "B5 B6", "Y1 Y2"], top="R5", draw="B5 Y4")
    events = game.apply(DrawCard(0))
    assert drawn(events, 0) == ["B5"] and game.drawn_card == card("B5")


def test_draw_until_playable_off_draws_one_card() -> None:
    """draw_until_playable off: "With no match, draw a card" - one card; not playable, the turn
    passes."""
    game = game_at(Rules.classic(), ["G1 G2", "B5 B6", "Y1 Y2"], top="R5", draw="B3 Y4 R8")
    events = game.apply(DrawCard(0))
    assert drawn(events, 0) == ["B3"]
    assert of_type(events, TurnPassed) == [TurnPassed(0)] and game.current == 1


def test_draw_until_playable_with_nothing_playable_left_the_turn_passes() -> None:
    """draw_until_playable: when the cards run out before a playable one comes, the player
    keeps what they drew and the turn passes."""
    rules = Rules.two_player(draw_until_playable=True)
    rest = Counter(build_deck(rules))
    named = Counter(Card.parse(c) for c in ("G1", "G2", "R5", "B3", "Y4"))
    other = format_cards((rest - named).elements())
    game = game_at(rules, ["G1 G2", other], top="R5", draw="B3 Y4")
    assert len(game.draw_pile) == 2
    events = game.apply(DrawCard(0))
    assert drawn(events, 0) == ["B3", "Y4"]
    assert of_type(events, TurnPassed) == [TurnPassed(0)]
    assert game.current == 1 and hand(game, 0) == "B3 G1 G2 Y4"


def test_teams_draw_until_playable() -> None:
    """Teams offers draw_until_playable: "Drawing goes on until a playable card comes"."""
    rules = Rules.teams(draw_until_playable=True)
    hands = ["G1 G2", "B5 B6", "Y1 Y2", "G3 G4"]
    game = game_at(rules, hands, top="R5", draw="B3 Y4 R8")
    events = game.apply(DrawCard(0))
    assert drawn(events, 0) == ["B3", "Y4", "R8"] and game.drawn_card == card("R8")


# ------------------------------------------------------------------------------------------
# A match record keeps the house rules
# ------------------------------------------------------------------------------------------


def test_match_record_with_house_rules_replays_identically() -> None:
    """to_dict / from_dict in a match record: a game played with house rules (stack, 7, 0,
    jump-in, draw until playable) replays to the identical state from its JSON record."""
    rules = Rules.classic(**dict.fromkeys(ALL_HOUSE_RULES, True))
    hands = ["R+2 R7 G0 B1", "G+2 Y1 Y5 G7", "R7 Y3 Y4 G5", "G8 G9 B8 B9"]
    game = game_at(rules, hands, top="R5", draw="B3 Y6 B4 G2")
    play(game, 0, "R+2")
    play(game, 1, "G+2")
    game.apply(AcceptPenalty(2))
    play(game, 3, "G8")
    play(game, 0, "G0")
    game.apply(DrawCard(game.current))
    record = MatchRecord.from_json(game.record().to_json())
    assert record.rules == rules
    assert Game.from_record(record).digest() == game.digest()
