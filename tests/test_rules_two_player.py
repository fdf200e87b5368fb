"""One test per rule sentence of shared/rules/uno-two-player.txt (Rules.two_player()).

Each test's name states the rule; its docstring quotes the text it checks.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    BadChoiceError,
    CallUno,
    Card,
    CardDoesNotMatchError,
    CatchUno,
    Challenge,
    Color,
    CustomEffect,
    Deal,
    DrawCard,
    DrawnCardOnlyError,
    Game,
    IllegalActionError,
    KeepDrawn,
    MatchMethod,
    MustPlayError,
    NameColor,
    NotYourDecisionError,
    Phase,
    PlayCard,
    Rank,
    RoundOverError,
    Rules,
    SetupError,
    UnoCallError,
    build_deck,
    parse_cards,
)
from uno_tui.engine.events import (
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ColorNamed,
    DealerChosen,
    DeckReshuffled,
    DirectionChanged,
    DrawFourChallenged,
    DrawnCardKept,
    DrawReason,
    Event,
    FirstCardReturned,
    FirstCardTurned,
    HandScored,
    MatchEnded,
    PenaltyStacked,
    PlayerSkipped,
    RoundEnded,
    TurnBegan,
    TurnPassed,
    UnoCalled,
    UnoCaught,
)

from .helpers import NAMES, assert_invariants, card, game_at, hand, of_type, play

RULES = Rules.two_player()

# Hands used by the dealt games: dealer seat 0 unless said otherwise.
NON_DEALER_HAND = "B1 B2 B3 B4 B5 B6 B7"
DEALER_HAND = "G1 G2 G3 G4 G5 G6 G7"


# Helpers -------------------------------------------------------------------------------


def stacked_deck(front: str, rules: Rules = RULES) -> list[Card]:
    """The rules' whole deck with ``front`` first (in that order) and the rest after."""
    first = parse_cards(front)
    rest = Counter(build_deck(rules)) - Counter(first)
    assert sum(Counter(first).values()) == len(first)
    assert not Counter(first) - Counter(build_deck(rules)), "front uses cards not in the deck"
    return [*first, *rest.elements()]


def dealt_game(
    first_card: str,
    then: str = "",
    *,
    dealer: int = 0,
    seed: int = 0,
    rules: Rules = RULES,
) -> Game:
    """A freshly dealt first hand: the non-dealer gets NON_DEALER_HAND, the dealer
    DEALER_HAND (one card at a time, non-dealer first), then ``first_card`` is turned and
    ``then`` are the next cards of the draw pile."""
    non_dealer = 1 - dealer
    cards_by_seat = {non_dealer: NON_DEALER_HAND.split(), dealer: DEALER_HAND.split()}
    pairs = zip(cards_by_seat[non_dealer], cards_by_seat[dealer], strict=True)
    order = [c for pair in pairs for c in pair]
    deck = stacked_deck(" ".join([*order, first_card, then]), rules)
    return Game(rules, NAMES[:2], seed=seed, deck=deck, first_dealer=dealer)


def whole_deck_game(
    hands: list[str], top: str, draw: str = "", *, current: int = 0, rules: Rules = RULES
) -> Game:
    """A position that names every card: whatever is not in a hand, the top card or ``draw``
    lies in the discard pile under the top card, so the draw pile holds only ``draw``."""
    named = Counter(parse_cards(" ".join([*hands, top, draw])))
    under = Counter(build_deck(rules)) - named
    return game_at(
        rules,
        hands,
        top=top,
        draw=draw,
        current=current,
        under=" ".join(str(c) for c in under.elements()),
    )


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def phase_of(game: Game) -> Phase:
    """The phase now (a call, so a type checker does not keep an earlier narrowing)."""
    return game.phase


def hand_of(text: str) -> list[str]:
    return sorted(text.split())


def turns_begun(events: list[Event]) -> list[int]:
    return [event.player for event in of_type(events, TurnBegan)]


def assert_rejected(game: Game, action: Action, error: type[IllegalActionError]) -> None:
    """``action`` raises ``error`` (from check and from apply) and changes nothing."""
    before = game.digest()
    with pytest.raises(error):
        game.check(action)
    with pytest.raises(error):
        game.apply(action)
    assert game.digest() == before


# What You Need -------------------------------------------------------------------------


def test_deck_is_108_cards_76_numbers_8_skip_8_reverse_8_draw_two_4_wild_4_wild_draw_four() -> None:
    """ "One UNO deck: 108 cards. That is 76 number cards in red, yellow, green, and blue, plus
    8 Skip, 8 Reverse, 8 Draw Two, 4 Wild, and 4 Wild Draw Four.\""""
    deck = build_deck(RULES)
    assert len(deck) == 108
    numbers = [c for c in deck if c.rank.is_number]
    assert len(numbers) == 76
    assert {c.color for c in numbers} == set(Color)
    for color in Color:
        per_color = Counter(c.rank for c in numbers if c.color is color)
        assert sum(per_color.values()) == 19
        assert per_color[Rank.ZERO] == 1
        assert all(per_color[Rank(str(n))] == 2 for n in range(1, 10))
    ranks = Counter(c.rank for c in deck)
    assert ranks[Rank.SKIP] == 8
    assert ranks[Rank.REVERSE] == 8
    assert ranks[Rank.DRAW_TWO] == 8
    assert ranks[Rank.WILD] == 4
    assert ranks[Rank.WILD_DRAW_FOUR] == 4
    assert sum(ranks.values()) == 108  # nothing else: no Swap Hands, no blanks by default
    for rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO):
        assert Counter(c.color for c in deck if c.rank is rank) == dict.fromkeys(Color, 2)


def test_a_dealt_game_uses_exactly_the_108_card_deck() -> None:
    """ "One UNO deck: 108 cards." (every card in play, exactly once, after the deal)"""
    game = Game(RULES, NAMES[:2], seed=3)
    assert game.cards_in_play() == Counter(build_deck(RULES))
    assert sum(game.cards_in_play().values()) == 108
    assert_invariants(game)


def test_two_player_rules_are_for_exactly_two_players() -> None:
    """ "UNO (Two-Player)\""""
    Game(RULES, NAMES[:2], seed=1)
    for count in (1, 3, 4):
        with pytest.raises(SetupError):
            Game(RULES, NAMES[:count], seed=1)


# Setup ---------------------------------------------------------------------------------


def _first_dealer_draws(seed: int) -> DealerChosen:
    game = Game(RULES, NAMES[:2], seed=seed)
    (chosen,) = [e for e in game.log if isinstance(e, DealerChosen)]
    assert chosen.dealer == game.dealer
    return chosen


def test_each_player_draws_one_card_and_the_higher_card_deals() -> None:
    """ "Each player draws one card. The higher card deals.\""""
    deciding_on_numbers = 0
    for seed in range(40):
        chosen = _first_dealer_draws(seed)
        assert chosen.draws, "the first dealer is chosen by drawing"
        assert len(chosen.draws) % 2 == 0
        for i in range(0, len(chosen.draws), 2):
            assert [player for player, _ in chosen.draws[i : i + 2]] == [0, 1]
        (_, first), (_, second) = chosen.draws[-2:]
        dealer_card = (first, second)[chosen.dealer]
        other_card = (first, second)[1 - chosen.dealer]
        assert dealer_card.rank.is_number, f"seed {seed}: {dealer_card} cannot be the high card"
        if other_card.rank.is_number:
            deciding_on_numbers += 1
            assert dealer_card.rank.number > other_card.rank.number, f"seed {seed}"
    assert deciding_on_numbers > 5


def test_high_card_draw_again_on_a_tie_or_an_action_card() -> None:
    """ "The higher card deals." Only number cards compare: a tie or an action card means the
    players draw again, so the deciding draw is always two different number cards."""
    for seed in range(10):
        draws = _first_dealer_draws(seed).draws
        pairs = [draws[i : i + 2] for i in range(0, len(draws), 2)]
        for (_, a), (_, b) in pairs[:-1]:
            assert not (a.rank.is_number and b.rank.is_number) or a.rank is b.rank
        (_, a), (_, b) = pairs[-1]
        assert a.rank.is_number and b.rank.is_number, f"seed {seed}: {a} vs {b}"
        assert a.rank is not b.rank


def test_high_card_draw_repeats_after_a_tie() -> None:
    """ "The higher card deals." A tie decides nothing: they draw again."""
    redrawn = 0
    for seed in range(60):
        draws = _first_dealer_draws(seed).draws
        pairs = [draws[i : i + 2] for i in range(0, len(draws), 2)]
        for (_, a), (_, b) in pairs[:-1]:
            redrawn += 1
            tie = a.rank.is_number and b.rank.is_number and a.rank is b.rank
            action = not a.rank.is_number or not b.rank.is_number
            assert tie or action, f"seed {seed}: {a} vs {b} should have decided"
    assert redrawn > 0


def test_both_drawn_cards_go_back_before_the_deal() -> None:
    """ "Put both cards back." The deal is made from the whole 108-card deck."""
    for seed in range(5):
        game = Game(RULES, NAMES[:2], seed=seed)
        assert game.cards_in_play() == Counter(build_deck(RULES))
        dealt = of_type(game.log, CardsDealt)
        assert [event.count for event in dealt] == [7, 7]


def test_no_high_card_draw_when_the_first_dealer_is_fixed() -> None:
    """ "Each player draws one card. The higher card deals." (skipped when the dealer is given)"""
    game = Game(RULES, NAMES[:2], seed=1, first_dealer=1)
    (chosen,) = of_type(game.log, DealerChosen)
    assert chosen == DealerChosen(1)
    assert game.dealer == 1


def test_the_deck_is_shuffled_before_the_deal() -> None:
    """ "Shuffle. Deal 7 cards to each player.\""""
    deals = {
        tuple(tuple(h) for h in Game(RULES, NAMES[:2], seed=seed, first_dealer=0).hands)
        for seed in range(6)
    }
    assert len(deals) == 6
    ordered = build_deck(RULES)
    game = Game(RULES, NAMES[:2], seed=4, first_dealer=0)
    assert game.hands[1] != ordered[0:14:2]


def test_deal_seven_cards_to_each_player_one_at_a_time_non_dealer_first() -> None:
    """ "Deal 7 cards to each player.\""""
    game = dealt_game("R5", dealer=0)
    assert hand(game, 1) == NON_DEALER_HAND
    assert hand(game, 0) == DEALER_HAND
    dealt = of_type(game.log, CardsDealt)
    assert [(e.player, e.count) for e in dealt] == [(0, 7), (1, 7)]
    assert dealt[1].cards == cards(NON_DEALER_HAND)
    assert_invariants(game)


def test_the_rest_is_the_draw_pile_face_down() -> None:
    """ "Put the rest face down in the middle. This is the draw pile.\""""
    game = dealt_game("R5", "Y9 Y8", dealer=0)
    assert len(game.draw_pile) == 108 - 14 - 1
    assert game.draw_pile[-1] == card("Y9"), "the next card after the turned one is on top"
    assert game.draw_pile[-2] == card("Y8")
    view = game.view(0)
    assert view.draw_pile_count == 93
    assert card("Y9") not in view.hand
    # a draw takes the top card
    game2 = dealt_game("R5", "Y9 Y8", dealer=0)
    game2.apply(DrawCard(1))
    assert "Y9" in hand(game2, 1).split()


def test_the_top_card_of_the_draw_pile_is_flipped_to_start_the_discard_pile() -> None:
    """ "Flip the top card of the draw pile face up next to it. This starts the discard
    pile.\""""
    game = dealt_game("R5", dealer=0)
    assert game.discard_pile == [card("R5")]
    assert game.current_color is Color.RED
    assert of_type(game.log, FirstCardTurned) == [FirstCardTurned(card("R5"))]
    assert game.view(1).top_card == card("R5")


def test_first_card_wild_draw_four_slides_back_into_the_deck_and_another_is_flipped() -> None:
    """ "If that first card is a Wild Draw Four, slide it back into the deck and flip
    another.\""""
    game = dealt_game("W+4", "R5 Y9", dealer=0)
    assert of_type(game.log, FirstCardReturned) == [FirstCardReturned(card("W+4"))]
    assert of_type(game.log, FirstCardTurned) == [FirstCardTurned(card("R5"))]
    assert game.discard_pile == [card("R5")]
    assert game.draw_pile.count(card("W+4")) == 4, "the Wild Draw Four is back in the deck"
    assert len(game.draw_pile) == 108 - 14 - 1
    # the R5 that replaced it is a number: the non-dealer simply plays first
    assert game.phase is Phase.TURN and game.current == 1
    assert len(game.hands[1]) == 7
    assert_invariants(game)


def test_first_card_wild_draw_four_is_never_left_as_the_first_card() -> None:
    """ "If that first card is a Wild Draw Four, slide it back into the deck and flip
    another.\""""
    for seed in range(8):
        game = dealt_game("W+4", "W+4 W+4 B3", dealer=0, seed=seed)
        assert game.discard_pile == [card("B3")]
        assert len(of_type(game.log, FirstCardReturned)) >= 3
        assert game.current == 1 and game.current_color is Color.BLUE
        assert_invariants(game)


@pytest.mark.parametrize("first", ["RS", "GR"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_first_card_skip_or_reverse_means_the_dealer_plays_first(first: str, dealer: int) -> None:
    """ "Any other action card hits the non-dealer at once. Skip or Reverse means the dealer
    plays first.\""""
    game = dealt_game(first, dealer=dealer)
    non_dealer = 1 - dealer
    assert game.discard_pile == [card(first)]
    assert of_type(game.log, PlayerSkipped) == [PlayerSkipped(non_dealer)]
    assert turns_begun(game.log) == [dealer]
    assert game.phase is Phase.TURN and game.current == dealer
    assert [len(h) for h in game.hands] == [7, 7], "a Skip or Reverse makes nobody draw"
    assert game.clockwise
    assert not of_type(game.log, DirectionChanged)
    assert_rejected(game, PlayCard(non_dealer, card("B1")), IllegalActionError)
    assert_invariants(game)


@pytest.mark.parametrize("dealer", [0, 1])
def test_first_card_draw_two_non_dealer_draws_two_and_dealer_plays_first(dealer: int) -> None:
    """ "Draw Two means the non-dealer draws 2 and the dealer plays first.\""""
    game = dealt_game("Y+2", "R8 R9 B9", dealer=dealer)
    non_dealer = 1 - dealer
    drawn = of_type(game.log, CardsDrawn)
    assert drawn == [CardsDrawn(non_dealer, 2, DrawReason.FIRST_CARD, cards("R8 R9"))]
    assert hand(game, non_dealer) == " ".join(sorted([*NON_DEALER_HAND.split(), "R8", "R9"]))
    assert hand(game, dealer) == DEALER_HAND
    assert PlayerSkipped(non_dealer) in game.log
    assert game.phase is Phase.TURN and game.current == dealer
    assert game.discard_pile == [card("Y+2")]
    assert game.current_color is Color.YELLOW
    assert_invariants(game)


@pytest.mark.parametrize("dealer", [0, 1])
def test_first_card_wild_the_non_dealer_names_the_color_and_plays(dealer: int) -> None:
    """ "Wild means the non-dealer names the color and plays.\""""
    game = dealt_game("W", dealer=dealer)
    non_dealer = 1 - dealer
    assert game.phase is Phase.NAME_COLOR and game.current == non_dealer
    assert game.legal_actions(non_dealer) == [NameColor(non_dealer, c) for c in Color]
    assert game.legal_actions(dealer) == []
    assert_rejected(game, NameColor(dealer, Color.RED), NotYourDecisionError)
    assert_rejected(game, PlayCard(non_dealer, card("B1")), NotYourDecisionError)
    events = game.apply(NameColor(non_dealer, Color.BLUE))
    assert events == [ColorNamed(non_dealer, Color.BLUE)]
    assert game.current_color is Color.BLUE
    assert phase_of(game) is Phase.TURN and game.current == non_dealer
    assert [len(h) for h in game.hands] == [7, 7], "the first Wild makes nobody draw"
    play(game, non_dealer, "B3")
    assert game.top_card == card("B3") and game.current == dealer
    assert_invariants(game)


@pytest.mark.parametrize("dealer", [0, 1])
def test_first_card_number_the_non_dealer_goes_first(dealer: int) -> None:
    """ "The non-dealer goes first.\""""
    game = dealt_game("B9", dealer=dealer)
    non_dealer = 1 - dealer
    assert game.phase is Phase.TURN and game.current == non_dealer
    assert turns_begun(game.log) == [non_dealer]
    assert not of_type(game.log, PlayerSkipped)
    assert [len(h) for h in game.hands] == [7, 7]
    assert_rejected(game, PlayCard(dealer, card("G1")), NotYourDecisionError)
    play(game, non_dealer, "B4")
    assert game.current == dealer


def test_non_dealer_goes_first_after_the_high_card_draw() -> None:
    """ "The higher card deals." ... "The non-dealer goes first.\""""
    checked = 0
    for seed in range(30):
        game = Game(RULES, NAMES[:2], seed=seed)
        if game.top_card.rank.is_number:
            assert game.current == 1 - game.dealer
            checked += 1
    assert checked > 10


def test_the_next_hand_is_dealt_by_the_other_player_without_a_new_draw() -> None:
    """ "Pick one before the first deal." (the hands that follow are simply dealt again;
    the deal passes to the other player)"""
    game = game_at(RULES, ["R1", "G1 G2"], top="R5", current=0)
    assert game.dealer == 1
    play(game, 0, "R1")
    assert game.phase is Phase.ROUND_OVER
    assert game.decisions()[0].actions == (Deal(0),)
    assert_rejected(game, Deal(1), NotYourDecisionError)
    events = game.apply(Deal(0))
    assert game.round_number == 2 and game.dealer == 0
    assert of_type(events, DealerChosen) == [DealerChosen(0)]
    assert sum(len(h) for h in game.hands) >= 14
    assert game.cards_in_play() == Counter(build_deck(RULES))
    assert_invariants(game)


# How a Turn Works ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "played"),
    [
        ("R5", "R9"),  # colour
        ("R5", "G5"),  # number
        ("RS", "GS"),  # symbol: Skip
        ("RR", "YR"),  # symbol: Reverse
        ("R+2", "B+2"),  # symbol: Draw Two
        ("R0", "B0"),  # number zero
    ],
)
def test_play_a_card_matching_the_top_by_color_number_or_symbol(top: str, played: str) -> None:
    """ "On your turn, play one card that matches the top of the discard pile by color, by
    number, or by symbol.\""""
    game = game_at(RULES, [f"{played} Y1", "G1 G2"], top=top)
    assert PlayCard(0, card(played)) in game.legal_actions(0)
    events = play(game, 0, played)
    assert of_type(events, CardPlayed)[0].card == card(played)
    assert game.top_card == card(played)
    assert game.current_color is card(played).color
    assert hand(game, 0) == "Y1"
    assert_invariants(game)


@pytest.mark.parametrize(("top", "played"), [("R5", "G7"), ("RS", "G5"), ("R+2", "BS")])
def test_a_card_that_does_not_match_cannot_be_played(top: str, played: str) -> None:
    """ "play one card that matches the top of the discard pile by color, by number, or by
    symbol.\""""
    game = game_at(RULES, [f"{played} Y1", "G1 G2"], top=top)
    assert PlayCard(0, card(played)) not in game.legal_actions(0)
    assert_rejected(game, PlayCard(0, card(played)), CardDoesNotMatchError)


def test_on_a_wild_the_named_color_is_the_one_to_match() -> None:
    """ "play one card that matches the top of the discard pile by color" (a Wild on top:
    the colour named for it)"""
    game = game_at(RULES, ["G7 R7", "B1 B2"], top="W", color="G")
    assert_rejected(game, PlayCard(0, card("R7")), CardDoesNotMatchError)
    play(game, 0, "G7")
    assert game.top_card == card("G7")


def test_only_the_player_whose_turn_it_is_may_play() -> None:
    """ "On your turn, play one card\""""
    game = game_at(RULES, ["R7 R8", "R9 R1"], top="R5", current=0)
    assert_rejected(game, PlayCard(1, card("R9")), NotYourDecisionError)
    assert_rejected(game, DrawCard(1), NotYourDecisionError)


@pytest.mark.parametrize("top", ["R5", "GS", "B+2", "YR", "Y0"])
def test_a_wild_can_go_on_anything(top: str) -> None:
    """ "A Wild can go on anything.\""""
    game = game_at(RULES, ["W B1", "G1 G2"], top=top)
    assert PlayCard(0, card("W"), Color.BLUE) in game.legal_actions(0)
    play(game, 0, "W", "B")
    assert game.top_card == card("W") and game.current_color is Color.BLUE


def test_no_match_draw_one_card_and_if_it_cannot_be_played_the_turn_ends() -> None:
    """ "No match in hand? Draw one card." ... "If not, your turn ends.\""""
    game = game_at(RULES, ["G1 B2", "Y1 Y2"], top="R5", draw="Y7 R9")
    assert game.legal_actions(0) == [DrawCard(0)]
    assert_rejected(game, PlayCard(0, card("G1")), CardDoesNotMatchError)
    events = game.apply(DrawCard(0))
    assert of_type(events, CardsDrawn) == [CardsDrawn(0, 1, DrawReason.CHOICE, cards("Y7"))]
    assert TurnPassed(0) in events
    assert hand(game, 0) == "B2 G1 Y7"
    assert game.phase is Phase.TURN and game.current == 1
    assert game.top_card == card("R5")
    assert_rejected(game, KeepDrawn(0), NotYourDecisionError)
    assert_invariants(game)


def test_a_drawn_card_that_can_be_played_may_be_played_right_away() -> None:
    """ "If you can play it, you may play it right away.\""""
    game = game_at(RULES, ["G1 B2", "Y1 Y2"], top="R5", draw="R9")
    game.apply(DrawCard(0))
    assert game.phase is Phase.DRAWN and game.current == 0
    assert set(game.legal_actions(0)) == {PlayCard(0, card("R9")), KeepDrawn(0)}
    play(game, 0, "R9")
    assert game.top_card == card("R9")
    assert hand(game, 0) == "B2 G1"
    assert game.current == 1
    assert_invariants(game)


def test_a_drawn_playable_card_may_also_be_kept() -> None:
    """ "If you can play it, you may play it right away." ("may": keeping it is allowed)"""
    game = game_at(RULES, ["G1 B2", "Y1 Y2"], top="R5", draw="R9")
    game.apply(DrawCard(0))
    events = game.apply(KeepDrawn(0))
    assert DrawnCardKept(0) in events
    assert hand(game, 0) == "B2 G1 R9"
    assert game.top_card == card("R5")
    assert game.phase is Phase.TURN and game.current == 1
    assert_invariants(game)


def test_a_drawn_wild_draw_four_may_be_kept() -> None:
    """ "If you can play it, you may play it right away.\""""
    game = game_at(RULES, ["R1 B2", "Y1 Y2"], top="R5", draw="W+4")
    game.apply(DrawCard(0))
    assert KeepDrawn(0) in game.legal_actions(0)
    game.apply(KeepDrawn(0))
    assert hand(game, 0) == "B2 R1 W+4" and game.current == 1


def test_drawing_on_purpose_while_holding_a_playable_card_is_allowed() -> None:
    """ "You can also draw on purpose while holding a playable card\""""
    game = game_at(RULES, ["R3 G1", "Y1 Y2"], top="R5", draw="B9")
    assert DrawCard(0) in game.legal_actions(0)
    events = game.apply(DrawCard(0))
    assert of_type(events, CardsDrawn)[0].cards == cards("B9")
    assert TurnPassed(0) in events, "the drawn card does not match: the turn ends"
    assert hand(game, 0) == "B9 G1 R3" and game.current == 1


def test_after_drawing_on_purpose_only_the_drawn_card_may_be_played() -> None:
    """ "You can also draw on purpose while holding a playable card, but then you may only play
    the card you drew.\""""
    game = game_at(RULES, ["R3 G1", "Y1 Y2"], top="R5", draw="R9")
    game.apply(DrawCard(0))
    assert game.phase is Phase.DRAWN
    assert PlayCard(0, card("R3")) not in game.legal_actions(0)
    assert_rejected(game, PlayCard(0, card("R3")), DrawnCardOnlyError)
    assert_rejected(game, DrawCard(0), NotYourDecisionError)
    play(game, 0, "R9")
    assert hand(game, 0) == "G1 R3" and game.top_card == card("R9")
    assert game.current == 1


def test_when_the_draw_pile_runs_out_the_discard_pile_less_its_top_is_shuffled_in() -> None:
    """ "If the draw pile runs out, shuffle the discard pile (leave the top card) and keep
    going.\""""
    game = whole_deck_game(["G1 G2", "B1"], top="Y0")
    assert game.draw_pile == []
    under = len(game.discard_pile) - 1
    assert under == 108 - 4
    events = game.apply(DrawCard(0))
    assert of_type(events, DeckReshuffled) == [DeckReshuffled(under)]
    assert game.discard_pile == [card("Y0")], "the top card stays"
    assert len(game.hands[0]) == 3
    assert len(game.draw_pile) == under - 1
    assert card("Y0") not in game.draw_pile
    assert_invariants(game)


def test_a_penalty_draw_reshuffles_too_and_the_card_just_played_stays_on_top() -> None:
    """ "If the draw pile runs out, shuffle the discard pile (leave the top card) and keep
    going.\""""
    game = whole_deck_game(["R+2 R3", "G1 G2"], top="R5", draw="B9")
    assert game.draw_pile == [card("B9")]
    events = play(game, 0, "R+2")
    assert len(of_type(events, DeckReshuffled)) == 1
    (drawn,) = of_type(events, CardsDrawn)
    assert drawn.player == 1 and drawn.count == 2 and drawn.cards is not None
    assert drawn.cards[0] == card("B9")
    assert game.discard_pile == [card("R+2")]
    assert card("R5") in game.draw_pile or card("R5") in game.hands[1]
    assert game.current == 0, "and keep going"
    assert_invariants(game)


# Special Cards -------------------------------------------------------------------------


def test_skip_the_opponent_loses_a_turn_so_you_play_again() -> None:
    """ "Skip: your opponent loses a turn. With two players, that means you play again.\""""
    game = game_at(RULES, ["RS R3 G4", "R1 R2"], top="R5")
    events = play(game, 0, "RS")
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert turns_begun(events) == [0]
    assert game.phase is Phase.TURN and game.current == 0
    assert hand(game, 1) == "R1 R2"
    assert_rejected(game, PlayCard(1, card("R1")), NotYourDecisionError)
    play(game, 0, "R3")
    assert game.current == 1


def test_reverse_works_exactly_like_a_skip_with_two_players() -> None:
    """ "Reverse: in a two-player game a Reverse works exactly like a Skip. Play it and go
    again.\""""
    skip_game = game_at(RULES, ["RS R3 G4", "R1 R2"], top="R5")
    reverse_game = game_at(RULES, ["RR R3 G4", "R1 R2"], top="R5")
    skip_events = play(skip_game, 0, "RS")
    reverse_events = play(reverse_game, 0, "RR")
    assert [type(e) for e in reverse_events] == [type(e) for e in skip_events]
    assert not of_type(reverse_events, DirectionChanged)
    assert of_type(reverse_events, PlayerSkipped) == [PlayerSkipped(1)]
    assert reverse_game.current == 0 and reverse_game.phase is Phase.TURN
    assert reverse_game.clockwise == skip_game.clockwise
    assert reverse_game.direction == skip_game.direction


def test_draw_two_the_opponent_draws_two_and_play_comes_straight_back() -> None:
    """ "Draw Two: your opponent draws 2 cards and loses a turn. Play comes straight back to
    you.\""""
    game = game_at(RULES, ["R+2 G7", "B1 B2"], top="R5", draw="Y1 Y2 Y3")
    events = play(game, 0, "R+2")
    assert of_type(events, CardsDrawn) == [CardsDrawn(1, 2, DrawReason.DRAW_TWO, cards("Y1 Y2"))]
    assert hand(game, 1) == "B1 B2 Y1 Y2"
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert turns_begun(events) == [0]
    assert game.phase is Phase.TURN and game.current == 0
    assert game.current_color is Color.RED
    assert_invariants(game)


def test_draw_two_cannot_be_stacked_without_the_option() -> None:
    """ "Stacking a Draw Two on a Draw Two is not in the official rules.\""""
    assert RULES.stack_draw_two is False
    game = game_at(RULES, ["R+2 G7", "G+2 B2"], top="R5", draw="Y1 Y2")
    play(game, 0, "R+2")
    assert hand(game, 1) == "B2 G+2 Y1 Y2", "drawn at once, no chance to add a Draw Two"
    assert game.phase is Phase.TURN and game.current == 0
    assert_rejected(game, PlayCard(1, card("G+2")), NotYourDecisionError)


def test_wild_play_it_on_anything_and_name_the_new_color() -> None:
    """ "Wild: play it on anything and name the new color.\""""
    game = game_at(RULES, ["W G4 B3", "R1 R2"], top="R5")
    wild_plays = {
        a for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == card("W")
    }
    assert wild_plays == {PlayCard(0, card("W"), c) for c in Color}
    assert_rejected(game, PlayCard(0, card("W")), BadChoiceError)
    events = play(game, 0, "W", "G")
    assert of_type(events, CardPlayed) == [CardPlayed(0, card("W"), Color.GREEN)]
    assert game.current_color is Color.GREEN
    assert game.current == 1, "a Wild makes nobody lose a turn"
    assert not of_type(events, PlayerSkipped) and not of_type(events, CardsDrawn)
    assert_rejected(game, PlayCard(1, card("R1")), CardDoesNotMatchError)


def test_a_wild_may_be_played_even_when_holding_a_matching_card() -> None:
    """ "You may play a Wild even when you hold a matching card.\""""
    game = game_at(RULES, ["W R3 R5", "G1 G2"], top="R7")
    assert PlayCard(0, card("R3")) in game.legal_actions(0)
    assert PlayCard(0, card("W"), Color.YELLOW) in game.legal_actions(0)
    play(game, 0, "W", "Y")
    assert game.top_card == card("W") and game.current_color is Color.YELLOW
    assert hand(game, 0) == "R3 R5"


def test_wild_draw_four_opponent_draws_four_and_loses_a_turn_and_you_name_the_color() -> None:
    """ "Wild Draw Four: your opponent draws 4 and loses a turn. You name the color.\""""
    game = game_at(RULES, ["W+4 B3 G2", "Y1 Y2"], top="R5", draw="R1 R2 R3 R4 R6")
    assert_rejected(game, PlayCard(0, card("W+4")), BadChoiceError)
    play(game, 0, "W+4", "B")
    assert game.current_color is Color.BLUE
    assert game.phase is Phase.RESPOND_DRAW_FOUR and game.responder == 1
    events = game.apply(AcceptPenalty(1))
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 4, DrawReason.DRAW_FOUR, cards("R1 R2 R3 R4"))
    ]
    assert hand(game, 1) == "R1 R2 R3 R4 Y1 Y2"
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert phase_of(game) is Phase.TURN and game.current == 0
    play(game, 0, "B3")
    assert_invariants(game)


def test_wild_draw_four_may_be_played_on_anything() -> None:
    """ "Wild Draw Four: ... You name the color." (a Wild card: it goes on anything)"""
    game = game_at(RULES, ["W+4 G2", "Y1 Y2"], top="B+2")
    assert PlayCard(0, card("W+4"), Color.RED) in game.legal_actions(0)


def test_wild_draw_four_held_with_the_current_color_is_a_bluff_the_engine_allows() -> None:
    """ "You may only play it when you hold no card of the current color." (the play is
    allowed as a bluff; a challenge punishes it)"""
    game = game_at(RULES, ["W+4 R2", "Y1 Y2"], top="R5")
    assert PlayCard(0, card("W+4"), Color.GREEN) in game.legal_actions(0)
    play(game, 0, "W+4", "G")
    assert game.draw_four_illegal is True
    assert game.phase is Phase.RESPOND_DRAW_FOUR


@pytest.mark.parametrize(
    ("held", "top", "color", "illegal"),
    [
        ("B5 G2", "R5", None, False),  # a matching number of another colour is fine
        ("R2 G2", "R5", None, True),  # a card of the current colour
        ("W G2", "R5", None, False),  # two-player: only the colour counts, not a Wild
        ("G3 B1", "W", "G", True),  # on a Wild, the colour named for it
        ("B1 Y9", "W", "G", False),
        ("B2", "R5", None, False),  # the colour named by the Wild Draw Four itself is not held
    ],
)
def test_wild_draw_four_is_legal_only_without_a_card_of_the_current_color(
    held: str, top: str, color: str | None, illegal: bool
) -> None:
    """ "You may only play it when you hold no card of the current color. Holding a matching
    number in a different color is fine.\""""
    game = game_at(RULES, [f"W+4 {held}", "Y1 Y2"], top=top, color=color)
    play(game, 0, "W+4", "B")
    assert game.draw_four_illegal is illegal
    (event,) = of_type(game.apply(Challenge(1)), DrawFourChallenged)
    assert event.illegal is illegal


# The Challenge Rule --------------------------------------------------------------------


def test_challenge_is_made_before_drawing() -> None:
    """ "If you think your opponent played a Wild Draw Four illegally, say so before you
    draw.\""""
    game = game_at(RULES, ["W+4 R2 G2", "Y1 Y2"], top="R5")
    play(game, 0, "W+4", "B")
    assert set(game.legal_actions(1)) == {Challenge(1), AcceptPenalty(1)}
    assert_rejected(game, DrawCard(1), NotYourDecisionError)
    assert_rejected(game, PlayCard(1, card("Y1")), MustPlayError)
    assert_rejected(game, Challenge(0), NotYourDecisionError)
    game.apply(AcceptPenalty(1))
    assert len(game.hands[1]) == 6
    assert_rejected(game, Challenge(1), NotYourDecisionError)


def test_challenge_they_show_you_their_hand() -> None:
    """ "They show you their hand.\""""
    game = game_at(RULES, ["W+4 B5 G2", "Y1 Y2"], top="R5")
    play(game, 0, "W+4", "B")
    events = game.apply(Challenge(1))
    (event,) = of_type(events, DrawFourChallenged)
    assert event.challenger == 1 and event.player == 0
    assert sorted(map(str, event.hand or ())) == ["B5", "G2"]
    assert event.seen_by(1).hand == event.hand
    shown = [e for e in game.view(1).events if isinstance(e, DrawFourChallenged)]
    assert shown and shown[0].hand == event.hand


def test_challenged_hand_is_shown_to_the_challenger_only() -> None:
    """ "They show you their hand." (to the challenger: nobody else sees it)"""
    game = game_at(RULES, ["W+4 B5 G2", "Y1 Y2"], top="R5")
    play(game, 0, "W+4", "B")
    (event,) = of_type(game.apply(Challenge(1)), DrawFourChallenged)
    assert event.audience() == frozenset({0, 1})  # the challenger, and the hand's holder
    onlooker = event.seen_by(None)
    assert onlooker.hand is None
    assert onlooker.illegal is event.illegal and onlooker.player == 0


def test_successful_challenge_the_player_draws_the_four_instead() -> None:
    """ "If they held a card of the current color, they draw the 4 cards instead of you.\""""
    game = game_at(RULES, ["W+4 R2 G2", "Y1 Y2"], top="R5", draw="B6 B7 B8 B9 Y9")
    play(game, 0, "W+4", "B")
    events = game.apply(Challenge(1))
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(0, 4, DrawReason.CHALLENGE_LOST, cards("B6 B7 B8 B9"))
    ]
    assert hand(game, 0) == "B6 B7 B8 B9 G2 R2"
    assert hand(game, 1) == "Y1 Y2", "the challenger draws nothing"
    assert not of_type(events, PlayerSkipped)
    assert game.phase is Phase.TURN and game.current == 1, "the challenger plays normally"
    assert game.current_color is Color.BLUE
    assert_invariants(game)


def test_failed_challenge_the_challenger_draws_six() -> None:
    """ "If the play was legal, you draw 6 cards, the original 4 plus 2 more.\""""
    game = game_at(RULES, ["W+4 B5 G2", "Y1 Y2"], top="R5", draw="R1 R2 R3 R4 R6 R7 R8")
    play(game, 0, "W+4", "B")
    events = game.apply(Challenge(1))
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 6, DrawReason.CHALLENGE_FAILED, cards("R1 R2 R3 R4 R6 R7"))
    ]
    assert len(game.hands[1]) == 8
    assert hand(game, 0) == "B5 G2"
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)], "and loses the turn"
    assert game.phase is Phase.TURN and game.current == 0
    assert_invariants(game)


# Saying UNO ----------------------------------------------------------------------------


def test_forgetting_uno_and_caught_before_the_opponent_starts_their_turn_draw_two() -> None:
    """ "If you forget and your opponent catches you before they start their turn, you draw 2
    cards.\""""
    assert RULES.uno_penalty == 2
    game = game_at(RULES, ["R1 R2", "R3 G4 G5"], top="R5", draw="B1 B2 B3")
    play(game, 0, "R1")
    assert game.current == 1 and game.phase is Phase.TURN
    assert CatchUno(1, 0) in game.legal_actions(1)
    events = game.apply(CatchUno(1, 0))
    assert UnoCaught(1, 0) in events
    assert of_type(events, CardsDrawn) == [CardsDrawn(0, 2, DrawReason.UNO_PENALTY, cards("B1 B2"))]
    assert hand(game, 0) == "B1 B2 R2"
    assert game.current == 1 and game.phase is Phase.TURN, "the opponent's turn goes on"
    assert_rejected(game, CatchUno(1, 0), UnoCallError)
    assert_invariants(game)


def test_too_late_to_catch_once_the_opponent_has_started_their_turn() -> None:
    """ "If you forget and your opponent catches you before they start their turn, you draw 2
    cards.\""""
    played = game_at(RULES, ["R1 R2", "R3 G4 G5"], top="R5")
    play(played, 0, "R1")
    play(played, 1, "R3")
    assert_rejected(played, CatchUno(1, 0), UnoCallError)
    assert len(played.hands[0]) == 1

    drew = game_at(RULES, ["R1 R2", "R3 G4 G5"], top="R5", draw="Y9")
    play(drew, 0, "R1")
    drew.apply(DrawCard(1))
    assert_rejected(drew, CatchUno(1, 0), UnoCallError)
    assert len(drew.hands[0]) == 1


def test_say_uno_when_playing_your_second_to_last_card() -> None:
    """ "When you play your second-to-last card, say "UNO" out loud.\""""
    game = game_at(RULES, ["R1 R2 R3", "G4 G5 G6"], top="R5")
    assert_rejected(game, CallUno(0, 0), UnoCallError)
    play(game, 0, "R1")
    assert_rejected(game, CallUno(0, 0), UnoCallError)  # two cards left: nothing to call
    game2 = game_at(RULES, ["R1 R2", "G4 G5 G6"], top="R5")
    play(game2, 0, "R1")
    assert CallUno(0, 0) in game2.legal_actions(0)
    events = game2.apply(CallUno(0, 0))
    assert events == [UnoCalled(0, 0)]
    assert game2.current == 1 and game2.phase is Phase.TURN


def test_catch_yourself_first_and_you_are_safe() -> None:
    """ "Catch yourself first and you are safe.\""""
    game = game_at(RULES, ["R1 R2", "R3 G4 G5"], top="R5")
    play(game, 0, "R1")
    game.apply(CallUno(0, 0))
    assert CatchUno(1, 0) not in game.legal_actions(1)
    assert_rejected(game, CatchUno(1, 0), UnoCallError)
    assert hand(game, 0) == "R2"


def test_only_the_player_says_uno_and_only_the_opponent_catches() -> None:
    """ "say "UNO"" ... "your opponent catches you\""""
    game = game_at(RULES, ["R1 R2", "R3 G4 G5"], top="R5")
    play(game, 0, "R1")
    assert_rejected(game, CallUno(1, 0), UnoCallError)
    assert_rejected(game, CatchUno(0, 0), UnoCallError)
    assert_rejected(game, CatchUno(0, 1), UnoCallError)


def test_uno_penalty_of_four_cards_as_an_agreed_option() -> None:
    """ "Mattel sheets say 2 cards. Some groups play 4. Agree before you deal.\""""
    rules = Rules.two_player(uno_penalty=4)
    assert rules.uno_penalty == 4
    game = game_at(rules, ["R1 R2", "R3 G4 G5"], top="R5", draw="B1 B2 B3 B4 B5")
    play(game, 0, "R1")
    events = game.apply(CatchUno(1, 0))
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(0, 4, DrawReason.UNO_PENALTY, cards("B1 B2 B3 B4"))
    ]
    assert hand(game, 0) == "B1 B2 B3 B4 R2"


def test_options_are_agreed_before_the_deal_and_fixed_for_the_match() -> None:
    """ "Agree before you deal." / "Pick one before the first deal.\""""
    game = Game(Rules.two_player(uno_penalty=4), NAMES[:2], seed=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.rules.uno_penalty = 2  # type: ignore[misc]
    with pytest.raises(SetupError):
        Rules.two_player(uno_penalty=0)


# Scoring -------------------------------------------------------------------------------


def test_the_hand_ends_the_moment_a_player_plays_their_last_card() -> None:
    """ "A hand ends the moment one player plays their last card.\""""
    game = game_at(RULES, ["RS", "G1 G2"], top="R5")
    events = play(game, 0, "RS")
    assert game.phase is Phase.ROUND_OVER
    assert of_type(events, RoundEnded)[0].winners == (0,)
    assert not turns_begun(events), "no extra turn after the last card"
    assert not of_type(events, PlayerSkipped)
    assert_rejected(game, DrawCard(1), RoundOverError)
    assert_rejected(game, PlayCard(1, card("G1")), RoundOverError)


def test_a_last_draw_two_still_makes_the_other_draw_and_those_cards_count() -> None:
    """ "If that last card is a Draw Two or Wild Draw Four, the other player still draws those
    cards, and they count in the score.\""""
    game = game_at(RULES, ["R+2", "G1 G2"], top="R5", draw="B9 Y8 Y7")
    events = play(game, 0, "R+2")
    assert of_type(events, CardsDrawn) == [CardsDrawn(1, 2, DrawReason.DRAW_TWO, cards("B9 Y8"))]
    assert hand(game, 1) == "B9 G1 G2 Y8"
    assert game.phase is Phase.ROUND_OVER
    (ended,) = of_type(events, RoundEnded)
    assert ended.points == 1 + 2 + 9 + 8
    assert game.scores == [20, 0]


def test_a_last_wild_draw_four_still_makes_the_other_draw_four_with_no_challenge() -> None:
    """ "If that last card is a Draw Two or Wild Draw Four, the other player still draws those
    cards, and they count in the score.\""""
    game = game_at(RULES, ["W+4", "G1"], top="R5", draw="B9 Y8 R7 G6 B1")
    events = play(game, 0, "W+4", "R")
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 4, DrawReason.DRAW_FOUR, cards("B9 Y8 R7 G6"))
    ]
    assert game.phase is Phase.ROUND_OVER
    assert_rejected(game, Challenge(1), RoundOverError)
    assert game.scores == [1 + 9 + 8 + 7 + 6, 0]


def test_a_last_stacked_draw_two_makes_the_other_draw_the_whole_total() -> None:
    """ "If that last card is a Draw Two ..., the other player still draws those cards" (with
    Stack Draw Twos: the whole total)"""
    rules = Rules.two_player(stack_draw_two=True)
    game = game_at(rules, ["R+2 B1 B2", "G+2"], top="R5", draw="Y1 Y2 Y3 Y4 Y5")
    play(game, 0, "R+2")
    events = play(game, 1, "G+2")
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(0, 4, DrawReason.DRAW_TWO, cards("Y1 Y2 Y3 Y4"))
    ]
    assert game.phase is Phase.ROUND_OVER
    assert game.scores == [0, 1 + 2 + 1 + 2 + 3 + 4]


def test_the_winner_scores_every_card_left_in_the_losers_hand() -> None:
    """ "The winner scores every card left in the loser's hand. Number cards: face value.
    Skip, Reverse, Draw Two: 20 points each. Wild, Wild Draw Four: 50 points each.\""""
    game = game_at(RULES, ["R1", "R7 B0 G9 GS BR Y+2 W W+4"], top="R5")
    events = play(game, 0, "R1")
    expected = 7 + 0 + 9 + 20 + 20 + 20 + 50 + 50
    scored = {e.player: e for e in of_type(events, HandScored)}
    assert sorted(map(str, scored[1].cards)) == hand_of("R7 B0 G9 GS BR Y+2 W W+4")
    assert scored[1].points == expected
    assert scored[0] == HandScored(0, (), 0)
    (ended,) = of_type(events, RoundEnded)
    assert ended.points == expected and ended.winners == (0,)
    assert ended.scores == (expected, 0)
    assert game.scores == [expected, 0]


def test_scores_add_up_over_hands() -> None:
    """ "The winner scores every card left in the loser's hand.\""""
    game = game_at(RULES, ["R1", "R7 B3"], top="R5")
    game.scores = [100, 40]
    play(game, 0, "R1")
    assert game.scores == [110, 40]
    assert game.phase is Phase.ROUND_OVER


# Winning -------------------------------------------------------------------------------


def test_first_player_to_500_points_wins() -> None:
    """ "First player to 500 points wins.\""""
    assert RULES.target_score == 500 and RULES.match_method is MatchMethod.WINNER_SCORES
    game = game_at(RULES, ["R1", "R9 B9 G2"], top="R5")
    game.scores = [480, 499]
    events = play(game, 0, "R1")
    assert game.scores == [500, 499]
    assert of_type(events, MatchEnded) == [MatchEnded((0,), (500, 499))]
    assert game.phase is Phase.MATCH_OVER and game.is_over and game.winners == (0,)
    assert game.decisions() == ()
    assert_rejected(game, Deal(1), RoundOverError)


def test_below_500_the_match_goes_on() -> None:
    """ "First player to 500 points wins.\""""
    game = game_at(RULES, ["R1", "R9 B9 G1"], top="R5")
    game.scores = [480, 499]
    events = play(game, 0, "R1")
    assert game.scores == [499, 499]
    assert not of_type(events, MatchEnded)
    assert game.phase is Phase.ROUND_OVER and not game.is_over


def test_lowest_caught_each_player_is_charged_the_points_they_hold() -> None:
    """ "Mattel's other method: track the points each player gets caught holding\""""
    rules = Rules.two_player(match_method=MatchMethod.LOWEST_CAUGHT)
    game = game_at(rules, ["R1", "R9 BS"], top="R5")
    game.scores = [30, 40]
    events = play(game, 0, "R1")
    assert game.scores == [30, 40 + 9 + 20], "the winner gains nothing; the loser is charged"
    (ended,) = of_type(events, RoundEnded)
    assert ended.winners == (0,) and ended.scores == (30, 69)
    assert game.phase is Phase.ROUND_OVER


def test_lowest_caught_when_one_passes_500_the_lower_total_wins() -> None:
    """ "when one player passes 500, the lower total wins.\""""
    rules = Rules.two_player(match_method=MatchMethod.LOWEST_CAUGHT)
    # the player who goes out this hand is not necessarily the match winner
    game = game_at(rules, ["R9 B9 Y1", "R1"], top="R5", current=1)
    game.scores = [490, 100]
    events = play(game, 1, "R1")
    assert game.scores == [509, 100]
    assert of_type(events, MatchEnded) == [MatchEnded((1,), (509, 100))]
    assert game.phase is Phase.MATCH_OVER

    game = game_at(rules, ["R1", "R9 B9 G3"], top="R5")
    game.scores = [200, 480]
    events = play(game, 0, "R1")
    assert of_type(events, MatchEnded) == [MatchEnded((0,), (200, 501))]


def test_lowest_caught_reaching_exactly_500_is_not_passing_it() -> None:
    """ "when one player passes 500, the lower total wins.\""""
    rules = Rules.two_player(match_method=MatchMethod.LOWEST_CAUGHT)
    game = game_at(rules, ["R1", "R9 B9 G2"], top="R5")
    game.scores = [0, 480]
    events = play(game, 0, "R1")
    assert game.scores == [0, 500]
    assert not of_type(events, MatchEnded)
    assert game.phase is Phase.ROUND_OVER


# Two-Player Notes ----------------------------------------------------------------------


@pytest.mark.parametrize("action_card", ["RS", "RR", "R+2"])
def test_every_action_card_is_an_extra_turn(action_card: str) -> None:
    """ "Every action card is an extra turn for you.\""""
    game = game_at(RULES, [f"{action_card} G4 G5", "B1 B2"], top="R5")
    events = play(game, 0, action_card)
    assert turns_begun(events) == [0]
    assert game.phase is Phase.TURN and game.current == 0


def test_an_accepted_wild_draw_four_is_an_extra_turn_too() -> None:
    """ "Every action card is an extra turn for you.\""""
    game = game_at(RULES, ["W+4 G4 G5", "B1 B2"], top="R5")
    play(game, 0, "W+4", "G")
    events = game.apply(AcceptPenalty(1))
    assert turns_begun(events) == [0]
    assert game.current == 0


def test_skip_reverse_skip_in_a_row_is_four_turns_while_the_opponent_watches() -> None:
    """ "Play Skip, Reverse, Skip in a row and you take four turns while your opponent
    watches.\""""
    game = game_at(RULES, ["RS RR RS R3 G1", "B1 B2"], top="R5")
    events: list[Event] = []
    for code in ("RS", "RR", "RS", "R3"):
        assert game.current == 0 and game.phase is Phase.TURN
        events += play(game, 0, code)
    plays = [(e.player, str(e.card)) for e in of_type(events, CardPlayed)]
    assert plays == [(0, "RS"), (0, "RR"), (0, "RS"), (0, "R3")]
    # four turns: the one it started with and three extra ones, then the opponent's
    assert turns_begun(events) == [0, 0, 0, 1]
    assert hand(game, 1) == "B1 B2"
    assert hand(game, 0) == "G1"


# Variations ----------------------------------------------------------------------------


def test_stack_draw_twos_the_next_player_adds_a_draw_two_and_passes_the_total_back() -> None:
    """ "Stack Draw Twos. The next player can add a Draw Two and pass the total back.\""""
    rules = Rules.two_player(stack_draw_two=True)
    game = game_at(rules, ["R+2 G7 B1", "G+2 B2"], top="R5", draw="Y1 Y2 Y3 Y4 Y5")
    events = play(game, 0, "R+2")
    assert not of_type(events, CardsDrawn)
    assert game.phase is Phase.RESPOND_DRAW_TWO and game.responder == 1
    assert set(game.legal_actions(1)) == {PlayCard(1, card("G+2")), AcceptPenalty(1)}
    assert_rejected(game, PlayCard(1, card("B2")), MustPlayError)
    assert_rejected(game, DrawCard(1), NotYourDecisionError)
    events = play(game, 1, "G+2")
    assert PenaltyStacked(1, 4) in events
    assert game.phase is Phase.RESPOND_DRAW_TWO and game.responder == 0
    assert game.penalty == 4
    events = game.apply(AcceptPenalty(0))
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(0, 4, DrawReason.DRAW_TWO, cards("Y1 Y2 Y3 Y4"))
    ]
    assert hand(game, 0) == "B1 G7 Y1 Y2 Y3 Y4"
    assert PlayerSkipped(0) in events
    assert phase_of(game) is Phase.TURN and game.current == 1
    assert_invariants(game)


def test_stack_draw_twos_without_a_stack_the_target_draws_two_and_play_comes_back() -> None:
    """ "Stack Draw Twos." ... "Draw Two: your opponent draws 2 cards and loses a turn.\""""
    rules = Rules.two_player(stack_draw_two=True)
    game = game_at(rules, ["R+2 G7", "G+2 B2"], top="R5", draw="Y1 Y2")
    play(game, 0, "R+2")
    events = game.apply(AcceptPenalty(1))
    assert of_type(events, CardsDrawn) == [CardsDrawn(1, 2, DrawReason.DRAW_TWO, cards("Y1 Y2"))]
    assert game.phase is Phase.TURN and game.current == 0


def test_blank_cards_are_shuffled_into_the_deck() -> None:
    """ "Most decks include blank cards. Write a house rule on one and shuffle it in.\""""
    assert RULES.blank_cards == 0
    rules = Rules.two_player(blank_cards=2)
    deck = build_deck(rules)
    assert len(deck) == 110
    assert Counter(deck)[card("WC")] == 2
    game = Game(rules, NAMES[:2], seed=2)
    assert game.cards_in_play() == Counter(deck)
    assert_invariants(game)
    with pytest.raises(SetupError):
        Rules.two_player(blank_cards=-1)


def test_a_blank_card_without_a_written_rule_is_a_plain_wild() -> None:
    """ "Write a house rule on one" (none written: a plain Wild)"""
    rules = Rules.two_player(blank_cards=1)
    assert rules.custom_effect is CustomEffect.PLAIN
    game = game_at(rules, ["WC R3", "G1 G2"], top="B5")
    events = play(game, 0, "WC", "R")
    assert game.current_color is Color.RED
    assert not of_type(events, CardsDrawn) and not of_type(events, PlayerSkipped)
    assert game.current == 1


def test_a_blank_card_applies_the_house_rule_written_on_it() -> None:
    """ "Write a house rule on one and shuffle it in.\""""
    rules = Rules.two_player(blank_cards=1, custom_effect=CustomEffect.DRAW_TWO_SKIP)
    game = game_at(rules, ["WC R3", "G1 G2"], top="B5", draw="Y1 Y2")
    events = play(game, 0, "WC", "R")
    assert of_type(events, CardsDrawn) == [CardsDrawn(1, 2, DrawReason.CUSTOM, cards("Y1 Y2"))]
    assert PlayerSkipped(1) in events
    assert game.current == 0

    rules = Rules.two_player(blank_cards=1, custom_effect=CustomEffect.OTHERS_DRAW_ONE)
    game = game_at(rules, ["WC R3", "G1 G2"], top="B5", draw="Y1 Y2")
    events = play(game, 0, "WC", "G")
    assert of_type(events, CardsDrawn) == [CardsDrawn(1, 1, DrawReason.CUSTOM, cards("Y1"))]
    assert game.current == 1 and hand(game, 1) == "G1 G2 Y1"


def test_a_blank_card_left_in_hand_scores_as_a_wild() -> None:
    """ "Wild, Wild Draw Four: 50 points each." (a blank card is a Wild)"""
    rules = Rules.two_player(blank_cards=1)
    game = game_at(rules, ["R1", "WC"], top="R5")
    play(game, 0, "R1")
    assert game.scores == [50, 0]
