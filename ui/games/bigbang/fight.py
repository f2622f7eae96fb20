"""The fight dialog: the die face (or "roll for us"), helper cards from the other players, the
re-roll artefact, the sword, the reward to take — and the exact chance to win, from the game's
odds analysis (asked when the dialog opens, never computed in every view)."""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import _
from companion.inputs import Option
from companion.messages import render
from ui.games.bigbang import words
from ui.widgets.common import SELECTED_BG, button, text

if TYPE_CHECKING:
    from ui.app import App

FACES: tuple[int | str, ...] = (1, 2, 3, 4, "moon")


def fight_odds(app: App, option: Option) -> dict[str, Any] | None:
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


def fight_dialog(app: App, option: Option) -> ft.AlertDialog:
    view = app.view()
    character = (view.get("chosen") or {}).get("character")
    odds = fight_odds(app, option)
    helpers_possible: dict[str, int] = {}
    if odds is not None and odds["how"] != "remote":
        helpers_possible = {p["name"]: p["hand"].get(character, 0) for p in view["players"] if not p["active"] and p["hand"].get(character)}
    choice_ask = next((a for a in option.asks if a.arg == "choice"), None)
    state: dict[str, Any] = {"helpers": dict.fromkeys(helpers_possible, 0), "die": None, "reroll": None,
                             "choice": choice_ask.choices[0].value if choice_ask else None}
    has_reroll = bool(view["artefacts"].get("reroll"))
    has_sword = odds is not None and odds["sword"]
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)
    title = ft.Text(_("Fight {enemy}").format(enemy=odds["enemy"]) if odds else render(option.label), size=19)

    def chance() -> int | None:
        if odds is None:
            return None
        helping = sum(state["helpers"].values())
        return odds["percent"] if helping == 0 else odds["with_help"][min(helping, len(odds["with_help"])) - 1]

    def choices(current: Any, values: Iterable[Any], on_pick: Callable[[Any], None], label: Callable[[Any], str]) -> ft.Control:
        return ft.Row([button(label(v), lambda e, v=v: on_pick(v), size=16, width=64 if len(label(v)) <= 2 else None, max_lines=1,
                              bgcolor=SELECTED_BG if current == v else None, color="#ffffff" if current == v else None)
                       for v in values], spacing=4, wrap=True, run_spacing=4)

    def set_(key: str, value: Any) -> None:
        state[key] = value
        redraw()

    def set_helper(name: str, n: int) -> None:
        state["helpers"][name] = n
        redraw()

    def roll() -> None:
        """No die at the table: the companion rolls its seeded virtual die (a logged step)."""
        outcome = app.command({"cmd": "roll"})
        if outcome.kind == "applied":
            set_("reroll" if state["die"] is not None and has_reroll else "die", app.view()["last_roll"])

    def submit(sword: bool = False) -> None:
        request = dict(option.command)
        if sword:
            request["sword"] = True
        else:
            request["die"] = state["die"]
            if state["reroll"] is not None:
                request["reroll"] = state["reroll"]
            helpers = {name: n for name, n in state["helpers"].items() if n}
            if helpers:
                request["helpers"] = helpers
        if state["choice"] is not None:
            request["choice"] = state["choice"]
        app.close_dialog()
        app.command(request)

    def redraw() -> None:
        p = chance()
        rows: list[ft.Control] = []
        if odds is not None and p is not None:
            rows.append(text(_("Win chance: {p}%").format(p=p), size=26, weight=ft.FontWeight.BOLD, color="#81c784" if p >= 50 else "#ffb74d"))
            rows.append(text(_("{enemy}: strength {s}, danger {d}; bonus +{b}").format(
                enemy=odds["enemy"], s=odds["strength"], d=odds["danger"], b=odds["bonus"] + sum(state["helpers"].values())), size=14))
        for name, most in helpers_possible.items():
            rows.append(ft.Row([text(_("{name} helps with").format(name=name), size=15, width=150),
                                choices(state["helpers"][name], range(most + 1), lambda n, name=name: set_helper(name, n), str)]))
        if choice_ask is not None:
            labels = {c.value: render(c.label) for c in choice_ask.choices}
            rows.append(ft.Row([text(_("Reward"), size=15, width=150),
                                choices(state["choice"], labels, lambda v: set_("choice", v), labels.__getitem__)]))
        rows.append(ft.Row([text(_("The die shows"), size=15, weight=ft.FontWeight.BOLD, expand=True),
                            button(_("Roll for us"), lambda e: roll(), icon=ft.Icons.CASINO, size=15, max_lines=1)]))
        rows.append(choices(state["die"], FACES, lambda v: set_("die", v), words.face))
        if has_reroll:
            rows.append(text(_("Re-roll artefact: the second roll (only after a losing roll)"), size=14))
            rows.append(choices(state["reroll"], FACES, lambda v: set_("reroll", None if state["reroll"] == v else v), words.face))
        body.controls = rows
        confirm.disabled = state["die"] is None
        with contextlib.suppress(Exception):  # not shown yet
            app.page.update()

    confirm = button(_("Tell the result"), lambda e: submit(), icon=ft.Icons.CHECK, bgcolor="#2e7d32", color="#ffffff", disabled=True,
                     max_lines=1)
    actions: list[ft.Control] = [button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1)]
    if has_sword:
        actions.append(button(_("Sword of Billy Sparks"), lambda e: submit(sword=True)))
    actions.append(confirm)
    dialog = ft.AlertDialog(modal=True, title=title, content=ft.Container(body, width=540), actions=actions,
                            content_padding=ft.Padding.all(12))
    redraw()
    dialog.data = {"state": state, "set": set_, "set_helper": set_helper, "submit": submit, "chance": chance, "confirm": confirm, "roll": roll}
    return dialog
