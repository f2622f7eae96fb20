"""The simulator panel, for whatever devices are simulated: the buttons (every gesture of each),
the card tray (tap a card to scan it), and a live preview of the ring's LEDs."""
from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.messages import render
from ui.widgets.common import MID, button, text
from ui.widgets.ring import RingPreview

if TYPE_CHECKING:
    from ui.app import App

GESTURES = ("tap", "double", "hold")


def _button_label(name: str) -> str:
    """The usual buttons in the players' language; a button the config adds by its own name."""
    known = {"next": _("NEXT"), "back": _("BACK"), "yes": _("YES"), "no": _("NO")}
    return known.get(name, name.upper())


def _gesture_label(gesture: str) -> str:
    return {"tap": _("tap"), "double": _("double"), "hold": _("hold")}[gesture]


def panel(app: App, view: View) -> ft.Control:
    companion = app.companion
    columns: list[ft.Control] = []
    if companion.simulated_ring:
        led_count, frame = companion.ring_preview()
        preview = RingPreview(led_count or 24, size=170)
        preview.show(frame)
        app.ring_preview = preview
        columns.append(ft.Column([text(_("Ring"), size=MID, weight=ft.FontWeight.BOLD), preview.control],
                                 horizontal_alignment=ft.CrossAxisAlignment.CENTER, width=190))
    if companion.simulated_buttons:
        columns.append(_buttons(app))
    if companion.simulated_reader:
        tray = [button(label, lambda e, uid=uid: companion.scan(uid), size=14, width=200, data=uid)
                for uid, label in companion.tray()]
        columns.append(ft.Column([text(_("Card tray: tap to scan"), size=MID, weight=ft.FontWeight.BOLD), *tray],
                                 spacing=4, scroll=ft.ScrollMode.AUTO, expand=True))
    if not columns:
        return text(_("All devices are real: nothing to simulate."))
    return ft.Row(columns, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def _buttons(app: App) -> ft.Control:
    companion = app.companion
    table = companion.table
    pointing = render(table.selection()) if table is not None else ""
    rows: list[ft.Control] = [text(_("Buttons point at: {line}").format(line=pointing or "—"), size=15, color="#fff59d", max_lines=2)]
    for name in companion.button_names():
        rows.append(ft.Row([text(_button_label(name), size=15, weight=ft.FontWeight.BOLD, width=70, max_lines=1)] + [
            button(_gesture_label(gesture), lambda e, n=name, g=gesture: companion.press(n, g), size=14, width=84, data=f"{name}:{gesture}",
                   max_lines=1)
            for gesture in GESTURES], spacing=4))
    return ft.Column(rows, spacing=4, width=340, scroll=ft.ScrollMode.AUTO)
