"""Big Bang's runes tab: the letters at the gate (Sheldon's swap as two taps on them; while the real deal
tells the letters, a tap lays one at the next rune), the clues, and the gate attempt — which first
shows the letters for the table to check against the cardboard, and spends nothing until confirmed."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.inputs import Option
from companion.messages import M, P, render
from ui.screen import Screen
from ui.views.menu import choose
from ui.widgets.common import BODY, CAPTION, MID, MUTED, button, card, text

MAIN_TAB = "table"


def runes_panel(app: Screen, view: View) -> ft.Control:
    gate = view["gate"]
    options = app.options()
    swap = next((o for o in options if o.dialog == "swap"), None)
    lay = {o.command.get("letter"): o for o in options if o.command.get("cmd") == "lay"}
    attempt = next((o for o in options if o.dialog == "gate"), None)
    clue_options = [o for o in options if o.command.get("cmd") == "ask" or o.command.get("item") == "clue"]
    first = app.choosing.scratch.get("swap_first")

    def letter_button(letter: str, on_board: bool = True) -> ft.Control:
        chosen = first == letter
        if letter in lay:
            return button(letter, lambda e: choose(app, lay[letter]), height=58, width=62, size=26, max_lines=1,
                          bgcolor="#263238", color="#ffffff", data=letter)
        return button(letter, lambda e: tap_letter(app, swap, letter), height=58, width=62, size=26, max_lines=1,
                      bgcolor="#f9a825" if chosen else ("#37474f" if on_board else "#263238"),
                      color="#000000" if chosen else "#ffffff", data=letter)

    def slot(index: int, rune: str) -> ft.Control:
        """A rune and its letter; while the letters are told, the ones still to come are empty."""
        letter = gate["board"][index] if index < len(gate["board"]) else None
        shown = letter_button(letter) if letter is not None else ft.Container(
            text("?", size=26, color="#90a4ae"), width=62, height=58, alignment=ft.Alignment.CENTER,
            border=ft.Border.all(2, "#f9a825" if index == len(gate["board"]) else "#455a64"), border_radius=ft.BorderRadius.all(10))
        return ft.Column([text(rune, size=BODY, color="#90caf9", max_lines=1), shown], spacing=2,
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    slots = [slot(i, rune) for i, rune in enumerate(gate["runes"])]
    beside = [letter_button(letter, on_board=False) for letter in gate["off_board"]]
    if lay:
        hint = _("Tap the letter that lies at {rune}.").format(rune=gate["runes"][len(gate["board"])])
    else:
        hint = (_("Sheldon's swap: tap a second letter.") if first else _("Sheldon's swap: tap two letters.") if swap else "")
    side: list[ft.Control] = [text(_("Cubes {n}/{cost} for an attempt").format(n=view["cubes"], cost=view["gate_cost"]), size=MID)]
    if attempt is not None:
        side.append(button(_("Try to close the gate"), lambda e: app.show_dialog(gate_dialog(app, attempt)),
                           icon=ft.Icons.DOOR_FRONT_DOOR, bgcolor="#6a1b9a", color="#ffffff"))
    side += [button(render(o.label), lambda e, o=o: choose(app, o), size=BODY) for o in clue_options]
    side.append(text(_last_attempt(gate["last_attempt"]), size=MID, weight=ft.FontWeight.BOLD))
    return ft.Column([
        text(_("Letters at the gate"), size=MID, weight=ft.FontWeight.BOLD),
        ft.Row(slots, spacing=6, wrap=True),
        ft.Row([text(_("Not laid yet:") if lay else _("Beside the board:"), size=BODY), *beside], spacing=6, wrap=True),
        text(hint, size=BODY, color="#fff59d") if hint else ft.Container(),
        ft.Row([
            card(ft.Column([text(_("Clues learned"), size=MID, weight=ft.FontWeight.BOLD),
                            text(_clues(gate["clues"]), size=MID),
                            text(_("Clues owed: {n}").format(n=gate["clues_owed"]), size=BODY) if gate["clues_owed"] else ft.Container()],
                           spacing=4), expand=True),
            card(ft.Column(side, spacing=6), expand=True),
        ], vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)


def tap_letter(app: Screen, swap: Option | None, letter: str) -> None:
    """Sheldon's swap as two taps: the first letter, then the one it swaps with."""
    if swap is None:
        app.tell("refused", M("Only Sheldon's special action swaps letters, before any other action."))
        return
    first = app.choosing.scratch.get("swap_first")
    if first is None:
        app.choosing.scratch["swap_first"] = letter
        app.render()
        return
    app.choosing.scratch.pop("swap_first", None)
    if first == letter:
        app.render()
        return
    app.tab = MAIN_TAB  # the swap is done with the runes; the next actions are on the table tab
    outcome = app.command({**swap.command, "a": first, "b": letter})
    if outcome.kind != "applied":
        app.tab = "runes"
        app.render()


def start_swap(app: Screen) -> None:
    app.choosing.scratch.pop("swap_first", None)
    app.note("selected", M("Tap two letters to swap them."))
    app.go("game", "runes")


def _clues(clues: dict[str, Any]) -> str:
    no_rune = _("no rune")
    return ", ".join(f"{letter} → {rune or no_rune}" for letter, rune in sorted(clues.items())) or _("none yet")


def _last_attempt(last: dict[str, Any] | None) -> str:
    if last is None:
        return _("No gate attempt yet.")
    if last["success"]:
        return _("The gate is closed!")
    if last["correct"] is not None:
        return render(P("Last attempt failed: {n} letter on its own rune.", "Last attempt failed: {n} letters on their own rune.",
                        n=last["correct"]))
    return _("Last attempt failed.")


def gate_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    """The attempt spends cubes: first the table checks the letters on the real board."""
    view = app.view()
    gate = view["gate"]
    board = list(gate["board"])

    def go(e: object = None) -> None:
        app.close_dialog()
        app.command({**option.command, "board": board})

    slots: list[ft.Control] = [ft.Semantics(label=_("{rune}: {letter}").format(rune=rune, letter=letter), exclude_semantics=True, content=ft.Column(
                                   [text(rune, size=BODY, color="#90caf9"), text(letter, size=30, weight=ft.FontWeight.BOLD)],
                                   horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=0))  # read as one: "Fehu: B"
                               for rune, letter in zip(gate["runes"], board, strict=True)]
    dialog = ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Try to close the gate"), size=20),
        content=ft.Column([
            text(_("Check the letters on the real board first:"), size=MID),
            ft.Row(slots, spacing=14, wrap=True),
            text(_("If the cardboard differs, lay the letters as shown: only Sheldon's swap moves them."), size=CAPTION, color=MUTED),
            text(render(P("The attempt spends {n} cube.", "The attempt spends {n} cubes.", n=view["gate_cost"])), size=BODY),
        ], tight=True, width=540),
        actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1),
                 button(_("The board matches: try"), go, bgcolor="#6a1b9a", color="#ffffff", max_lines=1)],
    )
    dialog.data = {"go": go}
    return dialog
