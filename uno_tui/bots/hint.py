"""A hint for a person: what the hard bot would do in their seat, from their view only (what
they may know, no more), and why, in one line."""

from __future__ import annotations

import random
from dataclasses import dataclass

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    Challenge,
    DrawCard,
    GiveCard,
    KeepDrawn,
    NameColor,
    PassCard,
    PlayCard,
    PlayerView,
    Rank,
)
from uno_tui.engine.scoring import card_points

from .base import Bot
from .hard import HardBot
from .knowledge import Knowledge, colors_held, is_opponent, next_in_play
from .medium import draw_four_player

ATTACKS = frozenset((Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.WILD_TEAM_DRAW_FOUR))
HINT_THINK_MS = 200
"""The hint's search budget: a hint comes within a quarter of a second with room for reading
the view and wording the reason (the bot's own 250 ms would overrun it). On a quiet machine
that is several times the work the hard level's strength is measured at (``docs/strength.md``:
304 deals a decision, what 50 ms buys)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The action the hard bot would take, and the one-line reason for it."""

    action: Action
    reason: str


def hint(view: PlayerView, *, bot: Bot | None = None, seed: int = 0) -> Hint:
    """What ``bot`` (a hard bot unless given) would do from ``view``, and why. The same view
    and seed give the same hint."""
    chooser = HardBot(think_ms=HINT_THINK_MS) if bot is None else bot
    action = chooser.choose(view, random.Random(seed))
    return Hint(action, reason(view, action))


def reason(view: PlayerView, action: Action) -> str:
    """Why ``action`` is a good idea, in one line, from what ``view`` shows."""
    after = next_in_play(view, view.player)
    name, count = view.names[after], view.hand_counts[after]
    against = is_opponent(view, after)
    if isinstance(action, PlayCard):
        return play_reason(view, action, after, against)
    if isinstance(action, DrawCard):
        if any(isinstance(a, PlayCard) for d in view.decisions for a in d.actions):
            return "your cards are worth more later than now"
        return "no card of yours can go"
    if isinstance(action, KeepDrawn):
        return "the card you drew is worth more later"
    if isinstance(action, Challenge):
        who = draw_four_player(view)
        owner = "its player" if who is None else view.names[who]
        return f"{owner} likely held the colour: a bluff costs them 4"
    if isinstance(action, AcceptPenalty):
        return "a challenge would likely fail and cost you 2 more"
    if isinstance(action, PassCard | GiveCard):
        return "the card your hand needs least"
    if isinstance(action, NameColor):
        return f"the colour you hold most ({action.color.word})"
    if against and count <= 2:
        return f"{name} is down to {count}"
    return "the best of your options"


def play_reason(view: PlayerView, play: PlayCard, after: int, against: bool) -> str:
    card = play.card
    name, count = view.names[after], view.hand_counts[after]
    left = len(view.hand) - 1
    if left == 0:
        return "your last card: it ends the hand"
    if card.rank in ATTACKS and against:
        return f"{name} ({count} cards) draws and loses a turn"
    if card.rank is Rank.SKIP and against:
        return f"{name} ({count} cards) loses a turn"
    if card.rank is Rank.REVERSE and against and count <= 3:
        return f"play turns away from {name}, who holds {count}"
    color = play.color or card.color
    if color is None:  # a Wild Swap Hands and the like, with no colour to name
        return "the best of your options"
    lacking = Knowledge.of(view).notes[after].missing_colors
    if against and color in lacking:
        return f"{name} drew on {color.word} before: they may have none"
    held = colors_held(c for c in view.hand if c != card)
    if card.is_wild:
        return f"{color.word} is the colour you hold most ({held[color]} cards)"
    if left == 1:
        return "leaves you one card: press U with it"
    more = held[color]
    points = card_points(card, view.rules)
    if points >= 20:
        return f"sheds {points} points while it can"
    if more:
        return f"keeps play in {color.word}, where you hold {more} more"
    return f"gets rid of your last {color.word} card"
