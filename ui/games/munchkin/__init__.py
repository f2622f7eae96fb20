"""What only Munchkin draws: one large row per seat (level, strength, class and race, the gear
slots, the cards in hand), the combat board (monsters, helper, the cards from each side, the two
totals, who is winning), a seat's own panel (its gear to equip, carry or sell), and the dialogs
that ask a card's values on one screen. The shell draws the rest (ui/games/__init__.py)."""
from __future__ import annotations

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.inputs import Option
from ui.games import GameScreens, Tab
from ui.games.munchkin import dialogs, seat, table
from ui.screen import Screen


class MunchkinScreens(GameScreens):
    def tabs(self, app: Screen) -> list[Tab]:
        return [Tab("table", lambda: _("Table"), ft.Icons.TABLE_RESTAURANT, table.table_panel)]

    def seat_tabs(self, app: Screen) -> list[Tab]:
        """A seat's own gear and menu first; the whole table (nothing in it is secret) beside it."""
        return [Tab("seat", lambda: _("My seat"), ft.Icons.PERSON, seat.seat_panel),
                Tab("table", lambda: _("Table"), ft.Icons.TABLE_RESTAURANT, table.table_panel)]

    def alerts(self, app: Screen, view: View) -> list[ft.Control]:
        return table.alerts(view)

    def dialog(self, app: Screen, option: Option) -> bool:
        if option.dialog == "sell":
            app.show_dialog(dialogs.sell_dialog(app, option.command.get("items"), double=bool(option.command.get("double"))))
        elif option.dialog == "helper":
            app.show_dialog(dialogs.helper_dialog(app, option))
        elif option.dialog == "charity":
            app.show_dialog(dialogs.charity_dialog(app, option))
        elif option.dialog in ("fight", "item") and option.asks:
            dialog = dialogs.asks_dialog(app, option)
            app.show_dialog(dialog, cards=dialog.data["card"])  # a card scanned meanwhile picks its choice
        else:
            return False
        return True


SCREENS = MunchkinScreens()
