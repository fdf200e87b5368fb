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
        # Teams: "do not identify which cards are being exchanged", not even to the partners.
        told_to_nobody = name == "CardPassed"
        if listener in audience and not holder_of_own_hand and not told_to_nobody:
            assert told != told_other, f"{name}: the holder should hear their cards"
        else:
            assert told == told_other, f"{name} leaks a private card to {listener}: {told}"
            for card in (R7, G2):
                assert card.title not in told


def test_cards_are_told_in_words_with_color_words() -> None:
    narrator = Narrator(NAMES)
    assert narrator.narrate(SAMPLES["CardPlayed"]) == (
        "Maya plays Wild Draw Four, the colour is green."
    )
    assert narrator.narrate(events.PlayerSkipped(1), 1) == "You are skipped."
    assert "Red 7, Green 2" in narrator.narrate(SAMPLES["CardsDrawn"], 1)
    assert narrator.narrate(SAMPLES["CardsDrawn"], 0) == "Leo draws 2 cards for the Draw Two."


# What each event says: to an onlooker, to the player it is about, and in brief to an onlooker
# ("" when brief leaves it out). Seats: 0 Maya, 1 Leo, 2 Ines, 3 Omar.
WORDING: dict[str, tuple[str, int, str, str]] = {
    "DealerChosen": (
        "Leo deals: Maya drew Red 7, Leo Blue 9.",
        1,
        "You deal: Maya drew Red 7, you Blue 9.",
        "",
    ),
    "RoundStarted": (
        "Hand 2 begins. 7 cards each.",
        1,
        "Hand 2 begins. 7 cards each.",
        "Hand 2 begins. 7 cards each.",
    ),
    "CardsDealt": ("Leo is dealt 2 cards.", 1, "Your hand: Red 7, Green 2.", ""),
    "FirstCardTurned": ("First card: Red 7.", 0, "First card: Red 7.", "First card: Red 7."),
    "FirstCardIgnored": (
        "That is an action card: another card is turned.",
        0,
        "That is an action card: another card is turned.",
        "That is an action card: another card is turned.",
    ),
    "FirstCardReturned": (
        "A Wild Draw Four turned first goes back into the deck.",
        0,
        "A Wild Draw Four turned first goes back into the deck.",
        "A Wild Draw Four turned first goes back into the deck.",
    ),
    "TurnBegan": ("Ines's turn.", 2, "Your turn.", ""),
    "CardPlayed": (
        "Maya plays Wild Draw Four, the colour is green.",
        0,
        "You play Wild Draw Four, the colour is green.",
        "Maya plays Wild Draw Four, colour green.",
    ),
    "ColorNamed": (
        "Maya names the colour blue.",
        0,
        "You name the colour blue.",
        "Maya names the colour blue.",
    ),
    "CardsDrawn": (
        "Leo draws 2 cards for the Draw Two.",
        1,
        "You draw 2 cards for the Draw Two: Red 7, Green 2.",
        "Leo draws 2 cards for the Draw Two.",
    ),
    "DrawnCardKept": (
        "Leo keeps the drawn card.",
        1,
        "You keep the drawn card.",
        "Leo keeps the drawn card.",
    ),
    "TurnPassed": ("Leo cannot play.", 1, "You cannot play.", "Leo cannot play."),
    "PlayerSkipped": ("Leo is skipped.", 1, "You are skipped.", "Leo is skipped."),
    "DirectionChanged": (
        "Play goes counterclockwise.",
        0,
        "Play goes counterclockwise.",
        "Play goes counterclockwise.",
    ),
    "DeckReshuffled": (
        "Discard pile shuffled: a new draw pile of 40 cards.",
        0,
        "Discard pile shuffled: a new draw pile of 40 cards.",
        "",
    ),
    "PenaltyStacked": (
        "Ines stacks: 4 cards to draw.",
        2,
        "You stack: 4 cards to draw.",
        "Ines stacks: 4 cards to draw.",
    ),
    "DrawFourChallenged": (
        "Leo challenges Maya's Wild Draw Four: it was illegal.",
        1,
        "You challenge Maya's Wild Draw Four: it was illegal. Maya shows you: Red 7, Green 2.",
        "Leo challenges Maya's Wild Draw Four: it was illegal.",
    ),
    "HandsSwapped": (
        "Maya swaps hands with Ines.",
        2,
        "Maya swaps hands with you.",
        "Maya swaps hands with Ines.",
    ),
    "HandsPassed": (
        "Everyone passes their hand one seat clockwise.",
        0,
        "Everyone passes their hand one seat clockwise.",
        "Everyone passes their hand one seat clockwise.",
    ),
    "UnoCalled": (
        "Ines calls UNO for Maya!",
        0,
        "Ines calls UNO for you!",
        "Ines calls UNO for Maya!",
    ),
    "UnoCaught": (
        "Leo catches Maya without UNO.",
        0,
        "Leo catches you without UNO.",
        "Leo catches Maya without UNO.",
    ),
    "ExchangeStarted": (
        "Partner exchange: Maya and Ines each pass one card.",
        0,
        "Partner exchange: you and Ines each pass one card.",
        "Partner exchange: Maya and Ines each pass one card.",
    ),
    "PassChosen": ("Maya has chosen a card to pass.", 0, "You will pass Red 7.", ""),
    "CardPassed": ("Maya passes a card to Ines.", 2, "Maya passes a card to you.", ""),
    "PlayerWentOut": ("Maya is out of cards.", 0, "You are out of cards.", "Maya is out of cards."),
    "PlayerStaysOut": (
        "Maya stays out for the moment.",
        0,
        "You stay out for the moment.",
        "Maya stays out for the moment.",
    ),
    "ShareStarted": (
        "Ines gives Maya 3 cards, half of Ines's hand.",
        2,
        "You give Maya 3 cards, half of your hand.",
        "Ines gives Maya 3 cards, half of Ines's hand.",
    ),
    "CardGiven": ("Ines gives a card to Maya.", 0, "Ines gives Red 7 to you.", ""),
    "HandScored": (
        "Leo holds 11 points: Red 7, Yellow 4.",
        1,
        "You hold 11 points: Red 7, Yellow 4.",
        "Leo holds 11 points.",
    ),
    "RoundEnded": (
        "Maya wins hand 1 with 86 points. Scores: Maya 86, Leo 0, Ines 0, Omar 0.",
        0,
        "You win hand 1 with 86 points. Scores: Maya 86, Leo 0, Ines 0, Omar 0.",
        "Maya wins hand 1 with 86 points. Scores: Maya 86, Leo 0, Ines 0, Omar 0.",
    ),
    "MatchEnded": (
        "Maya wins the match. Final scores: Maya 512, Leo 40, Ines 3, Omar 0.",
        0,
        "You win the match. Final scores: Maya 512, Leo 40, Ines 3, Omar 0.",
        "Maya wins the match. Final scores: Maya 512, Leo 40, Ines 3, Omar 0.",
    ),
}


def test_every_event_type_has_its_wording() -> None:
    assert sorted(WORDING) == sorted(SAMPLES)


@pytest.mark.parametrize("name", sorted(WORDING))
def test_the_wording_of_each_event(name: str) -> None:
    onlooker, seat, to_seat, brief = WORDING[name]
    event = SAMPLES[name]
    assert Narrator(NAMES).narrate(event, None) == onlooker
    assert Narrator(NAMES).narrate(event, seat) == to_seat
    assert Narrator(NAMES, verbosity="brief").narrate(event, None) == brief


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_no_event_names_a_card_its_listener_may_not_know(name: str) -> None:
    """Whatever the verbosity: a private card is named only to its audience (and a Teams pass
    to nobody); outside it, a card's name appears only if a public field holds that card."""
    event = SAMPLES[name]
    audience = event.audience() or frozenset()
    private: set[Card] = set()
    for field in event.PRIVATE_FIELDS:
        value = getattr(event, field)
        private |= set(value) if isinstance(value, tuple) else {value}
    public_cards = {
        value
        for field in dataclasses.fields(event)
        if field.name not in event.PRIVATE_FIELDS
        and isinstance(value := getattr(event, field.name), Card)
    }
    for verbosity in ("full", "brief"):
        narrator = Narrator(NAMES, verbosity=verbosity)  # type: ignore[arg-type]
        for listener in (None, 0, 1, 2, 3):
            told = narrator.narrate(event, listener)
            may_know = listener in audience and name != "CardPassed"
            for card in private - public_cards:
                if not may_know:
                    assert card.title not in told, f"{name} tells {card} to {listener}: {told}"


def test_the_teams_exchange_is_announced_without_its_cards() -> None:
    """uno-teams.txt: "announce that a partner exchange is happening, but do not identify
    which cards are being exchanged"."""
    passed = events.CardPassed(0, 2, R7)
    for listener in (None, 0, 1, 2, 3):
        assert "Red" not in Narrator(NAMES).narrate(passed, listener)
    assert Narrator(NAMES).narrate(events.ExchangeStarted((0, 1, 2, 3), True)) == (
        "Everyone secretly passes one card to their teammate."
    )


def test_brief_leaves_out_what_changes_no_decision_and_keeps_the_rest() -> None:
    brief = Narrator(NAMES, verbosity="brief")
    assert brief.narrate(events.TurnBegan(1), 0) == ""
    # The listener's turn: its summary and question follow at once ("Play? ..."), and say it.
    assert brief.narrate(events.TurnBegan(0), 0) == ""
    assert brief.narrate(events.TurnBegan(0, must_play=True), 0) == (
        "Your turn: play a card, you may not draw."
    )
    assert brief.narrate(events.CardsDealt(1, 7, None), 0) == ""
    assert brief.narrate(events.PlayerSkipped(1), 0) == "Leo is skipped."
    assert brief.narrate(events.UnoCalled(1, 1), 0) == "Leo calls UNO!"


def test_a_bad_verbosity_is_refused() -> None:
    with pytest.raises(ValueError, match="full"):
        Narrator(NAMES, verbosity="loud")  # type: ignore[arg-type]


SKIP, DRAW_TWO, REVERSE, CUSTOM = (Card.parse(c) for c in ("BS", "B+2", "BR", "WC"))


@pytest.mark.parametrize(
    ("told", "line"),
    [
        (
            [events.CardPlayed(0, SKIP, Color.BLUE), events.PlayerSkipped(1), events.TurnBegan(2)],
            ["Maya plays Blue Skip: Leo is skipped. Ines's turn."],
        ),
        (
            [
                events.CardPlayed(0, DRAW_TWO, Color.BLUE),
                events.CardsDrawn(1, 2, DrawReason.DRAW_TWO, (R7, G2)),
                events.PlayerSkipped(1),
                events.TurnBegan(2),
            ],
            ["Maya plays Blue Draw Two: Leo draws 2 cards and is skipped. Ines's turn."],
        ),
        (
            [events.CardPlayed(0, REVERSE, Color.BLUE), events.DirectionChanged(False)],
            ["Maya plays Blue Reverse: play goes counterclockwise."],
        ),
        (
            [
                events.CardPlayed(0, CUSTOM, Color.RED),
                events.CardsDrawn(1, 2, DrawReason.CUSTOM, (R7, G2)),
                events.PlayerSkipped(1),
            ],
            ["Maya plays Wild Customizable, the colour is red: Leo draws 2 cards and is skipped."],
        ),
        (
            [
                events.CardPlayed(0, Card.parse("WX"), Color.RED, target=2),
                events.HandsSwapped(0, 2),
            ],
            ["Maya plays Wild Swap Hands with Ines, the colour is red."],
        ),
        (
            [events.CardsDrawn(1, 1, DrawReason.CHOICE, (R7,)), events.TurnPassed(1)],
            ["Leo draws 1 card and cannot play."],
        ),
    ],
)
def test_a_cards_consequences_are_told_in_the_line_of_its_play(
    told: list[Event], line: list[str]
) -> None:
    """The issue's own example: "Blue Skip: Maya is skipped"."""
    assert Narrator(NAMES).narrate_events(told, None) == line


def test_the_drawer_hears_their_cards_after_the_consequence() -> None:
    told = [
        events.CardPlayed(0, DRAW_TWO, Color.BLUE),
        events.CardsDrawn(1, 2, DrawReason.DRAW_TWO, (G2, R7)),
        events.PlayerSkipped(1),
    ]
    assert Narrator(NAMES).narrate_events(told, 1) == [
        "Maya plays Blue Draw Two: you draw 2 cards and are skipped: Red 7, Green 2."
    ]


def test_brief_narrate_events_drops_left_out_lines() -> None:
    told = [events.CardPlayed(0, R7, Color.RED), events.TurnBegan(1), events.TurnBegan(0)]
    assert Narrator(NAMES, verbosity="brief").narrate_events(told, 0) == ["You play Red 7."]


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
        # The joined lines too, in both verbosities: the whole round told to seat 0 reads the
        # same when every card seat 0 may not see is changed.
        others = [
            swapped(e) if e.audience() is not None and 0 not in e.audience() else e
            for e in game.log
        ]
        for verbosity in ("full", "brief"):
            teller = Narrator(game.names, team_scores=rules.team_game, verbosity=verbosity)  # type: ignore[arg-type]
            assert teller.narrate_events(game.log, 0) == teller.narrate_events(others, 0)


@pytest.mark.parametrize(
    ("told", "listener", "line"),
    [
        (
            [
                events.CardsDrawn(1, 4, DrawReason.DRAW_FOUR, (R7, G2, B9, Y4)),
                events.PlayerSkipped(1),
                events.TurnBegan(0),
            ],
            1,
            [
                "You draw 4 cards for the Wild Draw Four and are skipped: "
                "Red 7, Yellow 4, Green 2, Blue 9. Maya's turn.",
            ],
        ),
        (
            [events.CardPlayed(0, R7, Color.RED), events.TurnBegan(1)],
            1,
            ["Maya plays Red 7.", "Your turn."],
        ),
        (
            [
                events.FirstCardTurned(SKIP),
                events.FirstCardIgnored(SKIP),
                events.FirstCardTurned(R7),
            ],
            None,
            [
                "First card: Blue Skip. That is an action card: another card is turned.",
                "First card: Red 7.",
            ],
        ),
        (
            [events.FirstCardTurned(Card.parse("GR")), events.PlayerSkipped(0)],
            None,
            ["First card: Green Reverse: Maya is skipped."],
        ),
        (
            [
                events.RoundStarted(2, 1, 7),
                events.CardsDealt(0, 7, (R7,) * 7),
                events.CardsDealt(1, 7, (G2,) * 7),
            ],
            0,
            ["Hand 2 begins. 7 cards each.", "Your hand: " + ", ".join(["Red 7"] * 7) + "."],
        ),
        (
            [
                events.CardPassed(0, 2, R7),
                events.CardPassed(1, 3, G2),
                events.CardPassed(2, 0, B9),
                events.CardPassed(3, 1, Y4),
            ],
            2,
            # Issue 11: what I received in an exchange is told to me only.
            ["You and Maya exchange a card: you receive Red 7. Leo and Omar exchange a card."],
        ),
        (
            [
                events.CardPlayed(0, Card.parse("B4"), Color.BLUE),
                events.RoundEnded(1, (0,), 20, (20, 0, 0, 0)),
                events.HandScored(0, (), 0),
                events.HandScored(1, (Card.parse("BS"),), 20),
            ],
            None,
            [
                "Maya plays Blue 4.",
                "Maya wins hand 1 with 20 points. Scores: Maya 20, Leo 0, Ines 0, Omar 0.",
                "Leo holds 20 points: Blue Skip.",
            ],
        ),
    ],
)
def test_lines_a_listener_hears_for_several_events(
    told: list[Event], listener: int | None, line: list[str]
) -> None:
    """Read aloud end to end, one line per event was too long: draws join what follows them,
    others' turns end the line before, the deal and the exchange are told once."""
    assert Narrator(NAMES).narrate_events(told, listener) == line


def test_a_teams_exchange_in_brief_is_told_only_to_the_partners() -> None:
    told = [events.CardPassed(0, 2, R7), events.CardPassed(2, 0, B9)]
    brief = Narrator(NAMES, verbosity="brief")
    assert brief.narrate_events(told, 1) == []
    assert brief.narrate_events(told, 0) == ["You and Ines exchange a card: you receive Blue 9."]


def test_a_player_named_you_is_told_of_in_the_second_person() -> None:
    """The app's default name is "You": "You play", "You deal", "You to play", never
    "You plays", "You deals" or "You's turn", whoever listens."""
    narrator = Narrator(["You", "Ada"])
    onlooker = [
        narrator.narrate(event, None)
        for event in (
            events.DealerChosen(0, ()),
            events.TurnBegan(0),
            events.CardPlayed(0, Card.parse("R7"), Color.RED),
        )
    ]
    assert onlooker == ["You deal.", "You to play.", "You play Red 7."]
    ada = events.CardPlayed(1, Card.parse("R7"), Color.RED)
    assert narrator.narrate(ada, None) == "Ada plays Red 7."


def test_narration_has_an_explicit_sentence_for_every_event_type() -> None:
    """Issue 13: events reach their sentences through a table, not by method names."""
    from uno_tui.narration.narrator import SENTENCES

    assert set(SENTENCES) == set(EVENT_TYPES)


def test_a_players_own_uno_call_is_told_with_their_play_before_the_next_turn() -> None:
    told = [events.CardPlayed(0, R7, Color.RED), events.TurnBegan(1), events.UnoCalled(0, 0)]
    assert Narrator(NAMES).narrate_events(told, 1) == [
        "Maya plays Red 7. Maya calls UNO!",
        "Your turn.",
    ]
    assert Narrator(NAMES).narrate_events(told, None) == [
        "Maya plays Red 7. Maya calls UNO! Leo's turn."
    ]


def test_you_are_lower_case_mid_sentence_even_when_a_player_is_called_you() -> None:
    names = ("You", "Ada", "Cy")
    told = [events.CardPlayed(2, Card.parse("RS"), Color.RED), events.PlayerSkipped(0)]
    assert Narrator(names).narrate_events(told, 0) == ["Cy plays Red Skip: you are skipped."]


def test_the_exchanged_card_is_named_to_its_receiver_only() -> None:
    told = [events.CardPassed(0, 2, R7), events.CardPassed(2, 0, B9)]
    assert Narrator(NAMES).narrate_events(told, 0) == [
        "You and Ines exchange a card: you receive Blue 9."
    ]
    for listener in (None, 1, 3):
        line = " ".join(Narrator(NAMES).narrate_events(told, listener))
        assert "Blue" not in line and "Red" not in line, line


def test_an_uno_call_after_a_wild_draw_four_comes_before_the_draw_it_caused() -> None:
    """Issue 11: an UNO call fell between a Wild Draw Four and "Bo draws 4 cards"."""
    told = [
        events.CardPlayed(0, Card.parse("W+4"), Color.RED),
        events.UnoCalled(0, 0),
        events.CardsDrawn(1, 4, DrawReason.DRAW_FOUR, (R7, G2, B9, Y4)),
        events.PlayerSkipped(1),
        events.TurnBegan(2),
    ]
    assert Narrator(NAMES).narrate_events(told, 3) == [
        "Maya plays Wild Draw Four, the colour is red. Maya calls UNO!",
        "Leo draws 4 cards for the Wild Draw Four and is skipped. Ines's turn.",
    ]


def test_a_teammates_uno_call_is_told_with_the_play_before_your_turn() -> None:
    told = [events.CardPlayed(1, R7, Color.RED), events.TurnBegan(2), events.UnoCalled(3, 1)]
    assert Narrator(NAMES).narrate_events(told, 2) == [
        "Leo plays Red 7. Omar calls UNO for Leo!",
        "Your turn.",
    ]


SHARE_NAMES = ("You", "Ada", "Bo", "Cy")


def test_a_call_a_share_caused_is_told_after_its_cards_and_before_the_turn() -> None:
    """Teams: the call came between the shared cards ("Ada gives a card to Cy." / "Cy calls
    UNO!" / "Ada gives a card to Cy.") and after "Your turn.", which its summary follows."""
    told: list[Event] = [
        events.ShareStarted(giver=1, receiver=3, count=2, tag_back=False),
        events.CardGiven(giver=1, receiver=3, card=None),
        events.UnoCalled(caller=3, player=3),
        events.CardGiven(giver=1, receiver=3, card=None),
        events.TurnBegan(player=0),
    ]
    assert Narrator(SHARE_NAMES).narrate_events(told, 0) == [
        "Ada gives Cy 2 cards, half of Ada's hand.",
        "Ada gives a card to Cy.",
        "Ada gives a card to Cy.",
        "Cy calls UNO!",
        "Your turn.",
    ]


def test_a_call_for_the_giver_left_with_one_card_comes_before_their_turn() -> None:
    told: list[Event] = [
        events.ShareStarted(giver=1, receiver=3, count=1, tag_back=False),
        events.CardGiven(giver=1, receiver=3, card=None),
        events.TurnBegan(player=0),
        events.UnoCalled(caller=3, player=1),
    ]
    lines = Narrator(SHARE_NAMES).narrate_events(told, 0)
    assert lines[-2:] == ["Cy calls UNO for Ada!", "Your turn."], "the summary follows at once"
    brief = Narrator(SHARE_NAMES, verbosity="brief").narrate_events(told, 0)
    assert brief[-1] == "Cy calls UNO for Ada!", "the call, then the turn's summary"
