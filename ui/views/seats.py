"""The seats tab of the table screen: for each seat, who is connected and, behind a tap, its join code
and a QR code of its join URL — one seat at a time, hidden again after a while (ui/app.py
`Screen.show_code`), so the shared screen never shows every seat's way in at once.
A phone that opens the URL (or types the code on its landing page) becomes that seat's screen."""
from __future__ import annotations

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.messages import P, render
from ui.joining import grouped
from ui.screen import Screen
from ui.widgets.common import BODY, BUTTON_HEIGHT, BUTTON_PADDING, CAPTION, MUTED, button, card, keyed, seat_chip, seat_screen_colour, text
from ui.widgets.fit import lines
from ui.widgets.qr import qr_image

TILE = 176


def panel(app: Screen, view: View) -> ft.Control:
    session = app.companion.session
    assert session is not None
    codes = app.hub.codes.codes(session)
    tiles = [_seat_tile(app, index, seat.id, seat.name, seat_screen_colour(view.seats, seat.id), codes[seat.id])
             for index, seat in enumerate(view.seats)]
    return ft.Column([
        text(_("Each player may follow the game on a phone: show your seat's code, then scan it or type it on the phone."),
             size=CAPTION, color=MUTED),
        ft.Row(tiles, spacing=8, wrap=True, run_spacing=8),
        keyed(button(_("New codes"), lambda e: _renew(app), icon=ft.Icons.REFRESH, max_lines=1), "new-codes"),
    ], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)


def _renew(app: Screen) -> None:
    """Every seat's code changes: a photo of an old one opens nothing (pages on their seats stay)."""
    session = app.companion.session
    if session is not None:
        app.hub.codes.renew(session)
    app.show_code(None)
    app.hub.redraw(app)


def _seat_tile(app: Screen, index: int, seat: str, name: str, background: str, code: str) -> ft.Control:
    parts: list[ft.Control] = [seat_chip(name, background, size=BODY, width=TILE - 16), text(_connected(app, seat), size=CAPTION, color=MUTED)]
    if app.seat_codes.shown == seat:
        url = app.hub.join_url(code)
        parts += [
            qr_image(url, size=132, label=_("QR code to join as {name}").format(name=name)),
            ft.Semantics(label=_("Join code of {name}: {code}").format(name=name, code=code),
                         content=text(grouped(code), size=20, weight=ft.FontWeight.BOLD)),
            text(url, size=CAPTION, color=MUTED),  # read, not copied: a selectable text is a 32 px text field to a finger
            keyed(button(_("Hide"), lambda e: app.show_code(None), icon=ft.Icons.VISIBILITY_OFF, width=TILE - 16, max_lines=1),
                  "hide-code"),
        ]
    else:
        # as many lines as the label needs: a long name ("Show Michael McAllister's code") is never cut
        label = _("Show {name}'s code").format(name=name)
        rows = lines(label, TILE - 16 - 2 * BUTTON_PADDING[0], BODY)
        parts.append(keyed(button(label, lambda e: app.show_code(seat), width=TILE - 16, height=max(BUTTON_HEIGHT, rows * 26 + 12),
                                  max_lines=rows), f"show-code:{index}"))
    return card(ft.Column(parts, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True), width=TILE)


def _connected(app: Screen, seat: str) -> str:
    devices = {page.device for page in app.hub.pages_on(seat) if page.remote}
    return render(P("on {n} phone", "on {n} phones", n=len(devices))) if devices else _("on no phone yet")
