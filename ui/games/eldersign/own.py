"""The form a table enters a card the companion does not know yet with: a Mythos card (at midnight) or a
monster marker (when one is to be placed). The name is typed in the table's language; the numbers are
the option's questions, each a dropdown starting on its likely value; a Mythos card also takes the
hours the clock moves on and a line of text, a monster its task in the odds notation. A bad entry is
refused with the rules' reason, shown in the form, and changes nothing; the card entered is kept in
the table's file (README.md of the game, "A table's own Mythos cards and monsters")."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import _
from companion.inputs import Option
from companion.messages import render
from ui import i18n
from ui.screen import Screen
from ui.widgets.common import BODY, CAPTION, MUTED, REFUSED, button, dropdown_option

#: the monster's task is typed (any task in the odds notation), not picked
TYPED = ("task",)


def new_card_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    mythos = option.command.get("cmd") == "new_mythos"
    name = ft.TextField(label=_("Name on the card"), value=str(option.command.get("name") or ""), width=420, text_size=18, dense=True)
    fields: dict[str, ft.Control] = {}
    for ask in option.asks:
        if ask.arg in TYPED:
            continue
        start = ask.choices[ask.start({})] if ask.choices else None
        fields[ask.arg] = ft.Dropdown(label=render(ask.label), value=str(start.value) if start else None, width=200, text_size=BODY,
                                      options=[dropdown_option(str(c.value), render(c.label)) for c in ask.choices])
    typed: dict[str, ft.TextField] = {}
    if mythos:
        typed["clock"] = ft.TextField(label=_("Hours the clock moves on"), value="0", width=200, text_size=BODY, dense=True,
                                      keyboard_type=ft.KeyboardType.NUMBER)
        typed["text"] = ft.TextField(label=_("Anything else it says, for the players"), value="", width=420, text_size=BODY, dense=True)
    else:
        typed["task"] = ft.TextField(label=_("Its task (e.g. PERIL,LORE or INV:3)"), value="", width=420, text_size=BODY, dense=True)
    problem = ft.Text("", size=BODY, color=REFUSED, visible=False)
    values = {ask.arg: {str(c.value): c.value for c in ask.choices} for ask in option.asks}

    def request() -> dict[str, Any]:
        found: dict[str, Any] = {**option.command, "name": name.value or "", "language": i18n.current_language()}
        for arg, field in fields.items():
            value = getattr(field, "value", None)
            if value is not None:
                found[arg] = values[arg].get(value, value)
        for arg, field in typed.items():
            raw = (field.value or "").strip()
            found[arg] = int(raw) if arg == "clock" and raw.lstrip("-").isdigit() else raw
        if mythos and found.get("clock") == "":
            found["clock"] = 0
        return found

    def submit() -> None:
        outcome = app.command(request())
        if outcome.kind == "applied":
            app.close_dialog()
            return
        problem.value = render(outcome.message)  # the rules' reason; nothing changed
        problem.visible = True
        app.page.update()

    title = _("A Mythos card not known yet") if mythos else _("A monster marker not known yet")
    hint = ft.Text(_("Enter it once: the table's file keeps it for every later game."), size=CAPTION, color=MUTED)
    body = ft.Column([hint, name, ft.Row(list(fields.values()), wrap=True, spacing=8), *typed.values(), problem], spacing=8, tight=True,
                     scroll=ft.ScrollMode.AUTO)
    dialog = ft.AlertDialog(modal=True, title=ft.Text(title, size=20), content=ft.Container(body, width=560, height=360),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1),
                                     button(_("Keep it and apply it"), lambda e: submit(), icon=ft.Icons.CHECK, bgcolor="#2e7d32",
                                            color="#ffffff", max_lines=1)],
                            content_padding=ft.Padding.all(10))
    dialog.data = {"name": name, "fields": fields, "typed": typed, "submit": submit, "problem": problem, "request": request}
    return dialog
