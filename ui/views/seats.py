"""The seats tab of the table screen: for each seat, its join code and a QR code of its join URL.
A phone that opens the URL (or types the code on the home screen) becomes that seat's screen."""
from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.contract import View
from companion.i18n import _
from ui.joining import grouped
from ui.widgets.common import MUTED, SMALL, card, seat_chip, seat_screen_colour, text
from ui.widgets.qr import qr_image

if TYPE_CHECKING:
    from ui.app import App


def panel(app: App, view: View) -> ft.Control:
    session = app.companion.session
    assert session is not None
    codes = app.hub.codes.codes(session)
    tiles = [_seat_tile(app, seat.name, seat_screen_colour(view.seats, seat.id), codes[seat.id]) for seat in view.seats]
    return ft.Column([
        text(_("Each player may follow the game on a phone: scan your seat's code, or type its number on the home screen."),
             size=SMALL, color=MUTED),
        ft.Row(tiles, spacing=8, wrap=True, run_spacing=8),
    ], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)


def _seat_tile(app: App, name: str, background: str, code: str) -> ft.Control:
    url = app.hub.join_url(code)
    return card(ft.Column([
        seat_chip(name, background, size=18),
        qr_image(url, size=132, label=_("QR code to join as {name}").format(name=name)),
        ft.Semantics(label=_("Join code of {name}: {code}").format(name=name, code=code),
                     content=text(grouped(code), size=20, weight=ft.FontWeight.BOLD)),
        text(url, size=11, color=MUTED),  # read, not copied: a selectable text is a 32 px text field to a finger
    ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True), width=176)
