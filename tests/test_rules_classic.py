"""One test per rule stated in /work/shared/rules/uno-classic.txt (Rules.classic()).

Each test's docstring quotes the sentence it checks. Positions are set up in card notation
with ``game_at``; whole deals use a fixed deck order (``deck_order``), dealt one card at a time
from the front, starting left of the dealer.
"""

from __future__ import annotations

from collections import Counter

import pytest

from uno_tui.engine import (
    AcceptPenalty,
    CallUno,
    CardDoesNotMatchError,
    CardNotInHandError,
    CatchUno,
    Challenge,
    Color,
    CustomEffect,
    Deal,
    DeckKind,
    DrawCard,
    DrawnCardOnlyError,
    Game,
    KeepDrawn,
    MustPlayError,
    NameColor,
    NotYourDecisionError,
    Phase,
    PlayCard,
    Position,
    Rank,
    RoundOverError,
    Rules,
    SetupError,
    UnoCallError,
    build_deck,
    card_points,
    format_cards,
    hand_points,
    parse_cards,
)
from uno_tui.engine.actions import Action
from uno_tui.engine.cards import Card
from uno_tui.engine.errors import BadChoiceError, IllegalActionError
from uno_tui.engine.events import (
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ColorNamed,
    DeckReshuffled,
    DirectionChanged,
    DrawFourChallenged,
    DrawReason,
    FirstCardIgnored,
    FirstCardTurned,
    HandScored,
    HandsPassed,
    HandsSwapped,
    MatchEnded,
    PlayerSkipped,
    RoundEnded,
    TurnBegan,
    TurnPassed,
    UnoCalled,
    UnoCaught,
)

from .helpers import assert_invariants, card, game_at, hand, of_type, play

CLASSIC = Rules.classic()
DECK_SIZE = 112

# 36 number cards, none a 0, handy as dealt hands: R1..R9 Y1..Y9 G1..G9 B1..B9.
DEAL_CARDS = " ".join(f"{c}{n}" for c in "RYGB" for n in range(1, 10))


def deck_order(front: str, rules: Rules = CLASSIC) -> list[Card]:
    """A full deck whose first cards are ``front`` (in order); the rest follows."""
    cards = parse_cards(front)
    rest = Counter(build_deck(rules)) - Counter(cards)
    return cards + list(rest.elements())


def dealt_then(players: int, first_cards: str) -> list[Card]:
    """A deck that deals number cards to ``players`` and then turns ``first_cards``."""
    deal = " ".join(DEAL_CARDS.split()[: 7 * players])
    return deck_order(f"{deal} {first_cards}")


def all_but(*used: str, rules: Rules = CLASSIC) -> str:
    """Every card of the deck not named in ``used``, in notation (to fill the discard pile)."""
    named: Counter[Card] = Counter()
    for text in used:
        named.update(parse_cards(text))
    return format_cards((Counter(build_deck(rules)) - named).elements())


def phase_of(game: Game) -> Phase:
    """The phase now (a call, so a type checker does not keep an earlier narrowing)."""
    return game.phase


def assert_rejected(game: Game, action: Action, error: type[IllegalActionError]) -> None:
    """``action`` raises exactly ``error`` and changes nothing."""
    before = game.digest()
    with pytest.raises(error):
        game.apply(action)
    assert game.digest() == before


# The goal ------------------------------------------------------------------------------


def test_first_to_get_rid_of_all_cards_wins_the_hand() -> None:
    """ "Be the first to get rid of all your cards: you win the hand." """
    game = game_at(CLASSIC, ["R7", "B1 B2", "G1 G2"], top="R5")
    events = play(game, 0, "R7")
    ended = of_type(events, RoundEnded)
    assert len(ended) == 1 and ended[0].winners == (0,)
    assert game.hands[0] == []
    assert game.phase is Phase.ROUND_OVER


def test_score_is_kept_over_several_hands_up_to_500() -> None:
    """ "For a longer game, the rules suggest keeping score over several hands, up to 500." """
    assert CLASSIC.target_score == 500
    game = game_at(CLASSIC, ["R7", "B1 B2", "G1 G2"], top="R5")
    play(game, 0, "R7")
    assert game.scores == [6, 0, 0]
    assert game.phase is Phase.ROUND_OVER and not game.is_over
    game.apply(Deal(game.next_dealer()))
    assert game.round_number == 2
    assert game.scores == [6, 0, 0], "the score carries over to the next hand"
    assert_invariants(game)


# Setting up a hand ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_dealer_deals_seven_cards_to_each_player(players: int) -> None:
    """ "A dealer deals 7 cards to each player." """
    game = Game(CLASSIC, players, seed=players)
    assert [len(h) for h in game.hands] == [7] * players
    dealt = of_type(game.log, CardsDealt)
    assert [(e.player, e.count) for e in dealt] == [(seat, 7) for seat in range(players)]
    assert_invariants(game)


def test_deal_is_one_card_at_a_time_starting_left_of_the_dealer() -> None:
    """ "A dealer deals 7 cards to each player." (one at a time, from the dealer's left)"""
    deck = dealt_then(3, "B5")
    game = Game(CLASSIC, ["Ann", "Ben", "Cat"], deck=deck, first_dealer=2)
    # Seat 0 is the dealer's left: it gets deck[0], deck[3], ...; seat 1 deck[1], ...
    for offset, seat in enumerate((0, 1, 2)):
        assert game.hands[seat] == deck[offset:21:3]


def test_rest_forms_the_draw_pile_and_top_card_starts_the_discard_pile() -> None:
    """ "The rest forms the Draw Pile; flip the top card to start the Discard Pile" """
    deck = dealt_then(3, "B5 G8")
    game = Game(CLASSIC, ["Ann", "Ben", "Cat"], deck=deck, first_dealer=0)
    assert game.discard_pile == [card("B5")]
    assert of_type(game.log, FirstCardTurned)[0].card == card("B5")
    assert not of_type(game.log, FirstCardIgnored)
    assert game.current_color is Color.BLUE
    assert len(game.draw_pile) == DECK_SIZE - 3 * 7 - 1
    assert game.draw_pile[-1] == card("G8"), "the card under the first one is drawn next"
    assert_invariants(game)


@pytest.mark.parametrize("action_card", ["R+2", "YR", "GS"])
def test_action_card_turned_first_is_ignored_and_the_next_one_flipped(action_card: str) -> None:
    """ "if it's an Action Card, flip the next one." """
    deck = dealt_then(3, f"{action_card} B5")
    game = Game(CLASSIC, ["Ann", "Ben", "Cat"], deck=deck, first_dealer=0)
    assert [e.card for e in of_type(game.log, FirstCardIgnored)] == [card(action_card)]
    assert game.discard_pile == [card(action_card), card("B5")], "it stays under the pile"
    assert game.current_color is Color.BLUE
    # The ignored card has no effect: the dealer's left plays first, clockwise, unharmed.
    assert game.current == 1 and game.clockwise
    assert [len(h) for h in game.hands] == [7, 7, 7]
    assert not of_type(game.log, PlayerSkipped)
    assert_invariants(game)


def test_several_action_cards_in_a_row_are_all_flipped_past() -> None:
    """ "if it's an Action Card, flip the next one." (again and again)"""
    deck = dealt_then(3, "RS G+2 YR B7")
    game = Game(CLASSIC, ["Ann", "Ben", "Cat"], deck=deck, first_dealer=0)
    assert [str(e.card) for e in of_type(game.log, FirstCardIgnored)] == ["RS", "G+2", "YR"]
    assert game.top_card == card("B7")
    assert len(game.discard_pile) == 4
    assert game.current == 1 and game.clockwise
    assert_invariants(game)


@pytest.mark.parametrize("wild", ["W", "W+4", "WX", "WC"])
def test_wild_turned_first_stays_and_first_player_names_the_color(wild: str) -> None:
    """ "if it's an Action Card, flip the next one." A Wild is not one of the Action Cards
    (Draw Two, Reverse, Skip): it stays, the first player names the colour, then plays; it has
    no other effect."""
    deck = dealt_then(3, f"{wild} B5")
    game = Game(CLASSIC, ["Ann", "Ben", "Cat"], deck=deck, first_dealer=0)
    assert game.discard_pile == [card(wild)]
    assert not of_type(game.log, FirstCardIgnored)
    assert game.phase is Phase.NAME_COLOR and game.current == 1
    assert game.legal_actions(1) == [NameColor(1, color) for color in Color]
    assert_rejected(game, NameColor(2, Color.RED), NotYourDecisionError)
    hands_before = [list(h) for h in game.hands]
    events = game.apply(NameColor(1, Color.GREEN))
    assert of_type(events, ColorNamed) == [ColorNamed(1, Color.GREEN)]
    assert game.current_color is Color.GREEN
    assert phase_of(game) is Phase.TURN and game.current == 1, "the same player then plays"
    assert game.hands == hands_before, "no one draws, nothing is swapped"
    assert not of_type(events, PlayerSkipped) and not of_type(events, CardsDrawn)
    assert game.draw_pile[-1] == card("B5")
    assert_invariants(game)


def test_player_to_the_dealers_left_goes_first_clockwise() -> None:
    """ "The player to the dealer's left goes first, clockwise." """
    deck = dealt_then(4, "B5")
    game = Game(CLASSIC, 4, deck=deck, first_dealer=1)
    assert game.dealer == 1
    assert game.current == 2 and game.clockwise
    playable = next(a for a in game.legal_actions(2) if isinstance(a, PlayCard))
    game.apply(playable)
    assert game.current == 3, "then play goes on clockwise (increasing seat number)"


def test_dealer_left_wraps_around_the_table() -> None:
    """ "The player to the dealer's left goes first, clockwise." (the last seat deals)"""
    game = Game(CLASSIC, 4, deck=dealt_then(4, "B5"), first_dealer=3)
    assert game.current == 0


def test_first_dealer_is_drawn_at_random_from_the_seed() -> None:
    """ "A dealer deals 7 cards to each player." (who deals first: random, from the seed)"""
    dealers = {Game(CLASSIC, 4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Game(CLASSIC, 4, seed=7).dealer == Game(CLASSIC, 4, seed=7).dealer
    game = Game(CLASSIC, 4, seed=7)
    assert game.current == (game.dealer + 1) % 4


# Players and deck ----------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 11))
def test_two_to_ten_players_may_play(players: int) -> None:
    """Classic UNO is for 2 to 10 players."""
    game = Game(CLASSIC, players, seed=100 + players)
    assert game.player_count == players
    assert len(game.draw_pile) == DECK_SIZE - 7 * players - len(game.discard_pile)
    assert_invariants(game)


@pytest.mark.parametrize("players", [0, 1, 11, 12])
def test_fewer_than_two_or_more_than_ten_players_are_rejected(players: int) -> None:
    """Classic UNO is for 2 to 10 players: 1 or 11 cannot make a game."""
    assert CLASSIC.player_counts == tuple(range(2, 11))
    with pytest.raises(SetupError):
        Game(CLASSIC, players, seed=1)
    with pytest.raises(SetupError):
        Game(CLASSIC, [f"P{i}" for i in range(players)], seed=1)


def test_classic_deck_has_112_cards() -> None:
    """The classic deck: 76 numbers, 8 Skip, 8 Reverse, 8 Draw Two, 4 Wild, 4 Wild Draw Four,
    1 Wild Swap Hands and 3 Wild Customizable."""
    assert CLASSIC.deck is DeckKind.CLASSIC
    deck = build_deck(CLASSIC)
    assert len(deck) == DECK_SIZE
    counts = Counter(deck)
    for color in "RYGB":
        assert counts[card(f"{color}0")] == 1
        for number in range(1, 10):
            assert counts[card(f"{color}{number}")] == 2
        for symbol in ("S", "R", "+2"):
            assert counts[card(f"{color}{symbol}")] == 2
    by_rank = Counter(c.rank for c in deck)
    assert sum(by_rank[r] for r in Rank if r.is_number) == 76
    assert by_rank[Rank.SKIP] == by_rank[Rank.REVERSE] == by_rank[Rank.DRAW_TWO] == 8
    assert by_rank[Rank.WILD] == 4
    assert by_rank[Rank.WILD_DRAW_FOUR] == 4
    assert by_rank[Rank.WILD_SWAP_HANDS] == 1
    assert by_rank[Rank.WILD_CUSTOMIZABLE] == 3
    assert by_rank[Rank.WILD_TEAM_PLAY] == by_rank[Rank.WILD_TEAM_DRAW_FOUR] == 0


# Your turn -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "why"),
    [("R2", "same colour"), ("B5", "same number"), ("BS", "same symbol")],
)
def test_play_a_card_of_the_same_color_number_or_symbol(played: str, why: str) -> None:
    """ "Play one card onto the Discard Pile: same color, number or symbol." """
    top = "RS" if why == "same symbol" else "R5"
    game = game_at(CLASSIC, [f"{played} G7", "B1 B2", "Y1 Y2"], top=top)
    events = play(game, 0, played)
    assert game.top_card == card(played)
    assert of_type(events, CardPlayed)[0].card == card(played)
    assert hand(game, 0) == "G7"
    assert_invariants(game)


def test_a_card_that_matches_nothing_cannot_be_played() -> None:
    """ "Play one card onto the Discard Pile: same color, number or symbol." """
    game = game_at(CLASSIC, ["G7 B+2 R2", "B1 B2", "Y1 Y2"], top="R5")
    assert_rejected(game, PlayCard(0, card("G7")), CardDoesNotMatchError)
    assert_rejected(game, PlayCard(0, card("B+2")), CardDoesNotMatchError)
    assert_rejected(game, PlayCard(0, card("R9")), CardNotInHandError)
    assert_rejected(game, PlayCard(1, card("B1")), NotYourDecisionError)
    plays = [a for a in game.legal_actions(0) if isinstance(a, PlayCard)]
    assert plays == [PlayCard(0, card("R2"))]


def test_after_a_wild_only_the_named_color_matches() -> None:
    """ "Play one card onto the Discard Pile: same color, number or symbol." (after a Wild,
    the colour named)"""
    game = game_at(CLASSIC, ["G7 R5", "B1 B2", "Y1 Y2"], top="W", color="G")
    assert_rejected(game, PlayCard(0, card("R5")), CardDoesNotMatchError)
    play(game, 0, "G7")
    assert game.top_card == card("G7")


@pytest.mark.parametrize("top", ["R5", "B+2", "GS", "YR", "W+4"])
def test_wild_cards_match_anything(top: str) -> None:
    """ "Wild cards match anything." """
    color = "Y" if top == "W+4" else None
    game = game_at(CLASSIC, ["W W+4 WX WC", "B1 B2", "Y1 Y2"], top=top, color=color)
    legal = game.legal_actions(0)
    for wild in ("W", "W+4", "WX", "WC"):
        assert any(isinstance(a, PlayCard) and a.card == card(wild) for a in legal), wild
    play(game, 0, "WC", "R")
    assert game.top_card == card("WC")


def test_no_match_means_draw_a_card() -> None:
    """ "With no match, draw a card, and play it if it matches." (no match: drawing is all)"""
    game = game_at(CLASSIC, ["G2 B3", "B1 B2", "Y1 Y2"], top="R5", draw="Y9")
    assert game.legal_actions(0) == [DrawCard(0)]
    events = game.apply(DrawCard(0))
    drawn = of_type(events, CardsDrawn)
    assert drawn == [CardsDrawn(0, 1, DrawReason.CHOICE, (card("Y9"),))]
    assert of_type(events, TurnPassed) == [TurnPassed(0)], "not playable: the turn ends"
    assert hand(game, 0) == "B3 G2 Y9"
    assert game.current == 1 and game.phase is Phase.TURN
    assert_invariants(game)


def test_drawn_card_that_matches_must_be_played() -> None:
    """ "With no match, draw a card, and play it if it matches." """
    game = game_at(CLASSIC, ["G2 B3", "B1 B2", "Y1 Y2"], top="R5", draw="R9")
    game.apply(DrawCard(0))
    assert game.phase is Phase.DRAWN and game.drawn_card == card("R9")
    assert game.legal_actions(0) == [PlayCard(0, card("R9"))]
    assert_rejected(game, KeepDrawn(0), MustPlayError)
    play(game, 0, "R9")
    assert game.top_card == card("R9") and hand(game, 0) == "B3 G2"
    assert game.current == 1
    assert_invariants(game)


def test_after_drawing_only_the_drawn_card_may_be_played() -> None:
    """ "With no match, draw a card, and play it if it matches." (it: the drawn card)"""
    game = game_at(CLASSIC, ["R2 B3", "B1 B2", "Y1 Y2"], top="R5", draw="R9")
    game.apply(DrawCard(0))
    assert_rejected(game, PlayCard(0, card("R2")), DrawnCardOnlyError)
    assert_rejected(game, DrawCard(0), NotYourDecisionError)


def test_drawn_wild_draw_four_that_would_be_illegal_may_be_kept() -> None:
    """ "With no match, draw a card, and play it if it matches." (nobody is forced to bluff:
    a drawn Wild Draw Four that would break the rule may be kept)"""
    game = game_at(CLASSIC, ["R2 B3", "B1 B2", "Y1 Y2"], top="R5", draw="W+4")
    game.apply(DrawCard(0))
    assert KeepDrawn(0) in game.legal_actions(0)
    game.apply(KeepDrawn(0))
    assert hand(game, 0) == "B3 R2 W+4"
    assert game.current == 1


def test_drawn_legal_wild_draw_four_must_be_played() -> None:
    """ "With no match, draw a card, and play it if it matches." (a legal Wild Draw Four)"""
    game = game_at(CLASSIC, ["G2 B3", "B1 B2", "Y1 Y2"], top="R5", draw="W+4")
    game.apply(DrawCard(0))
    assert_rejected(game, KeepDrawn(0), MustPlayError)


def test_you_may_draw_instead_of_playing() -> None:
    """ "You may also draw instead of playing." """
    game = game_at(CLASSIC, ["R2 B3", "B1 B2", "Y1 Y2"], top="R5", draw="G9")
    assert DrawCard(0) in game.legal_actions(0)
    events = game.apply(DrawCard(0))
    assert of_type(events, CardsDrawn)[0].cards == (card("G9"),)
    assert hand(game, 0) == "B3 G9 R2"
    assert game.current == 1
    assert_invariants(game)


# Action Cards --------------------------------------------------------------------------


def test_draw_two_makes_next_player_draw_two_and_lose_their_turn() -> None:
    """ "Draw Two makes the next player draw two cards and lose their turn." """
    game = game_at(CLASSIC, ["R+2 G7", "B1 B2", "Y1 Y2", "G1 G2"], top="R5", draw="G8 G9")
    events = play(game, 0, "R+2")
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 2, DrawReason.DRAW_TWO, (card("G8"), card("G9")))
    ]
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert hand(game, 1) == "B1 B2 G8 G9"
    assert game.current == 2
    assert [e.player for e in of_type(events, TurnBegan)] == [2]
    assert_invariants(game)


def test_reverse_reverses_the_direction_of_play() -> None:
    """ "Reverse reverses the direction of play." """
    game = game_at(CLASSIC, ["RR G7", "B1 B2", "Y1 Y2", "R1 R2"], top="R5")
    events = play(game, 0, "RR")
    assert of_type(events, DirectionChanged) == [DirectionChanged(False)]
    assert not game.clockwise
    assert game.current == 3
    play(game, 3, "R1")
    assert game.current == 2, "play goes on counter-clockwise"
    assert_invariants(game)


def test_skip_makes_next_player_lose_their_turn() -> None:
    """ "Skip makes the next player lose their turn." """
    game = game_at(CLASSIC, ["RS G7", "B1 B2", "Y1 Y2", "G1 G2"], top="R5")
    events = play(game, 0, "RS")
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert hand(game, 1) == "B1 B2", "a Skip makes no one draw"
    assert game.current == 2


def test_skip_counter_clockwise_skips_the_player_on_the_right() -> None:
    """ "Skip makes the next player lose their turn." (next in the current direction)"""
    game = game_at(CLASSIC, ["RS G7", "B1 B2", "Y1 Y2", "G1 G2"], top="R5", clockwise=False)
    events = play(game, 0, "RS")
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(3)]
    assert game.current == 2


# Wild cards ----------------------------------------------------------------------------


def test_wild_you_choose_the_color() -> None:
    """ "A Wild matches anything and you choose the color." """
    game = game_at(CLASSIC, ["W R7", "B1 Y2", "Y1 Y3"], top="R5")
    assert_rejected(game, PlayCard(0, card("W")), BadChoiceError)
    assert_rejected(game, PlayCard(0, card("R7"), Color.RED), BadChoiceError)
    events = play(game, 0, "W", "Y")
    assert of_type(events, CardPlayed)[0].color is Color.YELLOW
    assert game.current_color is Color.YELLOW
    assert game.current == 1
    assert_rejected(game, PlayCard(1, card("B1")), CardDoesNotMatchError)
    play(game, 1, "Y2")
    assert_invariants(game)


def test_wild_draw_four_makes_next_player_draw_four() -> None:
    """ "A Wild Draw Four also makes the next player draw four" (the target accepts)"""
    game = game_at(CLASSIC, ["W+4 G7", "B1 B2", "Y1 Y2"], top="R5", draw="G1 G2 G3 G4")
    events = play(game, 0, "W+4", "B")
    assert game.phase is Phase.RESPOND_DRAW_FOUR and game.responder == 1
    assert game.current_color is Color.BLUE
    assert not of_type(events, CardsDrawn)
    events = game.apply(AcceptPenalty(1))
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 4, DrawReason.DRAW_FOUR, tuple(parse_cards("G1 G2 G3 G4")))
    ]
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert hand(game, 1) == "B1 B2 G1 G2 G3 G4"
    assert game.current == 2 and phase_of(game) is Phase.TURN
    assert_invariants(game)


def test_wild_draw_four_may_be_played_as_a_bluff() -> None:
    """ "but only if you have no card matching the Discard Pile's color." (the rule is enforced
    by the challenge: the card can always be played, and a bluff can be caught)"""
    game = game_at(CLASSIC, ["W+4 R2", "B1 B2", "Y1 Y2"], top="R5")
    assert PlayCard(0, card("W+4"), Color.GREEN) in game.legal_actions(0)
    play(game, 0, "W+4", "G")
    assert game.draw_four_illegal
    assert game.phase is Phase.RESPOND_DRAW_FOUR


def test_wild_draw_four_color_is_the_color_in_play() -> None:
    """ "but only if you have no card matching the Discard Pile's color." (after a Wild, the
    Discard Pile's colour is the colour named)"""
    legal = game_at(CLASSIC, ["W+4 R2 R7", "B1 B2", "Y1 Y2"], top="W", color="G")
    play(legal, 0, "W+4", "B")
    assert not legal.draw_four_illegal
    illegal = game_at(CLASSIC, ["W+4 G2 R7", "B1 B2", "Y1 Y2"], top="W", color="G")
    play(illegal, 0, "W+4", "B")
    assert illegal.draw_four_illegal


def test_wild_swap_hands_swaps_your_hand_with_a_chosen_opponents() -> None:
    """ "Wild Swap Hands swaps your hand with an opponent's." """
    game = game_at(CLASSIC, ["WX R2 R3", "G1", "B1 B2 B3 B4"], top="R5")
    swaps = [a for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == card("WX")]
    assert sorted((a.target, a.color.value) for a in swaps if a.color and a.target) == sorted(
        (target, color) for target in (1, 2) for color in "RYGB"
    )
    events = play(game, 0, "WX", "Y", target=2)
    assert of_type(events, HandsSwapped) == [HandsSwapped(0, 2)]
    assert hand(game, 0) == "B1 B2 B3 B4"
    assert hand(game, 2) == "R2 R3"
    assert hand(game, 1) == "G1", "the others keep their hands"
    assert game.current_color is Color.YELLOW
    assert game.current == 1
    assert_invariants(game)


@pytest.mark.parametrize("target", [None, 0, 3, -1])
def test_wild_swap_hands_needs_an_opponent_at_the_table(target: int | None) -> None:
    """ "Wild Swap Hands swaps your hand with an opponent's." (an opponent: not yourself, not
    no one, not an empty seat)"""
    game = game_at(CLASSIC, ["WX R2 R3", "G1", "B1 B2 B3 B4"], top="R5")
    assert_rejected(game, PlayCard(0, card("WX"), Color.RED, target), BadChoiceError)


def test_only_wild_swap_hands_takes_a_target() -> None:
    """ "Wild Swap Hands swaps your hand with an opponent's." (other cards choose no one)"""
    game = game_at(CLASSIC, ["W R2 R3", "G1", "B1 B2 B3 B4"], top="R5")
    assert_rejected(game, PlayCard(0, card("W"), Color.RED, 1), BadChoiceError)
    assert_rejected(game, PlayCard(0, card("R2"), None, 1), BadChoiceError)


def test_wild_customizable_default_is_draw_two_and_skip() -> None:
    """ "Wild Customizable cards apply the rule written on them." (default rule: the next
    player draws 2 and loses their turn)"""
    assert CLASSIC.custom_effect is CustomEffect.DRAW_TWO_SKIP
    game = game_at(CLASSIC, ["WC R2", "B1 B2", "Y1 Y2", "G1 G2"], top="R5", draw="G8 G9")
    events = play(game, 0, "WC", "G")
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 2, DrawReason.CUSTOM, (card("G8"), card("G9")))
    ]
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert game.current == 2 and game.current_color is Color.GREEN
    assert_invariants(game)


@pytest.mark.parametrize("clockwise", [True, False])
def test_wild_customizable_pass_hands(clockwise: bool) -> None:
    """ "Wild Customizable cards apply the rule written on them." (PASS_HANDS: every hand moves
    one seat along in the direction of play)"""
    rules = Rules.classic(custom_effect=CustomEffect.PASS_HANDS)
    game = game_at(rules, ["WC R2", "B1 B2", "Y1 Y2 Y3", "G1"], top="R5", clockwise=clockwise)
    events = play(game, 0, "WC", "B")
    assert of_type(events, HandsPassed) == [HandsPassed(clockwise)]
    if clockwise:
        assert [hand(game, s) for s in range(4)] == ["G1", "R2", "B1 B2", "Y1 Y2 Y3"]
        assert game.current == 1
    else:
        assert [hand(game, s) for s in range(4)] == ["B1 B2", "Y1 Y2 Y3", "G1", "R2"]
        assert game.current == 3
    assert not of_type(events, CardsDrawn) and not of_type(events, PlayerSkipped)
    assert_invariants(game)


def test_wild_customizable_others_draw_one() -> None:
    """ "Wild Customizable cards apply the rule written on them." (OTHERS_DRAW_ONE: every other
    player draws 1 card)"""
    rules = Rules.classic(custom_effect=CustomEffect.OTHERS_DRAW_ONE)
    game = game_at(rules, ["WC R2", "B1 B2", "Y1 Y2", "G1 G2"], top="R5", draw="R7 R8 R9")
    events = play(game, 0, "WC", "B")
    drawn = of_type(events, CardsDrawn)
    assert [(e.player, e.count, e.reason) for e in drawn] == [
        (seat, 1, DrawReason.CUSTOM) for seat in (1, 2, 3)
    ]
    assert [len(h) for h in game.hands] == [1, 3, 3, 3]
    assert not of_type(events, PlayerSkipped)
    assert game.current == 1, "no one loses a turn"
    assert_invariants(game)


def test_wild_customizable_plain() -> None:
    """ "Wild Customizable cards apply the rule written on them." (PLAIN: a plain Wild)"""
    rules = Rules.classic(custom_effect=CustomEffect.PLAIN)
    game = game_at(rules, ["WC R2", "B1 B2", "Y1 Y2"], top="R5")
    events = play(game, 0, "WC", "B")
    assert [hand(game, s) for s in range(3)] == ["R2", "B1 B2", "Y1 Y2"]
    assert not of_type(events, CardsDrawn) and not of_type(events, PlayerSkipped)
    assert game.current == 1 and game.current_color is Color.BLUE


def test_wild_customizable_effect_is_an_option_by_name() -> None:
    """ "Wild Customizable cards apply the rule written on them." (the rule is chosen at setup;
    records give it by name)"""
    assert Rules.classic(custom_effect="pass-hands").custom_effect is CustomEffect.PASS_HANDS
    with pytest.raises(SetupError):
        Rules.classic(custom_effect="no-such-rule")


# Challenging a Wild Draw Four ----------------------------------------------------------


def test_target_draws_four_or_challenges() -> None:
    """ "The target draws four cards, or challenges." """
    game = game_at(CLASSIC, ["W+4 G7 G8", "B1 R2", "Y1 Y2"], top="R5")
    play(game, 0, "W+4", "B")
    assert game.legal_actions(1) == [Challenge(1), AcceptPenalty(1)]
    assert_rejected(game, DrawCard(1), NotYourDecisionError)
    assert_rejected(game, PlayCard(1, card("B1")), MustPlayError)
    assert_rejected(game, Challenge(2), NotYourDecisionError)
    assert_rejected(game, AcceptPenalty(2), NotYourDecisionError)


def test_challenge_succeeds_when_the_player_had_the_color() -> None:
    """ "If they challenge and the player had the color, or a Wild, that player draws four."
    (the colour)"""
    game = game_at(CLASSIC, ["W+4 R2 G7", "B1 Y2", "Y1 Y3"], top="R5", draw="G1 G2 G3 G4")
    play(game, 0, "W+4", "B")
    events = game.apply(Challenge(1))
    challenged = of_type(events, DrawFourChallenged)
    assert challenged == [DrawFourChallenged(1, 0, True, (card("R2"), card("G7")))]
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(0, 4, DrawReason.CHALLENGE_LOST, tuple(parse_cards("G1 G2 G3 G4")))
    ]
    assert hand(game, 0) == "G1 G2 G3 G4 G7 R2"
    assert hand(game, 1) == "B1 Y2"
    assert not of_type(events, PlayerSkipped)
    assert game.current == 1 and game.phase is Phase.TURN, "the challenger then plays"
    assert game.current_color is Color.BLUE
    play(game, 1, "B1")
    assert_invariants(game)


@pytest.mark.parametrize("other_wild", ["W", "W+4", "WX", "WC"])
def test_challenge_succeeds_when_the_player_had_a_wild(other_wild: str) -> None:
    """ "If they challenge and the player had the color, or a Wild, that player draws four."
    (a Wild)"""
    game = game_at(CLASSIC, [f"W+4 {other_wild} G7", "B1 Y2", "Y1 Y3"], top="R5")
    play(game, 0, "W+4", "B")
    events = game.apply(Challenge(1))
    assert of_type(events, DrawFourChallenged)[0].illegal
    assert len(game.hands[0]) == 2 + 4
    assert len(game.hands[1]) == 2
    assert game.current == 1


def test_failed_challenge_challenger_draws_six_and_loses_turn() -> None:
    """ "Otherwise, the challenger draws six and loses their turn." """
    game = game_at(CLASSIC, ["W+4 G7 B9", "B1 Y2", "Y1 Y3"], top="R5", draw="G1 G2 G3 G4 G5 G6")
    play(game, 0, "W+4", "Y")
    events = game.apply(Challenge(1))
    assert of_type(events, DrawFourChallenged)[0].illegal is False
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 6, DrawReason.CHALLENGE_FAILED, tuple(parse_cards("G1 G2 G3 G4 G5 G6")))
    ]
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert hand(game, 0) == "B9 G7"
    assert len(game.hands[1]) == 8
    assert game.current == 2
    assert_invariants(game)


def test_a_matching_number_of_another_color_is_not_the_color() -> None:
    """ "Otherwise, the challenger draws six and loses their turn." (a 5 of another colour on
    a red 5 is not "the color")"""
    game = game_at(CLASSIC, ["W+4 B5 G7", "B1 Y2", "Y1 Y3"], top="R5")
    play(game, 0, "W+4", "Y")
    game.apply(Challenge(1))
    assert len(game.hands[1]) == 2 + 6
    assert len(game.hands[0]) == 2
    assert game.current == 2


def test_challenged_hand_is_shown_only_to_the_challenger() -> None:
    """ "If they challenge and the player had the color, or a Wild" (the challenger sees the
    hand to know; the others do not)"""
    game = game_at(CLASSIC, ["W+4 R2 G7", "B1 Y2", "Y1 Y3"], top="R5")
    play(game, 0, "W+4", "B")
    event = of_type(game.apply(Challenge(1)), DrawFourChallenged)[0]
    assert event.seen_by(1).hand == (card("R2"), card("G7"))
    assert event.seen_by(0).hand == (card("R2"), card("G7"))
    assert event.seen_by(2).hand is None
    assert event.seen_by(None).hand is None
    assert event.seen_by(2).illegal is True


# Calling UNO ---------------------------------------------------------------------------


def test_call_uno_the_moment_you_have_one_card_left() -> None:
    """ "The moment you have one card left, yell UNO." """
    game = game_at(CLASSIC, ["R2 G7", "B1 B2", "Y1 Y2"], top="R5")
    assert_rejected(game, CallUno(0, 0), UnoCallError)  # two cards: nothing to call yet
    play(game, 0, "R2")
    assert CallUno(0, 0) in game.legal_actions(0)
    events = game.apply(CallUno(0, 0))
    assert of_type(events, UnoCalled) == [UnoCalled(0, 0)]
    assert_rejected(game, CatchUno(1, 0), UnoCallError)
    assert_rejected(game, CatchUno(2, 0), UnoCallError)
    assert hand(game, 0) == "G7"


def test_only_the_player_calls_their_own_uno() -> None:
    """ "The moment you have one card left, yell UNO." (you, not somebody else)"""
    game = game_at(CLASSIC, ["R2 G7", "B1 B2", "Y1 Y2"], top="R5")
    play(game, 0, "R2")
    assert_rejected(game, CallUno(1, 0), UnoCallError)
    assert_rejected(game, CatchUno(0, 0), UnoCallError)


def test_caught_before_next_player_takes_their_turn_draws_two() -> None:
    """ "If someone beats you to it before the next player takes their turn, you draw two
    cards." """
    game = game_at(CLASSIC, ["R2 G7", "B1 B2", "Y1 Y2"], top="R5", draw="G8 G9")
    play(game, 0, "R2")
    assert game.current == 1, "the next player's turn has come but not been taken yet"
    events = game.apply(CatchUno(2, 0))
    assert of_type(events, UnoCaught) == [UnoCaught(2, 0)]
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(0, 2, DrawReason.UNO_PENALTY, (card("G8"), card("G9")))
    ]
    assert CLASSIC.uno_penalty == 2
    assert hand(game, 0) == "G7 G8 G9"
    assert game.current == 1 and game.phase is Phase.TURN
    assert_rejected(game, CatchUno(1, 0), UnoCallError)
    assert_invariants(game)


def test_no_catch_once_the_next_player_has_taken_their_turn() -> None:
    """ "If someone beats you to it before the next player takes their turn, you draw two
    cards." (after that, too late to catch)"""
    game = game_at(CLASSIC, ["R2 G7", "B1 R1", "Y1 Y2"], top="R5")
    play(game, 0, "R2")
    play(game, 1, "R1")
    assert_rejected(game, CatchUno(2, 0), UnoCallError)
    assert hand(game, 0) == "G7"


def test_one_card_for_any_reason_must_be_called() -> None:
    """ "The moment you have one card left, yell UNO." (also when a swap leaves you one card)"""
    game = game_at(CLASSIC, ["WX R2 R3", "G1 G2", "B1"], top="R5", draw="Y8 Y9")
    play(game, 0, "WX", "R", target=2)
    assert hand(game, 0) == "B1"
    assert CatchUno(1, 0) in game.legal_actions(1)
    game.apply(CatchUno(1, 0))
    assert hand(game, 0) == "B1 Y8 Y9"


def test_yell_uno_in_time() -> None:
    """ "And yell UNO in time." (once the next player has acted, the call comes too late)"""
    game = game_at(CLASSIC, ["R2 G7", "B1 R1", "Y1 Y2"], top="R5")
    play(game, 0, "R2")
    play(game, 1, "R1")
    assert_rejected(game, CallUno(0, 0), UnoCallError)


# End of a hand -------------------------------------------------------------------------


def test_hand_ends_as_soon_as_final_card_is_played() -> None:
    """ "The hand ends as soon as a player plays their final card." (a last Draw Two makes no
    one draw)"""
    game = game_at(CLASSIC, ["R+2", "B1 B2", "Y1 Y2"], top="R5")
    events = play(game, 0, "R+2")
    assert not of_type(events, CardsDrawn)
    assert not of_type(events, PlayerSkipped)
    assert hand(game, 1) == "B1 B2"
    assert of_type(events, RoundEnded)[0].winners == (0,)
    assert game.phase is Phase.ROUND_OVER
    assert game.legal_actions() == [Deal(0)]
    assert_rejected(game, PlayCard(1, card("B1")), RoundOverError)
    assert_rejected(game, DrawCard(1), RoundOverError)


def test_last_card_wild_draw_four_opens_no_challenge() -> None:
    """ "The hand ends as soon as a player plays their final card." (a last Wild Draw Four)"""
    game = game_at(CLASSIC, ["W+4", "B1 B2", "Y1 Y2"], top="R5")
    events = play(game, 0, "W+4", "G")
    assert game.phase is Phase.ROUND_OVER
    assert not of_type(events, CardsDrawn)
    assert_rejected(game, Challenge(1), RoundOverError)
    assert of_type(events, RoundEnded)[0].points == 6


def test_last_card_swap_hands_ends_the_hand() -> None:
    """ "The hand ends as soon as a player plays their final card." (no swap after the end)"""
    game = game_at(CLASSIC, ["WX", "B1 B2", "Y1 Y2"], top="R5")
    events = play(game, 0, "WX", "G", target=1)
    assert not of_type(events, HandsSwapped)
    assert hand(game, 0) == "" and hand(game, 1) == "B1 B2"
    assert of_type(events, RoundEnded)[0].winners == (0,)


def test_shuffle_and_play_again() -> None:
    """ "Shuffle and play again;" """
    game = game_at(CLASSIC, ["R7", "B1 B2", "G1 G2"], top="R5", dealer=2)
    play(game, 0, "R7")
    assert_rejected(game, Deal(2), NotYourDecisionError)
    assert_rejected(game, Deal(1), NotYourDecisionError)
    events = game.apply(Deal(0))
    assert game.round_number == 2 and game.dealer == 0
    assert [len(h) for h in game.hands] == [7, 7, 7]
    assert of_type(events, CardsDealt)
    assert game.phase in (Phase.TURN, Phase.NAME_COLOR) and game.current == 1
    assert len(game.draw_pile) == DECK_SIZE - 21 - len(game.discard_pile)
    assert_invariants(game)


def test_setup_is_redone_every_hand_with_the_next_dealer() -> None:
    """ "Setup takes a minute, and you redo it every hand." """
    game = game_at(CLASSIC, ["R7", "B1 B2", "G1 G2"], top="R5", dealer=2)
    play(game, 0, "R7")
    game.apply(Deal(game.next_dealer()))
    assert game.dealer == 0 and game.current == 1
    assert game.round_number == 2
    turned = [e.card for e in of_type(game.round_events(None), FirstCardTurned)]
    assert turned == game.discard_pile, "a fresh discard pile: only this hand's first card(s)"
    assert [len(h) for h in game.hands] == [7, 7, 7]
    assert not game.uno_exposed and game.penalty == 0
    assert_invariants(game)


def test_reshuffle_discard_pile_when_draw_pile_runs_out() -> None:
    """ "if the Draw Pile runs out mid-hand, reshuffle the Discard Pile." """
    hands = ["G2 G3", "B1 B2"]
    under = all_but(*hands, "R5")
    game = game_at(CLASSIC, hands, top="R5", under=under)
    assert game.draw_pile == []
    before = len(game.discard_pile)
    events = game.apply(DrawCard(0))
    assert of_type(events, DeckReshuffled) == [DeckReshuffled(before - 1)]
    assert game.discard_pile == [card("R5")], "the top card stays"
    assert len(game.draw_pile) == before - 2
    assert len(game.hands[0]) == 3
    assert_invariants(game)


def test_reshuffle_in_the_middle_of_a_penalty_draw() -> None:
    """ "if the Draw Pile runs out mid-hand, reshuffle the Discard Pile." (during a draw)"""
    hands = ["R+2 G3", "B1 B2", "Y1 Y2"]
    under = all_but(*hands, "R5", "G9")
    game = game_at(CLASSIC, hands, top="R5", draw="G9", under=under)
    assert game.draw_pile == [card("G9")]
    events = play(game, 0, "R+2")
    reshuffled = of_type(events, DeckReshuffled)
    assert len(reshuffled) == 1 and reshuffled[0].count == len(parse_cards(under)) + 1
    drawn = of_type(events, CardsDrawn)
    assert drawn[0].player == 1 and drawn[0].count == 2
    assert drawn[0].cards is not None and drawn[0].cards[0] == card("G9")
    assert game.discard_pile == [card("R+2")]
    assert game.current == 2
    assert_invariants(game)


# Beginner traps ------------------------------------------------------------------------


def test_wild_draw_four_while_holding_another_wild_draw_four_invites_a_challenge() -> None:
    """ "Playing a Wild Draw Four while holding the Discard Pile's color, or another Wild,
    invites a challenge." """
    game = game_at(CLASSIC, ["W+4 W+4 G7", "B1 Y2", "Y1 Y3"], top="R5")
    play(game, 0, "W+4", "B")
    events = game.apply(Challenge(1))
    assert of_type(events, DrawFourChallenged)[0].illegal
    assert hand(game, 0).count("W+4") == 1 and len(game.hands[0]) == 6


def test_only_one_card_per_turn() -> None:
    """ "You only play one card per turn." """
    game = game_at(CLASSIC, ["R2 R2 R3", "B1 B2", "Y1 Y2"], top="R5")
    play(game, 0, "R2")
    assert game.current == 1
    assert_rejected(game, PlayCard(0, card("R2")), NotYourDecisionError)
    assert_rejected(game, PlayCard(0, card("R3")), NotYourDecisionError)
    assert hand(game, 0) == "R2 R3"


# How to score --------------------------------------------------------------------------


def test_only_the_winner_scores_the_cards_left_in_opponents_hands() -> None:
    """ "If you keep score, only the winner of the hand scores: the value of the cards left in
    their opponents' hands." """
    game = game_at(CLASSIC, ["B1 B2", "G7", "R9 YS W"], top="G5", current=1)
    events = play(game, 1, "G7")
    assert [e.points for e in of_type(events, HandScored)] == [3, 0, 79]  # B1 B2; R9 YS W
    assert game.scores == [0, 82, 0]
    assert of_type(events, RoundEnded)[0].points == 82


@pytest.mark.parametrize("number", range(10))
def test_number_cards_are_worth_face_value(number: int) -> None:
    """ "Face value: a 7 is worth 7 points, a 0 is worth nothing." """
    for color in "RYGB":
        assert card_points(card(f"{color}{number}"), CLASSIC) == number


def test_a_seven_is_worth_seven_and_a_zero_nothing_in_play() -> None:
    """ "Face value: a 7 is worth 7 points, a 0 is worth nothing." """
    game = game_at(CLASSIC, ["R4", "G7 B0", "Y0"], top="R5")
    events = play(game, 0, "R4")
    assert of_type(events, RoundEnded)[0].points == 7
    assert game.scores == [7, 0, 0]


@pytest.mark.parametrize("symbol", ["+2", "R", "S"])
def test_draw_two_reverse_skip_are_worth_twenty(symbol: str) -> None:
    """ "Draw Two, Reverse, Skip: 20 points each." """
    for color in "RYGB":
        assert card_points(card(f"{color}{symbol}"), CLASSIC) == 20


@pytest.mark.parametrize("wild", ["W", "W+4", "WX", "WC"])
def test_every_wild_is_worth_fifty(wild: str) -> None:
    """ "Wild, Wild Draw Four, Wild Swap Hands and Wild Customizable: 50 points each." """
    assert card_points(card(wild), CLASSIC) == 50


def test_every_wild_scores_fifty_at_the_end_of_a_hand() -> None:
    """ "Wild, Wild Draw Four, Wild Swap Hands and Wild Customizable: 50 points each." """
    game = game_at(CLASSIC, ["R4", "W W+4 WX WC", "Y0"], top="R5")
    events = play(game, 0, "R4")
    assert of_type(events, RoundEnded)[0].points == 200
    assert game.scores == [200, 0, 0]


@pytest.mark.parametrize(("wild", "points"), [("W", 50), ("W+4", 50), ("WX", 40), ("WC", 40)])
def test_pre_2022_scoring_counts_40_for_the_special_wilds(wild: str, points: int) -> None:
    """ "Rules before 2022 counted 40 for the special Wild cards." """
    old = Rules.classic(pre_2022_scoring=True)
    assert card_points(card(wild), old) == points
    assert CLASSIC.pre_2022_scoring is False


def test_pre_2022_scoring_at_the_end_of_a_hand() -> None:
    """ "Rules before 2022 counted 40 for the special Wild cards." """
    old = Rules.classic(pre_2022_scoring=True)
    game = game_at(old, ["R4", "W W+4 WX WC", "Y0"], top="R5")
    events = play(game, 0, "R4")
    assert of_type(events, RoundEnded)[0].points == 180
    assert game.scores == [180, 0, 0]


def test_first_to_reach_500_wins() -> None:
    """ "The first player to reach 500 points wins." (exactly 500 is enough)"""
    wilds = "W W W W W+4 W+4 W+4 W+4 WX WC"
    assert hand_points(parse_cards(wilds), CLASSIC) == 500
    game = game_at(CLASSIC, ["R4", wilds], top="R5")
    events = play(game, 0, "R4")
    assert of_type(events, MatchEnded) == [MatchEnded((0,), (500, 0))]
    assert game.phase is Phase.MATCH_OVER and game.is_over
    assert game.winners == (0,)
    assert game.decisions() == ()
    assert_rejected(game, Deal(1), RoundOverError)


def test_below_500_the_game_goes_on() -> None:
    """ "The first player to reach 500 points wins." (499 is not yet)"""
    loser = "W W W W W+4 W+4 W+4 W+4 WX R9 R9 Y9 Y9 G9 B4"
    assert hand_points(parse_cards(loser), CLASSIC) == 499
    game = game_at(CLASSIC, ["R4", loser], top="R5")
    events = play(game, 0, "R4")
    assert not of_type(events, MatchEnded)
    assert game.phase is Phase.ROUND_OVER and not game.is_over
    game.apply(Deal(game.next_dealer()))
    assert game.scores == [499, 0]


def test_worked_example_emma_scores_86() -> None:
    """ "Emma plays her last card. Leo is left with an 8, a 3 and a Reverse: 8 + 3 + 20 = 31
    points. Mia holds a Wild Draw Four and a 5: 50 + 5 = 55 points. Emma scores 31 + 55 = 86
    points; Leo and Mia score nothing." """
    position = Position.of(["G4", "B8 Y3 GR", "W+4 R5"], top="G9")
    game = Game(CLASSIC, ["Emma", "Leo", "Mia"], seed=3, position=position)
    events = play(game, 0, "G4")
    scored = {e.player: e.points for e in of_type(events, HandScored)}
    assert scored == {0: 0, 1: 31, 2: 55}
    ended = of_type(events, RoundEnded)
    assert ended == [RoundEnded(1, (0,), 86, (86, 0, 0))]
    assert game.scores == [86, 0, 0]


# Common mistakes -----------------------------------------------------------------------


def test_losers_do_not_score_their_own_leftover_cards() -> None:
    """ "Scoring your own leftover cards: only the winner of the hand scores." """
    game = game_at(CLASSIC, ["R4", "W W+4 R9", "YS G3"], top="R5")
    play(game, 0, "R4")
    assert game.scores[1] == 0 and game.scores[2] == 0
    assert game.scores[0] == 50 + 50 + 9 + 20 + 3


def test_action_cards_are_20_and_wilds_50_in_the_big_scores() -> None:
    """ "Forgetting that Action Cards are worth 20 and Wilds 50: they make the big scores." """
    game = game_at(CLASSIC, ["R4", "R+2 BR GS", "W+4"], top="R5")
    events = play(game, 0, "R4")
    assert of_type(events, RoundEnded)[0].points == 20 * 3 + 50


def test_wild_swap_hands_is_50_under_current_rules() -> None:
    """ "Counting 40 for Wild Swap Hands under the current rules: every Wild is worth 50." """
    assert card_points(card("WX"), CLASSIC) == 50
    game = game_at(CLASSIC, ["R4", "WX"], top="R5")
    play(game, 0, "R4")
    assert game.scores == [50, 0]


def test_classic_has_no_house_rules_from_other_boxes() -> None:
    """ "UNO Flip, UNO Show 'Em No Mercy and other boxes have their own rules: check yours."
    (the classic preset carries none of them)"""
    assert CLASSIC.house_rules == ()
    with pytest.raises(SetupError):
        Rules.classic(uno_penalty=4)
    with pytest.raises(SetupError):
        Rules.classic(blank_cards=2)
