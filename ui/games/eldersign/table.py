"""Elder Sign's table tab, sized for the 800×480 table screen: the doom-and-clock dial with Elder Signs
and the Mythos card on the left; the investigators (one finger-tall row each: tap for ± taps) and the
adventures in play, or the attempt on the table, in the middle; the options menu on the right."""
from __future__ import annotations

import math
from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.palette import colour, seat_colour
from companion.ring import Gauge
from ui.games.eldersign.dice import attempt_panel, box_symbols
from ui.games.eldersign.people import investigator_rows
from ui.screen import Screen
from ui.views.menu import options_panel
from ui.widgets.common import BODY, CAPTION, MORE_BELOW, MUTED, banner, card, figure, text

INK = "#eceff1"
#: tints of an adventure tile by its terror effect
TERROR_TINTS = {"none": "#263238", "discard": "#3e2723", "fail": "#4a1c1c"}


def table_panel(app: Screen, view: View) -> ft.Control:
    if view.get("attempt"):  # the dice on the table first: they are what everyone looks at now
        middle: list[ft.Control] = [attempt_panel(app, view), investigator_rows(app, view)]
    else:
        middle = [investigator_rows(app, view), adventures(app, view)]
    if app.narrow:  # a phone: the menu first, then the dial and the rest in one scrolling column
        return ft.Column([options_panel(app, width=None, fill=False), dial_column(app, view, 200), *middle], spacing=6,
                         scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Row([
        dial_column(app, view, 196),
        ft.Column(middle, spacing=6, expand=True, scroll=MORE_BELOW),
        ft.Container(options_panel(app), width=232),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def alerts(view: View) -> list[ft.Control]:
    """Midnight, the awakening, a monster to place, a Terror showing on the table."""
    if view.turn.status != "playing":
        return []
    found: list[ft.Control] = []
    ao = view["ancient_one"]
    if view["awakened"]:
        found.append(banner(_("{name} is awake: the final battle!").format(name=ao["name"]), colour("danger").screen, ft.Icons.WARNING_ROUNDED))
    if view.turn.phase == "midnight":
        found.append(banner(_("Midnight!"), "#4527a0", ft.Icons.NIGHTLIGHT_ROUND))
    if view["monsters_due"]:
        found.append(banner(_("A monster appears: put it on an adventure."), colour("mark").screen, ft.Icons.PEST_CONTROL))
    attempt = view.get("attempt")
    if attempt and attempt["terror_shown"] and attempt["terror"] != "none":
        found.append(banner(_("Terror shows: complete a task with this roll, or the terror effect strikes."), "#bf360c"))
    return found


# -- the doom track and the clock, as the ring shows them -------------------------------------------
def dial_column(app: Screen, view: View, size: int) -> ft.Control:
    ao = view["ancient_one"]
    session = app.companion.session
    gauge = session.ring() if session is not None else None
    if not isinstance(gauge, Gauge):
        gauge = Gauge(ao["doom_track"], view["doom"], tuple(s - 1 for s in ao["monster_spaces"]), view["clock"])
    signs = ft.Semantics(label=_("Elder Signs: {n} of {needed}").format(n=view["elder_signs"], needed=ao["elder_signs_needed"]), content=ft.Row(
        [ft.Icon(ft.Icons.STAR, color=colour("gold").screen, size=26),
         text(f"{view['elder_signs']}/{ao['elder_signs_needed']}", size=26, weight=ft.FontWeight.BOLD, color=INK, max_lines=1)],
        spacing=4, alignment=ft.MainAxisAlignment.CENTER))
    parts: list[ft.Control] = [text(_("Doom and clock"), size=CAPTION, color=MUTED, max_lines=1), doom_dial(gauge, view, size), signs,
                               text(ao["name"] + ("" if ao["checked"] else " " + _("(check your card)")), size=CAPTION, color=MUTED,
                                    max_lines=2, text_align=ft.TextAlign.CENTER)]
    if view.get("mythos"):
        parts.append(text(_("Mythos: {name}").format(name=view["mythos"]["name"]), size=BODY, color="#b39ddb", max_lines=2,
                          text_align=ft.TextAlign.CENTER))
    # beside the rest it scrolls rather than cuts when a banner or a long Mythos name leaves it short of
    # its height; in a phone's one scrolling column it must not scroll itself (an unbounded height)
    return ft.Column(parts, spacing=2, width=size + 4, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                     scroll=None if app.narrow else ft.ScrollMode.AUTO)


def doom_dial(gauge: Gauge, view: View, size: int) -> ft.Control:
    """The doom spaces round a circle from the top, clockwise (filled, monster icons, the next and the
    last space, as the LEDs light them), the clock hand inside, the doom count large in the middle."""
    length = max(gauge.length, 1)
    dot = max(20, min(34, int(size * 2.4 / length)))
    dots = [_space(index, gauge, length, size, dot) for index in range(length)]
    hand = _clock_hand(view, size)
    centre = ft.Container(
        content=ft.Column([
            figure(f"{gauge.filled}/{gauge.length}", "doom", color=colour("danger").screen if gauge.filled >= gauge.length - 1 else INK),
            figure(view["clock_label"], "clock", color=colour("clock").screen),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=0, tight=True),
        left=0, top=0, width=size, height=size, alignment=ft.Alignment.CENTER)
    label = _("Doom {n} of {track}, clock at {hour}").format(n=gauge.filled, track=gauge.length, hour=view["clock_label"])
    return ft.Semantics(label=label, content=ft.Stack([*dots, *hand, centre], width=size, height=size))


def _space(index: int, gauge: Gauge, length: int, size: int, dot: int) -> ft.Control:
    role = _space_role(index, gauge, length)
    left, top = _around(length, size, dot, index)
    return ft.Container(
        content=text("☠" if index in gauge.marked and index >= gauge.filled else str(index + 1), size=BODY, weight=ft.FontWeight.BOLD,
                     color="#000000" if role in ("marker", "warning") else "#ffffff"),
        width=dot, height=dot, left=left, top=top, bgcolor=colour(role).screen, shape=ft.BoxShape.CIRCLE, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(3, colour("warning").screen) if role == "danger" and index >= gauge.filled else None)


def _space_role(index: int, gauge: Gauge, length: int) -> str:
    """As the ring renderer lights a gauge: filled, the next space, a monster icon, the last space, the rest."""
    if index < gauge.filled:
        return "danger" if gauge.filled == length else "lit"
    if index == gauge.filled:
        return "warning" if index == length - 1 else "marker"
    if index in gauge.marked:
        return "mark"
    return "danger" if index == length - 1 else "unlit"


def _around(count: int, size: int, dot: int, index: int) -> tuple[float, float]:
    """Top-left corner of dot `index` of `count` round a circle, the first at the top, clockwise."""
    radius = (size - dot) / 2
    angle = -math.pi / 2 + 2 * math.pi * index / count
    return radius + radius * math.cos(angle), radius + radius * math.sin(angle)


def _clock_hand(view: View, size: int) -> list[ft.Control]:
    """A small clock-coloured dot inside the ring, where the hand points."""
    hour = view["clock"] % 12
    inner = size * 0.29
    angle = -math.pi / 2 + 2 * math.pi * hour / 12
    centre = size / 2
    d = 16
    return [ft.Container(width=d, height=d, left=centre + inner * math.cos(angle) - d / 2, top=centre + inner * math.sin(angle) - d / 2,
                         bgcolor=colour("clock").screen, shape=ft.BoxShape.CIRCLE)]


# -- the adventures in play ---------------------------------------------------------------------------
def adventures(app: Screen, view: View) -> ft.Control:
    tiles = [adventure_tile(view, a) for a in view["adventures"]]
    if view["to_lay"]:
        tiles.append(card(text(_("Lay {n} new adventure card(s)").format(n=view["to_lay"]), size=BODY, color="#ffcc80"), padding=6))
    return ft.Column([ft.Row(tiles[i:i + 2], spacing=4) for i in range(0, len(tiles), 2)], spacing=4)


def adventure_tile(view: View, a: dict[str, Any]) -> ft.Control:
    """Name, tasks (done ones struck), terror, trophies, monsters, who stands there."""
    here = [i for i in view["investigators"] if i["seat"] in a["here"]]
    who = ft.Row([_seat_dot(view, i["seat"]) for i in here], spacing=2) if here else ft.Container()
    extra = []
    if a["monsters"]:
        extra.append(_("{n} monster(s)").format(n=a["monsters"]))
    if a["terror"] != "none":
        extra.append(_("terror: the attempt fails") if a["terror"] == "fail" else _("terror: lose the dice"))
    return ft.Container(ft.Column([
        # the tiles scroll with the middle column: a long name or task list takes more lines, never an ellipsis
        ft.Row([text(a["name"], size=BODY, weight=ft.FontWeight.BOLD, color=INK, expand=True),
                who], spacing=2),
        text(task_line(a["tasks"]), size=BODY, color="#90caf9"),
        text(" · ".join([_("trophies {n}").format(n=a["trophies"]), *extra]), size=CAPTION, color=MUTED),
    ], spacing=0, tight=True), bgcolor=TERROR_TINTS.get(a["terror"], "#263238"), padding=ft.Padding.symmetric(horizontal=6, vertical=3),
        border_radius=ft.BorderRadius.all(8), expand=True)


def task_line(tasks: list[dict[str, Any]]) -> str:
    """The tasks as the card prints them, in the dice symbols: "1: ⚲3 › 2: ☠ ☠ | 3: ☰ ☰" (› printed order, | any)."""
    parts = []
    for i, task in enumerate(tasks):
        if i:
            parts.append(" › " if task["stage"] != tasks[i - 1]["stage"] else " | ")
        symbols = " ".join(box_symbols(box) for box in task["boxes"])  # the dice symbols, no word to translate; wraps between boxes
        parts.append(("✓ " if task["done"] else f"{task['number']}: ") + symbols)
    return "".join(parts)


def _seat_dot(view: View, seat: str) -> ft.Control:
    index = view.seat_index(seat) or 0
    return ft.Container(width=14, height=14, bgcolor=seat_colour(index).screen, shape=ft.BoxShape.CIRCLE)
