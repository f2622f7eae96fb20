"""The setup wizard of any game, built from what the game declares:

- the seats' names, as many as `game.seat_range` allows (when the game keeps the number of seats
  in a setting, `game.seat_count_setting`, the number of names sets it) — typed, tapped on the
  on-screen keyboard (the kiosk has no other), or picked from the names of earlier games;
- the game's own part, when its UI folder has one (Big Bang: the rune solution and the PIN);
- every setting the schema shows in a wizard (whole numbers, choices, yes/no) with its translated
  label, default and help.

The start request is `{"cmd": "start", "players": [...], "settings": {...}}` plus what the game's
part adds; the core checks it, and a refusal (naming the setting) is shown above the form.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.errors import RuleError
from companion.game import GameDefinition
from companion.i18n import _
from companion.messages import M, Text, render
from companion.palette import seat_colour
from companion.settings import SettingInfo, describe, dotted_overrides, merged, read_table_file
from ui.games import screens_for
from ui.screen import Screen
from ui.views import home
from ui.widgets.common import BODY, BUTTON_HEIGHT, CAPTION, MUTED, REFUSED, button, caption, card, dropdown_option, icon_button, keyed, safe, seat_chip, text
from ui.widgets.keypad import TypingTarget, keyboard

FIELD_WIDTH = 250
#: the border of the name field the on-screen keys type into
TYPING = "#ffca28"
#: how many names of earlier games are offered to tap
RECENT_NAMES = 8
#: the field of one game setting: a choice, an on/off switch or a number
SettingField = ft.Dropdown | ft.Switch | ft.TextField


def _game(app: Screen) -> GameDefinition | None:
    games = app.companion.games()
    game_id = app.wizard.game if app.wizard.game in games else next(iter(games), None)
    return app.companion.definition(game_id) if game_id is not None else None


def build(app: Screen) -> ft.Control:
    game = _game(app)
    if game is None:
        app.screen = "home"
        return home.build(app)
    settings = [s for s in describe(game.settings, game.default_settings()) if s.in_wizard]
    seat_count = next((s for s in settings if s.key == game.seat_count_setting), None)
    names = ft.Row(spacing=8, run_spacing=8, wrap=True)
    seated = ft.Semantics(exclude_semantics=True)  # read as one line: "At the table: Ann, Bob"
    recent = _recent_names(app)
    suggestions = ft.Row(spacing=6, run_spacing=6, wrap=True)
    # the kiosk has no keyboard: the on-screen keys show from the start while the first name is still to be typed
    keys = ft.Container(visible=False)

    def show_keys() -> None:
        mark_target()
        if not keys.visible:
            keys.content, keys.visible = keyboard(target.key), True
        app.page.update()

    def toggle_keys(e: object = None) -> None:
        keys.content, keys.visible = (None, False) if keys.visible else (keyboard(target.key), True)
        mark_target()
        app.page.update()

    def mark_target() -> None:
        """While the on-screen keys show, the field they type into stands out (a thick amber border)."""
        current = target.current() if keys.visible else None
        for field in _name_fields(names):
            field.border_color, field.border_width = (TYPING, 3) if field is current else (None, None)

    def pick(name: str) -> None:
        """An earlier player tapped: into the next empty field; with none, into a new one while the game has a seat left."""
        if all((field.value or "").strip() for field in _name_fields(names)) and len(names.controls) < high:
            _set_name_count(names, len(names.controls) + 1, show_seats, target.focus)
        target.put(name)

    def same_table(players: list[str]) -> None:
        """The table of the last game again: its players in their seats (so their colours), in order."""
        count = max(low, min(high, len(players)))
        _set_name_count(names, count, show_seats, target.focus)
        for field, name in zip(_name_fields(names), [*players[:count], *[""] * count], strict=False):
            field.value = name
        target.field = None
        keys.content, keys.visible = None, False  # nothing left to type
        show_seats()

    target = TypingTarget(lambda: _name_fields(names), lambda: show_seats(), on_focus=show_keys, capitalise=True)

    def show_seats(e: object = None, update: bool = True) -> None:
        """The table as the names stand, each in its seat's colour: the order is the turn order."""
        typed = [name for name in ((field.value or "").strip() for field in _name_fields(names)) if name]
        chips = [seat_chip(name, seat_colour(index).screen, size=BODY) for index, name in enumerate(typed)]
        seated.content = ft.Row([text(_("At the table:"), size=CAPTION, color=MUTED), *chips], spacing=6, wrap=True, run_spacing=4)
        seated.label = _("At the table: {names}").format(names=", ".join(typed))
        offered = [name for name in recent if name not in typed]
        suggestions.controls = [text(_("Earlier players:"), size=CAPTION, color=MUTED),
                                *(button(name, lambda e, name=name: pick(name), size=BODY, max_lines=1) for name in offered)] if offered else []
        mark_target()
        if update:
            app.page.update()

    low, high = game.seat_range
    if seat_count is not None:  # the setting's own range may be narrower than the game's
        low, high = max(low, seat_count.low or low), min(high, seat_count.high or high)
    start_with = seat_count.default if seat_count is not None else low
    _set_name_count(names, max(low, min(high, int(start_with))), show_seats, target.focus)
    if not any((field.value or "").strip() for field in _name_fields(names)):
        keys.content, keys.visible = keyboard(target.key), True
    show_seats(update=False)
    fields = {s.key: _setting_field(s) for s in settings if s is not seat_count}
    part = screens_for(game.id).setup_part(app)
    error = text("", color=REFUSED, size=BODY)

    def show_error(message: Text) -> None:
        error.value = render(message)
        app.page.update()

    def change_count(delta: int) -> None:
        count = len(names.controls) + delta
        if low <= count <= high:
            _set_name_count(names, count, show_seats, target.focus)
            show_seats()

    own_file, own = _table_file_choice(app, game, fields, show_error)

    def start_game(e: object = None) -> None:
        request = _request(game, [f.value or "" for f in _name_fields(names)], fields, seat_count)
        if not isinstance(request, dict):
            show_error(request)
            return
        if own:  # the table's file under what the wizard's fields say (they were filled from it)
            request["settings"] = merged(own, request.get("settings"))
        if part is not None:
            problem = part.complete(request)
            if problem is not None:
                show_error(problem)
                return
        # the file chosen keeps the cards the table enters during the game (Elder Sign's Mythos cards)
        chosen_file = next((path for path in app.companion.table_files(game.id) if own_file is not None and path.name == own_file.value), None)
        outcome = app.companion.start(game.id, request, table_file=chosen_file)
        if outcome.kind == "refused":
            show_error(outcome.message)
            return
        app.note(outcome.kind, outcome.message)
        app.go("game")

    app.fields.update(names=names, settings=fields, error=error, start_game=start_game, part=part,
                      more=lambda: change_count(+1), fewer=lambda: change_count(-1), keys=keys, toggle_keys=toggle_keys,
                      type_key=target.key, pick_name=pick, name_target=target)
    last = _last_table(app, game.id)
    again = [keyed(button(_("The same table again: {names}").format(names=", ".join(last)), lambda e: same_table(last),
                          icon=ft.Icons.REPLAY, max_lines=3, height=BUTTON_HEIGHT + 26 * (len(", ".join(last)) > 40)),
                   "same-table")] if last else []
    app.fields.update(same_table=lambda: same_table(last))
    form: list[ft.Control] = [
        *again,
        ft.Row([text(_("Players in turn order"), size=BODY, weight=ft.FontWeight.BOLD, expand=True),
                button(_("Fewer"), lambda e: change_count(-1), icon=ft.Icons.REMOVE, max_lines=1),
                button(_("More"), lambda e: change_count(+1), icon=ft.Icons.ADD, max_lines=1),
                icon_button(ft.Icons.KEYBOARD, _("On-screen keyboard"), toggle_keys, key="keyboard")]),
        names,
        keys,
        suggestions,
        seated,
    ]
    if part is not None:  # before the settings: what matters most, and the settings can be long
        form += part.controls
    if fields or own_file is not None:
        form += [text(_("Settings the rules leave open"), size=BODY, weight=ft.FontWeight.BOLD),
                 ft.Row([*([own_file] if own_file is not None else []), *(keyed(_with_help(f), f"setting:{key}") for key, f in fields.items())],
                        wrap=True, spacing=8, run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)]
    return ft.Column([
        ft.Row([icon_button(ft.Icons.HOME, _("Home"), lambda e: app.go("home"), key="home"),
                text(_("New {game}").format(game=render(game.title)), size=20, weight=ft.FontWeight.BOLD, expand=True,
                     max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),  # two lines fit the row's 56 px: a long title wraps
                button(_("Start the game"), start_game, icon=ft.Icons.PLAY_ARROW, bgcolor="#2e7d32", color="#ffffff", max_lines=1)]),
        error,
        card(ft.Column(form, spacing=8, scroll=ft.ScrollMode.AUTO, expand=True), expand=True),
    ], expand=True, spacing=6)


def _name_fields(names: ft.Row) -> list[ft.TextField]:
    """The name fields of the row (all its controls are)."""
    return [field for field in names.controls if isinstance(field, ft.TextField)]


def _set_name_count(names: ft.Row, count: int, on_change: Callable[..., None], on_focus: Callable[[ft.TextField], None]) -> None:
    """Add or drop name fields at the end, keeping what was typed in the others. A tapped field is the
    one the on-screen keys type into."""
    while len(names.controls) < count:
        n = len(names.controls) + 1
        field = ft.TextField(label=_("Player {n}").format(n=n), text_size=18, dense=True, width=FIELD_WIDTH, on_change=safe(on_change))
        field.on_focus = safe(lambda e, field=field: on_focus(field))
        names.controls.append(field)
    del names.controls[count:]


def _last_table(app: Screen, game_id: str) -> list[str]:
    """The players of the most recent saved game of `game_id`, in their seats' order ([] when there is none)."""
    return next((list(saved.players) for saved in app.companion.saved_games() if saved.game == game_id), [])


def _recent_names(app: Screen) -> list[str]:
    """The players of the most recent saved games, each once: a regular table taps its names in."""
    found: list[str] = []
    for saved in app.companion.saved_games():
        found += [name for name in saved.players if name not in found]
        if len(found) >= RECENT_NAMES:
            break
    return found[:RECENT_NAMES]


def _table_file_choice(app: Screen, game: GameDefinition, fields: dict[str, SettingField],
                       show_error: Callable[[Text], None]) -> tuple[ft.Dropdown | None, dict[str, Any]]:
    """A choice of the table's own files (`tables/<game>/*.toml` beside the save file: its cards and
    settings), or None when there are none; and what the chosen one holds (empty until one is). A
    file chosen fills the wizard's fields it has a value for; one that cannot be read says why and
    changes nothing."""
    files = {path.name: path for path in app.companion.table_files(game.id)}
    own: dict[str, Any] = {}
    if not files:
        return None, own
    chosen = [""]

    def choose(e: ft.Event[ft.Dropdown]) -> None:
        name = e.control.value or ""
        try:
            loaded = read_table_file(files[name]) if name in files else {}
        except RuleError as refused:
            e.control.value = chosen[0]  # the file chosen before stays chosen
            show_error(refused.text)
            return
        chosen[0] = name
        own.clear()
        own.update(loaded)
        for key, control in fields.items():  # the file's value, else the game's default again
            value = _dotted(loaded, key)
            value = control.data.default if value is None else value
            if isinstance(control, ft.Switch):
                control.value = bool(value)
            else:
                control.value = str(value)
        show_error("")

    return ft.Dropdown(label=_("The table's own cards and settings"), value="", width=FIELD_WIDTH + 120, text_size=BODY,
                       options=[dropdown_option("", _("the game's own")),
                                *(dropdown_option(name, name) for name in files)],
                       on_select=safe(choose)), own


def _dotted(values: dict[str, Any], key: str) -> Any:
    """values["clock"]["hours_per_turn"] for "clock.hours_per_turn", or None."""
    node: Any = values
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _setting_field(info: SettingInfo) -> SettingField:
    label = render(info.label)
    if info.kind == "choice":
        return ft.Dropdown(label=label, value=str(info.default), width=FIELD_WIDTH + 120, text_size=BODY, data=info,
                           options=[dropdown_option(value, render(name)) for value, name in info.choices])
    if info.kind == "bool":
        return ft.Switch(label=label, value=bool(info.default), data=info, height=48,
                         label_text_style=ft.TextStyle(size=BODY))
    return ft.TextField(label=_("{setting} (default {n})").format(setting=label, n=info.default), value=str(info.default),
                        width=FIELD_WIDTH, text_size=BODY, dense=True, keyboard_type=ft.KeyboardType.NUMBER, data=info)


def _with_help(field: SettingField) -> ft.Control:
    """A setting's field with its help under it, whole, in caption letters (a field's own helper line is
    12 px and cut after two lines; a tooltip never shows on a touchscreen)."""
    info: SettingInfo = field.data
    if not info.help:
        return field
    return ft.Column([field, caption(render(info.help))], spacing=2, tight=True, width=field.width or FIELD_WIDTH + 120)


def _request(game: GameDefinition, typed_names: list[str], fields: dict[str, SettingField],
             seat_count: SettingInfo | None) -> dict[str, Any] | Text:
    """The start request, or the first problem with what was typed."""
    players = [name.strip() for name in typed_names]
    if any(not name for name in players):
        return M("Name all {n} players.", n=len(players))
    values: dict[str, Any] = {}
    for key, control in fields.items():
        info: SettingInfo = control.data
        value = getattr(control, "value", None)
        if info.kind == "int":
            try:
                value = int(str(value).strip())
            except ValueError:
                return M("{setting}: a whole number, please.", setting=info.label)
        values[key] = value
    if seat_count is not None:
        values[seat_count.key] = len(players)
    request: dict[str, Any] = {"cmd": "start", "players": players}
    if values:
        request["settings"] = dotted_overrides(values)
    return request
