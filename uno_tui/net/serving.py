"""``uno-tui serve``: textual-serve's server, guarded. Every WebSocket to ``/ws`` starts an app
process, so:

- an upgrade is refused unless its ``Origin`` is the page's own (the ``Host`` it was asked
  for, by an address or ``localhost``, not a name a foreign page could point here): another
  web page open in a browser on this machine cannot start processes and type into them;
- pages running at once are capped, in all and per address, and a page refused is told why
  on its own screen;
- each page runs with a data directory of its own: a visitor never sees (or sets aside) the
  serving user's saved match or setup. It is kept for the browser that opened the page (a
  random cookie of its own, HttpOnly, names it; a day at most), so a page reloaded (the tab
  closed by mistake, a dropped network) finds its seat's token there and ``uno-tui join
  HOST`` takes the seat again; a page without the cookie gets a directory removed after it;
- the serving terminal gets one short line a page, and whatever the web server would log
  (a malformed request, a failed handler) as one short counted line, client text escaped
  like everything else (``wire.clean_text``), never a traceback.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import logging
import os
import re
import secrets
import shutil
import socket
import ssl
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from uno_tui.store.files import ENV_DATA_DIR, data_dir

from .admission import Tally
from .wire import clean_text

ENV_CONFIG_DIR = "UNO_TUI_CONFIG_DIR"
"""Where the app remembers its setup (``uno_tui.tui.table_setup`` reads it)."""
MAX_PAGES = 8
"""Pages running at once (each an app process of about 44 MB) ..."""
MAX_PAGES_PER_ADDRESS = 3
"""... and from one address."""
COOKIE = "uno_tui_page"
"""The browser's own key to its kept data directory (its seat's tokens, its setup)."""
COOKIE_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")
KEPT_SECONDS = 86_400
"""How long a browser's directory is kept after its last page."""
KEPT_MOST = 200
"""Browsers' directories kept at most (the oldest removed first)."""
LOGGERS = ("aiohttp", "textual-serve", "asyncio")


def own_origin(origin: str | None, host: str | None, bind: str) -> bool:
    """Whether a WebSocket's ``Origin`` is the page's own: the same host and port as the
    ``Host`` asked for, which is an address, ``localhost``, this machine's name or the one
    bound (a foreign name resolving here, DNS rebinding, is not)."""
    if not origin or not host:
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
        return False
    name = (urlsplit(f"//{host}").hostname or "").lower()
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(name)
        return True
    return name in {"localhost", socket.gethostname().lower(), bind.lower()}


class PageService(AppService):
    """An app process with a data directory of its own (and its setup there)."""

    def __init__(self, *args: Any, kept: Path | None = None, **kwargs: Any) -> None:
        """``kept``: the browser's own directory, kept after the page (else a new one,
        removed after it)."""
        super().__init__(*args, **kwargs)
        self.kept = kept is not None
        if kept is not None:
            kept.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.utime(kept)  # its last page: kept a day from now
            self.data = str(kept)
        else:
            self.data = tempfile.mkdtemp(prefix="uno-tui-page-")

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment[ENV_DATA_DIR] = environment[ENV_CONFIG_DIR] = self.data
        return environment

    def remove_data(self) -> None:
        if not self.kept:
            shutil.rmtree(self.data, ignore_errors=True)


class GuardedServer(Server):
    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        say: Callable[[str], None] = print,
        max_pages: int = MAX_PAGES,
        max_pages_per_address: int = MAX_PAGES_PER_ADDRESS,
        tls: ssl.SSLContext | None = None,
        kept_root: Path | None = None,
    ) -> None:
        super().__init__(command, host=host, port=port, title="uno-tui")
        self.kept_root = kept_root or data_dir() / "serve-pages"
        """Where each browser's page directory is kept (``COOKIE``)."""
        self.tls = tls
        """Serve ``https://`` (and ``wss://``) with this context; ``None``: plain ``http://``."""
        self.say = say
        self.tally = Tally(say)
        self.max_pages, self.max_pages_per_address = max_pages, max_pages_per_address
        self.pages: dict[str, int] = {}
        """Pages running, per address."""

    def initialize_logging(self) -> None:
        """What the web server logs comes out as one short, escaped, counted line."""
        tally = self.tally

        class Short(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                text = clean_text(record.getMessage().split("\n")[0])[:100] or "an error"
                tally.note(f"Web server: {text}", f"times: Web server: {text}", "clients")

        for name in LOGGERS:
            logger = logging.getLogger(name)
            logger.handlers[:] = [Short(logging.WARNING)]
            logger.propagate = False
            logger.setLevel(logging.WARNING)

    async def handle_index(self, request: web.Request) -> Any:
        """The page, its links and its WebSocket's address on the name and port it was asked
        for, in its scheme (the bound address, ``0.0.0.0`` say, is nowhere to connect to)."""
        self.public_url = f"{'https' if self.tls else 'http'}://{request.host}"
        response = await super().handle_index(request)
        if not COOKIE_SHAPE.fullmatch(request.cookies.get(COOKIE, "")):
            response.set_cookie(
                COOKIE,
                secrets.token_urlsafe(32),
                max_age=KEPT_SECONDS,
                httponly=True,
                samesite="Strict",
                secure=self.tls is not None,
            )
        return response

    def kept_for(self, request: web.Request) -> Path | None:
        """The directory kept for the browser the request came from (``None`` without
        its cookie); the oldest and the stale ones of other browsers removed."""
        cookie = request.cookies.get(COOKIE, "")
        if not COOKIE_SHAPE.fullmatch(cookie):
            return None
        with contextlib.suppress(OSError):
            kept = sorted(self.kept_root.iterdir(), key=lambda path: path.stat().st_mtime)
            now = time.time()
            for number, path in enumerate(kept):
                if len(kept) - number >= KEPT_MOST or now - path.stat().st_mtime > KEPT_SECONDS:
                    shutil.rmtree(path, ignore_errors=True)
        return self.kept_root / hashlib.sha256(cookie.encode()).hexdigest()[:32]

    async def on_startup(self, app: web.Application) -> None:
        """Nothing more to say: ``uno-tui serve`` said where it serves and what it exposes
        (textual-serve's banner would name the bound address, over http, whatever the TLS)."""

    def serve(self, debug: bool = False) -> None:
        """textual-serve's ``serve``, with TLS when a context is given."""
        self.debug = debug
        self.initialize_logging()
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            ssl_context=self.tls,
            handle_signals=True,
            print=lambda *args: None,
        )

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        address = clean_text(request.remote or "an unknown address")
        if not own_origin(request.headers.get("Origin"), request.host, self.host):
            origin = clean_text(request.headers.get("Origin", "none"))[:60]
            self.tally.note(
                f"A page from another origin ({origin}) refused",
                "pages from another origin refused",
                address,
            )
            raise web.HTTPForbidden(text="uno-tui: this page may only be opened from its own site")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        await websocket.prepare(request)
        running = sum(self.pages.values())
        if running >= self.max_pages or self.pages.get(address, 0) >= self.max_pages_per_address:
            self.tally.note("A page refused (too many open)", "pages refused", address)
            why = "from your address" if running < self.max_pages else "on this server"
            await _tell(websocket, f"uno-tui: as many pages are open {why} as it takes; try later.")
            return websocket
        self.pages[address] = self.pages.get(address, 0) + 1
        self.say(f"A page opened from {address} ({running + 1} open).")
        service: PageService | None = None
        try:
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            service = PageService(
                self.command,
                kept=self.kept_for(request),
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await service.start(max(10, min(width, 500)), max(5, min(height, 200)))
            try:
                await self._process_messages(websocket, service)
            finally:
                await service.stop()
        except Exception as error:  # a client's doing: one short line, no traceback
            self.tally.note(f"A page failed ({type(error).__name__})", "pages failed", address)
        finally:
            self.pages[address] -= 1
            if not self.pages[address]:
                del self.pages[address]
            if service is not None:
                service.remove_data()
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket


async def _tell(websocket: web.WebSocketResponse, text: str) -> None:
    """Show ``text`` on the page's terminal, then close."""
    with contextlib.suppress(Exception):
        await websocket.send_bytes(f"\r\n{text}\r\n".encode())
        await websocket.close()
