from uno_tui.engine import Phase, Rules

from .helpers import assert_invariants, game_at, hand, play


def test_position_game_starts_at_the_given_turn() -> None:
    game = game_at(Rules.classic(), ["R7 G2", "B1 B2", "Y3 Y4"], top="R5")
    assert game.phase is Phase.TURN and game.current == 0
    assert hand(game, 0) == "G2 R7"
    play(game, 0, "R7")
    assert game.current == 1
    assert_invariants(game)
