"""The layout check: every screen and dialog of the shell and of each game, at 800×480 (the 7" Pi
display), in all five languages, in Chromium against the real server — and, over the same walk, that
the pages ask nothing of the internet.

The walk. The save file is prepared first through the core (seeded random play until a state is
reached): Big Bang under a red moon with a fight and Sheldon's swap on offer and an option that asks a
question; Big Bang with the gate on offer, over, and fresh in the real-deal mode; Elder Sign, Munchkin
and Dungeon Twister a few steps in. One server, one browser: a control page (C) on the home screen and
a few pages that walk. The walk goes in phases, one saved game each (C resumes it; every page on a
game or home screen follows). In a phase each page has a track of scenes — home, the card catalogue,
each game's setup; Big Bang's every tab (table, runes, undo list, simulator, seats, the game-master
lock and, after the PIN on the keypad, the master's view), an option's question, the swap, the fight,
gate and card-enrolment dialogs, the red-moon and game-over banners, the real deal; Elder Sign's
investigators; each game's seat page, joined by its code — and the pages walk their tracks side by
side in every language: C picks the language on the home screen, which redraws every page where it
stands, an open dialog too, and each page checks the scene it stands on, then walks on (the other
way round in the next language, so no tap is spent going back). Controls are found by their semantics
identifier (`keyed()` in ui/widgets/common.py), never by their words, and a screen is waited for as
"the tree changed and settled" — so every language walks the same. No wait is a fixed sleep.

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
and German, the longest words; UI_SCREENSHOTS=all for all five languages). LAYOUT_LANGUAGES=en,de
walks only those languages (a quicker look while fixing; the suite walks all five).
"""
from __future__ import annotations

import contextlib
import os
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.dungeontwister.helpers import SEAT_MODE
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
    visible_text,
    wait_change,
)

pytestmark = pytest.mark.timeout(900)

ALL_LANGUAGES = {"en": "English", "nl": "Nederlands", "it": "Italiano", "ru": "Русский", "de": "Deutsch"}
LANGUAGES = {code: name for code, name in ALL_LANGUAGES.items()
             if code in (os.environ.get("LAYOUT_LANGUAGES") or ",".join(ALL_LANGUAGES)).split(",")}
PIN = "2718"
#: the players: a long name a table really has (a chip must not end "Michael Mc…"), a double name, a short one
LONG_NAMES = ["Michael McAllister", "Anna-Lena", "Bob"]
GAMES = ("bigbang", "eldersign", "munchkin", "dungeontwister")
SHOTS = os.environ.get("UI_SCREENSHOTS")
SHOT_LANGUAGES = set(LANGUAGES) if SHOTS == "all" else {"en", "de"}

#: how long a page may take to draw, s: generous, for a machine busy with other work (no wait is a fixed sleep)
WAIT = 90.0
#: the key figures each table screen shows large (ui/widgets/common.py's figure(): "figure:<key>"), by scene
FIGURES = {"bigbang-table": ("moon",), "bigbang-real-deal": ("moon",), "eldersign-table": ("doom", "clock"),
           "munchkin-table": ("strength:",), "dungeontwister-table": ("ap", "vp:")}
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
    names = LONG_NAMES
    try:
        ids = {
            "busy": _play_until(store, "bigbang", names, _busy, **bigbang),
            "gate": _play_until(store, "bigbang", names, _offers("gate"), **bigbang),
            "over": _play_until(store, "bigbang", names, lambda s, t: s.turn.status == "over", **bigbang),
            "deal": _play_until(store, "bigbang", names, lambda s, t: True, extra={"master_pin": PIN}),
            # the real deal laying out the locations: each location's cards offered at once (every item 48 px)
            "layout": _play_until(store, "bigbang", names, lambda s, t: s.turn.phase == "layout", extra={"master_pin": PIN}),
            # real dice with the faces said (the default is results told: the scene below)
            "eldersign": _play_until(store, "eldersign", LONG_NAMES[:2], lambda s, t: len(s.history) >= 6,
                                     settings={"table": {"dice_entry": "faces"}}),
            # real dice with results told: an attempt with a die held (blank), the menu of what a roll did
            "eldersign-told": _play_until(store, "eldersign", LONG_NAMES[:2], lambda s, t: s.state.attempt is not None and bool(s.state.attempt.held),
                                          settings={"table": {"dice_entry": "results"}}),
            "munchkin": _play_until(store, "munchkin", names, lambda s, t: len(s.history) >= 6),
            # on seat screens: the seat scene shows the seat's own starting-line choice
            "dungeontwister": _play_until(store, "dungeontwister", LONG_NAMES[:2], lambda s, t: True, settings=SEAT_MODE),
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
class Tap:
    """One step of a page's walk: a click done in the page (`script(page)`; the screen-reader way, no
    pointer, no ink ripple to draw), then the wait for the tree to change (and show `ready`). The walk
    gets back the page's text."""

    page: object
    script: Callable[[object], None]
    ready: str | None = None


def key_tap(page, key: str, ready: str | None = None) -> Tap:
    """A tap on the control marked `key` (ui/widgets/common.py's keyed())."""
    return Tap(page, lambda p: keyed(p, key).evaluate("node => (node.querySelector('[flt-tappable]') || node).click()"), ready)


#: how a page gets to a scene: go(walker, page, here) yields its taps; `here` is the scene it stands on
#: (None: where the phase put it — the game's first tab after a switch, else where the last phase left it)
Go = Callable[["Walker", object, "str | None"], Iterator[Tap]]


@dataclass
class Scene:
    name: str
    go: Go


def press(page, key: str, ready: str | None = None) -> str:
    """Tap the control marked `key` and wait for the screen it leads to (outside the lockstep walk)."""
    before = visible_text(page)
    key_tap(page, key).script(page)
    return wait_change(page, before, ready, WAIT)


def tab(key: str) -> Go:
    """A tab of the game screen (the first one, "table", is where a game switch leaves a page)."""
    def go(w: Walker, page, here: str | None) -> Iterator[Tap]:
        if not (here is None and key == "table"):
            yield key_tap(page, f"tab:{key}", GAME)

    return go


def option(key: str, ready: str | None = None) -> Go:
    """An option of the table tab's menu (from another scene of the track: by the table tab)."""
    def go(w: Walker, page, here: str | None) -> Iterator[Tap]:
        if here is not None and not here.endswith("-table"):  # not on the plain table tab: go there first
            yield key_tap(page, "tab:table", GAME)
        yield key_tap(page, key if key.startswith("option:") else f"option:{key}", ready)

    return go


def from_home(key: str | None) -> Go:
    """Home, then (when given) the control marked `key` there."""
    def go(w: Walker, page, here: str | None) -> Iterator[Tap]:
        if host(page).locator(SEAT).count():
            yield key_tap(page, "leave-seat", HOME)
        elif not host(page).locator(HOME).count():
            yield key_tap(page, "home", HOME)
        if key is not None:
            yield key_tap(page, key, HOME_KEY)

    return go


def master_locked(w: Walker, page, here: str | None) -> Iterator[Tap]:
    if here == "bigbang-master":  # leaving the tab locks it again
        yield key_tap(page, "tab:table", GAME)
    yield key_tap(page, "tab:master", GAME)


def master_unlocked(w: Walker, page, here: str | None) -> Iterator[Tap]:
    """The PIN on the lock screen's keypad (each digit a tap the server hears, in order), then ✓."""
    def enter(p) -> None:
        for symbol in (*PIN, "✓"):
            host(p).get_by_role("button", name=symbol, exact=True).first.evaluate("node => node.click()")

    yield Tap(page, enter)


def game_over(w: Walker, page, here: str | None) -> Iterator[Tap]:
    """The table tab of a game that ended (from the chart: its Close)."""
    if here == "bigbang-chart":
        yield key_tap(page, "chart:close", GAME)
    else:
        yield from tab("table")(w, page, here)


def chart(w: Walker, page, here: str | None) -> Iterator[Tap]:
    """The game as a picture, from the result banner's button."""
    yield key_tap(page, "chart", DIALOG)


def seat_page(w: Walker, page, here: str | None) -> Iterator[Tap]:
    """Join the first seat by its code (read on the seats tab), as a phone that scanned its QR code."""
    yield key_tap(page, "tab:seats", GAME)
    text = yield key_tap(page, "show-code:0", '[flt-semantics-identifier="hide-code"]')  # a tap shows one seat's code
    code = re.search(r"\b(\d{10})\b", text).group(1)
    yield Tap(page, lambda p: p.evaluate(
        "code => { history.pushState(null, '', '/join/' + code); dispatchEvent(new PopStateEvent('popstate')); }", code), SEAT)


def enrolment(w: Walker, page, here: str | None) -> Iterator[Tap]:
    """An unknown tag scanned from the simulator's tray: the enrolment dialog opens on every table page;
    it stays open on this one (a language switch words it afresh) and is closed on the others."""
    if keyed(page, "chart:close").count():  # the last phase left the chart open
        yield key_tap(page, "chart:close", GAME)
    yield key_tap(page, "tab:sim", GAME)
    others = [p for p in (w.c, *w.pool) if p is not page and not host(p).locator(SEAT).count()]
    before = [visible_text(p) for p in others]
    yield Tap(page, lambda p: host(p).get_by_role("button", name=re.compile("04a1b2c3d4e5f6")).first.evaluate("node => node.click()"),
              DIALOG)  # a tag no card has yet
    for p, text in zip(others, before, strict=True):
        wait_change(p, text, DIALOG, WAIT)
        press(p, "enrol:not-now")


class Walker:
    """A control page (C), on the home screen, that switches the game and the language, and a few pages
    that walk the scenes. In a phase (one saved game) each page has a track of scenes; in each language
    it checks the scene it stands on first and walks the track in the other direction from the last
    language, so no tap is spent going back. A language switch redraws every page where it stands,
    an open dialog too."""

    PAGES = 6

    def __init__(self, context, server: Server, walk: Walk):
        self.walk, self.language = walk, "en"
        self.styles: dict[object, TextStyles] = {}
        pages = []
        for _ in range(self.PAGES + 1):  # loaded side by side: each goto returns once the request is sent
            page = context.new_page()
            page.add_init_script(WATCH_CHANGES)
            self.styles[page] = TextStyles(page)
            page.goto(server.url, wait_until="commit")
            pages.append(page)
        for page in pages:
            enable_semantics(page, timeout=WAIT)
            page.wait_for_selector(f"flt-semantics-host {HOME}", state="attached", timeout=WAIT * 1000)
        self.c, *self.pool = pages

    def keep(self, count: int) -> None:
        """Close the pages beyond the first `count`: every open page is redrawn at every switch."""
        for page in self.pool[count:]:
            page.close()
        del self.pool[count:]

    def check(self, page, scene: str) -> None:
        name = f"{self.language}/{scene}"
        self.walk.scenes.append(name)
        self.walk.problems += layout_problems(page, self.styles[page], name)
        for key in FIGURES.get(scene, ()):  # a table screen's key figures are there (and layout_problems held them to 40 px)
            if not host(page).locator(f'[flt-semantics-identifier^="figure:{key}"]').count():
                self.walk.problems.append(f"{name}: its key figure {key!r} is not on the screen")
        if SHOTS and self.language in SHOT_LANGUAGES:
            (ROOT / "docs" / "screenshots" / "layout" / self.language).mkdir(parents=True, exist_ok=True)
            shot(page, f"layout/{self.language}/{scene}")

    def switch(self, saved_id: int, pages: list) -> None:
        """C resumes a saved game: every page on a game or home screen moves to the game's first tab,
        a dialog closes, a seat's page goes home; then C goes back home, where the language is chosen."""
        before = [visible_text(page) for page in pages]
        press(self.c, f"resume:{saved_id}", GAME)
        for page, text in zip(pages, before, strict=True):
            wait_change(page, text, None, WAIT)
        press(self.c, "home", HOME)

    def set_language(self, code: str, pages: list) -> None:
        before = [visible_text(page) for page in (self.c, *pages)]
        # The language dropdown takes a pointer's tap (its node is not a tappable one); a menu item, a click.
        # A tap that lands while the page is still taking a redraw can open nothing: tap again (under load).
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        item = host(self.c).get_by_role("button", name=LANGUAGES[code], exact=True).first
        for last in (False, False, True):
            box = host(self.c).locator("flt-semantics[role=button][aria-expanded]").first.bounding_box()
            self.c.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            try:
                item.wait_for(state="attached", timeout=(WAIT if last else 10) * 1000)
                break
            except PlaywrightTimeout:
                if last:
                    raise
        item.evaluate("node => node.click()")
        wait_change(self.c, before[0], HOME, WAIT)
        for page, text in zip(pages, before[1:], strict=True):
            try:
                wait_change(page, text, timeout=5)
            except AssertionError:  # nothing on it is translated yet: it redrew the same words
                settled(page)
        self.language = code

    def phase(self, saved_id: int | None, tracks: list[list[Scene]]) -> None:
        """Each track on a page of its own, checked in every language (the current one first, so
        consecutive phases share a switch); the pages walk side by side, a tap on each, then the waits."""
        pages = self.pool[:len(tracks)]
        if saved_id is not None:
            self.switch(saved_id, self.pool)
        here: list[str | None] = [None] * len(tracks)
        order = [self.language, *(code for code in LANGUAGES if code != self.language)]
        for code in order:
            if code != self.language:
                self.set_language(code, self.pool)
            self.lockstep([self.walk_track(track, page, here, i) for i, (track, page) in enumerate(zip(tracks, pages, strict=True))])
        for page in self.pool:  # where a game switch moves every page to the game
            if host(page).locator(SEAT).count():
                press(page, "leave-seat", HOME)
            elif not host(page).locator(f"{GAME}, {HOME}, {DIALOG}").count():
                press(page, "home", HOME)

    def walk_track(self, track: list[Scene], page, here: list[str | None], i: int) -> Iterator[Tap]:
        """A track in one language: the scene the page stands on first, then the others away from it."""
        walk = track if here[i] is None or here[i] == track[0].name else list(reversed(track))
        for scene in walk:
            if scene.name != here[i]:
                yield from scene.go(self, page, here[i])
                here[i] = scene.name
            self.check(page, scene.name)

    def lockstep(self, walks: list[Iterator[Tap]]) -> None:
        """Advance every walk a tap at a time: all taps done, then all waited for (the pages draw at once)."""
        steps: list[tuple[Iterator[Tap], Tap]] = []
        for walk in walks:
            tap = next(walk, None)
            if tap is not None:
                steps.append((walk, tap))
        while steps:
            before = [visible_text(tap.page) for _walk, tap in steps]
            for _walk, tap in steps:
                tap.script(tap.page)
            following = []
            for (walk, tap), text in zip(steps, before, strict=True):
                with contextlib.suppress(StopIteration):  # that page's walk is done
                    following.append((walk, walk.send(wait_change(tap.page, text, tap.ready, WAIT))))
            steps = following


def walk_everything(w: Walker, ids: dict) -> None:
    """Every phase. Every open page is redrawn at every switch, so pages are few; they walk side by
    side, and the pages no later phase needs are closed."""
    w.phase(None, [[Scene("home", from_home(None))], [Scene("catalogue", from_home("catalogue"))],
                   *([Scene(f"setup-{game}", from_home(f"new:{game}"))] for game in GAMES)])
    w.phase(ids["busy"], [
        [Scene("bigbang-question", option(ids["question"])), Scene("bigbang-swap", option("swap")), Scene("bigbang-table", tab("table"))],
        [Scene("bigbang-runes", tab("runes")), Scene("bigbang-undo-list", tab("log")), Scene("bigbang-simulator", tab("sim"))],
        [Scene("bigbang-seats", tab("seats")), Scene("bigbang-master-locked", master_locked), Scene("bigbang-master", master_unlocked)],
        [Scene("bigbang-fight-dialog", option("fight", DIALOG))],
        [Scene("bigbang-seat", seat_page)]])
    w.keep(3)
    w.phase(ids["eldersign"], [[Scene("eldersign-table", tab("table"))], [Scene("eldersign-investigators", tab("investigators"))],
                               [Scene("eldersign-seat", seat_page)]])
    w.phase(ids["eldersign-told"], [[Scene("eldersign-results-told", tab("table"))]])
    w.keep(2)
    w.phase(ids["munchkin"], [[Scene("munchkin-table", tab("table"))], [Scene("munchkin-seat", seat_page)]])
    w.phase(ids["dungeontwister"], [[Scene("dungeontwister-table", tab("table"))], [Scene("dungeontwister-seat", seat_page)]])
    w.keep(1)  # an enrolment dialog opens on every table page: the chart's would be closed by it
    w.phase(ids["over"], [[Scene("bigbang-over", game_over), Scene("bigbang-chart", chart)]])
    w.phase(None, [[Scene("bigbang-enrol-dialog", enrolment)]])
    w.phase(ids["gate"], [[Scene("bigbang-gate-dialog", option("gate", DIALOG))]])
    w.phase(ids["deal"], [[Scene("bigbang-real-deal", tab("table"))]])
    w.phase(ids["layout"], [[Scene("bigbang-real-deal-layout", tab("table"))]])


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
    names = {scene.split("/", 1)[1] for scene in walk.scenes}
    assert len(names) >= 27 and len(set(walk.scenes)) == len(names) * len(LANGUAGES), "a scene was not walked in every language"
    assert not walk.problems, f"{len(walk.problems)} layout problems:\n" + "\n".join(walk.problems)


def test_a_whole_game_asks_nothing_of_the_internet(walk):
    assert walk.scenes, "the walk did not run"
    assert not walk.outside, "requests to hosts other than 127.0.0.1:\n" + "\n".join(sorted(set(walk.outside)))
    assert not walk.failed, "requests the server could not answer:\n" + "\n".join(sorted(set(walk.failed)))
