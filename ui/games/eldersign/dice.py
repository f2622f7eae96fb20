"""The attempt on the table: its tasks (the ones that may be completed now lit), the dice lying rolled
as big coloured squares (the numbers the commands use), the dice held on markers and spells, the
attempt's exact chance and the advice's best plan (worked out off the page's loop, once per state:
worked.py), and the "What now?" button with every plan.
The dialogs: entering the faces rolled (a pad per colour), starting an attempt (yellow and red
dice), picking the dice a clue rerolls. With results told (setting table.dice_entry) no face is shown:
the dice to roll and the held dice are blank, and what a roll did is picked in the menu."""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.contract import View
from companion.games.eldersign import names
from companion.games.eldersign.entry import in_order
from companion.games.eldersign.odds.dice import COLOUR_NAMES
from companion.i18n import _
from companion.inputs import Option
from companion.messages import render
from ui.games.eldersign.worked import worked_out
from ui.screen import Screen
from ui.widgets.common import BIG, BODY, CAPTION, MUTED, SELECTED_BG, TOUCH, button, card, text

INK = "#eceff1"
DIE_COLOURS = {"green": "#2e7d32", "yellow": "#f9a825", "red": "#c62828"}
DIE_INK = {"green": "#ffffff", "yellow": "#000000", "red": "#ffffff"}
#: the faces of each colour, as the commands write them (odds/dice.py)
FACES = {"green": ("inv1", "inv2", "inv3", "lore", "peril", "terror"),
         "yellow": ("inv1", "inv2", "inv3", "inv4", "lore", "peril"),
         "red": ("inv2", "inv3", "inv4", "lore", "peril", "wild")}
#: each face as the dice show it, in a glyph the bundled font has (no letter to translate): investigation its number,
#: lore a scroll's lines, peril a skull, terror a tentacled trident, the red die's wild a star
SYMBOL = {"blank": "·", "inv1": "1", "inv2": "2", "inv3": "3", "inv4": "4", "lore": "☰", "peril": "☠", "terror": "♆", "wild": "★"}
#: a task's box as the card prints it (odds/tasks.py's notation: "LORE", "INV:3", "LORE/PERIL") -> the dice symbols
BOX_SYMBOL = {"LORE": SYMBOL["lore"], "PERIL": SYMBOL["peril"], "TERROR": SYMBOL["terror"]}
#: the magnifying glass of the investigation faces, before the points a box needs
INVESTIGATION = "⚲"


def box_symbols(box: str) -> str:
    """"INV:3" -> "⚲3", "LORE" -> "☰", "LORE/PERIL" -> "☰/☠"; anything else as printed."""
    if box.startswith("INV:"):
        return INVESTIGATION + box.removeprefix("INV:")
    return "/".join(BOX_SYMBOL.get(part, part) for part in box.split("/"))


def face_name(face: str) -> str:
    return {"inv1": _("1 investigation"), "inv2": _("2 investigation"), "inv3": _("3 investigation"), "inv4": _("4 investigation"),
            "lore": _("Lore"), "peril": _("Peril"), "terror": _("Terror"), "wild": _("Wild"), "blank": _("blank")}.get(face, face)


def attempt_panel(app: Screen, view: View) -> ft.Control:
    a = view["attempt"]
    title = _("Attack on {name}").format(name=view["ancient_one"]["name"]) if a["battle"] else a["name"]
    rows: list[ft.Control] = [
        ft.Row([text(title, size=18, weight=ft.FontWeight.BOLD, color=INK, expand=True),
                button(_("What now?"), lambda e: app.show_dialog(advice_dialog(app)), icon=ft.Icons.LIGHTBULB, size=BODY, max_lines=1)],
               spacing=4),
        odds_line(app),
        tasks_row(a),
        dice_row(a),
    ]
    if a["held"]:
        rows.append(ft.Row([text(_("Held:"), size=CAPTION, color=MUTED),
                            *(die_square(None, h["face"] or "?", f"{h['text']}", small=True) for h in a["held"])], spacing=4, wrap=True))
    pool = a["pool"]
    rows.append(text(_("Free dice: {g} green, {y} yellow, {r} red").format(g=pool["green"], y=pool["yellow"], r=pool["red"]),
                     size=CAPTION, color=MUTED))  # two lines where the language's words are long
    return card(ft.Column(rows, spacing=4, tight=True), padding=6)


def odds_line(app: Screen) -> ft.Control:
    """The chance to complete the attempt from here and, after a roll, the advice's best plan."""
    worked = worked_out(app)
    if worked is None:
        return text(_("Working out the odds…"), size=CAPTION, color=MUTED, max_lines=1)
    parts = [_("Chance {p}%").format(p=worked.percent)] if worked.percent is not None else []
    if worked.plans:
        parts.append(_("best: {plan}").format(plan=worked.plans[0]["text"]))
    colour = MUTED if worked.percent is None else "#81c784" if worked.percent >= 50 else "#ffb74d"
    return text(" · ".join(parts), size=BODY, color=colour, weight=ft.FontWeight.BOLD)


def tasks_row(a: dict[str, Any]) -> ft.Control:
    chips: list[ft.Control] = []
    for task in a["tasks"]:
        lit = task["eligible"] and not task["done"]
        said = ("✓ " if task["done"] else f"{task['number']}: ") + " ".join(box_symbols(box) for box in task["boxes"])
        chips.append(ft.Container(text(said, size=BODY, color="#000000" if lit else INK,
                                       max_lines=1), bgcolor="#90caf9" if lit else ("#37474f" if task["done"] else "#263238"),
                                  padding=ft.Padding.symmetric(horizontal=6, vertical=2), border_radius=ft.BorderRadius.all(6)))
    return ft.Row(chips, spacing=4, wrap=True)


def dice_row(a: dict[str, Any]) -> ft.Control:
    """The dice lying rolled, each with its face; before the faces are said (and always with results
    told: setting table.dice_entry), the dice to roll, blank."""
    if (a["step"] == "roll" and not a["roll"]) or a.get("results_told"):
        due = (a["pool"] if a.get("results_told") else a["due"]) or {}
        waiting = [die_square(colour, "?", _("a {colour} die to roll").format(colour=render(names.colour(index))))
                   for index, colour in enumerate(COLOUR_NAMES) for _n in range(due.get(colour, 0))]
        return ft.Row(waiting, spacing=4, wrap=True)
    squares = [die_square(d["colour"], "?" if d["due"] else d["face"], _("die {n}: {face}").format(n=d["number"], face=d["text"]),
                          number=d["number"]) for d in a["roll"]]
    return ft.Row(squares, spacing=4, wrap=True)


def die_square(colour: str | None, face: str, label: str, number: int | None = None, small: bool = False) -> ft.Control:
    """A die as the table sees it: its colour, its face big, its number (for the commands) small."""
    size = 36 if small else TOUCH
    symbol = SYMBOL.get(face, face)
    content: list[ft.Control] = [text(symbol, size=20 if small else 24, weight=ft.FontWeight.BOLD, color=DIE_INK.get(colour or "", "#ffffff"))]
    if number is not None:
        content.insert(0, text(str(number), size=BODY, color=DIE_INK.get(colour or "", "#ffffff")))
    return ft.Semantics(label=label, content=ft.Container(
        ft.Column(content, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER),
        width=size, height=size, bgcolor=DIE_COLOURS.get(colour or "", "#5e35b1"), border_radius=ft.BorderRadius.all(8),
        alignment=ft.Alignment.CENTER))


# -- the dialogs --------------------------------------------------------------------------------------
def roll_dialog(app: Screen) -> ft.AlertDialog:
    """Enter the faces rolled: a pad of faces per colour due, one tap per die, in any order; the dice said
    so far grouped by face, and what is still to say; "Roll for us". The faces are sent in the dice's
    face order, as the buttons' count of each face sends them (companion/games/eldersign/entry.py), so
    the dice are numbered the same whichever way the table said them."""
    a = app.view()["attempt"]
    due: dict[str, int] = dict(a["due"] or {})
    entered: dict[str, list[str]] = {colour: [] for colour in due}
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)

    def add(colour: str, face: str) -> None:
        if len(entered[colour]) < due[colour]:
            entered[colour].append(face)
        redraw()

    def take_back(colour: str) -> None:
        if entered[colour]:
            entered[colour].pop()
        redraw()

    def complete() -> bool:
        return any(due.values()) and all(len(entered[c]) == n for c, n in due.items())

    def submit(virtual: bool = False) -> None:
        said = {colour: in_order(COLOUR_NAMES.index(colour), faces) for colour, faces in entered.items()}
        request: dict[str, Any] = {"cmd": "roll", "virtual": True} if virtual else {"cmd": "roll", **said}
        app.close_dialog()
        app.command(request)

    def redraw() -> None:
        rows: list[ft.Control] = []
        for colour, n in due.items():
            if not n:
                continue
            said = " ".join(SYMBOL[f] for f in in_order(COLOUR_NAMES.index(colour), entered[colour])) or "—"
            rows.append(ft.Row([text(_("{colour}: {said} ({k} of {n})").format(colour=_colour_name(colour), said=said, k=len(entered[colour]), n=n),
                                     size=BODY, color=INK, expand=True, max_lines=1),
                                button(_("Back"), lambda e, c=colour: take_back(c), icon=ft.Icons.BACKSPACE, size=BODY, max_lines=1)], spacing=4))
            rows.append(ft.Row([button(SYMBOL[f], lambda e, c=colour, f=f: add(c, f), width=64, size=22, max_lines=1,
                                       bgcolor=DIE_COLOURS[colour], color=DIE_INK[colour], disabled=len(entered[colour]) >= n)
                                for f in FACES[colour]], spacing=4, wrap=True))
        body.controls = rows
        confirm.disabled = not complete()
        # the confirm button stays off until every die due has its face: say which are still to say
        left = tuple(max(0, due.get(c, 0) - len(entered.get(c, []))) for c in COLOUR_NAMES)
        _still_to_choose(missing_hint, [render(names.pool((left[0], left[1], left[2])))] if any(left) else [])
        with contextlib.suppress(Exception):  # not shown yet
            app.page.update()

    missing_hint = ft.Text("", size=CAPTION, color=MUTED, visible=False)
    confirm = button(_("These are the faces"), lambda e: submit(), icon=ft.Icons.CHECK, bgcolor="#2e7d32", color="#ffffff", disabled=True,
                     max_lines=1)
    actions: list[ft.Control] = [button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1),
                                 button(_("Roll for us"), lambda e: submit(virtual=True), icon=ft.Icons.CASINO, max_lines=1), confirm]
    title = ft.Column([ft.Text(_("The faces rolled"), size=20), missing_hint], spacing=2, tight=True)
    dialog = ft.AlertDialog(modal=True, title=title, content=ft.Container(body, width=560, height=300),
                            actions=actions, content_padding=ft.Padding.all(10))
    redraw()
    dialog.data = {"add": add, "take_back": take_back, "submit": submit, "confirm": confirm, "entered": entered, "missing": missing_hint}
    return dialog


def _still_to_choose(hint: ft.Text, missing: list[str]) -> None:
    """What a dialog whose confirm button is off still needs, as Munchkin's card dialog says it."""
    hint.value = _("Still to choose: {asks}").format(asks=", ".join(missing)) if missing else ""
    hint.visible = bool(missing)


def _colour_name(colour: str) -> str:
    return {"green": _("Green"), "yellow": _("Yellow"), "red": _("Red")}[colour]


def attempt_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    """Start an attempt (or an attack): the yellow and red dice when an item or ability adds them."""
    state = {"yellow": False, "red": False}
    body = ft.Column(spacing=6, tight=True)

    def toggle(key: str) -> None:
        state[key] = not state[key]
        redraw()

    def submit() -> None:
        app.close_dialog()
        app.command({**option.command, **state})

    def redraw() -> None:
        body.controls = [text(render(option.label), size=18, color=INK),
                         ft.Row([_toggle(_("Yellow die"), state["yellow"], lambda e: toggle("yellow"), "yellow"),
                                 _toggle(_("Red die"), state["red"], lambda e: toggle("red"), "red")], spacing=8)]
        with contextlib.suppress(Exception):
            app.page.update()

    dialog = ft.AlertDialog(modal=True, title=ft.Text(_("Which dice?"), size=20), content=ft.Container(body, width=420),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1),
                                     button(_("Roll 6 green and these"), lambda e: submit(), icon=ft.Icons.CASINO, bgcolor="#2e7d32",
                                            color="#ffffff", max_lines=1)],
                            content_padding=ft.Padding.all(10))
    redraw()
    dialog.data = {"toggle": toggle, "submit": submit, "state": state}
    return dialog


def _toggle(label: str, on: bool, handler: Callable[..., Any], colour: str) -> ft.Control:
    return button(("✓ " if on else "") + label, handler, bgcolor=DIE_COLOURS[colour] if on else None, color=DIE_INK[colour] if on else None,
                  max_lines=1, width=180)


def clue_dialog(app: Screen) -> ft.AlertDialog:
    """Spend a clue: tap the dice to roll again (the others stay as they lie)."""
    a = app.view()["attempt"]
    chosen: set[int] = set()
    body = ft.Column(spacing=6, tight=True)
    doomed = a["terror_shown"] and a["terror"] == "discard"  # the terror takes its dice before the clue
    dice = [d for d in a["roll"] if not (doomed and d["colour"] == "green" and d["face"] == "terror")]

    def toggle(n: int) -> None:
        chosen.symmetric_difference_update({n})
        redraw()

    def submit() -> None:
        app.close_dialog()
        app.command({"cmd": "clue", "dice": sorted(chosen)})

    def redraw() -> None:
        body.controls = [text(_("Tap the dice to roll again."), size=CAPTION, color=MUTED),
                         ft.Row([button(f"{d['number']}: {SYMBOL.get(d['face'], '?')}", lambda e, n=d["number"]: toggle(n), width=72, size=18,
                                        max_lines=1, bgcolor=SELECTED_BG if d["number"] in chosen else DIE_COLOURS[d["colour"]],
                                        color="#ffffff" if d["number"] in chosen else DIE_INK[d["colour"]])
                                 for d in dice], spacing=4, wrap=True)]
        confirm.disabled = not chosen
        _still_to_choose(missing_hint, [] if chosen else [_("the dice to roll again")])
        with contextlib.suppress(Exception):
            app.page.update()

    missing_hint = ft.Text("", size=CAPTION, color=MUTED, visible=False)
    confirm = button(_("Spend the clue"), lambda e: submit(), icon=ft.Icons.SEARCH, bgcolor="#2e7d32", color="#ffffff", disabled=True,
                     max_lines=1)
    title = ft.Column([ft.Text(_("Reroll with a clue"), size=20), missing_hint], spacing=2, tight=True)
    dialog = ft.AlertDialog(modal=True, title=title, content=ft.Container(body, width=520),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1), confirm],
                            content_padding=ft.Padding.all(10))
    redraw()
    dialog.data = {"toggle": toggle, "submit": submit, "confirm": confirm, "missing": missing_hint}
    return dialog


def advice_dialog(app: Screen) -> ft.AlertDialog:
    """The attempt's exact chance from here and, after a roll, every plan with the chance after it, best
    first: "Do it" sends the plan's first step (the advice is asked again after it)."""
    worked = worked_out(app)
    odds, plans = (worked.odds, worked.plans) if worked is not None else ({}, [])
    chance = worked.percent if worked is not None else None
    rows: list[ft.Control] = []
    if worked is None:  # drawn again when they are ready (worked.py)
        rows.append(text(_("Working out the odds…"), size=CAPTION, color=MUTED))
    if chance is not None:
        rows.append(text(_("Chance to complete it: {p}%").format(p=chance), size=BIG, weight=ft.FontWeight.BOLD,
                         color="#81c784" if chance >= 50 else "#ffb74d"))
    for i, plan in enumerate(plans):
        rows.append(ft.Row([
            text(f"{plan['percent']}%", size=20 if i == 0 else 16, weight=ft.FontWeight.BOLD, width=64,
                 color="#81c784" if i == 0 else INK),
            text(plan["text"], size=BODY, color=INK, expand=True),
            button(_("Do it"), lambda e, command=plan["command"]: _do(app, command), size=BODY, max_lines=1, width=96,
                   bgcolor="#2e7d32" if i == 0 else None, color="#ffffff" if i == 0 else None),
        ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    told = bool((app.view().get("attempt") or {}).get("results_told"))
    if not plans and worked is not None:
        rows.append(text(_("This table tells what each roll did, not its faces: the chance is what the advice can give.") if told
                         else _("Roll the dice and enter the faces: then the advice says what to do."), size=CAPTION, color=MUTED))
    dialog = ft.AlertDialog(modal=True, title=ft.Text(_("What now?"), size=20),
                            content=ft.Container(ft.Column(rows, spacing=6, tight=True, scroll=ft.ScrollMode.AUTO), width=600, height=320),
                            actions=[button(_("Close"), lambda e: app.close_dialog(), max_lines=1)], content_padding=ft.Padding.all(10))
    # while the odds are worked out: how to draw the dialog again once they are (worked.py)
    dialog.data = {"plans": plans, "odds": odds, "waiting": (lambda: advice_dialog(app)) if worked is None else None}
    return dialog


def _do(app: Screen, command: dict[str, Any] | None) -> None:
    app.close_dialog()
    if command:
        app.command(command)
