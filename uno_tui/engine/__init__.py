"""The UNO rules engine: classic, two-player and Teams, standard library only.

Start with ``Game(Rules.classic(), ["Ann", "Ben", "Cat"], seed=1)``; ask ``game.decisions()``
who may decide what, ``game.apply(action)`` to act, and ``game.view(seat)`` for what a player
may know.
"""

from __future__ import annotations

from .actions import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Deal,
    DrawCard,
    GiveCard,
    KeepDrawn,
    NameColor,
    PassCard,
    PlayCard,
    action_from_dict,
)
from .cards import Card, CardNotationError, Color, Rank, format_cards, parse_cards
from .decisions import Decision, DecisionKind, Phase
from .decks import build_deck, classic_deck, standard_deck, teams_deck
from .errors import (
    BadChoiceError,
    CardDoesNotMatchError,
    CardNotInHandError,
    DrawnCardOnlyError,
    IllegalActionError,
    MustPlayError,
    NoCardsToDrawError,
    NotYourDecisionError,
    RecordError,
    RoundOverError,
    SetupError,
    UnoCallError,
    UnoError,
)
from .game import Game
from .names import MAX_NAME_LENGTH, BadNameError, check_names, clean_name
from .position import Position
from .record import MatchRecord
from .rules import CustomEffect, DeckKind, FirstCard, MatchMethod, Rules, RuleSet
from .scoring import card_points, hand_points
from .teams import team_members, team_of, teammate_of
from .view import PlayerView, PublicView

__all__ = [
    "MAX_NAME_LENGTH",
    "AcceptPenalty",
    "Action",
    "BadChoiceError",
    "BadNameError",
    "CallUno",
    "Card",
    "CardDoesNotMatchError",
    "CardNotInHandError",
    "CardNotationError",
    "CatchUno",
    "Challenge",
    "Color",
    "CustomEffect",
    "Deal",
    "Decision",
    "DecisionKind",
    "DeckKind",
    "DrawCard",
    "DrawnCardOnlyError",
    "FirstCard",
    "Game",
    "GiveCard",
    "IllegalActionError",
    "KeepDrawn",
    "MatchMethod",
    "MatchRecord",
    "MustPlayError",
    "NameColor",
    "NoCardsToDrawError",
    "NotYourDecisionError",
    "PassCard",
    "Phase",
    "PlayCard",
    "PlayerView",
    "Position",
    "PublicView",
    "Rank",
    "RecordError",
    "RoundOverError",
    "RuleSet",
    "Rules",
    "SetupError",
    "UnoCallError",
    "UnoError",
    "action_from_dict",
    "build_deck",
    "card_points",
    "check_names",
    "classic_deck",
    "clean_name",
    "format_cards",
    "hand_points",
    "parse_cards",
    "standard_deck",
    "team_members",
    "team_of",
    "teammate_of",
    "teams_deck",
]
