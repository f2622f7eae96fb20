"""Messages, not sentences: a message id (the English text, the gettext key) with its arguments,
translated only when it is shown.

So a language switch changes the whole screen and the history at once, and the speaker (or a
headless client) can render the same message in the table's language. Core code writes

    M("{player} plays {character}.", player="Ann", character=M("Penny"))
    P("{n} card", "{n} cards", n=3)              # plural forms, by the catalogue's rules
    joined([M("cubes 1 → 2"), M("the gate closes!")], "; ")

and `render(text)` gives the sentence in the current language. `M`, `P` are the extraction keywords
of `tools/i18n.py`. A plain `str` is a `Text` too: names, letters and numbers are shown as they are.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

from companion import i18n

#: what can be shown: a message, a name printed in several languages, or a plain text shown as it is
Text = Union["Message", "Joined", "Names", str]
Arg = Union["Message", "Joined", "Names", str, int, float, None]


@dataclass(frozen=True)
class Message:
    """`id` is the English text with `{placeholders}`; `plural` its plural form when `count` decides."""

    id: str
    args: Mapping[str, Arg] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None

    def render(self) -> str:
        if self.plural is not None:
            template = i18n.translate_plural(self.id, self.plural, self.count or 0)
        else:
            template = i18n.translate(self.id)
        values = {key: _shown(value) for key, value in self.args.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation must not hide the message
            return self.id.format(**values)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id}
        if self.args:
            data["args"] = {key: arg_json(value) for key, value in self.args.items()}
        if self.plural is not None:
            data["plural"], data["count"] = self.plural, self.count
        return data

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True)
class Joined:
    """Several texts shown one after the other with a separator ("; " between undo-list parts)."""

    parts: tuple[Text, ...]
    separator: str = " "

    def render(self) -> str:
        return self.separator.join(text for text in (render(part) for part in self.parts) if text)

    def to_json(self) -> dict[str, Any]:
        return {"join": [arg_json(part) for part in self.parts], "sep": self.separator}

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True)
class Names:
    """A name as each edition prints it (a card, an Ancient One): shown in the current language, else
    in English, else in the first language given. Game data, not a catalogue entry: no gettext."""

    by_language: Mapping[str, str]

    def render(self) -> str:
        names = self.by_language
        return names.get(i18n.language()) or names.get("en") or next(iter(names.values()), "")

    def to_json(self) -> dict[str, Any]:
        return {"names": dict(self.by_language)}

    def __str__(self) -> str:
        return self.render()


def M(message_id: str, /, **args: Arg) -> Message:  # noqa: N802 - a keyword for the extractor, like _()
    return Message(message_id, args)


def P(singular: str, plural: str, /, n: int, **args: Arg) -> Message:  # noqa: N802
    """A message with plural forms; `n` picks the form and is also the `{n}` placeholder."""
    return Message(singular, {"n": n, **args}, plural, n)


def joined(parts: Iterable[Text], separator: str = " ") -> Joined:
    return Joined(tuple(parts), separator)


def render(text: Text | None) -> str:
    """The text in the current language ("" for None)."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    return text.render()


def _shown(value: Arg) -> Any:
    """Numbers stay numbers (so "{p:.0f}" works); texts are rendered."""
    return value if isinstance(value, (int, float)) else render(value)


def arg_json(value: Arg) -> Any:
    if isinstance(value, (Message, Joined, Names)):
        return value.to_json()
    return value


def text_json(text: Text) -> Any:
    """A text as JSON: a plain string stays a string."""
    return arg_json(text)


def text_from_json(data: Any) -> Text:
    """The inverse of `text_json`; anything unexpected is shown as its JSON rather than lost."""
    if isinstance(data, str):
        return data
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        args = data.get("args") or {}
        if not isinstance(args, dict):
            args = {}
        plural = data.get("plural")
        count = data.get("count")
        return Message(data["id"], {k: _arg_from_json(v) for k, v in args.items()},
                       plural if isinstance(plural, str) else None, count if isinstance(count, int) else None)
    if isinstance(data, dict) and isinstance(data.get("names"), dict):
        return Names({str(k): str(v) for k, v in data["names"].items()})
    if isinstance(data, dict) and isinstance(data.get("join"), list):
        sep = data.get("sep")
        return Joined(tuple(text_from_json(part) for part in data["join"]), sep if isinstance(sep, str) else " ")
    return json.dumps(data, ensure_ascii=False)


def _arg_from_json(data: Any) -> Arg:
    if isinstance(data, (int, float)) or data is None:
        return data
    return text_from_json(data)


def stored_text(stored: str) -> Text:
    """A sentence as the store keeps it: the JSON of a message, or (games saved before messages
    existed) the sentence itself, already in the language it was written in."""
    if stored.startswith("{"):
        try:
            return text_from_json(json.loads(stored))
        except json.JSONDecodeError:
            pass
    return stored
