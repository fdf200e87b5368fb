"""The hard bot's quick imagined rounds: they keep every card, end with a winner, and play
the cards as the rule sets say."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from uno_tui.bots.deals import DealSampler
from uno_tui.bots.hard import JUDGEMENTS, _outcome, chance_by_hands
from uno_tui.bots.knowledge import Knowledge
from uno_tui.bots.playout import COLORS, QuickRound, QuickRules, code_of
from uno_tui.engine import Card, Color, Game, Rules, build_deck, parse_cards

PLAYERS = {"classic": 4, "two-player": 2, "teams": 4}


def card(code: str) -> Card:
    return parse_cards(code)[0]


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


def dealt(rules: Rules, count: int, seed: int) -> QuickRound:
    """A fresh deal of the whole deck, seven cards each, player 0 first, dice seeded too."""
    cards = [code_of(card) for card in build_deck(rules)]
    random.Random(seed).shuffle(cards)
    while cards[-1] >> 5 == 4:  # a Wild is no first card here
        random.Random(seed + 1000).shuffle(cards)
    top = cards.pop()
    return QuickRound(
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


@pytest.mark.parametrize("name", list(PLAYERS))
def test_quick_rounds_keep_every_card_and_end_with_a_winner(name: str) -> None:
    rules = Rules.preset(name)
    for seed in range(60):
        table = dealt(rules, PLAYERS[name], seed)
        winner = table.play_out()
        everything = Counter(table.draw_pile) + Counter(table.discard) + Counter([table.top])
        for hand in table.hands:
            everything.update(hand)
        assert everything == Counter(code_of(card) for card in build_deck(rules))
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


def test_imagined_medium_leaves_in_play_a_colour_the_next_player_lacks() -> None:
    """Medium plays the blue it holds most, unless the next player showed they lack red:
    then the red keeps them drawing (medium's ``LACKED_COLOR``)."""
    table = quick(Rules.two_player(), ["R5 B1 B2 B3", "G1 G2 G3"], "R1")
    assert table.choose(0, forced=False) == (code_of(card("B1")), -1, -1)
    table.lacks[1] = 1 << COLORS.index(Color.RED)
    assert table.choose(0, forced=False) == (code_of(card("R5")), -1, -1)


def test_an_imagined_eager_player_attacks_before_it_thinks_of_its_colours() -> None:
    """Medium plays the blue it holds most and keeps its red Draw Two for when it hurts; an
    eager player (``QuickRound.eager``, half the imagined opponents) plays the Draw Two."""
    table = quick(Rules.two_player(), ["R+2 B1 B2 B3", "G1 G2 G3 G4 G5"], "R1")
    assert table.choose(0, forced=False) == (code_of(card("B1")), -1, -1)
    table.eager = 1 << 0
    assert table.choose(0, forced=False) == (code_of(card("R+2")), -1, -1)
    assert table.copy(seed=1).eager == table.eager  # each candidate meets the same opponents


def test_about_half_the_imagined_deals_make_each_other_player_eager() -> None:
    game = Game(Rules.two_player(), ["Ann", "Ben"], seed=3)
    view = game.view(game.current)
    sampler = DealSampler(Knowledge.of(view), QuickRules.of(view.rules))
    rng = random.Random(5)
    tables = [sampler.deal(rng) for _ in range(400)]
    other = 1 - view.player
    eager = [table.eager for table in tables if table is not None]
    assert all(bits & ~(1 << other) == 0 for bits in eager)  # never ourselves
    assert 0.4 < sum(1 for bits in eager if bits) / len(eager) < 0.6


def test_imagined_medium_names_a_colour_the_next_player_lacks() -> None:
    """For a Wild it names a colour the next player lacks if it holds nearly as much of it
    as of its most held colour."""
    table = quick(Rules.two_player(), ["W G1 G2 B1", "Y1 Y2 Y3"], "R1")
    table.lacks[1] = 1 << COLORS.index(Color.BLUE)
    assert table.variant(0, code_of(card("W"))) == (COLORS.index(Color.BLUE), -1)
    table.lacks[1] = 0
    assert table.variant(0, code_of(card("W"))) == (COLORS.index(Color.GREEN), -1)


def test_an_imagined_draw_shows_the_lack_until_the_player_takes_a_penalty() -> None:
    """A player who draws on red without a match shows every seat they lack red; cards they
    are made to take may be red, so the lack is forgotten."""
    table = quick(Rules.two_player(), ["G1 G2", "B+2 B4"], "R1", "Y7 Y8 Y9")
    table.draw_and_maybe_play(0)
    assert table.lacks[0] == 1 << COLORS.index(Color.RED)
    table.color = COLORS.index(Color.BLUE)
    table.play(1, code_of(card("B+2")), -1, -1)
    assert table.lacks[0] == 0


def test_a_cut_off_classic_round_favours_the_smaller_hand_and_the_player_to_move() -> None:
    """The judgement of an imagined 4-player round cut off before anyone went out: the seats'
    chances add up to one, fewer cards are worth more, and of equal hands the player to move
    is ahead (the fitted turn-order edges)."""
    judgement = JUDGEMENTS[(4, False)]
    table = quick(Rules.classic(), ["R1 R2 R3", "B1 B2 B3", "G1", "Y1 Y2 Y3 Y4 Y5"], "R5")
    chances = [chance_by_hands(table, (seat, seat), judgement) for seat in range(4)]
    assert sum(chances) == pytest.approx(1.0)
    assert chances[2] > chances[0] > chances[1] > chances[3]
    table.current = 1
    assert chance_by_hands(table, (1, 1), judgement) > chances[1]


def test_a_cut_off_two_player_round_weighs_what_the_hands_hold() -> None:
    """Of two hands of the same size, the one holding Wilds, a Draw Two, fewer colours or a
    card that matches the table now is judged nearer going out (the fitted edges); and of
    hands alike, the player to move is ahead."""
    judgement = JUDGEMENTS[(2, False)]

    def ours(mine: str, theirs: str, top: str = "R5") -> float:
        return chance_by_hands(quick(Rules.two_player(), [mine, theirs], top), (0, 0), judgement)

    assert ours("B1 B2 B3", "G1 G2 G3") > 0.5
    assert ours("B1 B2 W", "G1 G2 G3") > ours("B1 B2 B3", "G1 G2 G3")
    assert ours("B1 B2 W+4", "G1 G2 G3") > ours("B1 B2 W", "G1 G2 G3")
    assert ours("B1 B2 B+2", "G1 G2 G3") > ours("B1 B2 B3", "G1 G2 G3")
    assert ours("B1 B2 B3", "G1 G2 G3") > ours("B1 Y2 G3", "G1 G2 G3")
    assert ours("R1 B2 B3", "G1 G2 G3") > ours("G1 B2 B3", "G1 G2 G3")
    assert ours("B1 B2 B3", "G1 G2 G3") > ours("B1 B2 B3 B4", "G1 G2 G3")


def test_a_cut_off_teams_round_counts_the_team_s_cards_together() -> None:
    """teams: "Your team wins when both teammates have no cards remaining": partners share
    one chance, the team with fewer cards between them is ahead, and a team whose cards are
    all in one hand (a member out) is ahead of one with the same cards split."""
    judgement = JUDGEMENTS[(4, True)]
    table = quick(Rules.teams(), ["R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "R5")
    ours = chance_by_hands(table, (0, 2), judgement)
    assert ours == chance_by_hands(table, (2, 0), judgement)
    assert ours + chance_by_hands(table, (1, 3), judgement) == pytest.approx(1.0)
    assert ours > 0.5
    split = quick(Rules.teams(), ["R1 R2", "B1 B2", "G1 G2", "Y1 Y2 Y3 Y4"], "R5")
    one_out = quick(Rules.teams(), ["R1 R2", "B1 B2", "", "Y1 Y2 Y3 Y4"], "R5")
    one_out.hands[0] += [code_of(card) for card in parse_cards("G1 G2")]
    assert chance_by_hands(one_out, (0, 2), judgement) > chance_by_hands(split, (0, 2), judgement)


@pytest.mark.parametrize(("name", "players"), [("classic", 4), ("teams", 4)])
def test_imagined_rounds_are_cut_off_where_a_judgement_was_fitted(name: str, players: int) -> None:
    """With 4 players too, an imagined round stops after the judgement's turns, and a round
    nobody finished is worth a chance between nothing and a win."""
    rules = Rules.preset(name)
    judgement = JUDGEMENTS[(players, rules.team_game)]
    cut_off = 0
    for seed in range(40):
        table = dealt(rules, players, seed)
        worth = _outcome(table, (0, table.mate(0) if rules.team_game else 0), judgement)
        if table.winner < 0:
            cut_off += 1
            assert 0.0 < worth < 1.0
        else:
            assert worth in (0.0, 1.0)
    assert cut_off > 20
