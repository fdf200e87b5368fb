"""What the table says to the person at the keyboard: the prompt over the hand and its spoken
form, the card under the cursor, a refused key, the handover and the resume hint. Pure
functions of views, decisions and names, read here without a terminal."""

from __future__ import annotations

import subprocess
import sys

from uno_tui.engine import (
    Card,
    Color,
    Decision,
    DecisionKind,
    DrawCard,
    GiveCard,
    PassCard,
    PlayCard,
    Rank,
    Rules,
)
from uno_tui.narration import (
    Phrase,
    cannot_choose_words,
    cannot_go_words,
    cursor_words,
    decision_phrases,
    handover_words,
    hidden_hand_words,
    phrases_text,
    playable_cards,
    prompt_phrases,
    resume_hint,
    spoken_prompt,
)

from .helpers import card, game_at

NAMES = ("Ann", "Ben", "Cat", "Dan")


def short(card: Card) -> str:
    """A caller's own card label (the app passes its chips' "R 7")."""
    return str(card)


def turn_of(game_cards: str, top: str = "R5") -> Decision:
    game = game_at(Rules.classic(), [game_cards, "G1 G2", "Y2 Y3"], top=top)
    return next(d for d in game.decisions() if d.kind is DecisionKind.TURN)


def test_a_turn_prompt_names_the_cards_that_can_go_in_hand_order() -> None:
    turn = turn_of("B5 W R7 R9")
    phrases = prompt_phrases(NAMES, 0, turn)
    assert phrases == [
        Phrase("Your turn, Ann", "strong"),
        Phrase(": Red 7, Red 9, Blue 5, Wild can go. Enter plays, D draws."),
    ]
    assert phrases_text(prompt_phrases(NAMES, 0, turn, label=short)) == (
        "Your turn, Ann: R7, R9, B5, W can go. Enter plays, D draws."
    )
    assert playable_cards(turn) == [card("R7"), card("R9"), card("B5"), card("W")]


def test_a_turn_with_no_card_to_play_says_d_draws() -> None:
    turn = turn_of("G7 B8")
    assert (
        phrases_text(prompt_phrases(NAMES, 0, turn)) == "Your turn, Ann: no card can go. D draws."
    )


def test_a_player_named_you_is_not_told_your_turn_you() -> None:
    turn = Decision(0, DecisionKind.TURN, (DrawCard(0),))
    phrases = prompt_phrases(("You", "Ben"), 0, turn)
    assert phrases[0] == Phrase("Your turn", "strong")


def test_someone_elses_decision_says_whom_the_table_waits_for() -> None:
    turn = Decision(1, DecisionKind.TURN, (DrawCard(1),))
    assert prompt_phrases(NAMES, 0, turn, waiting=[2, 1]) == [
        Phrase("Waiting for Ben, Cat.", "quiet")
    ]
    assert prompt_phrases(NAMES, None, turn, waiting=[1]) == [Phrase("Waiting for Ben.", "quiet")]
    assert prompt_phrases(NAMES, None, None) == []


def test_the_round_over_says_only_that() -> None:
    turn = Decision(0, DecisionKind.TURN, (DrawCard(0),))
    assert prompt_phrases(NAMES, 0, turn, round_over=True, may_call_uno=True) == [
        Phrase("The hand is over.", "strong")
    ]


def test_teams_decisions_name_the_teammate_and_the_secret() -> None:
    """Teams: "each player secretly passes one card to their teammate"."""
    passing = Decision(0, DecisionKind.PASS, (PassCard(0, card("R7")),))
    assert decision_phrases(NAMES, passing, teammate=2) == [
        Phrase("Ann: choose a card to pass to Cat (secret).")
    ]
    assert decision_phrases(NAMES, passing) == [
        Phrase("Ann: choose a card to pass to your teammate (secret).")
    ]
    sharing = Decision(1, DecisionKind.SHARE, (GiveCard(1, card("G1")),))
    assert decision_phrases(NAMES, sharing) == [Phrase("Ben: choose a card to give your teammate.")]
    team_play = Decision(2, DecisionKind.TEAM_PLAY, (PlayCard(2, card("Y2")),))
    assert decision_phrases(NAMES, team_play) == [
        Phrase("Cat: Wild Team Play! Play a card.", "strong")
    ]


def test_the_uno_keys_follow_the_prompt_and_nobody_is_told_to_catch_themself() -> None:
    turn = Decision(0, DecisionKind.TURN, (DrawCard(0),))
    phrases = prompt_phrases(
        NAMES, 0, turn, may_call_uno=True, uno_exposed=[0, 1, 3], uno_armed=True
    )
    assert phrases[2:] == [
        Phrase("  U to call UNO!", "strong"),
        Phrase("  Ben, Dan did not call UNO: C to catch.", "alarm"),
        Phrase("  UNO will be called with your card.", "strong"),
    ]
    watching = prompt_phrases(NAMES, None, None, may_call_uno=True, uno_exposed=[0], uno_armed=True)
    assert watching == [Phrase("  Ann did not call UNO: C to catch.", "alarm")]


def test_the_spoken_turn_names_cards_in_words_and_teaches_the_keys_when_asked() -> None:
    turn = turn_of("B5 W R7")
    shown = prompt_phrases(NAMES, 0, turn, label=short)
    assert spoken_prompt(turn, shown, teach_keys=True) == (
        "Red 7, Blue 5, Wild can go. Enter plays, D draws, M lists your moves."
    )
    assert spoken_prompt(turn, shown, teach_keys=False) == "Red 7, Blue 5, Wild can go."
    stuck = turn_of("G7")
    assert spoken_prompt(stuck, [], teach_keys=False) == "No card can go: D draws."


def test_any_other_decision_is_spoken_as_its_prompt_shows_it() -> None:
    passing = Decision(0, DecisionKind.PASS, (PassCard(0, card("R7")),))
    shown = prompt_phrases(NAMES, 0, passing, teammate=2, may_call_uno=True)
    assert spoken_prompt(passing, shown, teach_keys=True) == (
        "Ann: choose a card to pass to Cat (secret).  U to call UNO!"
    )


def test_with_no_hand_shown_the_screen_says_why() -> None:
    assert hidden_hand_words(people=True, bots_only=False) == "Hands are hidden."
    assert hidden_hand_words(people=True, bots_only=True) == "Hands are hidden."
    assert hidden_hand_words(people=False, bots_only=False) == "Watching: no hand is shown."
    assert hidden_hand_words(people=False, bots_only=True) == "Bots only: watching."


def test_the_handover_names_the_player_then_their_hand_and_the_top_card() -> None:
    game = game_at(Rules.classic(), ["R7 W", "G1 G2", "Y2 Y3"], top="R5")
    assert handover_words(game.view(1)) == (
        "Ben. Your hand, 2 cards. 2 green: 1, 2. Top card: Red 5, colour red."
    )


def test_the_card_under_the_cursor_its_place_and_whether_it_can_go() -> None:
    red_two, blue_nine = card("R2"), card("B9")
    assert cursor_words(red_two, 0, 3, {red_two}) == "Red 2, 1 of 3, can go."
    assert cursor_words(blue_nine, 2, 3, {red_two}) == "Blue 9, 3 of 3, cannot go."


def test_a_refused_card_is_named_by_the_callers_label() -> None:
    wild = Card(None, Rank.WILD_DRAW_FOUR)
    assert cannot_go_words(wild) == "Wild Draw Four cannot go"
    assert cannot_go_words(wild, label=short) == "W+4 cannot go"
    assert cannot_choose_words(Card(Color.RED, Rank.SEVEN), label=short) == (
        "R7 cannot be chosen now."
    )


def test_the_resume_hint_names_the_command_of_the_front_end_that_stopped() -> None:
    assert resume_hint(plain=True) == "The match is saved: uno-tui --plain resume continues it."
    assert resume_hint(plain=False) == "The match is saved: uno-tui resume continues it."
    assert resume_hint(plain=False, after_every_move=True) == (
        "The match is saved after every move: uno-tui resume continues it."
    )


def test_the_prompts_import_no_terminal_code() -> None:
    code = (
        "import sys, uno_tui.narration.prompts; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
