"""Events in plain words: short, the most important words first, colours always as words.

Two verbosities: ``"full"`` tells every event; ``"brief"`` tells only what can change a
player's decision (plays, draws, skips, the direction, UNO, whose turn it is for the listener,
the listener's own cards, scores) and leaves out the rest (deals to others, other players'
turns beginning, reshuffles, a teammate choosing a pass ...). A left-out event reads as ``""``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

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

Verbosity = Literal["full", "brief"]
VERBOSITIES: tuple[Verbosity, ...] = ("full", "brief")


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
    DrawReason.CHALLENGE_LOST: " as the Wild Draw Four was illegal",
    DrawReason.UNO_PENALTY: " for not calling UNO",
    DrawReason.TEAM_PLAY: ": the teammate could not play",
    DrawReason.TEAM_DRAW_FOUR: " for the Wild Team Draw Four",
    DrawReason.CUSTOM: " for the Wild Customizable",
    DrawReason.FIRST_CARD: " for the first card",
}

# A card's own consequences, told in the same line as the play ("Blue Skip: Leo is skipped").
_CONSEQUENCES = (PlayerSkipped, CardsDrawn, DirectionChanged, HandsSwapped, HandsPassed)
_REASON_OF_CARD = {
    DrawReason.DRAW_TWO,
    DrawReason.DRAW_FOUR,
    DrawReason.TEAM_DRAW_FOUR,
    DrawReason.CUSTOM,
    DrawReason.FIRST_CARD,
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
        method: Callable[[Any, int | None], str] | None = getattr(
            self, f"_{type(seen).__name__}", None
        )
        if method is None:
            return type(seen).__name__
        return method(seen, listener)

    def narrate_events(self, events: Sequence[Event], listener: int | None = None) -> list[str]:
        """The lines for several events in order, shorter to hear than one line per event:

        - a card's consequences join the line of its play ("Maya plays Blue Skip: Leo is
          skipped."), and a first card's the line that turns it;
        - drawing and what follows it is one clause ("Leo draws 1 card and cannot play.",
          "Omar draws 4 cards for the Wild Draw Four and is skipped.");
        - another player's turn beginning ends the line before it ("... Ines's turn."), while
          "Your turn." keeps a line of its own;
        - the deal to the others is not told again after "Hand 2, 7 cards each.";
        - a Teams exchange is one line ("Maya and Ines exchange a card.");
        - who won a hand comes before the hands left.

        Events the verbosity leaves out give no line.
        """
        seen = [event.seen_by(listener) for event in events]
        lines: list[str] = []
        scored: list[str] = []
        hand_size: int | None = None
        joinable = False  # the last line is a play whose consequences may still follow
        joined = False  # and one consequence is already in it
        index = 0
        while index < len(seen):
            event = seen[index]
            following = seen[index + 1] if index + 1 < len(seen) else None
            step = 1
            of_the_card = (
                joinable and isinstance(event, CardsDrawn) and event.reason in _REASON_OF_CARD
            )
            if (
                isinstance(event, CardsDrawn)
                and isinstance(following, PlayerSkipped | TurnPassed)
                and following.player == event.player
                and event.count
            ):
                you = event.player == listener
                then = (
                    (" and are skipped" if you else " and is skipped")
                    if isinstance(following, PlayerSkipped)
                    else " and cannot play"
                )
                text = self._draw_words(event, listener, with_reason=not of_the_card, then=then)
                step = 2
            elif isinstance(event, CardPassed):
                end = index
                while end < len(seen) and isinstance(seen[end], CardPassed):
                    end += 1
                passes = [e for e in seen[index:end] if isinstance(e, CardPassed)]
                text = self._passes_words(passes, listener)
                step = end - index
            elif of_the_card and isinstance(event, CardsDrawn):
                text = self._draw_words(event, listener, with_reason=False)
            else:
                text = self.narrate(event, listener)
            index += step

            if isinstance(event, RoundStarted):
                hand_size = event.hand_size
            if isinstance(event, HandScored):
                if text:
                    scored.append(text)
                continue
            if isinstance(event, RoundEnded):
                lines += [text, *scored]
                scored = []
                joinable = False
                continue
            if not text or (
                isinstance(event, CardsDealt) and event.cards is None and event.count == hand_size
            ):
                continue
            told_by_the_card = not isinstance(event, CardsDrawn) or of_the_card
            if joinable and lines and isinstance(event, _CONSEQUENCES) and told_by_the_card:
                if not isinstance(event, HandsSwapped):  # the play said "with Omar"
                    lines[-1] = self._join(lines[-1], text, first=not joined)
                    joined = True
                continue
            if lines and (
                (isinstance(event, TurnBegan) and event.player != listener)
                or isinstance(event, FirstCardIgnored)
            ):
                lines[-1] = f"{lines[-1]} {text}"
                joinable = False
                continue
            lines.append(text)
            joinable = isinstance(event, CardPlayed | FirstCardTurned)
            joined = False
        return lines + scored

    def _join(self, line: str, part: str, *, first: bool) -> str:
        """ "Maya plays Blue Skip." + "Leo is skipped." -> "Maya plays Blue Skip: Leo is
        skipped."; a second consequence follows after a semicolon."""
        if not part.startswith(self.names):
            part = part[:1].lower() + part[1:]
        joint = ": " if first else "; "
        return f"{line.removesuffix('.')}{joint}{part}"

    def _passes_words(self, passes: Sequence[CardPassed], listener: int | None) -> str:
        """A Teams exchange in one line, without the cards: "Maya and Ines exchange a card." """
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
                told.append(
                    f"{self.who(first, listener)} and {self.whom(second, listener)} "
                    "exchange a card."
                )
            else:
                told.append(self.narrate(CardPassed(giver, receiver, None), listener))
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
        """A player named "You" (the app's default name) is told of in the second person
        whoever listens: "You play", "Your turn", never "You plays", "You's turn"."""
        return self.names[seat].casefold() == "you"

    def _whose(self, seat: int, listener: int | None) -> str:
        return "your" if seat == listener else f"{self.names[seat]}'s"

    def _team_words(self, seats: Sequence[int], listener: int | None) -> str:
        return " and ".join(self.whom(seat, listener) for seat in seats)

    def scores_words(self, scores: Sequence[int]) -> str:
        return scores_words(self.names, scores, team_scores=self.team_scores)

    # Setup -------------------------------------------------------------------------------

    def _DealerChosen(self, e: DealerChosen, listener: int | None) -> str:
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

    def _RoundStarted(self, e: RoundStarted, listener: int | None) -> str:
        return f"Hand {e.round_number} begins. {plural(e.hand_size, 'card')} each."

    def _CardsDealt(self, e: CardsDealt, listener: int | None) -> str:
        if e.cards is None:
            return (
                "" if self.brief else f"{self.names[e.player]} is dealt {plural(e.count, 'card')}."
            )
        return f"Your hand: {cards_words(e.cards)}."

    def _FirstCardTurned(self, e: FirstCardTurned, listener: int | None) -> str:
        return f"First card: {card_words(e.card)}."

    def _FirstCardIgnored(self, e: FirstCardIgnored, listener: int | None) -> str:
        return "That is an action card: another card is turned."

    def _FirstCardReturned(self, e: FirstCardReturned, listener: int | None) -> str:
        return "A Wild Draw Four turned first goes back into the deck."

    # Turns -------------------------------------------------------------------------------

    def _TurnBegan(self, e: TurnBegan, listener: int | None) -> str:
        if e.player == listener:
            return "Your turn: play a card, you may not draw." if e.must_play else "Your turn."
        if self.brief:
            return ""
        if self._named_you(e.player):  # not "You's turn"
            return "You to play: must play a card." if e.must_play else "You to play."
        whose = f"{self.names[e.player]}'s turn"
        return f"{whose}: must play a card." if e.must_play else f"{whose}."

    def _CardPlayed(self, e: CardPlayed, listener: int | None) -> str:
        verb = (
            self._verb(e.player, listener, "jump in with", "jumps in with")
            if e.jump_in
            else self._verb(e.player, listener, "play", "plays")
        )
        text = f"{verb} {card_words(e.card)}"
        if e.target is not None:
            text += f" with {self.whom(e.target, listener)}"
        if e.card.is_wild:
            text += f", the colour is {e.color.word}"
        return text + "."

    def _ColorNamed(self, e: ColorNamed, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'name', 'names')} the colour {e.color.word}."

    def _draw_words(
        self, e: CardsDrawn, listener: int | None, *, with_reason: bool, then: str = ""
    ) -> str:
        if e.count == 0:
            return f"{self._verb(e.player, listener, 'find', 'finds')} no card left to draw."
        text = f"{self._verb(e.player, listener, 'draw', 'draws')} {plural(e.count, 'card')}"
        if with_reason and e.reason is DrawReason.TEAM_PLAY and self.team_scores:
            mate = teammate_of(e.player, len(self.names))
            text += f": {self.who(mate, listener)} could not play"
        elif with_reason:
            text += _DRAW_REASONS.get(e.reason, "")
        text += then
        if e.cards is not None:
            text += f": {cards_words(e.cards)}"
        return text + "."

    def _CardsDrawn(self, e: CardsDrawn, listener: int | None) -> str:
        return self._draw_words(e, listener, with_reason=True)

    def _DrawnCardKept(self, e: DrawnCardKept, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'keep', 'keeps')} the drawn card."

    def _TurnPassed(self, e: TurnPassed, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'cannot', 'cannot')} play."

    def _PlayerSkipped(self, e: PlayerSkipped, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'are', 'is')} skipped."

    def _DirectionChanged(self, e: DirectionChanged, listener: int | None) -> str:
        return "Play goes " + ("clockwise." if e.clockwise else "counterclockwise.")

    def _DeckReshuffled(self, e: DeckReshuffled, listener: int | None) -> str:
        if self.brief:
            return ""
        return f"Discard pile shuffled: a new draw pile of {e.count} cards."

    def _PenaltyStacked(self, e: PenaltyStacked, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'stack', 'stacks')}: {e.total} cards to draw."

    def _DrawFourChallenged(self, e: DrawFourChallenged, listener: int | None) -> str:
        whose = self._whose(e.player, listener)
        text = (
            f"{self._verb(e.challenger, listener, 'challenge', 'challenges')} "
            f"{whose} Wild Draw Four: "
        )
        text += "it was illegal." if e.illegal else "it was legal."
        if e.hand is not None and listener != e.player:
            text += f" {self.names[e.player]} shows you: {cards_words(e.hand) or 'no cards'}."
        return text

    def _HandsSwapped(self, e: HandsSwapped, listener: int | None) -> str:
        return (
            f"{self._verb(e.player, listener, 'swap', 'swaps')} hands with "
            f"{self.whom(e.target, listener)}."
        )

    def _HandsPassed(self, e: HandsPassed, listener: int | None) -> str:
        way = "clockwise" if e.clockwise else "counterclockwise"
        return f"Everyone passes their hand one seat {way}."

    def _UnoCalled(self, e: UnoCalled, listener: int | None) -> str:
        if e.caller == e.player:
            return f"{self._verb(e.caller, listener, 'call', 'calls')} UNO!"
        caller = self._verb(e.caller, listener, "call", "calls")
        return f"{caller} UNO for {self.whom(e.player, listener)}!"

    def _UnoCaught(self, e: UnoCaught, listener: int | None) -> str:
        return (
            f"{self._verb(e.catcher, listener, 'catch', 'catches')} "
            f"{self.whom(e.player, listener)} without UNO."
        )

    # Teams -------------------------------------------------------------------------------
    # The Teams text: "announce that a partner exchange is happening, but do not identify which
    # cards are being exchanged". A pass is told without its card, even to the two teammates
    # (they read their hands with the review commands); only the chooser hears their own choice.

    def _ExchangeStarted(self, e: ExchangeStarted, listener: int | None) -> str:
        if e.first_pass:
            return "Everyone secretly passes one card to their teammate."
        return f"Partner exchange: {self._team_words(e.players, listener)} each pass one card."

    def _PassChosen(self, e: PassChosen, listener: int | None) -> str:
        if e.card is not None:
            return f"You will pass {card_words(e.card)}."
        return "" if self.brief else f"{self.names[e.player]} has chosen a card to pass."

    def _CardPassed(self, e: CardPassed, listener: int | None) -> str:
        if self.brief and listener not in (e.giver, e.receiver):
            return ""
        return (
            f"{self._verb(e.giver, listener, 'pass', 'passes')} a card to "
            f"{self.whom(e.receiver, listener)}."
        )

    def _PlayerWentOut(self, e: PlayerWentOut, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'are', 'is')} out of cards."

    def _PlayerStaysOut(self, e: PlayerStaysOut, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'stay', 'stays')} out for the moment."

    def _ShareStarted(self, e: ShareStarted, listener: int | None) -> str:
        gives = (
            f"{self._verb(e.giver, listener, 'give', 'gives')} "
            f"{self.whom(e.receiver, listener)} {plural(e.count, 'card')}"
        )
        if e.tag_back:
            back = self._verb(e.receiver, listener, "are", "is")
            return f"{gives}: {back[:1].lower() + back[1:] if back[:3] == 'You' else back} back in."
        whose = self._whose(e.giver, listener)
        return f"{gives}, half of {whose} hand."

    def _CardGiven(self, e: CardGiven, listener: int | None) -> str:
        if e.card is None:
            if self.brief:
                return ""
            return f"{self.names[e.giver]} gives a card to {self.names[e.receiver]}."
        return (
            f"{self._verb(e.giver, listener, 'give', 'gives')} {card_words(e.card)} "
            f"to {self.whom(e.receiver, listener)}."
        )

    # End ---------------------------------------------------------------------------------

    def _HandScored(self, e: HandScored, listener: int | None) -> str:
        holds = self._verb(e.player, listener, "hold", "holds")
        if not e.cards:
            return ""  # the winner, named by the next line
        if self.brief:
            return f"{holds} {plural(e.points, 'point')}."
        return f"{holds} {plural(e.points, 'point')}: {cards_words(e.cards)}."

    def _RoundEnded(self, e: RoundEnded, listener: int | None) -> str:
        winners = self._team_words(e.winners, listener)
        win = "win" if listener in e.winners or len(e.winners) > 1 else "wins"
        return (
            f"{winners[:1].upper()}{winners[1:]} {win} hand {e.round_number} with "
            f"{plural(e.points, 'point')}. Scores: {self.scores_words(e.scores)}."
        )

    def _MatchEnded(self, e: MatchEnded, listener: int | None) -> str:
        if self.team_scores:
            count = len(self.names) // 2
            seats = [seat for team in e.winners for seat in (team, team + count)]
        else:
            seats = list(e.winners)
        winners = self._team_words(seats, listener)
        win = "win" if listener in seats or len(seats) > 1 else "wins"
        return (
            f"{winners[:1].upper()}{winners[1:]} {win} the match. "
            f"Final scores: {self.scores_words(e.scores)}."
        )


def narrate(event: Event, listener: int | None, names: Sequence[str]) -> str:
    """One event in plain words for ``listener`` (a seat, or None for an onlooker)."""
    return Narrator(names).narrate(event, listener)
