"""Events in plain words: short, the most important words first, colours always as words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from uno_tui.engine import Card
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


def card_words(card: Card) -> str:
    """A card in plain words: "Red 7", "Blue Draw Two", "Wild Draw Four"."""
    return card.title


def cards_words(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(card) for card in cards)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


_DRAW_REASONS = {
    DrawReason.DRAW_TWO: "for the Draw Two",
    DrawReason.DRAW_FOUR: "for the Wild Draw Four",
    DrawReason.CHALLENGE_FAILED: "for a failed challenge",
    DrawReason.CHALLENGE_LOST: ": the Wild Draw Four was illegal",
    DrawReason.UNO_PENALTY: "for not calling UNO",
    DrawReason.TEAM_PLAY: "because the teammate could not play",
    DrawReason.TEAM_DRAW_FOUR: "for the Wild Team Draw Four",
    DrawReason.CUSTOM: "for the Wild Customizable",
    DrawReason.FIRST_CARD: "for the first card",
}


class Narrator:
    """Tells events to one listener at a time, by the players' names."""

    def __init__(self, names: Sequence[str], *, team_scores: bool = False) -> None:
        self.names = tuple(names)
        self.team_scores = team_scores

    def narrate(self, event: Event, listener: int | None = None) -> str:
        """One sentence (or a few) for ``event`` as ``listener`` may know it."""
        seen = event.seen_by(listener)
        method: Callable[[Any, int | None], str] | None = getattr(
            self, f"_{type(seen).__name__}", None
        )
        if method is None:
            return type(seen).__name__
        return method(seen, listener)

    # Words -------------------------------------------------------------------------------

    def who(self, seat: int, listener: int | None) -> str:
        return "You" if seat == listener else self.names[seat]

    def whom(self, seat: int, listener: int | None) -> str:
        return "you" if seat == listener else self.names[seat]

    def _verb(self, seat: int, listener: int | None, you: str, they: str) -> str:
        return f"{self.who(seat, listener)} {you if seat == listener else they}"

    def _team_words(self, seats: Sequence[int], listener: int | None) -> str:
        return " and ".join(self.whom(seat, listener) for seat in seats)

    # Setup -------------------------------------------------------------------------------

    def _DealerChosen(self, e: DealerChosen, listener: int | None) -> str:
        draws = ""
        if e.draws:
            last = e.draws[-len(self.names) :]
            draws = (
                " (high card: "
                + ", ".join(f"{self.names[seat]} {card_words(card)}" for seat, card in last)
                + ")"
            )
        return f"{self._verb(e.dealer, listener, 'deal', 'deals')}{draws}."

    def _RoundStarted(self, e: RoundStarted, listener: int | None) -> str:
        return f"Hand {e.round_number}. {plural(e.hand_size, 'card')} each."

    def _CardsDealt(self, e: CardsDealt, listener: int | None) -> str:
        if e.cards is None:
            return f"{self.names[e.player]} is dealt {plural(e.count, 'card')}."
        return f"Your hand: {cards_words(e.cards)}."

    def _FirstCardTurned(self, e: FirstCardTurned, listener: int | None) -> str:
        return f"First card: {card_words(e.card)}."

    def _FirstCardIgnored(self, e: FirstCardIgnored, listener: int | None) -> str:
        return f"{card_words(e.card)} is an action card: another card is turned."

    def _FirstCardReturned(self, e: FirstCardReturned, listener: int | None) -> str:
        return "Wild Draw Four turned first: it goes back into the deck."

    # Turns -------------------------------------------------------------------------------

    def _TurnBegan(self, e: TurnBegan, listener: int | None) -> str:
        whose = "Your turn" if e.player == listener else f"{self.names[e.player]}'s turn"
        return f"{whose}, must play a card." if e.must_play else f"{whose}."

    def _CardPlayed(self, e: CardPlayed, listener: int | None) -> str:
        verb = (
            self._verb(e.player, listener, "jump in with", "jumps in with")
            if e.jump_in
            else (self._verb(e.player, listener, "play", "plays"))
        )
        text = f"{verb} {card_words(e.card)}"
        if e.card.is_wild:
            text += f", the colour is {e.color.word}"
        if e.target is not None:
            text += f", with {self.whom(e.target, listener)}"
        return text + "."

    def _ColorNamed(self, e: ColorNamed, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'name', 'names')} {e.color.word}."

    def _CardsDrawn(self, e: CardsDrawn, listener: int | None) -> str:
        if e.count == 0:
            return f"{self._verb(e.player, listener, 'find', 'finds')} no card left to draw."
        reason = _DRAW_REASONS.get(e.reason, "")
        text = f"{self._verb(e.player, listener, 'draw', 'draws')} {plural(e.count, 'card')}"
        if reason:
            text += reason if reason.startswith(":") else f" {reason}"
        if e.cards is not None:
            text += f": {cards_words(e.cards)}"
        return text + "."

    def _DrawnCardKept(self, e: DrawnCardKept, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'keep', 'keeps')} the drawn card."

    def _TurnPassed(self, e: TurnPassed, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'cannot', 'cannot')} play; the turn passes."

    def _PlayerSkipped(self, e: PlayerSkipped, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'are', 'is')} skipped."

    def _DirectionChanged(self, e: DirectionChanged, listener: int | None) -> str:
        return "Direction: " + ("clockwise." if e.clockwise else "counterclockwise.")

    def _DeckReshuffled(self, e: DeckReshuffled, listener: int | None) -> str:
        return f"The discard pile is shuffled into a new draw pile of {e.count} cards."

    def _PenaltyStacked(self, e: PenaltyStacked, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'stack', 'stacks')}: {e.total} cards to draw."

    def _DrawFourChallenged(self, e: DrawFourChallenged, listener: int | None) -> str:
        whose = "your" if e.player == listener else f"{self.names[e.player]}'s"
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

    def _ExchangeStarted(self, e: ExchangeStarted, listener: int | None) -> str:
        if e.first_pass:
            return "Everyone secretly passes one card to their teammate."
        return f"Partner exchange: {self._team_words(e.players, listener)} each pass one card."

    def _PassChosen(self, e: PassChosen, listener: int | None) -> str:
        if e.card is not None:
            return f"You chose to pass {card_words(e.card)}."
        return f"{self.names[e.player]} has chosen a card to pass."

    def _CardPassed(self, e: CardPassed, listener: int | None) -> str:
        if e.card is None:
            return f"{self.names[e.giver]} passes a card to {self.names[e.receiver]}."
        return (
            f"{self._verb(e.giver, listener, 'pass', 'passes')} {card_words(e.card)} "
            f"to {self.whom(e.receiver, listener)}."
        )

    def _PlayerWentOut(self, e: PlayerWentOut, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'are', 'is')} out of cards."

    def _PlayerStaysOut(self, e: PlayerStaysOut, listener: int | None) -> str:
        return f"{self._verb(e.player, listener, 'stay', 'stays')} out for the moment."

    def _ShareStarted(self, e: ShareStarted, listener: int | None) -> str:
        why = "to tag them back in" if e.tag_back else "half their hand"
        return (
            f"{self._verb(e.giver, listener, 'give', 'gives')} "
            f"{self.whom(e.receiver, listener)} {plural(e.count, 'card')}, {why}."
        )

    def _CardGiven(self, e: CardGiven, listener: int | None) -> str:
        if e.card is None:
            return f"{self.names[e.giver]} gives a card to {self.names[e.receiver]}."
        return (
            f"{self._verb(e.giver, listener, 'give', 'gives')} {card_words(e.card)} "
            f"to {self.whom(e.receiver, listener)}."
        )

    # End ---------------------------------------------------------------------------------

    def _HandScored(self, e: HandScored, listener: int | None) -> str:
        if not e.cards:
            return f"{self._verb(e.player, listener, 'hold', 'holds')} no cards."
        return (
            f"{self._verb(e.player, listener, 'hold', 'holds')} {cards_words(e.cards)}: "
            f"{plural(e.points, 'point')}."
        )

    def _RoundEnded(self, e: RoundEnded, listener: int | None) -> str:
        winners = self._team_words(e.winners, listener)
        return (
            f"Hand {e.round_number} won by {winners}, {plural(e.points, 'point')}. "
            f"Scores: {self.scores_words(e.scores)}."
        )

    def _MatchEnded(self, e: MatchEnded, listener: int | None) -> str:
        if self.team_scores:
            count = len(self.names) // 2
            teams = [f"{self.names[t]} and {self.names[t + count]}" for t in e.winners]
            return (
                f"Match won by {' and '.join(teams)}. Final scores: {self.scores_words(e.scores)}."
            )
        winners = " and ".join(self.names[w] for w in e.winners)
        return f"Match won by {winners}. Final scores: {self.scores_words(e.scores)}."

    def scores_words(self, scores: Sequence[int]) -> str:
        if self.team_scores:
            count = len(self.names) // 2
            return ", ".join(
                f"{self.names[t]} and {self.names[t + count]} {score}"
                for t, score in enumerate(scores)
            )
        return ", ".join(f"{name} {score}" for name, score in zip(self.names, scores, strict=True))


def narrate(event: Event, listener: int | None, names: Sequence[str]) -> str:
    """One event in plain words for ``listener`` (a seat, or None for an onlooker)."""
    return Narrator(names).narrate(event, listener)
