"""Big Bang's table tab: the moon track drawn like the LED ring, the cubes, every hand by card
names, the six locations, what lies beside the board, and the options menu."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.palette import colour, seat_colour
from companion.ring import Track
from ui.games.bigbang import words
from ui.screen import Screen
from ui.views.menu import answered_in_place, options_panel
from ui.widgets.common import BODY, MID, MORE_BELOW, banner, caption, text
from ui.widgets.ring import track_dial

#: location tiles are tinted by what lies there: a foe, a friend, a find
KIND_TINTS = {"enemy": "#4a1c1c", "helper": "#1b3a26", "treasure": "#3a321b"}


def table_panel(app: Screen, view: View) -> ft.Control:
    mine = my_hand(app, view)
    if app.narrow:  # a phone on a seat: its own hand and the menu first, then the board, in one scrolling column
        return ft.Column([*mine, options_panel(app, width=None, fill=False), ft.Row([moon_track(app, view, 170), cubes(view)], wrap=True),
                          hands(view), locations(view), beside_the_board(view)], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    # the hands head the middle column, the active player's lit: never below the fold, nor under the red-moon banner
    left = ft.Column([moon_track(app, view, 200), cubes(view)], spacing=4, width=206,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER, scroll=ft.ScrollMode.AUTO)
    middle = ft.Column([*mine, hands(view), locations(view), beside_the_board(view)], spacing=4, expand=True, scroll=MORE_BELOW)
    right = ft.Container(_real_deal_layout(app, view) or options_panel(app), width=232)
    return ft.Row([left, middle, right], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def _real_deal_layout(app: Screen, view: View) -> ft.Control | None:
    """Laying out the real deal: the next location's cards straight away, a tap each (the menu would take
    two: the location, then its card); None at any other time."""
    if view.turn.phase != "layout" or app.choosing.pending is not None:
        return None
    table = app.companion.table
    if table is None or (table.menu(app.viewer) is not None and table.menu(app.viewer).option is not None):
        return None  # the buttons (or a scan) asked a question already: the menu shows it
    place = next((o for o in app.options() if o.command.get("cmd") == "place" and len(o.asks) == 1), None)
    return answered_in_place(app, place) if place is not None else None


def my_hand(app: Screen, view: View) -> list[ft.Control]:
    """On a player's own screen (a phone held close), that player's hand first, in big letters: with the
    companion's own cards there is no cardboard to look at."""
    if not app.viewer.is_seat:
        return []
    player = next((p for p in view["players"] if p["name"] == app.viewer.seat), None)
    if player is None:
        return []
    return [ft.Container(text(_("Your hand: {cards}").format(cards=words.hand(player["hand"])), size=20, weight=ft.FontWeight.BOLD,
                              color="#000000"), bgcolor=seat_colour(view["players"].index(player)).screen,
                         border_radius=ft.BorderRadius.all(8), padding=ft.Padding.symmetric(horizontal=8, vertical=4))]


def red_moon_alert(app: Screen, view: View) -> list[ft.Control]:
    if view.turn.status == "playing" and view.get("red_moon"):
        return [banner(_("Red moon! The ring drops {n} after this turn.").format(n=view["danger_on_board"]), colour("danger").screen)]
    return []


def moon_track(app: Screen, view: View, size: int) -> ft.Control:
    """The ring's own track view (the same the LEDs show), drawn as numbered dots."""
    session = app.companion.session
    ring = session.ring() if session is not None else None
    if not isinstance(ring, Track):  # never expected; a track from the view then
        track = view["track"]
        ring = Track(track["length"], view["moon"], track["bottom"], track["top"])
    label = _("Moon track: {moon} of {top}").format(moon=ring.position, top=ring.top)
    return track_dial(ring, _("Moon"), size, label)


def cubes(view: View) -> ft.Control:
    filled, seats = view["cubes"], view["max_cubes"]
    amber = colour("warning").screen
    boxes = [ft.Container(width=24, height=24, border_radius=ft.BorderRadius.all(4), bgcolor=amber if i < filled else "#263238",
                          border=ft.Border.all(2, amber)) for i in range(seats)]
    return ft.Semantics(label=_("Cubes: {n} of {max}").format(n=filled, max=seats), content=ft.Row(
        [text(_("Cubes"), size=BODY, max_lines=1), *boxes, text(f"{filled}/{seats}", size=MID, weight=ft.FontWeight.BOLD, max_lines=1)],
        spacing=4, alignment=ft.MainAxisAlignment.CENTER, wrap=True))


def hands(view: View) -> ft.Control:
    """Every hand by card names ("Ann: Leonard ×2, Penny"): the menu then matches the cardboard."""
    rows: list[ft.Control] = []
    for index, player in enumerate(view["players"]):
        seat = seat_colour(index).screen  # a Big Bang seat is its place at the table
        active = player["active"]
        rows.append(ft.Container(
            text(_("{name}: {cards}").format(name=player["name"], cards=words.hand(player["hand"])), size=BODY,
                 weight=ft.FontWeight.BOLD if active else None, color="#000000" if active else "#ffffff"),
            bgcolor=seat if active else None, border=ft.Border.all(2, seat), border_radius=ft.BorderRadius.all(6),
            padding=ft.Padding.symmetric(horizontal=6, vertical=2)))
    return ft.Column(rows, spacing=3, tight=True)


def locations(view: View) -> ft.Control:
    tiles = [_location(location) for location in view["locations"]]
    return ft.Column([ft.Row(tiles[i:i + 2], spacing=4) for i in range(0, len(tiles), 2)], spacing=4)


def _location(location: dict[str, Any]) -> ft.Control:
    found = location["card"]
    if found is None:
        what = [text(_("empty: lay a card"), size=BODY, color="#ffcc80")]
        tint = "#263238"
    else:
        detail = (_("strength {s} · danger {d}").format(s=found["strength"], d=found["danger"]) if found["kind"] == "enemy"
                  else words.kind(found["kind"]))
        # the tiles scroll with the middle column: a long name or reward (any language) takes another line
        what = [text(words.card(found["name"]), size=BODY, weight=ft.FontWeight.BOLD),
                caption(detail),
                caption(_("reward: {reward}").format(reward=words.reward(found["reward"])))]
        tint = KIND_TINTS.get(found["kind"], "#263238")
    who = ", ".join(words.character(c) for c in location["characters"])
    return ft.Container(
        ft.Column([
            text(f"{location['number']} {words.place(location['name'])}", size=BODY, color="#90caf9"),
            text(who, size=BODY, color="#fff59d", weight=ft.FontWeight.BOLD) if who else ft.Container(),
            *what,
        ], spacing=0, tight=True),
        bgcolor=tint, padding=ft.Padding.symmetric(horizontal=6, vertical=3), border_radius=ft.BorderRadius.all(8), expand=True,
    )


def beside_the_board(view: View) -> ft.Control:
    items = [f"{words.item(k)} ×{n}" for k, n in view["artefacts"].items() if n] + [words.item(r) for r in view["relics"]]
    off = [words.character(c) for c, where in view["characters"].items() if where is None]
    return ft.Column([
        text(_("Pile: {n}").format(n=view["pile"]), size=BODY),
        text(_("Artefacts & relics: {items}").format(items=", ".join(items) or "—"), size=BODY),
        caption(_("Off the board: {names}").format(names=", ".join(off) or "—")),
    ], spacing=1, tight=True)
