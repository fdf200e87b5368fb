"""The line mode hears the table while it waits (issue 34), with real processes on the
loopback: a joined seat at a timed table is warned before the bot moves for it, and an
answer typed after its question passed is refused; chat and a dropped host are told while it
sits at a question; a ``quit`` typed in the room leaves at once; the host's own person types
``bot NAME`` while the match waits for an absent seat, and the bot plays it. Every wait is
bounded and every process is killed at the end."""

from __future__ import annotations

import random
import re
import signal
from pathlib import Path

from .plain_driver import PlainProcess, answer_for, is_prompt
from .test_net_processes import Hosted, free_port, join, read_until


def next_line(process: PlainProcess, timeout: float = 60) -> str:
    """The next line ``process`` prints (bounded)."""
    line = process._lines.get(timeout=timeout)
    assert line is not None, f"it ended: {process.output[-3:]} {process.stderr[-2000:]}"
    process.output.append(line)
    return line


def to_my_move(process: PlainProcess) -> str:
    """Answer every question up to the seat's own move; that prompt."""
    rng = random.Random(0)
    prompt = process.next_prompt(timeout=60)
    while not prompt.startswith("Your move?"):
        process.send(answer_for(prompt, rng))
        prompt = process.next_prompt(timeout=60)
    return prompt


def test_a_timed_seat_is_warned_before_the_bot_moves_and_a_late_answer_is_refused(
    data_dir: Path, tmp_path: Path, processes: list[PlainProcess]
) -> None:
    """Ben never comes: once the bot has moved for Ann, the table waits for Ben's timer, so
    Ann's late answer comes while no question of hers is open."""
    port = free_port()
    host = Hosted(
        data_dir,
        port,
        "--players",
        "Ann:remote,Ben:remote,Cy:random",
        "--seed",
        "4",
        "--bot-pause",
        "0",
        "--turn-seconds",
        "12",
        "--turn-bot",
        "random",
    )
    processes.append(host.process)
    ann = join(port, host.codes["Ann"], tmp_path / "ann.jsonl", tmp_path / "ann", host.fingerprint)
    processes.append(ann)
    to_my_move(ann)
    warning = read_until(ann, "seconds left to move", timeout=60)
    # told the moment it came, the question still open: the line before it is the question
    # (said again after any news that came first, as a bot's move before her turn began)
    at = ann.output.index(warning)
    prompt = ann.output[at - 1]
    assert prompt.startswith("Your move?"), ann.output[at - 4 : at + 1]
    assert next_line(ann) == prompt, "the open question is said again after the news"
    read_until(ann, "Your time ran out", timeout=60)
    moved = read_until(ann, "You ", timeout=60)  # the bot's move for her, told as hers
    assert moved.startswith(("You play", "You draw")), moved
    assert ann.output.index(warning) < ann.output.index(moved)
    assert "Ben's turn." in ann.output[-1] or "Ben's turn." in next_line(ann), ann.output[-3:]
    ann.send("1")  # typed for the question that passed: never taken for another
    assert read_until(ann, "That question has passed", timeout=30) == "That question has passed."


def test_chat_and_a_dropped_host_are_told_while_a_seat_sits_at_its_question(
    data_dir: Path, tmp_path: Path, processes: list[PlainProcess]
) -> None:
    port = free_port()
    host = Hosted(data_dir, port, "--players", "Ann:remote,Ben:remote,Cy:random", "--seed", "7")
    processes.append(host.process)
    ann = join(port, host.codes["Ann"], tmp_path / "ann.jsonl", tmp_path / "ann", host.fingerprint)
    processes.append(ann)
    prompt = to_my_move(ann)
    host.process.send("say are you there, Ann?")
    assert read_until(ann, "The host says:") == "The host says: are you there, Ann?"
    assert next_line(ann) == prompt, "the open question is said again after the news"
    host.process.signal(signal.SIGKILL)
    assert read_until(ann, "Connection lost") == "Connection lost: reconnecting..."
    assert not any("Not a choice" in line for line in ann.output), "Ann never answered"


def test_a_quit_typed_in_the_room_leaves_at_once(
    tmp_path: Path, processes: list[PlainProcess]
) -> None:
    port = free_port()
    host = PlainProcess(
        ["host", "--port", str(port), "--players", "?,?,Cy:random", "--seed", "5"],
        tmp_path / "host",
    )
    processes.append(host)
    line = read_until(host, "Everyone: uno-tui join")
    found = re.search(r"--code (\S+) --name YOUR-NAME --fingerprint (\S+)$", line)
    assert found, line
    address = f"127.0.0.1:{port}"
    ann = PlainProcess(
        [
            "join",
            address,
            "--code",
            found[1],
            "--name",
            "Ann",
            "--fingerprint",
            found[2],
            "--plain",
        ],
        tmp_path / "ann",
    )
    processes.append(ann)
    read_until(ann, "In the room:")
    ann.send("help")
    assert "Enter says who is in" in read_until(ann, "In the room: Enter")
    ann.send("say hello room")
    read_until(host, "Ann says: hello room")
    ann.send("quit")
    assert ann.wait(timeout=30) == 0
    assert ann.output[-1] == "Goodbye."
    read_until(host, "Ann left the room.")


def test_bot_typed_at_the_host_hands_over_the_absent_seat_the_match_waits_for(
    tmp_path: Path, processes: list[PlainProcess]
) -> None:
    port = free_port()
    table = ["--players", "Hal,Ann:remote,Cy:random", "--seed", "3", "--bot-pause", "0"]
    host = PlainProcess(["host", "--port", str(port), *table], tmp_path / "host")
    processes.append(host)
    read_until(host, "Ann: uno-tui join")
    rng = random.Random(1)
    while True:  # Hal plays until the match waits for Ann, who never comes
        line = next_line(host)
        if "Ann's turn." in line:
            break
        if is_prompt(line):
            host.send(answer_for(line, rng))
    host.send("hand")  # no question is open: answered at once all the same
    assert read_until(host, "Your hand").startswith("Your hand, ")
    host.send("bot Ann")
    read_until(host, "Ann is away: a medium bot plays their seat.")
    while not (line := next_line(host)).startswith(("Ann plays", "Ann draws")):
        assert not is_prompt(line) or "Ann" not in line, line
    host.send("quit")
    assert host.wait(timeout=30) == 0
    assert "The match is saved" in host.output[-1]


def test_the_hosts_own_seat_whose_time_ran_out_is_told_so_and_never_asked_the_passed_question(
    tmp_path: Path, processes: list[PlainProcess]
) -> None:
    """Issue 36's play-through: the host's person let the clock run out; they heard "Host's
    time ran out: ... for them", then the question that had just passed said again."""
    port = free_port()
    table = ["--players", "Hal,Cy:random,Ann:remote", "--away-bot", "1", "--seed", "4"]
    timed = ["--bot-pause", "0", "--turn-seconds", "3", "--turn-bot", "random"]
    host = PlainProcess(["host", "--port", str(port), *table, *timed], tmp_path / "host")
    processes.append(host)
    ran_out = read_until(host, "time ran out", timeout=60)
    assert ran_out == "Your time ran out: a random bot made that move for you.", ran_out
    at = len(host.output) - 1
    while not host.output[-1].startswith("That question has passed"):
        next_line(host)
    asked = max(n for n in range(at) if host.output[n].startswith("Your move?"))
    since = host.output[asked + 1 :]
    assert not [line for line in since if line.startswith("Your move?")], since
    assert any(line.startswith(("You play", "You draw")) for line in since), since
    host.send("quit")
    assert host.wait(timeout=30) == 0
