"""The game-master tab, behind the PIN: the shell locks and unlocks it, the game draws what its
master view holds (Big Bang: the solution). Only this tab asks the session for the master view,
and only with the PIN typed on this page; leaving the tab locks it again."""
from __future__ import annotations

import flet as ft

from companion.contract import MASTER, View
from companion.errors import RuleError
from companion.i18n import _
from ui.games import screens_of
from ui.screen import Screen
from ui.widgets.common import BIG, MID, button, safe, text
from ui.widgets.keypad import DIGITS_LOW, ENTER, keypad, typed


def panel(app: Screen, view: View) -> ft.Control:
    session = app.companion.session
    assert session is not None
    if app.master.pin is not None:
        try:
            master = session.view(MASTER, app.master.pin)
        except RuleError as exc:
            app.master.pin = None
            app.note("refused", exc.text)
        else:
            return ft.Column([
                ft.Row([text(_("Game master only"), size=BIG, weight=ft.FontWeight.BOLD, expand=True),
                        button(_("Lock"), lambda e: lock(app), icon=ft.Icons.LOCK)]),
                ft.Container(screens_of(app).master_panel(app, master, view), expand=True),
            ], spacing=8, expand=True)
    return _lock_screen(app)


def _lock_screen(app: Screen) -> ft.Control:
    pin = ft.TextField(label=_("Game-master PIN"), password=True, text_size=22, width=240, keyboard_type=ft.KeyboardType.NUMBER)

    def unlock(e: object = None) -> None:
        session = app.companion.session
        assert session is not None
        try:
            session.view(MASTER, pin.value or "")
        except RuleError as exc:
            if session.pin_guard.locked:
                app.hub.redraw(app)  # every page shows the lock-out: the table knows someone tried
            app.tell("refused", exc.text)
            return
        app.master.pin, app.notice = pin.value, None
        app.render()

    def key(symbol: str) -> None:
        """The kiosk has no keyboard: digits by touch."""
        if symbol == ENTER:
            unlock()
            return
        pin.value = typed(pin.value or "", symbol)
        app.page.update()

    pin.on_submit = safe(unlock)
    keys = keypad(DIGITS_LOW, key, columns=4, width=72, size=BIG, height=52)
    app.fields.update(pin=pin, unlock=unlock, key=key)
    # The keypad first, three rows high, at the top: it shows whole even under a banner and a long prompt
    # (a red moon, in Russian); the words beside it may scroll.
    return ft.Row([
        keys,
        ft.Column([
            ft.Row([pin, button(_("Unlock"), unlock, icon=ft.Icons.LOCK_OPEN)], spacing=8, wrap=True, run_spacing=6),
            text(_("The game master's view shows what the players must not see. Players: look away."), size=MID),
        ], spacing=8, expand=True, scroll=ft.ScrollMode.AUTO),
    ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def lock(app: Screen) -> None:
    app.master.pin, app.tab = None, None
    app.go("game")

