"""Settings as a declared schema: every number the rules leave open, with its type, range, label
and help, in one pydantic model per game.

From the one declaration come: the check of a table's settings (an unknown key is refused with its
name, a wrong value with its key and what it must be), the setup wizard's fields, and the settings
docs (tools/settings_docs.py). Default *values* live in the game's data file, not in the model, so a
table edits numbers in one TOML file and the schema says what they may be.

    class Track(Section):
        length: int = Field(ge=2, le=100, title=N_("Track length"), description=N_("Positions on ..."))

A field shown in the setup wizard is a whole number, a choice (`Literal`) or a yes/no; lists and
tables (cards, locations) are for data files. `choice_labels` names each choice for people.
"""
from __future__ import annotations

import copy
import json
import os
import shutil
import tomllib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from companion.errors import RuleError
from companion.messages import M, Message, Text
from companion.records import shape_problem

Model = TypeVar("Model", bound=BaseModel)


class Section(BaseModel):
    """A table of settings: strict types, no unknown keys, frozen."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


class SettingProblem(ValueError):
    """Raised by a model validator: the message is shown with the key it concerns — `key` in full
    ("track.start"), or `field` of the table being checked ("reward" of "cards.3")."""

    def __init__(self, message: Message, key: str | None = None, field: str | None = None):
        super().__init__(message.id)
        self.text = message
        self.key = key
        self.field = field


def merged(defaults: Mapping[str, Any], overrides: Mapping[str, Any] | None) -> dict[str, Any]:
    """`defaults` with `overrides` laid over them table by table (a list replaces the whole list).
    Overrides nested too deeply or too big (see records.shape_problem) are refused as BAD_SETTINGS."""
    problem = shape_problem(overrides)
    if problem is not None:
        raise RuleError("BAD_SETTINGS", M("\"{arg}\" {problem}.", arg="settings", problem=problem))
    result = copy.deepcopy(dict(defaults))
    _merge(result, copy.deepcopy(dict(overrides or {})))
    return result


def _merge(into: dict[str, Any], overrides: dict[str, Any]) -> None:
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


@dataclass(frozen=True)
class DefaultSettings:
    """A game's default settings, from the data files in its package: in its config.py,
    `default_settings = DefaultSettings(__package__)` reads `data/default.toml`. More files add to it, in
    order: a list in a later file follows the same list of the ones before (Munchkin's base set after
    its own cards), any other key is set. Called, it gives a fresh copy to change at will; the files
    are read once."""

    package: str
    files: tuple[str, ...] = ("data/default.toml",)

    def __call__(self) -> dict[str, Any]:
        copied: dict[str, Any] = json.loads(_defaults_json(self.package, self.files))
        return copied

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> dict[str, Any]:
        """The defaults with a table's overrides laid over them, table by table (see `merged`)."""
        return merged(self(), overrides)

    @staticmethod
    def forget_files_read() -> None:
        """Read the data files again next time (what a cold start costs: the benchmarks)."""
        _defaults_json.cache_clear()


@cache
def _defaults_json(package: str, files: tuple[str, ...]) -> str:
    """The files read and combined, kept as JSON text: a fresh copy is one quick parse."""
    combined: dict[str, Any] = {}
    for name in files:
        for key, value in tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8")).items():
            earlier = combined.get(key)
            combined[key] = [*earlier, *value] if isinstance(earlier, list) and isinstance(value, list) else value
    return json.dumps(combined, ensure_ascii=False)


def validated(model: type[Model], data: object) -> Model:
    """The settings checked against `model`; the first problem is a RuleError naming the key."""
    if not isinstance(data, dict):
        raise RuleError("BAD_SETTINGS", M("The settings must be a table of keys and values."))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")  # a misspelt key says most
        raise RuleError("BAD_SETTINGS", _problem(model, errors[0])) from None


def _problem(model: type[BaseModel], error: Any) -> Message:
    loc = tuple(error["loc"])
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "value_error" and isinstance(ctx.get("error"), SettingProblem):
        problem: SettingProblem = ctx["error"]
        key = problem.key or ".".join(part for part in (_dotted(loc), problem.field) if part)
        return M("Setting \"{key}\": {problem}.", key=key, problem=problem.text)
    return M("Setting \"{key}\": {problem}.", key=_dotted(loc) or "(settings)", problem=_what(model, kind, loc, ctx, error))


def _what(model: type[BaseModel], kind: str, loc: tuple[Any, ...], ctx: dict[str, Any], error: Any) -> Text:
    if kind == "extra_forbidden":
        section = _section_at(model, loc[:-1])
        known = ", ".join(sorted(section.model_fields)) if section is not None else ""
        return M("unknown setting (known here: {known})", known=known)
    if kind == "missing":
        return M("missing")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return M("must be a whole number")
    if kind == "greater_than_equal":
        return M("must be at least {n}", n=ctx["ge"])
    if kind == "less_than_equal":
        return M("must be at most {n}", n=ctx["le"])
    if kind == "literal_error":
        return M("must be one of {options}", options=str(ctx.get("expected", "")))
    if kind in ("string_type", "string_too_short"):
        return M("must be a non-empty text")
    if kind in ("list_type", "tuple_type"):
        return M("must be a list")
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return M("must be a table of settings")
    if kind == "bool_type":
        return M("must be true or false")
    if kind == "too_short":
        return M("needs at least {n} entries", n=ctx.get("min_length", 1))
    if kind == "too_long":
        return M("takes at most {n} entries", n=ctx.get("max_length", 0))
    return str(error.get("msg", kind))


def _dotted(loc: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in loc)


def _section_at(model: type[BaseModel], path: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model class that a key path leads to (list indexes skipped), or None."""
    current: Any = model
    for part in path:
        if isinstance(part, int):
            continue
        fields = getattr(current, "model_fields", {})
        if part not in fields:
            return None
        current = _model_in(fields[part].annotation)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _model_in(annotation: Any) -> Any:
    """The model inside `list[Model]`, `Model | None` and the like."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


# -- what the setup wizard and the docs need to know ------------------------------------------------
@dataclass(frozen=True)
class SettingInfo:
    """One setting as the wizard shows it and the docs describe it."""

    key: str  # dotted: "track.length"
    kind: Literal["int", "choice", "bool", "text", "list", "table"]
    label: Message
    help: Message | None
    default: Any
    low: int | None = None
    high: int | None = None
    #: (value, label) of each choice
    choices: tuple[tuple[str, Message], ...] = ()
    #: a number most tables never change (the printed game's card counts): the wizard tucks it away
    advanced: bool = False

    @property
    def in_wizard(self) -> bool:
        return self.kind in ("int", "choice", "bool")


def describe(model: type[BaseModel], defaults: Mapping[str, Any], prefix: str = "", advanced: bool = False) -> list[SettingInfo]:
    """Every setting of `model`, depth first in declaration order, with its default value. A field
    (or a whole table) declared with `json_schema_extra={"advanced": True}` is marked advanced."""
    found: list[SettingInfo] = []
    for name, info in model.model_fields.items():
        key = f"{prefix}{name}"
        default = defaults.get(name) if isinstance(defaults, Mapping) else None
        annotation = info.annotation
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        tucked = advanced or bool(extra.get("advanced"))
        nested = annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None
        if nested is not None:
            found.extend(describe(nested, default or {}, f"{key}.", tucked))
            continue
        found.append(_info(key, info, annotation, extra, default, tucked))
    return found


def _info(key: str, info: Any, annotation: Any, extra: dict[str, Any], default: Any, advanced: bool) -> SettingInfo:
    label = Message(info.title or key.rsplit(".", 1)[-1])
    help_text = Message(info.description) if info.description else None
    origin = typing.get_origin(annotation)
    if origin is Literal:
        labels = extra.get("choice_labels")
        labels = labels if isinstance(labels, dict) else {}
        choices = tuple((str(v), Message(str(labels.get(v, v)))) for v in typing.get_args(annotation))
        return SettingInfo(key, "choice", label, help_text, default, choices=choices, advanced=advanced)
    if annotation is bool:
        return SettingInfo(key, "bool", label, help_text, default, advanced=advanced)
    if annotation is int:
        low, high = _bounds(info.metadata)
        return SettingInfo(key, "int", label, help_text, default, low, high, advanced=advanced)
    if origin in (list, tuple, dict) or isinstance(annotation, types.GenericAlias):
        kind: Literal["list", "table"] = "table" if _model_in(annotation) is not None or origin is dict else "list"
        return SettingInfo(key, kind, label, help_text, default, advanced=advanced)
    return SettingInfo(key, "text", label, help_text, default, advanced=advanced)


def texts(model: type[BaseModel]) -> list[tuple[str, str]]:
    """(where, text) of every label, help and choice label a player may read of these settings (the setup
    wizard, the docs): each must be marked `N_("…")` to be translated (`tools/i18n.py check` makes sure)."""
    found: list[tuple[str, str]] = []
    for info in describe(model, {}):
        found.append((f"{info.key} (label)", info.label.id))
        if info.help is not None:
            found.append((f"{info.key} (help)", info.help.id))
        found += [(f"{info.key} = {value!r}", label.id) for value, label in info.choices]
    return found


def _bounds(metadata: list[Any]) -> tuple[int | None, int | None]:
    low = next((m.ge for m in metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in metadata if hasattr(m, "le")), None)
    return low, high


def dotted_overrides(values: Mapping[str, Any]) -> dict[str, Any]:
    """{"track.length": 14} -> {"track": {"length": 14}}: what the wizard's fields become."""
    nested: dict[str, Any] = {}
    for key, value in values.items():
        node = nested
        *parents, last = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return nested


def read_table_file(path: Path) -> dict[str, Any]:
    """A table's own settings and cards (the same structure as the game's data/default.toml: a list
    such as `adventures` replaces the game's). RuleError naming the file when it cannot be read;
    the values themselves are checked when the game starts."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleError("BAD_TABLE_FILE", M("{file} cannot be read: {reason}.", file=path.name, reason=str(exc))) from exc
    except tomllib.TOMLDecodeError as exc:
        raise RuleError("BAD_TABLE_FILE", M("{file} is not valid TOML: {reason}.", file=path.name, reason=str(exc))) from exc


def add_to_table_file(path: Path, into: str, entry: dict[str, Any]) -> bool:
    """Keep a card the table entered during a game in its own file (`tables/<game>/*.toml`): appended
    as one more `[[into]]` table, the file's comments and other values untouched; the folder and the
    file are made when missing. A card whose id the file's list already holds is left as it is
    (False): the table corrects a card in the file itself. The file is replaced whole or not at all
    (a pulled cable leaves the old file or the new one, never half a card), and only when the new text
    reads back with the card in it (a list written inline, `mythos = [...]`, cannot take one).
    RuleError when the file cannot be read, take the card, or be written; the file is then unchanged."""
    old = ""
    if path.exists():
        existing = read_table_file(path)
        if any(isinstance(card, dict) and card.get("id") == entry.get("id") for card in existing.get(into, [])):
            return False
        old = path.read_text(encoding="utf-8")
    lines = ["", f"[[{into}]]", *(f"{key} = {_toml_value(value)}" for key, value in entry.items())]
    new = old + ("\n" if old and not old.endswith("\n") else "") + "\n".join(lines) + "\n"
    try:
        kept = tomllib.loads(new).get(into)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError("BAD_TABLE_FILE", M("{file} cannot take the card: {reason}.", file=path.name, reason=str(exc))) from exc
    if not isinstance(kept, list) or kept[-1:] != [entry]:
        raise RuleError("BAD_TABLE_FILE", M("{file} cannot take the card: {reason}.", file=path.name, reason=f"[[{into}]]"))
    try:
        _replace_whole(path, new)
    except OSError as exc:
        raise RuleError("BAD_TABLE_FILE", M("{file} cannot be written: {reason}.", file=path.name, reason=str(exc))) from exc
    return True


def _replace_whole(path: Path, text: str) -> None:
    """`text` into `path` through a synced temporary file beside it, renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        with temporary.open("w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        if path.exists():
            shutil.copymode(path, temporary)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {_toml_value(item)}" for key, item in value.items()) + " }" if value else "{}"
    return json.dumps(str(value), ensure_ascii=False)  # a JSON string is a TOML basic string
