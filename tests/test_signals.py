"""Leaving on a signal: the last resort that ends a process whose clean exit hangs."""

from __future__ import annotations

import subprocess
import sys


def test_a_process_whose_clean_exit_hangs_is_ended_with_its_code() -> None:
    """Textual's shutdown can wait for ever on a closed terminal; the timer ends the process
    with the signal's exit code all the same (and so lets go of the save's lock)."""
    script = (
        "import threading, time\n"
        "from uno_tui.signals import end_process_after\n"
        "end_process_after(0.2, 129)\n"
        "threading.Event().wait(60)  # a shutdown that never returns\n"
    )
    done = subprocess.run([sys.executable, "-c", script], timeout=30, check=False)
    assert done.returncode == 129  # a hang fails by the timeout
