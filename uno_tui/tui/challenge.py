"""What the Wild Draw Four challenge shows: who played it, the colour before it, your hand and
the stakes, then the result with the hand that was shown. Painted text only: the question's
words (and what is spoken) are the flow's and the narration's."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from uno_tui.engine import (
    Card,
    Color,
    Decision,
    DecisionKind,
    KeepDrawn,
    PlayerView,
    PublicView,
    Rank,
)
from uno_tui.engine.events import (
    CardPlayed,
    CardsDrawn,
    DrawFourChallenged,
    DrawReason,
    Event,
)
from uno_tui.narration import (
    FIRST_WILD,
    Phrase,
    cards_words,
    color_before_draw_four,
    drawn_card_question,
)
from uno_tui.tui.cards import card_text
from uno_tui.tui.last_move import who

FAILED_EXTRA = 2
"""A failed challenge costs the penalty and two more ("the challenger draws six")."""


def draw_four_player(view: PublicView) -> int | None:
    """Who played the round's last Wild Draw Four."""
    for event in reversed(view.events):
        if isinstance(event, CardPlayed) and event.card.rank is Rank.WILD_DRAW_FOUR:
            return event.player
    return None


def cards_line(cards: Sequence[Card]) -> Text:
    """Cards as painted chips, one space apart."""
    text = Text()
    for card in cards:
        text.append_text(card_text(card))
        text.append(" ")
    text.rstrip()
    return text


def challenge_details(view: PlayerView) -> Text:
    """Under the challenge question (which names the colour before it): who played it, the
    stakes, your hand. ``Ada played it.`` / ``Challenge: if Ada held a red card, Ada draws 4;
    if not, you draw 6.`` / ``Draw: you draw 4, no risk.`` / ``Your hand: R 2 B 7``."""
    player = draw_four_player(view)
    name = "its player" if player is None else who(view, player, view.player)
    before = color_before_draw_four(view)
    penalty = view.pending_penalty
    text = Text()
    text.append(f"{name[:1].upper()}{name[1:]} played it.\n", style="bold")
    held = f"held a {before.word} card" if before is not None else "could have followed"
    text.append("Challenge: ", style="bold")
    text.append(f"if {name} {held}, {name} draws {penalty}; if not, you draw ")
    text.append(f"{penalty + FAILED_EXTRA}", style="bold")
    text.append(".\nDraw: ", style="bold")
    text.append(f"you draw {penalty}, no risk.\n")
    text.append("Your hand: ", style="bold")
    text.append_text(cards_line(view.hand))
    return text


def challenge_stakes(view: PlayerView) -> str:
    """The stakes under the challenge question, as a listener hears them: ``Ada played it.
    Challenge: if Ada held a red card, Ada draws 4; if not, you draw 6. Draw: you draw 4, no
    risk.`` (the hand is H's)."""
    lines = challenge_details(view).plain.splitlines()
    return " ".join(line for line in lines if not line.startswith("Your hand:"))


def challenge_outcomes(events: Sequence[Event]) -> list[tuple[DrawFourChallenged, int]]:
    """Each challenge among ``events`` and how many cards it cost (to its player when the
    Wild Draw Four was illegal, else to the challenger)."""
    found: list[tuple[DrawFourChallenged, int]] = []
    for index, event in enumerate(events):
        if not isinstance(event, DrawFourChallenged):
            continue
        cost = next(
            (
                e.count
                for e in events[index + 1 :]
                if isinstance(e, CardsDrawn)
                and e.reason in (DrawReason.CHALLENGE_FAILED, DrawReason.CHALLENGE_LOST)
            ),
            0,
        )
        found.append((event, cost))
    return found


def challenge_result(
    names: Sequence[str],
    event: DrawFourChallenged,
    cost: int,
    viewer: int | None,
    before: Color | None = None,
) -> tuple[str, Text]:
    """The result banner's title and body: who challenged whom, legal or not, who draws how
    many, and the hand shown (when the viewer may see it)."""

    def name(seat: int) -> str:
        return "you" if seat == viewer else names[seat]

    title = "Challenge won" if event.illegal else "Challenge lost"
    if viewer not in (event.challenger, event.player):
        title = "Challenge"
    body = Text()
    body.append(f"{name(event.challenger)[:1].upper()}{name(event.challenger)[1:]} challenged ")
    whose = "your" if event.player == viewer else f"{names[event.player]}'s"
    body.append(f"{whose} Wild Draw Four: ")
    card = f"{before.word} card" if before is not None else "card of the colour before it"
    holder = name(event.player)
    if event.illegal:
        body.append("it was illegal", style="bold")
        body.append(f": {holder} held a {card}. {holder[:1].upper()}{holder[1:]} ")
        body.append(f"{'draw' if event.player == viewer else 'draws'} {cost}.")
    else:
        body.append("it was legal", style="bold")
        loser = name(event.challenger)
        body.append(f": {holder} held no {card}. {loser[:1].upper()}{loser[1:]} ")
        body.append(f"{'draw' if event.challenger == viewer else 'draws'} {cost}")
        body.append(" and lose the turn." if event.challenger == viewer else " and loses the turn.")
    shown = event.seen_by(viewer).hand
    if shown is not None:
        owner = "Your" if event.player == viewer else f"{names[event.player]}'s"
        body.append(f"\n\n{owner} hand as shown: ", style="bold")
        body.append_text(cards_line(shown))
    return title, body


def put_off_phrases(view: PublicView, decision: Decision) -> list[Phrase]:
    """The prompt over the hand while a question waits (its dialog up, or put off with
    Escape): what it is, and that M asks it again."""
    penalty = view.pending_penalty
    if decision.kind is DecisionKind.CHALLENGE:
        player = draw_four_player(view)
        whose = "a" if player is None else f"{view.names[player]}'s"
        return [
            Phrase(f"{whose[:1].upper()}{whose[1:]} Wild Draw Four: ", "strong"),
            Phrase(f"M asks again (challenge or draw); D draws {penalty}."),
        ]
    if decision.kind is DecisionKind.STACK:
        return [
            Phrase(f"+{penalty} waits for you: ", "strong"),
            Phrase(f"M asks again (stack or draw); D draws {penalty}."),
        ]
    if decision.kind is DecisionKind.PLAY_DRAWN:  # in the words of its dialog
        drawn = view.drawn_card if isinstance(view, PlayerView) else None
        may_keep = any(isinstance(action, KeepDrawn) for action in decision.actions)
        drew, ask = drawn_card_question(drawn, may_keep=may_keep)
        return [Phrase(f"{drew} ", "strong"), Phrase(f"{ask} M asks again.")]
    return [Phrase(f"{FIRST_WILD} ", "strong"), Phrase("M asks its colour.")]


def challenge_result_words(
    names: Sequence[str],
    event: DrawFourChallenged,
    cost: int,
    viewer: int | None,
    before: Color | None = None,
) -> str:
    """The result banner as a listener hears it: its title and sentences, the hand shown in
    words (``Red 2, Blue 7``), not as chips."""
    title, body = challenge_result(names, event, cost, viewer, before)
    said, _, _ = body.plain.partition("\n\n")
    shown = event.seen_by(viewer).hand
    if shown is not None:
        owner = "Your" if event.player == viewer else f"{names[event.player]}'s"
        said += f" {owner} hand as shown: {cards_words(shown) or 'no cards'}."
    return f"{title}: {said}"
