"""The investigators: a compact row each on the table tab (tap it for its ± taps), full rows with
± taps for sanity, stamina and clues on the Investigators tab, and a seat's own investigator page.
Every ± is an `adjust` command sent as this page's viewer (a seat changes only its own)."""
from __future__ import annotations

import contextlib
from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _, pgettext
from companion.palette import seat_colour
from ui.screen import Screen
from ui.views.menu import options_panel
from ui.widgets.common import BIG, BODY, CAPTION, MUTED, TOUCH, button, caption, card, icon_button, safe, text
from ui.widgets.fit import TEXT_SPACING, lines

INK = "#eceff1"
SANITY, STAMINA = "#90caf9", "#ef9a9a"
#: the counters of the ± dialog, in the order they are shown
COUNTERS = ("sanity", "stamina", "clues", "common", "unique", "spells", "allies", "trophies")


def counter_label(key: str) -> str:
    return {"sanity": _("Sanity"), "stamina": _("Stamina"), "clues": pgettext("eldersign", "Clues"), "common": _("Common items"),
            "unique": _("Unique items"), "spells": _("Spells"), "allies": _("Allies"), "trophies": _("Trophies")}[key]


def investigator_rows(app: Screen, view: View) -> ft.Control:
    """One finger-tall row per investigator: name, sanity, stamina, clues; tap it for the ± taps."""
    return ft.Column([_compact(app, view, i) for i in view["investigators"]], spacing=3, tight=True)


#: the room a player's name has in a compact row (the middle column less the three numbers)
COMPACT_NAME_WIDTH = 120


def _compact(app: Screen, view: View, inv: dict[str, Any]) -> ft.Control:
    index = view.seat_index(inv["seat"]) or 0
    seat = seat_colour(index).screen
    if inv["devoured"]:
        numbers: list[ft.Control] = [text(_("devoured"), size=BODY, color=STAMINA, weight=ft.FontWeight.BOLD)]
    else:
        numbers = [_pair(_("S"), inv["sanity"], inv["max_sanity"], SANITY), _pair(_("St"), inv["stamina"], inv["max_stamina"], STAMINA),
                   _pair(_("C"), inv["clues"], None, "#fff59d")]
    # the player's name whole (a long one on two lines), the investigator's under it
    seat_name = ("▶ " if inv["active"] else "") + inv["seat"]
    investigator = inv["name"] or inv["seat"]
    names = ft.Column([text(seat_name, size=BODY, weight=ft.FontWeight.BOLD, color="#000000" if inv["active"] else INK),
                       text(investigator, size=BODY, color="#000000") if inv["active"] else caption(investigator)], spacing=0, tight=True)
    content = ft.Row([ft.Container(names, expand=True), *numbers], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    rows = lines(seat_name, COMPACT_NAME_WIDTH, BODY, bold=True, spacing=TEXT_SPACING) + lines(investigator, COMPACT_NAME_WIDTH, BODY)
    return ft.Container(content, height=max(TOUCH, rows * 26 + 8), bgcolor=seat if inv["active"] else "#1f2633", border=ft.Border.all(2, seat),
                        border_radius=ft.BorderRadius.all(8), padding=ft.Padding.symmetric(horizontal=6, vertical=0),
                        on_click=safe(lambda e, seat=inv["seat"]: open_counters(app, seat)), data=inv["seat"])


def _pair(label: str, value: int, top: int | None, tint: str) -> ft.Control:
    shown = f"{value}/{top}" if top is not None else str(value)
    return ft.Row([text(label, size=CAPTION, color=MUTED), text(shown, size=20, weight=ft.FontWeight.BOLD, color=tint, max_lines=1)],
                  spacing=2, tight=True)


def open_counters(app: Screen, seat: str) -> None:
    if app.viewer.is_seat and app.viewer.seat != seat:
        return  # a seat changes only its own investigator
    app.show_dialog(counters_dialog(app, seat))


def counters_dialog(app: Screen, seat: str) -> ft.AlertDialog:
    """Every counter of one investigator with − and + (48 px each), the number large between them."""
    body = ft.Column(spacing=4, tight=True, scroll=ft.ScrollMode.AUTO)

    def redraw() -> None:
        inv = next(i for i in app.view()["investigators"] if i["seat"] == seat)
        body.controls = [counter_row(app, inv, key) for key in COUNTERS] if not inv["devoured"] else [
            text(_("{seat}'s investigator was devoured: choose a new one.").format(seat=seat), size=18)]
        with contextlib.suppress(Exception):  # not shown yet
            app.page.update()

    def adjust(key: str, amount: int) -> None:
        app.command({"cmd": "adjust", "seat": seat, "what": key, "amount": amount})
        redraw()

    def counter_row(app: Screen, inv: dict[str, Any], key: str) -> ft.Control:
        top = inv.get(f"max_{key}")
        value = f"{inv[key]}/{top}" if top else str(inv[key])
        return ft.Row([text(counter_label(key), size=BODY, color=INK, width=150),
                       icon_button(ft.Icons.REMOVE, _("{what} −1").format(what=counter_label(key)), lambda e: adjust(key, -1)),
                       text(value, size=BIG, weight=ft.FontWeight.BOLD, width=64, text_align=ft.TextAlign.CENTER, max_lines=1),
                       icon_button(ft.Icons.ADD, _("{what} +1").format(what=counter_label(key)), lambda e: adjust(key, +1))],
                      spacing=2)

    dialog = ft.AlertDialog(modal=True, title=ft.Text(seat, size=20), content=ft.Container(body, width=420, height=330),
                            actions=[button(_("Done"), lambda e: app.close_dialog(), max_lines=1)], content_padding=ft.Padding.all(10))
    redraw()
    dialog.data = {"adjust": adjust, "seat": seat}
    return dialog


def investigators_panel(app: Screen, view: View) -> ft.Control:
    """Every investigator in one row: name and ability, sanity −/+, stamina −/+, clues −/+, possessions."""
    rows: list[ft.Control] = [card(_full_row(app, view, inv), padding=4, border_colour=seat_colour(view.seat_index(inv["seat"]) or 0).screen)
                              for inv in view["investigators"]]
    column = ft.Column(rows, spacing=4, scroll=ft.ScrollMode.AUTO, expand=True)
    if app.narrow:
        return ft.Column([options_panel(app, width=None, fill=False), *rows], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Row([column, ft.Container(options_panel(app), width=232)], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def _full_row(app: Screen, view: View, inv: dict[str, Any]) -> ft.Control:
    mine = app.is_table or app.viewer.seat == inv["seat"]
    goods = ", ".join(f"{counter_label(k)} {inv[k]}" for k in ("common", "unique", "spells", "allies", "trophies") if inv[k])
    head = ft.Row([text(("▶ " if inv["active"] else "") + inv["seat"], size=BODY, weight=ft.FontWeight.BOLD, color=INK),
                   caption(inv["name"] or _("devoured")), caption(goods)], spacing=10, wrap=True, run_spacing=0)
    if inv["devoured"]:
        return ft.Column([head, text(_("devoured: a new investigator is chosen"), size=BODY, color=STAMINA)], spacing=2, tight=True)
    # the three counters wrap to another line rather than run past the card (the clues' + was cut off)
    counters = [_plus_minus(app, inv, key, tint, mine) for key, tint in (("sanity", SANITY), ("stamina", STAMINA), ("clues", "#fff59d"))]
    return ft.Column([head, ft.Row(counters, spacing=8, wrap=True, run_spacing=4)], spacing=2, tight=True)


#: the width of a counter's name and number between its − and +
COUNTER_LABEL_WIDTH = 116


def _plus_minus(app: Screen, inv: dict[str, Any], key: str, tint: str, enabled: bool) -> ft.Control:
    top = inv.get(f"max_{key}")
    value = f"{inv[key]}/{top}" if top else str(inv[key])

    def adjust(amount: int) -> None:
        app.command({"cmd": "adjust", "seat": inv["seat"], "what": key, "amount": amount})

    name = counter_label(key)  # "Geistige Gesundheit": two lines of caption letters
    label = ft.Column([caption(name, text_align=ft.TextAlign.CENTER),
                       text(value, size=BIG, weight=ft.FontWeight.BOLD, color=tint, max_lines=1)], spacing=0, tight=True,
                      horizontal_alignment=ft.CrossAxisAlignment.CENTER, width=COUNTER_LABEL_WIDTH)
    if not enabled:
        return label
    return ft.Row([icon_button(ft.Icons.REMOVE, _("{seat}: {what} −1").format(seat=inv["seat"], what=counter_label(key)), lambda e: adjust(-1)),
                   label,
                   icon_button(ft.Icons.ADD, _("{seat}: {what} +1").format(seat=inv["seat"], what=counter_label(key)), lambda e: adjust(+1))],
                  spacing=0, tight=True)


def seat_panel(app: Screen, view: View) -> ft.Control:
    """A seat's own investigator: the counters with ± taps, its ability, where it stands; its menu."""
    me = next((i for i in view["investigators"] if i["seat"] == app.viewer.seat), None)
    if me is None:
        return text(_("This seat is not at the table."), size=BIG, color=INK)
    parts: list[ft.Control] = [
        text(f"{me['seat']} — {me['name'] or _('devoured')}", size=BIG, weight=ft.FontWeight.BOLD, color=INK, max_lines=1),
        text(me["ability"], size=CAPTION, color=MUTED, max_lines=3),
        text(_("At: {place}").format(place=me["where_name"]), size=BODY, color="#90caf9", max_lines=1),
    ]
    if not me["devoured"]:
        parts += [_seat_counter(app, me, key) for key in COUNTERS]
    body = ft.Column(parts, spacing=3, scroll=ft.ScrollMode.AUTO, expand=True)
    if app.narrow:
        return ft.Column([options_panel(app, width=None, fill=False), *parts], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Row([body, ft.Container(options_panel(app, width=272), width=280)], spacing=6,
                  vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def _seat_counter(app: Screen, me: dict[str, Any], key: str) -> ft.Control:
    top = me.get(f"max_{key}")
    value = f"{me[key]}/{top}" if top else str(me[key])

    def adjust(amount: int) -> None:
        app.command({"cmd": "adjust", "what": key, "amount": amount, "seat": me["seat"]})

    return ft.Row([text(counter_label(key), size=BODY, color=INK, width=150),
                   icon_button(ft.Icons.REMOVE, _("{what} −1").format(what=counter_label(key)), lambda e: adjust(-1)),
                   text(value, size=BIG, weight=ft.FontWeight.BOLD, width=64, text_align=ft.TextAlign.CENTER, max_lines=1),
                   icon_button(ft.Icons.ADD, _("{what} +1").format(what=counter_label(key)), lambda e: adjust(+1))], spacing=2)
