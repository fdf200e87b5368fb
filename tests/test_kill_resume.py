"""Nothing lost: a real ``uno-tui --plain`` process, killed mid-match, resumes with every
applied action, and the same person is asked the same decision.

Each case plays a two-player hot-seat match through pipes, as two people at one keyboard would,
and stops the process while it waits at a chosen kind of prompt: SIGKILL (a crash, the power
gone: nothing runs), SIGTERM, SIGHUP (the terminal closed) and Ctrl+C (SIGINT).
benchmarks/kill_resume.py runs the same check many times at random points."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from .plain_driver import (
    bots_only_match,
    kill_and_resume,
    kill_bots_at_any_moment,
    prompt_kind,
    reference_game,
)

KILL_POINTS = [
    # (kind of prompt the game is waiting at, earliest prompt number)
    ("pass", 0),
    ("choose", 6),
    ("colour", 0),
    ("uno", 0),
    ("choose", 150),
]


def kill_point(kind: str, after: int, first_seed: int) -> tuple[int, int]:
    """The first seed (from ``first_seed``) whose game asks a ``kind`` prompt at or after
    prompt number ``after``, and that prompt's number."""
    for seed in range(first_seed, first_seed + 50):
        prompts = reference_game("two-player", ("Ann", "Bob"), seed, seed, 400).prompts
        for number, prompt in enumerate(prompts[:-2]):
            if number >= after and prompt_kind(prompt) == kind:
                return seed, number
    raise AssertionError(f"no {kind} prompt in 50 games")


@pytest.mark.parametrize(("kind", "after"), KILL_POINTS, ids=str)
def test_a_match_killed_with_sigkill_resumes_with_every_action(
    data_dir: Path, kind: str, after: int
) -> None:
    seed, at = kill_point(kind, after, first_seed=after + len(kind))
    result = kill_and_resume(data_dir, seed, at)
    assert prompt_kind(result.prompt) == kind
    assert result.actions > 0 or at == 0


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_sigterm_sighup_and_ctrl_c_save_and_leave_cleanly(data_dir: Path, signum: int) -> None:
    seed, at = kill_point("choose", 10, first_seed=7)
    result = kill_and_resume(data_dir, seed, at, signum=signum)
    assert result.actions > 0


BOT_SEATS = "Ada:random,Bo:easy,Cy:random"


def test_a_bots_only_match_killed_at_any_moment_loses_nothing(data_dir: Path) -> None:
    """Killed while the bots play (and so while it writes its autosave after every action),
    the file is always whole, and resuming it plays on to the very same match."""
    reference = bots_only_match("classic", BOT_SEATS, 5, 500)
    saved = []
    for number, delay in enumerate((0.0, 0.25, 0.6, 1.0)):
        run_dir = data_dir / str(number)
        saved.append(kill_bots_at_any_moment(run_dir, reference, BOT_SEATS, delay))
    assert any(count for count in saved), saved
