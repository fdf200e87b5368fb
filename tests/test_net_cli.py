"""``uno-tui host`` and ``join`` command lines: a table that cannot be hosted or an address
that is not one is one line on stderr and exit code 2, before anything listens."""

from __future__ import annotations

import pytest

from uno_tui import cli
from uno_tui.net.client import JoinError, address_url


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["host", "--players", "Ann,Ben:easy"], 'no remote seat; mark one with ":remote"'),
        (["host", "--players", "Ann,Ben,Cy:remote"], "at most one person plays at the host"),
        (["host", "--players", "Ann:remote,Bo:easy", "--house", "wild_sixes"], "unknown house"),
        (["host", "--rules", "teams", "--players", "Ann:remote,Bo:easy"], "teams is played by"),
        (["host", "--players", "Ann:remote,Bo:genius"], "unknown bot level"),
        (["host", "--port", "70000"], "--port is a number"),
        (["host", "--players", "Ann:remote,ann:easy"], "names must differ (ignoring case)"),
        (["host", "--players", "A\x07nn:remote,Bo:easy"], "invisible or control character"),
        (
            ["join", "127.0.0.1:99999", "--code", "X", "--plain"],
            "the port is a number from 1 to 65535",
        ),
        (["join", "a/b", "--code", "X", "--plain"], "is not HOST or HOST:PORT"),
    ],
)
def test_a_bad_network_command_line_is_one_line_and_exit_code_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert says in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_resuming_when_no_match_was_hosted_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["host", "resume"]) == 2
    assert "there is no hosted match to resume" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("address", "url"),
    [
        ("192.168.1.5", "wss://192.168.1.5:8765"),
        ("192.168.1.5:9000", "wss://192.168.1.5:9000"),
        ("[::1]:9000", "wss://[::1]:9000"),
        ("[::1]", "wss://[::1]:8765"),
        ("wss://example.org:1/", "wss://example.org:1/"),
    ],
)
def test_a_join_address_is_host_and_optional_port_encrypted_by_default(
    address: str, url: str
) -> None:
    assert address_url(address) == url
    assert address_url(url.replace("wss://", "ws://"), secure=False) == url.replace("wss", "ws")


def test_plain_ws_only_with_insecure_and_wss_never_with_it() -> None:
    with pytest.raises(JoinError, match="is not encrypted: add --insecure"):
        address_url("ws://example.org:1/")
    with pytest.raises(JoinError, match="is encrypted: leave out --insecure"):
        address_url("wss://example.org:1/", secure=False)


def test_an_address_with_a_path_is_refused() -> None:
    with pytest.raises(JoinError):
        address_url("example.org/uno")


def test_serving_on_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert "serve: cannot listen there (address already in use)" in err
    assert "Traceback" not in err


def test_hosting_on_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["host", "--players", "Ann:remote,Bo:easy", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert "host: cannot listen there" in err and "Traceback" not in err
