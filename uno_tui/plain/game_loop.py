"""Play a match line by line: narrate events, ask each person's decisions as numbered lists."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import TextIO

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Color,
    Deal,
    Decision,
    DrawCard,
    GiveCard,
    KeepDrawn,
    NameColor,
    PassCard,
    PlayCard,
)
from uno_tui.engine.events import Event
from uno_tui.narration import Narrator, card_words
from uno_tui.session import Session

HELP = (
    "Type the number of a choice. Other commands: hand, top, counts, scores, help, quit. "
    "Enter alone repeats the choices."
)


class QuitGame(Exception):
    """The person asked to stop, or the input ended."""


def describe_action(action: Action, names: Sequence[str]) -> str:
    """An action in plain words, as a choice in a list."""
    if isinstance(action, PlayCard):
        text = f"play {card_words(action.card)}"
        if action.color is not None:
            text += f", colour {action.color.word}"
        if action.target is not None:
            text += f", with {names[action.target]}"
        return text
    match action:
        case DrawCard():
            return "draw a card"
        case KeepDrawn():
            return "keep the drawn card"
        case NameColor(color=color):
            return f"name {color.word}"
        case Challenge():
            return "challenge the Wild Draw Four"
        case AcceptPenalty():
            return "draw the penalty cards"
        case PassCard(card=card):
            return f"pass {card_words(card)}"
        case GiveCard(card=card):
            return f"give {card_words(card)}"
        case CallUno(player=player, target=target):
            return "call UNO" if target == player else f"call UNO for {names[target]}"
        case CatchUno(target=target):
            return f"catch {names[target]} without UNO"
        case Deal():
            return "deal the next hand"
    raise ValueError(f"no words for {action!r}")


class PlainGame:
    """The match loop of ``uno-tui --plain`` (and the minimal game until the app exists)."""

    def __init__(self, session: Session, read: Callable[[], str], out: TextIO) -> None:
        self.session = session
        self.game = session.game
        self.read = read
        self.out = out
        self.narrator = Narrator(self.game.names, team_scores=self.game.rules.team_game)
        self.at_keyboard: int | None = None
        people = session.people
        self.solo = people[0] if len(people) == 1 else None

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        self.say(prompt)
        try:
            line = self.read()
        except EOFError:
            raise QuitGame from None
        return line.strip()

    def tell(self, events: Sequence[Event], listener: int | None) -> None:
        for event in events:
            line = self.narrator.narrate(event, listener)
            if line:
                self.say(line)

    def run(self) -> int:
        """Play until the match ends or the person quits; returns an exit code."""
        try:
            self.tell(self.game.round_events(self.solo), self.solo)
            while not self.session.is_over:
                self.tell(self.session.run_bots(), self.solo)
                decision = self.session.person_to_decide()
                if decision is None:
                    continue
                self.take_turn(decision.player)
        except QuitGame:
            self.say("Goodbye.")
            return 0
        return 0

    def take_turn(self, seat: int) -> None:
        if self.solo is None and self.at_keyboard != seat:
            self.ask(f"Pass to {self.game.names[seat]}, press Enter when ready.")
            self.at_keyboard = seat
        view = self.game.view(seat)
        colour = view.current_color.word if view.current_color else "not named yet"
        self.say(f"Top card: {card_words(view.top_card)}, colour {colour}. {self.hand_line(seat)}")
        action = self.choose(seat, self.session.options_for(seat))
        self.tell(self.session.apply(action), seat)
        self.offer_uno_call(seat)

    def offer_uno_call(self, seat: int) -> None:
        """Right after a play leaves a person one card, the call comes before anyone else acts."""
        calls = [
            a
            for d in self.session.options_for(seat)
            for a in d.actions
            if isinstance(a, CallUno) and a.target == seat
        ]
        if calls:
            answer = self.ask("One card left! 1: call UNO, 2: say nothing")
            if answer == "1":
                self.tell(self.session.apply(calls[0]), seat)

    def choose(self, seat: int, decisions: list[Decision]) -> Action:
        """A numbered list: one line per card (a Wild's colour and a target asked after)."""
        groups: dict[str, list[Action]] = defaultdict(list)
        for decision in decisions:
            for action in decision.actions:
                key = (
                    f"play {card_words(action.card)}"
                    if isinstance(action, PlayCard)
                    else (describe_action(action, self.game.names))
                )
                groups[key].append(action)
        labels = list(groups)
        while True:
            listing = ", ".join(f"{i}: {label}" for i, label in enumerate(labels, start=1))
            answer = self.ask(f"{self.game.names[seat]}, choose. {listing}")
            if self.command(answer, seat) or not answer:
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(labels):
                options = groups[labels[int(answer) - 1]]
                return self.refine(seat, options)
            self.say(f"Not a choice: {answer[:40]!r}. Type a number from 1 to {len(labels)}.")

    def refine(self, seat: int, options: list[Action]) -> Action:
        """Ask the colour (and the player) for a card that needs them."""
        while len(options) > 1:
            colours = sorted(
                {a.color for a in options if isinstance(a, PlayCard) and a.color},
                key=list(Color).index,
            )
            if len(colours) > 1:
                picked_colour = self.pick(seat, "Which colour?", [c.word for c in colours])
                options = [
                    a
                    for a in options
                    if isinstance(a, PlayCard) and a.color is colours[picked_colour]
                ]
                continue
            targets = [
                a.target for a in options if isinstance(a, PlayCard) and a.target is not None
            ]
            picked = self.pick(seat, "With whom?", [self.game.names[t] for t in targets])
            options = [options[picked]]
        return options[0]

    def pick(self, seat: int, question: str, labels: list[str]) -> int:
        while True:
            listing = ", ".join(f"{i}: {label}" for i, label in enumerate(labels, start=1))
            answer = self.ask(f"{question} {listing}")
            if self.command(answer, seat) or not answer:
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(labels):
                return int(answer) - 1
            self.say(f"Not a choice: {answer[:40]!r}. Type a number from 1 to {len(labels)}.")

    def command(self, answer: str, seat: int) -> bool:
        """Review commands that take no turn. True if ``answer`` was one."""
        word = answer.lower()
        view = self.game.view(seat)
        if word == "quit":
            raise QuitGame
        if word == "help":
            self.say(HELP)
        elif word == "hand":
            self.say(self.hand_line(seat))
        elif word == "top":
            colour = view.current_color.word if view.current_color else "not named yet"
            self.say(f"Top card: {card_words(view.top_card)}. Colour: {colour}.")
        elif word == "counts":
            counts = ", ".join(
                f"{name} {count}" for name, count in zip(view.names, view.hand_counts, strict=True)
            )
            self.say(
                f"Cards: {counts}. Draw pile: {view.draw_pile_count}. "
                f"Turn: {view.names[view.current_player]}."
            )
        elif word == "scores":
            self.say(
                f"Scores: {self.narrator.scores_words(view.scores)}. "
                f"Target {view.rules.target_score}."
            )
        else:
            return False
        return True

    def hand_line(self, seat: int) -> str:
        """The hand grouped by colour, with counts."""
        hand = self.game.view(seat).hand
        by_colour: dict[str, list[str]] = defaultdict(list)
        for card in hand:
            by_colour[card.color.word if card.color else "wild"].append(card_words(card))
        groups = "; ".join(f"{colour}: {', '.join(cards)}" for colour, cards in by_colour.items())
        return f"{self.game.names[seat]}, your hand, {len(hand)} cards. {groups}."
