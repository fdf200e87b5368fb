"""What the table says to the person at the keyboard: the prompt over the hand (what they must
do now, or whom the table waits for), its spoken form, the card under the cursor, the lines
that refuse a key, the handover, and how to resume a saved match.

Pure functions of views, decisions and names, as the rest of ``narration``: the app draws the
prompt from its phrases (each with an emphasis it paints as it likes), and any front end or a
test can read the same words without a terminal. Cards are named in words (``card_words``)
unless a caller passes its own ``label`` (the app's short chips, "R 7").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from uno_tui.engine import Card, Decision, DecisionKind, PlayCard, PlayerView

from .narrator import card_order, card_words, named_you
from .review import hand_words, top_words

Emphasis = Literal["plain", "strong", "quiet", "alarm"]
"""How a phrase stands out: ``strong`` (your turn, UNO), ``quiet`` (waiting for someone),
``alarm`` (a player who may be caught)."""

ROUND_OVER = "The hand is over."
UNO_ARMED = "UNO will be called with your card."
CANNOT_DRAW = "You cannot draw now."
NOBODY_TO_CALL_UNO = "Nobody can call UNO now."
UNO_NEXT = "U, then a card: UNO."
"""With two cards on your turn: how to call UNO with the card you play."""
UNO_NEXT_SPOKEN = "U calls UNO as you play."
NOBODY_TO_CATCH = "Nobody can be caught now."
TURN_KEYS = "Enter plays, D draws, M lists your moves."
"""The keys of a turn, said with the first turn's spoken prompt only."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """A piece of the prompt line and how it stands out."""

    text: str
    emphasis: Emphasis = "plain"


def phrases_text(phrases: Iterable[Phrase]) -> str:
    """The prompt's words without their emphasis."""
    return "".join(phrase.text for phrase in phrases)


def playable_cards(decision: Decision) -> list[Card]:
    """The cards ``decision`` lets go, each once, in hand order."""
    return sorted({a.card for a in decision.actions if isinstance(a, PlayCard)}, key=card_order)


def prompt_phrases(
    names: Sequence[str],
    viewer: int | None,
    decision: Decision | None,
    *,
    round_over: bool = False,
    waiting: Iterable[int] = (),
    teammate: int | None = None,
    may_call_uno: bool = False,
    uno_exposed: Iterable[int] = (),
    uno_armed: bool = False,
    uno_next: bool = False,
    label: Callable[[Card], str] = card_words,
) -> list[Phrase]:
    """The prompt over the hand of ``viewer`` (None: no hand is shown).

    ``decision`` is the decision a person faces now; when it is not the viewer's, the prompt
    says whom the table waits for (the seats ``waiting``). ``teammate`` is the viewer's, for a
    Teams pass. Then the UNO keys: ``may_call_uno`` (the viewer may call UNO now), the players
    in ``uno_exposed`` who may be caught (the viewer is never told to catch themself), and
    ``uno_armed`` (UNO goes with the viewer's next card), ``uno_next`` (the viewer holds two
    cards and may play one: how to call UNO with it)."""
    if round_over:
        return [Phrase(ROUND_OVER, "strong")]
    phrases: list[Phrase] = []
    if viewer is None or decision is None or decision.player != viewer:
        who = sorted(names[seat] for seat in waiting)
        if who:
            phrases.append(Phrase(f"Waiting for {', '.join(who)}.", "quiet"))
    else:
        phrases += decision_phrases(names, decision, teammate=teammate, label=label)
    if viewer is not None and may_call_uno:
        phrases.append(Phrase("  U to call UNO!", "strong"))
    exposed = [names[seat] for seat in uno_exposed if seat != viewer]
    if exposed:
        phrases.append(Phrase(f"  {', '.join(exposed)} did not call UNO: C to catch.", "alarm"))
    if viewer is not None and uno_armed:
        phrases.append(Phrase(f"  {UNO_ARMED}", "strong"))
    elif viewer is not None and uno_next:
        phrases.append(Phrase(f"  {UNO_NEXT}", "strong"))
    return phrases


def decision_phrases(
    names: Sequence[str],
    decision: Decision,
    *,
    teammate: int | None = None,
    label: Callable[[Card], str] = card_words,
) -> list[Phrase]:
    """What the person deciding must do: pass a card (Teams), give one, play for the team,
    or take their turn ("Your turn, Ann: R 7, G 2 can go. Enter plays, D draws.")."""
    name = names[decision.player]
    if decision.kind is DecisionKind.PASS:
        to = names[teammate] if teammate is not None else "your teammate"
        return [Phrase(f"{name}: choose a card to pass to {to} (secret).")]
    if decision.kind is DecisionKind.SHARE:
        return [Phrase(f"{name}: choose a card to give your teammate.")]
    if decision.kind is DecisionKind.TEAM_PLAY:
        return [Phrase(f"{name}: Wild Team Play! Play a card.", "strong")]
    turn = Phrase("Your turn" if named_you(name) else f"Your turn, {name}", "strong")
    playable = [label(card) for card in playable_cards(decision)]
    if playable:
        return [turn, Phrase(f": {', '.join(playable)} can go. Enter plays, D draws.")]
    return [turn, Phrase(": no card can go. D draws.")]


FIRST_WILD = "The first card is a Wild."
"""Said before the first card's colour is asked (and over the hand while it waits)."""


def first_wild_question(name: str) -> str:
    """The first card turned up is a Wild and ``name`` names its colour: "The first card is a
    Wild. Ann, which colour do you name?" """
    who = "Which" if named_you(name) else f"{name}, which"
    return f"{FIRST_WILD} {who} colour do you name?"


def drawn_card_question(card: Card | None, *, may_keep: bool) -> tuple[str, str]:
    """A drawn card that can go: what was drawn, then the question. ``("You drew Green 9.",
    "Play it or keep it?")``; where the rules say a playable drawn card is played (classic's
    match play), ``("You drew Red 5.", "The rules say it must be played. Play it?")``."""
    drew = f"You drew {card_words(card) if card is not None else 'a card'}."
    if may_keep:
        return drew, "Play it or keep it?"
    return drew, "The rules say it must be played. Play it?"


def facing_question(
    name: str,
    penalty: int,
    *,
    before: str = "",
    challenge: bool,
    stack: bool,
    failed: int | None = None,
) -> str:
    """A Wild Draw Four or a stack of Draw Twos to answer, its answers named: "You face 4
    cards. Before it the colour was red. Challenge the Wild Draw Four, or draw?", "Bob, you
    face 4 cards. Add to the stack, or draw them?" ``before``: the colour a challenge turns
    on (``challenge_words``), said before the Wild Draw Four is named; ``failed``: what a
    failed challenge costs, said before the question where nothing else tells it ("A
    challenge that fails costs you 6 cards.", the line mode)."""
    whom = "You" if named_you(name) else f"{name}, you"  # never "You, you face"
    if challenge:
        ask = (
            "Challenge the Wild Draw Four, add to the stack, or draw?"
            if stack
            else ("Challenge the Wild Draw Four, or draw?")
        )
    else:
        ask = "Add to the stack, or draw them?" if stack else "Draw them?"
    fact = f" {before}" if before else ""
    if challenge and failed is not None:
        fact += f" A challenge that fails costs you {failed} cards."
    return f"{whom} face {penalty} cards.{fact} {ask}"


def spoken_prompt(
    decision: Decision, prompt: Sequence[Phrase], *, teach_keys: bool, uno_next: bool = False
) -> str:
    """The prompt for a listener. A turn names its cards in words ("Red 2, Wild can go."),
    the narration having just said whose turn it is, with the turn's keys if ``teach_keys``;
    any other decision is said as ``prompt`` shows it."""
    if decision.kind is not DecisionKind.TURN:
        return phrases_text(prompt)
    keys = f" {TURN_KEYS}" if teach_keys else ""
    if uno_next:
        keys += f" {UNO_NEXT_SPOKEN}"
    cards = playable_cards(decision)
    if not cards:
        return f"No card can go: D draws.{keys}"
    return f"{', '.join(card_words(card) for card in cards)} can go.{keys}"


def hidden_hand_words(*, people: bool, bots_only: bool) -> str:
    """In place of a hand while none may show: between two people's turns, while watching a
    match whose people play elsewhere, or bots alone."""
    if people:
        return "Hands are hidden."
    return "Bots only: watching." if bots_only else "Watching: no hand is shown."


def handover_words(view: PlayerView) -> str:
    """Said to a player who has just taken the keyboard: their name, hand and the top card."""
    return f"{view.names[view.player]}. {hand_words(view)} {top_words(view)}"


def cursor_words(card: Card, index: int, count: int, playable: Collection[Card]) -> str:
    """The card under the hand's cursor: "Blue 7, 3 of 7, can go"."""
    verdict = "can go" if card in playable else "cannot go"
    return f"{card_words(card)}, {index + 1} of {count}, {verdict}."


def cannot_go_words(card: Card, *, label: Callable[[Card], str] = card_words) -> str:
    """The title over the engine's reason a chosen card may not be played: "Red 7 cannot go"."""
    return f"{label(card)} cannot go"


def cannot_choose_words(card: Card, *, label: Callable[[Card], str] = card_words) -> str:
    """A card that is in no legal action now, though the engine has no rule against its play."""
    return f"{label(card)} cannot be chosen now."


def resume_hint(plain: bool, *, after_every_move: bool = False, program: str = "uno-tui") -> str:
    """How to continue the saved match, as the front end that stopped says it: "The match is
    saved: uno-tui --plain resume continues it." (``plain``: the line mode). The app, leaving
    at the person's request, adds that it was saved ``after_every_move``. ``program``: the
    command as the shell finds it (``.venv/bin/uno-tui`` when uno-tui is not on PATH)."""
    command = f"{program} --plain resume" if plain else f"{program} resume"
    saved = "The match is saved after every move" if after_every_move else "The match is saved"
    return f"{saved}: {command} continues it."
