"""The host's background tasks (the bots' driver, the watch over absent seats, the turn
timers, the tally) never die in silence: an unexpected error is told in one line and the task
starts again; after ``TASK_RETRIES`` failures the caller's ``give_up`` saves and stops the match
with a sentence. A match is never left frozen with nothing said."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from .wire import clean_text

TASK_RETRIES = 5
"""How often a background task may fail before the match is saved and stopped."""
TASK_RESTART = 1.0
"""Seconds before a failed background task starts again."""


async def keep_running(
    what: str,
    work: Callable[[], Coroutine[Any, Any, None]],
    *,
    log: Callable[[str], None],
    give_up: Callable[[str], None],
) -> None:
    """Run ``work`` until it returns; restart it after an unexpected error (told with ``log``),
    and after ``TASK_RETRIES`` failures call ``give_up`` with the reason instead."""
    for failures in range(1, TASK_RETRIES + 1):
        try:
            await work()
            return
        except Exception as error:
            reason = clean_text(f"{type(error).__name__}: {error}")[:160]
            if failures == TASK_RETRIES:
                give_up(f"The host's {what} failed again ({reason})")
                return
            log(f"The host's {what} failed ({reason}); it starts again.")
            await asyncio.sleep(TASK_RESTART)
