"""A seat's own panel: its level, strength and cards in hand (with a quick count correction), the
fight if there is one, its items with what can be done to each now, and its menu. Nothing here is
secret (the table sees the same); it is this player's controls, on their own screen."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.inputs import Option
from companion.messages import render
from companion.palette import colour
from ui.games.munchkin.table import INK, PLAYERS_GREEN, combat_board, sell_button, slots
from ui.screen import Screen
from ui.views.menu import choose, options_panel
from ui.widgets.common import BIG, BODY, CAPTION, MUTED, button, card, icon_button, text

#: what an item's own buttons do, by the menu command that offers it
ITEM_ACTIONS = ("equip", "unequip", "oneshot")


def seat_panel(app: Screen, view: View) -> ft.Control:
    me = next((p for p in view["players"] if p["name"] == app.viewer.seat), None)
    if me is None:
        return text(_("This seat is not at the table."), size=BIG, color=INK)
    options = app.options()
    parts: list[ft.Control] = [header(app, me)]
    if view.get("combat"):
        parts.append(combat_board(app, view, view["combat"]))
    parts += [gear_list(app, me, options), *sell_button(app, view)]
    if app.narrow:
        return ft.Column([*parts, options_panel(app, width=None, fill=False)], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Row([ft.Column(parts, spacing=6, expand=True, scroll=ft.ScrollMode.AUTO), ft.Container(options_panel(app, width=272), width=280)],
                  spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def header(app: Screen, me: dict[str, Any]) -> ft.Control:
    """Level and strength big; the cards in hand with − and + to correct the count."""
    seat = colour(me["colour"]).screen
    roles = ", ".join(r["name"] for r in [*me["classes"], *me["races"], *me["extras"]]) or _("human, no class")
    curses = ", ".join(c["name"] for c in me["curses"])

    def count(delta: int) -> None:
        app.command({"cmd": "hand", "count": max(0, me["hand"] + delta)})

    numbers = ft.Row([
        ft.Column([text(_("Level"), size=CAPTION, color=MUTED), text(str(me["level"]), size=40, weight=ft.FontWeight.BOLD, color=seat)],
                  spacing=0, tight=True),
        ft.Column([text(_("Strength"), size=CAPTION, color=MUTED),
                   text(str(me["strength"]), size=40, weight=ft.FontWeight.BOLD, color=PLAYERS_GREEN)], spacing=0, tight=True),
        ft.Column([text(_("Cards in hand"), size=CAPTION, color=MUTED),
                   ft.Row([icon_button(ft.Icons.REMOVE, _("One card fewer"), lambda e: count(-1)),
                           text(f"{me['hand']}/{me['hand_limit']}", size=24, weight=ft.FontWeight.BOLD, color=INK),
                           icon_button(ft.Icons.ADD, _("One card more"), lambda e: count(+1))], spacing=0, tight=True)],
                  spacing=0, tight=True),
        # on a phone the row wraps: a child of a wrapping row must not expand, nor stretch to an
        # unbounded height (Flutter draws its grey error box instead of the whole header)
        ft.Column([slots(me), text(roles, size=BODY, color=INK)], spacing=2,
                  tight=True, expand=None if app.narrow else True),
    ], spacing=14, vertical_alignment=ft.CrossAxisAlignment.START, wrap=app.narrow, run_spacing=4)
    rows: list[ft.Control] = [numbers]
    if curses:
        rows.append(text(_("Cursed: {names}").format(names=curses), size=BODY, color="#ffb74d", max_lines=2))
    return card(ft.Column(rows, spacing=2, tight=True), border_colour=seat)


def gear_list(app: Screen, me: dict[str, Any], options: list[Option]) -> ft.Control:
    """Every item in play with its numbers, and the menu's buttons that act on it now."""
    if not me["gear"]:
        return text(_("No items in play."), size=CAPTION, color=MUTED)
    rows = [item_row(app, g, [o for o in options if o.command.get("item") == g["uid"] and o.command.get("cmd") in ITEM_ACTIONS])
            for g in me["gear"]]
    return ft.Column([text(_("Items (gold {n})").format(n=me["gold"]), size=CAPTION, color=MUTED), *rows], spacing=3, tight=True)


def item_row(app: Screen, g: dict[str, Any], actions: list[Option]) -> ft.Control:
    worn = _("worn") if g["equipped"] else _("carried")
    facts = [f"{g['bonus']:+d}", slot_name(g["slot"]), _("{n} gold").format(n=g["gold"]), worn]
    if g["big"]:
        facts.append(_("Big"))
    if g["one_shot"]:
        facts.append(_("usable once"))
    if g["equipped"] and not g["counts"]:
        facts.append(_("no bonus now"))
    buttons = [button(_short(o), lambda e, o=o: choose(app, o), size=BODY, max_lines=1, width=140) for o in actions]
    return ft.Container(ft.Row([
        ft.Column([text(g["name"], size=CAPTION, weight=ft.FontWeight.BOLD, color=INK),
                   text(" · ".join(facts), size=CAPTION, color=MUTED)], spacing=0, expand=True),
        *buttons,
    ], spacing=6), padding=ft.Padding.symmetric(horizontal=8, vertical=2), border_radius=ft.BorderRadius.all(8), bgcolor="#263238")


def _short(option: Option) -> str:
    """The item's row names the item: its buttons need only the verb."""
    verbs = {"equip": _("Equip"), "unequip": _("To backpack"), "oneshot": _("Use it")}
    return verbs.get(option.command.get("cmd", ""), render(option.label))


def slot_name(slot: str) -> str:
    return {"headgear": _("headgear"), "armour": _("armour"), "footgear": _("footgear"), "hand": _("1 hand"), "hands": _("2 hands"),
            "none": _("no slot")}.get(slot, slot)
