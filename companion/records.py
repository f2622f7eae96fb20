"""Commands and events: small frozen dataclasses that travel as JSON.

A game declares its commands and events as subclasses of `Command` and `Event`. This module turns
JSON objects into them (checking every argument against the dataclass's type hints, so a bad
argument is a `RuleError` with code `BAD_ARGUMENTS`, never a traceback) and back again.

A record says who may see which of its fields (`visibility`): a redaction per viewer, applied to the
log, the undo list, the export and every headless reply. A field without a rule is seen by all.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal, TypeVar, cast

from companion.contract import Viewer
from companion.errors import RuleError
from companion.messages import M, Message


@dataclasses.dataclass(frozen=True)
class Rule:
    """Who may see a field: `allows(record, viewer, actor)`; `actor` is whoever sent the command."""

    name: str
    allows: Callable[[Any, Viewer, Viewer], bool]


EVERYONE = Rule("everyone", lambda record, viewer, actor: True)
NOBODY = Rule("nobody", lambda record, viewer, actor: False)
MASTER_ONLY = Rule("the game master", lambda record, viewer, actor: viewer.kind == "master")
#: the seat that sent the command (a seat's own secret choice), and the game master
ACTOR_ONLY = Rule("the seat that sent it", lambda record, viewer, actor: viewer.kind == "master" or (viewer.is_seat and viewer == actor))


def owner_only(field_name: str) -> Rule:
    """Only the seat named by the record's field `field_name` (and the game master)."""
    return Rule(f"the seat in {field_name}", lambda record, viewer, actor: viewer.kind == "master" or (
        viewer.is_seat and viewer.seat == getattr(record, field_name)))


class Record:
    """Base of commands and events. Subclasses are frozen dataclasses with a `kind` name."""

    kind: ClassVar[str]
    #: who may see each field; a field not named here is seen by everyone
    visibility: ClassVar[Mapping[str, Rule]] = {}
    #: this event lays open the seats' secret choices at once: a step holding it is taken back only
    #: at the table, never by one seat (who could then choose again knowing the others' choices)
    reveals: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, **{name: _plain(getattr(self, name)) for name, _hint, _required in fields_of(type(self))}}

    def arguments(self) -> dict[str, Any]:
        """The fields that differ from their defaults, as JSON: the command as a person would type it."""
        defaults = {f.name: f.default for f in dataclasses.fields(cast(Any, self))}
        return {name: _plain(getattr(self, name)) for name, default in defaults.items()
                if default is dataclasses.MISSING or getattr(self, name) != default}

    def shown_to(self, viewer: Viewer, actor: Viewer) -> dict[str, Any]:
        """The record as `viewer` may see it: hidden fields left out."""
        return redact(self.to_json(), self.visibility, self, viewer, actor)


def redact(data: dict[str, Any], visibility: Mapping[str, Rule], record: Any, viewer: Viewer, actor: Viewer) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in visibility or visibility[key].allows(record, viewer, actor)}


class Command(Record):
    """Something the table asks for. Its docstring's first line is the doc players see."""


class Event(Record):
    """Something that happened. Only events change a game's state."""


R = TypeVar("R", bound="Record")


def catalog(*classes: type[R]) -> dict[str, type[R]]:
    return {cls.kind: cls for cls in classes}


#: characters in one text argument: names, letters, ids are short; a longer one is a paste gone wrong
MAX_TEXT = 200
#: the largest whole number a command takes, either sign: no count on a board-game table comes near it
#: (a game checks its own tighter limits against the state: the doom track, the Elder Signs needed)
MAX_NUMBER = 10_000
#: how deep and how big free-form data (a start's settings) may be: a game's whole default settings
#: are 5 deep and under 400 values; much more is a paste gone wrong or an attack on the stack
MAX_DEPTH = 12
MAX_VALUES = 10_000


def quoted(value: object, limit: int = 40) -> str:
    """A value as a refusal may echo it: short, on one line."""
    text = value if isinstance(value, str) else repr(value)
    text = text.replace("\n", " ").replace("\r", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def from_json(kinds: Mapping[str, type[R]], data: Any, key: str = "type", bounded: bool = False) -> R:
    """Build the record named by `data[key]`, checking every field; raise RuleError if anything is off.
    `bounded`: whole numbers must lie within ±MAX_NUMBER (a command; not an event of an old save)."""
    if not isinstance(data, dict):
        raise RuleError("BAD_REQUEST", M("A command must be a JSON object."))
    name = data.get(key)
    if not isinstance(name, str):
        raise RuleError("BAD_REQUEST", M("A command needs a \"{key}\" naming it.", key=key))
    cls = kinds.get(name)
    if cls is None:
        raise RuleError("UNKNOWN_COMMAND", M("There is no command \"{name}\".", name=quoted(name)))
    schema = fields_of(cls)
    unknown = sorted(set(data) - _names(cls) - {key})
    if unknown:
        raise RuleError("BAD_ARGUMENTS", M("\"{name}\" does not take \"{arg}\".", name=name, arg=quoted(unknown[0])))
    values: dict[str, Any] = {}
    for field_name, hint, required in schema:
        if field_name in data:
            values[field_name] = coerce(data[field_name], hint, field_name, bounded)
        elif required:
            raise RuleError("BAD_ARGUMENTS", M("\"{name}\" needs \"{arg}\".", name=name, arg=field_name))
    return cls(**values)


def fields_of(cls: type[Any]) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type hint, required) of each field, worked out once per class."""
    if cls not in _FIELDS:
        hints = typing.get_type_hints(cls)
        _FIELDS[cls] = tuple(
            (f.name, hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(cls)
        )
    return _FIELDS[cls]


_FIELDS: dict[type[Any], tuple[tuple[str, Any, bool], ...]] = {}


def coerce(value: Any, hint: Any, name: str, bounded: bool = False) -> Any:
    """Check a JSON value against a type hint; lists become tuples so records stay immutable."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for option in args:
            if option is type(None):
                continue
            try:
                return coerce(value, option, name, bounded)
            except RuleError:
                pass
        raise _bad(name, hint)
    if origin is Literal:
        if value in args:
            return value
        raise _bad(name, hint)
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise _bad(name, hint)
        return tuple(coerce(item, args[0], name, bounded) for item in value)
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise _bad(name, hint)
        return {k: coerce(v, args[1], name, bounded) for k, v in value.items()}
    if hint is Any:
        problem = shape_problem(value)
        if problem is not None:
            raise RuleError("BAD_ARGUMENTS", M("\"{arg}\" {problem}.", arg=name, problem=problem))
        return value
    if hint is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise _bad(name, hint)
    if hint is int and bounded and abs(value) > MAX_NUMBER:
        raise RuleError("BAD_ARGUMENTS", M("\"{arg}\" must be {low} to {high}.", arg=name, low=-MAX_NUMBER, high=MAX_NUMBER))
    if hint is str and isinstance(value, str) and (len(value) > MAX_TEXT or "\x00" in value):
        raise RuleError("BAD_ARGUMENTS", M("\"{arg}\" must be a text of at most {n} characters, without NUL.", arg=name, n=MAX_TEXT))
    if not isinstance(value, hint):
        raise _bad(name, hint)
    return value


def shape_problem(value: Any) -> Message | None:
    """What is wrong with the shape of free-form JSON data (nested too deeply, too many values), or
    None. Walked without recursion: the check itself must not overflow the stack it protects."""
    pending, seen = [(value, 1)], 0
    while pending:
        node, depth = pending.pop()
        seen += 1
        if depth > MAX_DEPTH:
            return M("nests more than {n} levels deep", n=MAX_DEPTH)
        if seen > MAX_VALUES:
            return M("holds more than {n} values", n=MAX_VALUES)
        children = node.values() if isinstance(node, dict) else node if isinstance(node, (list, tuple)) else ()
        pending.extend((child, depth + 1) for child in children)
    return None


def _names(cls: type[Any]) -> frozenset[str]:
    return frozenset(name for name, _hint, _required in fields_of(cls))


def type_name(hint: Any) -> str:
    """How a field's type reads in `commands`' output."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(type_name(a) for a in args if a is not type(None))
    if origin is Literal:
        return "one of " + ", ".join(map(str, args))
    if origin is tuple:
        return f"list of {type_name(args[0])}"
    if origin is dict:
        return f"map of {type_name(args[0])} to {type_name(args[1])}"
    return "any" if hint is Any else getattr(hint, "__name__", str(hint))


def describe_command(cls: type[Command]) -> dict[str, Any]:
    args = [{"name": name, "type": type_name(hint), "required": required} for name, hint, required in fields_of(cls)]
    doc = (cls.__doc__ or "").strip().splitlines()
    return {"name": cls.kind, "doc": doc[0] if doc else "", "args": args}


def _bad(name: str, hint: Any) -> RuleError:
    return RuleError("BAD_ARGUMENTS", M("\"{arg}\" must be {kind}.", arg=name, kind=type_name(hint)))


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
