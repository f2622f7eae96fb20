"""Dungeon Twister's table tab, for the 800×480 screen read from across the table: the AP left this
turn as one large number in the active player's colour, both players' VP, cards left (counts only:
a hand is never shown here), every character with its state and what it carries, the fight waiting
for cards ("waiting for blue's card…") or just revealed, and the options menu.

Everything here comes from the table's view, which holds no secret: no card in anyone's hand, none
chosen, none used. With choices made at the table (setting `seats.secret_choices = "table"`) it also
shows the starting lines and the fight's cards as the table entered them: they lie face up there."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.palette import colour
from ui.games.dungeontwister import words
from ui.screen import Screen
from ui.views.menu import options_panel
from ui.widgets.common import BODY, CAPTION, MORE_BELOW, MUTED, banner, card, figure, text

#: a character's place, as the colour of its tile's edge
STATUS_TINTS = {"maze": "#37474f", "wounded": "#e65100", "carried": "#6d4c41", "dead": "#212121", "escaped": "#2e7d32", "reserve": "#263238"}
#: text too dim to read means nothing to read: a face-down or dead character is drawn muted
DIM = "#78909c"


def table_panel(app: Screen, view: View) -> ft.Control:
    if view.turn.status == "setup" or "players" not in view.fields:
        return ft.Column([options_panel(app, width=None, fill=False)])
    if app.narrow:
        return ft.Column([options_panel(app, width=None, fill=False), ap_and_points(view), lines_board(view), fight_board(view),
                          *[side(view, c) for c in view["colours"]]], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    left = ft.Column([ap_and_points(view)], width=168, spacing=4, scroll=ft.ScrollMode.AUTO)
    middle = ft.Column([lines_board(view), fight_board(view), *[side(view, c) for c in view["colours"]]], spacing=4, expand=True,
                       scroll=MORE_BELOW)
    return ft.Row([left, middle, ft.Container(options_panel(app, width=216), width=220)], spacing=6,
                  vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def reveal_alert(view: View) -> list[ft.Control]:
    """The fight just revealed — both totals and what came of it — in the winner's colour, until the
    next action takes it off (as the two cards lie face up on a real table for that moment)."""
    last = view.get("last_combat")
    if view.turn.status != "playing" or not last:
        return []
    a, d = last["attacker"], last["defender"]
    totals = _("{a} {ta} against {d} {td}").format(a=words.colour(a), ta=last["totals"][a], d=words.colour(d), td=last["totals"][d])
    if last["winner"] is None:
        return [banner(_("{totals}: a tie").format(totals=totals), "#455a64", icon=ft.Icons.BOLT)]
    fates = [_("{tokens} wounded").format(tokens=words.group(last["wounded"]))] if last["wounded"] else []
    fates += [_("{tokens} dead").format(tokens=words.group(last["killed"]))] if last["killed"] else []
    return [banner(_("{totals}: {fates}").format(totals=totals, fates=", ".join(fates)), colour(last["winner"]).screen, icon=ft.Icons.BOLT)]


def ap_and_points(view: View) -> ft.Control:
    """The AP left, large, in the active player's colour; below it each player's VP out of 5."""
    active = view.get("active")
    tint = colour(active).screen if active else "#ffffff"
    if view.turn.phase == "action_card":
        ap_line = _("plays an action card")
    else:
        ap_line = _("of {n} AP").format(n=view["ap_budget"])
    ap = ft.Semantics(label=_("{colour}: {n} AP left").format(colour=words.colour(active or ""), n=view["ap"]), content=ft.Column([
        text(_("AP left"), size=CAPTION, color=MUTED, text_align=ft.TextAlign.CENTER),
        figure(str(view["ap"]), "ap", size=72, color=tint),
        text(ap_line, size=CAPTION, color=MUTED, text_align=ft.TextAlign.CENTER),  # "plays an action card" takes two lines
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))
    points = [points_row(view, p) for p in view["players"]]
    return card(ft.Column([ap, *points], spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                border_colour=tint)


def points_row(view: View, player: dict[str, Any]) -> ft.Control:
    tint = colour(player["colour"]).screen
    return ft.Semantics(label=_("{name}: {n} of {target} VP").format(name=player["name"], n=player["vp"], target=view["target_vp"]),
                        content=ft.Column([  # the name whole over its VP (a long name takes two lines)
                            ft.Container(text(player["name"], size=BODY, weight=ft.FontWeight.BOLD, color="#000000",
                                              text_align=ft.TextAlign.CENTER),
                                         bgcolor=tint, padding=ft.Padding.symmetric(horizontal=6, vertical=2),
                                         border_radius=ft.BorderRadius.all(6), width=150),
                            figure(f"{player['vp']}/{view['target_vp']}", f"vp:{player['colour']}"),
                        ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))


def lines_board(view: View) -> ft.Control:
    """With choices made at the table: the starting lines entered so far, to check against the cardboard."""
    lines = view.get("lineups")
    if not lines:
        return ft.Container()
    rows: list[ft.Control] = [text(_("{colour}'s starting line ({n} of 4): {characters}").format(
                                   colour=words.colour(c), n=len(line), characters=", ".join(words.piece(p) for p in line) or "—"),
                                   size=BODY, color=colour(c).screen) for c, line in lines.items()]
    return card(ft.Column(rows, spacing=2, tight=True))


def fight_board(view: View) -> ft.Control:
    """The fight waiting for its cards: who fights whom, and whose card the table still waits for (with
    choices made at the table, the card entered, which lies face up on the table)."""
    fight = view.get("combat")
    if not fight:
        return ft.Container()
    rows: list[ft.Control] = [text(_("{attackers} against {defenders}").format(attackers=words.group(fight["attackers"]),
                                                                                 defenders=words.group(fight["defenders"])),
                                   size=BODY, weight=ft.FontWeight.BOLD)]
    revealed = fight.get("revealed") or {}
    for c in (fight["attacker"], fight["defender"]):
        chosen = c in fight["chosen"]
        if c in revealed:
            said = _("{colour}: {card}").format(colour=words.colour(c), card=words.card(revealed[c]))
        elif chosen:
            said = _("{colour} has chosen").format(colour=words.colour(c))
        else:
            said = _("waiting for {colour}'s card…").format(colour=words.colour(c))
        rows.append(ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE if chosen else ft.Icons.HOURGLASS_TOP, color=colour(c).screen, size=28),
                            text(said, size=20, weight=ft.FontWeight.BOLD if not chosen else None)], spacing=6))
    return card(ft.Column(rows, spacing=2, tight=True), bgcolor="#311b1b", border_colour="#ef5350")


def side(view: View, c: str) -> ft.Control:
    """One player: name, cards left (counts), jumps, action cards in hand, and the eight characters."""
    player = next(p for p in view["players"] if p["colour"] == c)
    tint = colour(c).screen
    facts = [_("{n} combat cards").format(n=player["combat_cards_left"]), _("{n} jumps").format(n=player["jumps_left"]),
             _("actions {cards}").format(cards=" ".join(map(str, player["action_cards"])) or "—")]
    characters = [ch for ch in view["characters"] if ch["colour"] == c]
    tiles = [character_tile(ch) for ch in characters]
    return card(ft.Column([
        ft.Row([text(player["name"], size=BODY, weight=ft.FontWeight.BOLD, color=tint),
                *[text(fact, size=CAPTION, color=MUTED) for fact in facts]], spacing=10, wrap=True, run_spacing=0),
        # two to a row: a character's name whole at body size ("Стенопроходец", "Wandläufer")
        *[ft.Row(tiles[i:i + 2], spacing=3) for i in range(0, len(tiles), 2)],
    ], spacing=3, tight=True), padding=5, border_colour=tint if player["active"] else None)


def character_tile(ch: dict[str, Any]) -> ft.Control:
    status = ch["status"]
    muted = status in ("reserve", "dead")
    lines: list[ft.Control] = [text(words.piece(ch["piece"]), size=BODY, weight=None if muted else ft.FontWeight.BOLD, color=DIM if muted else None),
                               text(words.status(status), size=CAPTION, color=MUTED)]
    if ch["carrying"]:
        lines.append(text("+ " + words.token(ch["carrying"]), size=BODY, color="#fff59d"))
    return ft.Container(ft.Column(lines, spacing=0, tight=True), expand=True, padding=ft.Padding.symmetric(horizontal=3, vertical=1),
                        border=ft.Border.all(2, STATUS_TINTS.get(status, "#37474f")), border_radius=ft.BorderRadius.all(6),
                        bgcolor="#1b1f27")
