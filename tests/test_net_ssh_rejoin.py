"""Issue 36: a guest who came in through the SSH door with the room's code, and dropped after
the start, takes the same seat again through the door with the seat's own code, which the
door told them once when they sat down. A real ``uno-tui host --ssh`` process and a real ssh
client in tmux; every wait is bounded and every process started is stopped."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

from .plain_driver import PlainProcess
from .test_net_listening import next_line
from .test_net_processes import free_port, read_until
from .test_net_ssh import Tmux, ssh_command

OWN_CODE = re.compile(r"Your seat's own code is (\S+): with it you take this seat again")


def room_host(data_dir: Path, ssh_port: int) -> tuple[PlainProcess, str]:
    """A host alone at its terminal (a random bot and one open seat), and the room's code."""
    args = ["host", "--port", str(free_port()), "--ssh", str(ssh_port), "--seed", "5"]
    host = PlainProcess(
        [*args, "--bot-pause", "0", "--players", "Cy:random", "--open", "1"], data_dir
    )
    code = ""
    while not (line := next_line(host, 30)).startswith("SSH door on port"):
        found = re.search(r"uno-tui join \S+ --code (\S+) --name", line)
        code = found[1] if found else code
    assert code, host.output
    return host, code


def pane(tmux: Tmux) -> str:
    """The guest's whole pane, its history too, wrapped lines joined."""
    return tmux("capture-pane", "-p", "-J", "-S", "-400", "-t", "guest")


def wait_in_pane(tmux: Tmux, wanted: str, seconds: float = 40) -> str:
    tmux.wait_for(lambda _: wanted in pane(tmux), seconds)
    return pane(tmux)


def ssh_client_of(tmux: Tmux) -> int:
    """The ssh client's process id: the child of the guest pane's shell."""
    shell = int(tmux("display-message", "-p", "-t", "guest", "#{pane_pid}").strip())
    children = Path(f"/proc/{shell}/task/{shell}/children").read_text().split()
    assert children, "no ssh client runs in the pane"
    return int(children[0])


def log_in(tmux: Tmux, ssh_port: int, tmp_path: Path, code: str) -> None:
    """A fresh pane, ssh into the door for the line mode, brief, and give ``code``."""
    tmux("new-session", "-d", "-s", "guest", "-x", "100", "-y", "40")
    command = ssh_command(ssh_port, tmp_path, "plain", "--verbosity", "brief")
    tmux("send-keys", "-t", "guest", command, "Enter")
    tmux.wait_for(lambda text: text.rstrip().endswith("Code:"))
    tmux("send-keys", "-t", "guest", code, "Enter")


def test_a_door_guest_with_the_rooms_code_drops_and_takes_the_seat_again_with_its_own(
    data_dir: Path, tmp_path: Path, tmux: Tmux, processes: list[PlainProcess]
) -> None:
    ssh_port = free_port()
    host, room_code = room_host(data_dir, ssh_port)
    processes.append(host)
    log_in(tmux, ssh_port, tmp_path, room_code)
    tmux.wait_for(lambda text: text.rstrip().endswith("Your name:"))
    tmux("send-keys", "-t", "guest", "Ann", "Enter")
    told = wait_in_pane(tmux, "Your seat's own code is")
    found = OWN_CODE.search(told)
    assert found, told
    own_code = found[1]
    assert own_code != room_code
    assert told.count("Your seat's own code is") == 1, "told once"
    read_until(host, "Ann joined.")

    host.send("start")
    wait_in_pane(tmux, "The match begins: ")
    os.kill(ssh_client_of(tmux), signal.SIGKILL)  # the guest's machine drops
    wait_in_pane(tmux, "SSH-EXIT=")
    read_until(host, "Ann left; their seat waits for them.", 60)
    tmux("kill-session", "-t", "guest")

    log_in(tmux, ssh_port, tmp_path, own_code)  # no name asked: the code is the seat's
    back = wait_in_pane(tmux, "Play? ", 60)
    assert "Your name:" not in back
    assert "Joined as Ann." in back and "Cannot join" not in back, back
    after = back[back.index("Joined as Ann.") :]
    assert re.search(r"^On .+\. \d+ cards?: ", after, re.MULTILINE), after  # where it stands
    assert "Your seat's own code is" not in after, "the seat's own code is not told again"
    read_until(host, "Ann is back.")
    assert "Traceback" not in host.stderr, host.stderr[-2000:]
