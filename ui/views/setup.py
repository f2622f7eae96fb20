"""The Big Bang setup wizard: three player names, the settings the rules leave open (defaults
shown), the rune solution (drawn in secret, or typed in by a human game master), an optional
game-master PIN."""
from __future__ import annotations

import re

import flet as ft

from companion.games.bigbang.config import default_settings
from companion.i18n import _
from ui.widgets.common import BIG, SMALL, button, card, text


def _field(label: str, value: str = "", **kw) -> ft.TextField:
    return ft.TextField(label=label, value=value, text_size=18, dense=True, **kw)


def build(app) -> ft.Control:
    defaults = default_settings()
    track, table, gate = defaults["track"], defaults["table"], defaults["gate"]
    players = table["players"]
    names = [_field(_("Player {n}").format(n=i + 1), expand=True) for i in range(players)]
    length = _field(_("Track length (default {n})").format(n=track["length"]), str(track["length"]), width=240,
                    keyboard_type=ft.KeyboardType.NUMBER)
    start = _field(_("Moon starts at (default {n})").format(n=track["start"]), str(track["start"]), width=240,
                   keyboard_type=ft.KeyboardType.NUMBER)
    cards_from = ft.Dropdown(label=_("Cards drawn by"), value=table["cards_from"], width=370, text_size=16, options=[
        ft.DropdownOption(key="table", text=_("the players (real cards; default)")),
        ft.DropdownOption(key="companion", text=_("the companion")),
    ])
    feedback = ft.Dropdown(label=_("After a failed gate attempt"), value=gate["feedback"], width=370, text_size=16, options=[
        ft.DropdownOption(key="count", text=_("say how many letters are right (default)")),
        ft.DropdownOption(key="none", text=_("say nothing")),
    ])
    solution_mode = ft.Dropdown(label=_("Rune solution"), value="drawn", width=370, text_size=16, options=[
        ft.DropdownOption(key="drawn", text=_("drawn in secret by the companion")),
        ft.DropdownOption(key="typed", text=_("typed in by a game master")),
    ])
    runes = gate["runes"]
    solution = _field(_("Letters in rune order ({runes})").format(runes=", ".join(runes)), password=True,
                      can_reveal_password=True, expand=True)
    pin = _field(_("Game-master PIN (optional)"), password=True, can_reveal_password=True, width=370,
                 keyboard_type=ft.KeyboardType.NUMBER)
    error = text("", color="#ef9a9a", size=SMALL)

    def start_game(e=None):
        request = _request()
        if isinstance(request, str):
            error.value = request
            app.page.update()
            return
        outcome = app.companion.start(request)
        if outcome.kind == "refused":
            error.value = outcome.message
            app.page.update()
            return
        app.message = (outcome.kind, outcome.message)
        app.go("game", "table")

    def _request():
        players_named = [f.value.strip() for f in names]
        if any(not n for n in players_named):
            return _("Name all {n} players.").format(n=players)
        try:
            settings = {"track": {"length": int(length.value), "start": int(start.value)},
                        "table": {"cards_from": cards_from.value}, "gate": {"feedback": feedback.value}}
        except (TypeError, ValueError):
            return _("The track length and start must be whole numbers.")
        request = {"cmd": "start", "players": players_named, "settings": settings}
        if solution_mode.value == "typed":
            letters = [ch.upper() for ch in re.sub(r"[\s,;:\-]+", "", solution.value or "")]
            if len(letters) != len(runes):
                return _("Type one letter for each of the {n} runes.").format(n=len(runes))
            request["solution"] = letters
        if (pin.value or "").strip():
            request["master_pin"] = pin.value.strip()
        return request

    app.setup_fields = {"names": names, "length": length, "start": start, "cards_from": cards_from, "feedback": feedback,
                        "solution_mode": solution_mode, "solution": solution, "pin": pin, "error": error, "start_game": start_game}
    form = ft.Column([
        text(_("Players in turn order"), size=18, weight=ft.FontWeight.BOLD),
        ft.Row(names),
        text(_("Settings the rules leave open"), size=18, weight=ft.FontWeight.BOLD),
        ft.Row([length, start], wrap=True),
        ft.Row([cards_from, feedback], wrap=True),
        text(_("The gate"), size=18, weight=ft.FontWeight.BOLD),
        ft.Row([solution_mode, pin], wrap=True),
        ft.Row([solution]),
        text(_("A typed solution stays hidden: only the game-master view (behind the PIN) shows it."), size=SMALL, color="#b0bec5"),
    ], spacing=8, scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Column([
        ft.Row([button(_("Home"), lambda e: app.go("home"), icon=ft.Icons.HOME, height=46),
                text(_("New Big Bang game"), size=BIG, weight=ft.FontWeight.BOLD, expand=True),
                button(_("Start the game"), start_game, icon=ft.Icons.PLAY_ARROW, height=52, bgcolor="#2e7d32", color="#ffffff")]),
        error,
        card(form, expand=True),
    ], expand=True, spacing=6)
