"""What a bot can work out from its view: unseen cards, what others cannot hold, who is next.

Everything here is read from a ``PlayerView`` and its events as that player saw them, so a bot
that uses it knows nothing a person in the same seat would not. The inferences are the ones a
careful player makes: a card I passed to my teammate is still theirs until they play it; an
opponent who drew on their turn held nothing that matched (nobody draws with a playable card
in hand, we assume), and neither did the cards it drew and kept for not matching; a Wild Draw
Four that survived a challenge proves the colour was missing. What the cards a player chose
to play say of its hand is weighed by ``deals.py``.
"""

from __future__ import annotations

import copy
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from uno_tui.engine import Card, Color, PlayerView, Rank, build_deck
from uno_tui.engine.events import (
    CardGiven,
    CardPassed,
    CardPlayed,
    CardsDrawn,
    ColorNamed,
    DrawFourChallenged,
    DrawnCardKept,
    DrawReason,
    Event,
    FirstCardTurned,
    HandsPassed,
    HandsSwapped,
    TurnPassed,
)

ATTACK_RANKS = frozenset((Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.WILD_TEAM_DRAW_FOUR))
"""Cards that hurt the next player; never aimed at a teammate."""


@dataclass(frozen=True, slots=True)
class Play:
    """A card a seat chose to play, and the table it chose it on."""

    card: Card
    top: Card
    color: Color | None
    """The colour in play before the card."""
    named: Color | None
    """The colour named for a Wild (else the card's)."""


@dataclass(frozen=True, slots=True)
class Lack:
    """What a hand showed it held none of at one moment: colours, ranks (of coloured cards),
    and perhaps Wilds."""

    colors: frozenset[Color] = frozenset()
    ranks: frozenset[Rank] = frozenset()
    wilds: bool = False
    draws: int = 0
    """Times the hand drew on its turn: a Wild in it then is doubted, not ruled out (many
    players keep their Wilds and draw while they hold several other cards)."""

    def rules_out(self, card: Card) -> bool:
        if card.color is None:
            return self.wilds
        return card.color in self.colors or card.rank in self.ranks

    def __or__(self, other: Lack) -> Lack:
        return Lack(
            self.colors | other.colors,
            self.ranks | other.ranks,
            self.wilds or other.wilds,
            self.draws + other.draws,
        )

    def __bool__(self) -> bool:
        return bool(self.colors or self.ranks or self.wilds or self.draws)


NO_LACK = Lack()


@dataclass(slots=True)
class HandNotes:
    """What one other seat's hand is known to contain, and what parts of it cannot contain.

    A seat that draws on its turn shows its whole hand lacks the colour (and the number, and
    Wilds); cards it takes later are free of that, but not of what it shows it lacks later.
    So its unnamed cards fall into groups by when they came in: those held at its first showing
    are bound by every lack it showed, those come in after showing ``lacks[i]`` only by the
    lacks shown since (``since[i]`` of them). A card it plays is taken from the group that
    binds the most and still allows it, so no group is ever thought to bind more cards than
    it surely does."""

    known: Counter[Card] = field(default_factory=Counter)
    """Cards this seat surely holds (passed or given to them, or shown in a challenge)."""
    lacks: list[Lack] = field(default_factory=list)
    """What the seat showed it lacked, oldest first."""
    since: list[int] = field(default_factory=list)
    """``since[i]``: cards come in after it showed ``lacks[i]`` and before the next showing."""
    plays: list[Play] = field(default_factory=list)
    """The cards the seat chose to play since it last took a card: every one of them, and every
    card it holds now, was in its hand when it chose the first."""
    just_drew: bool = False
    """The seat drew on its turn: a card it plays now is the drawn one, not a choice."""
    drawn_in: int = -1
    """Where the cards it drew on its turn were counted: ``since[drawn_in]``, or -1 for the
    oldest group (whose count follows the hand's)."""

    @property
    def whole_hand(self) -> Lack:
        """What none of the seat's unnamed cards can be: the lacks shown since the last card
        it took that was free of them."""
        start = 0
        for index, count in enumerate(self.since):
            if count > 0:
                start = index + 1
        return self._binding(start)

    def _binding(self, first: int) -> Lack:
        """What binds the cards held since showing ``lacks[first]``: every lack shown since."""
        lack = NO_LACK
        for shown in self.lacks[first:]:
            lack |= shown
        return lack

    @property
    def missing_colors(self) -> frozenset[Color]:
        """Colours the seat holds none of, but for the cards it is known to hold."""
        return self.whole_hand.colors

    def groups(self, unknown: int) -> list[tuple[int, Lack]]:
        """The seat's ``unknown`` unnamed cards by what binds them, the most bound first (the
        cards not bound by anything last, with ``NO_LACK``)."""
        if not self.lacks:
            return [(unknown, NO_LACK)] if unknown > 0 else []
        counts = [max(0, unknown - sum(self.since)), *self.since]
        # More came in than the seat holds (a count we could not follow): the most bound
        # groups give way first, so nothing is bound that might not be.
        excess = sum(counts) - unknown
        for index in range(len(counts)):
            cut = min(excess, counts[index])
            counts[index] -= cut
            excess -= cut
        return [(count, self._binding(first)) for first, count in enumerate(counts) if count > 0]

    def copy(self) -> HandNotes:
        return HandNotes(
            known=Counter(self.known),
            lacks=list(self.lacks),
            since=list(self.since),
            plays=list(self.plays),
            just_drew=self.just_drew,
            drawn_in=self.drawn_in,
        )

    def took_cards(self) -> None:
        """Cards came in: the plays before no longer tell what the whole hand held."""
        self.plays.clear()
        self.just_drew = False

    def drew_on_turn(self, count: int, color: Color | None, top: Card | None) -> None:
        """The seat drew ``count`` cards on its turn: its hand held nothing it could play, and
        neither do the cards it drew, but perhaps the last (``drawn_card_left`` says if it
        was playable); the lacks shown before bind none of them."""
        self.took_cards()
        self.drawn_in = len(self.lacks) - 1
        self.came_in(count)
        self.lacked(color, top, wilds=False, drew=True)
        self.just_drew = True

    def drawn_card_left(self, *, kept: bool) -> None:
        """The last card drawn was playable: played, or kept in a hand it does not bind."""
        self.just_drew = False
        if self.drawn_in >= 0 and self.since[self.drawn_in] > 0:
            self.since[self.drawn_in] -= 1
        if kept:
            self.came_in(1)

    def came_in(self, count: int) -> None:
        """``count`` cards came in that may be anything."""
        if self.lacks:
            self.since[-1] += count

    def played(self, card: Card) -> None:
        """The seat played ``card``, not one known to be theirs: it leaves the most bound group
        that allows it (the oldest cards, unless they cannot be it)."""
        first = len(self.lacks)
        while first > 0 and not self.lacks[first - 1].rules_out(card):
            first -= 1
        if first == 0:
            return  # one of the cards bound by every lack: their count is what is left
        for index in range(first - 1, len(self.since)):
            if self.since[index] > 0:
                self.since[index] -= 1
                return

    @property
    def constrained(self) -> bool:
        return bool(self.lacks)

    def lacked(
        self, color: Color | None, top: Card | None, *, wilds: bool, drew: bool = False
    ) -> None:
        """The seat showed it held no card of ``color`` (nor ``top``'s rank, nor a Wild if
        ``wilds``); ``drew``: by drawing on its turn."""
        shown = Lack(
            frozenset(() if color is None else (color,)),
            frozenset((top.rank,) if top is not None and top.color is not None else ()),
            wilds,
            int(drew),
        )
        if not shown:
            return
        if self.lacks and self.since[-1] == 0:
            self.lacks[-1] |= shown  # nothing came in between: the same cards lack both
        else:
            self.lacks.append(shown)
            self.since.append(0)


@dataclass(slots=True)
class Knowledge:
    """The table as one player can reconstruct it."""

    view: PlayerView
    notes: dict[int, HandNotes]
    unseen: Counter[Card]
    """Cards in other hands or the draw pile whose place this player does not know."""
    played_colors: dict[int, Counter[Color]]
    """Colours each seat chose to play this round (a hint at what they hold)."""
    color_before_draw_four: Color | None
    """The colour in play before the last Wild Draw Four, for a challenge."""

    @classmethod
    def of(cls, view: PlayerView) -> Knowledge:
        reader = _read(view)
        unseen = Counter(build_deck(view.rules))
        unseen.subtract(view.hand)
        unseen.subtract(view.discard_pile)
        for seat, notes in reader.notes.items():
            notes.known &= +unseen  # a note that contradicts the table is dropped
            notes.known = _at_most(notes.known, view.hand_counts[seat])
            unseen.subtract(notes.known)
        return cls(
            view=view,
            notes=reader.notes,
            unseen=+unseen,
            played_colors=reader.played_colors,
            color_before_draw_four=reader.color_before_draw_four,
        )

    def unknown_count(self, seat: int) -> int:
        """How many of ``seat``'s cards this player cannot name."""
        return self.view.hand_counts[seat] - self.notes[seat].known.total()

    def chance_holds(self, seat: int, wanted: Iterable[Card]) -> float:
        """The chance that ``seat`` holds at least one card of ``wanted``, given what it showed."""
        wanted_set = set(wanted)
        notes = self.notes[seat]
        if any(card in wanted_set for card in notes.known):
            return 1.0
        pool = list(self.unseen.elements())
        miss = 1.0
        for count, lack in notes.groups(self.unknown_count(seat)):
            allowed = [card for card in pool if not lack.rules_out(card)]
            miss *= _chance_of_none(allowed, wanted_set, count)
        return 1.0 - miss


def _chance_of_none(pool: list[Card], wanted: set[Card], draws: int) -> float:
    """Drawing ``draws`` cards from ``pool`` without replacement, the chance of no wanted one."""
    total = len(pool)
    good = sum(1 for card in pool if card in wanted)
    chance = 1.0
    for i in range(draws):
        if total - i <= 0:
            break
        chance *= max(0, total - good - i) / (total - i)
    return chance


def _at_most(cards: Counter[Card], count: int) -> Counter[Card]:
    if cards.total() <= count:
        return cards
    return Counter(list(cards.elements())[:count])


@dataclass(slots=True)
class _Progress:
    """How far a reader has read one player's events of one round."""

    first: Event
    last: Event
    count: int
    rules: object
    reader: _EventReader


_READERS: dict[tuple[int, int], _Progress] = {}
"""The readers of the rounds seen lately, by player and the round's first event: a bot asks
for its knowledge several times a decision and every decision, and a view's events are the
same objects from one view to the next, so each reader goes on from where it stopped instead
of reading the whole round again (long Teams rounds run to hundreds of events)."""
_KEPT_READERS = 64
_READERS_LOCK = threading.Lock()


def _read(view: PlayerView) -> _EventReader:
    """A reader that has read all of ``view``'s events (a copy: Knowledge changes its notes)."""
    events = view.events
    if not events:
        return _EventReader(view)
    key = (view.player, id(events[0]))
    with _READERS_LOCK:
        progress = _READERS.pop(key, None)
        if (
            progress is None
            or progress.first is not events[0]
            or progress.count > len(events)
            or events[progress.count - 1] is not progress.last
            or progress.rules != view.rules
        ):
            progress = _Progress(events[0], events[0], 0, view.rules, _EventReader(view))
        reader = progress.reader
        for event in events[progress.count :]:
            reader.read(event)
        progress.last, progress.count = events[-1], len(events)
        _READERS[key] = progress
        if len(_READERS) > _KEPT_READERS:
            del _READERS[next(iter(_READERS))]
        return reader.copy()


class _EventReader:
    """Walks the round's events once, keeping the notes a careful player would keep."""

    def __init__(self, view: PlayerView) -> None:
        self.me = view.player
        self.challenge_counts_wilds = view.rules.challenge_counts_other_wilds
        self.notes = {seat: HandNotes() for seat in range(view.player_count) if seat != self.me}
        self.played_colors: dict[int, Counter[Color]] = {
            seat: Counter() for seat in range(view.player_count)
        }
        self.top: Card | None = None
        self.color: Color | None = None
        self.color_before_draw_four: Color | None = None

    def copy(self) -> _EventReader:
        twin = copy.copy(self)
        twin.notes = {seat: notes.copy() for seat, notes in self.notes.items()}
        twin.played_colors = {seat: Counter(c) for seat, c in self.played_colors.items()}
        return twin

    def read(self, event: Event) -> None:
        match event:
            case FirstCardTurned(card=card):
                self.top, self.color = card, card.color
            case ColorNamed(color=color):
                self.color = color
            case CardPlayed():
                self._card_played(event)
            case CardsDrawn():
                self._cards_drawn(event)
            case DrawnCardKept(player=player) if player in self.notes:
                self.notes[player].drawn_card_left(kept=True)
            case TurnPassed(player=player) if player in self.notes:
                self.notes[player].just_drew = False
            case DrawFourChallenged():
                self._draw_four_challenged(event)
            case CardPassed() | CardGiven():
                self._card_handed_over(event)
            case HandsSwapped(player=player, target=target):
                # What was noted now sits in another seat; a fresh start is the honest answer.
                for seat in (player, target):
                    if seat in self.notes:
                        self.notes[seat] = HandNotes()
            case HandsPassed():
                self.notes = {seat: HandNotes() for seat in self.notes}

    def _card_played(self, event: CardPlayed) -> None:
        top, color = self.top, self.color
        if event.card.rank is Rank.WILD_DRAW_FOUR:
            self.color_before_draw_four = self.color
        self.top, self.color = event.card, event.color
        self.played_colors[event.player][event.color] += 1
        notes = self.notes.get(event.player)
        if notes is None:
            return
        if notes.just_drew:
            notes.drawn_card_left(kept=False)
            return
        if top is not None:
            notes.plays.append(Play(event.card, top, color, event.color))
        if notes.known[event.card] > 0:
            notes.known[event.card] -= 1
        else:
            notes.played(event.card)

    def _cards_drawn(self, event: CardsDrawn) -> None:
        notes = self.notes.get(event.player)
        if notes is None:
            return
        if event.reason is DrawReason.CHOICE:
            notes.drew_on_turn(event.count, self.color, self.top)
        else:
            notes.took_cards()
            notes.came_in(event.count)

    def _draw_four_challenged(self, event: DrawFourChallenged) -> None:
        notes = self.notes.get(event.player)
        if notes is None:
            return
        if event.hand is not None:
            notes.known = Counter(event.hand)
        if not event.illegal:
            notes.lacked(self.color_before_draw_four, None, wilds=self.challenge_counts_wilds)

    def _card_handed_over(self, event: CardPassed | CardGiven) -> None:
        receiver = self.notes.get(event.receiver)
        giver = self.notes.get(event.giver)
        if receiver is not None:
            receiver.took_cards()
            if event.card is not None and event.giver == self.me:
                receiver.known[event.card] += 1
            else:
                receiver.came_in(1)
        if giver is not None and event.card is not None and giver.known[event.card] > 0:
            giver.known[event.card] -= 1


def next_in_play(view: PlayerView, seat: int) -> int:
    """The next seat after ``seat`` in the direction of play that holds cards."""
    step = 1 if view.clockwise else -1
    count = view.player_count
    for offset in range(1, count + 1):
        candidate = (seat + offset * step) % count
        if view.hand_counts[candidate] > 0:
            return candidate
    return seat


def previous_seat(view: PlayerView, seat: int) -> int:
    """The seat whose hand comes to ``seat`` when every hand moves along."""
    step = 1 if view.clockwise else -1
    return (seat - step) % view.player_count


def is_opponent(view: PlayerView, seat: int) -> bool:
    return seat not in (view.player, view.teammate)


def opponents(view: PlayerView) -> list[int]:
    return [seat for seat in range(view.player_count) if is_opponent(view, seat)]


def colors_held(hand: Iterable[Card]) -> Counter[Color]:
    return Counter(card.color for card in hand if card.color is not None)


def best_color(hand: Iterable[Card]) -> Color:
    """The colour this hand holds most (red first on a tie, so the choice is reproducible)."""
    held = colors_held(hand)
    return max(Color, key=lambda color: held[color])
