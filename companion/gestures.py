"""A game's gesture card: what each button gesture does, on one page to print and lay on the table,
made from the game's bindings (companion.inputs, `data/bindings.toml`) so it never drifts from them.

`card(game)` writes it as Markdown in the current language (companion.i18n): the buttons and the
gestures are called what the simulator and the voice call them, a phase by what the table is doing
in it, a bound command by its menu item (`GameDefinition.name_command`). tools/gesture_cards.py writes
one per game and language into docs/gestures/.
"""
from __future__ import annotations

from companion.game import GameDefinition
from companion.inputs import BUTTONS, GESTURES, Meaning
from companion.messages import M, Message, Text, render

BUTTON_NAMES: dict[str, Message] = {"next": M("NEXT"), "back": M("BACK"), "yes": M("YES"), "no": M("NO")}
GESTURE_NAMES: dict[str, Message] = {"tap": M("tap"), "double": M("double"), "hold": M("hold")}
#: what the table's own actions do
ACTIONS: dict[str, Message] = {
    "next": M("the next item"),
    "previous": M("the item before"),
    "confirm": M("pick the item said; answer the question"),
    "cancel": M("back to the top of the menu"),
    "undo": M("undo the last step"),
    "redo": M("redo the step undone (asks YES first)"),
    "tell": M("say the odds now"),
}
HINTS: tuple[Message, ...] = (
    M("The companion says each item the buttons point at; the menu wraps round, so BACK is the short way to the last items."),
    M("After each step the companion says where the buttons point now: YES picks that."),
    M("A step picked with YES ticks (two short rising beeps); the companion then says only what is new."),
    M("An item said with a number keeps that number: a move not possible now is skipped, never renumbered."),
    M("While the companion asks a question, scanning the card it asks about answers it."),
    M("Any other press cancels a question that asks for YES."),
)


def meaning(game: GameDefinition, what: Meaning) -> Text:
    """What a binding does, in words."""
    if isinstance(what, str):
        if what == "tell" and "spoken" not in game.analyses:
            return M("say in full what to do now")
        return ACTIONS.get(what, what)
    request = {key: value for key, value in what.items() if key != "confirm"}
    named = game.name_command(request) or str(request.get("cmd"))  # no name: `unnamed` and the game kit say so
    return M("{what} (asks YES first)", what=named) if what.get("confirm") else named


def bound_commands(game: GameDefinition) -> list[tuple[str, dict[str, object]]]:
    """Every command a gesture sends, as (where: "hold YES while phase combat", the request without `confirm`)."""
    bindings = game.bindings
    found = [("", bindings.everywhere)] + [(f" while phase {phase}", keys) for phase, keys in bindings.per_phase.items()]
    return [(f"{gesture} {button.upper()}{phase}", {k: v for k, v in what.items() if k != "confirm"})
            for phase, keys in found for (button, gesture), what in keys.items() if not isinstance(what, str)]


def unnamed(game: GameDefinition) -> list[str]:
    """The commands bound to a gesture that the game's `name_command` gives no words for: the gesture card,
    the question before it and the voice would show the command's id, in English in every language."""
    return [f"{request} ({where})" for where, request in bound_commands(game) if game.name_command(request) is None]


def card(game: GameDefinition) -> str:
    """The card as Markdown, in the current language; the game's own hints follow the generic ones."""
    bindings = game.bindings
    used = [g for g in GESTURES if any(bindings.binds(button, g) for button in BUTTONS)]
    title = render(M("{game}: the buttons", game=game.title))  # outside the f-string: the extractor must see it
    lines = [f"# {title}", "",
             f"<!-- Made by tools/gesture_cards.py from companion/games/{game.id}/data/bindings.toml: do not edit. -->", "",
             "| | " + " | ".join(render(GESTURE_NAMES[g]) for g in used) + " |",
             "|---|" + "---|" * len(used)]
    for button in BUTTONS:
        cells = [render(meaning(game, bindings.everywhere[(button, g)])) if (button, g) in bindings.everywhere else "—" for g in used]
        lines.append(f"| **{render(BUTTON_NAMES[button])}** | " + " | ".join(cells) + " |")
    for phase in game.phases:
        keys = bindings.per_phase.get(phase.id, {})
        if not keys:
            continue
        only_while = render(M("Only while {doing}:", doing=phase.doing))
        lines += ["", f"**{only_while}**", ""]
        for button in BUTTONS:
            for gesture in GESTURES:
                if (button, gesture) in keys:
                    pressed = M("{gesture} {button}", gesture=GESTURE_NAMES[gesture], button=BUTTON_NAMES[button])
                    lines.append(f"- **{render(pressed)}**: {render(meaning(game, keys[(button, gesture)]))}")
    good_to_know = render(M("Good to know:"))
    lines += ["", f"**{good_to_know}**", "", *(f"- {render(hint)}" for hint in (*HINTS, *game.gesture_hints)), ""]
    return "\n".join(lines)
