"""Every file the host reads goes through ``files.read_limited`` (a regular file, a size
limit): a FIFO or a link to ``/dev/zero`` in place of the codes, the certificate, its key or
the SSH host key is refused at once with a sentence, never a hang or a 300 MB read; every
file holding a token or a key is the user's alone (0600). Real host processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from uno_tui.engine import Rules
from uno_tui.match.session import Seat, Session
from uno_tui.net.codes import Codes, hosted_paths, open_hosted
from uno_tui.net.ssh_door import HOST_KEY_NAME
from uno_tui.net.tls import CERT_NAME, KEY_NAME
from uno_tui.store.files import release_save_lock

ROOT = Path(__file__).resolve().parent.parent


def uno_tui(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``uno-tui ARGS`` with its data in ``tmp_path``; a hang fails the test (60 s)."""
    env = {**os.environ, "UNO_TUI_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    return subprocess.run(
        [sys.executable, "-m", "uno_tui", *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def fifo(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


def zero(path: Path) -> None:
    path.unlink(missing_ok=True)
    path.symlink_to("/dev/zero")


@pytest.mark.parametrize("make", [fifo, zero], ids=["fifo", "dev-zero"])
def test_a_certificate_that_is_no_regular_file_is_refused_with_a_sentence(
    tmp_path: Path, make: object
) -> None:
    assert callable(make)
    (tmp_path / KEY_NAME).write_text("not a key")
    make(tmp_path / CERT_NAME)
    done = uno_tui(tmp_path, "host", "--port", "0", "--players", "Ann:remote,Cy:random")
    assert done.returncode == 2
    assert "certificate" in done.stderr and "cannot be read" in done.stderr
    assert "not a regular file" in done.stderr or "FIFO" in done.stderr
    assert "Traceback" not in done.stderr
    assert os.stat("/dev/zero").st_mode & 0o666 == 0o666, "a device is never chmodded"


@pytest.mark.parametrize("make", [fifo, zero], ids=["fifo", "dev-zero"])
def test_an_ssh_host_key_that_is_no_regular_file_is_refused_with_a_sentence(
    tmp_path: Path, make: object
) -> None:
    assert callable(make)
    make(tmp_path / HOST_KEY_NAME)
    done = uno_tui(
        tmp_path,
        "host",
        "--insecure",
        "--port",
        "0",
        "--ssh",
        "0",
        "--players",
        "Ann:remote,Cy:random",
    )
    assert done.returncode == 2
    assert "SSH host key" in done.stderr and "cannot be read" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("make", [fifo, zero], ids=["fifo", "dev-zero"])
def test_hosted_codes_that_are_no_regular_file_are_refused_by_resume(
    tmp_path: Path, make: object
) -> None:
    assert callable(make)
    session = Session(Rules.classic(), [Seat("Ann"), Seat("Cy", "random")], seed=1)
    open_hosted(session, [0], spectators=False, directory=tmp_path)
    save_path, codes_path = hosted_paths(tmp_path)
    release_save_lock(save_path)
    assert codes_path.stat().st_mode & 0o777 == 0o600, "the codes are the user's alone"
    make(codes_path)
    done = uno_tui(tmp_path, "host", "resume", "--insecure", "--port", "0")
    assert done.returncode == 2
    assert "codes" in done.stderr and "cannot be read" in done.stderr
    assert "Traceback" not in done.stderr
    with pytest.raises(ValueError, match="cannot be read"):
        Codes.load(codes_path, session.game.names)


def test_join_record_messages_writes_its_tokens_for_the_user_alone(tmp_path: Path) -> None:
    transcript = tmp_path / "messages.txt"
    transcript.write_text("")
    transcript.chmod(0o644)  # an old transcript, readable by all: tightened
    done = uno_tui(
        tmp_path,
        "join",
        "127.0.0.1:9",
        "--code",
        "AAAA-BBBB",
        "--insecure",
        "--plain",
        "--record-messages",
        str(transcript),
    )
    assert done.returncode == 1 and "nothing listens" in done.stdout + done.stderr
    assert transcript.stat().st_mode & 0o777 == 0o600
    fresh = tmp_path / "fresh.txt"
    uno_tui(tmp_path, "join", "127.0.0.1:9", "--code", "A", "--insecure", "--plain",
            "--record-messages", str(fresh))  # fmt: skip
    assert fresh.stat().st_mode & 0o777 == 0o600


def test_a_new_host_keeps_an_unfinished_hosted_match_aside_never_over_it(tmp_path: Path) -> None:
    session = Session(Rules.classic(), [Seat("Ann"), Seat("Cy", "random")], seed=1)
    open_hosted(session, [0], spectators=False, directory=tmp_path)
    session.apply(session.game.decisions()[0].actions[0])
    save_path, _codes = hosted_paths(tmp_path)
    release_save_lock(save_path)
    saved = save_path.read_text(encoding="utf-8")
    args = ("host", "--insecure", "--port", "0", "--players", "Ann:remote,Cy:random")
    done = uno_tui(tmp_path, *args)
    assert done.returncode == 2
    assert "a hosted match is unfinished" in done.stderr and "host --new" in done.stderr
    assert save_path.read_text(encoding="utf-8") == saved, "the old match is untouched"
    process = subprocess.Popen(
        [sys.executable, "-m", "uno_tui", *args, "--new"],
        cwd=ROOT,
        env={**os.environ, "UNO_TUI_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        for line in process.stdout:  # the host is up once it prints its codes
            if line.startswith("Ann: uno-tui join"):
                break
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    assert "The saved match is kept as" in err
    kept = sorted(tmp_path.glob("hosted.kept-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == saved
    assert len(sorted(tmp_path.glob("hosted-codes.kept-*.json"))) == 1
