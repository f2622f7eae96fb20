"""`companion headless GAME`: one JSON object per line in, exactly one JSON object per line out.

A request may say who sends it and who reads the reply: `"by": "table"` (the default), `"seat:<id>"`
or `"master"` (with `"pin"`). Every reply goes through that viewer's redaction: its view, the events
of its step, the undo list. A request may carry its own `"id"`: the reply echoes it, and a game
command resent with the same id (say after a crash lost the reply) returns the stored step instead
of being applied twice. A reply is written (and flushed) only after the step is durable in the store.

No input, however broken, ends the process or prints a traceback: invalid UTF-8, a line longer than
MAX_LINE, nesting too deep, numbers too long, an empty line — each gets `{"ok": false, "error": {...}}`,
always valid UTF-8 JSON on one line.
"""
from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from typing import IO, Any

from companion.contract import TABLE, Viewer
from companion.errors import RuleError
from companion.messages import M, Message, render
from companion.records import describe_command, quoted
from companion.ring import ring_json
from companion.session import REQUEST_KEYS, Session, request_id_of

log = logging.getLogger(__name__)

#: bytes per request line: a command is small; a longer line is a paste gone wrong or an attack
MAX_LINE = 64 * 1024

#: commands every game answers, beside its own: name -> (doc, args)
SESSION_COMMANDS: dict[str, tuple[Message, list[dict[str, Any]]]] = {
    "commands": (M("List every command with its arguments."), []),
    "state": (M("The view of the game for whoever asks (\"by\")."), []),
    "undo": (M("Take back the last steps (default 1), or back to step \"to\" (safe to resend)."),
             [{"name": "steps", "type": "int", "required": False}, {"name": "to", "type": "int", "required": False}]),
    "redo": (M("Put back undone steps (default 1), or up to step \"to\" (safe to resend)."),
             [{"name": "steps", "type": "int", "required": False}, {"name": "to", "type": "int", "required": False}]),
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

    def handle_line(self, line: str | bytes) -> dict[str, Any]:
        """The reply to one input line; never raises."""
        request: Any = None
        try:
            request = _parsed(line)
            return _with_id(request, self.handle(request))
        except RuleError as exc:
            return _with_id(request, _error(exc))
        except Exception as exc:  # a bug must not kill the table's game; the state is untouched
            log.exception("command failed: %.200r", request)
            error = RuleError("INTERNAL", M("Something went wrong inside the companion ({kind}); nothing was changed.", kind=type(exc).__name__))
            return _with_id(request, _error(error))

    def handle(self, request: Any) -> dict[str, Any]:
        viewer = Viewer.parse(request.get("by", "table")) if isinstance(request, dict) else TABLE
        pin = _pin(request) if isinstance(request, dict) else None
        name = request.get("cmd") if isinstance(request, dict) else None
        if isinstance(name, str) and name in self._session_commands:
            _check_keys(request, name)
            request_id_of(request.get("id"))  # an id it could not echo is refused, as a game command's is
            extra = self._session_commands[name](request, viewer)
            return {"ok": True, **extra, "state": self.session.view(viewer, pin).to_json()}
        step = self.session.apply(request)
        return {"ok": True, **self.session.shown(step, viewer), "state": self.session.view(viewer, pin).to_json()}

    def _commands(self, request: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        own = [describe_command(cls) for cls in self.session.game.commands.values()]
        shared = [{"name": name, "doc": render(doc), "args": args} for name, (doc, args) in SESSION_COMMANDS.items()]
        return {"commands": own + shared}

    def _undo(self, request: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        count = _count_arg(request, len(self.session.history), back=True)
        undone = self.session.undo(count, viewer, _pin(request)) if count else []
        return {"events": [], "undone": [render(self.session.describe(step, viewer)) for step in undone]}

    def _redo(self, request: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        count = _count_arg(request, len(self.session.history), back=False)
        redone = self.session.redo(count, viewer, _pin(request)) if count else []
        return {"events": [e.shown_to(viewer, step.by) for step in redone for e in step.events],
                "redone": [render(self.session.describe(step, viewer)) for step in redone]}

    def _master(self, request: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        return {"master": self.session.master_view(_text_arg(request, "pin")).to_json()}


def _check_keys(request: dict[str, Any], name: str) -> None:
    """A session command takes its own arguments and the request's keys, nothing else: `{"cmd": "undo",
    "step": 2}` is a mistake to point out, not an undo of one step."""
    known = {"cmd", *REQUEST_KEYS, *(arg["name"] for arg in SESSION_COMMANDS[name][1])}
    unknown = sorted(set(request) - known)
    if unknown:
        raise RuleError("BAD_ARGUMENTS", M("\"{name}\" does not take \"{arg}\".", name=name, arg=quoted(unknown[0])))


def _count_arg(request: dict[str, Any], in_force: int, back: bool) -> int:
    """How many steps an undo (back) or redo takes: `steps` (default 1), or as many as bring the
    game to step `to` — 0 when it is there already, so a resent request does nothing twice."""
    if "to" in request:
        to = request["to"]
        if isinstance(to, bool) or not isinstance(to, int) or to < 0:
            raise RuleError("BAD_ARGUMENTS", M("\"to\" must be a step number."))
        return max(0, in_force - to) if back else max(0, to - in_force)
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


def _parsed(line: str | bytes) -> Any:
    """One request line as JSON, or a RuleError saying plainly what is wrong with it."""
    if isinstance(line, bytes):
        if len(line) > MAX_LINE:
            raise RuleError("LINE_TOO_LONG", M("That line is longer than {n} bytes; nothing was read.", n=MAX_LINE))
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RuleError("BAD_ENCODING", M("That line is not UTF-8 text (byte {n}).", n=exc.start + 1)) from None
    if not line.strip():
        raise RuleError("EMPTY_LINE", M("An empty line: send one JSON object per line."))
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise RuleError("BAD_JSON", M("That line is not JSON: {reason}.", reason=exc.msg)) from None
    except RecursionError:
        raise RuleError("BAD_JSON", M("That line nests too deeply to be a command.")) from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise RuleError("BAD_JSON", M("That line is not JSON a command can hold: {reason}.", reason=str(exc)[:80])) from None


def _with_id(request: Any, reply: dict[str, Any]) -> dict[str, Any]:
    """The reply, carrying the request's own id when it had a usable one."""
    request_id = request.get("id") if isinstance(request, dict) else None
    if isinstance(request_id, (str, int)) and not isinstance(request_id, bool) and len(str(request_id)) <= 64:
        return {"id": request_id, **reply}
    return reply


def encoded(reply: dict[str, Any]) -> bytes:
    """A reply as one line of valid UTF-8, whatever strings it echoes (a lone surrogate becomes "?")."""
    return (json.dumps(reply, ensure_ascii=False) + "\n").encode("utf-8", errors="replace")


def serve(session: Session, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """Answer every line, blank ones too, until end of input. Reads and writes bytes: the locale's
    encoding (strict UTF-8 on a Pi) never gets a chance to turn a bad byte into a crash."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    headless = Headless(session)
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            _skip_rest_of_line(stdin)
        reply = headless.handle_line(line.rstrip(b"\r\n"))
        stdout.write(encoded(reply))
        stdout.flush()


def _skip_rest_of_line(stdin: IO[bytes]) -> None:
    while True:
        chunk = stdin.readline(MAX_LINE)
        if not chunk or chunk.endswith(b"\n"):
            return
