"""The line-by-line game in-process: setup questions, review commands, hot-seat privacy of the
log, and colour that is never the only carrier of meaning nor ever an escape code in a pipe."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Iterator

import pytest

from uno_tui.engine import Rules
from uno_tui.match.session import Seat, Session
from uno_tui.narration.speech import Speaker
from uno_tui.plain import PlainGame, PlainSetup
from uno_tui.plain.color import color_enabled, paint
from uno_tui.plain.keys import curtain_line

from .helpers import game_at
from .plain_driver import answer_for


def reader(answers: list[str]) -> tuple[list[str], object]:
    """A ``read`` that answers from ``answers`` then ends the input."""
    asked: list[str] = []
    feed: Iterator[str] = iter(answers)

    def read() -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return asked, read


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def setup_with(answers: list[str]) -> tuple[tuple[Rules, list[Seat]], list[str]]:
    said: list[str] = []
    feed = iter(answers)

    def ask(question: str) -> str:
        said.append(question)
        return next(feed, "")

    return PlainSetup(ask, said.append).run(), said


def test_enter_to_every_setup_question_is_you_against_three_medium_bots() -> None:
    (rules, seats), said = setup_with([])
    assert rules == Rules.classic()
    assert seats == [Seat("You"), Seat("Ada", "medium"), Seat("Bo", "medium"), Seat("Cy", "medium")]
    assert said[-1] == (
        "Playing classic to 500 points: You (person), Ada (medium bot), Bo (medium bot), "
        "Cy (medium bot). House rules: none."
    )


def test_setup_asks_each_option_with_a_one_line_explanation() -> None:
    answers = ["2", "Maya", "", "Leo", "3"]  # two-player (two seats), Maya a person, Leo easy
    answers += ["2", "", "2", "", "", "2", "", "", "", ""]  # choose each option, in order
    answers += ["250"]
    (rules, seats), said = setup_with(answers)
    assert seats == [Seat("Maya"), Seat("Leo", "easy")]
    assert rules.target_score == 250 and rules.uno_penalty == 4 and rules.stack_draw_two
    assert "UNO penalty: cards drawn by a player caught not saying UNO (2, or 4)." in said
    assert (
        "Stack Draw Twos: house rule: answer a Draw Two with a Draw Two and pass the total on."
        in said
    )


def test_bad_setup_answers_are_explained_and_asked_again() -> None:
    answers = ["9", "teams", "3", "5", "", *[""] * 8, "", "x", "0", ""]
    (rules, seats), said = setup_with(answers)
    assert "Not a choice: '9'. Type a number from 1 to 3." in said
    assert "Not a choice: 'teams'. Type a number from 1 to 3." in said
    assert "Not a number of players here: '5'. Type 4, 6 or 8." in said
    assert "Not a number of points: 'x'. Type a whole number, 1 or more." in said
    assert rules.team_game and len(seats) == 4


def test_a_taken_name_is_refused() -> None:
    (_, seats), said = setup_with(["", "2", "Ann", "", "ann", "Bea"])
    assert "'ann' is taken: choose another name." in said
    assert [s.name for s in seats] == ["Ann", "Bea"]


def play(session: Session, answers: list[str], out: io.StringIO | None = None) -> list[str]:
    out = out or io.StringIO()
    _, read = reader(answers)
    PlainGame(session, read, out).run()  # type: ignore[arg-type]
    return out.getvalue().splitlines()


def test_review_commands_use_no_turn() -> None:
    game = game_at(Rules.classic(), ["R7 B5 W", "G1 G2", "Y2 Y3"], top="R5")
    session = Session(
        game.rules, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cat", "easy")], game=game
    )
    lines = play(
        session, ["hand", "top", "counts", "scores", "moves", "repeat", "log", "help", "quit"]
    )
    assert "Your hand, 3 cards. 1 red: 7. 1 blue: 5. 1 wild card: Wild." in lines
    assert "Top card: Red 5, colour red." in lines
    assert any(line.startswith("Cards: you have 3, Ben 2, Cat 2. Draw pile ") for line in lines)
    assert "Scores: Ann 0, Ben 0, Cat 0. Target 500. Hand 1." in lines
    assert "Your moves: 1: play Red 7, 2: play Blue 5, 3: play Wild, d: draw a card." in lines
    assert (
        lines.count("Your move? 1: play Red 7, 2: play Blue 5, 3: play Wild, d: draw a card.") == 9
    )
    assert lines[-1] == "Goodbye."
    assert not game.actions, "no review command used the turn"


def test_a_wild_asks_its_color_after_the_card() -> None:
    game = game_at(Rules.classic(), ["W B5 R7", "G1 G2", "Y2 Y3"], top="R5")
    session = Session(
        game.rules, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cat", "easy")], game=game
    )
    lines = play(session, ["3", "green", "3", "quit"])
    assert "Which colour? 1: red, 2: yellow, 3: green, 4: blue." in lines
    assert "Not a choice: 'green'. Type a number from 1 to 4." in lines
    assert any(line.startswith("You play Wild, the colour is green.") for line in lines)


def test_in_hot_seat_the_log_never_shows_another_persons_cards() -> None:
    game = game_at(Rules.two_player(), ["R7 R8", "G1 G2"], top="B5", draw="Y9 Y4")
    session = Session(game.rules, [Seat("Ann"), Seat("Ben")], game=game)
    lines = play(session, ["", "d", "", "log", "repeat", "quit"])
    assert "You draw 1 card and cannot play: Yellow 9. Ben's turn." in lines, "Ann hears it"
    after_curtain = lines[lines.index(curtain_line("Ben")) :]
    assert "Ann draws 1 card and cannot play." in after_curtain
    assert not any("Yellow 9" in line for line in after_curtain), after_curtain


def test_no_escape_code_in_a_pipe_and_color_words_always() -> None:
    game = game_at(Rules.classic(), ["R7 B5 W", "G1 G2", "Y2 Y3"], top="R5")
    session = Session(
        game.rules, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cat", "easy")], game=game
    )
    out = io.StringIO()
    play(session, ["1", "1", "1", "1", "hand", "quit"], out)
    assert "\x1b" not in out.getvalue()
    assert "Red 5" in out.getvalue()


@pytest.mark.parametrize(
    ("stream", "env", "colored"),
    [
        (io.StringIO(), {}, False),
        (Tty(), {}, True),
        (Tty(), {"NO_COLOR": "1"}, False),
        (Tty(), {"TERM": "dumb"}, False),
    ],
)
def test_color_only_on_a_terminal_without_no_color(
    stream: io.StringIO, env: dict[str, str], colored: bool
) -> None:
    assert color_enabled(stream, env) is colored


def test_a_terminal_gets_tinted_card_names_and_still_the_words() -> None:
    game = game_at(Rules.classic(), ["R7 B5 W", "G1 G2", "Y2 Y3"], top="R5")
    session = Session(
        game.rules, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cat", "easy")], game=game
    )
    out = Tty()
    _, read = reader(["quit"])
    PlainGame(session, read, out, color=None).run()  # type: ignore[arg-type]
    assert "\x1b[31mRed 5\x1b[0m" in out.getvalue()
    assert paint("colour red, Blue Skip") == "colour red, \x1b[34mBlue Skip\x1b[0m"


def test_quit_at_the_curtain_leaves() -> None:
    game = game_at(Rules.two_player(), ["R7 R8", "G1 G2"], top="B5")
    session = Session(game.rules, [Seat("Ann"), Seat("Ben")], game=game)
    lines = play(session, ["quit"])
    assert lines[-2:] == [curtain_line("Ann"), "Goodbye."]


class RecordingSpeaker(Speaker):
    """Records what would be spoken, and when speech was cut."""

    def __init__(self) -> None:
        super().__init__(None)
        self.heard: list[str] = []

    def say(self, text: str, *, interrupt: bool = False) -> None:
        self.heard.append(text)

    def interrupt(self) -> None:
        self.heard.append("<interrupted>")


def test_every_line_is_also_spoken_and_an_answer_cuts_stale_speech() -> None:
    game = game_at(Rules.classic(), ["R7 B5 W", "G1 G2", "Y2 Y3"], top="R5")
    session = Session(
        game.rules, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cat", "easy")], game=game
    )
    speaker = RecordingSpeaker()
    out = io.StringIO()
    _, read = reader(["hand", "quit"])
    PlainGame(session, read, out, speaker=speaker).run()  # type: ignore[arg-type]
    printed = out.getvalue().splitlines()
    spoken = [line for line in speaker.heard if line != "<interrupted>"]
    assert spoken == printed[:-1], "every line but the last Goodbye is spoken"
    question = "Your move? 1: play Red 7, 2: play Blue 5, 3: play Wild, d: draw a card."
    assert speaker.heard[speaker.heard.index(question) + 1] == "<interrupted>"


def test_after_the_curtain_a_person_hears_what_the_cleared_screen_held() -> None:
    """Hot-seat: the curtain clears the last person's lines from a terminal, so the next
    person is told, in their own words, what happened since their last turn."""
    game = game_at(Rules.two_player(), ["R7 R8", "G1 G2"], top="B5", draw="Y9 Y4 Y3")
    session = Session(game.rules, [Seat("Ann"), Seat("Ben")], game=game)
    lines = play(session, ["", "d", "", "d", "", "quit"])
    back_to_ann = len(lines) - 1 - lines[::-1].index(curtain_line("Ann"))
    assert lines[back_to_ann + 1] == (
        "Since your last turn: Ben draws 1 card and cannot play. Your turn."
    ), "Ben's drawn card (Yellow 4) stays Ben's"
    to_ben = lines[lines.index(curtain_line("Ben")) + 1]
    assert to_ben.startswith("Since your last turn: You deal. ")
    assert "Your hand: Green 1, Green 2." in to_ben and "Red" not in to_ben


def test_after_a_hands_end_the_curtain_comes_even_for_the_last_person() -> None:
    """The flow raises the curtain before the first person of a new hand, whoever pressed
    Enter at the scores (as the app does): Ben went out last and plays first again, and his
    new hand waits for his Enter."""
    game = game_at(Rules.two_player(), ["R7 R8", "R1"], top="R5")
    session = Session(game.rules, [Seat("Ann"), Seat("Ben")], game=game)
    # Ben's curtain, his UNO call; Ann's curtain, Red 7, her call; Ben's curtain, Red 1 (out).
    lines = play(session, ["", "1", "", "1", "1", "", "1", "", "", "quit"])
    after_scores = lines[lines.index("Hand 1 is over. Ready for hand 2? Enter: deal.") + 1 :]
    assert "First card: Red 0. Ben's turn." in after_scores
    curtain = after_scores.index(curtain_line("Ben"))
    hand = next(i for i, line in enumerate(after_scores) if line.startswith("Ben. Top card"))
    assert curtain < hand


def test_the_line_mode_never_pauses_for_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots' moves are told together at the next question: the flow never sleeps in the
    line mode, however busy the machine (the pipe tests once bounded a round's wall time)."""
    slept: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(delay: float, result: object = None) -> object:
        slept.append(delay)
        return await real_sleep(0, result)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    seats = [Seat("You"), Seat("Ada", "medium"), Seat("Bo", "easy"), Seat("Cy", "random")]
    session = Session(Rules.classic(), seats, seed=7)
    out = io.StringIO()
    dice = random.Random(3)
    asked: list[str] = []

    def read() -> str:
        prompt = out.getvalue().splitlines()[-1]
        asked.append(prompt)
        if prompt.startswith("Hand 1 is over") or len(asked) > 500:
            return "quit"
        return answer_for(prompt, dice)

    PlainGame(session, read, out).run()
    assert asked[-1].startswith("Hand 1 is over"), "the round reached its end"
    assert len(session.game.actions) > 10
    assert [delay for delay in slept if delay > 0] == []


def test_short_forms_and_repeat_say_the_last_thing_that_happened() -> None:
    game = game_at(Rules.classic(), ["R7 B5 W", "G1 G2", "Y2 Y3"], top="R5")
    session = Session(
        game.rules, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cat", "easy")], game=game
    )
    lines = play(session, ["h", "t", "c", "repeat", "quit"])
    assert "Your hand, 3 cards. 1 red: 7. 1 blue: 5. 1 wild card: Wild." in lines
    assert "Top card: Red 5, colour red." in lines
    assert any(line.startswith("Cards: you have 3, Ben 2, Cat 2. Draw pile ") for line in lines)
    question = "Your move? 1: play Red 7, 2: play Blue 5, 3: play Wild, d: draw a card."
    assert lines[-4:] == [question, "Your turn.", question, "Goodbye."], (
        "repeat says the last thing that happened, not the turn's summary"
    )
    assert lines.count(question) == 5


def test_drawing_keeps_its_letter_whatever_the_hand() -> None:
    from uno_tui.engine import Color, Decision, DecisionKind, DrawCard, PlayCard
    from uno_tui.narration import list_moves
    from uno_tui.plain.keys import choice_keys

    from .helpers import card

    names = ("Ann", "Ben")
    for hand in (["R7"], ["R7", "R8", "B5"], []):
        plays = tuple(PlayCard(0, card(code), Color.RED) for code in hand)
        decision = Decision(0, DecisionKind.TURN, (*plays, DrawCard(0)))
        moves = list_moves([decision], names)
        keys = choice_keys(moves)
        assert keys[-1] == "d" and moves[-1].label == "draw a card"
        assert keys[:-1] == [str(n) for n in range(1, len(hand) + 1)]
