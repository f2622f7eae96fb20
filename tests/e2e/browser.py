"""Driving the real server in Debian's Chromium: the server process, pages with Flutter's
accessibility tree on, waiting for a settled tree, tapping and typing, checking a screen drew.

One module (not the conftest, which pytest imports under another name than the tests do), so the
list of running servers is one list: a failed wait prints what they logged.

Waiting: never a fixed sleep. `wait_text` waits until the accessibility tree matches a pattern AND
has not changed for a moment (a MutationObserver installed in every document), so a text is never
read mid-render ("ob's turn" for "Bob's turn").
"""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tests.e2e.pixels import error_share

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

try:
    import playwright.sync_api  # noqa: F401
    HAVE_PLAYWRIGHT = True
except ImportError:
    HAVE_PLAYWRIGHT = False

#: how long the accessibility tree must stay unchanged to count as settled
QUIET_MS = 250


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if CHROMIUM is None:
        return "Debian's chromium is not installed (apt-get install -y chromium)"
    if not HAVE_PLAYWRIGHT:
        return "python playwright is not installed (pip install playwright; never `playwright install`)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


RUNNING: list[Server] = []


class Server:
    """`companion run` (the real composition root, every device simulated) on a free port with a
    fresh save file, in its own process. `games` adds modules to the registry (the counter test game)."""

    def __init__(self, db: Path, seed: int = 4, resume: bool = False, games: str = ""):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "entry", "run", "--db", str(db), "--port", str(self.port), "--seed", str(seed)]
        if resume:
            command.append("--resume")
        env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1", "PYTHONPATH": str(ROOT)}
        env.pop("DISPLAY", None)
        if games:
            env["COMPANION_GAMES"] = games
        handle, name = tempfile.mkstemp(suffix=".log")
        os.close(handle)
        self.log = Path(name)
        with self.log.open("w") as log:  # the server keeps its own copy of the file
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.wait_ready()
        RUNNING.append(self)

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("the server died:\n" + self.log.read_text())
            try:
                with urllib.request.urlopen(self.url, timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)  # polling a port that is not open yet; there is no event to wait for
        raise RuntimeError("the server did not answer:\n" + self.log.read_text())

    def output(self) -> str:
        return self.log.read_text()

    def said(self, lines: int = 30) -> str:
        """The end of what the server logged, without the request lines."""
        return "\n".join([line for line in self.output().splitlines() if '" 200' not in line and '" 304' not in line][-lines:])

    def stop(self) -> None:
        if self in RUNNING:
            RUNNING.remove(self)
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


# Installed in every document before Flutter starts (again after a reload): the time of the last change.
_WATCH_CHANGES = """
window.__lastChange = performance.now();
new MutationObserver(() => { window.__lastChange = performance.now(); })
    .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""

_TREE_TEXT = """
() => {
    const host = document.querySelector('flt-semantics-host');
    if (!host) return '';
    const parts = [];
    host.querySelectorAll('*').forEach(el => {
        const label = el.getAttribute('aria-label'); if (label) parts.push(label);
        if (el.childElementCount === 0 && el.textContent) parts.push(el.textContent);
    });
    return parts.join('\\n');
}
"""


def open_page(browser, url: str, width: int = 800, height: int = 480, before=None):
    """A page at 800×480 with Flutter's accessibility tree switched on; `before(page)` runs before
    it loads (to listen to its websocket from the first frame)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script(_WATCH_CHANGES)
    if before is not None:
        before(page)
    page.goto(url)
    enable_semantics(page)
    return page


def enable_semantics(page) -> None:
    """Wait for Flutter's first frame, then switch its accessibility tree on (again after a reload)."""
    page.wait_for_selector("#loading", state="detached", timeout=30_000)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30_000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("flt-semantics-host flt-semantics", state="attached", timeout=30_000)


def reload(page) -> None:
    page.reload()
    enable_semantics(page)


def host(page):
    return page.locator("flt-semantics-host")


def visible_text(page) -> str:
    """Every label and text of the accessibility tree."""
    return page.evaluate(_TREE_TEXT)


def wait_text(page, pattern: str, timeout: float = 20.0, absent: str | None = None) -> str:
    """Wait until the accessibility tree matches `pattern` (a JavaScript regular expression, `m`
    flag: ^ and $ match at each line), shows nothing matching `absent`, and has settled; returns its text."""
    try:
        page.wait_for_function(
            f"""([pattern, absent, quiet]) => {{
                const text = ({_TREE_TEXT})();
                return new RegExp(pattern, 'm').test(text) && !(absent && new RegExp(absent, 'm').test(text))
                    && performance.now() - window.__lastChange > quiet;
            }}""",
            arg=[pattern, absent, QUIET_MS], polling=50, timeout=timeout * 1000)
    except Exception as exc:
        servers = "\n".join(server.said() for server in RUNNING)
        raise AssertionError(f"{pattern!r} (without {absent!r}) never appeared; the page shows:\n{visible_text(page)}"
                             f"\n-- the server said:\n{servers}") from exc
    return visible_text(page)


def settled(page, timeout: float = 20.0) -> str:
    """The accessibility tree's text once it shows something and nothing has changed for a moment."""
    return wait_text(page, r"\S", timeout)


SHOTS = ROOT / "docs" / "screenshots" if os.environ.get("UI_SCREENSHOTS") else None


def shot(page, name: str) -> None:
    """The screen drew (no error box); with UI_SCREENSHOTS=1, a picture of it for docs/screenshots/."""
    assert_drawn(page, name)
    if SHOTS is not None:
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def assert_drawn(page, what: str) -> None:
    """Flutter drew the screen: no part of it is its grey error box (a layout it could not draw)."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")  # painted, not only built
    share = error_share(page.screenshot())
    assert share < 0.02, f"{what}: {share:.0%} of the screen is Flutter's error grey (a layout it could not draw)"


def tap(page, name: str | re.Pattern, exact: bool = True) -> None:
    host(page).get_by_role("button", name=name, exact=exact).first.click()


def type_into(page, field: str, value: str) -> None:
    """Type `value` into the text field labelled `field`, and see it arrive. Flutter moves the focus
    to the field's <input> a moment after the click; keys typed before that are lost (seen under
    load as "b" for "Bob"), so wait for the focus first, and type again if the value is not there."""
    for _attempt in range(3):
        host(page).get_by_role("textbox", name=field).click()
        page.wait_for_function("label => document.activeElement && document.activeElement.getAttribute('aria-label') === label",
                               arg=field, polling=50, timeout=20_000)
        page.keyboard.press("Control+A")
        page.keyboard.type(value)
        try:
            page.wait_for_function("([label, value]) => document.activeElement.getAttribute('aria-label') === label"
                                   " && document.activeElement.value === value", arg=[field, value], polling=50, timeout=5_000)
            return
        except Exception:
            continue
    raise AssertionError(f"could not type {value!r} into {field!r}")
