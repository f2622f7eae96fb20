"""The touchscreen app: one shared game per process, any number of browser pages showing it.

`serve()` opens the save file, the card catalogue, a session (new or resumed) with its `Table`, and
the `Rig` (buttons, card reader, ring — simulated unless a hardware config says otherwise), then
serves the Flet web app. Every page is an `App`: it renders from the session's public view and sends
taps to the table. Outcomes from any source (another page, a button thread, the reader thread)
reach each page through the `Hub`, which hands them to that page's own event loop with
`page.run_task` — no control is ever updated from a device thread.
"""
from __future__ import annotations

import asyncio
import logging
import random
import threading
from pathlib import Path
from typing import Any, Callable

import flet as ft

from companion.cards import CardCatalogue
from companion.errors import RuleError
from companion.i18n import _
from companion.registry import get_game
from companion.session import Session
from companion.store import EventStore
from companion.table import Outcome, Table

log = logging.getLogger(__name__)

ASSETS = Path(__file__).resolve().parent / "assets"
GAME_ID = "bigbang"
#: tags on the simulator's card tray that are not enrolled, to try the enrolment dialog
SPARE_TAGS = ("04a1b2c3d4e5f6", "04c0ffee123456", "deadbeef")


class Hub:
    """Fans table outcomes, ring frames and "the game changed" out to every open page."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._apps: list["App"] = []

    def add(self, app: "App") -> None:
        with self._lock:
            self._apps.append(app)

    def remove(self, app: "App") -> None:
        with self._lock:
            if app in self._apps:
                self._apps.remove(app)

    @property
    def apps(self) -> list["App"]:
        with self._lock:
            return list(self._apps)

    def outcome(self, outcome: Outcome) -> None:
        for app in self.apps:
            app.post(app.on_outcome, outcome)

    def ring(self, frame, level: int) -> None:
        for app in self.apps:
            app.post(app.on_ring, frame)

    def changed(self, source: "App | None" = None) -> None:
        """The game was switched or the language changed: every page renders afresh."""
        for app in self.apps:
            if app is not source:
                app.post(app.on_changed)


class Companion:
    """The process's one game: store, catalogue, session, table and rig, shared by every page."""

    def __init__(self, db_path: str | Path, hardware_config: str | Path | None = None, seed: int | None = None,
                 resume: bool = False, rig_factory: Callable | None = None):
        from hardware import config

        self.game = get_game(GAME_ID)
        self.store = EventStore(db_path)
        self.catalogue = CardCatalogue(self.store.path)
        self.hardware = config.load(hardware_config)
        self.seed = seed
        self.hub = Hub()
        self._lock = threading.RLock()
        self._rig_factory = rig_factory
        self.rig = None
        self._ring_off: Callable | None = None
        saved = [g for g in self.store.games(GAME_ID) if g.summary.get("status") not in (None, "setup")]
        if resume and saved:
            session = Session.resume(self.game, self.store, saved[0].id)
        else:
            session = self._blank()
        self._install(session)

    # -- the shared game -------------------------------------------------------------------------
    def _next_seed(self) -> int:
        if self.seed is not None:
            return self.seed
        return random.SystemRandom().randrange(2**31)

    def _blank(self) -> Session:
        """A game in setup that is not saved yet (the save file gets a row only once it starts)."""
        return Session(self.game, self._next_seed())

    def _install(self, session: Session) -> None:
        with self._lock:
            if self.rig is not None:
                if self._ring_off:
                    self._ring_off()
                self.rig.close()
            self.session = session
            self.table = Table(session, self.catalogue)
            self.table.subscribe(self.hub.outcome)
            self.rig = self._open_rig(self.table)
            ring = getattr(self.rig, "ring", None)
            self._ring_off = ring.add_listener(self.hub.ring) if hasattr(ring, "add_listener") else None

    def _open_rig(self, table: Table):
        if self._rig_factory is not None:
            return self._rig_factory(self.hardware, table)
        from hardware.rig import Rig

        return Rig(self.hardware, table)

    def start(self, request: dict) -> Outcome:
        """Start a new game with a `start` command: checked on an unsaved session first, so a
        refused start leaves no empty game in the save file and the current game untouched."""
        seed = self._next_seed()
        trial = Session(self.game, seed)
        try:
            trial.apply(request)
        except RuleError as exc:
            return Outcome("refused", exc.message, error=exc)
        session = Session.new(self.game, self.store, seed)
        step = session.apply(request)
        self._install(session)
        self.hub.changed()
        return Outcome("applied", step.description, step=step)

    def resume(self, game_id: int) -> Outcome:
        try:
            session = Session.resume(self.game, self.store, game_id)
        except RuleError as exc:
            return Outcome("refused", exc.message, error=exc)
        self._install(session)
        self.hub.changed()
        return Outcome("applied", _("Game {id} resumed.").format(id=game_id))

    def saved_games(self) -> list:
        return [g for g in self.store.games(GAME_ID) if g.summary.get("status") not in (None, "setup")]

    def view(self) -> dict:
        return self.session.public_view()

    # -- simulation ------------------------------------------------------------------------------
    @property
    def simulated_buttons(self) -> bool:
        return bool(getattr(self.rig, "simulated_buttons", False))

    @property
    def simulated_reader(self) -> bool:
        from hardware.readers.simulated import SimulatedReader

        return isinstance(getattr(self.rig, "reader", None), SimulatedReader)

    @property
    def simulated_ring(self) -> bool:
        return hasattr(getattr(self.rig, "ring", None), "frame")

    @property
    def simulation(self) -> bool:
        return self.simulated_buttons or self.simulated_reader or self.simulated_ring

    def tray(self) -> list[tuple[str, str]]:
        """The simulator's card tray: (uid, label) of every enrolled tag of this game, then spares."""
        known = [(e.uid, e.label or _card_label(e.card)) for e in self.catalogue.list(GAME_ID)]
        uids = {uid for uid, _label in known}
        spare = [(uid, _("Unknown tag {uid}").format(uid=uid)) for uid in SPARE_TAGS if uid not in uids]
        return known + spare

    def close(self) -> None:
        with self._lock:
            if self.rig is not None:
                self.rig.close()
            self.store.close()


def _card_label(card: str) -> str:
    from companion.cards import enrolable_cards

    for c in enrolable_cards(GAME_ID):
        if c.id == card:
            return c.name
    return card


class App:
    """One browser page: which screen it shows, and the handlers its controls call."""

    def __init__(self, page, companion: Companion):
        self.page = page
        self.companion = companion
        self.screen = "home"
        self.tab = "table"
        self.message: tuple[str, str] | None = None  # (kind, text) of the last outcome
        self.pending: dict | None = None  # an option whose asks are being answered on screen
        self.swap_first: str | None = None  # Sheldon's swap: the first letter tapped
        self.master_pin: str | None = None  # the PIN that unlocked the game-master view on this page
        self.enrol_uid: str | None = None
        self.ring_preview = None
        self.root: ft.Control | None = None
        self.dialog = None
        if companion.session.state.status != "setup":
            self.screen = "game"

    # -- plumbing ------------------------------------------------------------------------------------
    def post(self, handler: Callable, *args) -> None:
        """Run `handler(*args)` on this page's event loop (from any thread)."""
        async def run():
            try:
                handler(*args)
            except Exception:
                log.exception("page update failed")
        try:
            self.page.run_task(run)
        except Exception:  # the page is gone
            self.companion.hub.remove(self)

    def render(self) -> None:
        from ui.views import bigbang, cards, home, setup

        builders = {"home": home.build, "setup": setup.build, "cards": cards.build, "game": bigbang.build}
        if self.screen != "game":
            self.ring_preview = None
        self.root = builders[self.screen](self)
        self.page.controls.clear()
        self.page.controls.append(self.root)
        self.page.update()

    def go(self, screen: str, tab: str | None = None) -> None:
        self.screen = screen
        if tab:
            self.tab = tab
        self.pending = None
        self.swap_first = None
        if (tab or self.tab) != "master" or screen != "game":
            self.master_pin = None  # leaving the game-master view locks it again
        self.render()

    def show_dialog(self, dialog) -> None:
        self.close_dialog()
        self.dialog = dialog
        self.page.show_dialog(dialog)

    def close_dialog(self, *_args) -> None:
        if self.dialog is not None:
            self.dialog = None
            try:
                self.page.pop_dialog()
            except Exception:
                log.debug("no dialog to close")

    def close_enrol(self) -> None:
        if self.enrol_uid is not None:
            self.enrol_uid = None
            self.close_dialog()

    # -- events from the hub -------------------------------------------------------------------------
    def on_outcome(self, outcome: Outcome) -> None:
        if outcome.kind == "enrol":
            from ui.views.cards import enrol_dialog

            self.enrol_uid = outcome.uid
            self.show_dialog(enrol_dialog(self, outcome.uid))
            return
        if outcome.kind in ("applied", "undone", "redone"):
            self.pending = None
            self.swap_first = None
        self.message = (outcome.kind, outcome.message)
        if self.screen == "game":
            self.render()

    def on_ring(self, frame) -> None:
        if self.ring_preview is not None:
            self.ring_preview.show(frame)
            self.page.update()

    def on_changed(self) -> None:
        self.pending = None
        self.swap_first = None
        self.master_pin = None
        self.message = None
        if self.screen in ("game", "home"):
            self.screen = "game" if self.companion.session.state.status != "setup" else "home"
            self.render()

    # -- actions the screens call --------------------------------------------------------------------
    def command(self, request: dict) -> Outcome:
        """A tap that is a game command; the outcome reaches every page (this one too) through the hub."""
        return self.companion.table.command(request)

    def undo(self, *_args, steps: int = 1) -> Outcome:
        return self.companion.table.undo(steps)

    def redo(self, *_args, steps: int = 1) -> Outcome:
        return self.companion.table.redo(steps)

    def set_language(self, code: str) -> None:
        from ui import i18n

        i18n.set_language(code)
        self.render()
        self.companion.hub.changed(source=self)


def setup_page(page) -> None:
    """Page-wide look: dark, the bundled font (symbols and Cyrillic), sized for 800×480."""
    page.title = "Table companion"
    page.fonts = {"DejaVu Sans": "fonts/DejaVuSans.ttf"}
    page.theme = ft.Theme(font_family="DejaVu Sans", color_scheme_seed=ft.Colors.INDIGO)
    page.dark_theme = ft.Theme(font_family="DejaVu Sans", color_scheme_seed=ft.Colors.INDIGO)
    page.theme_mode = ft.ThemeMode.DARK
    page.bgcolor = "#11151c"
    page.padding = 6
    page.spacing = 4


def build_app(companion: Companion) -> Callable:
    """The Flet `main(page)` for this companion: one `App` per page, registered with the hub."""

    def main(page: ft.Page) -> None:
        setup_page(page)
        app = App(page, companion)
        companion.hub.add(app)

        def gone(_e=None):
            companion.hub.remove(app)

        page.on_disconnect = gone
        page.on_close = gone
        app.render()

    return main


def serve(db_path, hardware_config=None, port: int = 8550, lan: bool = False, seed: int | None = None,
          resume: bool = False) -> None:
    """Serve the companion's touchscreen UI until interrupted (blocking)."""
    companion = Companion(db_path, hardware_config, seed=seed, resume=resume)
    try:
        ft.run(build_app(companion), view=ft.AppView.WEB_BROWSER, host="0.0.0.0" if lan else "127.0.0.1",
               port=port, no_cdn=True, assets_dir=str(ASSETS))
    finally:
        companion.close()


def run_sync(coro) -> Any:  # used by tests' fake pages
    return asyncio.run(coro)
