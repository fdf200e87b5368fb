"""Speech: never blocking the caller, in order, interrupted by a new turn, and a single clear
line where the machine cannot speak. A fake backend stands in for the speech program."""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from uno_tui.narration.speech import (
    NO_SPEECH,
    CommandBackend,
    Speaker,
    SpeechChoice,
    SpeechdBackend,
    _Process,
    backend_for,
    detect,
    make_speaker,
    plain_text,
)


class FakeUtterance:
    def __init__(self, text: str, hold: bool) -> None:
        self.text = text
        self.stopped = False
        self.done = threading.Event()
        if not hold:
            self.done.set()

    def wait(self) -> None:
        self.done.wait(10)

    def stop(self) -> None:
        self.stopped = True
        self.done.set()


class FakeBackend:
    """Speaks instantly, or (``hold``) until released or stopped."""

    name = "fake"

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        self.started: list[FakeUtterance] = []
        self.started_event = threading.Event()

    def start(self, text: str) -> FakeUtterance:
        utterance = FakeUtterance(text, self.hold)
        self.started.append(utterance)
        self.started_event.set()
        return utterance

    @property
    def said(self) -> list[str]:
        return [u.text for u in self.started]


def wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_lines_are_spoken_in_order_on_a_worker() -> None:
    backend = FakeBackend()
    speaker = Speaker(backend)
    for line in ("Leo plays Red 7.", "Your turn.", "", "Top card: Red 7, colour red."):
        speaker.say(line)
    assert speaker.wait_idle(5)
    assert backend.said == ["Leo plays Red 7.", "Your turn.", "Top card: Red 7, colour red."]
    speaker.close()


def test_say_never_waits_for_speech() -> None:
    backend = FakeBackend(hold=True)  # the first line is never finished until stopped
    speaker = Speaker(backend)
    for number in range(5):
        speaker.say(f"line {number}")  # would block for ever if say waited for speech
    wait_for(lambda: backend.said == ["line 0"])
    assert not backend.started[0].done.is_set(), "all five said while line 0 is still spoken"
    speaker.close()


def test_every_line_is_said_however_long_the_queue() -> None:
    backend = FakeBackend(hold=True)
    speaker = Speaker(backend)
    speaker.say("speaking")
    wait_for(lambda: len(backend.started) == 1)
    for number in range(30):
        speaker.say(f"line {number}")
    backend.hold = False
    backend.started[0].done.set()
    assert speaker.wait_idle(5)
    assert backend.said == ["speaking", *(f"line {number}" for number in range(30))]
    speaker.close()


def test_a_new_turn_interrupts_stale_speech() -> None:
    backend = FakeBackend(hold=True)
    speaker = Speaker(backend)
    speaker.say("Ada plays Blue 4.")
    wait_for(lambda: len(backend.started) == 1)
    speaker.say("Bo plays Blue 9.")
    speaker.say("Cy plays Blue Skip: you are skipped.")
    speaker.say("Your turn.", interrupt=True)
    wait_for(lambda: len(backend.started) == 2)
    assert backend.started[0].stopped, "the line being spoken is cut"
    assert backend.said == ["Ada plays Blue 4.", "Your turn."], "queued stale lines are dropped"
    speaker.close()


def test_interrupt_alone_silences_everything() -> None:
    backend = FakeBackend(hold=True)
    speaker = Speaker(backend)
    speaker.say("one")
    speaker.say("two")
    wait_for(lambda: len(backend.started) == 1)
    speaker.interrupt()
    assert speaker.wait_idle(5)
    assert backend.said == ["one"] and backend.started[0].stopped
    speaker.close()


def test_a_long_queue_drops_its_oldest_lines() -> None:
    backend = FakeBackend(hold=True)
    speaker = Speaker(backend, max_queued=3)
    speaker.say("speaking")
    wait_for(lambda: len(backend.started) == 1)
    for number in range(10):
        speaker.say(f"line {number}")
    backend.hold = False
    backend.started[0].done.set()
    assert speaker.wait_idle(5)
    assert backend.said == ["speaking", "line 7", "line 8", "line 9"]
    speaker.close()


def test_no_speech_is_said_once_and_the_text_goes_on() -> None:
    notices: list[str] = []
    speaker = Speaker(None, notify=notices.append)
    for line in ("Hand 1 begins. 7 cards each.", "Your turn.", "Leo plays Red 7."):
        speaker.say(line)
    assert notices == [NO_SPEECH] == ["No speech on this machine; the text log continues."]
    assert not speaker.available and speaker.name == "none"


def test_detection_prefers_speech_dispatcher_then_espeak_ng_then_espeak() -> None:
    def found(choice: SpeechChoice, *programs: str) -> str | None:
        backend = detect(choice, lambda name: f"/usr/bin/{name}" if name in programs else None)
        return None if backend is None else backend.name

    assert found("auto", "spd-say", "espeak-ng") == "spd-say"
    assert found("auto", "espeak-ng", "espeak") == "espeak-ng"
    assert found("auto", "espeak") == "espeak"
    assert found("auto") is None
    assert found("espeak-ng", "spd-say", "espeak-ng") == "espeak-ng"
    assert found("none", "spd-say") is None


def test_a_chosen_program_that_is_missing_is_named_once() -> None:
    notices: list[str] = []
    speaker = make_speaker("spd-say", notify=notices.append, which=lambda name: None)
    speaker.say("Your turn.")
    speaker.say("Your turn.")
    assert notices == ["spd-say is not installed: no speech; the text log continues."]


def test_speech_turned_off_says_nothing_about_it() -> None:
    notices: list[str] = []
    make_speaker("none", notify=notices.append).say("Your turn.")
    assert notices == []


def test_spd_say_waits_for_each_line_and_has_no_cancel_all() -> None:
    spd = backend_for("spd-say", "/usr/bin/spd-say", lambda: None)
    assert isinstance(spd, CommandBackend) and spd.args == ("-w",)


def test_a_speech_process_is_killed_when_interrupted() -> None:
    """As with espeak-ng: the running program is killed, at once, by a new turn."""
    slow = CommandBackend("slow", sys.executable, ["-c", "import time; time.sleep(300)"])
    speaker = Speaker(slow)
    speaker.say("a line that takes five minutes to say")
    wait_for(lambda: speaker._current is not None)
    process = speaker._current
    assert isinstance(process, _Process)
    speaker.say("Your turn.", interrupt=True)
    speaker.close()
    assert process.process.poll() is not None, "the program was killed, not waited for"


def fake_program(folder: Path, name: str, log: Path) -> None:
    """A program on PATH that records its arguments (one JSON list a line) and, for a line
    holding "long", keeps speaking until it is killed."""
    script = folder / name
    script.write_text(
        f"#!{sys.executable}\n"
        "import json, sys, time\n"
        f"with open({str(log)!r}, 'a') as log:\n"
        "    log.write(json.dumps(sys.argv[1:]) + '\\n')\n"
        "if any('long' in arg for arg in sys.argv[1:]):\n"
        "    time.sleep(60)\n"
    )
    script.chmod(0o755)


def calls(log: Path) -> list[list[str]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_spd_say_never_cancels_everyones_speech(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A screen reader speaks through the same daemon: ``spd-say -C`` (cancel all) would
    silence it at every key. A cut line is left to finish; the queued ones are dropped."""
    log = tmp_path / "spd-say.log"
    fake_program(tmp_path, "spd-say", log)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    speaker = make_speaker("auto", which=shutil.which, speechd=lambda: None)
    assert speaker.name == "spd-say"
    speaker.say("Ada plays Blue 4.")
    assert speaker.wait_idle(10)
    speaker.say("a long line")
    speaker.say("Bo plays Blue 9.")
    wait_for(lambda: len(calls(log)) == 2, timeout=10)
    speaker.say("Your turn.", interrupt=True)
    assert speaker.wait_idle(10)
    speaker.interrupt()
    speaker.close()
    said = calls(log)
    assert said == [
        ["-w", "--", "Ada plays Blue 4."],
        ["-w", "--", "a long line"],
        ["-w", "--", "Your turn."],
    ], "every spd-say run speaks one line; the stale queued line is dropped"
    assert not any(arg in ("-C", "--cancel", "-S", "--stop") for run in said for arg in run)


def test_phoneme_input_never_reaches_espeak(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "[[" starts espeak's phoneme codes: "[[Zed plays Red 5." was heard as "Zed pla"."""
    log = tmp_path / "espeak-ng.log"
    fake_program(tmp_path, "espeak-ng", log)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    speaker = make_speaker("espeak-ng", which=shutil.which)
    for line in ("[[Zed plays Red 5. Bo's turn.", "-Bo]] plays\x1b[31m Red 2.", "Top card."):
        speaker.say(line)
    assert speaker.wait_idle(10)
    speaker.close()
    said = calls(log)
    assert [run[-1] for run in said] == [
        "((Zed plays Red 5. Bo's turn.",
        "-Bo)) plays (31m Red 2.",
        "Top card.",
    ]
    assert all(run[-2] == "--" for run in said), "a line starting with - is text, not an option"
    assert not any("[" in run[-1] or "\x1b" in run[-1] for run in said)


def test_plain_text_keeps_words_and_drops_control_characters() -> None:
    assert plain_text("Ada plays Red 5.") == "Ada plays Red 5."
    assert plain_text("[[a]]\x07b\tc") == "((a)) b\tc"


class FakeSSIPClient:
    """speech-dispatcher's Python client, recording what it is asked to do."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.spoken: list[str] = []
        self.cancels: list[tuple[Any, ...]] = []
        self.pending: list[Callable[..., None]] = []

    def speak(self, text: str, callback: Callable[..., None], event_types: Any) -> None:
        assert set(event_types) == {"end", "cancel"}
        self.spoken.append(text)
        if "long" in text:
            self.pending.append(callback)
        else:
            callback("end")

    def cancel(self, *scope: Any) -> None:
        self.cancels.append(scope)  # () is the client's default scope: SELF, its own messages
        for callback in self.pending:
            callback("cancel")
        self.pending.clear()


def fake_speechd() -> types.SimpleNamespace:
    clients: list[FakeSSIPClient] = []

    def connect(name: str) -> FakeSSIPClient:
        clients.append(FakeSSIPClient(name))
        return clients[-1]

    return types.SimpleNamespace(
        SSIPClient=connect,
        CallbackType=types.SimpleNamespace(END="end", CANCEL="cancel"),
        clients=clients,
    )


def test_the_speechd_client_cancels_only_its_own_messages() -> None:
    module = fake_speechd()
    speaker = make_speaker("auto", which=lambda name: f"/usr/bin/{name}", speechd=lambda: module)
    assert isinstance(speaker.backend, SpeechdBackend)
    speaker.say("[[Zed plays Red 5.")
    assert speaker.wait_idle(5)
    speaker.say("a long line")
    speaker.say("Bo plays Blue 9.")
    (client,) = module.clients
    wait_for(lambda: len(client.spoken) == 2)
    speaker.say("Your turn.", interrupt=True)
    assert speaker.wait_idle(5)
    speaker.close()
    assert client.name == "uno-tui", "one connection, named for the game"
    assert client.spoken == ["((Zed plays Red 5.", "a long line", "Your turn."]
    assert client.cancels == [()], "one cancel, of this client's own messages"


def test_no_speech_dispatcher_daemon_falls_back_to_spd_say() -> None:
    def refuse(name: str) -> None:
        raise OSError("no daemon")

    module = types.SimpleNamespace(SSIPClient=refuse, CallbackType=fake_speechd().CallbackType)
    backend = backend_for("spd-say", "/usr/bin/spd-say", lambda: module)
    assert isinstance(backend, CommandBackend) and backend.args == ("-w",)


def test_replay_with_speech_speaks_every_line_it_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``uno-tui replay FILE --speech espeak-ng`` speaks the match, not only prints it: each
    printed line once, in order, and the command returns once the last one is said."""
    from uno_tui.cli import main
    from uno_tui.engine import MatchRecord, Rules
    from uno_tui.match.session import Seat, Session

    session = Session(
        Rules.two_player(target_score=1), [Seat("Ada", "easy"), Seat("Bo", "easy")], seed=4
    )
    session.run_bots()
    record = tmp_path / "match.json"
    MatchRecord.of(session.game).save(record)
    log = tmp_path / "espeak-ng.log"
    fake_program(tmp_path, "espeak-ng", log)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert main(["replay", str(record), "--speech", "espeak-ng"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) > 3
    assert [run[-1] for run in calls(log)] == printed
