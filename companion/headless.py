"""`companion headless GAME`: one JSON object per line in, exactly one JSON object per line out.

A request may say who sends it and who reads the reply: `"by": "table"` (the default), `"seat:<id>"`
or `"master"` (with `"pin"`). Every reply goes through that viewer's redaction: its view, the events
of its step, the undo list. A reply is written (and flushed) only after the step is durable in the
store. No input, however broken, ends the process or prints a traceback: it gets
`{"ok": false, "error": {...}}`.
"""
from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from typing import Any, TextIO

from companion.contract import TABLE, Viewer
from companion.errors import RuleError
from companion.messages import M, Message, render
from companion.records import describe_command
from companion.ring import ring_json
from companion.session import Session

log = logging.getLogger(__name__)

#: commands every game answers, beside its own: name -> (doc, args)
SESSION_COMMANDS: dict[str, tuple[Message, list[dict[str, Any]]]] = {
    "commands": (M("List every command with its arguments."), []),
    "state": (M("The view of the game for whoever asks (\"by\")."), []),
    "undo": (M("Take back the last steps (default 1)."), [{"name": "steps", "type": "int", "required": False}]),
    "redo": (M("Put back undone steps (default 1)."), [{"name": "steps", "type": "int", "required": False}]),
    "log": (M("The undo list: every step in force, oldest first, and what can be redone."), []),
    "ring": (M("What the LED ring should show."), []),
    "master": (M("The game master's view, with the secrets; needs the PIN."), [{"name": "pin", "type": "str", "required": True}]),
    "analyse": (M("An analysis the game offers, such as the odds."), [{"name": "name", "type": "str", "required": True}]),
}


class Headless:
    def __init__(self, session: Session):
        self.session = session
        self._session_commands: dict[str, Callable[[dict[str, Any], Viewer], dict[str, Any]]] = {
            "commands": self._commands,
            "state": lambda request, viewer: {},
            "undo": self._undo,
            "redo": self._redo,
            "log": lambda request, viewer: self.session.log(viewer),
            "ring": lambda request, viewer: {"ring": ring_json(self.session.ring())},
            "master": self._master,
            "analyse": lambda request, viewer: {"analysis": self.session.analyse(_text_arg(request, "name"), viewer, _pin(request))},
        }

    def handle_line(self, line: str) -> dict[str, Any]:
        """The reply to one input line; never raises."""
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return _error(RuleError("BAD_JSON", M("That line is not JSON: {reason}.", reason=exc.msg)))
        try:
            return self.handle(request)
        except RuleError as exc:
            return _error(exc)
        except Exception as exc:  # a bug must not kill the table's game; the state is untouched
            log.exception("command failed: %r", request)
            return _error(RuleError("INTERNAL", M("Something went wrong inside the companion ({kind}); nothing was changed.", kind=type(exc).__name__)))

    def handle(self, request: Any) -> dict[str, Any]:
        viewer = Viewer.parse(request.get("by", "table")) if isinstance(request, dict) else TABLE
        pin = _pin(request) if isinstance(request, dict) else None
        if isinstance(request, dict) and request.get("cmd") in self._session_commands:
            extra = self._session_commands[request["cmd"]](request, viewer)
            return {"ok": True, **extra, "state": self.session.view(viewer, pin).to_json()}
        step = self.session.apply(request)
        return {"ok": True, **self.session.shown(step, viewer), "state": self.session.view(viewer, pin).to_json()}

    def _commands(self, request: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        own = [describe_command(cls) for cls in self.session.game.commands.values()]
        shared = [{"name": name, "doc": render(doc), "args": args} for name, (doc, args) in SESSION_COMMANDS.items()]
        return {"commands": own + shared}

    def _undo(self, request: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        undone = self.session.undo(_count_arg(request), viewer)
        return {"events": [], "undone": [render(self.session.describe(step, viewer)) for step in undone]}

    def _redo(self, request: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        redone = self.session.redo(_count_arg(request), viewer)
        return {"events": [e.shown_to(viewer, step.by) for step in redone for e in step.events],
                "redone": [render(self.session.describe(step, viewer)) for step in redone]}

    def _master(self, request: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        return {"master": self.session.master_view(_text_arg(request, "pin")).to_json()}


def _count_arg(request: dict[str, Any]) -> int:
    steps = request.get("steps", 1)
    if isinstance(steps, bool) or not isinstance(steps, int):
        raise RuleError("BAD_ARGUMENTS", M("\"steps\" must be a whole number."))
    return steps


def _text_arg(request: dict[str, Any], name: str) -> str:
    value = request.get(name)
    if not isinstance(value, str):
        raise RuleError("BAD_ARGUMENTS", M("\"{arg}\" must be text.", arg=name))
    return value


def _pin(request: dict[str, Any]) -> str | None:
    pin = request.get("pin")
    return pin if isinstance(pin, str) else None


def _error(exc: RuleError) -> dict[str, Any]:
    return {"ok": False, "error": exc.as_dict()}


def serve(session: Session, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> None:
    """Answer each non-blank line until end of input."""
    headless = Headless(session)
    for line in stdin:
        if not line.strip():
            continue
        reply = headless.handle_line(line)
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()
