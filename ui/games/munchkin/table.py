"""Munchkin's table tab: one large row per seat, and during a fight the combat board, beside the
options menu. Sized for the 800×480 table screen: numbers big, rows a finger tall."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.palette import colour
from ui.views.menu import options_panel
from ui.widgets.common import MUTED, SMALL, banner, button, card, text
from ui.widgets.fit import TEXT_SPACING, fitted_size

if TYPE_CHECKING:
    from ui.app import App

#: the worn slots, each drawn as an icon lit when something is equipped there
SLOT_ICONS = (("headgear", ft.Icons.SPORTS_MOTORSPORTS), ("armour", ft.Icons.SHIELD), ("footgear", ft.Icons.HIKING))
LIT, DIM = "#ffffff", "#455a64"
#: the colour of ordinary text on the dark panels
INK = "#eceff1"
#: the phases a player may sell in (their own turn, not in a fight)
SELLING_PHASES = ("door", "trouble", "charity")
PLAYERS_GREEN, MONSTER_RED = "#81c784", colour("danger").screen


def table_panel(app: App, view: View) -> ft.Control:
    fight = view.get("combat")
    if app.narrow:  # a phone: the menu first, then the board, one scrolling column
        parts: list[ft.Control] = [options_panel(app, width=None, fill=False)]
        if fight:
            parts.append(combat_board(app, view, fight))
        parts += [seat_rows(view), *sell_button(app, view)]
        return ft.Column(parts, spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    left: list[ft.Control] = [combat_board(app, view, fight), level_strip(view)] if fight else [seat_rows(view), *sell_button(app, view)]
    return ft.Row([ft.Column(left, spacing=6, expand=True, scroll=ft.ScrollMode.AUTO),
                   ft.Container(options_panel(app), width=232)],
                  spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def sell_button(app: App, view: View) -> list[ft.Control]:
    """Selling, for the player whose turn it is, out of a fight (the menu offers only the backpack)."""
    from ui.games.munchkin.dialogs import sell_dialog

    active = view.get("active")
    mine = app.is_table or app.viewer.seat == active
    if not mine or view.turn.status != "playing" or view.turn.phase not in SELLING_PHASES:
        return []
    return [button(_("Sell items for levels ({name})").format(name=active), lambda e: app.show_dialog(sell_dialog(app)), icon=ft.Icons.SELL,
                   max_lines=1)]


def alerts(view: View) -> list[ft.Control]:
    """A dead player's body to loot; a player one level from winning."""
    if view.turn.status != "playing":
        return []
    found: list[ft.Control] = []
    for body in view.get("bodies") or []:
        found.append(banner(_("{name} is dead: loot the body").format(name=body["seat"]), colour("danger").screen, ft.Icons.DANGEROUS))
    last = view["winning_level"] - 1
    near = [p["name"] for p in view["players"] if p["level"] == last]
    if near:
        found.append(banner(_("Level {n}: {names} needs a kill").format(n=last, names=", ".join(near)), "#e65100", ft.Icons.EMOJI_EVENTS))
    return found


# -- the seats ------------------------------------------------------------------------------------------
#: the widths of the seat rows' columns, shared by the header so the labels sit over the numbers
NAME_W, LEVEL_W, STRENGTH_W, SLOTS_W, CARDS_W = 128, 56, 76, 150, 52


def seat_rows(view: View) -> ft.Control:
    """A header with the column names once, then one row per seat (numbers only: they read from afar)."""
    header = ft.Row([ft.Container(width=NAME_W), _label(_("Level"), LEVEL_W), _label(_("Strength"), STRENGTH_W),
                     _label(_("Gear"), SLOTS_W), _label(_("Cards"), CARDS_W)], spacing=8)
    return ft.Column([ft.Container(header, padding=ft.Padding.symmetric(horizontal=8, vertical=0)),
                      *(seat_row(view, p) for p in view["players"])], spacing=3, tight=True)


def _label(label: str, width: int) -> ft.Control:
    return ft.Container(text(label, size=12, color=MUTED, max_lines=1, text_align=ft.TextAlign.CENTER), width=width)


def seat_row(view: View, p: dict[str, Any]) -> ft.Control:
    """Name, class and race; level; strength; worn slots and hands; cards in hand; curses; dead."""
    seat = colour(p["colour"]).screen
    roles = ", ".join(r["name"] for r in [*p["classes"], *p["races"], *p["extras"]]) or _("human, no class")
    over = p["hand"] > p["hand_limit"]
    cells: list[ft.Control] = [
        ft.Column([text(p["name"], size=18, weight=ft.FontWeight.BOLD, color=INK, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                   # the row's height holds one line: a longer list ("Mensch, keine Klasse") takes smaller letters
                   text(roles, size=fitted_size(roles, NAME_W, 1, 12, smallest=9, spacing=TEXT_SPACING), color=MUTED, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS)],
                  spacing=0, tight=True, width=NAME_W),
        _number(_("Level"), p["level"], INK, 28, LEVEL_W),
        _number(_("Strength"), p["strength"], PLAYERS_GREEN, 24, STRENGTH_W),
        ft.Container(slots(p), width=SLOTS_W),
        _number(_("Cards"), p["hand"], colour("warning").screen if over else INK, 22, CARDS_W),
    ]
    if p["curses"]:
        cells.append(ft.Semantics(label=_("Curses: {names}").format(names=", ".join(c["name"] for c in p["curses"])),
                                  content=ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color="#ffb74d", size=24)))
    if p["dead"]:
        cells.append(text(_("dead"), size=16, color=colour("danger").screen, weight=ft.FontWeight.BOLD))
    return ft.Container(
        ft.Row(cells, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        height=46, padding=ft.Padding.symmetric(horizontal=8, vertical=0), border_radius=ft.BorderRadius.all(8),
        bgcolor="#263238" if p["active"] else "#1f2633",
        border=ft.Border.all(3 if p["active"] else 1, seat),
    )


def _number(label: str, value: int, tint: str, size: int, width: int) -> ft.Control:
    return ft.Semantics(label=f"{label} {value}", content=ft.Container(
        text(str(value), size=size, weight=ft.FontWeight.BOLD, color=tint, max_lines=1, text_align=ft.TextAlign.CENTER), width=width))


def slots(p: dict[str, Any]) -> ft.Control:
    """The worn slots lit when filled, and the hands in use (0-2)."""
    worn = {g["slot"] for g in p["gear"] if g["equipped"]}
    hands = sum({"hand": 1, "hands": 2}.get(g["slot"], 0) for g in p["gear"] if g["equipped"])
    icons: list[ft.Control] = [ft.Icon(icon, size=22, color=LIT if slot in worn else DIM) for slot, icon in SLOT_ICONS]
    icons += [ft.Icon(ft.Icons.PAN_TOOL, size=20, color=LIT if hands > i else DIM) for i in range(2)]
    carried = sum(1 for g in p["gear"] if not g["equipped"])
    if carried:
        icons.append(text(_("+{n} carried").format(n=carried), size=12, color=MUTED, max_lines=1))
    label = _("Worn: {slots}; hands in use: {n}").format(slots=", ".join(sorted(worn)) or "—", n=hands)
    return ft.Semantics(label=label, content=ft.Row(icons, spacing=2, tight=True))


def level_strip(view: View) -> ft.Control:
    """During a fight: every seat's level on one line, in its colour."""
    chips: list[ft.Control] = [ft.Container(text(f"{p['name']} {p['level']}", size=16, weight=ft.FontWeight.BOLD, color="#000000", max_lines=1),
                                            bgcolor=colour(p["colour"]).screen, padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                                            border_radius=ft.BorderRadius.all(6)) for p in view["players"]]
    return ft.Row(chips, spacing=4, wrap=True, run_spacing=4)


# -- the fight --------------------------------------------------------------------------------------------
def combat_board(app: App, view: View, fight: dict[str, Any]) -> ft.Control:
    """The two sides and their totals, who is winning and by how much, and the run-away odds."""
    players = [f"{f['name']} {f['strength']}" for f in fight["fighters"]]
    players += [f"{b['name']} {b['bonus']:+d} ({b['by']})" for b in fight["boosts"]]
    monsters = [monster_line(m) for m in fight["monsters"]]
    left = _side(_("Players"), fight["players_strength"], PLAYERS_GREEN, players)
    right = _side(_("Monsters"), fight["monsters_strength"], MONSTER_RED, monsters)
    middle = ft.Column([text(_("vs"), size=16, color=MUTED), text(standing(fight), size=17, weight=ft.FontWeight.BOLD,
                                                                   color=PLAYERS_GREEN if fight["winning"] else "#ffb74d",
                                                                   text_align=ft.TextAlign.CENTER, max_lines=3)],
                       width=120, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=2, tight=True)
    rows: list[ft.Control] = [ft.Row([left, middle, right], vertical_alignment=ft.CrossAxisAlignment.START, spacing=6)]
    if fight["helper"]:
        bribe = _(" — bribe: {note}").format(note=fight["bribe"]) if fight["bribe"] else ""
        rows.append(text(_("{name} helps").format(name=fight["helper"]) + bribe, size=15, color=INK, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS))
    rows += run_odds(app, fight)
    return card(ft.Column(rows, spacing=4, tight=True), border_colour=PLAYERS_GREEN if fight["winning"] else MONSTER_RED)


def standing(fight: dict[str, Any]) -> str:
    margin = fight["players_strength"] - fight["monsters_strength"]
    if fight["winning"]:
        return _("winning by {n}").format(n=margin) if margin > 0 else _("tie: the Warrior wins")
    return _("needs +{n}").format(n=fight["needs"])


def monster_line(m: dict[str, Any]) -> str:
    enhanced = "".join(f" {e['bonus']:+d}" for e in m["enhancers"])
    return _("{name}, level {level}{enhancers} = {strength}").format(name=m["name"], level=m["level"], enhancers=enhanced, strength=m["strength"])


def _side(title: str, total: int, tint: str, lines: list[str]) -> ft.Control:
    return ft.Column([
        ft.Row([text(title, size=15, color=MUTED), text(str(total), size=40, weight=ft.FontWeight.BOLD, color=tint)],
               spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *[text(line, size=15, color=INK, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS) for line in lines],
    ], spacing=0, expand=True, tight=True)


def run_odds(app: App, fight: dict[str, Any]) -> list[ft.Control]:
    """The chance to escape (from the odds analysis, asked only while there is a fight): in the fight
    one line for everyone ("if they run"), while running each roll still due."""
    session = app.companion.session
    if session is None:
        return []
    odds = session.analyse("odds", app.viewer)
    if not fight["to_roll"]:
        every = " · ".join(f"{seat} {p}%" for seat, p in odds["escape_all"].items())
        return [text(_("If they run, escaping all: {chances}").format(chances=every), size=15, color=MUTED, max_lines=2)] if every else []
    lines: list[ft.Control] = [text(_("Running away"), size=SMALL, color=MUTED)]
    for e in odds["escape"]:
        chance = _("lets go") if e["auto"] else _("{need}+ on the die: {p}%").format(need=e["need"], p=e["percent"])
        lines.append(text(_("{name} from {monster}: {chance}").format(name=e["seat"], monster=e["name"], chance=chance), size=16,
                          color=INK, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS))
    return lines
