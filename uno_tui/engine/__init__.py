"""The UNO rules engine: classic, two-player and Teams, standard library only.

Start with ``Game(Rules.classic(), ["Ann", "Ben", "Cat"], seed=1)``; ask ``game.decisions()``
who may decide what, ``game.apply(action)`` to act, and ``game.view(seat)`` for what a player
may know.

Each name is imported from its module when first asked for (PEP 562): a front end that only
sets up a table (the rules, the names) does not load the game itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uno_tui.engine.lazy import names_on_demand

if TYPE_CHECKING:
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
    from .cards import (
        Card,
        CardNotationError,
        Color,
        Rank,
        format_cards,
        parse_cards,
    )
    from .decisions import (
        Decision,
        DecisionKind,
        Phase,
    )
    from .decks import (
        build_deck,
        classic_deck,
        standard_deck,
        teams_deck,
    )
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
    from .game import (
        Game,
    )
    from .names import (
        MAX_NAME_LENGTH,
        BadNameError,
        check_names,
        clean_name,
    )
    from .position import (
        Position,
    )
    from .record import (
        MatchRecord,
    )
    from .rules import (
        CustomEffect,
        DeckKind,
        FirstCard,
        MatchMethod,
        Rules,
        RuleSet,
    )
    from .scoring import (
        card_points,
        hand_points,
    )
    from .seats import (
        team_members,
        team_of,
        teammate_of,
    )
    from .view import (
        PlayerView,
        PublicView,
    )

_MODULES = {
    "AcceptPenalty": "actions",
    "Action": "actions",
    "BadChoiceError": "errors",
    "BadNameError": "names",
    "CallUno": "actions",
    "Card": "cards",
    "CardDoesNotMatchError": "errors",
    "CardNotInHandError": "errors",
    "CardNotationError": "cards",
    "CatchUno": "actions",
    "Challenge": "actions",
    "Color": "cards",
    "CustomEffect": "rules",
    "Deal": "actions",
    "Decision": "decisions",
    "DecisionKind": "decisions",
    "DeckKind": "rules",
    "DrawCard": "actions",
    "DrawnCardOnlyError": "errors",
    "FirstCard": "rules",
    "Game": "game",
    "GiveCard": "actions",
    "IllegalActionError": "errors",
    "KeepDrawn": "actions",
    "MAX_NAME_LENGTH": "names",
    "MatchMethod": "rules",
    "MatchRecord": "record",
    "MustPlayError": "errors",
    "NameColor": "actions",
    "NoCardsToDrawError": "errors",
    "NotYourDecisionError": "errors",
    "PassCard": "actions",
    "Phase": "decisions",
    "PlayCard": "actions",
    "PlayerView": "view",
    "Position": "position",
    "PublicView": "view",
    "Rank": "cards",
    "RecordError": "errors",
    "RoundOverError": "errors",
    "RuleSet": "rules",
    "Rules": "rules",
    "SetupError": "errors",
    "UnoCallError": "errors",
    "UnoError": "errors",
    "action_from_dict": "actions",
    "build_deck": "decks",
    "card_points": "scoring",
    "check_names": "names",
    "classic_deck": "decks",
    "clean_name": "names",
    "format_cards": "cards",
    "hand_points": "scoring",
    "parse_cards": "cards",
    "standard_deck": "decks",
    "team_members": "seats",
    "team_of": "seats",
    "teammate_of": "seats",
    "teams_deck": "decks",
}
"""Where each name lives: its module is imported when the name is first asked for."""


__getattr__ = names_on_demand(__name__, _MODULES, globals())


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
