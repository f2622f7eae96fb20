"""`companion headless GAME`: one JSON object per line in, exactly one JSON object per line out.

A reply is written (and flushed) only after the step is durable in the store. No input, however
broken, ends the process or prints a traceback: it gets `{"ok": false, "error": {...}}`.
"""
from __future__ import annotations

import json
import logging
import sys
from typing import Any, Callable, TextIO

from companion.errors import RuleError
from companion.i18n import _
from companion.records import describe_command
from companion.session import Session

log = logging.getLogger(__name__)

#: commands every game answers, beside its own: name -> (doc, args)
SESSION_COMMANDS = {
    "commands": (_("List every command with its arguments."), []),
    "state": (_("The public view of the game."), []),
    "undo": (_("Take back the last steps (default 1)."), [{"name": "steps", "type": "int", "required": False}]),
    "redo": (_("Put back undone steps (default 1)."), [{"name": "steps", "type": "int", "required": False}]),
    "log": (_("The undo list: every step in force, oldest first, and what can be redone."), []),
    "ring": (_("What the LED ring should show."), []),
    "master": (_("The game master's view, with the secrets; needs the PIN."), [{"name": "pin", "type": "str", "required": True}]),
}


class Headless:
    def __init__(self, session: Session):
        self.session = session
        self._session_commands: dict[str, Callable[[dict], dict]] = {
            "commands": self._commands,
            "state": lambda request: {},
            "undo": self._undo,
            "redo": self._redo,
            "log": self._log,
            "ring": lambda request: {"ring": self.session.game.ring_view(self.session.state)},
            "master": lambda request: {"master": self.session.master_view(_text_arg(request, "pin"))},
        }

    def handle_line(self, line: str) -> dict:
        """The reply to one input line; never raises."""
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return _error(RuleError("BAD_JSON", _("That line is not JSON: {reason}.").format(reason=exc.msg)))
        try:
            return self.handle(request)
        except RuleError as exc:
            return _error(exc)
        except Exception as exc:  # a bug must not kill the table's game; the state is untouched
            log.exception("command failed: %r", request)
            return _error(RuleError("INTERNAL", _("Something went wrong inside the companion ({kind}); nothing was changed.").format(kind=type(exc).__name__)))

    def handle(self, request: Any) -> dict:
        if isinstance(request, dict) and request.get("cmd") in self._session_commands:
            extra = self._session_commands[request["cmd"]](request)
            return {"ok": True, **extra, "state": self.session.public_view()}
        step = self.session.apply(request)
        return {"ok": True, **step.public_json(), "state": self.session.public_view()}

    def _commands(self, request: dict) -> dict:
        own = [describe_command(cls) for cls in self.session.game.commands.values()]
        shared = [{"name": name, "doc": doc, "args": args} for name, (doc, args) in SESSION_COMMANDS.items()]
        return {"commands": own + shared}

    def _undo(self, request: dict) -> dict:
        undone = self.session.undo(_count_arg(request))
        return {"events": [], "undone": [step.description for step in undone]}

    def _redo(self, request: dict) -> dict:
        redone = self.session.redo(_count_arg(request))
        return {"events": [e.public_json() for step in redone for e in step.events], "redone": [step.description for step in redone]}

    def _log(self, request: dict) -> dict:
        return {
            "log": [{"step": s.number, "description": s.description} for s in self.session.history],
            "redo": [{"step": s.number, "description": s.description} for s in self.session.redo_stack],
        }


def _count_arg(request: dict) -> int:
    steps = request.get("steps", 1)
    if isinstance(steps, bool) or not isinstance(steps, int):
        raise RuleError("BAD_ARGUMENTS", _("\"steps\" must be a whole number."))
    return steps


def _text_arg(request: dict, name: str) -> str:
    value = request.get(name)
    if not isinstance(value, str):
        raise RuleError("BAD_ARGUMENTS", _("\"{arg}\" must be text.").format(arg=name))
    return value


def _error(exc: RuleError) -> dict:
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
