"""Commands and events: small frozen dataclasses that travel as JSON.

A game declares its commands and events as subclasses of `Command` and `Event`. This module turns
JSON objects into them (checking every argument against the dataclass's type hints, so a bad
argument is a `RuleError` with code `BAD_ARGUMENTS`, never a traceback) and back again.
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, ClassVar, Literal

from companion.errors import RuleError
from companion.i18n import _


class Record:
    """Base of commands and events. Subclasses are frozen dataclasses with a `kind` name."""

    kind: ClassVar[str]
    #: fields only the game master may see; `public_json()` leaves them out.
    secret: ClassVar[frozenset[str]] = frozenset()

    def to_json(self) -> dict:
        return {"type": self.kind, **{f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}}

    def arguments(self) -> dict:
        """The fields that differ from their defaults, as JSON: the command as a person would type it."""
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)
                if f.default is dataclasses.MISSING or getattr(self, f.name) != f.default}

    def public_json(self) -> dict:
        data = self.to_json()
        for name in self.secret:
            data.pop(name, None)
        return data


class Command(Record):
    """Something the table asks for. Its docstring's first line is the doc players see."""


class Event(Record):
    """Something that happened. Only events change a game's state."""


def catalog(*classes: type[Record]) -> dict[str, type[Record]]:
    return {cls.kind: cls for cls in classes}


def from_json(kinds: dict[str, type[Record]], data: Any, key: str = "type") -> Record:
    """Build the record named by `data[key]`, checking every field; raise RuleError if anything is off."""
    if not isinstance(data, dict):
        raise RuleError("BAD_REQUEST", _("A command must be a JSON object."))
    name = data.get(key)
    if not isinstance(name, str):
        raise RuleError("BAD_REQUEST", _("A command needs a \"{key}\" naming it.").format(key=key))
    cls = kinds.get(name)
    if cls is None:
        raise RuleError("UNKNOWN_COMMAND", _("There is no command \"{name}\".").format(name=name))
    schema = fields_of(cls)
    unknown = sorted(set(data) - _names(cls) - {key})
    if unknown:
        raise RuleError("BAD_ARGUMENTS", _("\"{name}\" does not take \"{arg}\".").format(name=name, arg=unknown[0]))
    values = {}
    for field_name, hint, required in schema:
        if field_name in data:
            values[field_name] = coerce(data[field_name], hint, field_name)
        elif required:
            raise RuleError("BAD_ARGUMENTS", _("\"{name}\" needs \"{arg}\".").format(name=name, arg=field_name))
    return cls(**values)


@functools.cache
def fields_of(cls: type[Record]) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type hint, required) of each field, worked out once per class."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
    )


def coerce(value: Any, hint: Any, name: str) -> Any:
    """Check a JSON value against a type hint; lists become tuples so records stay immutable."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for option in args:
            if option is type(None):
                continue
            try:
                return coerce(value, option, name)
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
        return tuple(coerce(item, args[0], name) for item in value)
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise _bad(name, hint)
        return {k: coerce(v, args[1], name) for k, v in value.items()}
    if hint is Any:
        return value
    if hint is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise _bad(name, hint)
    if not isinstance(value, hint):
        raise _bad(name, hint)
    return value


@functools.cache
def _names(cls: type[Record]) -> frozenset[str]:
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


def describe_command(cls: type[Command]) -> dict:
    args = [{"name": name, "type": type_name(hint), "required": required} for name, hint, required in fields_of(cls)]
    doc = (cls.__doc__ or "").strip().splitlines()
    return {"name": cls.kind, "doc": doc[0] if doc else "", "args": args}


def _bad(name: str, hint: Any) -> RuleError:
    return RuleError("BAD_ARGUMENTS", _("\"{arg}\" must be {kind}.").format(arg=name, kind=type_name(hint)))


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
