"""A written line made ready for the ear (issue 22): symbols said as words in the table's language,
and a long line cut into short ones, each at most `MAX_WORDS` words.

The screen keeps "cubes 0 → 1" and "3. Fight Wil Wheaton"; the voice says "cubes 0 to 1" and
"3 Fight Wil Wheaton" (a full stop after a number would be read as the end of a sentence, with its long
pause). A line is cut where a reader would breathe: at "; ", at the end of a sentence, then — only when a
piece is still too long — at ": " and ", ". The words for symbols are messages, so each language says
its own ("8 → 9" is "8 naar 9" in Dutch, "с 8 на 9" in Russian).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from companion.messages import M, Message, P, render

#: the most words one spoken line has (the team's standard for the voice)
MAX_WORDS = 12

_ARROW = re.compile(r"(\S+) → (\S+)")
_NUMBERED = re.compile(r"(^|: )(\d+)\. (?=\S)")
_SLASH = re.compile(r"\s+/\s+")
#: a chance in brackets, "Fight Wil Wheaton (33%)": said without the brackets' pauses
_PERCENT = re.compile(r" \((\d+%)\)")
#: a sentence ends at . ! ? and a space — not after a short capitalised abbreviation (Mrs. Wolowitz, Dr. …)
_SENTENCE_END = re.compile(r"(?<!\b[A-Z][a-z]\.)(?<!\b[A-Z][a-z]{2}\.)(?<=[.!?])\s+(?=\S)")


#: abbreviations the screens use, as each language writes them, and how the voice says them (Dungeon
#: Twister's action and victory points): (the abbreviation, with a number before it, alone)
def _action_points(n: int) -> Message:
    return P("{n} action point", "{n} action points", n=n)


def _victory_points(n: int) -> Message:
    return P("{n} victory point", "{n} victory points", n=n)


_ABBREVIATIONS: tuple[tuple[Message, Callable[[int], Message], Message], ...] = (
    (M("AP"), _action_points, M("action points")),
    (M("VP"), _victory_points, M("victory points")),
)


def _spelled_out(text: str) -> str:
    for abbreviation, counted, alone in _ABBREVIATIONS:
        short = re.escape(render(abbreviation))
        text = re.sub(rf"(?<!\w)([+-]?)(\d+) {short}\b", _counted_words(counted), text)
        text = re.sub(rf"\b{short}\b", render(alone).replace("\\", "\\\\"), text)
    return text


def _counted_words(counted: Callable[[int], Message]) -> Callable[[re.Match[str]], str]:
    """"+2 AP" as "+2 action points": the sign kept, the number said with its words."""
    return lambda match: match.group(1) + render(counted(int(match.group(2))))


def verbalised(text: str) -> str:
    """`text` with its symbols as words: "a → b" as "a to b", "3. item" as "3 item" ("2. 2 cards" as "2, 2
    cards"), "(33%)" as "33%", "2 AP" as "2 action points", " / " as a comma."""
    text = _NUMBERED.sub(lambda m: f"{m.group(1)}{m.group(2)}{', ' if m.end() < len(text) and text[m.end()].isdigit() else ' '}", text)
    text = _PERCENT.sub(lambda m: f" {m.group(1)}", text)
    text = _ARROW.sub(lambda m: render(M("{a} to {b}", a=m.group(1), b=m.group(2))), text)
    text = _spelled_out(text)
    return _SLASH.sub(", ", text)


def spoken_lines(text: str, whole: bool = False) -> list[str]:
    """The lines the voice says for `text`: verbalised, and (unless `whole`: a menu item, said as one)
    cut into lines of at most MAX_WORDS words where a reader would pause."""
    said = verbalised(text).strip()
    if not said:
        return []
    if whole:
        return [said]
    pieces = [piece for clause in said.split("; ") for piece in _SENTENCE_END.split(clause)]
    return [line for piece in pieces for line in _short(piece.strip(" ;"))]


def first_sentence(text: str) -> str:
    """The first sentence of `text` (a phase's prompt said short; the rest on the "tell" gesture)."""
    said = verbalised(text).strip()
    return _SENTENCE_END.split(said, maxsplit=1)[0] if said else ""


def _short(piece: str) -> list[str]:
    """A piece of at most MAX_WORDS words as it is; a longer one cut at ": ", then packed at ", "."""
    if not piece or len(piece.split()) <= MAX_WORDS:
        return [piece] if piece else []
    head, colon, rest = piece.partition(": ")
    if colon and rest and len(head.split()) <= MAX_WORDS:
        return [head, *_short(rest)]
    lines: list[str] = []
    for part in piece.split(", "):
        if lines and len(lines[-1].split()) + len(part.split()) <= MAX_WORDS:
            lines[-1] = f"{lines[-1]}, {part}"
        else:
            lines.append(part)
    return lines
