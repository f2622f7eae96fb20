"""A text console for playing any game by typed commands (`companion console GAME`).

Type a command as words (`play penny 2`, `act die=3 helpers=Bob:1`, `start Ann Bob Cy`) or as the
JSON of the headless interface. `undo`, `redo`, `log`, `help` and `quit` work in every game. The
board is printed the same way for every game: the typed turn, the seats, the view's fields.
"""
from __future__ import annotations

import json
import sys
import time
import typing
from typing import Any, TextIO

from companion.contract import View
from companion.errors import RuleError
from companion.headless import Headless
from companion.i18n import _
from companion.messages import render
from companion.records import fields_of


def parse_words(commands: dict[str, type], line: str) -> dict:
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


def play(table, rig=None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
    """Read commands until `quit`. With a rig, its simulated buttons and reader work from here too,
    and whatever any device does is printed as it happens."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    session = table.session
    headless = Headless(session)
    say = lambda text: print(text, file=stdout, flush=True)  # noqa: E731
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
            for command in headless.handle({"cmd": "commands"})["commands"]:
                args = " ".join(a["name"] if a["required"] else f"[{a['name']}=]" for a in command["args"])
                say(f"  {command['name']} {args}\n      {command['doc']}")
            say(HARDWARE_HELP)
            continue
        if line.startswith(":"):
            _hardware_line(line[1:].split(), table, rig, say)
            say(render_view(session.public_view()))
            continue
        request = line if line.startswith("{") else json.dumps(parse_words(session.game.commands, line))
        reply = headless.handle_line(request)
        if not reply["ok"]:
            say(f"  ✗ {reply['error']['message']}")
            continue
        if rig is not None:
            rig.refresh()
        if reply.get("description"):
            say(f"  ✓ {reply['description']}")
        for key, mark in (("undone", "↶ undone"), ("redone", "↷ redone")):
            for description in reply.get(key, []):
                say(f"  {mark}: {description}")
        for extra in ("log", "master", "ring"):
            if extra in reply:
                say(json.dumps(reply[extra], indent=1, ensure_ascii=False))
        say(render_view(session.public_view()))


def _hardware_line(words: list[str], table, rig, say) -> None:
    verb, args = (words[0], words[1:]) if words else ("", [])
    if verb == "menu":
        selected = render(table.selection())
        for option in table.options():
            say(f"  {'▶' if render(option.label) == selected else ' '} {render(option.label)}")
    elif verb in ("tap", "double", "hold") and len(args) == 1 and rig is not None and rig.simulated_buttons:
        if args[0] not in rig.buttons.names:
            say(f"  ✗ There is no button \"{args[0]}\" (buttons: {', '.join(rig.buttons.names)}).")
            return
        rig.perform(args[0], verb)
        time.sleep(rig.buttons.timing.double + 0.05)  # a tap is told once the double-tap window closes
    elif verb == "scan" and len(args) == 1 and rig is not None and hasattr(rig.reader, "scan"):
        rig.reader.scan(args[0])
        time.sleep(0.3)  # the reader reports from its own thread
    elif verb == "enrol" and len(args) == 2 and table.catalogue is not None:
        try:
            entry = table.catalogue.enrol(args[0], table.game.id, args[1])
            say(f"  ✓ {entry.uid} → {entry.card}")
        except (RuleError, ValueError) as exc:
            say(f"  ✗ {getattr(exc, 'message', exc)}")
    else:
        say("  ✗ Not a hardware command here; type help.")


def _show_outcome(outcome: Any, say: Any) -> None:
    """What a device did, as it happens (typed commands print their own replies)."""
    message = render(outcome.message)
    if outcome.kind in ("applied", "undone", "redone"):
        say(f"  {dict(applied='✓', undone='↶ undone:', redone='↷ redone:')[outcome.kind]} {message}")
    elif outcome.kind == "selected":
        say(f"  ▶ {message}")
    elif outcome.kind in ("nothing", "refused", "other_game"):
        say(f"  · {message}")
    elif outcome.kind == "enrol":
        say(f"  ? {message} Type :enrol {outcome.uid} CARD")
