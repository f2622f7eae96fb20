"""The simulator panel, for whatever devices are simulated: the buttons (every gesture of each),
the card tray (tap a card to scan it), and a live preview of the ring's LEDs."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.messages import render
from ui.screen import Screen
from ui.widgets.common import BODY, BUTTON_HEIGHT, BUTTON_PADDING, MID, button, text
from ui.widgets.fit import lines
from ui.widgets.ring import RingPreview

GESTURES = ("tap", "double", "hold")
#: the simulated buttons' column, and each gesture's button in it
BUTTONS_WIDTH, GAP = 408, 4  # a gesture's word whole at body size ("vasthouden", "удержание")
GESTURE_WIDTH = (BUTTONS_WIDTH - 2 * GAP) // len(GESTURES)


def _button_label(name: str) -> str:
    """The usual buttons in the players' language; a button the config adds by its own name."""
    known = {"next": _("NEXT"), "back": _("BACK"), "yes": _("YES"), "no": _("NO")}
    return known.get(name, name.upper())


def _gesture_label(gesture: str) -> str:
    return {"tap": _("tap"), "double": _("double"), "hold": _("hold")}[gesture]


def panel(app: Screen, view: View) -> ft.Control:
    companion = app.companion
    columns: list[ft.Control] = []
    if companion.simulated_ring:
        led_count, frame = companion.ring_preview()
        preview = RingPreview(led_count or 24, size=148)
        preview.show(frame)
        app.ring_preview = preview
        columns.append(ft.Column([text(_("Ring"), size=MID, weight=ft.FontWeight.BOLD), preview.control],
                                 horizontal_alignment=ft.CrossAxisAlignment.CENTER, width=156, scroll=ft.ScrollMode.AUTO))
    if companion.simulated_buttons:
        columns.append(_buttons(app))
    if companion.simulated_reader:
        # a label of three lines ("Неизвестная метка 04a1b2c3d4e5f6") gets a taller button; the rest stay short, so the tray fits
        tray = [button(label, like_a_device(partial(companion.scan, uid)), size=BODY, width=200, data=uid, max_lines=3,
                       height=BUTTON_HEIGHT + 32 if lines(label, 200 - 2 * BUTTON_PADDING[0], BODY) > 2 else BUTTON_HEIGHT)
                for uid, label in companion.tray()]
        columns.append(ft.Column([text(_("Card tray: tap to scan"), size=MID, weight=ft.FontWeight.BOLD), *tray],
                                 spacing=4, scroll=ft.ScrollMode.AUTO, expand=True))
    if not columns:
        return text(_("All devices are real: nothing to simulate."))
    return ft.Row(columns, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def like_a_device(act: Callable[[], object]) -> Callable[[object], None]:
    """A tap on a simulated device: the page is redrawn by the device's event, as a real device's is
    (Flet's own redraw after every tap would come first, and hold up the one that shows the scan)."""
    def handler(_event: object) -> None:
        ft.context.disable_auto_update()  # type: ignore[no-untyped-call]  # Flet 1.0.5 leaves it unannotated (it returns None)
        act()

    return handler


def _buttons(app: Screen) -> ft.Control:
    companion = app.companion
    table = companion.table
    pointing = render(table.selection()) if table is not None else ""
    rows: list[ft.Control] = [text(_("Buttons point at: {line}").format(line=pointing or "—"), size=BODY, color="#fff59d", max_lines=3)]
    for name in companion.button_names():
        # the button's name over its gestures: each gesture a third of the column, so "удержание" or
        # "tieni premuto" has room (and shrinks to fit what still would not)
        rows.append(text(_button_label(name), size=BODY, weight=ft.FontWeight.BOLD, max_lines=1))
        rows.append(ft.Row([
            button(_gesture_label(gesture), like_a_device(partial(companion.press, name, gesture)), size=BODY, width=GESTURE_WIDTH,
                   data=f"{name}:{gesture}", max_lines=2)
            for gesture in GESTURES], spacing=GAP))
    return ft.Column(rows, spacing=2, width=BUTTONS_WIDTH, scroll=ft.ScrollMode.AUTO)
