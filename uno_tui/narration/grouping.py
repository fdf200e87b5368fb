"""The grouping pass of narration: which events are told together, and in which order.

A listener hears a round as a few lines, not one line per event. This pass decides only the
shape of those lines (which event leads a line, which join it as its consequences, which end
it as a short sentence of their own); the words come after, from the narrator's table of
sentences (``narrator.SENTENCES``). The rules of the shape:

- a card's consequences join the line of its play ("Maya plays Blue Skip: Leo is skipped."),
  and a first card's the line that turns it;
- drawing and what follows it is one clause ("Leo draws 1 card and cannot play.");
- an UNO call for the player who just played is told with their play, before the next turn
  begins (a bot calls as it plays; the engine records the call just after the turn passes);
  a call that a Teams share caused (giver or receiver left with one card) is told after the
  whole share, never between its cards, and before the turn that follows it, so "Your turn."
  is followed straight by the turn's summary;
- another player's turn beginning ends the line before it ("... Ines's turn."), while
  "Your turn." keeps a line of its own;
- the deal to the others is not told again after "Hand 2, 7 cards each.";
- a Teams exchange is one line;
- who won a hand comes before the hands left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from uno_tui.engine.events import (
    CardGiven,
    CardPassed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    DirectionChanged,
    DrawReason,
    Event,
    FirstCardIgnored,
    FirstCardTurned,
    HandScored,
    HandsPassed,
    HandsSwapped,
    PlayerSkipped,
    RoundEnded,
    RoundStarted,
    TurnBegan,
    TurnPassed,
    UnoCalled,
)


@dataclass(frozen=True, slots=True)
class Draw:
    """Cards drawn, with what followed at once (skipped, or cannot play), as one clause."""

    drawn: CardsDrawn
    then: PlayerSkipped | TurnPassed | None = None
    of_the_card: bool = False
    """A consequence of the card just played: the reason goes without saying."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """A run of Teams passes, told as who exchanged with whom."""

    passes: tuple[CardPassed, ...]


Clause = Event | Draw | Exchange


@dataclass(slots=True)
class Line:
    """One line heard: a lead clause, its consequences, then whole sentences that end it."""

    lead: Clause
    consequences: list[Clause] = field(default_factory=list)
    endings: list[Clause] = field(default_factory=list)
    open: bool = False
    """Consequences of the lead (a card played or turned first) may still join it."""


# A card's own consequences, told in the line of its play ("Blue Skip: Leo is skipped").
CONSEQUENCES = (PlayerSkipped, CardsDrawn, DirectionChanged, HandsSwapped, HandsPassed)
REASONS_OF_A_CARD = frozenset(
    {
        DrawReason.DRAW_TWO,
        DrawReason.DRAW_FOUR,
        DrawReason.TEAM_DRAW_FOUR,
        DrawReason.CUSTOM,
        DrawReason.FIRST_CARD,
    }
)


def calls_in_play_order(events: Sequence[Event]) -> list[Event]:
    """``events`` with each UNO call for the player who just played or shared (their own, or
    their teammate's for them) moved before the turns that began after it: the call belongs to
    the play, whoever the engine let speak first. A call in the middle of a share's cards is
    moved after its last card."""
    ordered = _calls_after_shares(events)
    for index in range(1, len(ordered)):
        event = ordered[index]
        if not isinstance(event, UnoCalled):
            continue
        at = index
        while at > 0 and isinstance(ordered[at - 1], TurnBegan):
            at -= 1
        if at < index and at > 0 and _played_by(ordered[:at], event.player):
            ordered.insert(at, ordered.pop(index))
    return ordered


def _calls_after_shares(events: Sequence[Event]) -> list[Event]:
    """Each run of one share's cards given, with the UNO calls made between them, as the cards
    first and the calls after."""
    ordered: list[Event] = []
    index = 0
    while index < len(events):
        event = events[index]
        if not isinstance(event, CardGiven):
            ordered.append(event)
            index += 1
            continue
        given: list[Event] = []
        calls: list[Event] = []
        while index < len(events):
            item = events[index]
            if isinstance(item, CardGiven) and (item.giver, item.receiver) == (
                event.giver,
                event.receiver,
            ):
                given.append(item)
            elif isinstance(item, UnoCalled):
                calls.append(item)
            else:
                break
            index += 1
        ordered += given + calls
    return ordered


def _played_by(before: Sequence[Event], player: int) -> bool:
    """The last card played or given before these turns was ``player``'s (or, given, came to
    ``player``)."""
    for event in reversed(before):
        if isinstance(event, CardPlayed):
            return event.player == player
        if isinstance(event, CardGiven):
            return player in (event.giver, event.receiver)
    return False


def group(
    events: Sequence[Event], listener: int | None, silent: Callable[[Event], bool]
) -> list[Line]:
    """The lines ``listener`` hears for ``events`` (already as ``listener`` sees them), events
    that ``silent`` says give no words left out before grouping."""
    told = [event for event in calls_in_play_order(events) if not silent(event)]
    lines: list[Line] = []
    scored: list[Line] = []
    hand_size: int | None = None
    index = 0
    while index < len(told):
        event = told[index]
        following = told[index + 1] if index + 1 < len(told) else None
        last = lines[-1] if lines else None
        is_open = last is not None and last.open
        index += 1
        clause: Clause = event
        if isinstance(event, CardsDrawn):
            of_the_card = is_open and event.reason in REASONS_OF_A_CARD
            then = None
            if (
                isinstance(following, PlayerSkipped | TurnPassed)
                and following.player == event.player
                and event.count
            ):
                then = following
                index += 1
            clause = Draw(event, then, of_the_card)
        elif isinstance(event, CardPassed):
            end = index
            while end < len(told) and isinstance(told[end], CardPassed):
                end += 1
            passes = tuple(e for e in told[index - 1 : end] if isinstance(e, CardPassed))
            clause = Exchange(passes)
            index = end

        if isinstance(event, RoundStarted):
            hand_size = event.hand_size
        if isinstance(event, HandScored):
            scored.append(Line(event))
            continue
        if isinstance(event, RoundEnded):
            lines += [Line(event), *scored]
            scored = []
            continue
        if isinstance(event, CardsDealt) and event.cards is None and event.count == hand_size:
            continue
        told_by_the_card = not isinstance(clause, Draw) or clause.of_the_card
        if last is not None and is_open and isinstance(event, CONSEQUENCES) and told_by_the_card:
            if not isinstance(event, HandsSwapped):  # the play said "with Omar"
                last.consequences.append(clause)
            continue
        if (
            last is not None
            and isinstance(event, UnoCalled)
            and isinstance(last.lead, CardPlayed)
            and last.lead.player == event.player
            and not last.endings
        ):
            last.endings.append(event)
            last.open = False
            continue
        if last is not None and (
            (isinstance(event, TurnBegan) and event.player != listener)
            or isinstance(event, FirstCardIgnored)
        ):
            last.endings.append(event)
            last.open = False
            continue
        lines.append(Line(clause, open=isinstance(event, CardPlayed | FirstCardTurned)))
    return lines + scored
