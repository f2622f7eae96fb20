"""The fight dialog: the die face (or "roll for us"), helper cards from the other players, the
re-roll artefact, the sword, the reward to take, the artefact drawn from the real deck — and the
exact chance to win, from the game's odds analysis (asked when the dialog opens, never computed in
every view), in the title and the body alike.

"Roll for us" shows the faces the companion's die rolls for the step this fight will be (the
session's random source for the next step): the same faces however often the dialog is opened,
cancelled and opened again, and no step is logged until the result is told."""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import flet as ft

from companion.games.bigbang.rules import virtual_rolls
from companion.i18n import _
from companion.inputs import Ask, Option
from companion.messages import render
from ui.games.bigbang import words
from ui.screen import Screen
from ui.widgets.common import BODY, REFUSED, SELECTED_BG, button, text

FACES: tuple[int | str, ...] = (1, 2, 3, 4, "moon")
#: a value not chosen yet (None is a choice: "the companion draws")
UNSET = "unset"


def fight_odds(app: Screen, option: Option) -> dict[str, Any] | None:
    """The odds of the fight `option` starts: at its location (Howard's remote fight names one),
    else where the chosen character stands."""
    session = app.companion.session
    if session is None:
        return None
    view = app.view()
    chosen = view.get("chosen") or {}
    location = option.command.get("location") or view["characters"].get(chosen.get("character"))
    odds = session.analyse("odds", app.viewer)
    return next((o for o in odds if o["location"] == location), None)


def rolled_faces(app: Screen) -> tuple[int | str, int | str] | None:
    """The roll and the re-roll the companion's die gives the next step, or None without a game."""
    session = app.companion.session
    return virtual_rolls(session.next_rng()) if session is not None else None


def fight_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    view = app.view()
    character = (view.get("chosen") or {}).get("character")
    odds = fight_odds(app, option)
    helpers_possible: dict[str, int] = {}
    if odds is not None and odds["how"] != "remote":
        helpers_possible = {p["name"]: p["hand"].get(character, 0) for p in view["players"] if not p["active"] and p["hand"].get(character)}
    choice_ask = _ask(option, "choice")
    artefact_ask = _ask(option, "artefact")
    state: dict[str, Any] = {"helpers": dict.fromkeys(helpers_possible, 0), "die": None, "reroll": None, "rolled": False,
                             "choice": choice_ask.choices[0].value if choice_ask else None, "artefact": UNSET, "problem": ""}
    has_reroll = bool(view["artefacts"].get("reroll"))
    has_sword = odds is not None and odds["sword"]
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)
    title = ft.Text(size=19)

    def chance() -> int | None:
        if odds is None:
            return None
        helping = sum(state["helpers"].values())
        percent: int = odds["percent"] if helping == 0 else odds["with_help"][min(helping, len(odds["with_help"])) - 1]
        return percent

    def picked() -> dict[str, Any]:
        """What the dialog holds, as the command's arguments (the menu's questions read these)."""
        helpers = {name: n for name, n in state["helpers"].items() if n}
        return {**option.command, "die": state["die"], "reroll": state["reroll"], "helpers": helpers or None,
                "choice": state["choice"]}

    def artefact_asked() -> bool:
        return artefact_ask is not None and state["die"] is not None and artefact_ask.asked(picked())

    def choices(current: Any, values: Iterable[Any], on_pick: Callable[[Any], None], label: Callable[[Any], str]) -> ft.Control:
        return ft.Row([button(label(v), lambda e, v=v: on_pick(v), size=BODY, width=64 if len(label(v)) <= 2 else None, max_lines=1,
                              bgcolor=SELECTED_BG if current == v else None, color="#ffffff" if current == v else None)
                       for v in values], spacing=4, wrap=True, run_spacing=4)

    def set_(key: str, value: Any) -> None:
        state[key] = value
        state["problem"] = ""
        if key in ("die", "reroll"):
            state["rolled"] = False
        redraw()

    def set_helper(name: str, n: int) -> None:
        state["helpers"][name] = n
        redraw()

    def roll() -> None:
        """No die at the table: the companion's die for this step. The first tap rolls; with the re-roll
        artefact, a tap after a losing roll rolls again. Nothing is logged until the result is told."""
        faces = rolled_faces(app)
        if faces is None:
            return
        first, second = faces
        if not state["rolled"]:
            state["die"], state["reroll"] = first, None
        elif has_reroll and state["reroll"] is None and not wins(first):
            state["reroll"] = second
        # else: the same step rolls the same faces; nothing new to show
        state["rolled"], state["problem"] = True, ""
        redraw()

    def roll_label() -> str:
        if state["rolled"] and has_reroll and state["reroll"] is None and not wins(state["die"]):
            return _("Re-roll for us")
        return _("Roll for us")

    def wins(face: int | str) -> bool:
        """Whether `face` beats the enemy with the bonus as it stands (the red moon never does)."""
        if odds is None:
            return False
        return isinstance(face, int) and face + odds["bonus"] + sum(state["helpers"].values()) >= odds["strength"]

    def submit(sword: bool = False) -> None:
        request = dict(option.command)
        if sword:
            request["sword"] = True
        else:
            if state["die"] is None:
                state["problem"] = _("Tap the face the die shows, or \"Roll for us\".")
                redraw()
                return
            request["die"] = state["die"]
            if state["reroll"] is not None:
                request["reroll"] = state["reroll"]
            helpers = {name: n for name, n in state["helpers"].items() if n}
            if helpers:
                request["helpers"] = helpers
            if artefact_asked():
                if state["artefact"] == UNSET:
                    state["problem"] = _("Won: draw the artefact card and tap which it is (or let the companion draw).")
                    redraw()
                    return
                if state["artefact"] is not None:
                    request["artefact"] = state["artefact"]
        if state["choice"] is not None:
            request["choice"] = state["choice"]
        app.close_dialog()
        app.command(request)

    def redraw() -> None:
        p = chance()
        enemy = odds["enemy"] if odds else render(option.label)
        title.value = _("Fight {enemy}: {p}% to win").format(enemy=enemy, p=p) if p is not None else _("Fight {enemy}").format(enemy=enemy)
        rows: list[ft.Control] = []
        if odds is not None and p is not None:
            rows.append(text(_("Win chance: {p}%").format(p=p), size=26, weight=ft.FontWeight.BOLD, color="#81c784" if p >= 50 else "#ffb74d"))
            rows.append(text(_("{enemy}: strength {s}, danger {d}; bonus +{b}").format(
                enemy=odds["enemy"], s=odds["strength"], d=odds["danger"], b=odds["bonus"] + sum(state["helpers"].values())), size=BODY))
        for name, most in helpers_possible.items():
            rows.append(ft.Row([text(_("{name} helps with").format(name=name), size=BODY, width=150),
                                choices(state["helpers"][name], range(most + 1), partial(set_helper, name), str)]))
        if choice_ask is not None:
            labels = {c.value: render(c.label) for c in choice_ask.choices}
            rows.append(ft.Row([text(_("Reward"), size=BODY, width=150),
                                choices(state["choice"], labels, lambda v: set_("choice", v), labels.__getitem__)]))
        rows.append(ft.Row([text(_("The die shows"), size=BODY, weight=ft.FontWeight.BOLD, expand=True),
                            button(roll_label(), lambda e: roll(), icon=ft.Icons.CASINO, size=BODY, max_lines=1)]))
        rows.append(choices(state["die"], FACES, lambda v: set_("die", v), words.face))
        if state["rolled"]:
            rolled = (_("The companion rolled {a}, then {b}.").format(a=words.face(state["die"]), b=words.face(state["reroll"]))
                      if state["reroll"] is not None else _("The companion rolled {face}.").format(face=words.face(state["die"])))
            rows.append(text(rolled, size=BODY, color="#fff59d"))
        if has_reroll:
            rows.append(text(_("Re-roll artefact: the second roll (only after a losing roll)"), size=BODY))
            rows.append(choices(state["reroll"], FACES, lambda v: set_("reroll", None if state["reroll"] == v else v), words.face))
        if artefact_ask is not None and artefact_asked():
            labels = {c.value: render(c.label) for c in artefact_ask.choices}
            rows.append(text(_("Won: which artefact was drawn?"), size=BODY, weight=ft.FontWeight.BOLD))
            rows.append(choices(state["artefact"], labels, lambda v: set_("artefact", v), labels.__getitem__))
        if state["problem"]:
            rows.append(text(state["problem"], size=BODY, color=REFUSED, weight=ft.FontWeight.BOLD))
        body.controls = rows
        with contextlib.suppress(Exception):  # not shown yet
            app.page.update()

    confirm = button(_("Tell the result"), lambda e: submit(), icon=ft.Icons.CHECK, bgcolor="#2e7d32", color="#ffffff", max_lines=1)
    actions: list[ft.Control] = [button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1)]
    if has_sword:
        actions.append(button(_("Sword of Billy Sparks"), lambda e: submit(sword=True)))
    actions.append(confirm)
    dialog = ft.AlertDialog(modal=True, title=title, content=ft.Container(body, width=540), actions=actions,
                            content_padding=ft.Padding.all(12))
    redraw()
    dialog.data = {"state": state, "set": set_, "set_helper": set_helper, "submit": submit, "chance": chance, "confirm": confirm,
                   "roll": roll, "title": title}
    return dialog


def _ask(option: Option, arg: str) -> Ask | None:
    return next((a for a in option.asks if a.arg == arg), None)
