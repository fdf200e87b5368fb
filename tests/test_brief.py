"""``--verbosity brief``: the turn's summary and question in fewer words, every fact kept, and
over a seeded Teams match at most 70% of full's words per decision (benchmarks/bench_brief.py
plays the longer version)."""

from __future__ import annotations

import sys
from pathlib import Path

from uno_tui.engine import Card, Game, Position, Rules
from uno_tui.narration import Narrator, top_words
from uno_tui.narration.brief import brief_hand_words, brief_labels, brief_top_words

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from bench_brief import TARGET_RATIO, play


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_the_hand_in_brief_names_every_card_by_colour() -> None:
    hand = cards("R1 R2 R6 Y5 G6 W W+4")
    words = brief_hand_words(hand)
    assert words == "7 cards: red 1, 2, 6; yellow 5; green 6; Wild, Wild Draw Four."
    assert brief_hand_words([]) == "No cards."


def test_the_top_card_in_brief_says_the_colour_only_where_the_card_does_not() -> None:
    position = Position.of(["R1 G2", "B3 Y4"], top="G9")
    game = Game(Rules.two_player(), ["You", "Bo"], position=position, seed=1)
    view = game.view(0)
    assert top_words(view) == "Top card: Green 9, colour green."
    assert brief_top_words(view) == "On Green 9."


def test_the_question_in_brief_says_the_shared_verb_once() -> None:
    assert brief_labels(["play Red 2", "play Wild", "draw a card"]) == (
        "Play",
        ["Red 2", "Wild", "draw"],
    )
    assert brief_labels(["pass Red 1", "pass Blue 2"]) == ("Pass", ["Red 1", "Blue 2"])
    assert brief_labels(["play Green 1", "keep the drawn card"]) == ("Play", ["Green 1", "keep"])
    assert brief_labels(["draw the penalty cards", "challenge the Wild Draw Four"]) == (
        "Move",
        ["take the penalty", "challenge the Wild Draw Four"],
    )


def test_brief_keeps_what_a_draw_and_a_wild_told() -> None:
    from uno_tui.engine import Color
    from uno_tui.engine.events import CardPlayed, CardsDrawn, DrawReason, TurnPassed

    brief = Narrator(["You", "Ada"], verbosity="brief")
    told = [CardsDrawn(1, 1, DrawReason.CHOICE, None), TurnPassed(1)]
    assert brief.narrate_events(told, 0) == ["Ada draws, cannot play."]
    mine = [CardsDrawn(0, 1, DrawReason.CHOICE, (Card.parse("R4"),)), TurnPassed(0)]
    assert brief.narrate_events(mine, 0) == ["You draw Red 4, cannot play."]
    wild = CardPlayed(1, Card.parse("W"), Color.RED)
    assert brief.narrate(wild, 0) == "Ada plays Wild, colour red."


def test_brief_is_at_most_70_percent_of_full_per_decision_over_a_teams_match() -> None:
    full = play("full", seed=2, target=200)
    brief = play("brief", seed=2, target=200)
    assert full.keys == brief.keys, "the same match, the same answers"
    assert full.decisions > 50
    assert brief.words / full.words <= TARGET_RATIO, (full.per_decision, brief.per_decision)
