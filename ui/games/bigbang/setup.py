"""Big Bang's part of the setup wizard: the rune solution (drawn in secret by the companion, or typed
in by a human game master) and the game master's PIN, without which nobody can ever see the solution.

The kiosk has no keyboard: the PIN has the game-master lock's digit keypad, the typed solution the
letters of the pool as keys (both shown when their field is tapped, or with the keys button)."""
from __future__ import annotations

import contextlib
import re
from typing import Any

import flet as ft

from companion.games.bigbang.config import default_settings
from companion.i18n import _
from companion.messages import M, Text
from ui.games import SetupPart
from ui.screen import Screen
from ui.widgets.common import BODY, CAPTION, MUTED, dropdown_option, icon_button, safe, text
from ui.widgets.keypad import BACKSPACE, DIGITS_LOW, ENTER, keypad, typed

#: the PIN's length the rules accept
PIN_DIGITS = 8


def setup_part(app: Screen) -> SetupPart:
    gate = default_settings()["gate"]
    runes, letters = gate["runes"], gate["letters"]
    mode = ft.Dropdown(label=_("Rune solution"), value="drawn", width=380, text_size=BODY, options=[
        dropdown_option("drawn", _("drawn in secret by the companion")),
        dropdown_option("typed", _("typed in by a game master")),
    ])
    solution = ft.TextField(label=_("Letters in rune order ({runes})").format(runes=", ".join(runes)), password=True,
                            can_reveal_password=True, text_size=18, dense=True, expand=True)
    pin_dots = text("", size=CAPTION, color=MUTED)

    def update() -> None:
        with contextlib.suppress(Exception):  # not on a page yet
            app.page.update()

    def show_pin_length(e: object = None) -> None:
        """The PIN stays hidden; its length shows that every digit arrived."""
        typed_pin = (pin.value or "").strip()
        pin_dots.value = _("Game-master PIN: {dots}").format(dots="●" * len(typed_pin)) if typed_pin else ""
        update()

    pin = ft.TextField(label=_("Game-master PIN (optional)"), password=True, can_reveal_password=True, width=300, text_size=18,
                       dense=True, keyboard_type=ft.KeyboardType.NUMBER, on_change=safe(show_pin_length))

    def pin_key(key: str) -> None:
        """A digit of the PIN tapped on the keypad; ✓ folds the keypad away."""
        if key == ENTER:
            pin_keys.visible = False
        elif key == BACKSPACE or len(pin.value or "") < PIN_DIGITS:
            pin.value = typed(pin.value or "", key)
        show_pin_length()

    def letter_key(key: str) -> None:
        """A letter of the solution tapped on its keys, in rune order."""
        if key == BACKSPACE or len(solution.value or "") < len(runes):
            solution.value = typed(solution.value or "", key)
        update()

    pin_keys = ft.Container(keypad(DIGITS_LOW, pin_key, columns=4, width=72, height=52), visible=False)
    letter_keys = ft.Container(keypad((*letters, BACKSPACE), letter_key, columns=len(letters) + 1, width=48), visible=False)

    def show(keys: ft.Container, visible: bool = True) -> None:
        keys.visible = visible
        update()

    pin.on_focus = safe(lambda e: show(pin_keys))
    solution.on_focus = safe(lambda e: show(letter_keys))
    mode.on_select = safe(lambda e: show(letter_keys, mode.value == "typed"))

    def complete(request: dict[str, Any]) -> Text | None:
        if mode.value == "typed":
            chosen = [ch.upper() for ch in re.sub(r"[\s,;:\-]+", "", solution.value or "")]
            if len(chosen) != len(runes):
                return M("Type one letter for each of the {n} runes.", n=len(runes))
            request["solution"] = chosen
        if (pin.value or "").strip():
            request["master_pin"] = (pin.value or "").strip()
        return None

    controls: list[ft.Control] = [
        text(_("The gate"), size=18, weight=ft.FontWeight.BOLD),
        ft.Row([mode, pin, icon_button(ft.Icons.DIALPAD, _("PIN keypad"), lambda e: show(pin_keys, not pin_keys.visible), key="pin-keypad"),
                pin_dots], wrap=True, spacing=8, run_spacing=8),
        pin_keys,
        ft.Row([solution]),
        letter_keys,
        text(_("Without a game-master PIN nobody can ever see the solution, not even after the game; with one, only the game-master tab "
               "shows it, to whoever types the PIN."), size=CAPTION, color=MUTED),
    ]
    return SetupPart(controls, complete, {"solution_mode": mode, "solution": solution, "pin": pin, "pin_key": pin_key,
                                          "pin_keys": pin_keys, "letter_key": letter_key, "letter_keys": letter_keys})
