"""A hosted match with real processes on the loopback address: ``uno-tui host`` and two
``uno-tui join --plain`` clients answered by a script. Every loop here is bounded: a prompt
that does not come within its timeout fails the test, and every process is killed at the end.
"""

from __future__ import annotations

import queue
import random
import re
import signal
import socket
import threading
from pathlib import Path

from uno_tui.engine import Game, MatchRecord
from uno_tui.net import protocol

from .net_helpers import audit
from .plain_driver import PlainProcess, answer_for

TABLE = "Ann:remote,Ben:remote,Cy:random"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Hosted:
    """A host process and the codes it printed."""

    def __init__(self, data_dir: Path, port: int | None, *args: str) -> None:
        """``port`` ``None``: none given (``resume`` listens where the match was hosted)."""
        where = [] if port is None else ["--port", str(port)]
        self.process = PlainProcess(["host", *where, *args], data_dir)
        self.codes: dict[str, str] = {}
        self.fingerprint = ""
        lines = self.process._lines
        while len(self.codes) < 2:
            line = lines.get(timeout=20)
            assert line is not None, f"the host ended: {self.process.stderr}"
            self.process.output.append(line)
            found = re.match(r"(\w+): uno-tui join \S+ --code (\S+) --fingerprint (\S+)$", line)
            if found:
                self.codes[found[1]] = found[2]
                self.fingerprint = found[3]


def join(port: int, code: str, transcript: Path, data_dir: Path, fingerprint: str) -> PlainProcess:
    args = ["join", f"127.0.0.1:{port}", "--code", code, "--fingerprint", fingerprint, "--plain"]
    return PlainProcess([*args, "--record-messages", str(transcript)], data_dir)


def play(client: PlainProcess, seed: int, stop: threading.Event | None = None) -> None:
    """Answer every prompt (a random listed choice, UNO always called) until the game ends."""
    rng = random.Random(seed)
    while stop is None or not stop.is_set():
        try:
            prompt = client.next_prompt(timeout=60)
        except EOFError:
            return
        client.send(answer_for(prompt, rng))


def views(transcript: Path) -> list[protocol.ViewUpdate]:
    updates = []
    for line in transcript.read_text().splitlines():
        message = protocol.parse_host(line)
        if isinstance(message, protocol.ViewUpdate):
            updates.append(message)
    return updates


def test_two_line_clients_play_a_round_to_its_end_and_receive_nothing_they_may_not_know(
    data_dir: Path, tmp_path: Path, processes: list[PlainProcess]
) -> None:
    port = free_port()
    record_path = tmp_path / "match.json"
    host = Hosted(
        data_dir,
        port,
        "--players",
        TABLE,
        "--target",
        "1",
        "--seed",
        "4",
        "--record",
        str(record_path),
        "--bot-pause",
        "0",
    )
    processes.append(host.process)
    transcripts = {seat: tmp_path / f"seat{seat}.jsonl" for seat in (0, 1)}
    ann = join(port, host.codes["Ann"], transcripts[0], data_dir, host.fingerprint)
    ben = join(port, host.codes["Ben"], transcripts[1], data_dir, host.fingerprint)
    processes += [ann, ben]
    ben_playing = threading.Thread(target=play, args=(ben, 2), daemon=True)
    ben_playing.start()
    # Ann is killed at her first move and joins again: her hand is given back.
    first = ann.next_prompt(timeout=30)
    while not first.startswith("Your move?"):
        ann.send(answer_for(first, random.Random(0)))
        first = ann.next_prompt(timeout=30)
    hand_before = views(transcripts[0])[-1].view.hand
    lines_before = len(transcripts[0].read_text().splitlines())
    ann.signal(signal.SIGKILL)
    ann = join(port, host.codes["Ann"], transcripts[0], data_dir, host.fingerprint)
    processes.append(ann)
    play(ann, 1)
    ben_playing.join(timeout=90)
    assert not ben_playing.is_alive()
    assert host.process.wait(timeout=30) == 0
    for client in (ann, ben):
        assert client.wait(timeout=30) == 0
        assert "Traceback" not in client.stderr, client.stderr
    assert "Traceback" not in host.process.stderr, host.process.stderr
    assert any("wins the match" in line or "win the match" in line for line in ann.output), (
        ann.output[-5:]
    )
    record = MatchRecord.load(record_path)
    assert Game.from_record(record).phase.value == "match-over"
    for seat, transcript in transcripts.items():
        assert audit(record, seat, transcript.read_text().splitlines()) > 20
    assert any(line.startswith("Joined as Ann") for line in ann.output)
    after_rejoin = transcripts[0].read_text().splitlines()[lines_before:]
    first_view = next(
        message
        for message in map(protocol.parse_host, after_rejoin)
        if isinstance(message, protocol.ViewUpdate)
    )
    assert first_view.view.hand == hand_before


def test_a_host_killed_and_resumed_continues_the_same_table_with_the_same_codes(
    data_dir: Path, tmp_path: Path, processes: list[PlainProcess]
) -> None:
    port = free_port()
    first_host = Hosted(
        data_dir, port, "--players", TABLE, "--target", "1", "--seed", "9", "--bot-pause", "0"
    )
    processes.append(first_host.process)
    transcripts = {seat: tmp_path / f"seat{seat}.jsonl" for seat in (0, 1)}
    ann = join(port, first_host.codes["Ann"], transcripts[0], data_dir, first_host.fingerprint)
    ben = join(port, first_host.codes["Ben"], transcripts[1], data_dir, first_host.fingerprint)
    processes += [ann, ben]
    ben_playing = threading.Thread(target=play, args=(ben, 2), daemon=True)
    ben_playing.start()
    rng = random.Random(1)
    moves_asked = 0
    while True:
        prompt = ann.next_prompt(timeout=30)
        if prompt.startswith("Your move?"):
            moves_asked += 1
            if moves_asked == 3:
                break
        ann.send(answer_for(prompt, rng))
    before = views(transcripts[0])[-1]
    welcomes_before = transcripts[0].read_text().count('"type":"welcome"')
    assert first_host.process.signal(signal.SIGKILL) == -signal.SIGKILL
    record_path = tmp_path / "match.json"
    resumed = Hosted(data_dir, None, "resume", "--record", str(record_path), "--bot-pause", "0")
    processes.append(resumed.process)
    assert resumed.codes == first_host.codes
    assert any(f"127.0.0.1:{port}" in line for line in resumed.process.output)
    assert resumed.fingerprint == first_host.fingerprint  # the same certificate
    deadline = 40
    while transcripts[0].read_text().count('"type":"welcome"') == welcomes_before:
        assert deadline > 0, "Ann's client did not rejoin the resumed host"
        threading.Event().wait(0.25)
        deadline -= 0.25
    ann.send(answer_for(prompt, rng))
    play(ann, 1)
    ben_playing.join(timeout=90)
    assert resumed.process.wait(timeout=30) == 0
    for client in (ann, ben):
        assert client.wait(timeout=30) == 0
    assert any(line == "Reconnected." for line in ann.output), ann.output
    lines = transcripts[0].read_text().splitlines()
    welcomes = [i for i, line in enumerate(lines) if '"type":"welcome"' in line]
    rejoined = next(
        message
        for message in map(protocol.parse_host, lines[welcomes[welcomes_before] :])
        if isinstance(message, protocol.ViewUpdate)
    )
    assert rejoined.moves == before.moves and rejoined.view.hand == before.view.hand
    record = MatchRecord.load(record_path)
    assert Game.from_record(record).phase.value == "match-over"
    for seat, transcript in transcripts.items():
        audit(record, seat, transcript.read_text().splitlines())


def read_until(process: PlainProcess, wanted: str, timeout: float = 30) -> str:
    """Read ``process``'s output up to a line holding ``wanted`` (bounded)."""
    while True:
        try:
            line = process._lines.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(
                f"no {wanted!r} in {timeout} s; last: {process.output[-3:]}"
            ) from None
        assert line is not None, f"it ended: {process.output[-3:]} {process.stderr[-2000:]}"
        process.output.append(line)
        if wanted in line:
            return line


def test_three_walk_into_a_room_with_one_code_and_a_killed_one_comes_back_with_no_code(
    tmp_path: Path, processes: list[PlainProcess]
) -> None:
    port = free_port()
    record_path = tmp_path / "match.json"
    host = PlainProcess(
        [
            "host",
            "--port",
            str(port),
            "--players",
            "?,?,?,?",
            "--open-bots",
            "random",
            "--target",
            "1",
            "--seed",
            "5",
            "--bot-pause",
            "0",
            "--record",
            str(record_path),
        ],
        tmp_path / "host",
    )
    processes.append(host)
    line = read_until(host, "Everyone: uno-tui join")
    found = re.search(r"--code (\S+) --name YOUR-NAME --fingerprint (\S+)$", line)
    assert found, line
    room, pin = found[1], found[2]
    assert not any("Open seat" in seen for seen in host.output), "open seats have no codes shown"
    names = ("Ann", "Ben", "[b]Cy")
    homes = {name: tmp_path / f"home{i}" for i, name in enumerate(names)}
    clients: dict[str, PlainProcess] = {}
    for name in names:
        address = f"127.0.0.1:{port}"
        clients[name] = PlainProcess(
            ["join", address, "--code", room, "--name", name, "--fingerprint", pin, "--plain"],
            homes[name],
        )
        processes.append(clients[name])
        read_until(clients[name], "In the room:")
        read_until(host, f"{name} joined.")
    twin = PlainProcess(
        [
            "join",
            f"127.0.0.1:{port}",
            "--code",
            room,
            "--name",
            "ann",
            "--fingerprint",
            pin,
            "--plain",
        ],
        tmp_path / "twin",
    )
    processes.append(twin)
    assert twin.wait(timeout=30) == 1
    assert any("is taken at this table" in seen for seen in twin.output), twin.output
    lobby = [seen for seen in clients["[b]Cy"].output if seen.startswith("In the room:")][-1]
    assert "Awaited: 1 open seat" in lobby
    assert "Ann" in lobby and "Ben" in lobby and "[b]Cy (you)" in lobby
    host.send("start")
    read_until(host, "The match begins")
    for name in names:
        read_until(clients[name], "Joined as")
    stop = threading.Event()  # the match need not end: the test ends it (bounded)
    players = [
        threading.Thread(target=play, args=(clients[name], seed, stop), daemon=True)
        for seed, name in enumerate(names[1:])
    ]
    for player in players:
        player.start()
    # Ann says something at her first question (a bell refused, markup kept as typed), is
    # killed, and comes back with no code: her seat, her name
    ann = clients["Ann"]
    ann.next_prompt(timeout=60)
    ann.send("say ring\x07 the bell")
    assert "Not said: a message holds letters" in read_until(ann, "Not said")
    ann.next_prompt(timeout=30)
    ann.send("say [red]gg[/red] <b>&amp;")
    read_until(host, "Ann says: [red]gg[/red] <b>&amp;")
    ann.next_prompt(timeout=30)
    ann.signal(signal.SIGKILL)
    # no code and no fingerprint: the token and the certificate's fingerprint kept with it
    ann = PlainProcess(["join", f"127.0.0.1:{port}", "--plain"], homes["Ann"])
    processes.append(ann)
    clients["Ann"] = ann
    assert read_until(ann, "Joined as").startswith("Joined as Ann.")
    ann.next_prompt(timeout=120)  # her seat asks her again
    said = "Ann says: [red]gg[/red] <b>&amp;"
    for name in ("Ben", "[b]Cy"):  # told to every seat, as typed (at its next news)
        for _ in range(600):
            if said in list(clients[name].output):
                break
            threading.Event().wait(0.2)
        assert said in clients[name].output, (name, clients[name].output[-5:])
    stop.set()
    host.send("quit")  # the record is written as the host stops
    assert host.wait(timeout=30) == 130
    assert "Traceback" not in host.stderr, host.stderr
    record = MatchRecord.load(record_path)
    assert record.players == ("Ann", "Ben", "[b]Cy", "Ada")
    told = PlainProcess(["replay", str(record_path)], tmp_path / "replay")
    assert told.wait(timeout=30) == 0
    assert any(line.endswith(f". {said}") for line in told.output), told.output[-5:]


def test_a_turn_not_taken_in_time_is_the_bots_and_the_person_plays_on(
    data_dir: Path, tmp_path: Path, processes: list[PlainProcess]
) -> None:
    port = free_port()
    record_path = tmp_path / "match.json"
    host = Hosted(
        data_dir,
        port,
        "--players",
        "Ann:remote,Ben:remote,Cy:random",
        "--target",
        "1",
        "--seed",
        "4",
        "--bot-pause",
        "0",
        "--turn-seconds",
        "3",
        "--turn-bot",
        "random",
        "--record",
        str(record_path),
    )
    processes.append(host.process)
    transcript = tmp_path / "ann.jsonl"
    ann = join(port, host.codes["Ann"], transcript, tmp_path / "ann", host.fingerprint)
    ben = join(port, host.codes["Ben"], tmp_path / "ben.jsonl", tmp_path / "ben", host.fingerprint)
    processes += [ann, ben]
    ben_playing = threading.Thread(target=play, args=(ben, 2), daemon=True)
    ben_playing.start()
    prompt = ann.next_prompt(timeout=60)
    while not prompt.startswith("Your move?"):
        ann.send(answer_for(prompt, random.Random(0)))
        prompt = ann.next_prompt(timeout=60)
    moves = views(transcript)[-1].moves
    # Ann lets her time run out: the bot moves for her, once
    read_until(host.process, "Ann's time ran out: a random bot made that move for them.", 30)
    ann.send(answer_for(prompt, random.Random(1)))  # her key, late: the game goes on
    play(ann, 1)
    ben_playing.join(timeout=120)
    assert host.process.wait(timeout=60) == 0
    for client in (ann, ben):
        assert client.wait(timeout=30) == 0
    record = MatchRecord.load(record_path)
    assert record.actions[moves].player == 0, "the move made for Ann in her turn"
    assert any("Your time ran out" in line for line in ann.output), ann.output[-5:]
    assert Game.from_record(record).phase.value == "match-over"
