"""What every page of the table shows above its screen until it is answered: the companion's notices
(a save file repaired at start, a voice that cannot be heard) with OK, the game master's lock-out,
another device asking to join a seat (Allow / Refuse), and on a seat page who else shows that seat."""
from __future__ import annotations

import flet as ft

from companion.i18n import _
from companion.messages import render
from ui.screen import Screen
from ui.widgets.common import CAPTION, MUTED, banner, button, text


def notices(app: Screen) -> list[ft.Control]:
    """What every page must tell the table until someone taps OK (a save file repaired at start), and
    the game master's lock-out after too many wrong PINs, so the table knows someone tried."""
    found: list[ft.Control] = []
    for notice in list(app.companion.notices):
        found.append(ft.Row([ft.Container(banner(render(notice), "#e65100", ft.Icons.INFO_OUTLINE), expand=True),
                             button(_("OK"), lambda e, n=notice: app.dismiss_notice(n), width=72)]))
    session = app.companion.session
    if session is not None and session.pin_guard.locked:
        found.append(banner(_("Too many wrong PINs: the game-master view is locked for a while."), "#b71c1c", ft.Icons.LOCK_CLOCK))
    found += join_requests(app)
    if app.viewer.is_seat:
        found.append(_connected(app))
    return found


def join_requests(app: Screen) -> list[ft.Control]:
    """Another device asks to show a seat: the table and that seat's devices may let it in."""
    session = app.companion.session
    found: list[ft.Control] = []
    for request in app.hub.seating.requests(session) if session is not None else []:
        if not app.may_answer(request):
            continue
        asking = _("Another device ({device}) asks to join as {seat}.").format(
            device=request.page.describe_device() or _("unknown"), seat=app.seat_name(request.seat))
        found.append(ft.Row([
            ft.Container(banner(asking, "#1565c0", ft.Icons.PHONE_ANDROID), expand=True),
            button(_("Allow"), lambda e, r=request: app.answer(r, True), width=96, max_lines=1),
            button(_("Refuse"), lambda e, r=request: app.answer(r, False), width=96, max_lines=1),
        ], spacing=4))
    return found


def _connected(app: Screen) -> ft.Control:
    """Who shows this seat: this device and any other let in on it, so a stranger would be noticed."""
    others = [page.describe_device() or _("unknown") for page in app.hub.pages_on(app.viewer.seat or "")
              if page is not app and page.device != app.device]
    devices = ", ".join([_("this device"), *dict.fromkeys(others)])
    return text(_("Connected on this seat: {devices}").format(devices=devices), size=CAPTION, color=MUTED, max_lines=3)
