"""One hierarchy of errors under ``UnoError``.

An illegal action raises a subclass of ``IllegalActionError`` whose message names the player, the
card (where there is one) and the rule it breaks; the game is left exactly as it was.
"""

from __future__ import annotations


class UnoError(ValueError):
    """Base of every error the engine raises on purpose."""


class SetupError(UnoError):
    """Rules, options, players or a deck order that cannot make a game."""


class RecordError(UnoError):
    """A match record that cannot be read or replayed."""


class IllegalActionError(UnoError):
    """An action the rules do not allow now. The state is unchanged."""


class NotYourDecisionError(IllegalActionError):
    """The player has no decision of this kind to take now."""


class CardNotInHandError(IllegalActionError):
    """The player does not hold the card they named."""


class CardDoesNotMatchError(IllegalActionError):
    """The card matches neither the colour, the number nor the symbol on the discard pile."""


class BadChoiceError(IllegalActionError):
    """A colour or a target is missing, not allowed, or given where none is asked."""


class DrawnCardOnlyError(IllegalActionError):
    """After drawing, only the drawn card may be played."""


class MustPlayError(IllegalActionError):
    """The rules require a card to be played now; drawing or keeping is not allowed."""


class NoCardsToDrawError(IllegalActionError):
    """Drawing on purpose with no card left to draw."""


class UnoCallError(IllegalActionError):
    """A call of UNO, or a catch, that the rules do not allow now."""


class RoundOverError(IllegalActionError):
    """The round (or the match) is over; only the next deal is possible."""
