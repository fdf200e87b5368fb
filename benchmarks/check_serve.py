"""Check ``uno-tui serve`` in a real browser: headless Chromium opens the page, the app's
first output must reach it (textual-serve marks the page ``-first-byte``), and a screenshot is
kept to look at.

    python benchmarks/check_serve.py [--chromium chromium] [--out serve.png] [-- ARGS...]

ARGS are what each page runs after ``uno-tui`` (default: the app's setup screen). Everything
runs on 127.0.0.1, and both processes are stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_http(url: str, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                return str(answer.read().decode("utf-8", "replace"))
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


async def look(debug_port: int, page_url: str, out: Path, timeout: float) -> bool:
    targets = json.loads(wait_http(f"http://127.0.0.1:{debug_port}/json", 20))
    page = next(t for t in targets if t.get("type") == "page")
    async with connect(page["webSocketDebuggerUrl"], max_size=None) as cdp:
        counter = 0

        async def call(method: str, **params: object) -> dict[str, object]:
            nonlocal counter
            counter += 1
            await cdp.send(json.dumps({"id": counter, "method": method, "params": params}))
            while True:
                reply = json.loads(await cdp.recv())
                if reply.get("id") == counter:
                    result: dict[str, object] = reply.get("result", {})
                    return result

        await call("Page.navigate", url=page_url)
        deadline = time.monotonic() + timeout
        arrived = False
        while time.monotonic() < deadline and not arrived:
            await asyncio.sleep(0.5)
            result = await call(
                "Runtime.evaluate",
                expression="document.body && document.body.classList.contains('-first-byte')",
                returnByValue=True,
            )
            value = result.get("result")
            arrived = isinstance(value, dict) and value.get("value") is True
        await asyncio.sleep(3)  # the app's first screen, drawn
        shot = await call("Page.captureScreenshot", format="png")
        out.write_bytes(base64.b64decode(str(shot["data"])))
        return arrived


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--out", type=Path, default=Path("serve.png"))
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("app_args", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    port, debug_port = free_port(), free_port()
    home = tempfile.mkdtemp(prefix="uno-serve-")
    env = {
        **os.environ,
        "UNO_TUI_DATA_DIR": f"{home}/data",
        "UNO_TUI_CONFIG_DIR": f"{home}/config",
        "XDG_CONFIG_HOME": f"{home}/config",
    }
    app_args = [a for a in args.app_args if a != "--"]
    serve = subprocess.Popen(
        [sys.executable, "-m", "uno_tui", "serve", "--port", str(port), "--", *app_args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own group: the pages' app processes are stopped with it
    )
    browser = None
    try:
        page_url = f"http://127.0.0.1:{port}/"
        html = wait_http(page_url, 30)
        print(f"page served: {len(html)} bytes, textual-serve's script: {'textual.js' in html}")
        browser = subprocess.Popen(
            [
                args.chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                f"--user-data-dir={home}/chromium",
                f"--remote-debugging-port={debug_port}",
                "--window-size=1100,700",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        arrived = asyncio.run(look(debug_port, page_url, args.out, args.timeout))
        print(f"the app's output reached the page: {arrived}; screenshot: {args.out}")
        return 0 if arrived else 1
    finally:
        if browser is not None:
            browser.terminate()
            try:
                browser.wait(10)
            except subprocess.TimeoutExpired:
                browser.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(serve.pid, signal.SIGTERM)  # serve and the app each page started
        try:
            serve.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(serve.pid, signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main())
