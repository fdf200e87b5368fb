"""One test per rule sentence of uno-teams.txt (and the engine's documented readings of them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from uno_tui.engine import (
    CallUno,
    Card,
    CardDoesNotMatchError,
    CardNotInHandError,
    CatchUno,
    Color,
    Deal,
    DecisionKind,
    DrawCard,
    DrawnCardOnlyError,
    Game,
    GiveCard,
    KeepDrawn,
    MustPlayError,
    NotYourDecisionError,
    PassCard,
    Phase,
    PlayCard,
    Rank,
    RoundOverError,
    Rules,
    SetupError,
    UnoCallError,
    build_deck,
    card_points,
    parse_cards,
)
from uno_tui.engine.errors import BadChoiceError, IllegalActionError
from uno_tui.engine.events import (
    CardGiven,
    CardPassed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    DirectionChanged,
    DrawReason,
    Event,
    ExchangeStarted,
    FirstCardIgnored,
    FirstCardTurned,
    HandScored,
    MatchEnded,
    PassChosen,
    PlayerSkipped,
    PlayerStaysOut,
    PlayerWentOut,
    RoundEnded,
    RoundStarted,
    ShareStarted,
    TurnBegan,
    TurnPassed,
    UnoCalled,
    UnoCaught,
)

from .helpers import NAMES, assert_invariants, card, game_at, hand, of_type, play

TEAMS = Rules.teams()

# Seven-card hands for a stacked deal: no 7s (the pass symbol), every card distinct.
HANDS_4 = (
    "R1 R2 R3 R4 R5 R6 R8",
    "G1 G2 G3 G4 G5 G6 G8",
    "B1 B2 B3 B4 B5 B6 B8",
    "Y1 Y2 Y3 Y4 Y5 Y6 Y8",
)


def stacked_deck(
    hands: Sequence[str], turned: str, dealer: int, rules: Rules = TEAMS
) -> list[Card]:
    """A whole deck order that deals ``hands`` (seat order, 7 cards each) from ``dealer``, then
    turns the cards of ``turned`` in order; the rest of the deck follows."""
    count = len(hands)
    parsed = [parse_cards(h) for h in hands]
    assert all(len(h) == 7 for h in parsed)
    deck: list[Card] = []
    for round_ in range(7):
        for offset in range(1, count + 1):
            deck.append(parsed[(dealer + offset) % count][round_])
    deck += parse_cards(turned)
    rest = Counter(build_deck(rules)) - Counter(deck)
    return deck + sorted(rest.elements(), key=str)


def dealt_game(
    hands: Sequence[str] = HANDS_4, turned: str = "R9", dealer: int = 3, rules: Rules = TEAMS
) -> Game:
    return Game(
        rules,
        NAMES[: len(hands)],
        seed=7,
        deck=stacked_deck(hands, turned, dealer, rules),
        first_dealer=dealer,
    )


def pass_first_cards(game: Game) -> list[Event]:
    """Every player passes the first card of their hand."""
    events: list[Event] = []
    for seat in range(game.player_count):
        events += game.apply(PassCard(seat, game.hands[seat][0]))
    return events


def assert_refused(game: Game, action: object, error: type[IllegalActionError]) -> None:
    """``action`` raises ``error`` from check and apply, and leaves the game unchanged."""
    before = game.digest()
    with pytest.raises(error):
        game.check(action)  # type: ignore[arg-type]
    with pytest.raises(error):
        game.apply(action)  # type: ignore[arg-type]
    assert game.digest() == before


def phase_of(game: Game) -> Phase:
    """The phase, read through a call so type checkers do not narrow it across actions."""
    return game.phase


def turns(events: Sequence[Event]) -> list[int]:
    return [event.player for event in of_type(events, TurnBegan)]


def give_all(game: Game, giver: int, codes: str) -> list[Event]:
    events: list[Event] = []
    for code in codes.split():
        events += game.apply(GiveCard(giver, card(code)))
    return events


# Setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "pairs"),
    [
        (4, [(0, 2), (1, 3)]),
        (6, [(0, 3), (1, 4), (2, 5)]),
        (8, [(0, 4), (1, 5), (2, 6), (3, 7)]),
    ],
)
def test_teams_of_two_teammates_sit_across(players: int, pairs: list[tuple[int, int]]) -> None:
    """ "players work in teams of two" / "Choose teams of two. Teammates sit across from each
    other." """
    game = Game(TEAMS, players, seed=1)
    for a, b in pairs:
        assert game.teammate_of(a) == b and game.teammate_of(b) == a
        assert game.view(a).teammate == b and game.view(b).teammate == a
    assert len(game.scores) == players // 2  # one score per team of two
    assert len(game.view(0).scores) == players // 2


@pytest.mark.parametrize("players", [2, 3, 5, 7, 9, 10])
def test_only_four_six_or_eight_players_form_teams(players: int) -> None:
    """ "Choose teams of two. Teammates sit across": other player counts are refused."""
    with pytest.raises(SetupError):
        Game(TEAMS, players, seed=1)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_seven_cards_dealt_to_each_player(players: int) -> None:
    """ "Shuffle and deal 7 cards to each player." """
    game = Game(TEAMS, players, seed=3, first_dealer=0)
    dealt = of_type(game.log, CardsDealt)
    assert [(e.player, e.count) for e in dealt] == [(seat, 7) for seat in range(players)]
    assert all(len(h) == 7 for h in game.hands)
    assert len(game.draw_pile) == 112 - 7 * players - len(game.discard_pile)
    pass_first_cards(game)
    assert all(len(h) == 7 for h in game.hands), "the pass swaps one card, counts stay 7"
    assert_invariants(game)


def test_teams_deck_composition() -> None:
    """The Teams deck: 76 numbers, 8 Skip, 8 Reverse, 8 Draw Two, 4 Wild, 4 Wild Team Play,
    4 Wild Team Draw Four."""
    deck = build_deck(TEAMS)
    ranks = Counter(c.rank for c in deck)
    assert len(deck) == 112
    assert sum(n for rank, n in ranks.items() if rank.is_number) == 76
    assert ranks[Rank.SKIP] == 8 and ranks[Rank.REVERSE] == 8 and ranks[Rank.DRAW_TWO] == 8
    assert ranks[Rank.WILD] == 4
    assert ranks[Rank.WILD_TEAM_PLAY] == 4
    assert ranks[Rank.WILD_TEAM_DRAW_FOUR] == 4
    for absent in (Rank.WILD_DRAW_FOUR, Rank.WILD_SWAP_HANDS, Rank.WILD_CUSTOMIZABLE):
        assert ranks[absent] == 0
    for color in Color:
        numbers = Counter(c.rank for c in deck if c.color is color and c.rank.is_number)
        assert numbers[Rank.ZERO] == 1
        assert all(numbers[r] == 2 for r in numbers if r is not Rank.ZERO)
        assert len(numbers) == 10
    game = Game(TEAMS, 4, seed=5)
    assert game.cards_in_play() == Counter(deck)


def test_pass_symbol_rank_is_seven_by_default_and_an_option() -> None:
    """ "Some number cards show a pass symbol": the 7s by default, or the rank chosen."""
    assert Rules.teams().pass_symbol_rank is Rank.SEVEN
    assert Rules.teams(pass_symbol_rank=Rank.THREE).pass_symbol_rank is Rank.THREE
    assert Rules.teams(pass_symbol_rank="3").pass_symbol_rank is Rank.THREE
    with pytest.raises(SetupError):
        Rules.teams(pass_symbol_rank=Rank.SKIP)  # "Some number cards"
    with pytest.raises(SetupError):
        Rules.classic(pass_symbol_rank=Rank.SEVEN)  # a Teams option only

    rules = Rules.teams(pass_symbol_rank=Rank.THREE)
    hands = ["R7 R3 G1", "G2 G4", "B1 B2", "Y1 Y2"]
    game = game_at(rules, hands, top="R5")
    events = play(game, 0, "R7")
    assert not of_type(events, ExchangeStarted) and phase_of(game) is Phase.TURN
    assert game.current == 1
    game = game_at(rules, hands, top="R5")
    events = play(game, 0, "R3")
    assert of_type(events, ExchangeStarted) == [ExchangeStarted((0, 2), False)]
    assert phase_of(game) is Phase.PASSING


@pytest.mark.parametrize("action_card", ["RS", "RR", "R+2", "W", "WT", "WT+4"])
def test_first_action_card_is_ignored_and_another_turned(action_card: str) -> None:
    """ "If the first card is an Action card, ignore it and turn over another card." """
    game = dealt_game(turned=f"{action_card} G9", dealer=3)
    assert of_type(game.log, FirstCardTurned) == [
        FirstCardTurned(card(action_card)),
        FirstCardTurned(card("G9")),
    ]
    assert of_type(game.log, FirstCardIgnored) == [FirstCardIgnored(card(action_card))]
    assert game.discard_pile == [card(action_card), card("G9")]  # it stays under
    assert game.current_color is Color.GREEN
    # It has no effect: nobody drew, nobody is skipped, the direction stands.
    assert all(len(h) == 7 for h in game.hands)
    events = pass_first_cards(game)
    assert not of_type(game.log, PlayerSkipped) and not of_type(game.log, CardsDrawn)
    assert game.clockwise and turns(events) == [0] and phase_of(game) is Phase.TURN
    assert_invariants(game)


def test_several_action_cards_in_a_row_are_all_ignored() -> None:
    """ "If the first card is an Action card, ignore it and turn over another card." """
    game = dealt_game(turned="WT+4 B+2 W YS G0", dealer=3)
    assert len(of_type(game.log, FirstCardIgnored)) == 4
    assert game.top_card == card("G0") and game.current_color is Color.GREEN
    assert len(game.discard_pile) == 5


def test_first_number_card_stays() -> None:
    """ "turn one card face up to begin the discard pile" (a number card is kept)."""
    game = dealt_game(turned="B7", dealer=3)
    assert not of_type(game.log, FirstCardIgnored)
    assert game.discard_pile == [card("B7")] and game.current_color is Color.BLUE
    # A first-card 7 is not "played": only the setup pass opens.
    assert of_type(game.log, ExchangeStarted) == [ExchangeStarted((0, 1, 2, 3), True)]


# The secret, simultaneous first pass ----------------------------------------------------


def test_every_player_chooses_a_card_to_pass_before_play_begins() -> None:
    """ "Before play begins, every player secretly chooses one card and simultaneously passes
    it to their teammate." """
    game = dealt_game()
    assert phase_of(game) is Phase.PASSING
    assert of_type(game.log, ExchangeStarted) == [ExchangeStarted((0, 1, 2, 3), True)]
    assert not of_type(game.log, TurnBegan), "play has not begun"
    decisions = game.decisions()
    assert [(d.player, d.kind) for d in decisions] == [(s, DecisionKind.PASS) for s in range(4)]
    for d in decisions:
        assert set(d.actions) == {PassCard(d.player, c) for c in game.hands[d.player]}
    assert_refused(game, PlayCard(0, card("R1")), NotYourDecisionError)
    assert_refused(game, DrawCard(0), NotYourDecisionError)
    assert_invariants(game)


def test_first_pass_nothing_moves_until_every_choice_is_in() -> None:
    """ "every player secretly chooses one card and simultaneously passes it"."""
    game = dealt_game()
    before = [hand(game, s) for s in range(4)]
    for seat, code in [(0, "R1"), (1, "G1"), (2, "B1")]:
        events = game.apply(PassCard(seat, card(code)))
        assert not of_type(events, CardPassed)
        assert [hand(game, s) for s in range(4)] == before
        assert phase_of(game) is Phase.PASSING
    # Simultaneous: seat 0 cannot pass on the card seat 2 chose, it has not arrived.
    assert_refused(game, PassCard(0, card("B1")), NotYourDecisionError)
    assert [d.player for d in game.decisions()] == [3]
    events = game.apply(PassCard(3, card("Y1")))
    assert of_type(events, CardPassed) == [
        CardPassed(0, 2, card("R1")),
        CardPassed(1, 3, card("G1")),
        CardPassed(2, 0, card("B1")),
        CardPassed(3, 1, card("Y1")),
    ]
    assert hand(game, 0) == "B1 R2 R3 R4 R5 R6 R8"
    assert hand(game, 1) == "G2 G3 G4 G5 G6 G8 Y1"
    assert hand(game, 2) == "B2 B3 B4 B5 B6 B8 R1"
    assert hand(game, 3) == "G1 Y2 Y3 Y4 Y5 Y6 Y8"
    assert turns(events) == [0] and phase_of(game) is Phase.TURN
    assert_invariants(game)


def test_first_pass_choice_is_private_until_it_arrives() -> None:
    """ "every player secretly chooses one card": the chosen card is the chooser's alone
    (teammate included) until the pass happens, then the two teammates' alone."""
    game = dealt_game()
    game.apply(PassCard(0, card("R4")))
    assert game.view(0).my_pass == card("R4")
    assert PassChosen(0, card("R4")) in game.view(0).events
    for other in (1, 2, 3):
        view = game.view(other)
        assert view.my_pass is None
        assert PassChosen(0, None) in view.events
        assert "Card('R4')" not in repr(view.events), f"seat {other} learns the card"
        assert card("R4") not in view.hand
    game.apply(PassCard(1, card("G2")))
    game.apply(PassCard(2, card("B5")))
    game.apply(PassCard(3, card("Y6")))
    assert game.view(0).my_pass is None  # passed: nothing pending
    assert CardPassed(0, 2, card("R4")) in game.view(2).events
    assert card("R4") in game.view(2).hand
    for opponent in (1, 3):
        events = game.view(opponent).events
        assert CardPassed(0, 2, None) in events
        assert "Card('R4')" not in repr(events) and "Card('B5')" not in repr(events)
    assert CardPassed(1, 3, None) in game.view(0).events


def test_first_pass_refuses_a_second_choice_or_a_card_not_held() -> None:
    """ "every player secretly chooses one card": one card, from their own hand."""
    game = dealt_game()
    assert_refused(game, PassCard(0, card("G1")), CardNotInHandError)
    game.apply(PassCard(0, card("R1")))
    assert_refused(game, PassCard(0, card("R2")), NotYourDecisionError)


@pytest.mark.parametrize(("players", "dealer"), [(4, 0), (4, 1), (4, 3), (6, 2), (8, 7)])
def test_dealers_left_goes_first_and_play_is_clockwise(players: int, dealer: int) -> None:
    """ "The player to the dealer's left goes first. Play begins clockwise." """
    game = Game(TEAMS, players, seed=11, first_dealer=dealer)
    events = pass_first_cards(game)
    first = (dealer + 1) % players
    assert turns(events) == [first] and game.current == first
    order = [game.current]
    for _ in range(players):
        seat = game.current
        game.apply(DrawCard(seat))
        if phase_of(game) is Phase.DRAWN:
            game.apply(KeepDrawn(seat))
        order.append(game.current)
    assert order == [(first + i) % players for i in range(players + 1)]


# Basic play ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "code"),
    [("R5", "R9"), ("R5", "G5"), ("RS", "GS"), ("R+2", "B+2"), ("RR", "YR"), ("R5", "W")],
)
def test_play_a_card_matching_color_number_or_symbol(top: str, code: str) -> None:
    """ "On your turn, play one card matching the top discard by color, number, or symbol." """
    game = game_at(TEAMS, [f"{code} Y1 Y2", "B3 B4", "G3 G4", "Y3 Y4"], top=top)
    events = play(game, 0, code, color="B" if code == "W" else None)
    assert of_type(events, CardPlayed)[0].card == card(code)
    assert game.top_card == card(code)
    assert hand(game, 0) == "Y1 Y2"


def test_a_card_matching_nothing_is_refused() -> None:
    """ "play one card matching the top discard by color, number, or symbol"."""
    game = game_at(TEAMS, ["G9 Y1", "B3 B4", "G3 G4", "Y3 Y4"], top="R5")
    assert_refused(game, PlayCard(0, card("G9")), CardDoesNotMatchError)
    assert_refused(game, PlayCard(0, card("R3")), CardNotInHandError)
    assert_refused(game, PlayCard(1, card("B3")), NotYourDecisionError)


def test_draw_one_and_play_it_if_playable() -> None:
    """ "If you do not play a card, draw one; if the drawn card is playable, you may play it
    immediately." """
    game = game_at(TEAMS, ["G9 Y1", "B3 B4", "G3 G4", "Y3 Y4"], top="R5", draw="R2")
    events = game.apply(DrawCard(0))
    drawn = of_type(events, CardsDrawn)
    assert drawn == [CardsDrawn(0, 1, DrawReason.CHOICE, (card("R2"),))]
    assert phase_of(game) is Phase.DRAWN and game.drawn_card == card("R2")
    assert set(game.legal_actions(0)) == {PlayCard(0, card("R2")), KeepDrawn(0)}
    assert_refused(game, PlayCard(0, card("G9")), DrawnCardOnlyError)
    play(game, 0, "R2")
    assert game.top_card == card("R2") and game.current == 1
    assert hand(game, 0) == "G9 Y1"


def test_a_playable_drawn_card_may_be_kept() -> None:
    """ "if the drawn card is playable, you may play it" ("may": keeping it is allowed)."""
    game = game_at(TEAMS, ["G9 Y1", "B3 B4", "G3 G4", "Y3 Y4"], top="R5", draw="R2")
    game.apply(DrawCard(0))
    events = game.apply(KeepDrawn(0))
    assert turns(events) == [1] and hand(game, 0) == "G9 R2 Y1"
    assert game.top_card == card("R5")


def test_an_unplayable_drawn_card_ends_the_turn() -> None:
    """ "If you do not play a card, draw one" (a drawn card that does not match is kept)."""
    game = game_at(TEAMS, ["G9 Y1", "B3 B4", "G3 G4", "Y3 Y4"], top="R5", draw="B8")
    events = game.apply(DrawCard(0))
    assert of_type(events, TurnPassed) == [TurnPassed(0)]
    assert turns(events) == [1] and hand(game, 0) == "B8 G9 Y1"


def test_may_draw_instead_of_playing_a_card_in_hand() -> None:
    """ "You may choose to draw instead of playing a card already in your hand." """
    game = game_at(TEAMS, ["R9 Y1", "B3 B4", "G3 G4", "Y3 Y4"], top="R5", draw="B8")
    assert DrawCard(0) in game.legal_actions(0)
    events = game.apply(DrawCard(0))
    assert of_type(events, CardsDrawn)[0].cards == (card("B8"),)
    assert game.current == 1 and hand(game, 0) == "B8 R9 Y1"


# Passing-symbol cards ------------------------------------------------------------------


def test_pass_symbol_card_makes_both_teammates_exchange_one_card() -> None:
    """ "When one is played, both teammates simultaneously and secretly pass one card to each
    other." """
    game = game_at(TEAMS, ["R7 G1 G2", "B3 B4", "Y5 Y6 Y8", "Y3 Y4"], top="R5")
    events = play(game, 0, "R7")
    assert of_type(events, ExchangeStarted) == [ExchangeStarted((0, 2), False)]
    assert phase_of(game) is Phase.PASSING and not turns(events)
    assert [(d.player, d.kind) for d in game.decisions()] == [
        (0, DecisionKind.PASS),
        (2, DecisionKind.PASS),
    ]
    assert_refused(game, PassCard(1, card("B3")), NotYourDecisionError)
    assert_refused(game, PlayCard(1, card("B3")), NotYourDecisionError)
    events = game.apply(PassCard(0, card("G1")))
    assert hand(game, 0) == "G1 G2" and hand(game, 2) == "Y5 Y6 Y8", "nothing moves yet"
    assert not of_type(events, CardPassed)
    assert_refused(game, PassCard(2, card("G1")), CardNotInHandError)
    events = game.apply(PassCard(2, card("Y8")))
    assert of_type(events, CardPassed) == [
        CardPassed(0, 2, card("G1")),
        CardPassed(2, 0, card("Y8")),
    ]
    assert hand(game, 0) == "G2 Y8" and hand(game, 2) == "G1 Y5 Y6"
    assert turns(events) == [1] and phase_of(game) is Phase.TURN
    assert_invariants(game)


def test_pass_symbol_exchange_others_only_learn_that_it_happened() -> None:
    """Accessibility: "announce that a partner exchange is happening, but do not identify
    which cards are being exchanged." / "secretly pass one card to each other"."""
    game = game_at(TEAMS, ["R7 G1 G2", "B3 B4", "Y5 Y6 Y8", "Y3 Y4"], top="R5")
    play(game, 0, "R7")
    game.apply(PassCard(0, card("G1")))
    assert game.view(0).my_pass == card("G1") and game.view(2).my_pass is None
    assert "Card('G1')" not in repr(game.view(2).events), "private until it arrives"
    game.apply(PassCard(2, card("Y8")))
    for opponent in (1, 3):
        events = game.view(opponent).events
        assert ExchangeStarted((0, 2), False) in events
        assert PassChosen(0, None) in events and PassChosen(2, None) in events
        assert CardPassed(0, 2, None) in events and CardPassed(2, 0, None) in events
        assert "Card('G1')" not in repr(events) and "Card('Y8')" not in repr(events)
    assert CardPassed(0, 2, card("G1")) in game.view(2).events
    assert CardPassed(2, 0, card("Y8")) in game.view(0).events


def test_a_number_without_the_pass_symbol_exchanges_nothing() -> None:
    """ "Some number cards show a pass symbol" (the others do not)."""
    game = game_at(TEAMS, ["R6 G1 G2", "B3 B4", "Y5 Y6 Y8", "Y3 Y4"], top="R5")
    events = play(game, 0, "R6")
    assert not of_type(events, ExchangeStarted)
    assert turns(events) == [1] and hand(game, 2) == "Y5 Y6 Y8"


def test_pass_symbol_exchange_lapses_when_the_teammate_is_out() -> None:
    """ "both teammates ... pass one card to each other": not when one holds no cards."""
    game = game_at(TEAMS, ["R7 G1", "B3 B4", "", "Y3 Y4"], top="R5")
    events = play(game, 0, "R7")
    assert not of_type(events, ExchangeStarted)
    assert turns(events) == [1] and hand(game, 0) == "G1" and hand(game, 2) == ""


# Action cards --------------------------------------------------------------------------


def test_draw_two_next_player_draws_two_and_loses_turn() -> None:
    """ "Draw Two: the next player draws 2 cards and loses their turn." """
    game = game_at(TEAMS, ["R+2 G1", "B3 B4", "Y5 Y6", "Y3 Y4"], top="R5", draw="B1 B2")
    events = play(game, 0, "R+2")
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 2, DrawReason.DRAW_TWO, (card("B1"), card("B2")))
    ]
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert turns(events) == [2]
    assert hand(game, 1) == "B1 B2 B3 B4"


def test_reverse_reverses_the_direction_of_play() -> None:
    """ "Reverse: reverse the direction of play." """
    game = game_at(TEAMS, ["RR G1", "B3 B4", "Y5 Y6", "R3 Y4"], top="R5")
    events = play(game, 0, "RR")
    assert of_type(events, DirectionChanged) == [DirectionChanged(False)]
    assert not game.clockwise and turns(events) == [3]
    events = play(game, 3, "R3")
    assert turns(events) == [2]


def test_skip_next_player_loses_their_turn() -> None:
    """ "Skip: the next player loses their turn." """
    game = game_at(TEAMS, ["RS G1", "B3 B4", "Y5 Y6", "Y3 Y4"], top="R5")
    events = play(game, 0, "RS")
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert turns(events) == [2] and hand(game, 1) == "B3 B4"


def test_wild_chooses_the_color_that_continues_play() -> None:
    """ "Wild: choose the color that continues play." """
    game = game_at(TEAMS, ["W G1", "B3 G4", "Y5 Y6", "Y3 Y4"], top="R5")
    assert_refused(game, PlayCard(0, card("W")), BadChoiceError)
    events = play(game, 0, "W", color="G")
    assert of_type(events, CardPlayed)[0].color is Color.GREEN
    assert game.current_color is Color.GREEN and turns(events) == [1]
    assert_refused(game, PlayCard(1, card("B3")), CardDoesNotMatchError)
    play(game, 1, "G4")
    assert game.current == 2


# Wild Team Play ------------------------------------------------------------------------


def test_wild_team_play_teammate_who_can_play_must_play() -> None:
    """ "Wild Team Play: choose a color, then play jumps directly to your teammate. If your
    teammate can play, they play a card and play continues from them." """
    game = game_at(TEAMS, ["WT G1", "B3 B4", "B5 Y6", "Y3 Y4"], top="R5")
    assert_refused(game, PlayCard(0, card("WT")), BadChoiceError)
    events = play(game, 0, "WT", color="B")
    assert game.current_color is Color.BLUE
    assert of_type(events, TurnBegan) == [TurnBegan(2, must_play=True)]
    assert game.current == 2 and phase_of(game) is Phase.TURN
    (decision,) = [d for d in game.decisions() if not d.kind.out_of_turn]
    assert decision.player == 2 and decision.kind is DecisionKind.TEAM_PLAY
    assert decision.actions == (PlayCard(2, card("B5")),)
    assert_refused(game, DrawCard(2), MustPlayError)
    assert_refused(game, PlayCard(2, card("Y6")), CardDoesNotMatchError)
    assert_refused(game, PlayCard(1, card("B3")), NotYourDecisionError)
    events = play(game, 2, "B5")
    assert turns(events) == [3], "play continues from the teammate"
    assert not any(e.player == 1 for e in of_type(game.log, TurnBegan))
    assert_invariants(game)


@pytest.mark.parametrize(
    ("hands", "clockwise", "mate", "after"),
    [
        (["WT G1", "B3 B4", "G5 Y6", "Y3 Y4"], True, 2, 3),
        (["WT G1", "B3 B4", "G5 Y6", "Y3 Y4"], False, 2, 1),
        (["WT G1", "B3", "B4", "G5 Y6", "Y3", "Y4"], True, 3, 4),
    ],
)
def test_wild_team_play_teammate_cannot_play_player_draws_two(
    hands: list[str], clockwise: bool, mate: int, after: int
) -> None:
    """ "If they cannot play, you draw 2 penalty cards; play still continues from your
    teammate's position." """
    game = game_at(TEAMS, hands, top="R5", draw="R1 R2", clockwise=clockwise)
    events = play(game, 0, "WT", color="B")
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(0, 2, DrawReason.TEAM_PLAY, (card("R1"), card("R2")))
    ]
    assert hand(game, 0) == "G1 R1 R2" and hand(game, mate) == "G5 Y6"
    assert turns(events) == [after]
    assert game.current_color is Color.BLUE


# Wild Team Draw Four -------------------------------------------------------------------


def test_wild_team_draw_four_next_player_and_their_teammate_draw_two() -> None:
    """ "Wild Team Draw Four: choose the next color. The next player draws 2 cards and loses
    their turn; that player's teammate also draws 2 cards ... Play then continues after those
    penalties." """
    game = game_at(TEAMS, ["WT+4 G1", "B3 B4", "Y5 Y6", "Y3 Y4"], top="R5", draw="R1 R2 R3 R4")
    assert_refused(game, PlayCard(0, card("WT+4")), BadChoiceError)
    events = play(game, 0, "WT+4", color="Y")
    assert game.current_color is Color.YELLOW
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(1, 2, DrawReason.TEAM_DRAW_FOUR, (card("R1"), card("R2"))),
        CardsDrawn(3, 2, DrawReason.TEAM_DRAW_FOUR, (card("R3"), card("R4"))),
    ]
    assert of_type(events, PlayerSkipped) == [PlayerSkipped(1)]
    assert hand(game, 1) == "B3 B4 R1 R2" and hand(game, 3) == "R3 R4 Y3 Y4"
    assert hand(game, 2) == "Y5 Y6"
    assert turns(events) == [2]


def test_wild_team_draw_four_six_players_hits_the_next_player_and_the_one_across() -> None:
    """ "The next player draws 2 cards and loses their turn; that player's teammate also draws
    2 cards" (six players: the teammate sits three seats along)."""
    hands = ["WT+4 G1", "B3", "B4", "Y5", "Y3", "Y4"]
    game = game_at(TEAMS, hands, top="R5", draw="R1 R2 R3 R4")
    events = play(game, 0, "WT+4", color="Y")
    assert [(e.player, e.count) for e in of_type(events, CardsDrawn)] == [(1, 2), (4, 2)]
    assert hand(game, 1) == "B3 R1 R2" and hand(game, 4) == "R3 R4 Y3"
    assert [len(h) for h in game.hands] == [1, 3, 1, 1, 3, 1]
    assert turns(events) == [2]


def test_wild_team_draw_four_out_teammate_draws_two_and_is_back_in() -> None:
    """ "that player's teammate also draws 2 cards, even if currently out of the hand." """
    game = game_at(TEAMS, ["WT+4 G1", "B3 B4", "Y5 Y6", ""], top="R5", draw="R1 R2 R3 R4")
    events = play(game, 0, "WT+4", color="Y")
    assert [(e.player, e.count) for e in of_type(events, CardsDrawn)] == [(1, 2), (3, 2)]
    assert hand(game, 3) == "R3 R4"
    assert not of_type(events, ShareStarted), "drawing puts the out teammate back in play"
    assert turns(events) == [2] and game.view(0).out_players == ()
    events = play(game, 2, "Y5")
    assert turns(events) == [3], "the teammate is back in play"


# Calling UNO ---------------------------------------------------------------------------


@pytest.mark.parametrize("caller", [0, 2])
def test_the_player_or_the_teammate_may_call_uno(caller: int) -> None:
    """ "When a player has only one card, either that player or their teammate may call
    'UNO.'" """
    game = game_at(TEAMS, ["R3 G1", "B3 B4", "Y5 Y6", "Y3 Y4"], top="R5")
    play(game, 0, "R3")
    assert game.view(1).uno_exposed == (0,)
    assert_refused(game, CallUno(1, 0), UnoCallError)  # an opponent cannot call for them
    assert_refused(game, CallUno(3, 0), UnoCallError)
    events = game.apply(CallUno(caller, 0))
    assert of_type(events, UnoCalled) == [UnoCalled(caller, 0)]
    assert game.view(1).uno_exposed == ()
    assert_refused(game, CatchUno(1, 0), UnoCallError)
    assert hand(game, 0) == "G1"


@pytest.mark.parametrize("catcher", [1, 3])
def test_an_opponent_catches_an_uncalled_uno_and_the_player_draws_two(catcher: int) -> None:
    """ "If neither does so before the next player's turn begins and another player catches
    them, the player with one card draws 2." """
    game = game_at(TEAMS, ["R3 G1", "B3 B4", "Y5 Y6", "Y3 Y4"], top="R5", draw="R1 R2")
    play(game, 0, "R3")
    assert game.current == 1  # the next turn has begun, but its holder has not acted
    assert_refused(game, CatchUno(2, 0), UnoCallError)  # the teammate is not an opponent
    events = game.apply(CatchUno(catcher, 0))
    assert of_type(events, UnoCaught) == [UnoCaught(catcher, 0)]
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(0, 2, DrawReason.UNO_PENALTY, (card("R1"), card("R2")))
    ]
    assert hand(game, 0) == "G1 R1 R2"
    assert game.current == 1 and phase_of(game) is Phase.TURN


def test_uno_catch_too_late_once_the_next_player_has_acted() -> None:
    """ "If neither does so before the next player's turn begins and another player catches
    them": once the next player takes their turn, the chance is gone."""
    game = game_at(TEAMS, ["R3 G1", "B3 R4", "Y5 Y6", "Y3 Y4"], top="R5")
    play(game, 0, "R3")
    play(game, 1, "R4")
    assert_refused(game, CatchUno(3, 0), UnoCallError)
    assert_refused(game, CallUno(2, 0), UnoCallError)
    assert hand(game, 0) == "G1"


# Going out and sharing cards -----------------------------------------------------------


def test_going_out_teammate_gives_half_nine_cards_give_four_keep_five() -> None:
    """ "If you empty your hand while your teammate still has cards, your teammate gives you
    half of their remaining cards, rounded down, and you continue playing. For example, with 9
    cards they give you 4 and keep 5." """
    mate_hand = "B1 B2 B3 B4 B5 B6 B8 B9 G9"
    game = game_at(TEAMS, ["R3", "G3 G4", mate_hand, "Y3 Y4"], top="R5")
    events = play(game, 0, "R3")
    assert of_type(events, PlayerWentOut) == [PlayerWentOut(0)]
    assert of_type(events, ShareStarted) == [ShareStarted(2, 0, 4, False)]
    assert not of_type(events, RoundEnded)
    assert phase_of(game) is Phase.SHARING and not turns(events)
    (decision,) = [d for d in game.decisions() if not d.kind.out_of_turn]
    assert decision.player == 2 and decision.kind is DecisionKind.SHARE
    assert set(decision.actions) == {GiveCard(2, c) for c in game.hands[2]}
    assert_refused(game, GiveCard(1, card("G3")), NotYourDecisionError)
    assert_refused(game, GiveCard(2, card("R9")), CardNotInHandError)
    assert_refused(game, PlayCard(1, card("G3")), NotYourDecisionError)
    events = give_all(game, 2, "B1 B2 B3")
    assert phase_of(game) is Phase.SHARING and not turns(events)
    events = game.apply(GiveCard(2, card("G9")))
    assert hand(game, 0) == "B1 B2 B3 G9"
    assert hand(game, 2) == "B4 B5 B6 B8 B9"
    assert turns(events) == [1] and game.view(1).out_players == ()
    # "you continue playing": seat 0 takes its turn again.
    play(game, 1, "G3")
    game.apply(DrawCard(2))
    if phase_of(game) is Phase.DRAWN:
        game.apply(KeepDrawn(2))
    game.apply(DrawCard(3))
    if phase_of(game) is Phase.DRAWN:
        game.apply(KeepDrawn(3))
    assert game.current == 0 and phase_of(game) is Phase.TURN
    assert_invariants(game)


@pytest.mark.parametrize(("held", "given"), [(2, 1), (3, 1), (4, 2), (7, 3), (8, 4)])
def test_share_is_half_rounded_down(held: int, given: int) -> None:
    """ "your teammate gives you half of their remaining cards, rounded down"."""
    mate_hand = " ".join(["B1", "B2", "B3", "B4", "B5", "B6", "B8", "B9"][:held])
    game = game_at(TEAMS, ["R3", "G3 G4", mate_hand, "Y3 Y4"], top="R5")
    events = play(game, 0, "R3")
    assert of_type(events, ShareStarted) == [ShareStarted(2, 0, given, False)]
    for code in mate_hand.split()[:given]:
        game.apply(GiveCard(2, card(code)))
    assert len(game.hands[0]) == given and len(game.hands[2]) == held - given
    assert phase_of(game) is Phase.TURN and game.current == 1


def test_shared_cards_are_seen_only_by_the_two_teammates() -> None:
    """ "your teammate gives you half of their remaining cards" (and "Teammates should make
    their choices without revealing card information")."""
    game = game_at(TEAMS, ["R3", "G3 G4", "B1 B2", "Y3 Y4"], top="R5")
    play(game, 0, "R3")
    game.apply(GiveCard(2, card("B2")))
    assert CardGiven(2, 0, card("B2")) in game.view(0).events
    assert CardGiven(2, 0, card("B2")) in game.view(2).events
    for opponent in (1, 3):
        assert CardGiven(2, 0, None) in game.view(opponent).events
        assert "Card('B2')" not in repr(game.view(opponent).events)


def test_teammate_with_one_card_keeps_it_and_player_stays_out() -> None:
    """ "If your teammate has only 1 card when you go out, they keep it and you stay out for
    the moment." """
    game = game_at(TEAMS, ["R3", "RS G4", "B9", "R4 Y4"], top="R5")
    events = play(game, 0, "R3")
    assert of_type(events, PlayerWentOut) == [PlayerWentOut(0)]
    assert of_type(events, PlayerStaysOut) == [PlayerStaysOut(0)]
    assert not of_type(events, ShareStarted) and not of_type(events, RoundEnded)
    assert hand(game, 0) == "" and hand(game, 2) == "B9"
    assert game.view(1).out_players == (0,)
    assert turns(events) == [1]
    play(game, 1, "RS")  # seat 2 skipped
    events = play(game, 3, "R4")
    assert turns(events) == [1], "the out player is passed over"


def test_the_teammate_who_stayed_in_goes_out_and_the_team_wins() -> None:
    """ "If your teammate has only 1 card when you go out, they keep it and you stay out for
    the moment." (then the teammate's last card wins the hand for both)"""
    game = game_at(TEAMS, ["R3", "R6 G4", "R9", "Y4 Y5"], top="R5")
    events = play(game, 0, "R3")
    assert of_type(events, PlayerStaysOut) == [PlayerStaysOut(0)]
    play(game, 1, "R6")
    events = play(game, 2, "R9")
    assert of_type(events, RoundEnded)[0].winners == (0, 2)
    assert game.scores == [4 + (4 + 5), 0]


# Tagging back in -----------------------------------------------------------------------


def test_tag_back_in_when_the_teammate_draws_for_a_draw_two() -> None:
    """ "If you are out and your teammate later draws cards for any reason, they immediately
    give you half of their cards, rounded down, and you return to play." (a Draw Two)"""
    game = game_at(TEAMS, ["", "R+2 G4", "B9", "R4 Y4"], top="R5", draw="B1 B2", current=1)
    events = play(game, 1, "R+2")
    assert of_type(events, CardsDrawn)[0].player == 2
    assert of_type(events, ShareStarted) == [ShareStarted(2, 0, 1, True)]
    assert phase_of(game) is Phase.SHARING and not turns(events)
    events = game.apply(GiveCard(2, card("B1")))
    assert hand(game, 0) == "B1" and hand(game, 2) == "B2 B9"
    assert turns(events) == [3], "the Draw Two still skips the drawer"
    events = play(game, 3, "R4")
    assert turns(events) == [0], "back in play"


def test_tag_back_in_when_the_teammate_is_caught_not_calling_uno() -> None:
    """ "If you are out and your teammate later draws cards for any reason" (an UNO penalty)."""
    game = game_at(TEAMS, ["", "R6 G4", "B9", "R4 Y4"], top="R5", draw="R1 R2", current=1)
    assert game.view(1).uno_exposed == (2,)
    events = game.apply(CatchUno(3, 2))
    assert of_type(events, CardsDrawn)[0].reason is DrawReason.UNO_PENALTY
    assert of_type(events, ShareStarted) == [ShareStarted(2, 0, 1, True)]
    events = game.apply(GiveCard(2, card("B9")))
    assert hand(game, 0) == "B9" and hand(game, 2) == "R1 R2"
    assert game.current == 1 and phase_of(game) is Phase.TURN, "seat 1's turn goes on"
    play(game, 1, "R6")
    play(game, 2, "R1")
    events = play(game, 3, "R4")
    assert turns(events) == [0], "back in play"


def test_tag_back_in_when_the_teammate_draws_by_choice() -> None:
    """ "If you are out and your teammate later draws cards for any reason" (drawing on their
    turn); the drawn card, if given away, is no longer theirs to play."""
    game = game_at(TEAMS, ["", "G3 G4", "B9", "R4 Y4"], top="R5", draw="R2", current=2)
    events = game.apply(DrawCard(2))
    assert of_type(events, ShareStarted) == [ShareStarted(2, 0, 1, True)]
    events = game.apply(GiveCard(2, card("R2")))
    assert hand(game, 0) == "R2" and hand(game, 2) == "B9"
    assert of_type(events, TurnPassed) == [TurnPassed(2)] and turns(events) == [3]


def test_tag_back_in_keeps_the_drawn_card_playable() -> None:
    """ "they immediately give you half of their cards ... and you return to play" (the drawer
    who kept the playable drawn card may still play it)."""
    game = game_at(TEAMS, ["", "G3 G4", "B9", "R4 Y4"], top="R5", draw="R2", current=2)
    game.apply(DrawCard(2))
    events = game.apply(GiveCard(2, card("B9")))
    assert hand(game, 0) == "B9" and phase_of(game) is Phase.DRAWN and game.current == 2
    assert not turns(events)
    events = play(game, 2, "R2")
    assert turns(events) == [3]


def test_tag_back_in_when_the_teammate_draws_a_team_play_penalty() -> None:
    """ "If you are out and your teammate later draws cards for any reason" (Wild Team Play:
    the out teammate cannot play, so the player draws 2)."""
    game = game_at(TEAMS, ["", "G3 G4", "WT B9", "R4 Y4"], top="R5", draw="R1 R2", current=2)
    events = play(game, 2, "WT", color="G")
    assert of_type(events, CardsDrawn) == [
        CardsDrawn(2, 2, DrawReason.TEAM_PLAY, (card("R1"), card("R2")))
    ]
    assert of_type(events, ShareStarted) == [ShareStarted(2, 0, 1, True)]
    events = game.apply(GiveCard(2, card("R1")))
    assert hand(game, 0) == "R1" and hand(game, 2) == "B9 R2"
    assert len(turns(events)) == 1 and phase_of(game) is Phase.TURN


# Winning and scoring -------------------------------------------------------------------


def test_team_wins_when_both_teammates_have_no_cards() -> None:
    """ "Your team wins when both teammates have no cards remaining." / "Both teammates must get
    rid of all their cards for the team to win." """
    game = game_at(TEAMS, ["R3", "G3 G4", "", "Y3 Y4"], top="R5")
    events = play(game, 0, "R3")
    (ended,) = of_type(events, RoundEnded)
    assert ended.winners == (0, 2)
    assert phase_of(game) is Phase.ROUND_OVER
    assert not of_type(events, ShareStarted) and not turns(events)
    assert_refused(game, DrawCard(1), RoundOverError)
    assert_refused(game, PlayCard(1, card("G3")), RoundOverError)


def test_last_card_draw_two_ends_the_hand_at_once() -> None:
    """ "Your team wins when both teammates have no cards remaining": nothing happens after."""
    game = game_at(TEAMS, ["R+2", "G3 G4", "", "Y3 Y4"], top="R5")
    events = play(game, 0, "R+2")
    assert not of_type(events, CardsDrawn) and hand(game, 1) == "G3 G4"
    assert of_type(events, RoundEnded)[0].winners == (0, 2)


def test_winning_team_scores_the_cards_left_in_opponents_hands() -> None:
    """ "a winning team scores the cards left in the opponents' hands. Number cards score face
    value, ordinary action cards score 20 points, and Wild cards—including the team
    Wilds—score 50 points." """
    game = game_at(TEAMS, ["R3", "G3 G+2 W", "", "Y9 BS YR WT WT+4"], top="R5")
    events = play(game, 0, "R3")
    points = (3 + 20 + 50) + (9 + 20 + 20 + 50 + 50)
    (ended,) = of_type(events, RoundEnded)
    assert ended.points == points and ended.scores == (points, 0)
    assert game.scores == [points, 0]
    scored = {e.player: e.points for e in of_type(events, HandScored)}
    assert scored == {0: 0, 1: 73, 2: 0, 3: 149}
    for code, value in [("R0", 0), ("B9", 9), ("GS", 20), ("YR", 20), ("B+2", 20)]:
        assert card_points(card(code), TEAMS) == value
    for code in ("W", "WT", "WT+4"):
        assert card_points(card(code), TEAMS) == 50


def test_six_player_team_scores_both_opposing_teams() -> None:
    """ "a winning team scores the cards left in the opponents' hands" (every opposing team)."""
    hands = ["G2 G3", "G4", "R3", "G5", "Y6", ""]
    game = game_at(TEAMS, hands, top="R5", current=2)
    events = play(game, 2, "R3")
    (ended,) = of_type(events, RoundEnded)
    assert ended.winners == (2, 5)
    assert ended.points == (2 + 3) + 4 + 5 + 6
    assert ended.scores == (0, 0, 20) and game.scores == [0, 0, 20]


def test_first_team_to_500_points_wins() -> None:
    """ "The first team to 500 points wins." """
    # 4 Wild + 4 Wild Team Play + 2 Wild Team Draw Four = 500 points exactly.
    opponents = ("W W W W WT", "WT WT WT WT+4 WT+4")
    game = game_at(TEAMS, ["", opponents[0], "R3", opponents[1]], top="R5", current=2)
    events = play(game, 2, "R3")
    assert of_type(events, RoundEnded)[0].scores == (500, 0)
    # Team 0 is seats 0 and 2: winners are seats everywhere, a team's members derived.
    assert of_type(events, MatchEnded) == [MatchEnded((0, 2), (500, 0))]
    assert phase_of(game) is Phase.MATCH_OVER and game.is_over and game.winners == (0, 2)
    assert_refused(game, Deal(game.next_dealer()), RoundOverError)


def test_under_500_points_the_match_goes_on_and_scores_carry() -> None:
    """ "If using multi-round scoring ... The first team to 500 points wins." (499 is not
    enough: the next hand is dealt and the score is kept)."""
    opponents = ("W W W W WT", "WT WT WT WT+4 Y9 Y9 B9 B9 G9 G4")
    game = game_at(TEAMS, ["", opponents[0], "R3", opponents[1]], top="R5", current=2)
    events = play(game, 2, "R3")
    assert of_type(events, RoundEnded)[0].scores == (499, 0)
    assert not of_type(events, MatchEnded) and phase_of(game) is Phase.ROUND_OVER
    dealer = game.next_dealer()
    assert_refused(game, Deal((dealer + 1) % 4), NotYourDecisionError)
    events = game.apply(Deal(dealer))
    assert of_type(events, RoundStarted)[0].dealer == dealer
    assert game.scores == [499, 0] and game.view(1).scores == (499, 0)
    assert phase_of(game) is Phase.PASSING, "every hand begins with the secret pass"
    assert all(len(h) == 7 for h in game.hands)
    assert_invariants(game)
    events = pass_first_cards(game)
    assert turns(events) == [(dealer + 1) % 4], "the new dealer's left goes first"


def test_team_play_answer_that_loses_its_playable_card_to_a_tag_back_share() -> None:
    """ "If they cannot play, you draw 2 penalty cards; play still continues from your
    teammate's position." Should a teammate answering a Wild Team Play draw, tag their out
    partner back in and give away the only card they could play, they cannot play, and the
    partner who played the Wild Team Play draws 2 (the engine never leaves them stuck)."""
    from uno_tui.engine import CatchUno, GiveCard

    # Ann (0) plays WT as her last card; Cat (2) holds one playable card: Ann stays out.
    game = game_at(Rules.teams(), ["WT", "B1 B2", "G5", "Y1 Y2"], top="G3", draw="R8 R9 Y7")
    play(game, 0, "WT", "G")
    assert game.current == 2 and game.must_play and game.hands[0] == []
    # No legal sequence leaves Cat catchable here (her one card is older than this turn), so
    # the test opens the catch window by hand to reach the defensive branch.
    game.uno_settled.discard(2)
    game.uno_exposed[2] = game.turn_index
    game.apply(CatchUno(1, 2))
    assert game.share == (2, 0, 1)
    game.apply(GiveCard(2, card("G5")))
    # Cat holds R8 R9, nothing green: she cannot play, so Ann draws 2 and play goes on after Cat.
    assert hand(game, 2) == "R8 R9"
    assert len(game.hands[0]) == 1 + 2
    assert game.current == 3 and not game.must_play
    assert_invariants(game)
