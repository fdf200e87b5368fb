"""Match records: JSON round trip, replay to the same state, and clear errors for bad files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from uno_tui.engine import (
    Game,
    MatchRecord,
    PlayCard,
    RecordError,
    Rules,
    build_deck,
    card_points,
)
from uno_tui.engine.cards import Card

from .random_play import random_action


def played(rules: Rules, players: int, seed: int, actions: int = 60) -> Game:
    game = Game(rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(random_action(game, rng))
    return game


@pytest.mark.parametrize("rules", [Rules.classic(), Rules.two_player(), Rules.teams()])
def test_a_saved_record_replays_to_the_identical_state(rules: Rules, tmp_path: Path) -> None:
    game = played(rules, 4 if rules.team_game else 2, seed=11)
    path = tmp_path / "match.json"
    game.record().save(path)
    replayed = Game.from_record(MatchRecord.load(path))
    assert replayed.digest() == game.digest()
    assert replayed.actions == game.actions


def test_a_record_holds_format_version_rules_options_seed_and_actions() -> None:
    game = played(Rules.two_player(uno_penalty=4), 2, seed=5, actions=10)
    data = json.loads(game.record().to_json())
    assert data["format"] == "uno-tui match record" and data["version"] == 1
    assert data["rules"] == "two-player" and data["options"] == {"uno_penalty": 4}
    assert data["seed"] == 5 and len(data["actions"]) == 10


def test_a_fixed_deck_order_is_recorded_and_replayed() -> None:
    deck = build_deck(Rules.classic())
    game = Game(Rules.classic(), 3, seed=2, deck=deck, first_dealer=0)
    assert [str(c) for c in game.hands[1]] == [str(c) for c in deck[0:21:3]]
    again = Game.from_record(MatchRecord.from_json(game.record().to_json()), 0)
    assert again.digest() == game.digest()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[]", "not an uno-tui match record"),
        ('{"format": "uno-tui match record", "version": 99}', "newer than this uno-tui"),
        ('{"format": "uno-tui match record", "version": 1, "rules": "poker"}', "rules"),
    ],
)
def test_a_bad_record_is_refused_with_a_clear_message(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        MatchRecord.from_json(text)


def test_an_edited_illegal_move_is_named_by_its_number() -> None:
    game = played(Rules.classic(), 3, seed=8, actions=5)
    data = json.loads(game.record().to_json())
    data["actions"].append({"type": "play", "player": 0, "card": "R9"})
    data["actions"].append({"type": "play", "player": 0, "card": "R9"})
    record = MatchRecord.from_dict(data)
    with pytest.raises(RecordError, match=r"move (6|7) is not legal"):
        Game.from_record(record)


def test_an_unreadable_move_is_named_by_its_number() -> None:
    data = json.loads(played(Rules.classic(), 3, seed=8, actions=3).record().to_json())
    data["actions"][1] = {"type": "teleport", "player": 0}
    with pytest.raises(RecordError, match="move 2 cannot be read"):
        MatchRecord.from_dict(data)


def test_card_points_follow_the_texts() -> None:
    rules = Rules.classic()
    assert card_points(Card.parse("R7"), rules) == 7
    assert card_points(Card.parse("BS"), rules) == 20
    assert card_points(Card.parse("WX"), rules) == 50
    assert card_points(Card.parse("WX"), Rules.classic(pre_2022_scoring=True)) == 40
    assert PlayCard(0, Card.parse("W"), None).to_dict() == {
        "type": "play",
        "player": 0,
        "card": "W",
    }
