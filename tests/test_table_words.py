"""What the table shows of what just happened, the challenge's stakes and result, the hint,
the end of a hand and of a match: pure functions, read as plain text (no terminal)."""

from __future__ import annotations

import random

from rich.style import Style

from uno_tui.bots.hint import hint
from uno_tui.engine import AcceptPenalty, Card, Challenge, Color, DrawCard, Phase, Rules
from uno_tui.engine.events import DrawFourChallenged, RoundEnded
from uno_tui.tui.cards import COLOR_STYLES, card_lines, dimmed
from uno_tui.tui.challenge import challenge_details, challenge_outcomes, challenge_result
from uno_tui.tui.last_move import last_move, seat_banners
from uno_tui.tui.screens.round_end import score_table, totals_chart
from uno_tui.tui.widgets.table_view import draw_table, header_line, seat_line

from .helpers import game_at, play
from .random_play import random_action


def test_beside_the_pile_who_played_the_draw_two_and_on_whom() -> None:
    game = game_at(Rules.classic(), ["R+2 G5 G6", "B7 Y3 G9", "R1 R2 R3"], top="R5")
    play(game, 0, "R+2")
    view = game.view(1)
    move = last_move(view, viewer=1)
    assert move is not None and move.player == 0 and move.card == Card.parse("R+2")
    assert move.effect == "→ you +2"  # Ben, who looks, drew two and lost his turn
    assert last_move(game.view(2), viewer=2).effect == "→ Ben +2"  # type: ignore[union-attr]
    assert seat_banners(view) == {1: "+2"}  # the Draw Two's skip is said by its +2


def test_a_skip_and_a_chosen_draw_each_leave_a_banner_for_one_move() -> None:
    game = game_at(Rules.classic(), ["RS G5 G6", "B7 Y3 G9", "Y1 Y2 Y3"], top="R5")
    play(game, 0, "RS")
    assert seat_banners(game.view(None)) == {1: "skip"}
    assert last_move(game.view(None), None).effect == "skips Ben"  # type: ignore[union-attr]
    game.apply(DrawCard(2))
    banners = seat_banners(game.view(None))
    assert banners.get(2) == "drew 1" and 1 not in banners  # the skip was the move before


def test_no_last_move_before_anyone_has_played_on_the_first_card() -> None:
    game = game_at(Rules.classic(), ["R1 G5", "B7 Y3"], top="R5")
    assert last_move(game.view(0), 0) is None
    assert "first card" in draw_table(game.view(0), ["", ""], 0, 46, 11).plain


def test_the_header_shortens_instead_of_being_cut() -> None:
    game = game_at(Rules.two_player(), ["R1 G5", "B7 Y3"], top="R5", clockwise=False)
    view = game.view(0)
    assert header_line(view, 60).plain == "Hand 1 · two-player · ↺ counterclockwise · to 500"
    assert header_line(view, 40).plain == "Hand 1 · ↺ counterclockwise · to 500"
    assert header_line(view, 34).plain == "Hand 1 · two-player · ↺ · to 500"
    assert "…" not in header_line(view, 22).plain


def test_a_teams_seat_keeps_its_marks_whole_the_fan_gives_way() -> None:
    game = game_at(Rules.teams(), ["R1", "B7 Y3", "G1 G2", "Y4 Y5"], top="R5")
    line = seat_line(
        game.view(0),
        0,
        label="person",
        viewer=0,
        width=30,
        arrow="↓",
        name_width=3,
        flags_width=6,
    ).plain
    assert line.rstrip().endswith("UNO!") or "UNO" in line  # never "UN…"
    assert "UN…" not in line


def test_a_card_that_cannot_go_keeps_its_colour_darker_never_grey() -> None:
    red = COLOR_STYLES[Color.RED]
    dark = dimmed(red)
    assert dark.bgcolor is not None and red.bgcolor is not None
    r, g, b = dark.bgcolor.get_truecolor()
    r0 = red.bgcolor.get_truecolor()[0]
    assert r < r0 and r > g and r > b  # still red, only darker
    lines = card_lines(Card.parse("R7"), dim=True)
    assert lines[0].plain.startswith("╭┄")  # dashed: it reads without colour too
    face = lines[1].spans[0].style  # the face, between its borders
    assert isinstance(face, Style) and face.bgcolor == dark.bgcolor


def test_the_challenge_shows_who_played_it_the_stakes_and_the_hand() -> None:
    game = game_at(Rules.two_player(), ["W+4 R2 G5", "B7 Y3 G9 R1"], top="R5")
    play(game, 0, "W+4", "Y")
    text = challenge_details(game.view(1)).plain
    assert "Ann played it." in text
    assert "if Ann held a red card, Ann draws 4; if not, you draw 6" in text
    assert "you draw 4" in text and "B 7" in text and "R 1" in text


def test_the_challenge_result_names_the_outcome_and_shows_the_hand_to_the_challenger() -> None:
    game = game_at(Rules.two_player(), ["W+4 R2 G5", "B7 Y3 G9 R1"], top="R5")
    play(game, 0, "W+4", "Y")
    events = game.apply(Challenge(1))
    [(event, cost)] = challenge_outcomes(events)
    assert isinstance(event, DrawFourChallenged) and event.illegal and cost == 4
    title, body = challenge_result(game.names, event, cost, viewer=1, before=Color.RED)
    assert title == "Challenge won"
    assert "it was illegal: Ann held a red card. Ann draws 4." in body.plain
    assert "Ann's hand as shown" in body.plain and "R 2" in body.plain
    _, theirs = challenge_result(game.names, event, cost, viewer=0, before=Color.RED)
    assert theirs.plain.startswith("Ben challenged your Wild Draw Four: it was illegal: you held")
    assert "You draw 4." in theirs.plain and "Your hand as shown" in theirs.plain
    _, public = challenge_result(game.names, event, cost, viewer=None)
    assert "hand as shown" not in public.plain  # an onlooker is not shown the hand


def test_a_lost_challenge_costs_six() -> None:
    game = game_at(Rules.two_player(), ["W+4 B2 G5", "B7 Y3 G9 R1"], top="R5")
    play(game, 0, "W+4", "Y")
    [(event, cost)] = challenge_outcomes(game.apply(Challenge(1)))
    title, body = challenge_result(game.names, event, cost, viewer=1, before=Color.RED)
    assert cost == 6 and title == "Challenge lost"
    assert "it was legal: Ann held no red card." in body.plain
    assert "You draw 6 and lose the turn" in body.plain


def test_the_hint_is_a_legal_move_of_the_viewer_with_a_reason() -> None:
    game = game_at(Rules.classic(), ["R2 R7 G5 W", "B7 Y3 G9", "G1 Y2 B3"], top="R5")
    view = game.view(0)
    found = hint(view, seed=1)
    assert found.action in game.legal_actions()
    assert found.reason and "\n" not in found.reason
    assert hint(view, seed=1) == found  # the same view and seed, the same hint


def test_the_hint_answers_a_challenge_too() -> None:
    game = game_at(Rules.two_player(), ["W+4 R2 G5", "B7 Y3 G9 R1"], top="R5")
    play(game, 0, "W+4", "Y")
    found = hint(game.view(1), seed=2)
    assert isinstance(found.action, Challenge | AcceptPenalty) and found.reason


def finished_match() -> tuple[object, list[RoundEnded]]:
    game = game_at(Rules.classic(target_score=300), ["R1 G5", "B7 Y3", "G1 Y2"], top="R5")
    rng = random.Random(3)
    while game.phase is not Phase.MATCH_OVER:
        game.apply(random_action(game, rng))
    return game, [event for event in game.log if isinstance(event, RoundEnded)]


def test_points_hand_by_hand_are_each_hands_points_then_the_totals() -> None:
    game, rounds = finished_match()
    view = game.view(None)  # type: ignore[attr-defined]
    lines = score_table(view, rounds).plain.splitlines()
    assert lines[0] == "Points hand by hand"
    rows = lines[2:-1]
    assert len(rows) == len(rounds)
    gained = [[0 if cell == "·" else int(cell) for cell in row.split()[1:]] for row in rows]
    totals = [int(cell) for cell in lines[-1].split()[1:]]
    assert [sum(column) for column in zip(*gained, strict=True)] == totals == list(view.scores)


def test_the_match_end_chart_has_a_bar_a_hand_full_at_the_target_or_the_highest_total() -> None:
    game, rounds = finished_match()
    view = game.view(None)  # type: ignore[attr-defined]
    lines = totals_chart(view, rounds).plain.splitlines()
    scale = max(300, *view.scores)  # a last hand may carry a total far past the target
    assert f"a full bar is {scale}" in lines[0]
    for seat, line in enumerate(lines[1:]):
        name, bars, total = line.split()
        assert name == view.names[seat] and len(bars) == len(rounds)
        assert int(total) == view.scores[seat]
        if view.scores[seat] == scale:
            assert bars.endswith("█")
