"""A text console for playing any game by typed commands (`companion console GAME`).

Type a command as words (`play penny 2`, `act die=3 helpers=Bob:1`, `start Ann Bob Cy`) or as the
JSON of the headless interface. `undo`, `redo`, `log`, `help` and `quit` work in every game. The
board is printed the same way for every game: the typed turn, the seats, the view's fields.
"""
from __future__ import annotations

import json
import sys
import typing
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TextIO

from companion.contract import View
from companion.errors import RuleError
from companion.headless import SESSION_COMMANDS, Headless
from companion.i18n import _
from companion.messages import render
from companion.records import fields_of
from companion.table import Outcome, OutcomeKind, Table


def parse_words(commands: Mapping[str, type], line: str) -> dict[str, Any]:
    """`move 3` -> {"cmd": "move", "location": 3}; key=value for any argument, positionals in order."""
    words = line.split()
    name, rest = words[0], words[1:]
    request: dict[str, Any] = {"cmd": name}
    cls = commands.get(name)
    schema = {field: hint for field, hint, _required in fields_of(cls)} if cls else {}
    positional = [field for field, _hint, required in fields_of(cls) if required] if cls else []
    if name in ("undo", "redo"):
        schema, positional = {"steps": int}, ["steps"]
    elif name == "master":
        schema, positional = {"pin": str}, ["pin"]
    loose = []
    for word in rest:
        key, sep, value = word.partition("=")
        if sep:
            request[key] = _value(value, schema.get(key))
        else:
            loose.append(word)
    for field in positional:
        if field in request or not loose:
            continue
        hint = schema[field]
        if typing.get_origin(hint) is tuple:  # a list takes every remaining word
            request[field], loose = list(loose), []
        else:
            request[field] = _value(loose.pop(0), hint)
    if loose:
        request["_extra"] = loose  # refused by the command's own checks, with its message
    return request


def _value(text: str, hint: Any) -> Any:
    if text[:1] in "{[":  # JSON typed as is: settings={"table": {...}}
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    origin = typing.get_origin(hint)
    if origin is tuple or (origin is typing.Union and any(typing.get_origin(a) is tuple for a in typing.get_args(hint))):
        return [part for part in text.split(",") if part]
    if origin is dict or (hint is not None and any(typing.get_origin(a) is dict for a in typing.get_args(hint))):
        pairs = (part.partition(":") for part in text.split(",") if part)
        return {k: _value(v, None) for k, _sep, v in pairs}
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def render_view(view: View) -> str:
    """Any game's view for a terminal: the typed turn, the seats, the game's own fields compactly, the prompt."""
    turn = view.turn
    acting = ", ".join(view.seat_name(seat) or seat for seat in turn.acting)
    head = [turn.status, turn.phase, f"{_('acting')}: {acting}" if acting else ""]
    lines = ["── " + " · ".join(part for part in head if part)]
    if turn.result is not None:
        winners = ", ".join(view.seat_name(seat) or seat for seat in turn.result.winners) or "—"
        lines.append(f"   {render(turn.result.reason)}  ({_('winners')}: {winners})")
    if view.seats:
        lines.append(f"   {_('seats')}: " + ", ".join(seat.name for seat in view.seats))
    scalars = [f"{key} {_compact(value)}" for key, value in view.fields.items() if not isinstance(value, (dict, list))]
    if scalars:
        lines.append("   " + " · ".join(scalars))
    for key, value in view.fields.items():
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            lines.append(f"   {key}:")
            lines += [f"     {_compact(item)}" for item in value]
        elif isinstance(value, (dict, list)):
            lines.append(f"   {key}: {_compact(value)}")
    lines.append(render(view.prompt))
    return "\n".join(lines)


def _compact(value: Any) -> str:
    """A nested value on one line: dicts as `key value`, lists comma-separated, None as —."""
    if value is None:
        return "—"
    if isinstance(value, dict):
        return ", ".join(f"{key} {_compact(item)}" for key, item in value.items()) or "—"
    if isinstance(value, list):
        return "[" + ", ".join(_compact(item) for item in value) + "]"
    return str(value)


HARDWARE_HELP = """  simulated hardware:
      :tap NAME, :double NAME, :hold NAME   press a button (next, back, yes, no)
      :scan UID                             lay a tagged card on the reader
      :enrol UID CARD                       tell the companion which card a tag is
      :menu                                 what the buttons can do now"""


class SimulatedDevices(Protocol):
    """The simulated buttons and reader, as the console drives them (the entry point adapts the rig)."""

    def button_names(self) -> list[str]:
        """The simulated buttons; empty when the buttons are real."""

    def press(self, button: str, gesture: str) -> None:
        """Press a simulated button and return once the gesture has been told to the table."""

    def scan(self, uid: str) -> bool:
        """Lay a tag on the simulated reader and return once it was read; False when the reader is real."""


def play(table: Table, devices: SimulatedDevices | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
    """Read commands until `quit`. Every input — typed, a simulated button, a scan — goes through the
    table, whose outcomes are printed as they happen; so the ring follows typed commands too."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    session = table.session
    headless = Headless(session)

    def say(text: str) -> None:
        print(text, file=stdout, flush=True)

    table.subscribe(lambda outcome: _show_outcome(outcome, say))
    say(f"{render(session.game.title)} — saved game #{session.game_id}. Type 'help' for commands, 'quit' to stop.")
    say(render_view(session.public_view()))
    while True:
        stdout.write("> ")
        stdout.flush()
        line = stdin.readline()
        if not line or line.strip() in ("quit", "exit"):
            return
        line = line.strip()
        if not line:
            continue
        if line == "help":
            _help(headless, say)
        elif line.startswith(":"):
            _hardware_line(line[1:].split(), table, devices, say)
        else:
            _typed(line, table, headless, say)
        say(render_view(session.public_view()))


def _typed(line: str, table: Table, headless: Headless, say: Callable[[str], None]) -> None:
    try:
        request = json.loads(line) if line.startswith("{") else parse_words(table.game.commands, line)
    except json.JSONDecodeError as exc:
        say(f"  ✗ {exc.msg}")
        return
    name = request.get("cmd") if isinstance(request, dict) else None
    if name in ("undo", "redo"):
        steps = request.get("steps", 1)
        (table.undo if name == "undo" else table.redo)(steps if isinstance(steps, int) else 1)
    elif name in SESSION_COMMANDS:
        reply = headless.handle_line(json.dumps(request))
        if not reply["ok"]:
            say(f"  ✗ {reply['error']['message']}")
        for extra in ("log", "master", "ring", "analysis"):
            if extra in reply:
                say(json.dumps(reply[extra], indent=1, ensure_ascii=False))
    else:
        table.command(request)


def _help(headless: Headless, say: Callable[[str], None]) -> None:
    for command in headless.handle({"cmd": "commands"})["commands"]:
        args = " ".join(a["name"] if a["required"] else f"[{a['name']}=]" for a in command["args"])
        say(f"  {command['name']} {args}\n      {command['doc']}")
    say(HARDWARE_HELP)


def _hardware_line(words: list[str], table: Table, devices: SimulatedDevices | None, say: Callable[[str], None]) -> None:
    verb, args = (words[0], words[1:]) if words else ("", [])
    buttons = devices.button_names() if devices is not None else []
    if verb == "menu":
        selected = render(table.selection())
        for option in table.options():
            say(f"  {'▶' if render(option.label) == selected else ' '} {render(option.label)}")
    elif verb in ("tap", "double", "hold") and len(args) == 1 and devices is not None and buttons:
        if args[0] not in buttons:
            say(f"  ✗ There is no button \"{args[0]}\" (buttons: {', '.join(buttons)}).")
            return
        devices.press(args[0], verb)
    elif verb == "scan" and len(args) == 1 and devices is not None:
        if not devices.scan(args[0]):
            say("  ✗ The reader is real: lay the card on it.")
    elif verb == "enrol" and len(args) == 2 and table.catalogue is not None:
        try:
            entry = table.catalogue.enrol(args[0], table.game.id, args[1])  # type: ignore[attr-defined]
            say(f"  ✓ {entry.uid} → {entry.card}")
        except RuleError as exc:
            say(f"  ✗ {exc.message}")
    else:
        say("  ✗ Not a hardware command here; type help.")


def _show_outcome(outcome: Outcome, say: Callable[[str], None]) -> None:
    """What an input did, as it happens."""
    message = render(outcome.message)
    marks: dict[OutcomeKind, str] = {"applied": "✓", "undone": "↶ undone:", "redone": "↷ redone:", "refused": "✗", "selected": "▶",
             "nothing": "·", "other_game": "·"}
    if outcome.kind == "enrol":
        say(f"  ? {message} Type :enrol {outcome.uid} CARD")
    elif outcome.kind in marks:
        say(f"  {marks[outcome.kind]} {message}")
