"""Munchkin's dialogs: a card's values asked on one screen (who plays it, which card or bonus,
which monster) with the fight's totals above; the bribe a helper agrees to; selling items for
levels with the gold added up as they are picked; charity at the end of the turn (how many cards
are too many, who gets them, or that they are discarded)."""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.i18n import _
from companion.inputs import Option
from companion.messages import render
from ui.games.munchkin.words import standing
from ui.screen import Screen
from ui.widgets.common import BODY, SELECTED_BG, button, text

#: gold values a card sold from the hand is commonly worth
HAND_GOLD = (100, 200, 300, 400, 500, 600, 1000)
#: the colour of a line saying what a disabled button still waits for
HINT = "#ffb74d"


def _refresh(app: Screen) -> None:
    with contextlib.suppress(Exception):  # not shown yet
        app.page.update()


#: what a question shows before any choice is picked (None is a choice: the player whose turn it is plays the card)
NOT_PICKED = object()


def _choices(current: Any, values: list[tuple[Any, str]], on_pick: Callable[[Any], None]) -> ft.Control:
    """A row of big buttons, the one picked lit and ticked (the tick is read out too)."""
    return ft.Row([button(("✓ " if current == v else "") + label, lambda e, v=v: on_pick(v), size=BODY, max_lines=2,
                          width=None if len(label) > 3 else 72, bgcolor=SELECTED_BG if current == v else None,
                          color="#ffffff" if current == v else None)
                   for v, label in values], spacing=4, wrap=True, run_spacing=4)


def asks_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    """Every value the option asks, on one screen, each a row of big buttons; the fight's standing on top.
    While something is not picked, "Play it" is disabled and the title says what is missing (a whole
    catalogue offers many cards, none picked for the player). A question whose `when` says it is not
    asked, given what is picked, is neither shown nor waited for nor sent. A card scanned while the
    dialog is open picks the choice it names (`card_picked`, offered to the table by the shell)."""
    picked: dict[str, Any] = {ask.arg: ask.choices[0].value for ask in option.asks if len(ask.choices) == 1}
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)
    # in the title, not the body: the body scrolls, and the hint must stay in sight
    missing_hint = text("", size=BODY, color=HINT)

    def shown() -> list[Any]:
        """The questions asked now, given what is picked (in order: an answer may make a later one asked)."""
        return [ask for ask in option.asks if ask.asked({**option.command, **picked})]

    def sent() -> dict[str, Any]:
        asked = {ask.arg for ask in shown()}
        return {**option.command, **{arg: value for arg, value in picked.items() if arg in asked}}

    def pick(arg: str, value: Any) -> None:
        picked[arg] = value
        redraw()

    def card_picked(card: str) -> bool:
        """A card scanned now: the first question shown with a choice naming it gets that choice."""
        for ask in shown():
            choice = next((c for c in ask.choices if c.card == card), None)
            if choice is not None:
                picked[ask.arg] = choice.value
                app.post(redraw)
                return True
        return False

    def submit() -> None:
        app.close_dialog()
        app.command(sent())

    def redraw() -> None:
        rows: list[ft.Control] = []
        fight = app.view().get("combat")
        if fight:
            rows.append(text(_("Players {p} : {m} monsters — {standing}").format(
                p=fight["players_strength"], m=fight["monsters_strength"], standing=standing(fight)), size=BODY, weight=ft.FontWeight.BOLD))
        asked = shown()
        for ask in asked:
            rows.append(text(render(ask.label), size=BODY, weight=ft.FontWeight.BOLD))
            rows.append(_choices(picked.get(ask.arg, NOT_PICKED), [(c.value, render(c.label)) for c in ask.choices], partial(pick, ask.arg)))
        body.controls = rows
        missing = [render(ask.label) for ask in asked if ask.arg not in picked]
        confirm.disabled = bool(missing)
        missing_hint.value = _("Still to choose: {asks}").format(asks=", ".join(missing)) if missing else ""
        missing_hint.visible = bool(missing)
        _refresh(app)

    confirm = button(_("Play it"), lambda e: submit(), icon=ft.Icons.CHECK, bgcolor="#2e7d32", color="#ffffff", disabled=True, max_lines=1)
    title = ft.Column([ft.Text(render(option.label), size=19), missing_hint], spacing=2, tight=True)
    dialog = ft.AlertDialog(modal=True, title=title, content=ft.Container(body, width=560),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1), confirm],
                            content_padding=ft.Padding.all(12))
    redraw()
    dialog.data = {"picked": picked, "pick": pick, "submit": submit, "confirm": confirm, "missing": missing_hint, "card": card_picked,
                   "sent": sent}
    return dialog


def helper_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    """The helper joins; the bribe agreed at the table is kept as a note (seed: a bribe may be offered)."""
    bribe = ft.TextField(label=_("Bribe (a note, may stay empty)"), text_size=18, dense=True, max_length=120)

    def submit() -> None:
        app.close_dialog()
        note = (bribe.value or "").strip()
        app.command({**option.command, **({"bribe": note} if note else {})})

    confirm = button(_("Helps"), lambda e: submit(), icon=ft.Icons.HANDSHAKE, bgcolor="#2e7d32", color="#ffffff", max_lines=1)
    dialog = ft.AlertDialog(modal=True, title=ft.Text(render(option.label), size=19), content=ft.Container(bribe, width=480),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1), confirm])
    dialog.data = {"bribe": bribe, "submit": submit}
    return dialog


def sell_dialog(app: Screen, preselected: list[int] | None = None, double: bool = False) -> ft.AlertDialog:
    """Pick items on the table and gold values of cards from the hand; the levels they buy are shown.
    Only the player whose turn it is sells (seed §Gegenstände verkaufen). A Halfling may have the most
    valuable item sold count double, once a turn (the switch shows only while that is allowed)."""
    view = app.view()
    seller = view["active"]
    me = next(p for p in view["players"] if p["name"] == seller)
    per_level, most = view["gold_per_level"], view["winning_level"] - 1 - me["level"]
    chosen: set[int] = set(preselected or [])
    hand_gold: list[int] = []
    may_double = bool(view.get("sells_double"))
    doubled = {"on": double and may_double}
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)

    def values() -> list[int]:
        return [g["gold"] for g in me["gear"] if g["uid"] in chosen] + hand_gold

    def total() -> int:
        return sum(values()) + (max(values(), default=0) if doubled["on"] else 0)

    def toggle_double() -> None:
        doubled["on"] = not doubled["on"]
        redraw()

    def toggle(uid: int) -> None:
        chosen.symmetric_difference_update({uid})
        redraw()

    def add_gold(value: int) -> None:
        hand_gold.append(value)
        redraw()

    def clear_gold() -> None:
        hand_gold.clear()
        redraw()

    def submit() -> None:
        app.close_dialog()
        app.command({"cmd": "sell", "items": sorted(chosen), "gold": list(hand_gold), **({"double": True} if doubled["on"] else {})})

    def redraw() -> None:
        gold = total()
        levels = min(gold // per_level, max(0, most))
        rows: list[ft.Control] = [text(_("{gold} gold: {n} level(s); {per} gold a level, no change").format(gold=gold, n=levels, per=per_level),
                                       size=18, weight=ft.FontWeight.BOLD)]
        for g in me["gear"]:
            on = g["uid"] in chosen
            rows.append(button(_("{name}: {gold} gold").format(name=g["name"], gold=g["gold"]), lambda e, u=g["uid"]: toggle(u),
                               icon=ft.Icons.CHECK_BOX if on else ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=BODY, max_lines=1,
                               bgcolor=SELECTED_BG if on else None, color="#ffffff" if on else None))
        rows.append(text(_("Cards from the hand: {values}").format(values=" + ".join(map(str, hand_gold)) or "—"), size=BODY))
        rows.append(ft.Row([*(button(f"+{v}", lambda e, v=v: add_gold(v), size=BODY, max_lines=1) for v in HAND_GOLD),
                            button(_("Clear"), lambda e: clear_gold(), size=BODY, max_lines=1)], wrap=True, spacing=4, run_spacing=4))
        if may_double:
            on = doubled["on"]
            rows.append(button(_("The most valuable item sells for double (once a turn)"), lambda e: toggle_double(),
                               icon=ft.Icons.CHECK_BOX if on else ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=BODY, max_lines=2,
                               bgcolor=SELECTED_BG if on else None, color="#ffffff" if on else None))
        body.controls = rows
        confirm.disabled = levels < 1
        _refresh(app)

    confirm = button(_("Sell"), lambda e: submit(), icon=ft.Icons.SELL, bgcolor="#2e7d32", color="#ffffff", disabled=True, max_lines=1)
    dialog = ft.AlertDialog(modal=True, title=ft.Text(_("Sell items for levels"), size=19), content=ft.Container(body, width=560),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1), confirm],
                            content_padding=ft.Padding.all(12))
    redraw()
    dialog.data = {"toggle": toggle, "add_gold": add_gold, "submit": submit, "confirm": confirm, "total": total, "double": toggle_double}
    return dialog


def charity_dialog(app: Screen, option: Option) -> ft.AlertDialog:
    """Seed, Phase 4 (Milde Gabe): the hand over its limit at the end of the turn. Says how many cards
    are too many and where they go — the lowest level, split as evenly as possible (each split the
    rules allow is a choice, the one tapped picked), or the discard pile when the player is lowest —
    and ends the turn on confirm. Cancel leaves time to sell or play items first."""
    view = app.view()
    me = next(p for p in view["players"] if p["name"] == view["active"])
    charity = view.get("charity") or {"excess": 0, "to": []}
    splits = [o for o in app.options() if o.command.get("cmd") == "end_turn" and o.dialog == "charity"] or [option]
    chosen = {"option": next((o for o in splits if o.command == option.command), splits[0])}
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)

    def pick(o: Option) -> None:
        chosen["option"] = o
        redraw()

    def submit() -> None:
        app.close_dialog()
        app.command(dict(chosen["option"].command))

    def redraw() -> None:
        rows: list[ft.Control] = [
            text(_("{name} holds {n} cards and keeps {limit}: {excess} too many.").format(
                name=me["name"], n=me["hand"], limit=me["hand_limit"], excess=charity["excess"]), size=18, weight=ft.FontWeight.BOLD),
            text(_("They go to the lowest level: {names}.").format(names=", ".join(charity["to"])) if charity["to"]
                 else _("Nobody is lower: they are discarded."), size=BODY),
        ]
        if len(splits) > 1:
            rows.append(text(_("Who gets one more?"), size=BODY, weight=ft.FontWeight.BOLD))
        if charity["to"]:
            rows.append(ft.Column([button(render(o.label), lambda e, o=o: pick(o), size=BODY, max_lines=2,
                                          icon=ft.Icons.RADIO_BUTTON_CHECKED if o is chosen["option"] else ft.Icons.RADIO_BUTTON_UNCHECKED,
                                          bgcolor=SELECTED_BG if o is chosen["option"] else None,
                                          color="#ffffff" if o is chosen["option"] else None) for o in splits], spacing=4, tight=True))
        rows.append(text(_("Not yet: Cancel, then sell or play items to keep more."), size=BODY, color="#b0bec5"))
        body.controls = rows
        _refresh(app)

    confirm = button(_("Give and end the turn") if charity["to"] else _("Discard and end the turn"), lambda e: submit(),
                     icon=ft.Icons.CHECK, bgcolor="#2e7d32", color="#ffffff", max_lines=1)
    dialog = ft.AlertDialog(modal=True, title=ft.Text(_("Charity"), size=19), content=ft.Container(body, width=560),
                            actions=[button(_("Cancel"), lambda e: app.close_dialog(), max_lines=1), confirm],
                            content_padding=ft.Padding.all(12))
    redraw()
    dialog.data = {"pick": pick, "submit": submit, "confirm": confirm, "chosen": chosen, "splits": splits}
    return dialog
