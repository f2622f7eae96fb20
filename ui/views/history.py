"""The undo list: every step in force, newest first, as this page's viewer may read it
(`session.log(viewer)`, worded in the current language when drawn); the undone steps above them
can be redone. Tapping an older step takes the game back to just after it."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from ui.screen import Screen
from ui.views.chart import chart_button
from ui.widgets.common import BODY, CAPTION, MID, MUTED, button, card, safe, text


def panel(app: Screen, view: View) -> ft.Control:
    session = app.companion.session
    assert session is not None
    log = session.log(app.viewer)
    steps = list(reversed(log["log"]))
    redo = log["redo"]
    rows: list[ft.Control] = [text(_("Undone (can be redone):"), size=CAPTION, color=MUTED)] if redo else []
    rows += [text(f"↷ {line['description']}", size=BODY, color="#78909c") for line in reversed(redo)]
    rows += [_step_row(app, line, newer) for newer, line in enumerate(steps)]
    return ft.Row([
        card(ft.Column(rows or [text(_("Nothing done yet."))], scroll=ft.ScrollMode.AUTO, expand=True, spacing=2), expand=True),
        ft.Column([
            button(_("Undo the last step"), app.undo, icon=ft.Icons.UNDO, height=84, width=200, disabled=not steps, max_lines=3),
            button(_("Redo"), app.redo, icon=ft.Icons.REDO, height=64, width=200, disabled=not redo),
            chart_button(app),
        ], spacing=8),
    ], expand=True, vertical_alignment=ft.CrossAxisAlignment.START)


def _step_row(app: Screen, line: dict[str, Any], newer: int) -> ft.Control:
    """One step; `newer` steps came after it. A tap on an older step undoes those `newer` steps.
    The padding makes a one-line row 50 px high: a finger target."""
    label = f"{line['step']}. {line['description']}"
    if newer == 0:
        return ft.Container(text(label, size=MID, weight=ft.FontWeight.BOLD), padding=ft.Padding.symmetric(horizontal=6, vertical=15))
    return ft.Container(
        text(label, size=MID), on_click=safe(lambda e: app.undo(steps=newer)), tooltip=_("Back to this step"),
        padding=ft.Padding.symmetric(horizontal=6, vertical=15), border_radius=ft.BorderRadius.all(6), ink=True,
        data=newer,
    )

