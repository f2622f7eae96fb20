"""A seat's own screen — a phone held upright: this player's combat cards, one tap to choose one in
secret; the cards already used (theirs alone to see); the starting line while it is being chosen; the
AP and VP; and this seat's menu when it is its turn.

Drawn from the seat's own view: the only secrets on it are this seat's."""
from __future__ import annotations

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.palette import colour
from ui.games.dungeontwister import words
from ui.games.dungeontwister.table import fight_board
from ui.screen import Screen
from ui.views.menu import options_panel
from ui.widgets.common import CAPTION, MUTED, TOUCH, button, card, text

#: a combat card's button: a fingertip, and then some (the one tap that matters most)
CARD_SIZE = 72


def seat_panel(app: Screen, view: View) -> ft.Control:
    mine = view.get("my_colour")
    if mine is None:
        return ft.Column([options_panel(app, width=None, fill=False)], scroll=ft.ScrollMode.AUTO, expand=True)
    parts: list[ft.Control] = [header(view, mine)]
    fight = view.get("combat")
    if fight and mine in (fight["attacker"], fight["defender"]):
        parts += [fight_board(view), choose_card(app, view, mine)]
    else:
        parts.append(options_panel(app, width=None, fill=False))
    parts += [hand(view), used(view)]
    if view.turn.phase == "lineup":
        parts.insert(1, lineup(view))
    return ft.Column(parts, spacing=8, scroll=ft.ScrollMode.AUTO, expand=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def header(view: View, mine: str) -> ft.Control:
    me = next(p for p in view["players"] if p["colour"] == mine)
    tint = colour(mine).screen
    facts = [text(_("{n}/{target} VP").format(n=me["vp"], target=view["target_vp"]), size=26, weight=ft.FontWeight.BOLD)]
    if view.get("active") == mine and view.turn.phase in ("actions", "combat"):
        facts.append(text(_("{n} AP left").format(n=view["ap"]), size=26, weight=ft.FontWeight.BOLD, color=tint))
    return card(ft.Row([text(words.colour(mine), size=20, weight=ft.FontWeight.BOLD, color=tint), *facts], spacing=14, wrap=True),
                border_colour=tint)


def choose_card(app: Screen, view: View, mine: str) -> ft.Control:
    """One big button per card value in hand; a tap chooses it in secret. Chosen: which, and whom the table waits for."""
    chosen = view.get("my_choice")
    if chosen is not None:
        return card(text(_("You chose {card}. Nobody else sees it until both cards are turned.").format(card=words.card(chosen)),
                         size=18), border_colour=colour(mine).screen)
    buttons: list[ft.Control] = [button(words.card(value), lambda e, v=value: app.command({"cmd": "choose", "card": v}),
                                        size=24, width=CARD_SIZE, height=CARD_SIZE, max_lines=1, data=f"card:{value}")
                                 for value in view["my_combat_cards"]]  # one per card in hand, as the hand lies: the two +2s are two cards
    return ft.Column([text(_("Choose your combat card"), size=18, weight=ft.FontWeight.BOLD),
                      ft.Row(buttons, spacing=8, run_spacing=8, wrap=True)], spacing=4, tight=True)


def hand(view: View) -> ft.Control:
    cards = " ".join(words.card(v) for v in view["my_combat_cards"])
    return ft.Column([text(_("Your combat cards"), size=CAPTION, color=MUTED), text(cards, size=22, weight=ft.FontWeight.BOLD)],
                     spacing=0, tight=True)


def used(view: View) -> ft.Control:
    """The cards this player used: gone for good (the +0 always comes back), seen by nobody else."""
    gone = view["my_used_combat_cards"]
    shown = " ".join(words.card(v) for v in gone) if gone else _("none yet")
    return ft.Column([text(_("Used, out of the game"), size=CAPTION, color=MUTED),
                      text(shown, size=20, color=MUTED, style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if gone else None)],
                     spacing=0, tight=True)


def lineup(view: View) -> ft.Control:
    picked = view.get("my_lineup") or []
    names = ", ".join(words.piece(p) for p in picked) or _("none yet")
    return card(ft.Column([text(_("Your starting line ({n} of 4), in secret").format(n=len(picked)), size=CAPTION, color=MUTED),
                           text(names, size=18, weight=ft.FontWeight.BOLD)], spacing=0, tight=True))


assert CARD_SIZE >= TOUCH
