"""``uno-tui serve``'s guard, on the loopback address: a WebSocket from another origin is
refused and starts nothing, pages at once are capped (and told so on their own screen), each
page gets its own data directory, and the serving terminal gets short lines only."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from uno_tui.net.serving import COOKIE, GuardedServer, PageService, own_origin

PAGE = f"{sys.executable} -c 'import sys; sys.stdin.buffer.read(1)'"
"""A page's process that ends at the first byte the server sends it (its quit)."""


@contextlib.asynccontextmanager
async def serving(
    lines: list[str], kept_root: Path | None = None, **caps: int
) -> AsyncIterator[tuple[GuardedServer, int]]:
    kept_root = kept_root or Path(tempfile.mkdtemp(prefix="uno-serve-kept-"))
    server = GuardedServer(
        PAGE, host="127.0.0.1", port=0, say=lines.append, kept_root=kept_root, **caps
    )
    server.initialize_logging()
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield server, port
    finally:
        await asyncio.wait_for(runner.cleanup(), 20)


async def page(port: int, origin: str | None = None, cookie: str | None = None) -> ClientConnection:
    origin = origin or f"http://127.0.0.1:{port}"
    headers = {} if cookie is None else {"Cookie": f"{COOKIE}={cookie}"}
    return await connect(
        f"ws://127.0.0.1:{port}/ws",
        origin=origin,  # type: ignore[arg-type]
        open_timeout=10,
        additional_headers=headers,
    )


def test_an_origin_is_the_pages_own_only_with_the_same_host_and_an_address_or_local_name() -> None:
    assert own_origin("http://127.0.0.1:8000", "127.0.0.1:8000", "127.0.0.1")
    assert own_origin("http://localhost:8000", "localhost:8000", "127.0.0.1")
    assert not own_origin("http://evil.example", "127.0.0.1:8000", "127.0.0.1")
    assert not own_origin(None, "127.0.0.1:8000", "127.0.0.1")
    assert not own_origin("http://127.0.0.1:9999", "127.0.0.1:8000", "127.0.0.1")
    # A foreign name pointed at this machine (DNS rebinding) is not its own.
    assert not own_origin("http://evil.example:8000", "evil.example:8000", "0.0.0.0")


async def test_a_websocket_from_another_origin_is_refused_and_starts_no_process() -> None:
    lines: list[str] = []
    async with serving(lines) as (server, port):
        for _ in range(6):
            with pytest.raises(InvalidStatus) as refused:
                await page(port, "http://evil.example")
            assert refused.value.response.status_code == 403
        assert server.pages == {}
    assert len(lines) == 1 and "another origin" in lines[0], lines


async def test_pages_at_once_are_capped_per_address_and_the_one_refused_is_told() -> None:
    lines: list[str] = []
    async with serving(lines, max_pages=5, max_pages_per_address=2) as (server, port):
        opened = [await page(port), await page(port)]
        async with asyncio.timeout(10):
            while sum(server.pages.values()) < 2:
                await asyncio.sleep(0.02)
        late = await page(port)
        told = await asyncio.wait_for(late.recv(), 10)
        assert isinstance(told, bytes) and b"from your address" in told
        for ws in opened:
            await ws.close()
        async with asyncio.timeout(20):
            while server.pages:
                await asyncio.sleep(0.05)
    assert sum("A page opened from 127.0.0.1" in line for line in lines) == 2
    assert any("refused" in line for line in lines)


async def test_pages_at_once_are_capped_in_all() -> None:
    lines: list[str] = []
    async with serving(lines, max_pages=1, max_pages_per_address=5) as (server, port):
        first = await page(port)
        async with asyncio.timeout(10):
            while not server.pages:
                await asyncio.sleep(0.02)
        late = await page(port)
        told = await asyncio.wait_for(late.recv(), 10)
        assert isinstance(told, bytes) and b"on this server" in told
        await first.close()


def test_a_page_runs_with_a_data_directory_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_TUI_DATA_DIR", "/the/serving/users/own")
    service = PageService(PAGE, write_bytes=None, write_str=None, close=None, download_manager=None)
    try:
        environment = service._build_environment()
        assert environment["UNO_TUI_DATA_DIR"] == service.data != "/the/serving/users/own"
        assert environment["UNO_TUI_CONFIG_DIR"] == service.data
    finally:
        service.remove_data()


async def test_malformed_requests_and_controls_in_headers_come_out_as_short_lines() -> None:
    """textual-serve would log two lines a request, a traceback with its locals for a
    malformed one, and a User-Agent's C1 controls raw."""
    lines: list[str] = []
    requests = [
        b"\x16\x03\x01\x02\x00 not HTTP at all\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: a\x9b2J\x1b]0;title\x07b\r\n\r\n",
        b"GET /\x9b\x1b[2J HTTP/1.1\r\nHost: \x9b\r\n\r\n",
        b"GET / HTTP/1.1\r\nX: " + b"a" * 20_000 + b"\r\n\r\n",
        b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: x\r\nUser-Agent: \x9b2J\r\n\r\n",
    ]
    async with serving(lines) as (server, port):
        for request in requests * 3:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request)
            with contextlib.suppress(OSError, TimeoutError):
                answer = await asyncio.wait_for(reader.read(1 << 16), 10)
                assert answer.startswith(b"HTTP/1.")  # answered, not dropped
            writer.close()
        assert server.pages == {}
    assert lines, "the malformed requests are told"
    assert len(lines) <= 4, lines  # counted, not a line (or 53) a request
    for line in lines:
        assert "Traceback" not in line and len(line) <= 160, line
        assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in line), line


async def test_a_reloaded_page_finds_its_browsers_kept_directory_and_no_other(
    tmp_path: Path,
) -> None:
    """The page sets a cookie of its own; a page opened again with it (a reload) runs in
    the same kept directory, where the seat's token waits for ``uno-tui join HOST``; a page
    without it gets a directory removed after it."""
    lines: list[str] = []
    async with (
        serving(lines, kept_root=tmp_path) as (server, port),
        aiohttp.ClientSession() as browser,
    ):
        async with browser.get(f"http://127.0.0.1:{port}/") as index:
            assert index.status == 200
            cookie = index.cookies[COOKIE]
            assert cookie["httponly"] and cookie["samesite"] == "Strict"
        for _ in range(2):  # the page, then the page reloaded
            ws = await page(port, cookie=cookie.value)
            async with asyncio.timeout(10):
                while not server.pages:
                    await asyncio.sleep(0.02)
            (kept,) = tmp_path.iterdir()
            (kept / "joined-seats.json").touch()
            await ws.close()
            async with asyncio.timeout(20):
                while server.pages:
                    await asyncio.sleep(0.05)
        assert [path.name for path in tmp_path.iterdir()] == [kept.name]
        assert (kept / "joined-seats.json").exists() and kept.stat().st_mode & 0o077 == 0
        stranger = await page(port)  # no cookie: nothing kept
        async with asyncio.timeout(10):
            while not server.pages:
                await asyncio.sleep(0.02)
        await stranger.close()
        async with asyncio.timeout(20):
            while server.pages:
                await asyncio.sleep(0.05)
        assert [path.name for path in tmp_path.iterdir()] == [kept.name]
