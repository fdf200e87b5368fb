"""Events in plain words: short, the most important words first, colours always as words.

Two verbosities: ``"full"`` tells every event; ``"brief"`` tells only what can change a
player's decision (plays, draws, skips, the direction, UNO, whose turn it is for the listener,
the listener's own cards, scores) and leaves out the rest (deals to others, other players'
turns beginning, reshuffles, a teammate choosing a pass ...). A left-out event reads as ``""``.

Two passes: ``grouping.group`` shapes the lines (which events go together, in which order),
then ``Narrator.render`` words them, each event by its entry in ``SENTENCES``, the table from
event type to sentence at the end of this module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from uno_tui.engine import Card, Color, Rank, teammate_of
from uno_tui.engine.events import (
    CardGiven,
    CardPassed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ColorNamed,
    DealerChosen,
    DeckReshuffled,
    DirectionChanged,
    DrawFourChallenged,
    DrawnCardKept,
    DrawReason,
    Event,
    ExchangeStarted,
    FirstCardIgnored,
    FirstCardReturned,
    FirstCardTurned,
    HandScored,
    HandsPassed,
    HandsSwapped,
    MatchEnded,
    PassChosen,
    PenaltyStacked,
    PlayerSkipped,
    PlayerStaysOut,
    PlayerWentOut,
    RoundEnded,
    RoundStarted,
    ShareStarted,
    TurnBegan,
    TurnPassed,
    UnoCalled,
    UnoCaught,
)

from .grouping import Clause, Draw, Exchange, Line, group
from .verbosity import VERBOSITIES, Verbosity


def card_words(card: Card) -> str:
    """A card in plain words: "Red 7", "Blue Draw Two", "Wild Draw Four"."""
    return card.title


def cards_words(cards: Sequence[Card]) -> str:
    """Cards in plain words, grouped by colour (red, yellow, green, blue, then wilds)."""
    return ", ".join(card_words(card) for card in sorted(cards, key=card_order))


_COLOR_ORDER = {color: index for index, color in enumerate(Color)}
_RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}


def card_order(card: Card) -> tuple[int, int]:
    """Sort key: red, yellow, green, blue, then wilds; numbers up, then Skip, Reverse, Draw
    Two, then the Wilds in the order of ``Rank``."""
    return (_COLOR_ORDER[card.color] if card.color else len(_COLOR_ORDER), _RANK_ORDER[card.rank])


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def named_you(name: str) -> bool:
    """A player named "You" (the app's default name) is told of in the second person
    whoever listens: "You play", "Your turn", never "You plays", "You's turn"."""
    return name.casefold() == "you"


def scores_words(names: Sequence[str], scores: Sequence[int], *, team_scores: bool) -> str:
    """ "Maya 86, Leo 0", or in Teams one total per team: "Maya and Ines 86, Leo and Omar 0"."""
    if team_scores:
        count = len(names) // 2
        return ", ".join(
            f"{names[team]} and {names[team + count]} {score}" for team, score in enumerate(scores)
        )
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))


_DRAW_REASONS = {
    DrawReason.DRAW_TWO: " for the Draw Two",
    DrawReason.DRAW_FOUR: " for the Wild Draw Four",
    DrawReason.CHALLENGE_FAILED: " for a failed challenge",
    DrawReason.CHALLENGE_LOST: ", as the Wild Draw Four was illegal",
    DrawReason.UNO_PENALTY: " for not calling UNO",
    DrawReason.TEAM_PLAY: ", as the teammate could not play",
    DrawReason.TEAM_DRAW_FOUR: " for the Wild Team Draw Four",
    DrawReason.CUSTOM: " for the Wild Customizable",
    DrawReason.FIRST_CARD: " for the first card",
}


class Narrator:
    """Tells events to one listener at a time, by the players' names."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        team_scores: bool = False,
        verbosity: Verbosity = "full",
    ) -> None:
        if verbosity not in VERBOSITIES:
            raise ValueError(f"verbosity is 'full' or 'brief', not {verbosity!r}")
        self.names = tuple(names)
        self.team_scores = team_scores
        self.verbosity: Verbosity = verbosity

    @property
    def brief(self) -> bool:
        return self.verbosity == "brief"

    def narrate(self, event: Event, listener: int | None = None) -> str:
        """One sentence (or a few) for ``event`` as ``listener`` may know it; ``""`` when the
        verbosity leaves it out."""
        seen = event.seen_by(listener)
        sentence = SENTENCES.get(type(seen))
        if sentence is None:
            return type(seen).__name__
        return sentence(self, seen, listener)

    def narrate_events(self, events: Sequence[Event], listener: int | None = None) -> list[str]:
        """The lines for several events in order, shorter to hear than one line per event.

        Two passes: ``grouping.group`` decides which events make one line (a card and its
        consequences, a draw and what followed, an exchange, the end of a hand ...), then each
        line is rendered from the sentences of ``SENTENCES``. Events the verbosity leaves out
        give no line.
        """
        seen = [event.seen_by(listener) for event in events]
        lines = group(seen, listener, lambda event: not self.narrate(event, listener))
        return [text for line in lines if (text := self.render(line, listener))]

    def render(self, line: Line, listener: int | None) -> str:
        """The words of one grouped line."""
        text = self.clause(line.lead, listener)
        first = True
        for consequence in line.consequences:
            part = self.clause(consequence, listener)
            if part:
                text = self._join(text, part, listener, first=first)
                first = False
        for ending in line.endings:
            part = self.clause(ending, listener)
            if part:
                text = f"{text} {part}" if text else part
        return text

    def clause(self, clause: Clause, listener: int | None) -> str:
        match clause:
            case Draw(drawn=drawn, then=then, of_the_card=of_the_card):
                you = drawn.player == listener or self._named_you(drawn.player)
                ending = ""
                if isinstance(then, PlayerSkipped):
                    ending = " and are skipped" if you else " and is skipped"
                elif isinstance(then, TurnPassed):
                    ending = " and cannot play"
                return self._draw_words(drawn, listener, with_reason=not of_the_card, then=ending)
            case Exchange(passes=passes):
                return self._passes_words(passes, listener)
            case Event():
                return self.narrate(clause, listener)
        raise TypeError(f"no words for {clause!r}")  # pragma: no cover

    def _join(self, line: str, part: str, listener: int | None, *, first: bool) -> str:
        """ "Maya plays Blue Skip." + "Leo is skipped." -> "Maya plays Blue Skip: Leo is
        skipped."; a second consequence follows after a semicolon. Mid-sentence, "You" is
        "you" (even when a player is called "You": that is the listener)."""
        others = tuple(name for seat, name in enumerate(self.names) if seat != listener)
        if not part.startswith(others) or (listener is not None and part.startswith("You ")):
            part = part[:1].lower() + part[1:]
        joint = ": " if first else "; "
        return f"{line.removesuffix('.')}{joint}{part}"

    def _passes_words(self, passes: Sequence[CardPassed], listener: int | None) -> str:
        """A Teams exchange in one line, the cards named to nobody but the one who received
        each: "You and Ines exchange a card: you receive Red 7." """
        pairs: list[tuple[int, int]] = []
        for passed in passes:
            pair = (passed.giver, passed.receiver)
            if pair[::-1] in pairs:
                continue
            pairs.append(pair)
        told = []
        for giver, receiver in pairs:
            both_ways = any(p.giver == receiver and p.receiver == giver for p in passes)
            if self.brief and listener not in (giver, receiver):
                continue
            if both_ways:
                first, second = (receiver, giver) if receiver == listener else (giver, receiver)
                text = (
                    f"{self.who(first, listener)} and {self.whom(second, listener)} "
                    "exchange a card."
                )
            else:
                text = self.narrate(CardPassed(giver, receiver, None), listener)
            received = [
                p.card
                for p in passes
                if p.receiver == listener and p.card is not None and listener in (giver, receiver)
            ]
            if received:
                text = f"{text.removesuffix('.')}: you receive {cards_words(received)}."
            told.append(text)
        return " ".join(told)

    # Words -------------------------------------------------------------------------------

    def who(self, seat: int, listener: int | None) -> str:
        return "You" if seat == listener else self.names[seat]

    def whom(self, seat: int, listener: int | None) -> str:
        return "you" if seat == listener else self.names[seat]

    def _verb(self, seat: int, listener: int | None, you: str, they: str) -> str:
        second = seat == listener or self._named_you(seat)
        return f"{self.who(seat, listener)} {you if second else they}"

    def _named_you(self, seat: int) -> bool:
        return named_you(self.names[seat])

    def _whose(self, seat: int, listener: int | None) -> str:
        return "your" if seat == listener else f"{self.names[seat]}'s"

    def _team_words(self, seats: Sequence[int], listener: int | None) -> str:
        return " and ".join(self.whom(seat, listener) for seat in seats)

    def scores_words(self, scores: Sequence[int]) -> str:
        return scores_words(self.names, scores, team_scores=self.team_scores)

    # Setup -------------------------------------------------------------------------------

    def _dealer_chosen(self, e: DealerChosen, listener: int | None) -> str:
        if self.brief:
            return ""
        draws = ""
        if e.draws:
            last = e.draws[-len(self.names) :]
            draws = ": " + ", ".join(
                f"{self.whom(seat, listener)} {'drew ' if i == 0 else ''}{card_words(card)}"
                for i, (seat, card) in enumerate(last)
            )
        return f"{self._verb(e.dealer, listener, 'deal', 'deals')}{draws}."

    def _round_started(self, e: RoundStarted, listener: int | None) -> str:
        return f"Hand {e.round_number} begins. {plural(e.hand_size, 'card')} each."

    def _cards_dealt(self, e: CardsDealt, listener: int | None) -> str:
        if e.cards is None:
            return (
                "" if self.brief else f"{self.names[e.player]} is dealt {plural(e.count, 'card')}."
            )
        return f"Your hand: {cards_words(e.cards)}."

    def _first_card_turned(self, e: FirstCardTurned, listener: int | None) -> str:
        return f"First card: {card_words(e.card)}."

    def _first_card_ignored(self, e: FirstCardIgnored, listener: int | None) -> str:
        return "That is an action card: another card is turned."

    def _first_card_returned(self, e: FirstCardReturned, listener: int | None) -> str:
        return "A Wild Draw Four turned first goes back into the deck."

    # Turns -------------------------------------------------------------------------------

    def _turn_began(self, e: TurnBegan, listener: int | None) -> str:
        if e.player == listener:
            if self.brief and not e.must_play:  # the turn's own question follows at once
                return ""
            return "Your turn: play a card, you may not draw." if e.must_play else "Your turn."
        if self.brief:
            return ""
        if self._named_you(e.player):  # not "You's turn"
            return "You to play: must play a card." if e.must_play else "You to play."
        whose = f"{self.names[e.player]}'s turn"
        return f"{whose}: must play a card." if e.must_play else f"{whose}."

    def _card_played(self, e: CardPlayed, listener: int | None) -> str:
        verb = (
            self._verb(e.player, listener, "jump in with", "jumps in with")
            if e.jump_in
            else self._verb(e.player, listener, "play", "plays")
        )
        text = f"{verb} {card_words(e.card)}"
        if e.target is not None and e.card.is_wild:  # Wild Swap Hands: the card says it
            text += f" with {self.whom(e.target, listener)}"
        elif e.target is not None:  # the Seven-Zero seven
            swap = "swap" if e.player == listener or self._named_you(e.player) else "swaps"
            text += f" and {swap} hands with {self.whom(e.target, listener)}"
        if e.card.is_wild:
            text += f", colour {e.color.word}" if self.brief else f", the colour is {e.color.word}"
        return text + "."

    def _color_named(self, e: ColorNamed, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'name', 'names')} the colour {e.color.word}."

    def _draw_words(
        self, e: CardsDrawn, listener: int | None, *, with_reason: bool, then: str = ""
    ) -> str:
        if e.count == 0:
            return f"{self._verb(e.player, listener, 'find', 'finds')} no card left to draw."
        drew = self._verb(e.player, listener, "draw", "draws")
        if (
            self.brief
            and then == " and cannot play"
            and e.count == 1
            and e.reason is DrawReason.CHOICE
        ):
            # "Ada draws, cannot play." "You draw Red 4, cannot play."
            card = f" {cards_words(e.cards)}" if e.cards is not None else ""
            return f"{drew}{card}, cannot play."
        text = f"{drew} {plural(e.count, 'card')}"
        if with_reason and e.reason is DrawReason.TEAM_PLAY and self.team_scores:
            mate = teammate_of(e.player, len(self.names))
            text += f", as {self.whom(mate, listener)} could not play"
        elif with_reason:
            text += _DRAW_REASONS.get(e.reason, "")
        text += then
        if e.cards is not None:
            text += f": {cards_words(e.cards)}"
        return text + "."

    def _cards_drawn(self, e: CardsDrawn, listener: int | None) -> str:
        return self._draw_words(e, listener, with_reason=True)

    def _drawn_card_kept(self, e: DrawnCardKept, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'keep', 'keeps')} the drawn card."

    def _turn_passed(self, e: TurnPassed, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'cannot', 'cannot')} play."

    def _player_skipped(self, e: PlayerSkipped, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'are', 'is')} skipped."

    def _direction_changed(self, e: DirectionChanged, listener: int | None) -> str:
        return "Play goes " + ("clockwise." if e.clockwise else "counterclockwise.")

    def _deck_reshuffled(self, e: DeckReshuffled, listener: int | None) -> str:
        if self.brief:
            return ""
        return f"Discard pile shuffled: a new draw pile of {e.count} cards."

    def _penalty_stacked(self, e: PenaltyStacked, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'stack', 'stacks')}: {e.total} cards to draw."

    def _draw_four_challenged(self, e: DrawFourChallenged, listener: int | None) -> str:
        whose = self._whose(e.player, listener)
        text = (
            f"{self._verb(e.challenger, listener, 'challenge', 'challenges')} "
            f"{whose} Wild Draw Four: "
        )
        text += "it was illegal." if e.illegal else "it was legal."
        if e.hand is not None and listener != e.player:
            text += f" {self.names[e.player]} shows you: {cards_words(e.hand) or 'no cards'}."
        return text

    def _hands_swapped(self, e: HandsSwapped, listener: int | None) -> str:
        return (
            f"{self._verb(e.player, listener, 'swap', 'swaps')} hands with "
            f"{self.whom(e.target, listener)}."
        )

    def _hands_passed(self, e: HandsPassed, listener: int | None) -> str:
        way = "clockwise" if e.clockwise else "counterclockwise"
        return f"Everyone passes their hand one seat {way}."

    def _uno_called(self, e: UnoCalled, listener: int | None) -> str:
        if e.caller == e.player:
            return f"{self._verb(e.caller, listener, 'call', 'calls')} UNO!"
        caller = self._verb(e.caller, listener, "call", "calls")
        return f"{caller} UNO for {self.whom(e.player, listener)}!"

    def _uno_caught(self, e: UnoCaught, listener: int | None) -> str:
        return (
            f"{self._verb(e.catcher, listener, 'catch', 'catches')} "
            f"{self.whom(e.player, listener)} without UNO."
        )

    # Teams -------------------------------------------------------------------------------
    # The Teams text: "announce that a partner exchange is happening, but do not identify which
    # cards are being exchanged". A pass is told without its card, even to the two teammates
    # (they read their hands with the review commands); only the chooser hears their own choice.

    def _exchange_started(self, e: ExchangeStarted, listener: int | None) -> str:
        if e.first_pass:
            return "Everyone secretly passes one card to their teammate."
        return f"Partner exchange: {self._team_words(e.players, listener)} each pass one card."

    def _pass_chosen(self, e: PassChosen, listener: int | None) -> str:
        if e.card is not None:
            return f"You will pass {card_words(e.card)}."
        return "" if self.brief else f"{self.names[e.player]} has chosen a card to pass."

    def _card_passed(self, e: CardPassed, listener: int | None) -> str:
        if self.brief and listener not in (e.giver, e.receiver):
            return ""
        return (
            f"{self._verb(e.giver, listener, 'pass', 'passes')} a card to "
            f"{self.whom(e.receiver, listener)}."
        )

    def _player_went_out(self, e: PlayerWentOut, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'are', 'is')} out of cards."

    def _player_stays_out(self, e: PlayerStaysOut, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'stay', 'stays')} out for the moment."

    def _share_started(self, e: ShareStarted, listener: int | None) -> str:
        gives = (
            f"{self._verb(e.giver, listener, 'give', 'gives')} "
            f"{self.whom(e.receiver, listener)} {plural(e.count, 'card')}"
        )
        if e.tag_back:
            back = self._verb(e.receiver, listener, "are", "is")
            return f"{gives}: {back[:1].lower() + back[1:] if back[:3] == 'You' else back} back in."
        whose = self._whose(e.giver, listener)
        return f"{gives}, half of {whose} hand."

    def _card_given(self, e: CardGiven, listener: int | None) -> str:
        if e.card is None:
            if self.brief:
                return ""
            return f"{self.names[e.giver]} gives a card to {self.names[e.receiver]}."
        return (
            f"{self._verb(e.giver, listener, 'give', 'gives')} {card_words(e.card)} "
            f"to {self.whom(e.receiver, listener)}."
        )

    # End ---------------------------------------------------------------------------------

    def _hand_scored(self, e: HandScored, listener: int | None) -> str:
        holds = self._verb(e.player, listener, "hold", "holds")
        if not e.cards:
            return ""  # the winner, named by the next line
        if self.brief:
            return f"{holds} {plural(e.points, 'point')}."
        return f"{holds} {plural(e.points, 'point')}: {cards_words(e.cards)}."

    def _round_ended(self, e: RoundEnded, listener: int | None) -> str:
        winners = self._team_words(e.winners, listener)
        win = "win" if listener in e.winners or len(e.winners) > 1 else "wins"
        return (
            f"{winners[:1].upper()}{winners[1:]} {win} hand {e.round_number} with "
            f"{plural(e.points, 'point')}. Scores: {self.scores_words(e.scores)}."
        )

    def _match_ended(self, e: MatchEnded, listener: int | None) -> str:
        seats = list(e.winners)
        winners = self._team_words(seats, listener)
        win = "win" if listener in seats or len(seats) > 1 else "wins"
        return (
            f"{winners[:1].upper()}{winners[1:]} {win} the match. "
            f"Final scores: {self.scores_words(e.scores)}."
        )


Sentence = Callable[[Narrator, Any, int | None], str]

SENTENCES: dict[type[Event], Sentence] = {
    DealerChosen: Narrator._dealer_chosen,
    RoundStarted: Narrator._round_started,
    CardsDealt: Narrator._cards_dealt,
    FirstCardTurned: Narrator._first_card_turned,
    FirstCardIgnored: Narrator._first_card_ignored,
    FirstCardReturned: Narrator._first_card_returned,
    TurnBegan: Narrator._turn_began,
    CardPlayed: Narrator._card_played,
    ColorNamed: Narrator._color_named,
    CardsDrawn: Narrator._cards_drawn,
    DrawnCardKept: Narrator._drawn_card_kept,
    TurnPassed: Narrator._turn_passed,
    PlayerSkipped: Narrator._player_skipped,
    DirectionChanged: Narrator._direction_changed,
    DeckReshuffled: Narrator._deck_reshuffled,
    PenaltyStacked: Narrator._penalty_stacked,
    DrawFourChallenged: Narrator._draw_four_challenged,
    HandsSwapped: Narrator._hands_swapped,
    HandsPassed: Narrator._hands_passed,
    UnoCalled: Narrator._uno_called,
    UnoCaught: Narrator._uno_caught,
    ExchangeStarted: Narrator._exchange_started,
    PassChosen: Narrator._pass_chosen,
    CardPassed: Narrator._card_passed,
    PlayerWentOut: Narrator._player_went_out,
    PlayerStaysOut: Narrator._player_stays_out,
    ShareStarted: Narrator._share_started,
    CardGiven: Narrator._card_given,
    HandScored: Narrator._hand_scored,
    RoundEnded: Narrator._round_ended,
    MatchEnded: Narrator._match_ended,
}
"""The sentence of each event type, for one listener: the rendering pass's table."""


def narrate(event: Event, listener: int | None, names: Sequence[str]) -> str:
    """One event in plain words for ``listener`` (a seat, or None for an onlooker)."""
    return Narrator(names).narrate(event, listener)
