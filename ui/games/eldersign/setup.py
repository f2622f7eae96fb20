"""Elder Sign's part of the setup wizard: the Ancient One (one of the box, or drawn by the companion)
and the investigators in seat order (tapped one after the other; the seats left without one are dealt
by the companion, as the table would from the shuffled cards); the museum dealt by the companion or
laid by the table, scanning its cards. The names are the edition's in the
table's language (data/cards.toml); the core checks the choice when the game starts."""
from __future__ import annotations

import contextlib
from typing import Any

import flet as ft

from companion.games.eldersign.rules import DRAW
from companion.games.eldersign.state import default_config
from companion.i18n import _
from companion.messages import M, Text, render
from ui.games import SetupPart
from ui.screen import Screen
from ui.widgets.common import BODY, CAPTION, MUTED, button, dropdown_option, text

#: the chosen investigators' buttons stand out
CHOSEN = "#1565c0"


def setup_part(app: Screen) -> SetupPart:
    config = default_config()
    # the settings' Ancient One first (the table changes it, or lets the companion draw one)
    ancient = ft.Dropdown(label=_("Ancient One"), value=config.ancient_one.id, width=380, text_size=BODY, options=[
        dropdown_option(DRAW, _("drawn by the companion")),
        *(dropdown_option(card.id, render(card.title)) for card in config.ancient_ones.values()),
    ])
    chosen: list[str] = []
    order = text("", size=CAPTION, color=MUTED)
    picks = ft.Row(spacing=6, run_spacing=6, wrap=True)

    def show() -> None:
        titles = [render(config.investigators[card].title) for card in chosen]
        order.value = (_("Investigators in seat order: {names}").format(names=", ".join(titles)) if titles
                       else _("No investigator chosen: the companion deals them."))
        for pick in picks.controls:
            assert isinstance(pick, ft.Button)  # the row holds the investigators' buttons only
            pick.bgcolor, pick.color = (CHOSEN, "#ffffff") if pick.data in chosen else (None, None)
        with contextlib.suppress(Exception):  # not on a page yet
            app.page.update()

    def toggle(card: str) -> None:
        """A tap takes the investigator for the next seat; a second tap gives it back."""
        if card in chosen:
            chosen.remove(card)
        else:
            chosen.append(card)
        show()

    def deal_all(e: object = None) -> None:
        chosen.clear()
        show()

    scanned = ft.Switch(label=_("We lay the museum by scanning its cards"), value=False, height=48)
    picks.controls = [button(render(card.title), lambda e, card=card.id: toggle(card), data=card.id, size=BODY, max_lines=1)
                      for card in config.investigators.values()]
    show()

    def complete(request: dict[str, Any]) -> Text | None:
        players = len(request.get("players", []))
        if len(chosen) > players:
            return M("Choose at most {n} investigators, one per player.", n=players)
        request["ancient_one"] = ancient.value or DRAW
        if chosen:
            request["investigators"] = [*chosen, *[DRAW] * (players - len(chosen))]
        if scanned.value:
            request["adventures"] = []
        return None

    controls: list[ft.Control] = [
        text(_("The Ancient One and the investigators"), size=18, weight=ft.FontWeight.BOLD),
        ancient,
        ft.Row([order, button(_("Deal them for us"), deal_all, size=BODY, max_lines=1)], wrap=True, spacing=8),
        picks,
        scanned,
    ]
    return SetupPart(controls, complete, {"ancient_one": ancient, "investigators": picks, "chosen": chosen, "toggle": toggle,
                                          "deal_all": deal_all, "order": order, "scanned": scanned})
