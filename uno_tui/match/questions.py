"""The questions a match asks a person, in words every front end uses: a decision that is not
a card from the hand (the first card's colour, a drawn card, a challenge, a stack), the next
question a chosen card needs (its colour, the player to swap with), the UNO call after a play,
a catch, the hot-seat curtain and the cards drawn as a turn ends. No terminal code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from uno_tui.engine import (
    Action,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    Decision,
    DecisionKind,
    KeepDrawn,
    NameColor,
    PlayCard,
    PublicView,
)
from uno_tui.narration import (
    Move,
    card_words,
    challenge_words,
    describe_action,
    drawn_card_question,
    facing_question,
    first_wild_question,
)

from .table import Table


@dataclass(frozen=True, slots=True)
class Choice:
    """One numbered answer: its words, the actions it stands for, and its colour if it names
    one (a front end may show it in that colour)."""

    label: str
    actions: tuple[Action, ...]
    color: Color | None = None


FAILED_CHALLENGE_EXTRA = 2
"""A failed challenge costs the penalty and two more (the engine's rule)."""


@dataclass(frozen=True, slots=True)
class Question:
    """A question with numbered answers (the number is the key that answers it)."""

    prompt: str
    choices: tuple[Choice, ...]
    cancellable: bool = True
    told: str = ""
    """The prompt with what its answers cost, where nothing else tells it (the line mode; the
    app's dialog shows and says its own stakes under ``prompt``); empty: ``prompt``."""

    def spoken(self) -> str:
        """ "Which colour? 1: red, 2: yellow, 3: green, 4: blue." """
        answers = ", ".join(f"{n}: {c.label}" for n, c in enumerate(self.choices, start=1))
        return f"{self.told or self.prompt} {answers}."


@dataclass(frozen=True, slots=True)
class Curtain:
    """Hot-seat: the keyboard passes to ``seat``; meanwhile anyone may make a public call."""

    seat: int
    name: str
    calls: tuple[tuple[str, Action], ...]
    catches: tuple[tuple[str, Action], ...]

    def spoken(self) -> str:
        extra = [f"U: {label}." for label, _ in self.calls]
        extra += [f"C: {label}." for label, _ in self.catches]
        return " ".join([f"Hand the keyboard to {self.name}. Press Enter when ready.", *extra])


class Questions:
    """The questions of one match, as its table (``uno_tui.match.table.Table``) stands."""

    def __init__(self, session: Table) -> None:
        self.session = session
        self.game = session.game

    def public_view(self) -> PublicView:
        return self.game.view(None)

    def actions_of(self, seat: int) -> list[Action]:
        return [a for d in self.session.options_for(seat) for a in d.actions]

    def curtain_for(self, seat: int) -> Curtain:
        names = self.game.names
        people = set(self.session.people)
        decisions = [d for d in self.game.decisions() if d.player in people]
        calls = tuple(
            (f"{names[a.target]} calls UNO", a)
            for d in decisions
            if d.kind is DecisionKind.CALL_UNO
            for a in d.actions
            if isinstance(a, CallUno) and a.player == a.target
        )
        catches = tuple(
            (f"{names[a.player]} catches {names[a.target]}", a)
            for d in decisions
            if d.kind is DecisionKind.CATCH_UNO
            for a in d.actions
            if isinstance(a, CatchUno)
        )
        return Curtain(seat, names[seat], calls[:1], catches[:1])

    def question_for(self, decision: Decision) -> Question:
        """The question for a decision that is not a card from the hand."""
        names = self.game.names
        view = self.game.view(decision.player)
        actions = decision.actions
        if decision.kind is DecisionKind.NAME_COLOR:
            choices = tuple(
                Choice(a.color.word, (a,), a.color) if isinstance(a, NameColor) else self._plain(a)
                for a in actions
            )
            return Question(first_wild_question(names[decision.player]), choices)
        if decision.kind is DecisionKind.PLAY_DRAWN:
            may_keep = any(isinstance(a, KeepDrawn) for a in actions)  # else compulsory
            drew, ask = drawn_card_question(view.drawn_card, may_keep=may_keep)
            choices = tuple(
                Choice("keep it", (a,)) if isinstance(a, KeepDrawn) else self._plain(a)
                for a in actions
            )
            return Question(f"{drew} {ask}", choices)
        # a Wild Draw Four or a stack of Draw Twos to answer
        challenge = decision.kind is DecisionKind.CHALLENGE
        facing = partial(
            facing_question,
            names[decision.player],
            view.pending_penalty,
            before=challenge_words(view) if challenge else "",  # the colour it turns on
            challenge=challenge,
            stack=any(isinstance(a, PlayCard) for a in actions),
        )
        prompt = facing()
        told = facing(failed=view.pending_penalty + FAILED_CHALLENGE_EXTRA) if challenge else ""
        choices = tuple(
            Choice("challenge: if it was played illegally, its player draws instead", (a,))
            if isinstance(a, Challenge)
            else self._plain(a)
            for a in actions
        )
        return Question(prompt, choices, told=told)

    def _plain(self, action: Action) -> Choice:
        return Choice(describe_action(action, self.game.names), (action,))

    def refine(self, options: Sequence[Action]) -> Question | None:
        """The next question a chosen card needs (the player to swap with, then its colour),
        or ``None`` when ``options`` is down to one action."""
        if len(options) <= 1:
            return None
        colors = list(dict.fromkeys(a.color for a in options if isinstance(a, PlayCard)))
        first = options[0]
        targets = list(dict.fromkeys(a.target for a in options if isinstance(a, PlayCard)))
        if len(colors) > 1 and len(targets) <= 1:  # the partner first: the colour is then
            # named for the hand the player will hold
            card = f"{card_words(first.card)}: " if isinstance(first, PlayCard) else ""
            return Question(
                f"{card}which colour?",
                tuple(
                    Choice(
                        c.word if c else "no colour",
                        tuple(a for a in options if isinstance(a, PlayCard) and a.color is c),
                        c,
                    )
                    for c in colors
                ),
            )
        counts = self.public_view().hand_counts
        return Question(
            "With whom?",
            tuple(
                Choice(
                    f"{self.game.names[target]} ({counts[target]} cards)",
                    tuple(a for a in options if isinstance(a, PlayCard) and a.target == target),
                )
                for target in targets
                if target is not None
            ),
        )

    def uno_question(self, seat: int) -> Question:
        """ "One card left! Call UNO? 1: call UNO, 2: say nothing." """
        calls = [a for a in self.actions_of(seat) if isinstance(a, CallUno) and a.target == seat]
        return Question(
            "One card left! Call UNO?",
            (Choice("call UNO", tuple(calls[:1])), Choice("say nothing", ())),
        )

    def drawn_question(self, seat: int, cards: Sequence[Card]) -> Question:
        """Hot-seat: "Ann, you drew Yellow 1. Your turn is over." """
        words = ", ".join(card_words(card) for card in cards)
        return Question(
            f"{self.game.names[seat]}, you drew {words}. Your turn is over.",
            (Choice("pass the keyboard on", ()),),
        )

    def catch_question(self, catches: Sequence[CatchUno]) -> Question:
        names = self.game.names
        return Question("Catch whom?", tuple(Choice(names[a.target], (a,)) for a in catches))

    def catch_offer_question(self, catches: Sequence[CatchUno]) -> Question:
        """ "Ada did not call UNO! Catch? 1: catch Ada, 2: let it go." """
        names = self.game.names
        targets = list({a.target: a for a in catches}.values())
        who = " and ".join(names[a.target] for a in targets)
        return Question(
            f"{who} did not call UNO! Catch?",
            (
                *(Choice(f"catch {names[a.target]}", (a,)) for a in targets),
                Choice("let it go", ()),
            ),
        )

    def moves_question(self, moves: Sequence[Move]) -> Question:
        """The person's moves as a question: the number played is the move's number."""
        return Question("Your moves.", tuple(Choice(m.label, m.actions) for m in moves))
