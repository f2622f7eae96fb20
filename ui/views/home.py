"""Home: a new game of any registered game, back to the game on the table, joining a seat by its
code, the saved games of every game to resume, the card catalogue, the language."""
from __future__ import annotations

import datetime

import flet as ft

from companion.i18n import _
from companion.messages import render
from companion.store import SavedGame
from ui import i18n
from ui.screen import Screen
from ui.views.notices import notices
from ui.widgets.common import BIG, BODY, CAPTION, MUTED, PANEL, REFUSED, SELECTED_BG, button, card, dropdown_option, keyed, safe, text

#: four buttons and their gaps across the 7" screen; tall enough for a title of three lines
#: ("Nuova partita: Big Bang: il gioco della luna"), whose letters shrink to fit (ui/widgets/fit.py)
GAME_BUTTON, GAME_BUTTON_HEIGHT = 192, 64


def _status(status: str) -> str:
    return {"playing": _("playing"), "over": _("over")}.get(status, status)


def _language(app: Screen) -> ft.Dropdown:
    """The table's language on the table; a phone's own on a phone."""
    return ft.Dropdown(
        label=_("Language"),
        value=app.language or i18n.current_language(),
        options=[dropdown_option(code, name) for code, name in i18n.LANGUAGES.items()],
        on_select=safe(lambda e: app.set_language(e.control.value)),
        width=200,
        text_size=BODY,
    )


def build(app: Screen) -> ft.Control:
    companion = app.companion
    language = _language(app)
    catalogue = keyed(button(_("Card catalogue"), lambda e: app.go("cards"), icon=ft.Icons.STYLE, max_lines=1), "catalogue")
    header = ft.Row([text(_("Table companion"), size=26, weight=ft.FontWeight.BOLD, expand=True), catalogue, language])
    # Four to a row, however many games are installed: the list wraps instead of squeezing them.
    actions: list[ft.Control] = []
    if companion.playing:
        actions.append(keyed(button(_("Back to the game"), lambda e: app.go("game"), icon=ft.Icons.CASINO, width=GAME_BUTTON,
                                    height=GAME_BUTTON_HEIGHT, bgcolor=SELECTED_BG, color="#ffffff", max_lines=3), "back-to-game"))
    actions += [keyed(button(_("New {game}").format(game=render(game.title)), lambda e, gid=game.id: _new_game(app, gid),
                             icon=ft.Icons.PLAY_ARROW, width=GAME_BUTTON, height=GAME_BUTTON_HEIGHT, data=game.id, max_lines=3),
                      f"new:{game.id}")
                for game in companion.games().values()]
    parts: list[ft.Control] = [header, *notices(app), ft.Row(actions, spacing=6, run_spacing=6, wrap=True)]
    if app.notice is not None and render(app.notice.text):
        parts.append(text(render(app.notice.text), color=REFUSED if app.notice.refusal else MUTED, size=BODY))
    parts.append(ft.Row([card(_saved_games(app), expand=3), card(_join(app), width=250)], expand=True,
                        vertical_alignment=ft.CrossAxisAlignment.STRETCH))
    return ft.Column(parts, expand=True, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def build_remote(app: Screen) -> ft.Control:
    """A phone's page before it joins a seat: only the join code (the table's screens stay on the table)."""
    parts: list[ft.Control] = [text(_("Table companion"), size=26, weight=ft.FontWeight.BOLD)]
    if app.notice is not None and render(app.notice.text):
        parts.append(text(render(app.notice.text), color=REFUSED if app.notice.refusal else MUTED, size=BODY))
    parts.append(card(_waiting(app) if app.joining.waiting is not None else _join(app)))
    parts.append(_language(app))
    return ft.Column(parts, expand=True, spacing=8, scroll=ft.ScrollMode.AUTO)


def _waiting(app: Screen) -> ft.Control:
    """The seat is on another device already: that device, or the table, must let this one in."""
    assert app.joining.waiting is not None
    seat = app.seat_name(app.joining.waiting[0].seat)
    return ft.Column([
        text(_("Waiting to join as {seat}").format(seat=seat), size=BIG, weight=ft.FontWeight.BOLD),
        text(_("{seat} is on another device already. Ask {seat} or the table to let this device in.").format(seat=seat), size=18),
        ft.ProgressRing(width=32, height=32),
        button(_("Cancel"), lambda e: app.stop_waiting(), icon=ft.Icons.CLOSE, width=220),
    ], spacing=8)


def _new_game(app: Screen, game_id: str) -> None:
    app.wizard.game = game_id
    app.notice = None
    app.go("setup")


def _saved_games(app: Screen) -> ft.Control:
    saved = app.companion.saved_games()
    rows = [_saved_row(app, g) for g in saved[:30]]
    return ft.Column([
        text(_("Saved games"), size=BIG, weight=ft.FontWeight.BOLD),
        *(rows or [text(_("No saved games yet."), color=MUTED)]),
    ], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)


def _saved_row(app: Screen, saved: SavedGame) -> ft.Control:
    games = app.companion.games()
    title = render(games[saved.game].title) if saved.game in games else saved.game
    when = datetime.datetime.fromtimestamp(saved.updated).strftime("%Y-%m-%d %H:%M")
    session = app.companion.session
    current = session is not None and session.game_id == saved.id
    return ft.Container(
        content=ft.Row([
            ft.Column([
                text(", ".join(saved.players), size=BODY, weight=ft.FontWeight.BOLD, max_lines=3),  # every name whole
                text(_("{game} · game {id} · {when} · {status}").format(game=title, id=saved.id, when=when, status=_status(saved.status)),
                     size=CAPTION, color=MUTED, max_lines=2),
            ], spacing=0, expand=True),
            text(_("now playing"), size=BODY, color="#81c784") if current else
            keyed(button(_("Resume"), lambda e, gid=saved.id: _resume(app, gid), data=saved.id, max_lines=1), f"resume:{saved.id}"),
        ]),
        padding=ft.Padding.symmetric(horizontal=8, vertical=4), bgcolor=PANEL, border_radius=ft.BorderRadius.all(8),
        border=ft.Border.all(1, "#37474f"),
    )


def _resume(app: Screen, saved_id: int) -> None:
    outcome = app.companion.resume(saved_id)
    if outcome.kind == "refused":
        app.tell("refused", outcome.message)
        return
    app.notice = None
    app.go("game")


def _join(app: Screen) -> ft.Control:
    """A phone's way in: the ten digits the table screen's Seats tab shows for a seat."""
    code = ft.TextField(label=_("Join code"), text_size=22, width=220, keyboard_type=ft.KeyboardType.NUMBER)

    def join(e: object = None) -> None:
        app.join(code.value or "")

    code.on_submit = safe(join)
    app.fields["join_code"], app.fields["join"] = code, join
    return ft.Column([
        text(_("Join a seat"), size=BIG, weight=ft.FontWeight.BOLD),
        text(_("Your own screen for your seat: type the code the table shows under Seats."), size=CAPTION, color=MUTED),
        code,
        button(_("Join"), join, icon=ft.Icons.LOGIN, width=220),
    ], spacing=6, scroll=ft.ScrollMode.AUTO)
