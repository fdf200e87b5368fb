"""Sounds for the big moments (your turn, an UNO call or catch, a penalty, an exchange of
cards or hands), off by default: a sound is heard under speech, and tells at once what the words
after it will say.

One option for every front end (``--sounds``, the setup's Sounds, remembered with the setup):

- ``off``: no sound (the default);
- ``bell``: the terminal's bell, once a moment (the app rings Textual's bell, the line mode
  writes BEL);
- ``icons``: speech-dispatcher's sound icons through the speech back-end's own connection (a
  different sound for each moment, at the voice's volume), or the bell where the back-end has
  no icons (espeak-ng, spd-say without its Python client).

Which moments a batch of events holds is a pure function (``moments``), tested without a
terminal; ``Sounds`` plays them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Literal

from .speech import Speaker, SpeechdBackend

if TYPE_CHECKING:
    from uno_tui.engine.events import DrawReason, Event

# The engine's events are imported where the moments are found: the setup, which needs only
# the choices, does not load them.

SoundChoice = Literal["off", "bell", "icons"]
SOUND_CHOICES: tuple[SoundChoice, ...] = ("off", "bell", "icons")


def sound_choice(text: str) -> SoundChoice:
    """A remembered setting as a choice ("off" for anything unknown)."""
    for choice in SOUND_CHOICES:
        if text == choice:
            return choice
    return "off"


class Moment(Enum):
    """A moment worth a sound, with the speech-dispatcher sound icon that marks it."""

    YOUR_TURN = "message"
    UNO = "warning"
    PENALTY = "error"
    EXCHANGE = "finish"


@cache
def penalties() -> frozenset[DrawReason]:
    """Cards drawn because someone else (or a rule) made the player draw them."""
    from uno_tui.engine.events import DrawReason

    return frozenset(
        (
            DrawReason.DRAW_TWO,
            DrawReason.DRAW_FOUR,
            DrawReason.CHALLENGE_FAILED,
            DrawReason.CHALLENGE_LOST,
            DrawReason.UNO_PENALTY,
            DrawReason.TEAM_DRAW_FOUR,
            DrawReason.CUSTOM,
        )
    )


def moments(events: Sequence[Event], listeners: Collection[int]) -> list[Moment]:
    """The big moments in ``events`` for ``listeners`` (the people at this keyboard), each
    once, in the order they first happen: their turn beginning, UNO called or caught anywhere
    at the table, a penalty drawn by one of them or a turn of theirs skipped, an exchange or a
    swap they are part of."""
    from uno_tui.engine.events import (
        CardsDrawn,
        ExchangeStarted,
        HandsPassed,
        HandsSwapped,
        PlayerSkipped,
        TurnBegan,
        UnoCalled,
        UnoCaught,
    )

    found: list[Moment] = []

    def add(moment: Moment) -> None:
        if moment not in found:
            found.append(moment)

    for event in events:
        if isinstance(event, TurnBegan) and event.player in listeners:
            add(Moment.YOUR_TURN)
        elif isinstance(event, UnoCalled | UnoCaught):
            add(Moment.UNO)
        elif (
            isinstance(event, CardsDrawn)
            and event.player in listeners
            and event.reason in penalties()
        ) or (isinstance(event, PlayerSkipped) and event.player in listeners):
            add(Moment.PENALTY)
        elif (
            (
                isinstance(event, ExchangeStarted)
                and (event.first_pass or set(event.players) & set(listeners))
            )
            or isinstance(event, HandsPassed)
            or (isinstance(event, HandsSwapped) and {event.player, event.target} & set(listeners))
        ):
            add(Moment.EXCHANGE)
    return found


class Sounds:
    """Plays the moments in the way chosen: ``bell`` rings the front end's bell; ``icons``
    asks the speaker's speech-dispatcher connection for the moment's sound icon."""

    def __init__(
        self,
        choice: SoundChoice,
        bell: Callable[[], None],
        speaker: Speaker | None = None,
    ) -> None:
        self.choice: SoundChoice = choice
        self.bell = bell
        self.speaker = speaker

    @property
    def on(self) -> bool:
        return self.choice != "off"

    def play(self, found: Sequence[Moment]) -> None:
        """One sound for the first (biggest) moment of a batch: several bells at once would
        ring as one anyway, and several icons would talk over each other."""
        if not found or not self.on:
            return
        backend = self.speaker.backend if self.speaker is not None else None
        if self.choice == "icons" and isinstance(backend, SpeechdBackend):
            try:
                backend.client.sound_icon(found[0].value)
                return
            except Exception:  # an old daemon without icons: the bell instead
                pass
        self.bell()

    def hear(self, events: Sequence[Event], listeners: Collection[int]) -> list[Moment]:
        """Play the moments of ``events`` for ``listeners``; returns them (for tests)."""
        found = moments(events, listeners)
        self.play(found)
        return found
