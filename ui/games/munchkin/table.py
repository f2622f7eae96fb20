"""Munchkin's table tab: one large row per seat, and during a fight the combat board, beside the
options menu. Sized for the 800×480 table screen: numbers big, rows a finger tall."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _, pgettext
from companion.palette import colour
from ui.games.munchkin.dialogs import sell_dialog
from ui.games.munchkin.words import standing
from ui.screen import Screen
from ui.views.menu import options_panel
from ui.widgets.common import BIG, BODY, CAPTION, MORE_BELOW, MUTED, TOUCH, banner, button, caption, card, figure, icon_button, text

#: the worn slots, each drawn as an icon lit when something is equipped there
SLOT_ICONS = (("headgear", ft.Icons.SPORTS_MOTORSPORTS), ("armour", ft.Icons.SHIELD), ("footgear", ft.Icons.HIKING))
LIT, DIM = "#ffffff", "#455a64"
#: the colour of ordinary text on the dark panels
INK = "#eceff1"
#: the phases a player may sell in (their own turn, not in a fight)
SELLING_PHASES = ("door", "trouble", "charity")
PLAYERS_GREEN, MONSTER_RED = "#81c784", colour("danger").screen


def table_panel(app: Screen, view: View) -> ft.Control:
    fight = view.get("combat")
    if app.narrow:  # a phone: the menu first, then the board, one scrolling column
        parts: list[ft.Control] = [options_panel(app, width=None, fill=False)]
        if fight:
            parts.append(combat_board(app, view, fight))
        parts += [seat_rows(app, view), *sell_button(app, view)]
        return ft.Column(parts, spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    left: list[ft.Control] = [combat_board(app, view, fight), level_strip(view)] if fight else [seat_rows(app, view), *sell_button(app, view)]
    return ft.Row([ft.Column(left, spacing=6, expand=True, scroll=MORE_BELOW),
                   ft.Container(options_panel(app), width=232)],
                  spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def sell_button(app: Screen, view: View) -> list[ft.Control]:
    """Selling, for the player whose turn it is, out of a fight (the menu offers only the backpack)."""
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
#: the widths of the seat rows' number columns, shared by the header so the labels sit over the numbers
LEVEL_W, STRENGTH_W, SLOTS_W, CARDS_W = 60, 76, 132, 52


def seat_rows(app: Screen, view: View) -> ft.Control:
    """A header with the column names once, then one card per seat: its name whole, then its numbers
    large (they read from afar), the level between − and + (a card the companion does not know)."""
    header = ft.Row([ft.Container(width=TOUCH), _label(pgettext("munchkin", "Level"), LEVEL_W), ft.Container(width=TOUCH),
                     _label(pgettext("munchkin", "Strength"), STRENGTH_W), _label(_("Gear"), SLOTS_W),
                     _label(pgettext("munchkin", "Cards"), CARDS_W)], spacing=4)
    return ft.Column([ft.Container(header, padding=ft.Padding.symmetric(horizontal=8, vertical=0)),
                      *(seat_row(app, view, p) for p in view["players"])], spacing=3, tight=True)


def _label(label: str, width: int) -> ft.Control:
    return ft.Container(caption(label, text_align=ft.TextAlign.CENTER), width=width)


def seat_row(app: Screen, view: View, p: dict[str, Any]) -> ft.Control:
    """Name, class and race; level with − and +; strength; worn slots and hands; cards in hand; curses; dead."""
    seat = colour(p["colour"]).screen
    roles = ", ".join(r["name"] for r in [*p["classes"], *p["races"], *p["extras"]]) or _("human, no class")
    over = p["hand"] > p["hand_limit"]
    mine = app.is_table or app.viewer.seat == p["name"]
    name_line: list[ft.Control] = [text(p["name"], size=BODY, weight=ft.FontWeight.BOLD, color=INK), caption(roles)]
    if p["curses"]:
        name_line.append(ft.Semantics(label=_("Curses: {names}").format(names=", ".join(c["name"] for c in p["curses"])),
                                      content=ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color="#ffb74d", size=24)))
    if p["dead"]:
        name_line.append(text(_("dead"), size=BODY, color=colour("danger").screen, weight=ft.FontWeight.BOLD))
    numbers: list[ft.Control] = [
        _level_step(app, p, -1, mine),
        _number(pgettext("munchkin", "Level"), p["level"], INK, LEVEL_W, f"level:{p['name']}"),
        _level_step(app, p, +1, mine),
        _number(pgettext("munchkin", "Strength"), p["strength"], PLAYERS_GREEN, STRENGTH_W, f"strength:{p['name']}"),
        ft.Container(slots(p), width=SLOTS_W),
        _number(pgettext("munchkin", "Cards"), p["hand"], colour("warning").screen if over else INK, CARDS_W, None),
    ]
    return ft.Container(
        ft.Column([ft.Row(name_line, spacing=10, wrap=True, run_spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                   ft.Row(numbers, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)], spacing=0, tight=True),
        padding=ft.Padding.symmetric(horizontal=8, vertical=2), border_radius=ft.BorderRadius.all(8),
        bgcolor="#263238" if p["active"] else "#1f2633",
        border=ft.Border.all(3 if p["active"] else 1, seat),
    )


def _level_step(app: Screen, p: dict[str, Any], levels: int, mine: bool) -> ft.Control:
    """− or + one level (the rules' `adjust`: never below 1, never the winning level); a seat's own only."""
    label = _("{name}: level −1") if levels < 0 else _("{name}: level +1")
    if not mine:
        return ft.Container(width=TOUCH)
    return icon_button(ft.Icons.REMOVE if levels < 0 else ft.Icons.ADD, label.format(name=p["name"]),
                       lambda e: app.command({"cmd": "adjust", "seat": p["name"], "levels": levels}),
                       key=f"level{'-' if levels < 0 else '+'}:{p['name']}")


def _number(label: str, value: int, tint: str, width: int, key: str | None) -> ft.Control:
    shown = figure(str(value), key, color=tint, text_align=ft.TextAlign.CENTER) if key else \
        text(str(value), size=BIG, weight=ft.FontWeight.BOLD, color=tint, max_lines=1, text_align=ft.TextAlign.CENTER)
    return ft.Semantics(label=f"{label} {value}", content=ft.Container(shown, width=width, alignment=ft.Alignment.CENTER))


def slots(p: dict[str, Any]) -> ft.Control:
    """The worn slots lit when filled, and the hands in use (0-2)."""
    worn = {g["slot"] for g in p["gear"] if g["equipped"]}
    hands = sum({"hand": 1, "hands": 2}.get(g["slot"], 0) for g in p["gear"] if g["equipped"])
    icons: list[ft.Control] = [ft.Icon(icon, size=22, color=LIT if slot in worn else DIM) for slot, icon in SLOT_ICONS]
    icons += [ft.Icon(ft.Icons.PAN_TOOL, size=20, color=LIT if hands > i else DIM) for i in range(2)]
    carried = sum(1 for g in p["gear"] if not g["equipped"])
    if carried:
        icons.append(caption(_("+{n} carried").format(n=carried)))
    label = _("Worn: {slots}; hands in use: {n}").format(slots=", ".join(sorted(worn)) or "—", n=hands)
    return ft.Semantics(label=label, content=ft.Row(icons, spacing=2, tight=True, wrap=True))


def level_strip(view: View) -> ft.Control:
    """During a fight: every seat's level and strength, in its colour (who could help, who is strongest)."""
    chips: list[ft.Control] = [ft.Container(text(_("{name}: level {level}, strength {strength}").format(
                                                name=p["name"], level=p["level"], strength=p["strength"]),
                                                size=BODY, weight=ft.FontWeight.BOLD, color="#000000"),
                                            bgcolor=colour(p["colour"]).screen, padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                                            border_radius=ft.BorderRadius.all(6)) for p in view["players"]]
    return ft.Row(chips, spacing=4, wrap=True, run_spacing=4)


# -- the fight --------------------------------------------------------------------------------------------
def combat_board(app: Screen, view: View, fight: dict[str, Any]) -> ft.Control:
    """The two sides and their totals, who is winning and by how much, and the run-away odds."""
    players = [f"{f['name']} {f['strength']}" for f in fight["fighters"]]
    players += [f"{b['name']} {b['bonus']:+d} ({b['by']})" for b in fight["boosts"]]
    monsters = [monster_line(m) for m in fight["monsters"]]
    # the totals side by side, large, the standing between them; what makes them up below, the whole width
    # (a monster's name is one long word in German: "Versicherungsvertreter")
    middle = ft.Column([caption(_("vs")), text(standing(fight), size=BODY, weight=ft.FontWeight.BOLD,
                                              color=PLAYERS_GREEN if fight["winning"] else "#ffb74d", text_align=ft.TextAlign.CENTER)],
                       width=140, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=2, tight=True)
    totals = ft.Row([_total(_("Players"), fight["players_strength"], PLAYERS_GREEN), middle,
                     _total(_("Monsters"), fight["monsters_strength"], MONSTER_RED)],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=6)
    rows: list[ft.Control] = [totals, *[text(line, size=BODY, color=PLAYERS_GREEN) for line in players],
                              *[text(line, size=BODY, color=MONSTER_RED) for line in monsters]]
    if fight["helper"]:
        bribe = _(" — bribe: {note}").format(note=fight["bribe"]) if fight["bribe"] else ""
        rows.append(text(_("{name} helps").format(name=fight["helper"]) + bribe, size=BODY, color=INK))
    rows += run_odds(app, fight)
    return card(ft.Column(rows, spacing=4, tight=True), border_colour=PLAYERS_GREEN if fight["winning"] else MONSTER_RED)


def monster_line(m: dict[str, Any]) -> str:
    enhanced = "".join(f" {e['bonus']:+d}" for e in m["enhancers"])
    return _("{name}, level {level}{enhancers} = {strength}").format(name=m["name"], level=m["level"], enhancers=enhanced, strength=m["strength"])


def _total(title: str, total: int, tint: str) -> ft.Control:
    return ft.Column([caption(title), figure(str(total), f"strength:{title}", color=tint)], spacing=0, tight=True, expand=True,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def run_odds(app: Screen, fight: dict[str, Any]) -> list[ft.Control]:
    """The chance to escape (from the odds analysis, asked only while there is a fight): in the fight
    one line for everyone ("if they run"), while running each roll still due."""
    session = app.companion.session
    if session is None:
        return []
    odds = session.analyse("odds", app.viewer)
    if not fight["to_roll"]:
        every = " · ".join(f"{seat} {p}%" for seat, p in odds["escape_all"].items())
        return [text(_("If they run, escaping all: {chances}").format(chances=every), size=CAPTION, color=MUTED, max_lines=2)] if every else []
    lines: list[ft.Control] = [text(_("Running away"), size=CAPTION, color=MUTED)]
    for e in odds["escape"]:
        chance = _("lets go") if e["auto"] else _("{need}+ on the die: {p}%").format(need=e["need"], p=e["percent"])
        lines.append(text(_("{name} from {monster}: {chance}").format(name=e["seat"], monster=e["name"], chance=chance), size=BODY,
                          color=INK))
    return lines
