"""What Big Bang's game master sees once the PIN unlocked it: the solution, and the draw pile."""
from __future__ import annotations

import flet as ft

from companion.contract import View
from companion.i18n import _
from ui.games.bigbang import words
from ui.widgets.common import BODY, card, text


def solution_panel(master: View) -> ft.Control:
    solution = master["solution"]
    cells: list[ft.Control] = [ft.Column([text(rune, size=BODY, color="#90caf9"), text(letter, size=34, weight=ft.FontWeight.BOLD)],
                                         horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=0) for rune, letter in solution.items()]
    line = "  ".join(f"{rune}={letter}" for rune, letter in solution.items())
    pile = ", ".join(f"{words.character(c)} {n}" for c, n in master["pile_cards"].items())
    return ft.Column([
        card(ft.Row(cells, spacing=18, wrap=True)),
        text(_("Solution: {line}").format(line=line), size=BODY),
        text(_("Draw pile: {cards}").format(cards=pile), size=BODY),
    ], spacing=8, scroll=ft.ScrollMode.AUTO)
