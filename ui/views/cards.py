"""The card catalogue (which RFID tag is which card of which game) and the enrolment dialog that an
unknown tag opens. Any game's cards: the catalogue screen lists one game at a time, the dialog
enrols for the game on the table."""
from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.cards import match_cards
from companion.contract import TABLE, Viewer
from companion.errors import RuleError
from companion.i18n import _
from companion.messages import M, P, render
from ui.screen import Screen
from ui.widgets.common import BIG, BODY, REFUSED, button, card, dropdown_option, icon_button, keyed, safe, text

#: rows of the enrolment dialog's list sent with the dialog: what its list shows before a scroll,
#: and a few more. The rest follow once the dialog is on the screen: every row costs Chromium time
#: before the dialog's first frame (37 rows: ~40% of the time from the scan to the dialog).
FIRST_ROWS = 6
#: seconds from the dialog to the rest of its list: after its first frame, even on a slow hour here
REST_AFTER = 0.3


def _matches(app: Screen, game_id: str, typed: str, on_pick: Callable[[str], None]) -> list[ft.Control]:
    """The cards a tag may be enrolled as, the table's own too when that game is on the table; the
    cards no tag stands for yet come first (a new tag is most likely one of them)."""
    session = app.companion.session
    state = session.state if session is not None and session.game.id == game_id else None
    enrolled = {entry.card for entry in app.companion.catalogue.list(game_id)}
    cards = sorted(match_cards(game_id, typed, state), key=lambda c: c.id in enrolled)[:40]
    return [button(f"{c.name}  ·  {c.id}", lambda e, cid=c.id: on_pick(cid), size=BODY, data=c.id, max_lines=1)
            for c in cards]


def enrol(app: Screen, uid: str, game_id: str, card_id: str, by: Viewer = TABLE) -> str | None:
    """Enrol `uid` as `card_id` of `game_id`; on success close every page's dialog for it and, when
    that game is on, read the card again (what the player meant by scanning it). Returns an error, or None."""
    try:
        app.companion.catalogue.enrol(uid, game_id, card_id)
    except RuleError as exc:
        return render(exc.text)
    for other in app.hub.apps:
        if other is not app and other.cards.enrolling == uid:
            other.post(other.close_enrol)
    app.close_enrol()
    app.note("applied", M("Tag {uid} is now {card}.", uid=uid, card=card_id))
    table, game = app.companion.table, app.companion.game
    if table is not None and game is not None and game.id == game_id:
        table.card(uid, _seat_number(app, by))
    if app.screen in ("cards", "game"):
        app.render()
    return None


def _seat_number(app: Screen, by: Viewer) -> int | None:
    """The 1-based seat number of the reader that read the tag (None: the table's reader)."""
    session = app.companion.session
    if not by.is_seat or session is None:
        return None
    ids = [seat.id for seat in session.seats]
    return ids.index(by.seat) + 1 if by.seat in ids else None


def open_enrol_dialog(app: Screen, uid: str, by: Viewer = TABLE) -> None:
    """Show the dialog that enrols `uid`; the rest of its list follows its first frame."""
    dialog = enrol_dialog(app, uid, by)
    app.show_dialog(dialog, remake=lambda: open_enrol_dialog(app, uid, by))
    app.post(dialog.data["rest"], after=REST_AFTER)


def enrol_dialog(app: Screen, uid: str, by: Viewer = TABLE) -> ft.AlertDialog:
    game = app.companion.game
    game_id = game.id if game is not None else ""
    error = text("", color=REFUSED, size=BODY)

    def pick(card_id: str) -> None:
        message = enrol(app, uid, game_id, card_id, by)
        if message:
            error.value = message
            app.page.update()

    rows = _matches(app, game_id, "", pick)
    first = rows[:FIRST_ROWS]
    results = ft.ListView(first, height=230, width=460, spacing=4)  # lazy: Flutter builds what shows

    def rest() -> None:
        if results.controls is first and app.dialog is dialog:  # nothing typed meanwhile, still open
            first.extend(rows[FIRST_ROWS:])
            app.page.update()

    def search(e: ft.Event[ft.TextField]) -> None:
        results.controls = _matches(app, game_id, e.control.value or "", pick)
        app.page.update()

    field = ft.TextField(label=_("Search a card"), on_change=safe(search), text_size=18, dense=True, width=460)
    dialog = ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Unknown card {uid}: which card is it?").format(uid=uid), size=20),
        content=ft.Column([field, error, results], tight=True, spacing=6),
        actions=[keyed(button(_("Not now"), lambda e: app.close_enrol(), max_lines=1), "enrol:not-now")],
    )
    dialog.data = {"search": search, "pick": pick, "results": results, "field": field, "rest": rest}
    return dialog


def _catalogue_game(app: Screen) -> str:
    games = app.companion.games()
    if app.cards.game in games:
        return str(app.cards.game)
    current = app.companion.game
    return current.id if current is not None else next(iter(games), "")


def build(app: Screen) -> ft.Control:
    catalogue = app.companion.catalogue
    game_id = _catalogue_game(app)
    games = app.companion.games()
    entries = catalogue.list(game_id)
    uid_field = ft.TextField(label=_("Tag UID (or scan it)"), text_size=18, dense=True, width=260)
    error = text("", color=REFUSED, size=BODY)
    results = ft.Column(scroll=ft.ScrollMode.AUTO, expand=True, spacing=4)

    def pick(card_id: str) -> None:
        uid = (uid_field.value or "").strip()
        if not uid:
            error.value = _("Type or scan the tag's UID first.")
            app.page.update()
            return
        message = enrol(app, uid, game_id, card_id)
        if message:
            error.value = message
            app.page.update()

    def search(e: object = None) -> None:
        results.controls = _matches(app, game_id, search_field.value or "", pick)
        app.page.update()

    def forget(uid: str) -> None:
        try:
            catalogue.forget(uid, game_id)
        except RuleError as exc:
            app.note("refused", exc.text)
        app.render()

    def choose_game(e: ft.Event[ft.Dropdown]) -> None:
        app.cards.game = e.control.value
        app.render()

    search_field = ft.TextField(label=_("Search a card"), on_change=safe(search), text_size=18, dense=True, expand=True)
    results.controls = _matches(app, game_id, "", pick)
    which = ft.Dropdown(label=_("Game"), value=game_id, width=300, text_size=BODY, on_select=safe(choose_game),
                        options=[dropdown_option(g.id, render(g.title)) for g in games.values()])
    rows = [ft.Row([text(e.uid, size=BODY, width=170), text(e.label or e.card, size=BODY, expand=True),
                    button(_("Forget"), lambda ev, uid=e.uid: forget(uid), size=BODY, max_lines=1)]) for e in entries]
    listing = ft.Column([text(render(P("{n} tag enrolled", "{n} tags enrolled", n=len(entries))), size=18, weight=ft.FontWeight.BOLD), *rows],
                        scroll=ft.ScrollMode.AUTO, expand=True, spacing=2)
    app.fields.update(uid=uid_field, search=search_field, pick=pick, error=error, results=results, game=which)
    return ft.Column([
        ft.Row([icon_button(ft.Icons.HOME, _("Home"), lambda e: app.go("home"), key="home"),
                text(_("Card catalogue"), size=BIG, weight=ft.FontWeight.BOLD, expand=True), which]),
        ft.Row([
            card(listing, expand=True),
            card(ft.Column([text(_("Enrol a tag"), size=18, weight=ft.FontWeight.BOLD), uid_field, search_field, error, results],
                           expand=True, spacing=6), expand=True),
        ], expand=True, vertical_alignment=ft.CrossAxisAlignment.STRETCH),
    ], expand=True, spacing=6)
