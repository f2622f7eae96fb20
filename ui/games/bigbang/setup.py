"""Big Bang's part of the setup wizard: the rune solution (drawn in secret by the companion, or typed
in by a human game master) and the game master's PIN, without which nobody can ever see the solution."""
from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.games.bigbang.config import default_settings
from companion.i18n import _
from companion.messages import M, Text
from ui.games import SetupPart
from ui.widgets.common import MUTED, SMALL, safe, text

if TYPE_CHECKING:
    from ui.app import App


def setup_part(app: App) -> SetupPart:
    runes = default_settings()["gate"]["runes"]
    mode = ft.Dropdown(label=_("Rune solution"), value="drawn", width=380, text_size=16, options=[
        ft.DropdownOption(key="drawn", text=_("drawn in secret by the companion")),
        ft.DropdownOption(key="typed", text=_("typed in by a game master")),
    ])
    solution = ft.TextField(label=_("Letters in rune order ({runes})").format(runes=", ".join(runes)), password=True,
                            can_reveal_password=True, text_size=18, dense=True, expand=True)
    pin_dots = text("", size=15, color=MUTED)

    def show_pin_length(e: object = None) -> None:
        """The PIN stays hidden; its length shows that every digit arrived."""
        typed = (pin.value or "").strip()
        pin_dots.value = _("Game-master PIN: {dots}").format(dots="●" * len(typed)) if typed else ""
        with contextlib.suppress(Exception):  # not on a page yet
            app.page.update()

    pin = ft.TextField(label=_("Game-master PIN (optional)"), password=True, can_reveal_password=True, width=300, text_size=18,
                       dense=True, keyboard_type=ft.KeyboardType.NUMBER, on_change=safe(show_pin_length))

    def complete(request: dict[str, Any]) -> Text | None:
        if mode.value == "typed":
            letters = [ch.upper() for ch in re.sub(r"[\s,;:\-]+", "", solution.value or "")]
            if len(letters) != len(runes):
                return M("Type one letter for each of the {n} runes.", n=len(runes))
            request["solution"] = letters
        if (pin.value or "").strip():
            request["master_pin"] = (pin.value or "").strip()
        return None

    controls: list[ft.Control] = [
        text(_("The gate"), size=18, weight=ft.FontWeight.BOLD),
        ft.Row([mode, pin, pin_dots], wrap=True, spacing=8, run_spacing=8),
        ft.Row([solution]),
        text(_("Without a PIN nobody can ever see the solution; with one, only the game-master tab shows it."), size=SMALL, color=MUTED),
    ]
    return SetupPart(controls, complete, {"solution_mode": mode, "solution": solution, "pin": pin})
