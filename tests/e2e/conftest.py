"""End-to-end: the real server in a subprocess, Debian's Chromium driven by Python Playwright.

Skipped (with the reason) when chromium or playwright is missing. Never runs `playwright install`.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

try:
    import playwright.sync_api  # noqa: F401
    HAVE_PLAYWRIGHT = True
except ImportError:
    HAVE_PLAYWRIGHT = False

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install -y chromium)"),
    pytest.mark.skipif(not HAVE_PLAYWRIGHT, reason="python playwright is not installed (pip install playwright; never `playwright install`)"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`ui.app.serve` on a free port with a fresh save file, in its own process."""

    def __init__(self, db: Path, seed: int = 4, extra: str = ""):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        code = f"from ui.app import serve; serve({str(db)!r}, port={self.port}, seed={seed}{extra})"
        env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1", "PYTHONPATH": str(ROOT)}
        env.pop("DISPLAY", None)
        self.log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)
        self.started = time.monotonic()
        self.process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.wait_ready()

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("the server died:\n" + Path(self.log.name).read_text())
            try:
                with urllib.request.urlopen(self.url, timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer:\n" + Path(self.log.name).read_text())

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def open_page(browser, url: str, width: int = 800, height: int = 480):
    """A page at 800×480 with Flutter's accessibility tree switched on."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=30_000)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30_000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("flt-semantics-host flt-semantics", state="attached", timeout=30_000)
    return page


def host(page):
    return page.locator("flt-semantics-host")


def visible_text(page) -> str:
    """Every label and text of the accessibility tree."""
    return page.evaluate("""() => {
        const host = document.querySelector('flt-semantics-host');
        const parts = [];
        host.querySelectorAll('*').forEach(el => {
            const label = el.getAttribute('aria-label'); if (label) parts.push(label);
            if (el.childElementCount === 0 && el.textContent) parts.push(el.textContent);
        });
        return parts.join('\\n');
    }""")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # Playwright gives every launch a fresh temporary profile (its own user-data-dir).
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("e2e") / "games.db")
    yield s
    s.stop()
