"""The Big Bang table view, for a 7" 800×480 touchscreen read from a metre away.

Tabs: the table (moon track, cubes, locations, hands, the menu of options as big buttons), the runes
(letters per slot, clues, Sheldon's swap as two taps, the gate attempt), the undo list, the
simulator (virtual buttons, card tray, ring preview) and the game-master view behind the PIN.
UNDO is always on screen. Everything shown comes from the public view; only the game-master tab
asks the session for the master view, and only with the PIN.
"""
from __future__ import annotations

import flet as ft

from companion.errors import RuleError
from companion.i18n import _
from companion.inputs import Option
from ui.widgets.common import BIG, MID, PLAYER_COLOURS, SMALL, banner, button, card, text
from ui.widgets.ring import RingPreview, moon_track

KIND_COLOURS = {"enemy": "#4a1c1c", "helper": "#1b3a26", "treasure": "#3a321b"}
FACES = (1, 2, 3, 4, "moon")


def face_label(face) -> str:
    return _("Moon") if face == "moon" else str(face)


def kind_label(kind: str) -> str:
    return {"enemy": _("enemy"), "helper": _("helper"), "treasure": _("treasure")}.get(kind, kind)


def tabs(app) -> list[tuple[str, str, object]]:
    found = [("table", _("Table"), ft.Icons.TABLE_RESTAURANT), ("runes", _("Runes"), ft.Icons.KEY),
             ("log", _("Undo list"), ft.Icons.HISTORY)]
    if app.companion.simulation:
        found.append(("sim", _("Simulator"), ft.Icons.DEVELOPER_BOARD))
    found.append(("master", _("Game master"), ft.Icons.LOCK))
    return found


def switch(app, tab: str) -> None:
    app.go("game", tab)


def build(app) -> ft.Control:
    view = app.companion.view()
    if view["status"] == "setup":
        app.screen = "home"
        from ui.views import home

        return home.build(app)
    bar = ft.Row([
        ft.Semantics(label=_("Home"), button=True,
                     content=ft.IconButton(ft.Icons.HOME, on_click=lambda e: app.go("home"), icon_size=28)),
        *[button(label, lambda e, t=key: switch(app, t), icon=icon, height=44, size=15,
                 bgcolor="#3949ab" if app.tab == key else None, color="#ffffff" if app.tab == key else None)
          for key, label, icon in tabs(app)],
        ft.Container(expand=True),
        button(_("UNDO"), lambda e: app.undo(), icon=ft.Icons.UNDO, height=48, bgcolor="#c62828", color="#ffffff",
               size=18, disabled=not app.companion.session.history),
    ], spacing=4)
    parts: list[ft.Control] = [bar]
    alert = _alert(view)
    if alert:
        parts.append(alert)
    parts.append(_prompt(app, view))
    body = {"table": table_panel, "runes": runes_panel, "log": log_panel, "sim": simulator_panel,
            "master": master_panel}.get(app.tab, table_panel)(app, view)
    parts.append(ft.Container(body, expand=True))
    return ft.Column(parts, expand=True, spacing=4)


def _alert(view: dict) -> ft.Control | None:
    if view["status"] == "won":
        return banner(_("The gate is closed. You win!"), "#2e7d32", ft.Icons.CELEBRATION)
    if view["status"] == "lost":
        return banner(view["prompt"], "#b71c1c")
    if view["red_moon"]:
        return banner(_("Red moon! The ring drops {n} after this turn.").format(n=view["danger_on_board"]), "#b71c1c")
    return None


def _prompt(app, view: dict) -> ft.Control:
    names = view["player_names"]
    active = view["active_player"]
    colour = PLAYER_COLOURS[names.index(active) % len(PLAYER_COLOURS)] if active in names else "#555555"
    lines = [text(view["prompt"], size=19, weight=ft.FontWeight.W_500)]
    if app.message and app.message[1]:
        kind, message = app.message
        lines.append(text(message, size=SMALL, color="#ef9a9a" if kind == "refused" else "#90a4ae", max_lines=2,
                          overflow=ft.TextOverflow.ELLIPSIS))
    return ft.Container(
        ft.Row([
            ft.Container(text(active or "", size=BIG, weight=ft.FontWeight.BOLD, color="#000000"), bgcolor=colour,
                         padding=ft.Padding.symmetric(horizontal=10, vertical=4), border_radius=ft.BorderRadius.all(8)),
            ft.Column(lines, spacing=0, expand=True, tight=True),
        ]),
        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
    )


# -- the table ------------------------------------------------------------------------------------------
def table_panel(app, view: dict) -> ft.Control:
    left = ft.Column([moon_track(view, 206), _cubes(view), _hands(view)], spacing=4, width=212,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    middle = ft.Column([_locations(view), _status(view)], spacing=4, expand=True)
    right = ft.Container(options_panel(app, view), width=232)
    return ft.Row([left, middle, right], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


def _cubes(view: dict) -> ft.Control:
    filled, seats = view["cubes"], view["max_cubes"]
    boxes = [ft.Container(width=26, height=26, border_radius=ft.BorderRadius.all(4),
                          bgcolor="#ffb300" if i < filled else "#263238", border=ft.Border.all(2, "#ffb300"))
             for i in range(seats)]
    return ft.Semantics(label=_("Cubes: {n} of {max}").format(n=filled, max=seats), content=ft.Row(
        [text(_("Cubes"), size=MID), *boxes, text(f"{filled}/{seats}", size=MID, weight=ft.FontWeight.BOLD)],
        spacing=4, alignment=ft.MainAxisAlignment.CENTER))


def _locations(view: dict) -> ft.Control:
    tiles = []
    for loc in view["locations"]:
        c = loc["card"]
        if c is None:
            what = [text(_("empty: lay a card"), size=SMALL, color="#ffcc80")]
            bg = "#263238"
        else:
            detail = (_("strength {s} · danger {d}").format(s=c["strength"], d=c["danger"]) if c["kind"] == "enemy"
                      else kind_label(c["kind"]))
            what = [text(c["name"], size=17, weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                    text(detail, size=12, color="#cfd8dc", max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                    text(_("reward: {reward}").format(reward=c["reward"]), size=13, color="#cfd8dc", max_lines=1,
                         overflow=ft.TextOverflow.ELLIPSIS)]
            bg = KIND_COLOURS.get(c["kind"], "#263238")
        who = ", ".join(ch.title() for ch in loc["characters"])
        tiles.append(ft.Container(
            ft.Column([
                ft.Row([text(f"{loc['number']} {loc['name']}", size=12, color="#90caf9", max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                        text(who, size=14, color="#fff59d", weight=ft.FontWeight.BOLD, max_lines=1, expand=True,
                             overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.RIGHT)], spacing=4),
                *what,
            ], spacing=0, tight=True),
            bgcolor=bg, padding=ft.Padding.symmetric(horizontal=6, vertical=3), border_radius=ft.BorderRadius.all(8),
            expand=True, height=86,
        ))
    rows = [ft.Row(tiles[i:i + 2], spacing=4) for i in range(0, len(tiles), 2)]
    return ft.Column(rows, spacing=4)


def _hands(view: dict) -> ft.Control:
    hands = []
    for i, p in enumerate(view["players"]):
        colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
        hands.append(ft.Container(
            text(_("{name}: {n} cards").format(name=p["name"], n=p["hand_size"]), size=15,
                 weight=ft.FontWeight.BOLD if p["active"] else None, color="#000000" if p["active"] else "#ffffff",
                 max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            bgcolor=colour if p["active"] else None, border=ft.Border.all(2, colour), border_radius=ft.BorderRadius.all(6),
            padding=ft.Padding.symmetric(horizontal=6, vertical=1), width=200))
    return ft.Column(hands, spacing=3, tight=True)


def _status(view: dict) -> ft.Control:
    items = [f"{k} ×{n}" for k, n in view["artefacts"].items() if n] + [r for r in view["relics"]]
    off = [ch.title() for ch, where in view["characters"].items() if where is None]
    return ft.Column([
        text(_("Pile: {n}").format(n=view["pile"]) + "   " + _("Artefacts & relics: {items}").format(items=", ".join(items) or "—"),
             size=15, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        text(_("Off the board: {names}").format(names=", ".join(off) or "—"), size=13, color="#90a4ae", max_lines=1,
             overflow=ft.TextOverflow.ELLIPSIS),
    ], spacing=1, tight=True)


def options_panel(app, view: dict) -> ft.Control:
    """The menu as big buttons; an option that still needs values shows its choices here instead."""
    if app.pending is not None:
        return _asks_panel(app)
    options = app.companion.table.options()
    if not options:
        if view["status"] in ("won", "lost"):
            return ft.Column([button(_("New game"), lambda e: app.go("setup"), icon=ft.Icons.REPLAY, expand=False)])
        return text(_("Nothing to do now."))
    return ft.Column([button(o.label, lambda e, o=o: choose(app, o), height=None, size=15, width=228)
                      for o in options], spacing=4, scroll=ft.ScrollMode.AUTO, expand=True)


def is_fight(option: Option) -> bool:
    return any(a.arg == "die" for a in option.asks)


def is_swap(option: Option) -> bool:
    return [a.arg for a in option.asks] == ["a", "b"]


def choose(app, option: Option) -> None:
    if not option.asks:
        app.command(option.command)
        return
    if is_fight(option):
        app.show_dialog(fight_dialog(app, option))
        return
    if is_swap(option):
        app.message = ("selected", _("Tap two letters to swap them."))
        app.go("game", "runes")
        return
    app.pending = {"option": option, "picked": {}, "ask": 0}
    app.tab = "table"
    app.render()


def _asks_panel(app) -> ft.Control:
    pending = app.pending
    option: Option = pending["option"]
    ask = option.asks[pending["ask"]]

    def pick(value):
        pending["picked"][ask.arg] = value
        if pending["ask"] + 1 < len(option.asks):
            pending["ask"] += 1
            app.render()
            return
        app.pending = None
        outcome = app.command({**option.command, **pending["picked"]})
        if outcome.kind == "refused":
            app.render()

    def back(e=None):
        app.pending = None
        app.render()

    return ft.Column([
        text(option.label, size=15, color="#90caf9"),
        text(ask.label, size=MID, weight=ft.FontWeight.BOLD),
        ft.Column([button(c.label, lambda e, v=c.value: pick(v), height=None, size=15, width=228) for c in ask.choices],
                  spacing=4, scroll=ft.ScrollMode.AUTO, expand=True),
        button(_("Back"), back, icon=ft.Icons.ARROW_BACK, height=44, width=228),
    ], spacing=4, expand=True)


# -- the fight dialog -------------------------------------------------------------------------------------
def fight_dialog(app, option: Option) -> ft.AlertDialog:
    """Die face, helper cards per other player, re-roll, sword — with the exact chance to win."""
    view = app.companion.view()
    turn = view["turn"] or {}
    character = turn.get("character")
    location = option.command.get("location") or view["characters"].get(character)
    odds = next((o for o in view["odds"] if o["location"] == location), None)
    helpers_possible = {p["name"]: p["hand"].get(character, 0) for p in view["players"] if not p["active"]}
    if odds is None or odds["how"] == "remote":
        helpers_possible = {}
    helpers_possible = {k: v for k, v in helpers_possible.items() if v}
    choice_ask = next((a for a in option.asks if a.arg == "choice"), None)
    state = {"helpers": {name: 0 for name in helpers_possible}, "die": None, "reroll": None,
             "choice": choice_ask.choices[0].value if choice_ask else None}
    has_reroll = bool(view["artefacts"].get("reroll"))
    has_sword = odds is not None and odds["sword"]
    body = ft.Column(spacing=6, tight=True, scroll=ft.ScrollMode.AUTO)

    def chance() -> int | None:
        if odds is None:
            return None
        total = sum(state["helpers"].values())
        return odds["percent"] if total == 0 else odds["with_help"][min(total, len(odds["with_help"])) - 1]

    def toggle(row_value, current, on_pick, values, labeller=face_label):
        return ft.Row([button(labeller(v), lambda e, v=v: on_pick(v), height=46, size=16, width=66 if labeller is face_label else None,
                              bgcolor="#3949ab" if current == v else None, color="#ffffff" if current == v else None)
                       for v in values], spacing=4, wrap=True)

    def set_(key, value):
        state[key] = value
        redraw()

    def set_helper(name, n):
        state["helpers"][name] = n
        redraw()

    def roll():
        """No die at the table: the companion rolls its seeded virtual die (a logged step)."""
        outcome = app.command({"cmd": "roll"})
        if outcome.kind == "applied":
            set_("reroll" if state["die"] is not None and has_reroll else "die", app.companion.view()["last_roll"])

    def submit(sword: bool = False):
        request = dict(option.command)
        if sword:
            request["sword"] = True
        else:
            request["die"] = state["die"]
            if state["reroll"] is not None:
                request["reroll"] = state["reroll"]
        helpers = {k: v for k, v in state["helpers"].items() if v}
        if helpers and not sword:
            request["helpers"] = helpers
        if state["choice"] is not None:
            request["choice"] = state["choice"]
        app.close_dialog()
        app.command(request)

    def redraw():
        p = chance()
        rows: list[ft.Control] = []
        if odds is not None:
            rows.append(text(_("Win chance: {p}%").format(p=p), size=26, weight=ft.FontWeight.BOLD,
                             color="#81c784" if p >= 50 else "#ffb74d"))
            rows.append(text(_("{enemy}: strength {s}, danger {d}; bonus +{b}").format(
                enemy=odds["enemy"], s=odds["strength"], d=odds["danger"], b=odds["bonus"] + sum(state["helpers"].values())), size=14))
        for name, most in helpers_possible.items():
            rows.append(ft.Row([text(_("{name} helps with").format(name=name), size=15, width=150),
                                toggle(None, state["helpers"][name], lambda n, name=name: set_helper(name, n), range(most + 1),
                                       labeller=str)]))
        if choice_ask:
            rows.append(ft.Row([text(_("Reward"), size=15, width=150),
                                toggle(None, state["choice"], lambda v: set_("choice", v), [c.value for c in choice_ask.choices],
                                       labeller=lambda v: v.replace("+", " + "))]))
        rows.append(ft.Row([text(_("The die shows"), size=15, weight=ft.FontWeight.BOLD),
                            button(_("Roll for us"), lambda e: roll(), icon=ft.Icons.CASINO, height=40, size=14)]))
        rows.append(toggle(None, state["die"], lambda v: set_("die", v), FACES))
        if has_reroll:
            rows.append(text(_("Re-roll artefact: the second roll (only after a losing roll)"), size=14))
            rows.append(toggle(None, state["reroll"], lambda v: set_("reroll", None if state["reroll"] == v else v), FACES))
        body.controls = rows
        confirm.disabled = state["die"] is None
        try:
            app.page.update()
        except Exception:  # not shown yet
            pass

    confirm = button(_("Tell the result"), lambda e: submit(), icon=ft.Icons.CHECK, height=48, bgcolor="#2e7d32", color="#ffffff",
                     disabled=True)
    actions = [button(_("Cancel"), lambda e: app.close_dialog(), height=48)]
    if has_sword:
        actions.append(button(_("Sword of Billy Sparks"), lambda e: submit(sword=True), height=48))
    actions.append(confirm)
    dialog = ft.AlertDialog(modal=True, title=ft.Text(option.label, size=19), content=ft.Container(body, width=520),
                            actions=actions, content_padding=ft.Padding.all(12))
    redraw()
    dialog.data = {"state": state, "set": set_, "set_helper": set_helper, "submit": submit, "chance": chance, "confirm": confirm}
    return dialog


# -- runes ----------------------------------------------------------------------------------------------------
def runes_panel(app, view: dict) -> ft.Control:
    gate = view["gate"]
    options = app.companion.table.options()
    swap = next((o for o in options if is_swap(o)), None)
    attempt = next((o for o in options if o.command.get("cmd") == "gate"), None)
    clue_options = [o for o in options if o.command.get("cmd") in ("ask",) or o.command.get("item") == "clue"]

    def tap_letter(letter):
        if swap is None:
            app.message = ("refused", _("Only Sheldon's special action swaps letters, before any other action."))
            app.render()
            return
        if app.swap_first is None:
            app.swap_first = letter
            app.render()
            return
        first, app.swap_first = app.swap_first, None
        if first == letter:
            app.render()
            return
        outcome = app.command({**swap.command, "a": first, "b": letter})
        if outcome.kind == "refused":
            app.render()

    def letter_button(letter, on_board=True):
        chosen = app.swap_first == letter
        return button(letter, lambda e, l=letter: tap_letter(l), height=58, width=62, size=26,
                      bgcolor="#f9a825" if chosen else ("#37474f" if on_board else "#263238"),
                      color="#000000" if chosen else "#ffffff", data=letter)

    slots = [ft.Column([text(rune, size=13, color="#90caf9"), letter_button(letter)], spacing=2,
                       horizontal_alignment=ft.CrossAxisAlignment.CENTER)
             for rune, letter in zip(gate["runes"], gate["board"])]
    off = [letter_button(letter, on_board=False) for letter in gate["off_board"]]
    no_rune = _("no rune")
    clues = [f"{letter} → {rune or no_rune}" for letter, rune in sorted(gate["clues"].items())]
    last = gate["last_attempt"]
    if last is None:
        last_text = _("No gate attempt yet.")
    elif last["success"]:
        last_text = _("The gate is closed!")
    elif last["correct"] is not None:
        last_text = _("Last attempt failed: {n} letter(s) on their own rune.").format(n=last["correct"])
    else:
        last_text = _("Last attempt failed.")
    hint = (_("Sheldon's swap: tap a second letter.") if app.swap_first else
            _("Sheldon's swap: tap two letters.") if swap else "")
    side = [text(_("Cubes {n}/{cost} for an attempt").format(n=view["cubes"], cost=view["gate_cost"]), size=MID)]
    if attempt:
        side.append(button(_("Try to close the gate"), lambda e: app.show_dialog(gate_dialog(app, attempt, view)),
                           icon=ft.Icons.DOOR_FRONT_DOOR, height=52, bgcolor="#6a1b9a", color="#ffffff"))
    side += [button(o.label, lambda e, o=o: choose(app, o), height=48, size=15) for o in clue_options]
    side.append(text(last_text, size=MID, weight=ft.FontWeight.BOLD))
    return ft.Column([
        text(_("Letters at the gate"), size=MID, weight=ft.FontWeight.BOLD),
        ft.Row(slots, spacing=6, wrap=True),
        ft.Row([text(_("Beside the board:"), size=15), *off], spacing=6, wrap=True),
        text(hint, size=15, color="#fff59d") if hint else ft.Container(),
        ft.Row([
            card(ft.Column([text(_("Clues learned"), size=MID, weight=ft.FontWeight.BOLD),
                            text(", ".join(clues) or _("none yet"), size=MID),
                            text(_("Clues owed: {n}").format(n=gate["clues_owed"]), size=14) if gate["clues_owed"] else ft.Container()],
                           spacing=4), expand=True),
            card(ft.Column(side, spacing=6), expand=True),
        ], vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)


def gate_dialog(app, option: Option, view: dict) -> ft.AlertDialog:
    gate = view["gate"]
    board = list(gate["board"])

    def go(e=None):
        app.close_dialog()
        app.command({**option.command, "board": board})

    return ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Try to close the gate"), size=20),
        content=ft.Column([
            text(_("Check the letters on the real board first:"), size=MID),
            text("   ".join(f"{r}: {l}" for r, l in zip(gate["runes"], board)), size=MID, weight=ft.FontWeight.BOLD),
            text(_("The attempt spends {n} cubes.").format(n=view["gate_cost"]), size=15),
        ], tight=True, width=520),
        actions=[button(_("Cancel"), lambda e: app.close_dialog(), height=48),
                 button(_("The board matches: try"), go, height=48, bgcolor="#6a1b9a", color="#ffffff")],
    )


# -- the undo list ----------------------------------------------------------------------------------------------
def log_panel(app, view: dict) -> ft.Control:
    session = app.companion.session
    steps = list(reversed(session.history))
    redo = session.redo_stack
    rows = [text(_("Undone (can be redone):"), size=14, color="#90a4ae")] if redo else []
    rows += [text(f"↷ {s.description}", size=15, color="#78909c") for s in reversed(redo)]
    # Tapping an older step takes the game back to just after it (redo brings the rest back).
    rows += [ft.Container(text(f"{s.number}. {s.description}", size=MID, weight=ft.FontWeight.BOLD if i == 0 else None),
                          on_click=(lambda e, n=i: app.undo(steps=n)) if i else None,
                          tooltip=_("Back to this step") if i else None, padding=ft.Padding.symmetric(vertical=2))
             for i, s in enumerate(steps)]
    return ft.Row([
        card(ft.Column(rows or [text(_("Nothing done yet."))], scroll=ft.ScrollMode.AUTO, expand=True, spacing=4), expand=True),
        ft.Column([
            button(_("Undo the last step"), lambda e: app.undo(), icon=ft.Icons.UNDO, height=60, width=200, disabled=not steps),
            button(_("Redo"), lambda e: app.redo(), icon=ft.Icons.REDO, height=60, width=200, disabled=not redo),
        ], spacing=8),
    ], expand=True, vertical_alignment=ft.CrossAxisAlignment.START)


# -- the simulator ---------------------------------------------------------------------------------------------------
BUTTONS = (("next", lambda: _("NEXT")), ("back", lambda: _("BACK")), ("yes", lambda: _("YES")), ("no", lambda: _("NO")))
GESTURES = (("tap", lambda: _("tap")), ("double", lambda: _("double")), ("hold", lambda: _("hold")))


def simulator_panel(app, view: dict) -> ft.Control:
    companion = app.companion
    rig = companion.rig
    columns: list[ft.Control] = []
    if companion.simulated_ring:
        preview = RingPreview(getattr(rig.ring, "led_count", 24), size=170)
        preview.show(rig.ring.frame)
        app.ring_preview = preview
        columns.append(ft.Column([text(_("Ring"), size=MID, weight=ft.FontWeight.BOLD), preview.control],
                                 horizontal_alignment=ft.CrossAxisAlignment.CENTER, width=190))
    if companion.simulated_buttons:
        rows = [text(_("Buttons point at: {line}").format(line=companion.table.selection() or "—"), size=15,
                     color="#fff59d", max_lines=2)]
        for name, label in BUTTONS:
            rows.append(ft.Row([text(label(), size=MID, weight=ft.FontWeight.BOLD, width=62)] + [
                button(g_label(), lambda e, n=name, g=gesture: rig.perform_later(n, g), height=44, size=14, width=84,
                       data=f"{name}:{gesture}")
                for gesture, g_label in GESTURES], spacing=4))
        columns.append(ft.Column(rows, spacing=4, width=340))
    if companion.simulated_reader:
        tray = [button(label, lambda e, uid=uid: rig.reader.scan(uid), height=None, size=14, width=190, data=uid)
                for uid, label in companion.tray()]
        columns.append(ft.Column([text(_("Card tray: tap to scan"), size=MID, weight=ft.FontWeight.BOLD), *tray],
                                 spacing=4, scroll=ft.ScrollMode.AUTO, expand=True))
    if not columns:
        return text(_("All devices are real: nothing to simulate."))
    return ft.Row(columns, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


# -- the game master ---------------------------------------------------------------------------------------------------
def master_panel(app, view: dict) -> ft.Control:
    session = app.companion.session
    if app.master_pin is not None:
        try:
            master = session.master_view(app.master_pin)
        except RuleError as exc:
            app.master_pin = None
            app.message = ("refused", exc.message)
        else:
            solution = master["solution"]
            cells = [ft.Column([text(rune, size=14, color="#90caf9"), text(letter, size=34, weight=ft.FontWeight.BOLD)],
                               horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=0) for rune, letter in solution.items()]
            line = "  ".join(f"{rune}={letter}" for rune, letter in solution.items())
            pile = ", ".join(f"{k} {v}" for k, v in master["pile_cards"].items())
            return ft.Column([
                ft.Row([text(_("Solution (game master only)"), size=BIG, weight=ft.FontWeight.BOLD, expand=True),
                        button(_("Lock"), lambda e: _lock(app), icon=ft.Icons.LOCK, height=48)]),
                card(ft.Row(cells, spacing=18, wrap=True)),
                text(_("Solution: {line}").format(line=line), size=15),
                text(_("Draw pile: {cards}").format(cards=pile), size=15),
            ], spacing=8, scroll=ft.ScrollMode.AUTO)
    pin = ft.TextField(label=_("Game-master PIN"), password=True, text_size=22, width=240, keyboard_type=ft.KeyboardType.NUMBER,
                       on_submit=lambda e: unlock())

    def unlock(e=None):
        try:
            session.master_view(pin.value or "")
        except RuleError as exc:
            app.message = ("refused", exc.message)
            app.render()
            return
        app.master_pin = pin.value
        app.message = None
        app.render()

    app.master_fields = {"pin": pin, "unlock": unlock}
    return ft.Column([
        text(_("The game master's view shows the solution. Players: look away."), size=MID),
        ft.Row([pin, button(_("Unlock"), unlock, icon=ft.Icons.LOCK_OPEN, height=52)]),
    ], spacing=10)


def _lock(app) -> None:
    app.master_pin = None
    app.go("game", "table")
