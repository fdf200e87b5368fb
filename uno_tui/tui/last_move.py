"""What just happened, as the table shows it: who played the top card and what it did (beside
the discard pile), and a short banner on each seat the last move hit (skipped, made to draw,
swapped, caught without UNO).

Read from the round's events as the viewer saw them (``PublicView.events``), so it shows only
what that viewer may know. Pure: no Textual; ``table_view`` draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from uno_tui.engine import Card, PublicView
from uno_tui.engine.events import (
    CardPlayed,
    CardsDrawn,
    DirectionChanged,
    DrawFourChallenged,
    DrawReason,
    Event,
    HandsPassed,
    HandsSwapped,
    PlayerSkipped,
    TurnBegan,
    UnoCaught,
)

BANNER_WIDTH = 6
"""A banner takes the place of the seat's label (``medium``, ``person``) for one move."""
PRIORITY = ("caught", "+", "swap", "skip", "drew")
"""When one move did several things to a seat, the banner names the first of these."""


@dataclass(frozen=True, slots=True)
class LastMove:
    """The play that put the top card there, and what it did (``effect``: ``→ you +2``)."""

    player: int
    card: Card
    effect: str


def recent(events: Sequence[Event]) -> Sequence[Event]:
    """The last move and what it caused: the events since the turn before the current one
    began (a penalty, a skip and a catch come between turns), or since the current one began
    if its card is already down and waits for an answer (a Wild Draw Four's challenge)."""
    starts = [i for i, event in enumerate(events) if isinstance(event, TurnBegan)]
    if starts and any(isinstance(event, CardPlayed) for event in events[starts[-1] :]):
        return events[starts[-1] :]  # the move just made waits for an answer (a challenge)
    if len(starts) < 2:
        return events
    return events[starts[-2] :]


def last_move(view: PublicView, viewer: int | None) -> LastMove | None:
    """Who played the top card and what it did, or None when no card has been played on it
    (the first card turned)."""
    events = view.events
    index = next(
        (i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], CardPlayed)), None
    )
    if index is None:
        return None
    played = events[index]
    assert isinstance(played, CardPlayed)
    if played.card != view.top_card:
        return None
    names = [who(view, seat, viewer) for seat in range(len(view.names))]
    effects: list[str] = []
    for event in events[index + 1 :]:
        if isinstance(event, CardPlayed | TurnBegan):
            break
        if isinstance(event, CardsDrawn) and event.reason in (
            DrawReason.DRAW_TWO,
            DrawReason.DRAW_FOUR,
            DrawReason.TEAM_DRAW_FOUR,
            DrawReason.TEAM_PLAY,
            DrawReason.CUSTOM,
        ):
            effects.append(f"→ {names[event.player]} +{event.count}")
        elif isinstance(event, PlayerSkipped):
            if not any(e.startswith(f"→ {names[event.player]} +") for e in effects):
                effects.append(f"skips {names[event.player]}")
        elif isinstance(event, DirectionChanged):
            effects.append("↻ reversed" if event.clockwise else "↺ reversed")
        elif isinstance(event, HandsSwapped):
            effects.append(f"⇄ {names[event.target]}")
        elif isinstance(event, HandsPassed):
            effects.append("hands passed on")
        elif isinstance(event, DrawFourChallenged):
            effects.append("challenged: illegal" if event.illegal else "challenged: legal")
    if view.hand_counts[played.player] == 0:
        effects.append("· out!")  # "you W · out!": said alike of anyone, no verb to agree
    if not effects and view.pending_penalty and view.responder is not None:
        effects.append(f"→ {names[view.responder]} +{view.pending_penalty}?")
    return LastMove(played.player, played.card, " ".join(effects))


def who(view: PublicView, seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else view.names[seat]


def seat_banners(view: PublicView) -> dict[int, str]:
    """A word or two for each seat the last move hit: ``skip``, ``+2``, ``+4``, ``caught``
    (drew for a forgotten UNO), ``swap``, ``drew 1`` (drew by choice)."""
    found: dict[int, list[str]] = {}
    for event in recent(view.events):
        if isinstance(event, PlayerSkipped):
            found.setdefault(event.player, []).append("skip")
        elif isinstance(event, UnoCaught):
            found.setdefault(event.player, []).append("caught")
        elif isinstance(event, CardsDrawn) and event.reason is not DrawReason.FIRST_CARD:
            if event.reason is DrawReason.CHOICE:
                found.setdefault(event.player, []).append(f"drew {event.count}")
            elif event.reason is not DrawReason.UNO_PENALTY:
                found.setdefault(event.player, []).append(f"+{event.count}")
        elif isinstance(event, HandsSwapped):
            found.setdefault(event.player, []).append("swap")
            found.setdefault(event.target, []).append("swap")
    return {seat: pick(words) for seat, words in found.items()}


def pick(words: Sequence[str]) -> str:
    """The banner that says most of what happened to a seat."""
    for prefix in PRIORITY:
        for word in words:
            if word.startswith(prefix):
                return word[:BANNER_WIDTH]
    return words[0][:BANNER_WIDTH]
