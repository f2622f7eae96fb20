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


def save_game(db: Path, *requests: dict, game_id: str = "bigbang", seed: int = 4) -> Path:
    """A save file holding one game of `game_id`, started and played with `requests` (for `Server(db, resume=True)`)."""
    from companion.registry import get_game
    from companion.session import Session
    from companion.store import EventStore

    store = EventStore(db)
    try:
        with Session.new(get_game(game_id), store, seed=seed) as session:
            for request in requests:
                session.apply(request)
    finally:
        store.close()
    return db


class Server:
    """`companion run` (the real composition root, every device simulated) on a free port with a
    fresh save file, in its own process. `games` adds modules to the registry (the counter test game);
    `hardware` is a hardware config TOML (default: everything simulated with its defaults); `lan`: phones
    may join from the network (`--lan`); `port`: a given one (a restart on the same address)."""

    def __init__(self, db: Path, seed: int = 4, resume: bool = False, games: str = "", hardware: Path | None = None,
                 lan: bool = False, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "entry", "run", "--db", str(db), "--port", str(self.port), "--seed", str(seed)]
        if resume:
            command.append("--resume")
        if lan:
            command.append("--lan")
        if hardware is not None:
            command += ["--hardware", str(hardware)]
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
WATCH_CHANGES = """
window.__lastChange = performance.now();
new MutationObserver(() => { window.__lastChange = performance.now(); })
    .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
window.__said = [];  // what the page itself complained of, for a failing wait's message
for (const level of ['error', 'warn']) {
    const original = console[level].bind(console);
    console[level] = (...args) => { window.__said.push(level + ': ' + args.join(' ')); original(...args); };
}
window.addEventListener('error', e => window.__said.push('uncaught: ' + e.message));
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
    page.add_init_script(WATCH_CHANGES)
    if before is not None:
        before(page)
    page.goto(url)
    enable_semantics(page)
    return page


def open_in(context, url: str, before=None):
    """Like `open_page`, in a browser context of one's own (its viewport, its request routing)."""
    page = context.new_page()
    page.add_init_script(WATCH_CHANGES)
    if before is not None:
        before(page)
    page.goto(url)
    enable_semantics(page)
    return page


def enable_semantics(page, timeout: float = 30.0) -> None:
    """Wait for Flutter's first frame, then switch its accessibility tree on (again after a reload)."""
    page.wait_for_selector("#loading", state="detached", timeout=timeout * 1000)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=timeout * 1000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("flt-semantics-host flt-semantics", state="attached", timeout=timeout * 1000)


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
        said = page.evaluate("(window.__said || []).slice(-20).join('\\n')")
        raise AssertionError(f"{pattern!r} (without {absent!r}) never appeared; the page shows:\n{visible_text(page)}"
                             f"\n-- the browser said:\n{said}\n-- the server said:\n{servers}") from exc
    return visible_text(page)


def wait_change(page, before: str, ready: str | None = None, timeout: float = 20.0) -> str:
    """Wait until the accessibility tree no longer reads `before` (a `visible_text` taken before the
    tap), shows the CSS selector `ready` when given, and has settled; returns its text. For screens
    whose words are not known in advance (any language)."""
    try:
        page.wait_for_function(
            f"""([before, ready, quiet]) => {{
                const text = ({_TREE_TEXT})();
                return text !== before && (!ready || document.querySelector(ready) !== null)
                    && performance.now() - window.__lastChange > quiet;
            }}""",
            arg=[before, ready, QUIET_MS], polling=50, timeout=timeout * 1000)
    except Exception as exc:
        servers = "\n".join(server.said() for server in RUNNING)
        raise AssertionError(f"the page never changed (to show {ready!r}); it shows:\n{visible_text(page)}"
                             f"\n-- the server said:\n{servers}") from exc
    return visible_text(page)


def keyed(page, key: str):
    """The control the app marked with `key` (ui/widgets/common.py's keyed(): Flutter's semantics identifier)."""
    return host(page).locator(f'[flt-semantics-identifier="{key}"]').first


def tap_key(page, key: str, ready: str | None = None, timeout: float = 20.0) -> str:
    """Tap the control marked `key` and wait for the screen it leads to (see `wait_change`)."""
    before = visible_text(page)
    click(page, keyed(page, key), before)
    return wait_change(page, before, ready, timeout)


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
    """Click the button called `name` — a menu item also with its number before it ("4. Play 1 Howard")."""
    if isinstance(name, str) and exact:
        words = r"\s+".join(re.escape(word) for word in name.split())  # the accessible name's spaces are collapsed
        name = re.compile(rf"^(\d+\.\s)?{words}$")
    click(page, host(page).get_by_role("button", name=name, exact=exact).first)


#: how long Chromium may take to acknowledge a click's pointer events (well under a second here)
CLICK_MS = 10_000


def click(page, target, before: str | None = None) -> None:
    """Click `target` (a locator) with the pointer, once it shows. CI once saw a click's pointer
    events never acknowledged (30 s, the page otherwise alive). After CLICK_MS without one: if the
    screen changes within 3 s, the click arrived all the same; if not, it is made again the way a
    screen reader makes it (a DOM click on the node Flutter takes taps on). `before`: the screen's
    text just before, when the caller has read it already."""
    target.wait_for(state="visible")
    if before is None:
        before = visible_text(page)
    try:
        target.click(timeout=CLICK_MS)
    except Exception as exc:
        if "Timeout" not in type(exc).__name__:
            raise
        print(f"a pointer click was never acknowledged: {exc}", file=sys.stderr)
        try:  # did it reach the app all the same? Its answer may still be on its way
            page.wait_for_function(f"before => ({_TREE_TEXT})() !== before", arg=before, polling=50, timeout=3_000)
        except Exception:  # an icon button's node holds the tappable one
            target.evaluate("node => (node.querySelector('[flt-tappable]') || node).click()")


def seat_codes(page, names: list[str]) -> dict[str, str]:
    """Each seat's join code, read on the Seats tab (open on `page`), where a tap shows one at a time."""
    codes = {}
    for name in names:
        tap(page, f"Show {name}'s code")
        codes[name] = re.search(rf"Join code of {name}: (\d{{10}})", wait_text(page, rf"Join code of {name}: \d{{10}}")).group(1)
    return codes


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


def name_players(page, names: list[str]) -> None:
    """Type the players' names, each seen to reach the server ("At the table: Ann, Bob") before the next:
    a redraw of the form while a name is typed (the on-screen keyboard appearing) can lose its last
    keys on the way, and then the name is typed again."""
    for n, name in enumerate(names, 1):
        seated = "^At the table: " + re.escape(", ".join(names[:n])) + "$"
        for attempt in range(3):
            type_into(page, f"Player {n}", name)
            try:
                wait_text(page, seated, timeout=6 if attempt < 2 else 20)
                break
            except AssertionError:
                if attempt == 2:
                    raise


def choose_setting(page, key: str, choice: str) -> None:
    """Open the setup's dropdown of the setting `key` ("seats.first_player", marked "setting:<key>") and pick `choice`. The
    on-screen keyboard, opened for the names, hides the settings: it is closed first. A click just
    after typing a name may only take the focus off the name field: then open it again."""
    if "␣" in visible_text(page):
        tap(page, "On-screen keyboard")
        wait_text(page, "Players in turn order", absent="␣")
    marked = f'[flt-semantics-identifier="setting:{key}"]'  # the dropdown's own node, or one inside the marked one
    dropdown = host(page).locator(f"{marked}[aria-expanded], {marked} [aria-expanded]").first
    dropdown.scroll_into_view_if_needed()
    item = host(page).get_by_role("button", name=choice, exact=True).first
    for _attempt in range(3):
        dropdown.click()
        try:
            item.wait_for(state="visible", timeout=3_000)
            break
        except Exception:
            continue
    tap(page, choice)


# -- the layout check: what every screen must satisfy at 800×480 ----------------------------------------

#: the smallest finger target, px, both ways (ui/widgets/common.py's TOUCH)
TOUCH_PX = 48
#: Material 3's line height for body and label text (20 px lines for 14 px letters); the app's theme keeps it
LINE_HEIGHT = 20 / 14
#: Material 3's letter spacing, px: a Text inherits bodyMedium's, a button's label labelLarge's (a dialog's title: none)
TEXT_SPACING, LABEL_SPACING = 0.25, 0.1
#: width slack between the browser's canvas and Flutter's own shaping of the same font
WIDTH_SLACK = 0.015
#: the roles a finger taps (besides any node Flutter marks flt-tappable)
TAPPABLE_ROLES = {"button", "checkbox", "radio", "switch", "slider", "textbox", "link", "tab", "menuitem", "combobox"}
#: how much of the smaller of two boxes may lie under the other before they count as overlapping
OVERLAP = 0.2
#: the icon a Material button draws before its label, and the gap after it
BUTTON_ICON_PX = 18 + 8
#: read from a metre: body text at least this, px; a secondary caption (drawn in the caption colour) at least
#: CAPTION_PX; a key figure (a control marked "figure:…", ui/widgets/common.py's figure()) at least FIGURE_PX
BODY_PX, CAPTION_PX, FIGURE_PX = 18, 16, 40
#: the one colour a caption is drawn in (ui/widgets/common.py's MUTED): smaller than body text only in it
CAPTION_COLOUR = "#b0bec5"
#: Material 3's helper text under a field (bodySmall): its size and letter spacing when the app gives none
HELPER_STYLE = (12, 0.4)
#: Flet's message action that patches the page's control tree
PATCH_CONTROL = 2


class TextStyles:
    """The font size of every text the server sent to one page (and, for a button's label, the button's
    padding and whether an icon sits beside it), read from the page's websocket frames: Flet sends each
    control it draws as a msgpack map ({"_c": "Text", "value": "…", "size": 17, "max_lines": 1, …}).

    The accessibility tree tells where a text sits and how big its box is, never its font size; this
    is where the size comes from. The page's control tree is mirrored from the frames (every control by
    its id, each patch applied as the client applies it), so a text changed in place by a later patch
    (a redraw in another language sends only the new words) is known with the size of its control."""

    def __init__(self, page):
        self.texts: dict[str, list[dict]] = {}
        self.buttons: dict[str, list[dict]] = {}
        #: the font sizes of the texts inside each key figure ("figure:moon"), as last sent
        self.figures: dict[str, list[float]] = {}
        #: the page's controls by id, as the client holds them (for following patches)
        self.controls: dict[int, dict] = {}
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        import msgpack

        data = payload if isinstance(payload, bytes) else payload.encode()
        try:
            message = msgpack.unpackb(data[1:], raw=False, strict_map_key=False)
        except Exception:  # not a Flet message
            return
        if isinstance(message, list) and len(message) == 2 and message[0] == PATCH_CONTROL and isinstance(message[1], dict):
            try:
                self._patch(message[1])
                return
            except Exception:  # a patch this mirror cannot follow: at least the controls it carries whole
                pass
        self._walk(message)

    def _patch(self, body: dict) -> None:
        """Apply a PATCH_CONTROL body ({"id": root, "patch": [path table, *operations]}) to the mirror,
        then record every control it touched."""
        root = self.controls[body["id"]]
        table, *operations = body["patch"]
        paths: dict[int, list] = {}

        def index(node: list, path: list) -> None:
            paths[node[0]] = path
            for part, child in (node[1] if len(node) > 1 else {}).items():
                index(child, [*path, part])

        index(table, [])

        def at(node_index: int):
            target = root
            for part in paths[node_index]:
                target = target[part]
            return target

        for operation in operations:
            code, node_index, key = operation[0], operation[1], operation[2]
            target = at(node_index)
            if code == 0:  # replace
                target[key] = operation[3]
            elif code == 1:  # add
                if isinstance(target, list):
                    target.insert(key, operation[3])
                else:
                    target[key] = operation[3]
            elif code == 2:  # remove
                del target[key]
            elif code == 3:  # move
                moved = target.pop(key)
                into = at(operation[3])
                if isinstance(into, list):
                    into.insert(operation[4], moved)
                else:
                    into[operation[4]] = moved
            # the control that changed, recorded afresh (a new value of its text: its size is the control's)
            self._walk(target if isinstance(target, dict) and "_c" in target else operation[3] if code in (0, 1) else None)

    def _walk(self, value, inherited: tuple[float, float] = (14, TEXT_SPACING)) -> None:
        """`inherited`: the size and letter spacing a Text without a size of its own gets there
        (Material 3's bodyMedium on a page, headlineSmall in a dialog's title)."""
        if isinstance(value, dict):
            kind = value.get("_c")
            if isinstance(value.get("_i"), int):
                self.controls[value["_i"]] = value
            if kind == "Text" and isinstance(value.get("value"), str):
                self.texts.setdefault(value["value"], []).append(
                    {"size": value.get("size") or inherited[0], "spacing": inherited[1], "bold": _bold(value),
                     "max_lines": value.get("max_lines"), "colour": str(value.get("color") or "").lower()})
            elif kind in ("TextField", "Dropdown") and isinstance(value.get("helper"), str):
                helper = value.get("helper_style") or {}
                self.texts.setdefault(value["helper"], []).append(
                    {"size": helper.get("size") or HELPER_STYLE[0], "spacing": HELPER_STYLE[1], "bold": False,
                     "max_lines": value.get("helper_max_lines") or 1, "colour": str(helper.get("color") or "").lower()})
            elif kind == "Semantics" and str(value.get("identifier") or "").startswith("figure:"):
                self.figures[value["identifier"]] = [t.get("size") or inherited[0] for t in _all_texts(value.get("content"))]
            elif isinstance(kind, str) and kind.endswith("Button") and isinstance(value.get("content"), dict):
                label = _first_text(value["content"])
                if label is not None:
                    style = (value.get("_internals") or {}).get("style") or value.get("style") or {}
                    pad = style.get("padding") or {}
                    self.buttons.setdefault(label["value"], []).append({
                        "size": label.get("size") or 14, "spacing": LABEL_SPACING, "bold": _bold(label),
                        "max_lines": label.get("max_lines"), "icon": bool(value.get("icon")) and value["content"].get("_c") == "Text",
                        "pad": [pad.get(side, 24 if side in ("left", "right") else 0) for side in ("left", "right", "top", "bottom")]})
            for key, item in value.items():
                self._walk(item, (24, 0.0) if kind == "AlertDialog" and key == "title" else inherited)
        elif isinstance(value, (list, tuple)):
            for item in value:
                self._walk(item, inherited)


def _bold(text: dict) -> bool:
    """Whether Flutter draws the text with the bundled bold face (weights from 600 up pick it)."""
    weight = str(text.get("weight") or "normal").lower()
    return weight == "bold" or (weight.startswith("w") and weight[1:].isdigit() and int(weight[1:]) >= 600)


def _all_texts(control) -> list[dict]:
    """Every Text inside a control, in order."""
    if isinstance(control, list):
        return [t for item in control for t in _all_texts(item)]
    if not isinstance(control, dict):
        return []
    if control.get("_c") == "Text":
        return [control]
    return [t for key in ("content", "controls") for t in _all_texts(control.get(key))]


def _first_text(control: dict) -> dict | None:
    """The first Text inside a button's content (a tab's content is its icon over its label)."""
    if control.get("_c") == "Text" and isinstance(control.get("value"), str):
        return control
    for child in [control.get("content"), *(control.get("controls") or [])]:
        if isinstance(child, dict):
            found = _first_text(child)
            if found is not None:
                return found
    return None


_NODES = """
() => {
    const host = document.querySelector('flt-semantics-host');
    const nodes = [];
    if (!host) return {width: innerWidth, height: innerHeight, nodes};
    for (const el of host.querySelectorAll('flt-semantics')) {
        const r = el.getBoundingClientRect();
        let scroller = null, key = null;
        for (let p = el; p && p !== host; p = p.parentElement) {
            if (key === null && p.getAttribute('flt-semantics-identifier')) key = p.getAttribute('flt-semantics-identifier');
            if (p !== el && scroller === null && p.style && p.style.scrollbarWidth === 'none') {
                const r = p.getBoundingClientRect();
                // which of its edges hide more content: only there is a node touching the edge cut by it
                scroller = [r.left, r.top, r.width, r.height, p.scrollLeft > 0.5, p.scrollTop > 0.5,
                            p.scrollWidth - p.scrollLeft - p.clientWidth > 0.5, p.scrollHeight - p.scrollTop - p.clientHeight > 0.5];
            }
        }
        const parent = el.parentElement && el.parentElement.closest('flt-semantics');
        const outer = parent ? parent.getBoundingClientRect() : null;
        const span = el.querySelector(':scope > span');
        const input = el.querySelector(':scope > input, :scope > textarea');
        const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('');
        nodes.push({
            id: el.id, role: el.getAttribute('role') || (input ? 'textbox' : ''),
            aria: el.getAttribute('aria-label') || (input && input.getAttribute('aria-label')) || '',
            text: span ? span.textContent : own, value: input ? input.value : null,
            x: r.left, y: r.top, w: r.width, h: r.height, key,
            tappable: el.hasAttribute('flt-tappable'), leaf: !el.querySelector('flt-semantics'),
            scroller,
            parent: outer && [outer.left, outer.top, outer.width, outer.height],
        });
    }
    return {width: innerWidth, height: innerHeight, nodes};
}
"""

# The bundled font (the one Flutter draws with) loaded into the page's own font set, then each text
# cut where a line may break (after a space or a hyphen) and every piece measured in a canvas.
_MEASURE = """
async (items) => {
    if (!window.__layoutFont) {
        for (const [file, weight] of [['DejaVuSans.ttf', 'normal'], ['DejaVuSans-Bold.ttf', 'bold']]) {
            const face = new FontFace('LayoutCheck', `url(/fonts/${file})`, {weight});
            await face.load();
            document.fonts.add(face);
        }
        window.__layoutFont = true;
    }
    const ctx = (window.__layoutCtx = window.__layoutCtx || document.createElement('canvas').getContext('2d'));
    return items.map(([text, size, bold, spacing]) => {
        ctx.font = (bold ? 'bold ' : '') + size + 'px LayoutCheck';
        ctx.letterSpacing = spacing + 'px';
        return text.split('\\n').map(line => line.split(/(?<=[ \\-])/).map(piece =>
            [ctx.measureText(piece).width, ctx.measureText(piece.trimEnd()).width]));
    });
}
"""


def lines_needed(paragraphs: list[list[list[float]]], width: float) -> int:
    """How many lines Flutter needs for a text cut into `paragraphs` of measured pieces ([width with
    its trailing space, width without]) in a box `width` px wide: greedy, as Flutter breaks lines; a
    piece wider than the box breaks between letters."""
    lines = 0
    width = max(width, 1.0)
    for pieces in paragraphs:
        lines += 1
        used = 0.0
        for full, bare in pieces:
            if used > 0 and used + bare > width:
                lines += 1
                used = 0.0
            if used == 0 and bare > width:  # a word longer than the line goes on over the next ones
                lines += int(bare // width)
                used = bare % width + (full - bare)
            else:
                used += full
    return lines


def _too_small(where: str, label: str, styles: list[dict]) -> list[str]:
    """Text under the size a metre away needs: body text BODY_PX, a caption (its own colour) CAPTION_PX.
    Judged by the largest size the text was sent at (the same words may be drawn on two screens)."""
    if not styles or not label.strip(" ·—-–/|"):
        return []
    style = max(styles, key=lambda st: st["size"])
    least = CAPTION_PX if style.get("colour") == CAPTION_COLOUR else BODY_PX
    if style["size"] >= least:
        return []
    kind = "caption" if least == CAPTION_PX else "text"
    return [f"{where}: {kind} at {style['size']:g} px (at least {least} px: read from a metre away)"]


def _merged_parts(n: dict, styles: TextStyles) -> list[tuple[str, dict]]:
    """A node whose label is several texts drawn apart (lines of a Semantics label that merged them):
    each part with its style, the largest it was sent at; [] when the label is not made of known texts."""
    label = n["aria"] or n["text"]
    if not label or "\n" not in label:
        return []
    parts = [part for part in label.split("\n") if part.strip()]
    known = [(part, max(styles.texts[part], key=lambda st: st["size"])) for part in parts if part in styles.texts]
    return known


def _sticks_out(n: dict, parent: list[float]) -> bool:
    """A text node reaching more than 2 px past the node that holds it: drawn clipped (a row or a box of
    fixed size cuts what does not fit, and Flutter still reports the whole text's box)."""
    x, y, w, h = parent
    if w < 0.5 or h < 0.5:
        return False
    return n["x"] < x - 2 or n["y"] < y - 2 or n["x"] + n["w"] > x + w + 2 or n["y"] + n["h"] > y + h + 2


def _field_and_its_icon(field: dict, icon: dict) -> bool:
    """A text field's own icon button (show the PIN…) lies inside the field, a node beside it in the tree."""
    return (field["role"] == "textbox" and icon["role"] == "button" and field["x"] - 1 <= icon["x"]
            and icon["x"] + icon["w"] <= field["x"] + field["w"] + 1 and field["y"] - 1 <= icon["y"]
            and icon["y"] + icon["h"] <= field["y"] + field["h"] + 1)


def layout_problems(page, styles: TextStyles, scene: str) -> list[str]:
    """What is wrong with the screen `page` shows now, one line each (see tests/e2e/test_layout_browser.py
    for what is checked and why it is measured so)."""
    found = page.evaluate(_NODES)
    width, height = found["width"], found["height"]
    problems: list[str] = []
    to_measure: list[tuple[dict, str, dict, float, float, int]] = []  # node, label, style, spacing, box width, lines allowed
    leaves: list[dict] = []  # nodes with no node inside, wholly in view

    def where(n: dict) -> str:
        label = (n["text"] or n["aria"] or n["role"] or "node").replace("\n", " / ")
        return f"{scene}: {label[:60]!r} at ({n['x']:.0f},{n['y']:.0f}) {n['w']:.0f}×{n['h']:.0f}"

    for n in found["nodes"]:
        if n["w"] < 0.5 or n["h"] < 0.5:
            continue
        right, bottom = n["x"] + n["w"], n["y"] + n["h"]
        whole_screen = n["x"] < 0.5 and n["y"] < 0.5 and right > width - 0.5 and bottom > height - 0.5
        scroller = n["scroller"]
        # Flutter cuts every node's rectangle at the screen's edge (and drops a node wholly beyond it); the
        # page keeps a margin, so a node that reaches the edge is the visible part of something cut off.
        cut_by_screen = not whole_screen and (n["x"] < 0.5 or n["y"] < 0.5 or right > width - 0.5 or bottom > height - 0.5)
        if cut_by_screen and scroller is None:
            problems.append(f"{where(n)}: cut off by the screen's edge, and nothing scrolls it into view")
            continue
        # A node half scrolled out of its scrolling parent is cut at the parent's edge: not judged by its size.
        cut_by_scroller = scroller is not None and (
            n["x"] < scroller[0] - 0.5 or n["y"] < scroller[1] - 0.5
            or right > scroller[0] + scroller[2] + 0.5 or bottom > scroller[1] + scroller[3] + 0.5
            or (n["x"] < scroller[0] + 0.5 and scroller[4]) or (n["y"] < scroller[1] + 0.5 and scroller[5])
            or (right > scroller[0] + scroller[2] - 0.5 and scroller[6]) or (bottom > scroller[1] + scroller[3] - 0.5 and scroller[7]))
        if cut_by_scroller:
            continue
        if n["leaf"]:
            leaves.append(n)
        if (n["tappable"] or n["role"] in TAPPABLE_ROLES) and min(n["w"], n["h"]) < TOUCH_PX - 0.5:
            problems.append(f"{where(n)}: a finger target under {TOUCH_PX}×{TOUCH_PX} px")
        label = n["text"]
        if not label or not n["leaf"]:
            continue
        if label not in styles.texts and label not in styles.buttons:
            # texts Flutter merged into one node (a Semantics label over a column): each must fit the node's width
            for part, style in _merged_parts(n, styles):
                to_measure.append((n, part, style, style["spacing"], n["w"], style["max_lines"] or 99))
                problems += _too_small(where(n), part, [style])
        if n["parent"] is not None and _sticks_out(n, n["parent"]):
            problems.append(f"{where(n)}: clipped — the text reaches past the box that holds it")
        if n["role"] == "button":
            problems += _too_small(where(n), label, styles.buttons.get(label, []))
        elif not n["role"]:
            problems += _too_small(where(n), label, styles.texts.get(label, []))
        if n["key"] and n["key"].startswith("figure:"):
            small = [size for size in styles.figures.get(n["key"], []) if size < FIGURE_PX]
            if small:
                problems.append(f"{where(n)}: a key figure at {min(small):g} px (under {FIGURE_PX})")
        if n["role"] == "button":
            for style in styles.buttons.get(label, []):
                pad_left, pad_right, pad_top, pad_bottom = style["pad"]
                box = n["w"] - pad_left - pad_right - (BUTTON_ICON_PX if style["icon"] else 0)
                rows = int((n["h"] - pad_top - pad_bottom) / (style["size"] * LINE_HEIGHT) + 0.15)
                allowed = max(1, min(rows, style["max_lines"] or rows))
                to_measure.append((n, label, style, style["spacing"], box, allowed))
        elif not n["role"]:
            for style in styles.texts.get(label, []):
                rows = max(1, round(n["h"] / (style["size"] * LINE_HEIGHT)))
                allowed = min(rows, style["max_lines"] or rows)
                to_measure.append((n, label, style, style["spacing"], n["w"], allowed))
    # Two drawn things on top of each other: a row wider than its room pushes its last parts over the next
    # column (Flutter does not clip a row), a label lies over a field. (A node's box is its own: a text's
    # box is the text, a button's the button.)
    for i, a in enumerate(leaves):
        for b in leaves[i + 1:]:
            across = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            down = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if across > 2 and down > 2 and across * down > OVERLAP * min(a["w"] * a["h"], b["w"] * b["h"]):
                if _field_and_its_icon(a, b) or _field_and_its_icon(b, a):
                    continue
                problems.append(f"{where(a)}: overlaps {where(b).split(': ', 1)[1]}")
    if to_measure:
        measured = page.evaluate(_MEASURE, [[label, style["size"], style["bold"], spacing]
                                            for _n, label, style, spacing, _box, _allowed in to_measure])
        verdicts: dict[str, list[str | None]] = {}
        for (n, label, style, _spacing, box, allowed), pieces in zip(to_measure, measured, strict=True):
            room = box * (1 + WIDTH_SLACK) + 1
            needed = lines_needed(pieces, room)
            broken = [bare for line in pieces for _full, bare in line if bare > room]
            verdict = None
            if needed > allowed:
                verdict = f"{where(n)}: text cut — at {style['size']:g} px {label[:40]!r} needs {needed} line(s) of {box:.0f} px, the box holds {allowed}"
            elif broken:
                verdict = f"{where(n)}: a word broken between its letters — at {style['size']:g} px it is {max(broken):.0f} px, the line {box:.0f}"
            verdicts.setdefault(f"{n['id']}/{label}", []).append(verdict)
        # A text sent at several sizes (the same words on two screens) is cut only if it is cut at every one.
        problems += [next(v for v in verdict if v) for verdict in verdicts.values() if all(verdict)]
    return problems
