"""Review lines that use no turn: my hand, the top card, everyone's counts, the scores, and the
lines heard so far (repeat the last one, read the last few).

Pure functions of a ``PlayerView``, which holds only what its player may know, so a review can
never tell another hand; the ``public_`` lines read a ``PublicView``, what anyone at the table
may know (the app's review keys while no hand is shown). Both front ends use them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from uno_tui.engine import Card, Color, PlayerView, PublicView, Rank, Rules, build_deck
from uno_tui.engine.events import (
    CardPlayed,
    CardsDrawn,
    ColorNamed,
    DirectionChanged,
    DrawReason,
    FirstCardTurned,
    PenaltyStacked,
    PlayerSkipped,
    TurnBegan,
)

from .moves import Move, moves_words
from .narrator import card_order, card_words, plural, scores_words

_WILD_GROUP = {True: "wild card", False: "wild cards"}


def _rank_words(card: Card) -> str:
    """Within a colour group the colour is said once: "2 red: 7, Skip"."""
    return card.rank.title if card.color else card_words(card)


def hand_words(view: PlayerView) -> str:
    """ "Your hand, 5 cards. 2 red: 7, Skip. 1 blue: 4. 2 wild cards: Wild, Wild Draw Four."
    Grouped by colour, each group's count first: "Red, 2 cards" was heard as "Red 2", and
    "2 wild: Wild" as "wild wild"."""
    hand = sorted(view.hand, key=card_order)
    if not hand:
        return "Your hand is empty."
    groups: dict[Color | None, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.color, []).append(card)
    parts = [
        f"{len(cards)} {color.word if color else _WILD_GROUP[len(cards) == 1]}: "
        + ", ".join(_rank_words(card) for card in cards)
        for color, cards in groups.items()
    ]
    return f"Your hand, {plural(len(hand), 'card')}. " + ". ".join(parts) + "."


def public_top_words(view: PublicView) -> str:
    """ "Top card: Wild, colour green.": the top card for the whole table, without what a
    player's own view adds (the penalty they must answer, the card they drew)."""
    color = view.current_color.word if view.current_color else "not named yet"
    return f"Top card: {card_words(view.top_card)}, colour {color}."


PENALTY_DRAWS = (DrawReason.DRAW_TWO, DrawReason.DRAW_FOUR, DrawReason.TEAM_DRAW_FOUR)


def played_words(view: PublicView, listener: int | None = None) -> str:
    """Who played the top card and what it did, for ``top``: "Ada played it: Bo drew 2 and
    was skipped." ("" when the top card was turned up, not played)."""
    index = next(
        (i for i in range(len(view.events) - 1, -1, -1) if isinstance(view.events[i], CardPlayed)),
        None,
    )
    if index is None:
        return ""
    played = view.events[index]
    assert isinstance(played, CardPlayed)
    if played.card != view.top_card:
        return ""

    def name(seat: int) -> str:
        return "you" if seat == listener else view.names[seat]

    did: list[str] = []
    for event in view.events[index + 1 :]:
        if isinstance(event, TurnBegan):
            break
        if isinstance(event, CardsDrawn) and event.reason in PENALTY_DRAWS:
            did.append(f"{name(event.player)} drew {event.count}")
        elif isinstance(event, PlayerSkipped):
            was = "were" if event.player == listener else "was"
            did.append(f"{name(event.player)} {was} skipped")
        elif isinstance(event, DirectionChanged):
            did.append(f"play turned {'clockwise' if event.clockwise else 'counterclockwise'}")
        elif isinstance(event, PenaltyStacked):
            did.append(f"the penalty is {event.total}")
    who = name(played.player)
    text = f"{who[:1].upper()}{who[1:]} played it"
    return f"{text}: {', '.join(did)}." if did else f"{text}."


def penalty_words(view: PlayerView) -> str:
    """The penalty waiting, as its holder sees it: "4 cards to draw" to the one who must
    answer, "4 cards waiting for Leo" to the others ("" when there is none)."""
    if not view.pending_penalty:
        return ""
    cards = plural(view.pending_penalty, "card")
    on = view.responder
    if on is None or on == view.player:
        return f"{cards} to draw"
    return f"{cards} waiting for {view.names[on]}"


def top_words(view: PlayerView) -> str:
    """ "Top card: Wild Draw Four, colour green. 4 cards to draw." (to the one who must answer;
    to the others "4 cards waiting for Leo.")"""
    text = public_top_words(view)
    if view.pending_penalty:
        text += f" {penalty_words(view)}."
    if view.drawn_card is not None:
        text += f" You drew {card_words(view.drawn_card)}."
    return text


def next_player(view: PlayerView, seat: int | None = None) -> int:
    """Who plays after ``seat`` (the player whose turn it is) in the direction of play, passing
    over players who are out (Teams). Public information: the order, the direction, counts."""
    count = view.player_count
    start = view.current_player if seat is None else seat
    step = 1 if view.clockwise else -1
    for distance in range(1, count + 1):
        candidate = (start + distance * step) % count
        if candidate not in view.out_players:
            return candidate
    return start


def name_of(view: PlayerView, seat: int) -> str:
    return "you" if seat == view.player else view.names[seat]


def counts_words(view: PlayerView) -> str:
    """ "Cards: you have 5, Leo 1 (no UNO called), Ines 7. Draw pile 80. Leo's turn, Ines
    next, clockwise. Dealer: Ines." and in Teams "Your teammate: Ines." ("you 5" was heard
    as "you too".) One card and safe from a catch reads "1 (UNO)"."""
    counts = []
    for seat, (name, count) in enumerate(zip(view.names, view.hand_counts, strict=True)):
        who = "you have" if seat == view.player else name
        note = ""
        if seat in view.out_players:
            note = " (out)"
        elif seat in view.uno_exposed:
            note = " (no UNO called)"
        elif count == 1:
            note = " (UNO)"
        counts.append(f"{who} {count}{note}")
    turn = (
        "your turn"
        if view.current_player == view.player
        else (f"{view.names[view.current_player]}'s turn")
    )
    way = "clockwise" if view.clockwise else "counterclockwise"
    text = (
        f"{_cards_sentence(counts, view.draw_pile_count)} "
        f"{turn[:1].upper()}{turn[1:]}, {name_of(view, next_player(view))} next, {way}. "
        f"Dealer: {name_of(view, view.dealer)}."
    )
    if view.teammate is not None:
        text += f" Your teammate: {view.names[view.teammate]}."
    return text


def public_counts_words(view: PublicView) -> str:
    """ "Cards: Maya 5, Leo 1. Draw pile 80.": everyone's count, for the whole table."""
    counts = [f"{name} {count}" for name, count in zip(view.names, view.hand_counts, strict=True)]
    return _cards_sentence(counts, view.draw_pile_count)


def _cards_sentence(counts: Sequence[str], draw_pile: int) -> str:
    return f"Cards: {', '.join(counts)}. Draw pile {draw_pile}."


def table_words(
    names: Sequence[str],
    rules: Rules,
    bots: Sequence[str | None],
    listener: int | None = None,
) -> str:
    """Who sits where, as said at the start and by ``table``: "Seats in order of play: you
    (person), Ada (medium bot), ... Teams: you and Bo, Ada and Cy. Teams to 500 points."
    ``bots`` holds each seat's bot level, or None for a person. All of it is public."""
    count = len(names)
    seats = ", ".join(
        f"{'you' if seat == listener else name} ({f'{bot} bot' if bot else 'person'})"
        for seat, (name, bot) in enumerate(zip(names, bots, strict=True))
    )
    text = f"Seats in order of play: {seats}."
    if rules.team_game:
        half = count // 2
        teams = ", ".join(
            f"{'you' if a == listener else names[a]} and {'you' if b == listener else names[b]}"
            for a, b in ((seat, seat + half) for seat in range(half))
        )
        text += f" Teams, partners across: {teams}."
    text = f"{text} {rules.rule_set.value.capitalize()} to {rules.target_score} points."
    special = special_cards_words(rules)
    return f"{text} {special}" if special else text


TIMED_TURNS = "Turns are timed"
"""How the words of a table's turn timers begin (a host's notice at joining; ``table``, help)."""
TURN_CLOCK = " Your turn's clock is running: "
"""Where a seat joining mid-turn is told how long its turn has left, after the timers."""


def timers_words(seconds: float, warn_at: float, bot: str, *, room: bool = False) -> str:
    """A timed table's turns: "Turns are timed: 40 seconds a move; a warning 10 seconds
    before the end, then a random bot moves for you." ``room``: told on taking a seat in a
    room before its match begins ("Turns will be timed: ..."; the start says it again)."""
    told = "Turns will be timed" if room else TIMED_TURNS
    return (
        f"{told}: {seconds:g} seconds a move; a warning {warn_at:g} seconds before the "
        f"end, then a {bot} bot moves for you."
    )


def clock_words(left: int) -> str:
    """Said after ``timers_words`` to a seat whose turn's clock runs as it comes."""
    return f"{TURN_CLOCK.strip()} {plural(left, 'second')} left."


def warning_words(left: int, bot: str) -> str:
    """The turn timer's warning: "10 seconds left to move; then a medium bot moves for you."
    ("1 second" on a one-second turn)."""
    return f"{plural(left, 'second')} left to move; then a {bot} bot moves for you."


def told_timers(line: str) -> str | None:
    """The table's timers in a line it told (``timers_words``, with or without the clock of
    the turn it came in), to say again in ``table`` and help; ``None`` if the line is not
    about them."""
    if not line.startswith(f"{TIMED_TURNS}: "):
        return None
    return line.partition(TURN_CLOCK)[0]


def special_cards_words(rules: Rules) -> str:
    """What this table's own cards do, told before anyone plays one: "Every 7 carries the
    pass symbol: who plays one exchanges a card with their teammate." and "Wild Customizable
    here: every other player draws 1 card." Empty where the table has neither."""
    parts: list[str] = []
    if rules.pass_symbol_rank is not None:
        parts.append(
            f"Every {rules.pass_symbol_rank.title} carries the pass symbol: "
            "who plays one exchanges a card with their teammate."
        )
    if any(card.rank is Rank.WILD_CUSTOMIZABLE for card in build_deck(rules)):
        parts.append(f"Wild Customizable here: {rules.custom_effect.description}.")
    return " ".join(parts)


def color_before_draw_four(view: PublicView) -> Color | None:
    """The colour in play before the last Wild Draw Four of the round (public: it was the
    colour on the table), the one fact a challenge turns on; None if there is none."""
    color: Color | None = None
    before: Color | None = None
    for event in view.events:
        if isinstance(event, CardPlayed):
            if event.card.rank is Rank.WILD_DRAW_FOUR:
                before = color
            color = event.color
        elif isinstance(event, ColorNamed):
            color = event.color
        elif isinstance(event, FirstCardTurned):
            color = event.card.color
    return before


def challenge_words(view: PublicView) -> str:
    """The challenge question's fact: "Before it the colour was blue." """
    color = color_before_draw_four(view)
    return f"Before it the colour was {color.word}." if color else ""


def low_counts_words(view: PlayerView) -> str:
    """The others close to going out, for the turn summary: "Ada has 1 card (no UNO called),
    Bo 2." Empty when nobody else holds one or two cards."""
    low = [
        (seat, count)
        for seat, count in enumerate(view.hand_counts)
        if seat != view.player and 0 < count <= 2 and seat not in view.out_players
    ]
    parts: list[str] = []
    for seat, count in low:
        note = " (no UNO called)" if seat in view.uno_exposed else ""
        name = view.names[seat]
        if seat == view.teammate:
            name = f"{'your' if parts else 'Your'} teammate {name}"
        parts.append(
            f"{name} has {plural(count, 'card')}{note}" if not parts else f"{name} {count}{note}"
        )
    return f"{', '.join(parts)}." if parts else ""


def scores_line(view: PublicView) -> str:
    """ "Scores: Maya 86, Leo 0. Target 500. Hand 2." """
    words = scores_words(view.names, view.scores, team_scores=view.rules.team_game)
    return f"Scores: {words}. Target {view.rules.target_score}. Hand {view.round_number}."


NO_HAND_SHOWN = "No hand is shown now."
REVIEWS = ("hand", "top", "counts", "scores", "moves")
"""What a review asks for: the hand, the top card, the counts, the scores, the moves."""


def review_words(what: str, view: PublicView, moves: Sequence[Move] = ()) -> str:
    """The review line ``what`` (one of ``REVIEWS``) as the holder of ``view`` may know it.
    A player's view gives their hand, their top card line, their counts and ``moves`` (their
    legal moves); a view with no hand (``PublicView``, an onlooker's) gives what anyone may
    know: the top card, the counts and the scores."""
    if what not in REVIEWS:
        raise ValueError(f"no review called {what!r}: one of {', '.join(REVIEWS)}")
    if what == "scores":
        return scores_line(view)
    if what == "top":
        listener = view.player if isinstance(view, PlayerView) else None
        top = top_words(view) if isinstance(view, PlayerView) else public_top_words(view)
        return f"{top} {played_words(view, listener)}".strip()
    if not isinstance(view, PlayerView):
        return public_counts_words(view) if what == "counts" else NO_HAND_SHOWN
    if what == "moves":
        return moves_words(moves)
    return counts_words(view) if what == "counts" else hand_words(view)


class History:
    """The lines one listener has heard, for "repeat" and "log"."""

    def __init__(self, keep: int = 200) -> None:
        self.lines: deque[str] = deque(maxlen=keep)
        self.count = 0
        """Lines heard in all (more than are kept), to ask what came ``since`` a moment."""

    def add(self, line: str) -> None:
        if line:
            self.lines.append(line)
            self.count += 1

    def since(self, count: int) -> list[str]:
        """The lines heard after the ``count``-th (as many as are kept)."""
        new = self.count - count
        return list(self.lines)[-new:] if new > 0 else []

    def extend(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.add(line)

    def last(self) -> str:
        """The last line heard (``repeat``)."""
        return self.lines[-1] if self.lines else "Nothing yet."

    def recent(self, count: int = 8) -> list[str]:
        """The last ``count`` lines, oldest first (``log``)."""
        return list(self.lines)[-count:] if self.lines else ["Nothing yet."]
