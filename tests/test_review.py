"""Review lines that use no turn, and moves in words: pure functions of a player's view."""

from __future__ import annotations

import pytest

from uno_tui.engine import (
    CallUno,
    Color,
    CustomEffect,
    Decision,
    DecisionKind,
    DrawCard,
    PlayCard,
    Rules,
)
from uno_tui.narration import (
    REVIEWS,
    History,
    challenge_words,
    color_before_draw_four,
    counts_words,
    describe_action,
    hand_words,
    list_moves,
    low_counts_words,
    moves_words,
    public_counts_words,
    public_top_words,
    review_words,
    scores_line,
    special_cards_words,
    table_words,
    top_words,
)

from .helpers import card, game_at

NAMES = ("Ann", "Ben", "Cat")


def test_my_hand_is_read_grouped_by_color_with_counts() -> None:
    game = game_at(Rules.classic(), ["B4 R7 W+4 RS R2 W", "G1", "Y2"], top="R5")
    assert hand_words(game.view(0)) == (
        "Your hand, 6 cards. 3 red: 2, 7, Skip. 1 blue: 4. 2 wild cards: Wild, Wild Draw Four."
    )


def test_the_hand_review_never_holds_another_hand() -> None:
    game = game_at(Rules.classic(), ["R7", "G1 G2", "Y2"], top="R5")
    assert "Green" not in hand_words(game.view(0)) and "Yellow" not in hand_words(game.view(0))


def test_top_card_and_current_color() -> None:
    game = game_at(Rules.classic(), ["R7", "G1", "Y2"], top="W", color="G")
    assert top_words(game.view(0)) == "Top card: Wild, colour green."


def test_a_pending_penalty_is_part_of_the_top_card_review() -> None:
    game = game_at(Rules.classic(), ["W+4 R1 R2", "G1 G3", "Y2"], top="R5")
    game.apply(PlayCard(0, card("W+4"), Color.BLUE))
    assert top_words(game.view(1)) == "Top card: Wild Draw Four, colour blue. 4 cards to draw."


def test_counts_and_whose_turn() -> None:
    game = game_at(Rules.classic(), ["R7 R8", "G1", "Y2 Y3 Y4"], top="R5", current=1)
    assert counts_words(game.view(0)).startswith(
        "Cards: you have 2, Ben 1 (no UNO called), Cat 3. Draw pile "
    )
    assert counts_words(game.view(0)).endswith("Ben's turn, Cat next, clockwise. Dealer: you.")
    assert counts_words(game.view(1)).endswith("Your turn, Cat next, clockwise. Dealer: Ann.")


def test_counts_name_the_teammate_the_dealer_and_who_called_uno() -> None:
    game = game_at(Rules.teams(), ["R7", "G1 G2", "Y2 Y3", "B3"], top="R5", current=1, dealer=0)
    game.apply(CallUno(0, 0))
    words = counts_words(game.view(0))
    assert words.startswith("Cards: you have 1 (UNO), Ben 2, Cat 2, Dan 1 (no UNO called).")
    assert words.endswith("Ben's turn, Cat next, clockwise. Dealer: you. Your teammate: Cat.")


def test_the_table_says_who_is_a_bot_the_seat_order_the_teams_and_the_target() -> None:
    names = ("Ann", "Ben", "Cat", "Dan")
    words = table_words(names, Rules.teams(), [None, "easy", None, "hard"], 2)
    assert words == (
        "Seats in order of play: Ann (person), Ben (easy bot), you (person), Dan (hard bot). "
        "Teams, partners across: Ann and you, Ben and Dan. Teams to 500 points. "
        "Every 7 carries the pass symbol: who plays one exchanges a card with their teammate."
    )


def test_the_table_tells_what_its_wild_customizable_does() -> None:
    rules = Rules.classic(custom_effect=CustomEffect.OTHERS_DRAW_ONE)
    assert special_cards_words(rules) == "Wild Customizable here: every other player draws 1 card."
    assert special_cards_words(Rules.two_player()) == "", "no Customizable in the standard deck"
    blanks = Rules.two_player(blank_cards=2, custom_effect=CustomEffect.PLAIN)
    assert special_cards_words(blanks).startswith("Wild Customizable here: a plain Wild")
    assert table_words(("Ann", "Ben"), rules, [None, None]).endswith(
        "Classic to 500 points. Wild Customizable here: every other player draws 1 card."
    )


def test_the_colour_before_a_wild_draw_four_is_public_and_said() -> None:
    game = game_at(Rules.classic(), ["W+4 R1 R2", "G1 G3", "Y2"], top="R5")
    assert color_before_draw_four(game.view(1)) is None and challenge_words(game.view(1)) == ""
    game.apply(PlayCard(0, card("W+4"), Color.BLUE))
    assert color_before_draw_four(game.view(1)) is Color.RED
    assert color_before_draw_four(game.view(None)) is Color.RED
    assert challenge_words(game.view(1)) == "Before it the colour was red."


def test_the_turn_summary_names_the_others_at_one_or_two_cards() -> None:
    game = game_at(Rules.teams(), ["R7 R8 R9", "G1 G2", "Y2 Y3 Y4", "B3"], top="R5", dealer=3)
    assert low_counts_words(game.view(0)) == "Ben has 2 cards, Dan 1 (no UNO called)."
    assert low_counts_words(game.view(1)) == "Your teammate Dan has 1 card (no UNO called)."
    game2 = game_at(Rules.teams(), ["R7", "G1 G2 G3", "Y2 Y3", "B3 B4 B5"], top="R5")
    assert low_counts_words(game2.view(0)) == "Your teammate Cat has 2 cards."
    assert low_counts_words(game2.view(2)) == "Your teammate Ann has 1 card (no UNO called)."
    assert low_counts_words(game2.view(1)) == "Ann has 1 card (no UNO called), Cat 2."


def test_a_penalty_says_on_whom_it_waits() -> None:
    game = game_at(Rules.classic(), ["W+4 R1 R2", "G1 G3", "Y2"], top="R5")
    game.apply(PlayCard(0, card("W+4"), Color.BLUE))
    assert top_words(game.view(0)).endswith("4 cards waiting for Ben.")


def test_scores_per_player_and_per_team() -> None:
    game = game_at(Rules.classic(target_score=200), ["R7", "G1", "Y2"], top="R5")
    assert scores_line(game.view(0)) == "Scores: Ann 0, Ben 0, Cat 0. Target 200. Hand 1."
    teams = game_at(Rules.teams(), ["R7", "G1", "Y2", "B3"], top="R5")
    assert scores_line(teams.view(0)) == "Scores: Ann and Cat 0, Ben and Dan 0. Target 500. Hand 1."


def test_moves_list_one_choice_per_card_then_the_rest() -> None:
    game = game_at(Rules.classic(), ["W B5 R7", "G1 G2", "Y2 Y3"], top="R5")
    moves = list_moves(game.view(0).decisions, game.names)
    assert moves_words(moves) == "1: play Red 7, 2: play Blue 5, 3: play Wild, 4: draw a card."
    wild = moves[2]
    assert wild.colors == (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
    assert len(wild.actions) == 4


def test_swap_hands_keeps_its_targets_for_the_follow_up_question() -> None:
    game = game_at(Rules.classic(), ["WX R1", "G1 G2", "Y2 Y3"], top="R5")
    swap = next(m for m in list_moves(game.view(0).decisions, game.names) if "Swap" in m.label)
    assert swap.targets == (1, 2)


def test_no_moves() -> None:
    assert moves_words([]) == "No moves for you now."


def test_actions_in_words() -> None:
    names = list(NAMES)
    assert describe_action(PlayCard(0, card("W"), Color.RED), names) == "play Wild, colour red"
    assert (
        describe_action(PlayCard(0, card("WX"), Color.BLUE, target=2), names)
        == "play Wild Swap Hands with Cat, colour blue"
    )
    assert describe_action(DrawCard(0), names) == "draw a card"
    assert describe_action(CallUno(0, 2), names) == "call UNO for Cat"
    moves = list_moves([Decision(0, DecisionKind.CALL_UNO, (CallUno(0, 0),))], names)
    assert moves_words(moves) == "1: call UNO."


def test_history_repeats_the_last_line_and_reads_the_last_few() -> None:
    history = History(keep=3)
    assert history.last() == "Nothing yet."
    history.extend(["one", "", "two", "three", "four"])
    assert history.last() == "four"
    assert history.recent(2) == ["three", "four"]
    assert history.recent(10) == ["two", "three", "four"]


def test_the_public_top_card_leaves_out_what_only_a_player_knows() -> None:
    """An onlooker hears the top card and its colour, not the penalty waiting on a player
    nor the card a player drew."""
    game = game_at(Rules.classic(), ["W+4 R1 R2", "G1 G3", "Y2"], top="R5")
    game.apply(PlayCard(0, card("W+4"), Color.BLUE))
    assert public_top_words(game.view(None)) == "Top card: Wild Draw Four, colour blue."
    assert top_words(game.view(1)).startswith(public_top_words(game.view(None)))


def test_the_public_counts_name_everyone_by_name() -> None:
    game = game_at(Rules.classic(), ["R7 R8", "G1", "Y2 Y3 Y4"], top="R5")
    words = public_counts_words(game.view(None))
    assert words == f"Cards: Ann 2, Ben 1, Cat 3. Draw pile {game.view(None).draw_pile_count}."


def test_a_review_reads_a_players_view_or_what_anyone_may_know() -> None:
    game = game_at(Rules.classic(), ["R7 R8", "G1", "Y2 Y3 Y4"], top="R5")
    mine, public = game.view(0), game.view(None)
    moves = list_moves(mine.decisions, game.names)
    assert review_words("hand", mine) == hand_words(mine)
    assert review_words("top", mine) == top_words(mine)
    assert review_words("counts", mine) == counts_words(mine)
    assert review_words("scores", mine) == scores_line(mine)
    assert review_words("moves", mine, moves) == moves_words(moves)
    assert review_words("moves", mine) == "No moves for you now."
    assert review_words("top", public) == public_top_words(public)
    assert review_words("counts", public) == public_counts_words(public)
    assert review_words("scores", public) == scores_line(public)
    assert review_words("hand", public) == review_words("moves", public) == "No hand is shown now."
    assert set(REVIEWS) == {"hand", "top", "counts", "scores", "moves"}


def test_an_unknown_review_is_refused() -> None:
    game = game_at(Rules.classic(), ["R7", "G1", "Y2"], top="R5")
    with pytest.raises(ValueError, match="no review called 'colour'"):
        review_words("colour", game.view(0))
