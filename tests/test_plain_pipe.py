"""Whole rounds through ``python -m uno_tui --plain`` in a real process, input from a pipe.

The test reads only the text the game prints, as a person with a screen reader would hear it:
a question is a line with a question mark followed by its choices (or the hot-seat curtain),
and the answer is chosen by parsing the numbered list in that line.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTION = re.compile(r"\? (?:\d+: |[a-z]: |Enter: |Press Enter\.$)")
CHOICE = re.compile(r"(\d+|[a-z]): (.+?)(?=, (?:\d+|[a-z]): |\. Enter: |\.$)")
CURTAIN = re.compile(r"^Hand the keyboard to (.+)\. .+, are you ready\? Press Enter\.$")
FIGURES: dict[str, int] = {}
"""How long each round took through the pipe, reported (a busy machine stretches it; a hang is
the watchdog's). That the line mode never pauses for the bots is test_plain.py's to check."""


def choices(question: str) -> dict[str, str]:
    """The numbered list of a question line: {"play Red 7": "1", ...}."""
    return {label: number for number, label in CHOICE.findall(question.split("? ", 1)[1])}


def play_through_pipe(
    args: list[str], answer: Callable[[str, list[str]], str], timeout: float = 60
) -> tuple[list[str], float]:
    """Run the game, answer each question with ``answer(question, lines so far)``; returns the
    lines printed and the seconds it took."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": ""}
    env.pop("NO_COLOR")
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "uno_tui", "--plain", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    watchdog = threading.Timer(timeout, process.kill)
    watchdog.start()
    lines: list[str] = []
    raw = b""
    try:
        for data in process.stdout:
            raw += data
            line = data.decode().rstrip("\n")
            lines.append(line)
            if QUESTION.search(line):
                try:
                    process.stdin.write((answer(line, lines) + "\n").encode())
                    process.stdin.flush()
                except BrokenPipeError:
                    break
        process.wait(timeout)
    finally:
        watchdog.cancel()
    stderr = process.stderr.read().decode() if process.stderr else ""
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr
    assert b"\x1b" not in raw, "an escape code in output to a pipe"
    return lines, time.monotonic() - started


def a_player(question: str, lines: list[str]) -> str:
    """Plays the first card it may, else the first choice; calls UNO; names the first colour."""
    if CURTAIN.match(question) or question.startswith(("Seat ", "Target score?")):
        return ""
    listed = choices(question)
    for label, number in listed.items():
        if label.startswith(("play ", "call UNO")):
            return number
    return next(iter(listed.values()), "")


def test_a_whole_classic_round_against_three_bots_set_up_by_enter() -> None:
    rounds_won: list[str] = []

    def answer(question: str, lines: list[str]) -> str:
        won = [line for line in lines if " hand 1 with " in line and " win" in line]
        if won:
            rounds_won.extend(won)
            return "quit"
        if question.startswith(("Rule set?", "How many players", "Rule options?")):
            return ""  # Enter accepts: classic, 4 players, default options
        if question.endswith(
            "a person or a bot? 1: a person, 2: random bot, 3: easy bot, "
            "4: medium bot, 5: hard bot. Enter: 4."
        ):
            return ""  # Enter: a medium bot
        return a_player(question, lines)

    lines, seconds = play_through_pipe(["--seed", "7"], answer)
    text = "\n".join(lines)
    assert (
        "Playing classic to 500 points: You (person), Ada (medium bot), Bo (medium bot), "
        "Cy (medium bot)." in text
    )
    assert "Your hand:" in text and "Your move? 1: " in text
    assert rounds_won, "the round reached its end"
    assert re.search(r"^(You win|\w+ wins) hand 1 with \d+ points?\. Scores: ", rounds_won[0])
    assert lines[-1] == "Goodbye."
    FIGURES["seconds, classic against bots"] = round(seconds)


def test_a_teams_round_with_four_people_at_one_keyboard() -> None:
    """Hot-seat: the curtain line before each person's turn and secret pass, answered with Enter;
    every pass is announced without its card (uno-teams.txt)."""
    names = ["Ann", "Ben", "Cat", "Dan"]
    curtains: list[str] = []
    ended: list[str] = []

    def answer(question: str, lines: list[str]) -> str:
        if any(" win hand 1 with " in line for line in lines):
            ended.append(next(line for line in lines if " win hand 1 with " in line))
            return "quit"
        if question.startswith("Rule set?"):
            return choices(question)["teams"]
        if question.startswith("How many players"):
            return "4"
        if question.startswith("Seat "):
            return names[int(question.split()[1].rstrip(",:")) - 1]
        if "a person or a bot?" in question:
            return choices(question)["a person"]
        if question.startswith(("Rule options?", "Target score?")):
            return ""
        match = CURTAIN.match(question)
        if match:
            curtains.append(match.group(1))
            return ""
        return a_player(question, lines)

    lines, seconds = play_through_pipe(["--seed", "2"], answer)
    text = "\n".join(lines)
    assert (
        "Playing teams to 500 points: Ann (person), Ben (person), Cat (person), Dan (person)."
        in text
    )
    assert set(curtains) == set(names)
    assert "Everyone secretly passes one card to their teammate." in text
    # Each exchange sentence, also inside a "Since your last turn:" recap.
    passes = [
        sentence
        for line in lines
        for sentence in re.findall(r"(?:^|: |\. )(\w+ and \w+ exchange a card[^.]*\.)", line)
    ]
    assert passes
    for sentence in passes:
        # Only the person at the keyboard hears the card they received, no other card.
        told_to_all = re.sub(r": you receive [^.]+\.", ".", sentence)
        assert not re.search(r"\b(Red|Yellow|Green|Blue|Wild)\b", told_to_all), sentence
        assert sentence.startswith("You and ") or "receive" not in sentence, sentence
    assert any(
        line.startswith(("Ann, your move? 1: pass ", "Ben, your move? 1: pass ")) for line in lines
    )
    assert ended, "the round reached its end"
    FIGURES["seconds, teams hot-seat"] = round(seconds)
