"""Drive ``uno-tui --plain`` as a person at a keyboard would, through real pipes: read its
prompts, answer them, and kill it. Also the same game played in this process with the same
answers, as the reference a killed and resumed game must agree with.

Shared by tests/test_kill_resume.py and benchmarks/kill_resume.py.
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from uno_tui.engine import MatchRecord, Rules
from uno_tui.match.session import Seat, Session
from uno_tui.plain import PlainGame
from uno_tui.program import command_name
from uno_tui.store.files import ENV_DATA_DIR

CLOSE_SECONDS = 8.0
"""How long a process closed at the end of a test has to stop after SIGTERM before it is
killed (a host waits up to 5 s for its door's sessions)."""


def is_prompt(line: str) -> bool:
    """The plain game's convention: a question line holds a question mark, a narration line
    never does; the hot-seat curtain waits for Enter (see uno_tui/plain/asking.py)."""
    return "?" in line or line.startswith("Hand the keyboard to ")


def prompt_kind(line: str) -> str:
    """``pass``, ``choose``, ``colour``, ``target``, ``uno`` or ``question``."""
    if line.startswith("Hand the keyboard to "):
        return "pass"
    if line.startswith("Your move? ") or ", your move? " in line:
        return "choose"
    if line.startswith("Which colour?"):
        return "colour"
    if line.startswith("With whom?"):
        return "target"
    if line.startswith("One card left!"):
        return "uno"
    return "question"


def answer_for(prompt: str, rng: random.Random) -> str:
    """A person's answer: Enter at the curtain, always call UNO, yes to a question of two
    answers (challenge, play a drawn card) and the first of more (a stack's first card, the
    first card's colour), any listed choice else."""
    kind = prompt_kind(prompt)
    if kind == "pass":
        return ""
    if kind == "question":
        return "y" if re.search(r"\b2: ", prompt) and not re.search(r"\b3: ", prompt) else "1"
    if kind == "uno":
        return "1"
    keys = re.findall(r"(?:^|\? |, )(\d+|[a-z]): ", prompt)
    return rng.choice(keys)


@dataclass
class Transcript:
    """The prompts a game asked, and the match record as it stood when each was asked."""

    prompts: list[str] = field(default_factory=list)
    records: list[MatchRecord] = field(default_factory=list)


def reference_game(
    rule_set: str, players: Sequence[str], seed: int, answers_seed: int, prompts: int
) -> Transcript:
    """The hot-seat game played in this process with ``answer_for``'s answers, stopped (as
    at end of input) when prompt number ``prompts`` (counting from 0) is asked."""
    session = Session(Rules.preset(rule_set), [Seat(name) for name in players], seed=seed)
    out = io.StringIO()
    rng = random.Random(answers_seed)
    transcript = Transcript()

    def read() -> str:
        prompt = out.getvalue().rstrip("\n").rsplit("\n", 1)[-1]
        transcript.prompts.append(prompt)
        transcript.records.append(session.game.record())
        if len(transcript.prompts) > prompts:
            raise EOFError
        return answer_for(prompt, rng)

    PlainGame(session, read, out).run()
    return transcript


def open_decision(prompts: Sequence[str], at: int) -> tuple[str, str]:
    """What was being asked when prompt ``at`` was on screen: the curtain (who was at the
    keyboard) and the decision prompt (a Wild's colour is part of the card's choice; at the
    curtain, the decision is the prompt after it)."""
    prompt = prompts[at]
    curtain = next(p for p in reversed(prompts[: at + 1]) if p.startswith("Hand the keyboard to "))
    kind = prompt_kind(prompt)
    if kind == "pass":
        return curtain, prompts[at + 1]
    if kind in ("colour", "target"):
        return curtain, next(p for p in reversed(prompts[:at]) if prompt_kind(p) == "choose")
    return curtain, prompt


class PlainProcess:
    """``python -m uno_tui ARGS`` with its stdin, stdout and stderr on pipes."""

    def __init__(self, args: Sequence[str], data_dir: Path) -> None:
        # PYTHONFAULTHANDLER: a process that hangs is sent SIGABRT and writes where every
        # thread of it was to stderr, which the failure then shows.
        env = {
            **os.environ,
            ENV_DATA_DIR: str(data_dir),
            "PYTHONUNBUFFERED": "1",
            "PYTHONFAULTHANDLER": "1",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uno_tui", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.output: list[str] = []
        self.prompts: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: list[bytes] = []
        self._readers = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _read_stdout(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self._lines.put(raw.decode("utf-8", "replace").rstrip("\n"))
        self._lines.put(None)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        self._stderr.append(self.process.stderr.read())

    @property
    def stderr(self) -> str:
        return b"".join(self._stderr).decode("utf-8", "replace")

    def next_prompt(self, timeout: float = 30) -> str:
        """Read output up to the next prompt (the process is then waiting for a line)."""
        while True:
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise TimeoutError(
                    f"no prompt within {timeout} s; last: {self.output[-3:]}"
                ) from None
            if line is None:
                raise EOFError(f"the game ended; last lines: {self.output[-3:]}")
            self.output.append(line)
            if is_prompt(line):
                self.prompts.append(line)
                return line

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def signal(self, signum: int = signal.SIGKILL, timeout: float = 30) -> int:
        self.process.send_signal(signum)
        return self.wait(timeout)

    def finish(self, timeout: float = 30) -> int:
        """Close stdin (end of input) and wait for the exit code."""
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.close()
        return self.wait(timeout)

    def wait(self, timeout: float = 30) -> int:
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGABRT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)
            for reader in self._readers:
                reader.join(10)
            raise AssertionError(
                f"the process did not end within {timeout} s; last lines: {self.output[-3:]}; "
                f"where it was:\n{self.stderr[-4000:]}"
            ) from None
        for reader in self._readers:
            reader.join(timeout)
        while True:  # the rest of the output, up to end of file
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                break
            if line is None:
                break
            self.output.append(line)
        return code

    def close(self) -> None:
        """Stop the process as a person's Ctrl+C or logout would (SIGTERM: a host then ends
        its door's sessions and removes their data directories), and kill it if it lingers."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(CLOSE_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


@dataclass
class KillResult:
    prompt: str
    """What the killed game was asking when it died."""
    actions: int
    """Actions in its autosave: every one it had applied."""
    exit_code: int


def kill_and_resume(
    data_dir: Path,
    seed: int,
    at: int,
    *,
    signum: int = signal.SIGKILL,
    rule_set: str = "two-player",
    players: Sequence[str] = ("Ann", "Bob"),
) -> KillResult:
    """Play a hot-seat game in a real process, answering ``at`` prompts; stop it with
    ``signum`` while it waits at the next one; then ``uno-tui resume`` in a new process.

    Checks: the autosave holds exactly the actions the reference game had applied at that
    prompt; the resumed game hands the keyboard to the same person and asks the same decision;
    nothing in either process wrote a traceback."""
    reference = reference_game(rule_set, players, seed, seed, at + 1)
    assert len(reference.prompts) > at + 1, "the match ended before the kill point"
    args = ["--plain", "--rules", rule_set, "--players", ",".join(players), "--seed", str(seed)]
    rng = random.Random(seed)
    first = PlainProcess(args, data_dir)
    try:
        for _ in range(at):
            first.send(answer_for(first.next_prompt(), rng))
        waiting_at = first.next_prompt()
        code = first.signal(signum)
    finally:
        first.close()
    assert first.prompts == reference.prompts[: at + 1], "the process played another game"
    assert "Traceback" not in first.stderr, first.stderr
    if signum == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        expected_code = 130 if signum == signal.SIGINT else 128 + signum
        assert code == expected_code, (code, first.output[-3:], first.stderr)
        # The hint names the command as the shell finds it: uno-tui where it is on PATH, else
        # "python -m uno_tui" (the child runs that way, with this process's PATH).
        hint = f"The match is saved: {command_name()} --plain resume continues it."
        assert hint in first.output[-1], first.output[-1]

    from uno_tui.store.saves import FILE_NAME, read_save

    saved = read_save(data_dir / FILE_NAME)
    assert saved.record.actions == reference.records[at].actions, "an applied action was lost"

    curtain, decision = open_decision(reference.prompts, at)
    second = PlainProcess(["resume", "--plain"], data_dir)
    try:
        assert second.next_prompt() == curtain, "the keyboard goes to someone else"
        second.send("")
        assert second.next_prompt() == decision, "the resumed game asks another decision"
        assert second.output[0].startswith("Resuming the saved match (")
        code = second.finish()
    finally:
        second.close()
    assert code == 0 and "Traceback" not in second.stderr, second.stderr
    after = read_save(data_dir / FILE_NAME)
    assert after.record.actions[: len(saved.record.actions)] == saved.record.actions
    return KillResult(waiting_at, len(saved.record.actions), code)


def bots_only_match(rule_set: str, seats: str, seed: int, target: int) -> Session:
    """The bots-only match played to its end in this process: the reference."""
    from uno_tui.cli import parse_seats

    session = Session(Rules.preset(rule_set, target_score=target), parse_seats(seats), seed=seed)
    session.run_bots()
    assert session.is_over
    return session


def kill_bots_at_any_moment(
    data_dir: Path,
    reference: Session,
    seats: str,
    delay: float,
) -> int | None:
    """A bots-only match in a real process, killed with SIGKILL ``delay`` seconds after its
    first save, wherever it is (in the middle of writing its autosave, as likely as not).

    Checks: the autosave is whole and valid; its actions are the reference match's first
    ones; resumed here, the match plays on to exactly the reference match (the bots' dice are
    saved too). Returns the number of actions saved, or None if nothing was saved yet or the
    match had already ended."""
    import time

    from uno_tui.store.saves import FILE_NAME, read_save

    game = reference.game
    args = ["--plain", "--rules", game.rules.rule_set.value, "--players", seats]
    args += ["--seed", str(game.seed), "--target", str(game.rules.target_score)]
    path = data_dir / FILE_NAME
    process = PlainProcess(args, data_dir)
    try:
        started = time.monotonic()
        while not path.exists() and process.process.poll() is None:
            assert time.monotonic() - started < 60, "no autosave within a minute"
            time.sleep(0.01)
        time.sleep(delay)
        process.signal(signal.SIGKILL)
    finally:
        process.close()
    assert "Traceback" not in process.stderr, process.stderr
    if not path.exists():
        return None
    saved = read_save(path)
    count = len(saved.record.actions)
    assert saved.record.actions == tuple(game.actions[:count]), "the save is not this match"
    resumed = saved.session()
    resumed.run_bots()
    assert resumed.game.actions == game.actions, "the resumed match went another way"
    return count
