"""A person's choices in the line mode: the turn's summary, its numbered list of every move
(drawing ``d`` and keeping a drawn card ``k`` every turn, calling UNO ``u`` with two cards),
the next questions a chosen card needs (a Wild's colour, the player to swap with), and the
flow's own questions answered by number, letter, yes or no. A command typed instead of an
answer is answered (``commands.Reviews``) and the question asked again."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from uno_tui.engine import Action, Decision, DecisionKind, Phase, PlayCard
from uno_tui.match.flow import MatchFlow
from uno_tui.match.questions import Question
from uno_tui.narration import (
    UNO_ARMED,
    Move,
    Narrator,
    hand_words,
    list_moves,
    low_counts_words,
    next_player,
    top_words,
)
from uno_tui.narration.brief import brief_hand_words, brief_labels, brief_top_words
from uno_tui.narration.narrator import plural

from .asking import QuestionLine
from .commands import Reviews
from .keys import (
    CALL_UNO,
    T,
    choice_keys,
    choice_number,
    key_range,
    keyed_words,
    not_a_choice,
    number_range,
    numbered,
    stable_keyed,
    yes_no_index,
)


class Chooser:
    """Asks a person for their move, or for the answer to one of the flow's questions."""

    def __init__(
        self, flow: MatchFlow, narrator: Narrator, questions: QuestionLine, reviews: Reviews
    ) -> None:
        self.flow = flow
        self.game = flow.session.game
        self.names = self.game.names
        self.narrator = narrator
        self.questions = questions
        self.reviews = reviews
        self.solo = flow.solo

    def say(self, line: str) -> None:
        self.questions.printer.say(line)

    # The flow's questions ------------------------------------------------------------------

    async def ask(self, seat: int, question: Question, *, yes_no: bool = False) -> int | None:
        """One of the flow's questions, its choices numbered (drawing also ``d``, keeping a
        drawn card also ``k``, as at every turn). A ``yes_no`` question ("Call UNO?",
        "Catch?", and any of two choices: "Challenge the Wild Draw Four, or draw?") also
        takes yes for its first choice and no for its last. ``None``: its moment passed."""
        count = len(question.choices)
        yes_no = yes_no or count == 2
        keyed = stable_keyed([choice.actions for choice in question.choices])
        still = self.still_answerable(seat, question)
        while True:
            answer = await self.questions.ask_line(question.spoken(), still)
            if answer is None:
                return None
            if answer.lower() in keyed:
                return keyed[answer.lower()]
            if not answer or self.reviews.command(answer, seat, ""):
                continue
            said_yes_no = yes_no_index(answer, count) if yes_no else None
            if said_yes_no is not None:
                return said_yes_no
            number = choice_number(answer, count)
            if number is not None:
                return number - 1
            self.say(not_a_choice(answer, number_range(count)))

    def still_answerable(self, seat: int, question: Question) -> Callable[[], bool]:
        """Whether every answer of ``question`` may still be given by ``seat``."""
        actions = [a for choice in question.choices for a in choice.actions]

        def still() -> bool:
            now = self.flow.actions_of(seat)
            return all(action in now for action in actions)

        return still

    # A turn ----------------------------------------------------------------------------------

    def summary(self, seat: int) -> str:
        """The turn's first line: the top card, the hand, the others close to going out, and
        who plays next (or whom to pass a card to)."""
        view = self.game.view(seat)
        who = "" if self.solo is not None else f"{self.names[seat]}. "
        brief = self.narrator.brief
        if brief and view.drawn_card is not None:  # the hand was told a line ago
            line = f"{who}{brief_top_words(view)}"
        elif brief:
            line = f"{who}{brief_top_words(view)} {brief_hand_words(view.hand)}"
        else:
            line = f"{who}{top_words(view)} {hand_words(view)}"
        close = low_counts_words(view)
        if close:
            line += f" {close}"
        if any(d.kind is DecisionKind.PASS for d in view.decisions) and view.teammate is not None:
            mate = self.names[view.teammate]
            line += (
                f" Pass to {mate}." if brief else f" Choose a card to pass to {mate}, in secret."
            )
        elif view.phase is Phase.TURN and view.current_player == seat:
            following = next_player(view)
            if brief:
                line += " Next you." if following == seat else f" Next {self.names[following]}."
            else:
                after = "You play" if following == seat else f"{self.names[following]} plays"
                line += f" {after} next."
        return line

    async def choose(
        self, seat: int, decisions: list[Decision], still: Callable[[], bool]
    ) -> Action | None:
        """A numbered list: one line per card (a Wild's colour and a target asked after);
        drawing is ``d`` and keeping a drawn card ``k`` every turn. ``None`` when the turn
        passed before its answer (``still``)."""
        whose = "Your move?" if self.solo is not None else f"{self.names[seat]}, your move?"
        while True:
            moves = list_moves(decisions, self.names)
            keys = choice_keys(moves)
            if self.may_arm_uno(seat, decisions):
                moves, keys = [*moves, CALL_UNO], [*keys, "u"]
            listing = keyed_words(keys, [m.label for m in moves])
            question = f"{whose} {listing}"
            if self.narrator.brief:  # "Play? 1: Red 2, 2: Wild, d: draw."
                verb, labels = brief_labels([m.label for m in moves])
                who = "" if self.solo is not None else f"{self.names[seat]}, "
                question = f"{who}{verb.lower() if who else verb}? {keyed_words(keys, labels)}"
            choices = list(zip(keys, moves, strict=True))
            move = await self.pick(seat, question, choices, listing, still)
            if move is None:
                return None
            if move is not CALL_UNO:
                return await self.refine(seat, move, still)
            self.flow.uno_armed = True
            self.say(UNO_ARMED)

    def may_arm_uno(self, seat: int, decisions: Sequence[Decision]) -> bool:
        """Two cards on ``seat``'s turn, one of them playable, UNO not asked for yet."""
        if self.flow.uno_armed or len(self.game.view(seat).hand) != 2:
            return False
        return any(
            d.kind is DecisionKind.TURN and any(isinstance(a, PlayCard) for a in d.actions)
            for d in decisions
        )

    async def refine(self, seat: int, move: Move, still: Callable[[], bool]) -> Action | None:
        """Ask the player (Wild Swap Hands), then the colour, for a card that needs them: the
        colour is named for the hand the player will hold."""
        while len(move.actions) > 1:
            if len(move.colors) > 1 and len(move.targets) <= 1:
                colors = move.colors
                listing = ", ".join(f"{i}: {c.word}" for i, c in enumerate(colors, 1))
                ask = "Colour?" if self.narrator.brief else "Which colour?"
                color = await self.pick(seat, f"{ask} {listing}.", numbered(colors), "", still)
                if color is None:
                    return None
                move = Move(
                    move.label,
                    tuple(a for a in move.actions if isinstance(a, PlayCard) and a.color is color),
                )
                continue
            targets = move.targets
            counts = self.game.view(seat).hand_counts
            names = ", ".join(
                f"{i}: {self.names[t]} ({plural(counts[t], 'card')})"
                for i, t in enumerate(targets, 1)
            )
            target = await self.pick(seat, f"With whom? {names}.", numbered(targets), "", still)
            if target is None:
                return None
            move = Move(
                move.label,
                tuple(a for a in move.actions if isinstance(a, PlayCard) and a.target == target),
            )
        return move.actions[0]

    async def pick(
        self,
        seat: int,
        prompt: str,
        choices: Sequence[tuple[str, T]],
        moves: str,
        still: Callable[[], bool],
    ) -> T | None:
        """Ask ``prompt`` until the answer is the key of one of ``choices`` (``None``: the
        question passed first)."""
        keys = dict(choices)
        while True:
            answer = await self.questions.ask_line(prompt, still)
            if answer is None:
                return None
            if answer.lower() in keys:
                return keys[answer.lower()]
            if not answer or self.reviews.command(answer, seat, moves):
                continue
            number = choice_number(answer, len(choices))
            if number is not None and str(number) in keys:  # "07" is 7
                return keys[str(number)]
            self.say(not_a_choice(answer, key_range(list(keys))))
