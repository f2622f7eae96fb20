"""The game screen's frame, the same for every game: the tab bar with UNDO always on screen, the
result and alert banners, the prompt with the acting seats' colours, and the current tab's body.

The tabs are the game's own (ui/games/<id>/, or the generic ones) followed by the shell's: the undo
list, and on a table page the simulator, the game master (only when the game has a master view)
and the seats' join codes. A seat page shows its own tabs and undo list, nothing of the table's.
"""
from __future__ import annotations

import flet as ft

from companion.contract import TABLE, View
from companion.errors import RuleError
from companion.i18n import _
from companion.messages import render
from ui.games import Tab, screens_of
from ui.screen import Screen
from ui.views import history, home, master, seats, simulator
from ui.views.chart import chart_button
from ui.views.notices import notices
from ui.widgets.common import BIG, BODY, MUTED, REFUSED, banner, button, icon_button, seat_chip, seat_screen_colour, tab_button, text


def tabs(app: Screen) -> list[Tab]:
    """Every tab this page may show, in order."""
    screens = screens_of(app)
    if not app.is_table:
        return [*screens.seat_tabs(app), Tab("log", lambda: _("Undo list"), ft.Icons.HISTORY, history.panel)]
    found = [*screens.tabs(app), Tab("log", lambda: _("Undo list"), ft.Icons.HISTORY, history.panel)]
    if app.companion.simulation:
        found.append(Tab("sim", lambda: _("Simulator"), ft.Icons.DEVELOPER_BOARD, simulator.panel))
    session = app.companion.session
    if session is not None and session.has_master_view:
        found.append(Tab("master", lambda: _("Game master"), ft.Icons.LOCK, master.panel))
    found.append(Tab("seats", lambda: _("Seats"), ft.Icons.QR_CODE_2, seats.panel))
    return found


def build(app: Screen) -> ft.Control:
    if not app.companion.playing:
        app.screen = "home"
        return home.build(app)
    try:
        view = app.view()
    except RuleError:  # a seat of a game that is no longer on
        app.viewer, app.screen = TABLE, "home"
        return home.build(app)
    shown = tabs(app)
    current = next((t for t in shown if t.key == app.tab), shown[0])
    app.tab = current.key
    parts: list[ft.Control] = [_bar(app, shown, current)]
    parts += _banners(app, view)
    parts.append(_prompt(app, view))
    parts.append(ft.Container(current.build(app, view), expand=True))
    return ft.Column(parts, expand=True, spacing=4)


def _bar(app: Screen, shown: list[Tab], current: Tab) -> ft.Control:
    if app.is_table:
        home = icon_button(ft.Icons.HOME, _("Home"), lambda e: app.go("home"), key="home")
    else:
        home = icon_button(ft.Icons.LOGOUT, _("Leave this seat"), lambda e: app.leave_seat(), key="leave-seat")
    tab_buttons = [tab_button(t.label(), t.icon, lambda e, key=t.key: app.go("game", key), selected=t is current,
                              key=f"tab:{t.key}") for t in shown]
    has_history = bool(app.companion.session and app.companion.session.history)
    undo = button(_("UNDO"), lambda e: app.undo(), icon=ft.Icons.UNDO, bgcolor="#c62828", color="#ffffff", size=18,
                  disabled=not has_history, max_lines=1)
    # The tabs scroll sideways when a language's words are long; UNDO never scrolls away.
    return ft.Row([home, ft.Row(tab_buttons, spacing=4, scroll=ft.ScrollMode.AUTO, expand=True), undo], spacing=4)


def _banners(app: Screen, view: View) -> list[ft.Control]:
    found: list[ft.Control] = notices(app)
    result = view.turn.result
    if view.turn.status == "over" and result is not None:
        found.append(ft.Row([ft.Container(_result_banner(view), expand=True), chart_button(app)], spacing=6))
    found += screens_of(app).alerts(app, view)
    return found


def _result_banner(view: View) -> ft.Control:
    """The game's end: who won (everybody, nobody, one seat, a tie), in the game's own words."""
    result = view.turn.result
    assert result is not None
    winners = [view.seat_name(seat) or seat for seat in result.winners]
    reason = render(result.reason)
    if not reason:
        reason = _("Nobody won.") if not winners else _("Won: {names}").format(names=", ".join(winners))
    if winners:
        return banner(reason, "#2e7d32", ft.Icons.CELEBRATION)
    return banner(reason, "#b71c1c")


#: the width of an acting seat's name beside the prompt: a long name wraps rather than squeeze the prompt
CHIP_WIDTH = 176


def _prompt(app: Screen, view: View) -> ft.Control:
    """What to do next, beside the colour of each seat that may act (several at once for a secret choice)."""
    chips: list[ft.Control] = []
    if not app.is_table:
        chips.append(seat_chip(view.seat_name(app.viewer.seat) or "", seat_screen_colour(view.seats, app.viewer.seat), width=CHIP_WIDTH))
    else:
        # one acting seat: its name large; several (a secret choice): one above the other, smaller
        size = BIG if len(view.turn.acting) == 1 else BODY
        chips += [seat_chip(view.seat_name(seat) or seat, seat_screen_colour(view.seats, seat), size=size, width=CHIP_WIDTH)
                  for seat in view.turn.acting]
    # the prompt is the one text everybody reads: never cut (a long one takes more lines, in letters a little smaller)
    prompt = render(view.prompt)
    lines: list[ft.Control] = [text(prompt, size=20 if len(prompt) < 110 else BODY, weight=ft.FontWeight.W_500)]
    if app.notice is not None and render(app.notice.text):
        lines.append(text(render(app.notice.text), size=BODY, color=REFUSED if app.notice.refusal else MUTED,
                          max_lines=3))
    return ft.Container(
        ft.Row([ft.Column(chips, spacing=2, tight=True), ft.Column(lines, spacing=0, expand=True, tight=True)]),
        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
    )
