"""``uno-tui --plain`` against hostile input: empty lines, a megabyte on one line, bytes that are
not UTF-8, control characters, numbers that are not numbers, unknown commands, and the end of
input anywhere. Each gets a message or a clean exit, never a traceback.

Through a real process and pipe (bytes, as a terminal or a script sends them), and in this
process with hypothesis for many more lines."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_tui.engine import Rules
from uno_tui.match.session import Seat, Session
from uno_tui.plain import PlainGame
from uno_tui.store.saves import FILE_NAME

NASTY_LINES: list[bytes] = [
    b"",
    b" ",
    b"\t",
    b"\r",
    b"x" * 1_000_000,
    b"1" * 1_000_000,
    b"9" * 5000,
    b"\xff\xfe\x00\x01",
    b"\xc3\x28",
    b"\xed\xa0\x80",  # a UTF-8-encoded surrogate
    b"\x00",
    b"\x1b[2J\x1b[H",
    b"\x07\x08\x7f",
    "²".encode(),
    "١".encode(),
    "½".encode(),
    "１".encode(),
    "🂡".encode(),
    b"-1",
    b"0",
    b"+1",
    b"1.5",
    b"1e3",
    b"0x1",
    b" 1 ",
    b"01",
    b"999999999999999999999999",
    b"banana",
    b"quit please",
    b"HAND",
    b"Help",
    b"help" * 10_000,
    b"scores",
    b"counts",
    b"top",
    b"y",
    b"n",
    b"%s%n%x",
    b"{}",
    b"'; DROP TABLE",
]


def hostile_script(seed: int, lines: int) -> list[bytes]:
    """Mostly nasty lines, with enough real answers (small numbers, Enter at the curtain) for
    the game to move on through turns, colours, passes and UNO calls."""
    rng = random.Random(seed)
    script = []
    for _ in range(lines):
        roll = rng.random()
        if roll < 0.45:
            script.append(rng.choice(NASTY_LINES)[:10_000])
        elif roll < 0.55:
            script.append(rng.randbytes(rng.randrange(1, 200)).replace(b"\n", b""))
        else:
            script.append(str(rng.randint(1, 4)).encode())
    return script


def run_piped(args: list[str], lines: list[bytes], name: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "uno_tui", *args],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=300,
        check=False,
    )


def assert_clean(result: subprocess.CompletedProcess[bytes]) -> str:
    stderr = result.stderr.decode("utf-8", "replace")
    stdout = result.stdout.decode("utf-8", "replace")
    assert "Traceback" not in stderr + stdout, stderr[-3000:]
    assert result.returncode == 0, stderr[-3000:]
    assert stderr == "", stderr[-3000:]
    assert "Goodbye." in stdout or re.search(r"wins? the match", stdout)  # Teams: "win"
    return stdout


@pytest.mark.parametrize("line", NASTY_LINES, ids=lambda line: repr(line[:12]))
def test_each_nasty_line_is_answered_then_end_of_input_leaves(line: bytes) -> None:
    table = ["--players", "You,Ada:random,Bo:easy"]
    result = run_piped(["--plain", "--seed", "1", *table], [line, line, b"hand"], "one kind")
    out = assert_clean(result)
    word = line.strip().lower()
    is_command = word in (b"hand", b"help", b"scores", b"counts", b"top")
    if word and not is_command and not re.fullmatch(rb"0*[1-3]", word):
        assert "Not a choice" in out


@pytest.mark.parametrize(
    ("args", "seed"),
    [
        (["--rules", "classic", "--players", "You,Ada:random,Bo:easy", "--target", "100"], 1),
        (["--rules", "two-player", "--players", "Ann,Bob", "--target", "50"], 2),
        (["--rules", "teams", "--players", "Ann,Ben,Cat,Dan", "--target", "50"], 3),
        (["--rules", "classic", "--players", "Ann,Ben:random,Cat"], 4),
        ([], 5),
    ],
    ids=[
        "classic-solo",
        "two-player-hot-seat",
        "teams-hot-seat",
        "classic-two-people",
        "setup-questions",
    ],
)
def test_a_long_hostile_session_never_breaks(args: list[str], seed: int) -> None:
    out = assert_clean(
        run_piped(["--plain", "--seed", str(seed), *args], hostile_script(seed, 1000), "mixed")
    )
    assert "Not a choice" in out


def test_hostile_answers_to_the_resume_question(data_dir: Path) -> None:
    session_args = ["--plain", "--rules", "two-player", "--players", "Ann,Bob", "--seed", "5"]
    assert_clean(run_piped(session_args, [b"", b"1"], "resume"))
    assert (data_dir / FILE_NAME).exists()
    out = assert_clean(run_piped(session_args, [*NASTY_LINES[4:16], b"n"], "resume"))
    assert "Please answer y or n." in out and "Starting a new match" in out
    assert_clean(run_piped(["--plain", "resume"], NASTY_LINES, "resume"))


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    lines=st.lists(
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(["", "1", "2", "3", "hand", "help", "top", "quit"]),
            st.integers(-5, 30).map(str),
        ),
        min_size=20,
        max_size=400,
    ),
    rules=st.sampled_from(["classic", "two-player", "teams"]),
    seed=st.integers(0, 2**32),
)
def test_any_text_at_any_prompt_in_process(lines: list[str], rules: str, seed: int) -> None:
    names = {"classic": 3, "two-player": 2, "teams": 4}[rules]
    seats = [Seat(f"P{i}") for i in range(names)]
    session = Session(Rules.preset(rules, target_score=30), seats, seed=seed)
    feed = iter(lines)

    def read() -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    assert PlainGame(session, read, io.StringIO()).run() == 0


def test_the_long_sessions_throw_every_nasty_line_and_random_bytes() -> None:
    """The long sessions above (seeds 1-5, 1000 lines each) really send every kind of nasty
    line, several times, among random bytes and real answers (the figure with ``-s``)."""
    scripts = [hostile_script(seed, 1000) for seed in range(1, 6)]
    sent = [line for script in scripts for line in script]
    print(f"\nhostile lines in the long sessions: {len(sent)}")
    for nasty in NASTY_LINES:
        assert sent.count(nasty[:10_000]) >= 3, nasty[:20]
    real_answers = {str(n).encode() for n in range(1, 5)}
    assert sum(line in real_answers for line in sent) > len(sent) // 3
    others = [line for line in sent if line not in real_answers and line not in NASTY_LINES]
    assert len(others) > len(sent) // 20  # random bytes
