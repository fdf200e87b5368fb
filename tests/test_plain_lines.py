"""Standard input for the line mode (uno_tui/plain/lines.py): lines read as ``input()`` reads
them, and a signal that arrives just as the wait for a line begins still ends it (``input()``
does not: the kill-and-resume test's Ctrl+C at a question hung now and then)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from uno_tui.plain.lines import LineReader, LoopLines

ROOT = Path(__file__).resolve().parent.parent


def read_all(chunks: list[bytes]) -> list[str]:
    """Every line a reader gives for ``chunks`` written one by one into a pipe."""
    read_end, write_end = os.pipe()

    def feed() -> None:
        for chunk in chunks:
            os.write(write_end, chunk)
            time.sleep(0.005)  # apart, so that a line end may come in the next read
        os.close(write_end)

    writer = threading.Thread(target=feed)
    writer.start()
    reader = LineReader(read_end)
    lines: list[str] = []
    try:
        while True:
            lines.append(reader())
    except EOFError:
        pass
    finally:
        writer.join()
        os.close(read_end)
    return lines


def test_lines_end_as_input_ends_them() -> None:
    assert read_all([b"1\n2\r\n3\r4\n", b"last"]) == ["1", "2", "3", "4", "last"]
    assert read_all([b"split\r", b"\nnext\n"]) == ["split", "next"], "one \\r\\n, one end"
    assert read_all([b"\r", b"\r\n", b"\n"]) == ["", "", ""]
    assert read_all([]) == []


def test_bytes_that_are_not_utf8_become_replacement_characters() -> None:
    assert read_all([b"caf\xc3", b"\xa9 \xff\n", "½\n".encode()]) == ["café \ufffd", "½"]


def test_a_long_line_in_many_pieces_is_one_line() -> None:
    assert read_all([b"x" * 100_000, b"x" * 100_000 + b"\n"]) == ["x" * 200_000]


def test_what_is_read_ahead_waits_for_the_next_question() -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, b"a\nb\n")
    os.close(write_end)
    reader = LineReader(read_end)
    assert (reader(), reader()) == ("a", "b")
    with pytest.raises(EOFError):
        reader()
    os.close(read_end)


SWEEP = """
import asyncio, json, os, signal, sys, threading, time
from uno_tui.plain.lines import LineReader, LoopLines

class Interrupted(KeyboardInterrupt):  # as Ctrl+C's is (and SIGTERM's SignalExit): the
    pass  # loop's tasks and callbacks let it through

raised = []  # this try's Interrupted has been raised: a late signal of it does nothing
reading = []

def stop(signum, frame):
    if reading and not raised:
        raised.append(True)
        raise Interrupted

watchdog_fired = []

def second(signum, frame):  # a second Ctrl+C, for a wait that missed the first
    watchdog_fired.append(True)
    if reading:
        raised.append(True)
        raise Interrupted

signal.signal(signal.SIGALRM, stop)
signal.signal(signal.SIGUSR1, second)
read_end, write_end = os.pipe()  # nothing is ever written: only a signal ends a wait
if sys.argv[1] == "loop":  # the line mode's questions: read on an event loop
    source, loop = LoopLines(LineReader(read_end)), asyncio.new_event_loop()
    read = lambda: loop.run_until_complete(source.next_line())
else:
    read = LineReader(read_end) if sys.argv[1] == "reader" else os.fdopen(read_end).readline
main = threading.main_thread().ident
tries = int(sys.argv[2])
waited = 0
for number in range(tries):
    watchdog_fired.clear()
    raised.clear()
    # The second signal, two seconds on, ends a wait that missed the first.
    watchdog = threading.Timer(2.0, signal.pthread_kill, (main, signal.SIGUSR1))
    watchdog.start()
    try:
        reading.append(True)
        signal.setitimer(signal.ITIMER_REAL, 1e-6 * (2 + number % 60))
        read()
    except Interrupted:
        pass
    except Exception:  # an interrupt cut the loop's own bookkeeping short: a wait lost
        watchdog_fired.append(True)
    finally:
        reading.clear()
        signal.setitimer(signal.ITIMER_REAL, 0)
    watchdog.cancel()
    watchdog.join()
    waited += bool(watchdog_fired)
print(json.dumps({"tries": tries, "waited": waited}))
"""


def sweep(how: str, tries: int) -> dict[str, int]:
    """A one-shot timer signal swept across the start of the wait, ``tries`` times, in a
    process of its own: how often the wait missed it and went on until a second signal."""
    done = subprocess.run(
        [sys.executable, "-c", SWEEP, how, str(tries)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, int] = json.loads(done.stdout)
    return result


FIGURES: dict[str, int] = {}


def test_a_signal_as_the_wait_begins_ends_it() -> None:
    """Ctrl+C (or SIGTERM) sent the moment a question is printed: Python runs the handler
    between bytecodes, and a plain blocking read begun just after the signal came waits for a
    line first. The reader's wait also watches the descriptor the signal writes to."""
    result = sweep("reader", 300)
    assert result == {"tries": 300, "waited": 0}
    FIGURES["signals swept across the start of a wait"] = result["tries"]


LOOP_MISSES = 3
"""Of 300 signals swept across the loop's wait, how many may be lost. Python drops an exception
a handler raises inside a weakref callback or a finalizer ("Exception ignored in ...
WeakSet._remove"), which the loop's machinery runs at any moment; and an interrupt inside the
selector's ``register`` can leave it half done. Neither is ours to close; a second signal ends
such a wait. 200 sweeps, four at a time beside two benchmarks: 188 lost none, 11 one, 1 two.
Before this bound the lost wait hung the test until its timeout; before each try's signal
raised at most once, a first signal that came after the second one (Python runs pending
handlers in signal-number order, SIGUSR1 before SIGALRM) raised outside the try and killed
the sweep (1 to 3 sweeps in 100)."""


def test_a_signal_as_the_loops_wait_begins_ends_it() -> None:
    """The same sweep for lines read on the event loop (``LoopLines``): the loop's wait
    watches the signal's descriptor too, so a signal ends it, bar Python's own losses."""
    result = sweep("loop", 300)
    assert result["tries"] == 300 and result["waited"] <= LOOP_MISSES, result
    FIGURES["signals swept across the start of the loop's wait"] = result["tries"]


async def test_lines_read_on_the_loop_come_in_order_and_the_end_stays_the_end() -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, b"a\r\nb\n")
    source = LoopLines(LineReader(read_end))
    try:
        assert await source.next_line() == "a"
        assert await source.next_line() == "b"
        waiting = asyncio.ensure_future(source.next_line())
        await asyncio.sleep(0)
        waiting.cancel()  # a question that passed: no line is lost with it
        os.write(write_end, b"c\nlast")
        os.close(write_end)
        assert await asyncio.wait_for(source.next_line(), 30) == "c"
        assert await asyncio.wait_for(source.next_line(), 30) == "last"
        for _ in range(2):
            with pytest.raises(EOFError):
                await source.next_line()
    finally:
        source.detach()
        os.close(read_end)


async def test_input_the_loop_cannot_watch_is_read_in_a_thread(tmp_path: Path) -> None:
    """A regular file (``uno-tui --plain < answers``) cannot be watched by the loop."""
    answers = tmp_path / "answers"
    answers.write_bytes(b"1\nq\n")
    with answers.open("rb") as file:
        source = LoopLines(LineReader(file.fileno()))
        assert await asyncio.wait_for(source.next_line(), 30) == "1"
        assert await asyncio.wait_for(source.next_line(), 30) == "q"
        with pytest.raises(EOFError):
            await asyncio.wait_for(source.next_line(), 30)
        assert source.watched == []
