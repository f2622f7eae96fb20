"""The card catalogue (which RFID tag is which card) and the enrolment dialog for an unknown tag."""
from __future__ import annotations

import flet as ft

from companion.cards import match_cards
from companion.errors import RuleError
from companion.i18n import _
from ui.widgets.common import BIG, SMALL, button, card, text

GAME = "bigbang"


def _matches_column(app, typed: str, on_pick) -> list[ft.Control]:
    return [button(f"{c.name}  ·  {c.id}", lambda e, cid=c.id: on_pick(cid), height=44, size=15, data=c.id)
            for c in match_cards(GAME, typed)[:40]]


def enrol(app, uid: str, card_id: str) -> str | None:
    """Enrol `uid` as `card_id`; on success close every page's dialog for it and scan it again
    (what the player meant by scanning it). Returns an error message, or None."""
    try:
        app.companion.catalogue.enrol(uid, GAME, card_id)
    except RuleError as exc:
        return exc.message
    for other in app.companion.hub.apps:
        if other.enrol_uid == uid and other is not app:
            other.post(other.close_enrol)
    app.close_enrol()
    app.message = ("applied", _("Tag {uid} is now {card}.").format(uid=uid, card=card_id))
    app.companion.table.card(uid)
    if app.screen in ("cards", "game"):
        app.render()
    return None


def enrol_dialog(app, uid: str) -> ft.AlertDialog:
    error = text("", color="#ef9a9a", size=SMALL)
    results = ft.Column(_matches_column(app, "", lambda cid: _pick(cid)), scroll=ft.ScrollMode.AUTO, height=230, width=440, spacing=4)

    def _pick(card_id):
        message = enrol(app, uid, card_id)
        if message:
            error.value = message
            app.page.update()

    def search(e):
        results.controls = _matches_column(app, e.control.value or "", _pick)
        app.page.update()

    field = ft.TextField(label=_("Search a card"), on_change=search, text_size=18, dense=True, autofocus=True, width=440)
    dialog = ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Unknown card {uid}: which card is it?").format(uid=uid), size=20),
        content=ft.Column([field, error, results], tight=True, spacing=6),
        actions=[button(_("Not now"), lambda e: app.close_enrol(), height=46)],
    )
    dialog.data = {"search": search, "pick": _pick, "results": results, "field": field}
    return dialog


def build(app) -> ft.Control:
    catalogue = app.companion.catalogue
    entries = catalogue.list(GAME)
    uid_field = ft.TextField(label=_("Tag UID (or scan it)"), text_size=18, dense=True, width=260)
    error = text("", color="#ef9a9a", size=SMALL)
    results = ft.Column(scroll=ft.ScrollMode.AUTO, expand=True, spacing=4)

    def pick(card_id):
        uid = (uid_field.value or "").strip()
        if not uid:
            error.value = _("Type or scan the tag's UID first.")
            app.page.update()
            return
        message = enrol(app, uid, card_id)
        if message:
            error.value = message
            app.page.update()

    def search(e=None):
        results.controls = _matches_column(app, search_field.value or "", pick)
        app.page.update()

    search_field = ft.TextField(label=_("Search a card"), on_change=search, text_size=18, dense=True, expand=True)
    results.controls = _matches_column(app, "", pick)

    def forget(uid):
        try:
            catalogue.forget(uid)
        except RuleError as exc:
            app.message = ("refused", exc.message)
        app.render()

    rows = [ft.Row([text(e.uid, size=15, width=170), text(e.label or e.card, size=15, expand=True),
                    button(_("Forget"), lambda ev, uid=e.uid: forget(uid), height=40, size=14)]) for e in entries]
    listing = ft.Column([text(_("{n} tags enrolled").format(n=len(entries)), size=18, weight=ft.FontWeight.BOLD), *rows],
                        scroll=ft.ScrollMode.AUTO, expand=True, spacing=2)
    app.cards_fields = {"uid": uid_field, "search": search_field, "pick": pick, "error": error, "results": results}
    return ft.Column([
        ft.Row([button(_("Home"), lambda e: app.go("home"), icon=ft.Icons.HOME, height=46),
                text(_("Card catalogue"), size=BIG, weight=ft.FontWeight.BOLD, expand=True)]),
        ft.Row([
            card(listing, expand=True),
            card(ft.Column([text(_("Enrol a tag"), size=18, weight=ft.FontWeight.BOLD), uid_field, search_field, error, results],
                           expand=True, spacing=6), expand=True),
        ], expand=True, vertical_alignment=ft.CrossAxisAlignment.STRETCH),
    ], expand=True, spacing=6)
