"""N, the narration key, at the table and in its dialogs: narration on ("Narration on." and
where the game stands) or off."""

from __future__ import annotations

from typing import TYPE_CHECKING

from uno_tui.narration import card_words

if TYPE_CHECKING:
    from uno_tui.tui.screens.game import GameScreen


def toggle_narration(screen: GameScreen, *, in_dialog: bool = False) -> bool:
    """N at ``screen``'s table or in one of its dialogs (``in_dialog``: the dialog then says
    its question again): narration on, saying so and where the game stands, or off. Whether
    it is on now."""
    voice = screen.voice
    if voice is None:
        screen.start_voice()
        on = True
    else:
        on = voice.on = not voice.on
        if not on:
            voice.interrupt()
    if on:  # what was missed is in L; now, where the game stands
        screen.speak_now(f"Narration on. {where_we_stand(screen, in_dialog=in_dialog)}")
    screen.notify(f"Narration {'on' if on else 'off'}.")
    return on


def where_we_stand(screen: GameScreen, *, in_dialog: bool = False) -> str:
    """The first words of narration turned on mid-match: the top card, then what the viewer
    faces (the prompt over the hand, its cards in words); in a dialog the top card alone, the
    dialog's question being what the viewer faces."""
    if in_dialog:
        return screen.review_line("top")
    phrases = screen.prompt(screen.viewer, label=card_words)
    prompt = " ".join("".join(phrase.text for phrase in phrases).split())
    return f"{screen.review_line('top')} {prompt}".strip()
