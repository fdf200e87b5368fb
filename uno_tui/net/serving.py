"""``uno-tui serve``: textual-serve's server, guarded. Every WebSocket to ``/ws`` starts an app
process, so:

- an upgrade is refused unless its ``Origin`` is the page's own (the ``Host`` it was asked
  for, by an address or ``localhost``, not a name a foreign page could point here): another
  web page open in a browser on this machine cannot start processes and type into them;
- pages running at once are capped, in all and per address, and a page refused is told why
  on its own screen;
- each page runs with a data directory of its own, made for it and removed after it: a
  visitor never sees (or sets aside) the serving user's saved match or setup;
- the serving terminal gets one short line a page, and whatever the web server would log
  (a malformed request, a failed handler) as one short counted line, client text escaped
  like everything else (``protocol.clean_text``), never a traceback.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import shutil
import socket
import ssl
import tempfile
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from uno_tui.store.files import ENV_DATA_DIR

from .admission import Tally
from .protocol import clean_text

ENV_CONFIG_DIR = "UNO_TUI_CONFIG_DIR"
"""Where the app remembers its setup (``uno_tui.tui.table_setup`` reads it)."""
MAX_PAGES = 8
"""Pages running at once (each an app process of about 44 MB) ..."""
MAX_PAGES_PER_ADDRESS = 3
"""... and from one address."""
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.data = tempfile.mkdtemp(prefix="uno-tui-page-")

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment[ENV_DATA_DIR] = environment[ENV_CONFIG_DIR] = self.data
        return environment

    def remove_data(self) -> None:
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
    ) -> None:
        super().__init__(command, host=host, port=port, title="uno-tui")
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
        return await super().handle_index(request)

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
