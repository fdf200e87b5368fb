"""medium's heuristics, each on a position where it decides the play."""

from __future__ import annotations

import random

from uno_tui.bots import MediumBot
from uno_tui.engine import DrawCard, PlayCard, Rules

from .helpers import card, game_at


def choice(rules: Rules, hands: list[str], top: str, **kwargs: object) -> object:
    game = game_at(rules, hands, top, **kwargs)  # type: ignore[arg-type]
    return MediumBot().choose(game.view(0), random.Random(1))


def test_medium_draws_rather_than_spend_a_wild_with_many_other_cards() -> None:
    action = choice(Rules.two_player(), ["W B1 B2 G3 Y4", "G1 G2 G3 G4 G5"], "R5")
    assert isinstance(action, DrawCard)


def test_medium_plays_a_wild_when_few_other_cards_remain() -> None:
    action = choice(Rules.two_player(), ["W B1 G3", "G1 G2 G3 G4 G5"], "R5")
    assert isinstance(action, PlayCard) and action.card == card("W")


def test_medium_plays_the_color_it_holds_most_before_an_action_card() -> None:
    action = choice(Rules.two_player(), ["R+2 B5 B1 B2 B3", "G1 G2 G3 G4 G5"], "R5")
    assert isinstance(action, PlayCard) and action.card == card("B5")


def test_medium_plays_draw_two_before_a_number_of_the_same_color() -> None:
    action = choice(Rules.two_player(), ["R+2 R7 B1", "G1 G2 G3 G4 G5"], "R5")
    assert isinstance(action, PlayCard) and action.card == card("R+2")


def test_medium_reverses_play_away_from_a_next_player_about_to_go_out() -> None:
    action = choice(Rules.classic(), ["RR R7 R8 B1", "G1", "G3 G4 B5 B6", "Y1 Y2 Y3 Y4"], "R5")
    assert isinstance(action, PlayCard) and action.card == card("RR")


def test_medium_keeps_the_color_the_next_player_drew_on() -> None:
    """Ben drew on red and has taken no card since: of two colours held as much, medium
    keeps red in play (without the inference, B5 would go: the higher number)."""
    game = game_at(Rules.two_player(), ["R1 R2 B5 B3", "G1 G2 Y3 Y4 G5"], "R5", "Y9 Y8")
    game.apply(DrawCard(0))  # Ann draws Y9, which does not match: Ben's turn
    game.apply(DrawCard(1))  # Ben draws on red: he holds none
    action = MediumBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card.color is card("R1").color


def test_medium_keeps_the_color_the_next_player_drew_on_before_the_color_it_holds_most() -> None:
    """Ben drew on red: medium plays its one red card rather than turn the play to blue, the
    colour it holds most (Ben would match blue; on red he must draw again)."""
    game = game_at(Rules.two_player(), ["R1 B5 B3 B7", "G1 G2 Y3 Y4 G5"], "R5", "Y9 Y8")
    game.apply(DrawCard(0))  # Ann draws Y9, which does not match: Ben's turn
    game.apply(DrawCard(1))  # Ben draws on red: he holds none
    action = MediumBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card == card("R1")


def test_medium_bluffs_a_wild_draw_four_on_an_opponent_holding_one_card() -> None:
    """Ben holds one card and Ann nothing that stops him: she throws the Wild Draw Four
    although she holds red (he would likely go out on his turn)."""
    action = choice(Rules.two_player(), ["W+4 R1 B2", "G1"], "R5")
    assert isinstance(action, PlayCard) and action.card == card("W+4")


def test_medium_never_bluffs_a_wild_draw_four_on_two_cards() -> None:
    action = choice(Rules.two_player(), ["W+4 R1 B2", "G1 G2"], "R5")
    assert isinstance(action, PlayCard) and action.card == card("R1")


def test_medium_stops_a_player_holding_one_card_with_a_draw_two_before_a_bluff() -> None:
    action = choice(Rules.two_player(), ["W+4 R+2 B2", "G1"], "R5")
    assert isinstance(action, PlayCard) and action.card == card("R+2")


def test_medium_holds_a_wild_draw_four_longer_with_two_players() -> None:
    """Three other cards and nothing else to play on a red 5: with two players medium draws
    rather than spend its Wild Draw Four (the limit is two), with four it plays it (four)."""
    hands = ["W+4 B1 G3 Y4", "G1 G2 G3 G4 G5"]
    assert isinstance(choice(Rules.two_player(), hands, "R5"), DrawCard)
    four = [*hands, "G6 G7 G8 G9 B2", "B3 B4 B5 B6 B7"]
    action = choice(Rules.classic(), four, "R5")
    assert isinstance(action, PlayCard) and action.card == card("W+4")
