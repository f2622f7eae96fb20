"""Home: start a new Big Bang game, resume a saved one, the card catalogue, the language."""
from __future__ import annotations

import datetime

import flet as ft

from companion.i18n import _
from ui import i18n
from ui.widgets.common import BIG, SMALL, button, card, text

STATUS = {"playing": lambda: _("playing"), "won": lambda: _("won"), "lost": lambda: _("lost")}


def build(app) -> ft.Control:
    companion = app.companion
    view = companion.view()
    going = view["status"] == "playing"

    language = ft.Dropdown(
        label=_("Language"),
        value=i18n.current_language(),
        options=[ft.DropdownOption(key=code, text=name) for code, name in i18n.LANGUAGES.items()],
        on_select=lambda e: app.set_language(e.control.value),
        width=190,
        text_size=16,
    )
    header = ft.Row([
        text(_("Table companion"), size=26, weight=ft.FontWeight.BOLD, expand=True),
        language,
    ])
    actions = ft.Row([
        button(_("New Big Bang game"), lambda e: app.go("setup"), icon=ft.Icons.PLAY_ARROW, expand=True, height=60),
        button(_("Back to the game"), lambda e: app.go("game", "table"), icon=ft.Icons.CASINO, expand=True, height=60) if going else None,
        button(_("Card catalogue"), lambda e: app.go("cards"), icon=ft.Icons.STYLE, expand=True, height=60),
    ])
    actions.controls = [c for c in actions.controls if c is not None]

    saved = companion.saved_games()
    rows = []
    for g in saved[:30]:
        when = datetime.datetime.fromtimestamp(g.updated).strftime("%Y-%m-%d %H:%M")
        status = STATUS.get(g.summary.get("status"), lambda: g.summary.get("status") or "?")()
        players = ", ".join(g.summary.get("players") or [])
        current = companion.session.game_id == g.id
        rows.append(ft.Container(
            content=ft.Row([
                ft.Column([
                    text(f"{players}", size=18, weight=ft.FontWeight.BOLD),
                    text(_("Game {id} · {when} · {status}").format(id=g.id, when=when, status=status), size=SMALL, color="#b0bec5"),
                ], spacing=0, expand=True),
                text(_("now playing"), size=SMALL, color="#81c784") if current else
                button(_("Resume"), lambda e, gid=g.id: _resume(app, gid), height=46, data=g.id),
            ]),
            padding=ft.Padding.symmetric(horizontal=8, vertical=4), bgcolor="#1f2633", border_radius=ft.BorderRadius.all(8),
        ))
    resume = ft.Column([
        text(_("Saved games"), size=BIG, weight=ft.FontWeight.BOLD),
        *(rows or [text(_("No saved games yet."), color="#b0bec5")]),
    ], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    status = []
    if app.message:
        status.append(text(app.message[1], color="#ef9a9a" if app.message[0] == "refused" else "#b0bec5"))
    return ft.Column([header, actions, *status, card(resume, expand=True)], expand=True, spacing=8,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _resume(app, game_id: int) -> None:
    outcome = app.companion.resume(game_id)
    app.message = (outcome.kind, outcome.message)
    if outcome.kind == "refused":
        app.render()
    else:
        app.go("game", "table")
