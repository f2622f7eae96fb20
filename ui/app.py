"""The touchscreen app: one shared companion per process, any number of browser pages showing it.

`serve(companion, port, lan)` serves the Flet web app. Every page is an `App` with a viewer: the
table (the touchscreen, by default) or one seat (a phone that joined with the seat's code). A page
renders what its viewer may see and sends its taps as that viewer. Outcomes from any source (another
page, a button thread, the reader thread) reach each page through the `Hub`, which hands them to
that page's own event loop with `page.run_task` — no control is ever updated from a device thread.

A reloaded browser tab keeps its Flet session: Flet calls `on_disconnect`, then `on_connect`, and
never `main()` again. So a page leaves the hub on disconnect and comes back (and redraws) on
connect; otherwise it would stay deaf to every later change.
"""
from __future__ import annotations

import asyncio
import gettext
import logging
import threading
import weakref
from collections.abc import Callable
from typing import Any

import flet as ft

from companion import i18n as core_i18n
from companion.contract import TABLE, View, Viewer, seat_viewer
from companion.errors import RuleError
from companion.feedback import feedback
from companion.inputs import Option
from companion.messages import M, Text, joined
from companion.session import Session
from companion.table import Outcome, OutcomeKind
from ui import i18n
from ui.games import GameScreens, screens_of
from ui.guard import JoinThrottle, is_loopback, wait_seconds
from ui.joining import JoinCodes, code_in_route, join_route
from ui.ports import CompanionPort, PagePort, RingFramePort
from ui.redraw import redraw, settle
from ui.routes import ENROL, REMOTE, SCREENS
from ui.screen import Args, Cards, Choosing, Joining, MasterLock, Notice, ScreenName, SeatCodes, Wizard
from ui.seating import JoinRequest, Seating, back_after_restart, device_of, language_of, new_device, platform
from ui.widgets.common import safe
from ui.widgets.ring import RingPreview

log = logging.getLogger(__name__)

#: below this page width (a phone held upright) a screen stacks its parts in one scrolling column
NARROW = 600


class Hub:
    """Fans outcomes, ring frames, game switches and language changes out to every open page."""

    def __init__(self, companion: CompanionPort, join_base: str = "http://127.0.0.1:8550",
                 codes: JoinCodes | None = None, throttle: JoinThrottle | None = None):
        self.companion = companion
        self.join_base = join_base
        #: the seats' join codes, and wrong codes counted: both shared with the door (ui/guard.py), so a
        #: code typed on a page counts as one in a URL
        self.codes = codes or JoinCodes()
        self.throttle = throttle or JoinThrottle()
        self.seating = Seating()
        #: how long the Seats tab shows a seat's code after a tap, before it hides it again
        self.code_shown_s = 60.0
        self._lock = threading.Lock()
        self._apps: list[App] = []
        self._unsubscribe = [companion.subscribe(self.outcome), companion.on_switch(self.switched), companion.on_notice(self.redraw)]
        if companion.simulated_ring:
            self._unsubscribe.append(companion.add_ring_listener(self.ring))

    def add(self, app: App) -> None:
        with self._lock:
            if app not in self._apps:
                self._apps.append(app)

    def remove(self, app: App) -> None:
        with self._lock:
            if app in self._apps:
                self._apps.remove(app)

    @property
    def apps(self) -> list[App]:
        with self._lock:
            return list(self._apps)

    def outcome(self, outcome: Outcome) -> None:
        """On the input's thread, inside the table's lock: each page words it for its viewer now."""
        for app in self.apps:
            app.receive(outcome)

    def ring(self, frame: RingFramePort | None, level: int = 0) -> None:
        for app in self.apps:
            if app.ring_preview is not None:
                app.post(app.on_ring, frame)

    def switched(self) -> None:
        for app in self.apps:
            app.post(app.on_switched)

    def language_changed(self, source: object = None) -> None:
        """Every other page words itself afresh, its open dialog too (the one that switched draws itself)."""
        for app in self.apps:
            if app is not source:
                app.post(app.relanguage)

    def redraw(self, source: object = None) -> None:
        """Every other page draws afresh (the one that caused it draws itself)."""
        for app in self.apps:
            if app is not source:
                app.post(app.render)

    def redraw_seat(self, seat: str | None, source: object = None) -> None:
        """The pages of `seat` (who is connected changed) and the table's pages draw afresh."""
        for app in self.apps:
            if app is not source and (app.viewer.seat == seat or app.is_table):
                app.post(app.render)

    def pages_on(self, seat: str) -> list[App]:
        """The open pages showing `seat`."""
        return [app for app in self.apps if app.viewer.seat == seat]

    def join_url(self, code: str) -> str:
        return self.join_base + join_route(code)

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()


class App:
    """One browser page: its viewer, which screen it shows, and the handlers its controls call."""

    def __init__(self, page: PagePort, companion: CompanionPort, hub: Hub):
        self.page = page
        self.companion = companion
        self.hub = hub
        self.viewer: Viewer = TABLE
        self.screen: ScreenName = "game" if companion.playing else "home"
        self.tab: str | None = None  # None: the first tab
        self.notice: Notice | None = None
        # what each feature remembers between taps (ui/screen.py)
        self.choosing = Choosing()
        self.wizard = Wizard()
        self.cards = Cards()
        self.master = MasterLock()
        self.seat_codes = SeatCodes()
        self.joining = Joining(back=back_after_restart(getattr(page, "client_user_agent", None)))
        self.ring_preview: RingPreview | None = None
        #: the browser this page is in (the door's device cookie); a page without one is a device of its own
        self.device = device_of(getattr(page, "client_user_agent", None)) or new_device()
        #: the language this page reads in: a phone's own (its browser's, or chosen on it); None: the table's
        self.language: str | None = (language_of(getattr(page, "client_user_agent", None)) or None) if self.remote else None
        _PAGES[id(page)] = self
        self.root: ft.Control | None = None
        self.dialog: ft.DialogControl | None = None
        #: how to make the open dialog again, so a language switch words it afresh (None: it cannot be)
        self.remake_dialog: Callable[[], object] | None = None
        #: withdraws the open dialog's offer to be answered by a scanned card (None: it makes none)
        self._withdraw_cards: Callable[[], None] | None = None
        #: handles on the current screen's fields (tests and debugging read them)
        self.fields: dict[str, Any] = {}
        self._drawn_narrow = False
        #: the session the page showed when last drawn (a game switch redraws the pages that show another)
        self._drawn_session: Session | None = None

    # -- what this page shows ------------------------------------------------------------------------
    @property
    def screens(self) -> GameScreens:
        return screens_of(self)

    def view(self) -> View:
        session = self.companion.session
        if session is None:
            raise RuleError("NO_GAME", M("No game is on."))
        return session.view(self.viewer)

    def options(self) -> list[Option]:
        table = self.companion.table
        return table.options(self.viewer) if table is not None else []

    @property
    def is_table(self) -> bool:
        return self.viewer == TABLE

    @property
    def remote(self) -> bool:
        """Opened from another machine (a phone, with --lan): it may only be a seat's page, never the
        table's (setup, saved games, cards, the simulator) nor the game master's."""
        return bool(self.client) and not is_loopback(self.client)

    @property
    def client(self) -> str:
        """The address the page was opened from ("" when unknown)."""
        address = getattr(self.page, "client_ip", None)
        return address if isinstance(address, str) else ""

    @property
    def narrow(self) -> bool:
        """A phone held upright: the screens stack their parts instead of setting them side by side."""
        width = getattr(self.page, "width", None)
        return isinstance(width, (int, float)) and 0 < width < NARROW

    # -- plumbing ------------------------------------------------------------------------------------
    def post(self, handler: Callable[[*Args], object], *args: *Args, after: float = 0.0) -> None:
        """Run `handler(*args)` on this page's event loop (from any thread), `after` seconds from now."""
        async def run() -> None:
            if after:
                await asyncio.sleep(after)
            try:
                settle()
                handler(*args)
            except Exception:
                log.exception("page update failed")

        try:
            self.page.run_task(run)
        except Exception:  # the page is gone (or between a reload's disconnect and connect)
            self.hub.remove(self)

    def render(self) -> None:
        """Draw the current screen afresh; a screen that fails to draw falls back to home."""
        phone_unseated = self.remote and not self.viewer.is_seat  # a phone is a seat's page or nothing
        self.ring_preview = None  # the simulator's panel sets it again if this screen shows the ring
        self.fields = {}
        self._drawn_narrow = self.narrow
        fallback = REMOTE if self.remote else SCREENS["home"]  # a phone never falls back to the table's home
        with i18n.speaking(self.language):
            try:
                self.root = (REMOTE if phone_unseated else SCREENS[self.screen])(self)
            except Exception:
                log.exception("the %s screen failed to draw", self.screen)
                self.screen, self.notice = "home", Notice("refused", M("That screen failed to draw; the log says why."))
                self.root = fallback(self)
        self._drawn_session = self.companion.session
        redraw(self.page, self.root)  # only what changed travels (ui/redraw.py)

    def go(self, screen: ScreenName, tab: str | None = None) -> None:
        leaving_master = self.tab == "master" and (tab != "master" or screen != "game")
        self.screen = screen
        if tab:
            self.tab = tab
        self.choosing.clear()
        if leaving_master:
            self.master.pin = None  # leaving the game-master tab locks it again
        self.render()

    def show_dialog(self, dialog: ft.DialogControl, remake: Callable[[], object] | None = None,
                    cards: Callable[[str], bool] | None = None) -> None:
        """Show `dialog`; `remake()` shows it again in the current language after a language switch;
        `cards(card_id)`, while it is open, picks what a card scanned by this page's viewer answers in it."""
        self.close_dialog()
        self.dialog, self.remake_dialog = dialog, remake
        table = self.companion.table
        if cards is not None and table is not None:
            self._withdraw_cards = table.offer_cards(self.viewer, cards)
        self.page.show_dialog(dialog)

    def option_dialog(self, option: Option) -> bool:
        """Open the game's own screen for `option` (a fight, a gate attempt…); False when it has none."""
        if not self.screens.dialog(self, option):
            return False
        if self.dialog is not None and self.remake_dialog is None:
            self.remake_dialog = lambda: self.screens.dialog(self, option)
        return True

    def relanguage(self) -> None:
        """The table's language changed: draw afresh, and the open dialog too (what was picked in it
        is lost; its words would otherwise stay in the old language)."""
        remake = self.remake_dialog
        self.render()
        if remake is not None and self.dialog is not None:
            remake()
            if self.dialog is not None and self.remake_dialog is None:
                self.remake_dialog = remake

    def close_dialog(self, *_args: object) -> None:
        withdraw, self._withdraw_cards = self._withdraw_cards, None
        if withdraw is not None:
            withdraw()
        if self.dialog is not None:
            self.dialog, self.remake_dialog = None, None
            try:
                self.page.pop_dialog()
            except Exception:
                log.debug("no dialog to close")

    def close_enrol(self) -> None:
        if self.cards.enrolling is not None:
            self.cards.enrolling = None
            self.close_dialog()

    def note(self, kind: OutcomeKind, message: Text) -> None:
        """Keep `message` to show under the prompt (or on the home screen) when next drawn."""
        self.notice = Notice(kind, message)

    def tell(self, kind: OutcomeKind, message: Text) -> None:
        """Show `message` under the prompt (or on the home screen) now."""
        self.note(kind, message)
        self.render()

    # -- the page's life -----------------------------------------------------------------------------
    def opened(self, route: str | None) -> None:
        """The page's first drawing: a join URL makes it that seat's page, else the table's."""
        if not self._join_route(route):
            self.render()

    def connected(self) -> None:
        """Back after a reload or a dropped connection (Flet kept the session and calls no main()):
        hear the table again, and redraw the game, which may have moved on meanwhile. Any other
        screen stays as it was, with what was typed into it."""
        self.hub.add(self)
        if not self._join_route(getattr(self.page, "route", None)) and self.screen == "game":
            self.render()
        if self.viewer.is_seat:
            self.hub.redraw_seat(self.viewer.seat, source=self)

    def disconnected(self) -> None:
        withdraw, self._withdraw_cards = self._withdraw_cards, None
        if withdraw is not None:  # a scan must not answer a dialog nobody sees
            withdraw()
        self.hub.remove(self)
        if self.viewer.is_seat:
            self.hub.redraw_seat(self.viewer.seat, source=self)

    def closed(self) -> None:
        """The page is gone for good: its request to join goes too."""
        self.stop_waiting()
        self.disconnected()

    def resized(self) -> None:
        """A phone turned: draw again when the layout changes between narrow and wide."""
        if self.narrow != self._drawn_narrow:
            self.render()

    def follow_route(self, route: str | None) -> None:
        """The address changed: a join URL ("/join/123456") makes this page that seat's page.
        Anything else changes nothing (Flet also reports routes late; a redraw would wipe a form)."""
        self._join_route(route)

    def _join_route(self, route: str | None) -> bool:
        """Join the seat `route` names, unless this page is that seat already; True when it joined (or tried)."""
        code = code_in_route(route)
        if code is None:
            return False
        session = self.companion.session
        if self.viewer.is_seat and session is not None and self.hub.codes.codes(session).get(self.viewer.seat or "") == code:
            return False
        self.join(code, push_route=False)
        return True

    def join(self, code: str, push_route: bool = True) -> bool:
        """Become the page of the seat that `code` joins; False (and a notice) for an unknown code, or
        for any code while this phone (or every phone together) has guessed too many wrong ones."""
        wait = self.hub.throttle.wait(self.client) if self.remote else 0.0
        seat = self._seat_of(code) if wait <= 0 else None
        if seat is None:
            self.viewer, self.screen = TABLE, "home"
            self.tell("refused", M("Too many wrong join codes: try again in {n} seconds.", n=wait_seconds(wait)) if wait > 0
                      else M("No seat of the game on the table has the code {code}.", code=code.strip()))
            return False
        session = self.companion.session
        if self.remote and not self.hub.seating.admit(session, seat, self.device):
            self._ask_to_join(seat, code)
            return False
        self._take_seat(seat, code, push_route)
        return True

    def _take_seat(self, seat: str, code: str, push_route: bool) -> None:
        restarted = self.joining.back
        self.joining = Joining(code=code)  # no longer waiting; the restart is said once
        self.viewer, self.screen, self.tab, self.master.pin = seat_viewer(seat), "game", None, None
        self.notice = Notice("applied", M("The companion restarted: you are {seat} again.", seat=self.seat_name(seat))) if restarted else None
        self.choosing.clear()
        if push_route:
            self._set_route(join_route(code))
        self.render()
        self.hub.redraw_seat(seat, source=self)

    def _ask_to_join(self, seat: str, code: str) -> None:
        """Another device holds `seat`: wait until it (or the table) lets this one in."""
        self.joining.waiting = (self.hub.seating.ask(self.companion.session, seat, self.device, self), code)
        self.viewer, self.screen, self.notice = TABLE, "home", None
        self.render()
        self.hub.redraw_seat(seat, source=self)

    def may_answer(self, request: JoinRequest) -> bool:
        """The table (the Pi's own screen) and the devices let in on the seat decide who else comes in."""
        if not self.remote:
            return True
        return self.viewer.seat == request.seat and self.device in self.hub.seating.devices(self.companion.session, request.seat)

    def answer(self, request: JoinRequest, allow: bool) -> None:
        """Allow or Refuse on a request to join; the first answer counts, the waiting page hears it."""
        if not self.may_answer(request) or self.hub.seating.answer(request.id, allow) is None:
            self.render()
            return
        request.page.answered(request, allow)
        self.render()
        self.hub.redraw_seat(request.seat, source=self)

    def answered(self, request: JoinRequest, allow: bool) -> None:
        """This page's request to join was answered (on another page's loop): hear it on this page's."""
        self.post(self.let_in if allow else self.kept_out, request)

    def let_in(self, request: JoinRequest) -> None:
        waiting = self.joining.waiting
        if waiting is not None and waiting[0] == request:
            self._take_seat(request.seat, waiting[1], push_route=True)

    def kept_out(self, request: JoinRequest) -> None:
        if self.joining.waiting is not None and self.joining.waiting[0] == request:
            self.joining.waiting = None
            self.tell("refused", M("This device was not let in on the seat {seat}.", seat=self.seat_name(request.seat)))

    def stop_waiting(self) -> None:
        if self.joining.waiting is not None:
            seat = self.joining.waiting[0].seat
            self.hub.seating.withdraw(self)
            self.joining.waiting = None
            self.render()
            self.hub.redraw_seat(seat, source=self)

    def seat_name(self, seat: str) -> str:
        session = self.companion.session
        found = next((s.name for s in session.seats if s.id == seat), None) if session is not None else None
        return found or seat

    def describe_device(self) -> str:
        """How other screens name this page's device: its kind and address ("Android · 192.168.1.21")."""
        return " · ".join(part for part in (platform(getattr(self.page, "client_user_agent", None)), self.client) if part)

    def show_code(self, seat: str | None) -> None:
        """The Seats tab shows `seat`'s code and QR code (None: none), hidden again after a while."""
        self.seat_codes.shown = seat
        self.seat_codes.taps += 1
        if seat is not None:
            tap = self.seat_codes.taps
            timer = threading.Timer(self.hub.code_shown_s, lambda: self.post(self._hide_code, tap))
            timer.daemon = True
            timer.start()
        self.render()

    def _hide_code(self, tap: int) -> None:
        if tap == self.seat_codes.taps and self.seat_codes.shown is not None:
            self.seat_codes.shown = None
            self.render()

    def _seat_of(self, code: str) -> str | None:
        """The seat `code` joins; a phone's code is looked up only as the join throttle allows."""
        session = self.companion.session
        if not self.companion.playing or session is None:
            return None
        if not self.remote:
            return self.hub.codes.seat(session, code)
        return self.hub.throttle.attempt(self.client, lambda: self.hub.codes.seat(session, code))

    def dismiss_notice(self, notice: Text) -> None:
        """OK on a notice: no page shows it any more."""
        if notice in self.companion.notices:
            self.companion.notices.remove(notice)
        self.hub.redraw(self)
        self.render()

    def leave_seat(self) -> None:
        """A seat page goes back to being a table page, on the home screen."""
        seat = self.viewer.seat
        self.viewer, self.tab, self.notice, self.joining.code = TABLE, None, None, None
        self._set_route("/")
        self.go("home")
        self.hub.redraw_seat(seat, source=self)

    def _set_route(self, route: str) -> None:
        """Put the seat in the address bar, so a reload after the session expired joins it again."""
        navigate = getattr(self.page, "navigate", None)
        if callable(navigate):
            try:
                navigate(route)
            except Exception:  # no running loop (tests) or no browser: the page still works
                log.debug("could not set the route %s", route)

    # -- events from the hub -------------------------------------------------------------------------
    def receive(self, outcome: Outcome) -> None:
        """Called on the input's thread while the table still holds the steps: word the outcome for
        this page's viewer, then hand it to the page's loop."""
        try:
            notice = self.notice_for(outcome)
        except Exception:
            log.exception("could not word an outcome for %s", self.viewer)
            notice = None
        self.post(self.on_outcome, outcome, notice)

    def notice_for(self, outcome: Outcome) -> Notice | None:
        """What this page may read of `outcome`: a step as described for its own viewer (never the
        table's wording of another seat's secret); refusals and menu moves only on the pages of the
        viewer who made them."""
        session = self.companion.session
        if feedback(outcome.kind).readers == "sender":
            return Notice(outcome.kind, outcome.message) if outcome.by == self.viewer else None
        if outcome.steps and session is not None:
            line: Text = joined([session.describe(step, self.viewer) for step in outcome.steps], "; ")
            if outcome.kind == "undone":  # first the step the game is back at (what the screen shows now), then what was undone
                history = session.history
                now = (M("Now at step {n}: {line}.", n=history[-1].number, line=session.describe(history[-1], self.viewer)) if history
                       else M("Back to the start."))
                line = joined([now, M("Undone: {steps}", steps=line)])
            elif outcome.kind == "redone":
                line = M("Redone: {steps}", steps=line)
            return Notice(outcome.kind, line)
        return Notice(outcome.kind, outcome.message) if self.is_table else None

    def on_outcome(self, outcome: Outcome, notice: Notice | None) -> None:
        noticed = feedback(outcome.kind)
        if noticed.enrol:
            if self.is_table or outcome.by == self.viewer:
                self.cards.enrolling = outcome.uid
                ENROL(self, outcome.uid or "", outcome.by)
            return
        if noticed.moved:
            self.choosing.clear()
        if notice is not None:
            self.notice = notice
        if self.screen == "game":
            self.render()

    def on_ring(self, frame: RingFramePort | None) -> None:
        if self.ring_preview is not None:
            self.ring_preview.show(frame)
            self.ring_preview.control.update()  # only the LEDs: a page update re-sends every button's style

    def on_switched(self) -> None:
        """Another game started or was resumed: seats of the old game are gone. The table page that
        started or resumed it already shows it (its own tap drew the game): it is left as it is — a
        second drawing would wipe the start's notice, and a tab tapped in between."""
        session = self.companion.session
        drawn_afresh = self.dialog is None and self.choosing.idle and self.master.pin is None
        if session is not None and self._drawn_session is session and self.screen == "game" and not self.viewer.is_seat and drawn_afresh:
            return
        self.master.pin, self.joining.waiting, self.seat_codes.shown = None, None, None
        self.choosing.clear()
        self.close_dialog()
        code = self.joining.code
        seat = self.hub.codes.seat(session, code) if session is not None and code else None
        if seat is not None:  # the same saved game again: its codes are the same, and the page is back on its seat
            self.viewer, self.screen = seat_viewer(seat), "game"
            self.notice = Notice("applied", M("The table is back at this game: you are {seat} again.", seat=self.seat_name(seat)))
        elif self.viewer.is_seat:
            self.viewer, self.screen, self.tab = TABLE, "home", None
            self.notice = Notice("refused", M("Another game started: join a seat again with its new code."))
        else:
            self.notice = None
            if self.screen in ("game", "home"):
                self.screen, self.tab = ("game" if self.companion.playing else "home"), None
        self.render()

    # -- actions the screens call --------------------------------------------------------------------
    def command(self, request: dict[str, Any]) -> Outcome:
        """A tap that is a game command, sent as this page's viewer; the outcome reaches every page
        (this one too) through the hub."""
        table = self.companion.table
        if table is None:
            return Outcome("nothing", M("No game is on."), by=self.viewer)
        with i18n.speaking(None):  # the voice speaks the table's language, whoever tapped
            return table.command(request, self.viewer)

    def undo(self, *_args: object, steps: int = 1) -> Outcome | None:
        table = self.companion.table
        with i18n.speaking(None):
            return table.undo(steps, self.viewer) if table is not None else None

    def redo(self, *_args: object, steps: int = 1) -> Outcome | None:
        table = self.companion.table
        with i18n.speaking(None):
            return table.redo(steps, self.viewer) if table is not None else None

    def set_language(self, code: str) -> None:
        """The table's page switches the table's language (the voice's, and every page that follows
        it); a phone switches only its own."""
        i18n.translation(code)  # an unknown code is refused before anything changes
        if self.remote:
            self.language = code
            self.relanguage()
            return
        i18n.set_language(code)
        self.companion.keep_language(code)  # the voice speaks it after a restart too
        self.render()
        self.hub.language_changed(source=self)


#: every page's App by its Flet page's id, so a text rendered while a page's event is handled reads in that page's language
_PAGES: weakref.WeakValueDictionary[int, App] = weakref.WeakValueDictionary()


def _event_language() -> gettext.NullTranslations | None:
    """The catalogue of the page whose event Flet is handling now (None: the table's)."""
    try:
        page = ft.context.page
    except Exception:  # no page: a device thread, the speaker, a test
        return None
    app = _PAGES.get(id(page))
    return i18n.translation(app.language) if app is not None and app.language else None


def setup_page(page: ft.Page) -> None:
    """Page-wide look: dark, the bundled font (symbols and Cyrillic), sized for 800×480 and for fingers:
    Flutter gives a browser on a desktop OS (Linux, so the Pi's kiosk too) the compact density of a
    mouse — 40 px icon buttons, 43 px text fields; the standard density makes them 48 px targets."""
    page.title = "Table companion"  # DejaVu Sans itself is in Flutter's font manifest (ui/webroot.py): loaded before the first frame
    def look() -> ft.Theme:
        return ft.Theme(font_family="DejaVu Sans", color_scheme_seed=ft.Colors.INDIGO, visual_density=ft.VisualDensity.STANDARD)
    page.theme = look()
    page.dark_theme = look()
    page.theme_mode = ft.ThemeMode.DARK
    page.bgcolor = "#11151c"
    page.padding = 6
    page.spacing = 4


def build_app(companion: CompanionPort, hub: Hub) -> Callable[[ft.Page], None]:
    """The Flet `main(page)`: one `App` per page, registered with the hub for as long as it is connected."""

    core_i18n.follow(_event_language)

    def main(page: ft.Page) -> None:
        setup_page(page)
        app = App(page, companion, hub)
        page.on_connect = safe(lambda e: app.connected())
        page.on_disconnect = safe(lambda e: app.disconnected())
        page.on_close = safe(lambda e: app.closed())
        page.on_route_change = safe(lambda e: app.follow_route(page.route))
        page.on_resize = safe(lambda e: app.resized())
        hub.add(app)
        app.opened(page.route)

    return main
