"""The hard bot's quick imagined rounds: they keep every card, end with a winner, and play
the cards as the rule sets say."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from uno_tui.bots.playout import QuickRound, QuickRules, code_of
from uno_tui.engine import Rules, build_deck, parse_cards

PLAYERS = {"classic": 4, "two-player": 2, "teams": 4}


def quick(rules: Rules, hands: list[str], top: str, draw: str = "") -> QuickRound:
    """A quick round at a position in card notation; ``draw`` lists the next cards, top first."""
    return QuickRound(
        [[code_of(card) for card in parse_cards(hand)] for hand in hands],
        draw_pile=[code_of(card) for card in reversed(parse_cards(draw))],
        discard=[],
        top=code_of(parse_cards(top)[0]),
        color=code_of(parse_cards(top)[0]) >> 5,
        current=0,
        clockwise=True,
        rules=QuickRules.of(rules),
    )


@pytest.mark.parametrize("name", list(PLAYERS))
def test_quick_rounds_keep_every_card_and_end_with_a_winner(name: str) -> None:
    rules = Rules.preset(name)
    deck = [code_of(card) for card in build_deck(rules)]
    count = PLAYERS[name]
    for seed in range(60):
        cards = list(deck)
        random.Random(seed).shuffle(cards)
        while cards[-1] >> 5 == 4:  # a Wild is no first card here
            random.Random(seed + 1000).shuffle(cards)
        top = cards.pop()
        table = QuickRound(
            [cards[7 * seat : 7 * seat + 7] for seat in range(count)],
            draw_pile=cards[7 * count :],
            discard=[],
            top=top,
            color=top >> 5,
            current=0,
            clockwise=True,
            rules=QuickRules.of(rules),
            seed=seed,
        )
        winner = table.play_out()
        everything = Counter(table.draw_pile) + Counter(table.discard) + Counter([table.top])
        for hand in table.hands:
            everything.update(hand)
        assert everything == Counter(deck)
        if winner >= 0 or name != "teams":  # a long Teams round may be cut short
            assert not table.hands[winner]
            if name == "teams":
                assert not table.hands[(winner + 2) % 4]


def test_two_player_skip_and_reverse_mean_play_again() -> None:
    """two-player: "Skip: your opponent loses a turn. With two players, that means you play
    again." and "a Reverse works exactly like a Skip"."""
    for card in ("RS", "RR"):
        table = quick(Rules.two_player(), [f"{card} G1 G2", "B1 B2"], "R5")
        table.play(0, code_of(parse_cards(card)[0]), -1, -1)
        assert table.current == 0


def test_draw_two_makes_the_next_player_draw_and_lose_their_turn() -> None:
    table = quick(Rules.classic(), ["R+2 G1", "B1", "Y1", "Y2"], "R5", "B7 B8 B9")
    table.play(0, code_of(parse_cards("R+2")[0]), -1, -1)
    assert len(table.hands[1]) == 3
    assert table.current == 2


def test_a_player_with_no_match_draws_and_plays_a_playable_card() -> None:
    table = quick(Rules.two_player(), ["G1 G2", "B1 B2"], "R5", "R7")
    table.turn(0)
    assert table.top == code_of(parse_cards("R7")[0])
    assert len(table.hands[0]) == 2


def test_teams_going_out_takes_half_the_teammates_cards() -> None:
    """teams: "your teammate gives you half of their remaining cards, rounded down"."""
    table = quick(Rules.teams(), ["R1", "B1 B2", "G1 G2 G3 G4 G5", "Y1 Y2"], "R5")
    table.play(0, code_of(parse_cards("R1")[0]), -1, -1)
    assert table.winner == -1
    assert len(table.hands[0]) == 2
    assert len(table.hands[2]) == 3


def test_medium_in_imagination_hits_a_low_next_player() -> None:
    table = quick(Rules.two_player(), ["R1 R2 R+2", "B3 B4"], "R5")
    assert table.choose(0, forced=False) == (code_of(parse_cards("R+2")[0]), -1, -1)


def test_imagined_medium_challenges_a_wild_draw_four_from_a_big_hand() -> None:
    """two-player: "If they held a card of the current color, they draw the 4 cards instead of
    you." Medium challenges when the bluffer surely held the colour: with nine cards left, the
    bluff is caught, the bluffer draws four and the challenger plays on."""
    table = quick(
        Rules.two_player(),
        ["W+4 R1 R2 R3 G1 G2 G3 B1 B2 B3", "Y1 Y2"],
        "R5",
        "Y3 Y4 Y5 Y6 Y7 Y8 Y9 G7",
    )
    table.play(0, code_of(parse_cards("W+4")[0]), 2, -1)
    assert len(table.hands[0]) == 13
    assert len(table.hands[1]) == 2
    assert table.current == 1


def test_imagined_medium_lets_a_small_hand_bluff_pass() -> None:
    """With one card left the bluff is unlikely to be caught: medium draws four, and in
    two-player loses its turn."""
    table = quick(Rules.two_player(), ["W+4 R1", "Y1 Y2"], "R5", "Y3 Y4 Y5 Y6 B7 B8 B9 G7")
    table.play(0, code_of(parse_cards("W+4")[0]), 0, -1)
    assert len(table.hands[0]) == 1
    assert len(table.hands[1]) == 6
    assert table.current == 0
