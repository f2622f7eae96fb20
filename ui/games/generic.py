"""Any game with no folder of its own, drawn from the contract alone: the seats in their palette
colours (the acting ones marked), the view's own fields as readable rows, and the options menu.

Field names are the game's (shown as "My hand" for `my_hand`); values are shown as they are: lists
joined, tables as "key: value". A game that wants better draws its own panels in `ui/games/<id>/`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from ui.screen import Screen
from ui.views.menu import options_panel
from ui.widgets.common import CAPTION, MID, MUTED, card, seat_screen_colour, text

#: how much of one value a row shows before it is cut (a long list would push everything else off)
MAX_VALUE = 160


def table_panel(app: Screen, view: View) -> ft.Control:
    fields = field_rows(view.fields, view)
    if app.narrow:
        return ft.Column([seats_list(view), options_panel(app, width=None, fill=False), *fields], spacing=6,
                         scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Row([
        ft.Column([seats_list(view)], width=190, scroll=ft.ScrollMode.AUTO),
        card(ft.Column(fields, spacing=4, scroll=ft.ScrollMode.AUTO), expand=True),
        ft.Container(options_panel(app), width=236),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def seat_panel(app: Screen, view: View) -> ft.Control:
    """A seat's own screen: its private view's fields, and its own options (first, on a phone)."""
    fields = field_rows(view.fields, view)
    if app.narrow:
        return ft.Column([options_panel(app, width=None, fill=False), *fields], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Row([
        card(ft.Column(fields, spacing=4, scroll=ft.ScrollMode.AUTO), expand=True),
        ft.Container(options_panel(app, width=272), width=280),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def master_panel(app: Screen, master: View, table: View) -> ft.Control:
    """What the game master sees beyond the table: the fields the table's view does not have or shows otherwise."""
    extra = {key: value for key, value in master.fields.items() if table.fields.get(key) != value}
    rows = field_rows(extra, master) or [text(_("The game master sees nothing the table does not."), color=MUTED)]
    return card(ft.Column(rows, spacing=4, scroll=ft.ScrollMode.AUTO), expand=True)


def seats_list(view: View) -> ft.Control:
    """Every seat in its colour; the seats that may act now filled, the others outlined."""
    rows: list[ft.Control] = []
    for seat in view.seats:
        acting = seat.id in view.turn.acting
        colour = seat_screen_colour(view.seats, seat.id)
        rows.append(ft.Container(
            text(("▶ " if acting else "") + seat.name, size=MID, weight=ft.FontWeight.BOLD if acting else None,
                 color="#000000" if acting else "#ffffff", max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            bgcolor=colour if acting else None, border=ft.Border.all(2, colour), border_radius=ft.BorderRadius.all(6),
            padding=ft.Padding.symmetric(horizontal=8, vertical=4)))
    return ft.Column(rows, spacing=4, tight=True)


def field_rows(fields: Mapping[str, Any], view: View) -> list[ft.Control]:
    return [ft.Column([text(field_name(key), size=CAPTION, color=MUTED),
                       text(value_text(value, view), size=MID, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS)],
                      spacing=0, tight=True)
            for key, value in fields.items()]


def field_name(key: str) -> str:
    """"my_hand" -> "My hand"."""
    words = key.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def value_text(value: Any, view: View) -> str:
    """A field's value for people: seat ids as seat names, lists joined, tables as "key: value"."""
    shown = _plain(value, view)
    return shown if len(shown) <= MAX_VALUE else shown[:MAX_VALUE - 1] + "…"


def _plain(value: Any, view: View) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Mapping):
        return ", ".join(f"{view.seat_name(str(k)) or k}: {_plain(v, view)}" for k, v in value.items()) or "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v, view) for v in value) or "—"
    if isinstance(value, str):
        return view.seat_name(value) or value
    return str(value)
