"""The layout check: every screen and dialog of the shell and of each game, at 800×480 (the 7" Pi
display), in all five languages, in Chromium against the real server — and, over the same walk, that
the pages ask nothing of the internet.

The walk. The save file is prepared first through the core (seeded random play until a state is
reached): Big Bang with a fight on offer (and a move that asks where to), with the gate on offer, with
Sheldon's swap on offer, over, under a red moon, and fresh in the real-deal mode; Elder Sign, Munchkin
and Dungeon Twister a few steps in. One server, one browser, two pages: the page under test (P) and a
control page (C). For each language, C picks it on the home screen (the language is the whole
table's, so P is redrawn in it), then P walks: home, the card catalogue, each game's setup; each saved
game resumed, with Big Bang's every tab (table, runes, undo list, simulator, seats, the game-master
lock and, after the PIN on the keypad, the master's view), an option's question, the fight, gate and
card-enrolment dialogs and the swap; Elder Sign's investigators; and each game's seat page (joined by
its code). A dialog is closed by C resuming another game (every page's dialog closes on a switch).
Controls are found by their semantics identifier (`keyed()` in ui/widgets/common.py), never by their
words, and a screen is waited for as "the tree changed and settled" — so any language walks the same.

What fails, each measured in the accessibility tree Flutter builds (its nodes are the drawn widgets'
boxes, in CSS pixels):

1. A finger target under 48×48 px: any node Flutter marks tappable (flt-tappable) or whose role a
   finger uses (button, textbox, checkbox, switch, slider, tab…). A node half scrolled out of its
   scrolling parent is cut at that parent's edge and is not judged by its size.
2. Something off the screen with no way to scroll to it. Flutter cuts every node's box at the screen's
   edge and drops a node wholly beyond it, so an overflow is seen as a node that reaches the edge:
   the page keeps a 6 px margin, so nothing laid out inside the screen touches it. Nodes inside a
   scrolling container (and the containers' own overflow within them) are fine: they scroll.
3. A text cut short (an ellipsis, a clipped line) — the label Flutter reports is the whole text while
   its box holds only part of it. Measured so: the font size of each text (and a button's padding and
   icon) comes from what the server sent the page over its websocket (TextStyles in browser.py: the
   accessibility tree has no font sizes); the text is measured in the page's own canvas with the very
   font files Flutter draws with (DejaVu Sans regular and bold) and Material 3's letter spacing — this
   matches Flutter's widths to 0.1 px — then broken into lines the way Flutter breaks them (at spaces
   and hyphens, a too-long word between letters) at the box's width. It is cut when it needs more
   lines than the box holds (its height over Material 3's 1.43 line height, and never more than the
   Text's max_lines; for a button, the height inside its padding). 1.5 % + 1 px of width slack. A
   text whose size the frames never told (changed in place later, or a Semantics label that is not
   drawn) is not judged.

Offline: every request of every page goes through Playwright's router; one to any host but
127.0.0.1 is refused and recorded, and so is any answer of 400 or more from the server.

Screenshots of every screen go to docs/screenshots/layout/<language>/ when UI_SCREENSHOTS=1 (English
and German, the longest words; UI_SCREENSHOTS=all for all five languages).
"""
from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.e2e.browser import (
    ROOT,
    WATCH_CHANGES,
    Server,
    TextStyles,
    enable_semantics,
    host,
    keyed,
    layout_problems,
    settled,
    shot,
    tap,
    visible_text,
    wait_change,
)

pytestmark = pytest.mark.timeout(900)

LANGUAGES = {"en": "English", "nl": "Nederlands", "it": "Italiano", "ru": "Русский", "de": "Deutsch"}
PIN = "2718"
GAMES = ("bigbang", "eldersign", "munchkin", "dungeontwister")
SHOTS = os.environ.get("UI_SCREENSHOTS")
SHOT_LANGUAGES = set(LANGUAGES) if SHOTS == "all" else {"en", "de"}

#: what a screen shows that others do not (CSS selectors on the semantics identifiers)
HOME = '[flt-semantics-identifier^="new:"]'
GAME = '[flt-semantics-identifier^="tab:"]'
SEAT = '[flt-semantics-identifier="leave-seat"]'
HOME_KEY = '[flt-semantics-identifier="home"]'
DIALOG = "flt-semantics[role=alertdialog], flt-semantics[role=dialog]"


# -- the save file ---------------------------------------------------------------------------------------
def _play_until(store, game_id: str, players: list[str], want, settings=None, extra=None) -> int:
    """A saved game of `game_id`, played at random (seeded) until `want(session, table)` holds; its id."""
    from companion.cards import CardCatalogue
    from companion.registry import get_game
    from companion.session import Session
    from companion.table import Table

    for seed in range(300):
        rng = random.Random(seed)
        session = Session.new(get_game(game_id), store, seed)
        table = Table(session, CardCatalogue(store.path))
        request = {"cmd": "start", "players": players, **(extra or {})}
        if settings:
            request["settings"] = settings
        try:
            assert table.command(request).kind == "applied", f"{game_id} did not start"
            for _ in range(400):
                if want(session, table):
                    assert session.game_id is not None
                    return session.game_id
                options = table.options()
                if not options:
                    break
                option = rng.choice(options)
                table.command({**option.command, **{ask.arg: rng.choice(ask.choices).value for ask in option.asks}})
        finally:
            session.close()
    raise AssertionError(f"no seed reached the {game_id} state wanted")


def _offers(dialog: str):
    return lambda session, table: any(option.dialog == dialog for option in table.options())


def _busy(session, table) -> bool:
    """Under a red moon, with a fight and Sheldon's swap on offer and an option that asks a question."""
    from companion.contract import TABLE

    options = table.options()
    offered = {option.dialog for option in options}
    return ({"fight", "swap"} <= offered and any(option.asks and not option.dialog for option in options)
            and session.turn.status == "playing" and bool(session.view(TABLE).get("red_moon")))


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> tuple[Path, dict]:
    from companion.store import EventStore

    db = tmp_path_factory.mktemp("layout") / "games.db"
    store = EventStore(db)
    companion_deals = {"table": {"cards_from": "companion"}}
    bigbang = {"settings": companion_deals, "extra": {"master_pin": PIN}}
    names = ["Ann", "Bob", "Cy"]
    try:
        ids = {
            "busy": _play_until(store, "bigbang", names, _busy, **bigbang),
            "gate": _play_until(store, "bigbang", names, _offers("gate"), **bigbang),
            "over": _play_until(store, "bigbang", names, lambda s, t: s.turn.status == "over", **bigbang),
            "deal": _play_until(store, "bigbang", names, lambda s, t: True, extra={"master_pin": PIN}),
            "eldersign": _play_until(store, "eldersign", ["Ann", "Bob"], lambda s, t: len(s.history) >= 6),
            "munchkin": _play_until(store, "munchkin", names, lambda s, t: len(s.history) >= 6),
            "dungeontwister": _play_until(store, "dungeontwister", ["Ann", "Bob"], lambda s, t: True),
        }
        ids["question"] = _asking_option(store, ids["busy"])
    finally:
        store.close()
    return db, ids


def _asking_option(store, game_id: int) -> str:
    """The key (ui/views/menu.py's option_key) of the first option of a saved game that asks a question."""
    from companion.cards import CardCatalogue
    from companion.registry import get_game
    from companion.session import Session
    from companion.table import Table
    from ui.views.menu import option_key

    session = Session.resume(get_game("bigbang"), store, game_id)
    try:
        return next(option_key(o) for o in Table(session, CardCatalogue(store.path)).options() if o.asks and not o.dialog)
    finally:
        session.close()


# -- the walk --------------------------------------------------------------------------------------------
@dataclass
class Walk:
    problems: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)  # requests to any host but 127.0.0.1
    failed: list[str] = field(default_factory=list)  # answers of 400 or more
    scenes: list[str] = field(default_factory=list)


@dataclass
class Scene:
    """A screen to check: its name, and how a page gets there from the game's first tab (or from home)."""

    name: str
    go: Callable[[Walker, object], None] | None = None


def press(page, key: str, ready: str | None = None) -> str:
    """Tap the control marked `key` the way a screen reader does (a click on its accessibility node:
    no pointer, no ink ripple to draw), then wait for the screen it leads to."""
    before = visible_text(page)
    keyed(page, key).evaluate("node => (node.querySelector('[flt-tappable]') || node).click()")
    return wait_change(page, before, ready)


def tab(key: str, then: Callable[[Walker, object], None] | None = None) -> Callable[[Walker, object], None]:
    def go(w: Walker, page) -> None:
        press(page, f"tab:{key}", GAME)
        if then is not None:
            then(w, page)

    return go


def option(key: str, ready: str | None = None) -> Callable[[Walker, object], None]:
    def go(w: Walker, page) -> None:
        press(page, f"option:{key}", ready)

    return go


def from_home(key: str | None) -> Callable[[Walker, object], None]:
    """Home, then (when given) the control marked `key` there: a screen with a Home button of its own."""
    def go(w: Walker, page) -> None:
        press(page, "home", HOME)
        if key is not None:
            press(page, key, HOME_KEY)

    return go


def unlock(w: Walker, page) -> None:
    for digit in PIN:
        tap(page, digit)
    before = visible_text(page)
    tap(page, "✓")
    wait_change(page, before)


def seat_page(w: Walker, page) -> None:
    """Join the first seat by its code (read on the seats tab), as a phone that scanned its QR code."""
    code = re.search(r"\b(\d{6})\b", press(page, "tab:seats", GAME)).group(1)
    before = visible_text(page)
    page.evaluate("code => { history.pushState(null, '', '/join/' + code); dispatchEvent(new PopStateEvent('popstate')); }", code)
    wait_change(page, before, SEAT)


class Walker:
    """A pool of pages, each parked on one screen, and a control page (C) on the home screen that
    switches the game and the language. Each phase (a saved game) parks its pages once, then checks
    them in every language: a language switch redraws every page where it stands, dialogs too."""

    POOL = 11

    def __init__(self, context, server: Server, walk: Walk):
        self.walk, self.language = walk, "en"
        self.styles: dict[object, TextStyles] = {}
        pages = []
        for _ in range(self.POOL + 1):  # loaded side by side: each goto returns once the request is sent
            page = context.new_page()
            page.add_init_script(WATCH_CHANGES)
            self.styles[page] = TextStyles(page)
            page.goto(server.url, wait_until="commit")
            pages.append(page)
        for page in pages:
            enable_semantics(page)
            page.wait_for_selector(f"flt-semantics-host {HOME}", state="attached", timeout=60_000)
        self.c, *self.pool = pages

    def keep(self, count: int) -> None:
        """Close the pages beyond the first `count`: a page open anywhere is redrawn at every switch."""
        for page in self.pool[count:]:
            page.close()
        del self.pool[count:]

    def check(self, page, scene: str) -> None:
        name = f"{self.language}/{scene}"
        self.walk.scenes.append(name)
        self.walk.problems += layout_problems(page, self.styles[page], name)
        if SHOTS and self.language in SHOT_LANGUAGES:
            (ROOT / "docs" / "screenshots" / "layout" / self.language).mkdir(parents=True, exist_ok=True)
            shot(page, f"layout/{self.language}/{scene}")

    def c_home(self) -> None:
        """C on the home screen. A page that resumed a game hears the switch too, a moment after its
        own redraw, and that moves a home screen to the game: so home is tapped until it stays."""
        for _attempt in range(3):
            settled(self.c)
            if host(self.c).locator(HOME).count():
                return
            press(self.c, "home", HOME)
        raise AssertionError("the control page does not stay on the home screen")

    def switch(self, saved_id: int, pages: list) -> None:
        """C resumes a saved game: every page on a game or home screen moves to its first tab (a dialog
        closes); then C goes home, where the language is chosen."""
        self.c_home()
        before = [visible_text(page) for page in pages]
        press(self.c, f"resume:{saved_id}", GAME)
        for page, text in zip(pages, before, strict=True):
            wait_change(page, text, GAME)
        self.c_home()

    def set_language(self, code: str, pages: list) -> None:
        before = [visible_text(page) for page in (self.c, *pages)]
        host(self.c).locator("flt-semantics[role=button][aria-expanded]").first.click()  # the language dropdown
        tap(self.c, LANGUAGES[code])
        wait_change(self.c, before[0], HOME)
        for page, text in zip(pages, before[1:], strict=True):
            try:
                wait_change(page, text, timeout=5)
            except AssertionError:  # nothing on it is translated yet: it redrew the same words
                settled(page)
        self.language = code

    def phase(self, saved_id: int | None, scenes: list[Scene], each: Callable[[Walker], None] | None = None) -> None:
        """Park a page on each scene, then check them all in every language (starting with the current
        one, so consecutive phases share a switch)."""
        pages = self.pool[:len(scenes)]
        if saved_id is not None:
            self.switch(saved_id, pages)
        for scene, page in zip(scenes, pages, strict=True):
            if scene.go is not None:
                scene.go(self, page)
        order = [self.language, *(code for code in LANGUAGES if code != self.language)]
        for code in order:
            if code != self.language:
                self.set_language(code, pages)
            for scene, page in zip(scenes, pages, strict=True):
                self.check(page, scene.name)
            if each is not None:
                each(self)
        for page in pages:  # back to where the next switch moves every page to the game
            if host(page).locator(SEAT).count():
                press(page, "leave-seat", HOME)
            elif not host(page).locator(f"{GAME}, {HOME}, {DIALOG}").count():
                press(page, "home", HOME)


def enrol(w: Walker) -> None:
    """An unknown tag scanned from the simulator's tray: the enrolment dialog opens on every table page."""
    page = w.pool[1]
    if not host(page).locator('[flt-semantics-identifier="tab:sim"]').count() or keyed(page, "enrol:not-now").count():
        return
    tag = host(page).get_by_role("button", name=re.compile("04a1b2c3d4e5f6"))  # a tag no card has yet, on the tray
    if not tag.count():
        settled(page)
        press(page, "tab:sim", GAME)
    before = [visible_text(p) for p in (w.c, page)]
    tag.first.click()
    for p, text in zip((w.c, page), before, strict=True):
        wait_change(p, text, DIALOG)
    w.check(page, "bigbang-enrol-dialog")
    for p in (w.c, *w.pool):
        if keyed(p, "enrol:not-now").count():
            press(p, "enrol:not-now")


def walk_everything(w: Walker, ids: dict) -> None:
    """Every phase; between them, the pages the rest needs no more are closed."""
    w.phase(ids["busy"], [
        Scene("bigbang-table"), Scene("bigbang-runes", tab("runes")), Scene("bigbang-undo-list", tab("log")),
        Scene("bigbang-simulator", tab("sim")), Scene("bigbang-seats", tab("seats")), Scene("bigbang-master-locked", tab("master")),
        Scene("bigbang-master", tab("master", unlock)), Scene("bigbang-question", lambda w, page: press(page, ids["question"])),
        Scene("bigbang-fight-dialog", option("fight", DIALOG)), Scene("bigbang-swap", option("swap")), Scene("bigbang-seat", seat_page)])
    w.keep(6)
    w.phase(None, [Scene("home", from_home(None)), Scene("catalogue", from_home("catalogue")),
                   *(Scene(f"setup-{game}", from_home(f"new:{game}")) for game in GAMES)])
    w.keep(3)
    w.phase(ids["eldersign"], [Scene("eldersign-table"), Scene("eldersign-investigators", tab("investigators")),
                               Scene("eldersign-seat", seat_page)])
    w.keep(2)
    w.phase(ids["munchkin"], [Scene("munchkin-table"), Scene("munchkin-seat", seat_page)])
    w.phase(ids["dungeontwister"], [Scene("dungeontwister-table"), Scene("dungeontwister-seat", seat_page)])
    w.phase(ids["over"], [Scene("bigbang-over")], each=enrol)
    w.keep(1)
    w.phase(ids["gate"], [Scene("bigbang-gate-dialog", option("gate", DIALOG))])
    w.phase(ids["deal"], [Scene("bigbang-real-deal")])


@pytest.fixture(scope="module")
def walk(browser, saved) -> Walk:
    db, ids = saved
    server = Server(db)
    result = Walk()

    def route(r) -> None:
        if urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            result.outside.append(r.request.url)
            r.abort()

    context = browser.new_context(viewport={"width": 800, "height": 480})
    context.route("**/*", route)
    context.on("response", lambda response: response.status >= 400 and result.failed.append(f"{response.status} {response.url}"))
    try:
        walk_everything(Walker(context, server, result), ids)
    finally:
        context.close()
        server.stop()
    return result


def test_every_screen_fits_800x480_in_every_language(walk):
    assert len(walk.scenes) >= 25 * len(LANGUAGES), walk.scenes
    assert not walk.problems, f"{len(walk.problems)} layout problems:\n" + "\n".join(walk.problems)


def test_a_whole_game_asks_nothing_of_the_internet(walk):
    assert walk.scenes, "the walk did not run"
    assert not walk.outside, "requests to hosts other than 127.0.0.1:\n" + "\n".join(sorted(set(walk.outside)))
    assert not walk.failed, "requests the server could not answer:\n" + "\n".join(sorted(set(walk.failed)))
