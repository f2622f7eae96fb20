"""Dungeon Twister's dialogs: a fight declared with whole groups (every unwounded character next to
it joins, on both sides) with each side's strength before the cards; a room revealed with the tokens
that lay face down in it. Both read only the table's view, which holds no secret."""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from companion.i18n import _
from companion.inputs import Option
from ui.games.dungeontwister import words
from ui.screen import Screen
from ui.widgets.common import BODY, SELECTED_BG, button, text


def _refresh(app: Screen) -> None:
    with contextlib.suppress(Exception):  # not shown yet
        app.page.update()


def _toggles(tokens: list[str], picked: list[str], on_toggle: Callable[[str], None], label: Callable[[str], str]) -> ft.Control:
    return ft.Row([button(label(t), lambda e, t=t: on_toggle(t), size=BODY, max_lines=2, data=t,
                          bgcolor=SELECTED_BG if t in picked else None, color="#ffffff" if t in picked else None)
                   for t in tokens], spacing=4, run_spacing=4, wrap=True)


def strength(view: Mapping[str, Any], tokens: list[str], item: str, bonus: int) -> int:
    """A side's strength before the cards (facts §3.9): combat values (a wounded one 0) and the item's bonus."""
    chars = {c["id"]: c for c in view["characters"]}
    values = sum(0 if chars[t]["status"] == "wounded" else chars[t]["combat"] for t in tokens)
    return values + bonus * sum(1 for t in tokens if (chars[t]["carrying"] or "").endswith(":" + item))


def attack_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    view = app.view().fields
    active = view["active"]
    able = [c["id"] for c in view["characters"] if c["can_act"]]
    targets = [c["id"] for c in view["characters"] if c["colour"] != active and c["status"] in ("maze", "wounded") and not c["wounded_this_turn"]]
    state: dict[str, list[str]] = {"attackers": able[:1], "defenders": []}
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)

    def toggle(key: str, token: str) -> None:
        picked = state[key]
        state[key] = [t for t in picked if t != token] if token in picked else [*picked, token]
        redraw()

    def submit() -> None:
        app.close_dialog()
        app.command({"cmd": "attack", "attackers": state["attackers"], "defenders": state["defenders"]})

    def redraw() -> None:
        a = strength(view, state["attackers"], "sword", view["bonuses"]["sword"])
        d = strength(view, state["defenders"], "armour", view["bonuses"]["armour"])
        body.controls = [
            text(_("Every unwounded character next to the fight joins it, on both sides."), size=BODY),
            text(_("Attackers"), size=BODY, weight=ft.FontWeight.BOLD),
            _toggles(able, state["attackers"], lambda t: toggle("attackers", t), lambda t: words.piece(t.partition(":")[2])),
            text(_("Defenders"), size=BODY, weight=ft.FontWeight.BOLD),
            _toggles(targets, state["defenders"], lambda t: toggle("defenders", t), words.token),
            text(_("Before the cards: {a} against {d}").format(a=a, d=d), size=20, weight=ft.FontWeight.BOLD),
        ]
        confirm.disabled = not state["attackers"] or not state["defenders"]
        _refresh(app)

    confirm = button(_("Attack (1 AP)"), lambda e: submit(), icon=ft.Icons.CHECK, bgcolor="#2e7d32", color="#ffffff", disabled=True, max_lines=1)
    dialog = ft.AlertDialog(modal=True, title=ft.Text(_("Attack"), size=19), content=ft.Container(body, width=540),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1), confirm],
                            content_padding=ft.Padding.all(12))
    redraw()
    dialog.data = {"state": state, "toggle": toggle, "submit": submit, "confirm": confirm}
    return dialog


def reveal_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    view = app.view().fields
    able = [c["id"] for c in view["characters"] if c["can_act"]]
    hidden = [t["id"] for t in [*view["characters"], *view["objects"]] if t["status"] == "reserve"]
    rooms = [r["number"] for r in view.get("rooms", []) if not r["revealed"]]
    state: dict[str, Any] = {"character": able[0] if able else None, "appear": [], "room": rooms[0] if rooms else None}
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)

    def set_(key: str, value: Any) -> None:
        state[key] = value
        redraw()

    def toggle(token: str) -> None:
        state["appear"] = [t for t in state["appear"] if t != token] if token in state["appear"] else [*state["appear"], token]
        redraw()

    def submit() -> None:
        request: dict[str, Any] = {"cmd": "reveal", "character": state["character"], "appear": state["appear"]}
        if "rooms" in view:
            request["room"] = state["room"]
        app.close_dialog()
        app.command(request)

    def redraw() -> None:
        rows: list[ft.Control] = [text(_("Who has access"), size=BODY, weight=ft.FontWeight.BOLD),
                                  _toggles(able, [state["character"]], lambda t: set_("character", t), lambda t: words.piece(t.partition(":")[2]))]
        if "rooms" in view:
            rows += [text(_("Room"), size=BODY, weight=ft.FontWeight.BOLD),
                     ft.Row([button(str(n), lambda e, n=n: set_("room", n), size=18, width=56, max_lines=1,
                                    bgcolor=SELECTED_BG if state["room"] == n else None) for n in rooms], spacing=4, wrap=True)]
        rows += [text(_("Face down in the room"), size=BODY, weight=ft.FontWeight.BOLD),
                 _toggles(hidden, state["appear"], toggle, words.token)]
        body.controls = rows
        confirm.disabled = state["character"] is None or ("rooms" in view and state["room"] is None)
        _refresh(app)

    confirm = button(_("Reveal (1 AP)"), lambda e: submit(), icon=ft.Icons.CHECK, bgcolor="#2e7d32", color="#ffffff", max_lines=1)
    dialog = ft.AlertDialog(modal=True, title=ft.Text(_("Reveal a room"), size=19), content=ft.Container(body, width=540),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1), confirm],
                            content_padding=ft.Padding.all(12))
    redraw()
    dialog.data = {"state": state, "set": set_, "toggle": toggle, "submit": submit, "confirm": confirm}
    return dialog
