"""Narration: every event in plain words, and never a card the listener may not know."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from uno_tui.engine import Card, Color, Game, Phase, Rules, events
from uno_tui.engine.events import DrawReason, Event
from uno_tui.narration import Narrator

from .random_play import random_action

NAMES = ("Maya", "Leo", "Ines", "Omar")
EVENT_TYPES = [
    cls
    for _, cls in inspect.getmembers(events, inspect.isclass)
    if issubclass(cls, Event) and cls is not Event
]
R7, G2, B9, Y4 = (Card.parse(code) for code in ("R7", "G2", "B9", "Y4"))

SAMPLES: dict[str, Event] = {
    "DealerChosen": events.DealerChosen(1, ((0, R7), (1, B9))),
    "RoundStarted": events.RoundStarted(2, 1, 7),
    "CardsDealt": events.CardsDealt(1, 2, (R7, G2)),
    "FirstCardTurned": events.FirstCardTurned(R7),
    "FirstCardIgnored": events.FirstCardIgnored(Card.parse("BS")),
    "FirstCardReturned": events.FirstCardReturned(Card.parse("W+4")),
    "TurnBegan": events.TurnBegan(2),
    "CardPlayed": events.CardPlayed(0, Card.parse("W+4"), Color.GREEN),
    "ColorNamed": events.ColorNamed(0, Color.BLUE),
    "CardsDrawn": events.CardsDrawn(1, 2, DrawReason.DRAW_TWO, (R7, G2)),
    "DrawnCardKept": events.DrawnCardKept(1),
    "TurnPassed": events.TurnPassed(1),
    "PlayerSkipped": events.PlayerSkipped(1),
    "DirectionChanged": events.DirectionChanged(False),
    "DeckReshuffled": events.DeckReshuffled(40),
    "PenaltyStacked": events.PenaltyStacked(2, 4),
    "DrawFourChallenged": events.DrawFourChallenged(1, 0, True, (R7, G2)),
    "HandsSwapped": events.HandsSwapped(0, 2),
    "HandsPassed": events.HandsPassed(True),
    "UnoCalled": events.UnoCalled(2, 0),
    "UnoCaught": events.UnoCaught(1, 0),
    "ExchangeStarted": events.ExchangeStarted((0, 2), False),
    "PassChosen": events.PassChosen(0, R7),
    "CardPassed": events.CardPassed(0, 2, R7),
    "PlayerWentOut": events.PlayerWentOut(0),
    "PlayerStaysOut": events.PlayerStaysOut(0),
    "ShareStarted": events.ShareStarted(2, 0, 3, False),
    "CardGiven": events.CardGiven(2, 0, R7),
    "HandScored": events.HandScored(1, (R7, Y4), 11),
    "RoundEnded": events.RoundEnded(1, (0,), 86, (86, 0, 0, 0)),
    "MatchEnded": events.MatchEnded((0,), (512, 40, 3, 0)),
}


def test_every_event_type_has_a_sample() -> None:
    assert sorted(SAMPLES) == sorted(cls.__name__ for cls in EVENT_TYPES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_event_is_told_in_a_plain_sentence(name: str) -> None:
    narrator = Narrator(NAMES)
    for listener in (None, 0, 1, 2):
        line = narrator.narrate(SAMPLES[name], listener)
        assert line and line[0].isupper() and line.rstrip()[-1] in ".!)", line
        assert name not in line, "an untold event falls back to its class name"


PRIVATE = [name for name, event in SAMPLES.items() if event.PRIVATE_FIELDS]


@pytest.mark.parametrize("name", PRIVATE)
def test_a_private_card_is_never_told_to_anyone_else(name: str) -> None:
    """Two events that differ only in their private cards read the same to an outsider."""
    event = SAMPLES[name]
    audience = event.audience()
    assert audience is not None
    other = dataclasses.replace(
        event,
        **{
            field: (B9, Y4) if isinstance(getattr(event, field), tuple) else B9
            for field in event.PRIVATE_FIELDS
        },
    )
    narrator = Narrator(NAMES)
    for listener in (None, *range(len(NAMES))):
        told, told_other = narrator.narrate(event, listener), narrator.narrate(other, listener)
        holder_of_own_hand = name == "DrawFourChallenged" and listener == event.player  # type: ignore[attr-defined]
        if listener in audience and not holder_of_own_hand:
            assert told != told_other, f"{name}: the holder should hear their cards"
        else:
            assert told == told_other, f"{name} leaks a private card to {listener}: {told}"
            for card in (R7, G2):
                assert card.title not in told


def test_cards_are_told_in_words_with_colour_words() -> None:
    narrator = Narrator(NAMES)
    assert narrator.narrate(SAMPLES["CardPlayed"]) == (
        "Maya plays Wild Draw Four, the colour is green."
    )
    assert narrator.narrate(events.PlayerSkipped(1), 1) == "You are skipped."
    assert "Red 7, Green 2" in narrator.narrate(SAMPLES["CardsDrawn"], 1)
    assert narrator.narrate(SAMPLES["CardsDrawn"], 0) == "Leo draws 2 cards for the Draw Two."


def swapped(event: Event) -> Event:
    """The same event with other cards in its private part."""
    return dataclasses.replace(
        event,
        **{
            field: tuple(B9 for _ in value) if isinstance(value, tuple) else B9
            for field in event.PRIVATE_FIELDS
            if (value := getattr(event, field)) is not None
        },
    )


@pytest.mark.parametrize("rules", [Rules.classic(), Rules.two_player(), Rules.teams()])
def test_whole_rounds_narrate_no_hidden_card(rules: Rules) -> None:
    """Told to a player outside an event's audience, an event reads the same whatever its
    private cards are: the words cannot carry them."""
    for seed in range(15):
        game = Game(rules, 4 if rules.team_game else 2, seed=seed)
        rng = random.Random(seed)
        while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            game.apply(random_action(game, rng))
        narrator = Narrator(game.names, team_scores=rules.team_game)
        hidden = [e for e in game.log if e.audience() is not None and 0 not in e.audience()]
        assert hidden
        for event in hidden:
            assert narrator.narrate(event, 0) == narrator.narrate(swapped(event), 0)
