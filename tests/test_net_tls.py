"""Encrypted by default: the host's certificate is made once and kept (its key the user's
alone), a guest pins it by the short fingerprint the host prints, and a certificate that is
not the pinned one is refused with a clear sentence before any game data crosses (not even
the WebSocket's HTTP upgrade). Plain ``ws://`` only when both sides say ``--insecure``."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import stat
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from uno_tui.match.session import Seat
from uno_tui.net import tls
from uno_tui.net.client import HostConnection

from .net_helpers import certificate, hosting, secure
from .plain_driver import PlainProcess, answer_for
from .test_net_processes import free_port

TABLE = (Seat("Ann"), Seat("Cy", "random"))


# The certificate ------------------------------------------------------------------------------


def test_the_certificate_is_made_once_and_kept_with_its_key_readable_by_the_user_alone(
    tmp_path: Path,
) -> None:
    first = tls.host_certificate(tmp_path)
    assert stat.S_IMODE(os.stat(first.key_path).st_mode) == 0o600
    again = tls.host_certificate(tmp_path)
    assert again.der == first.der and again.fingerprint == first.fingerprint
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}", first.fingerprint)
    assert len(first.sha256.split(":")) == 32
    first.key_path.chmod(0o644)  # loosened by hand: tightened again when read
    tls.host_certificate(tmp_path)
    assert stat.S_IMODE(os.stat(first.key_path).st_mode) == 0o600


def test_unusable_certificate_files_are_one_line_saying_what_to_remove(tmp_path: Path) -> None:
    made = tls.host_certificate(tmp_path)
    made.cert_path.write_text("not a certificate")
    with pytest.raises(tls.CertificateError, match=r"remove host-cert\.pem and host-key\.pem"):
        tls.host_certificate(tmp_path)
    other = tls.host_certificate(tmp_path / "other")
    made.cert_path.write_bytes(other.cert_path.read_bytes())  # another key's certificate
    with pytest.raises(tls.CertificateError, match="is not the key of"):
        tls.host_certificate(tmp_path)


def test_a_typed_fingerprint_ignores_case_dashes_and_reads_o_i_l_as_digits() -> None:
    der = certificate().der
    shown = tls.short_fingerprint(der)
    assert tls.matches(der, shown.lower().replace("-", " "))
    assert tls.matches(der, shown.replace("0", "O").replace("1", "l"))
    other = "0000-0000-0000-0000" if shown != "0000-0000-0000-0000" else "1111-1111-1111-1111"
    assert not tls.matches(der, other)
    for bad in ("", "ABCD", "U" * 16, "4F2K-9QXB-ZC7M-H0TD-EXTRA"):
        with pytest.raises(ValueError, match="is not a fingerprint"):
            tls.normal_fingerprint(bad)


# Pinning, on the wire -------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def recording_tls_server() -> AsyncIterator[tuple[int, list[bytes]]]:
    """A TLS server with the test certificate that keeps every byte it receives after the
    handshake (and answers nothing)."""
    received: list[bytes] = []

    async def keep(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, asyncio.IncompleteReadError, ConnectionError):
            while data := await reader.read(4096):
                received.append(data)
        writer.close()

    server = await asyncio.start_server(
        keep, "127.0.0.1", 0, ssl=certificate().server_context(), ssl_handshake_timeout=5
    )
    try:
        yield server.sockets[0].getsockname()[1], received
    finally:
        server.close()


async def closed_reason(table: HostConnection, seconds: float = 15) -> str:
    await table.until(lambda state: state.closed is not None, seconds)
    reason = table.state.closed
    await table.close()
    assert reason is not None, "the client did not give up"
    return reason


async def test_a_wrong_fingerprint_is_refused_before_a_single_byte_is_sent() -> None:
    async with recording_tls_server() as (port, received):
        wrong = "0000-0000-0000-0000"
        if tls.matches(certificate().der, wrong):
            wrong = "1111-1111-1111-1111"
        table = HostConnection(f"127.0.0.1:{port}", "K7QM-2PXA", fingerprint=wrong, retry=(0.1,))
        table.start()
        reason = await closed_reason(table)
        assert "is not the one the fingerprint names" in reason
        assert f"shown {certificate().fingerprint}" in reason
        await asyncio.sleep(0.2)
        assert received == []  # no HTTP upgrade, no hello, no code

        # The same server with the right fingerprint: the upgrade is the first thing it gets
        # (so the recorder does see what a client sends).
        right = HostConnection(
            f"127.0.0.1:{port}", "K7QM-2PXA", fingerprint=certificate().fingerprint, retry=(5,)
        )
        right.start()
        async with asyncio.timeout(10):
            while not received:
                await asyncio.sleep(0.05)
        await right.close()
        assert received[0].startswith(b"GET / HTTP/1.1")


async def test_no_fingerprint_shows_the_hosts_own_and_sends_nothing() -> None:
    async with recording_tls_server() as (port, received):
        table = HostConnection(f"127.0.0.1:{port}", "K7QM-2PXA", retry=(0.1,))
        table.start()
        reason = await closed_reason(table)
        assert f"join again with --fingerprint {certificate().fingerprint}" in reason
        await asyncio.sleep(0.2)
        assert received == []


async def test_plain_and_encrypted_sides_that_do_not_agree_say_so() -> None:
    async with hosting(TABLE, (0,), options=secure()) as host:
        table = HostConnection(f"127.0.0.1:{host.port}", host.codes.seats[0], insecure=True)
        table.start()
        reason = await closed_reason(table)
        assert "it is probably encrypted; leave out --insecure" in reason
    async with hosting(TABLE, (0,)) as host:  # a host started with --insecure
        fingerprint = certificate().fingerprint
        table = HostConnection(
            f"127.0.0.1:{host.port}", host.codes.seats[0], fingerprint=fingerprint
        )
        table.start()
        reason = await closed_reason(table)
        assert "the host does not speak TLS: if it was started with --insecure" in reason


async def test_a_pinned_client_is_welcomed_and_its_actions_reach_the_host() -> None:
    async with hosting(TABLE, (0,), options=secure()) as host:
        table = HostConnection(
            f"127.0.0.1:{host.port}", host.codes.seats[0], fingerprint=certificate().fingerprint
        )
        table.start()
        try:
            welcome = await table.welcome()
            assert welcome.seat == 0
            view = table.view
            assert sorted(view.hand, key=str) == sorted(host.game.view(0).hand, key=str)
        finally:
            await table.close()


# The browser page ------------------------------------------------------------------------------


async def test_serve_speaks_https_with_the_hosts_certificate_and_points_the_page_at_wss() -> None:
    import ssl

    import aiohttp
    from aiohttp import web

    from uno_tui.net.serving import GuardedServer

    server = GuardedServer(
        "true", host="0.0.0.0", port=0, say=lambda line: None, tls=certificate().server_context()
    )
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=server.tls)
    await site.start()
    port = runner.addresses[0][1]
    try:
        context = tls.pinning_context()
        async with (
            aiohttp.ClientSession() as client,
            client.get(f"https://127.0.0.1:{port}/", ssl=context) as response,
        ):
            assert response.status == 200
            page = await response.text()
        # The page's WebSocket: wss, on the name and port asked for (not the bound 0.0.0.0).
        assert f"wss://127.0.0.1:{port}/ws" in page and "0.0.0.0" not in page
        _, writer = await asyncio.open_connection("127.0.0.1", port, ssl=context)
        ssl_object = writer.get_extra_info("ssl_object")
        assert isinstance(ssl_object, ssl.SSLObject)
        der = ssl_object.getpeercert(binary_form=True)
        assert der is not None and tls.matches(der, certificate().fingerprint)
        writer.close()
    finally:
        await asyncio.wait_for(runner.cleanup(), 20)


# Real processes -------------------------------------------------------------------------------


def test_real_processes_a_wrong_fingerprint_is_refused_and_the_right_one_plays(
    data_dir: Path, tmp_path: Path
) -> None:
    port = free_port()
    args = ["host", "--port", str(port), "--players", "Ann:remote,Cy:random", "--target", "1"]
    args += ["--bot-pause", "0"]  # the bot at once: the test is about the pin, not the pace
    host = PlainProcess([*args, "--seed", "3"], data_dir)
    started: list[PlainProcess] = [host]
    try:
        line = ""
        while not line.startswith("Ann: "):
            got = host._lines.get(timeout=30)
            assert got is not None, f"the host ended: {host.stderr}"
            host.output.append(got)
            line = got
        found = re.fullmatch(r"Ann: uno-tui join (\S+) --code (\S+) --fingerprint (\S+)", line)
        assert found, line
        address, code, fingerprint = found.groups()
        assert fingerprint == tls.host_certificate(data_dir).fingerprint
        key_mode = stat.S_IMODE(os.stat(data_dir / tls.KEY_NAME).st_mode)
        assert key_mode == 0o600

        wrong = fingerprint[::-1]
        join = ["join", address, "--code", code, "--plain"]
        refused = PlainProcess([*join, "--fingerprint", wrong], tmp_path / "guest")
        started.append(refused)
        assert refused.wait(timeout=30) == 1
        said = "\n".join(refused.output)
        assert "Cannot join: the host's certificate is not the one the fingerprint names" in said
        assert "nothing was sent" in said

        ann = PlainProcess([*join, "--fingerprint", fingerprint.lower()], tmp_path / "guest")
        started.append(ann)
        rng = random.Random(1)
        with contextlib.suppress(EOFError):
            while True:
                ann.send(answer_for(ann.next_prompt(timeout=60), rng))
        assert ann.wait(timeout=30) == 0
        assert any("win" in line for line in ann.output[-10:]), ann.output[-10:]
        assert host.wait(timeout=30) == 0
        assert "wrong code" not in "\n".join(host.output).lower()  # the refused one sent none
    finally:
        for process in started:
            process.close()
