"""What players read for the game's ids: faces, colours, counters, dice pools, places, held slots.

Card names (investigators, adventures, Ancient Ones, Mythos) are data and shown as written; the rest
are messages, translated when shown (the Russian catalogue uses the seed's terms: Улика, Разум, Здоровье…).
"""
from __future__ import annotations

from companion.games.eldersign.odds.dice import BLANK, COLOUR_NAMES, FACE_NAMES, I1, I2, I3, I4, LORE, PERIL, TERROR, WILD
from companion.messages import M, Message, P, Text, joined

_FACES: dict[int, Message] = {
    BLANK: M("blank"), I1: M("1 investigation"), I2: M("2 investigation"), I3: M("3 investigation"), I4: M("4 investigation"),
    LORE: M("Lore"), PERIL: M("Peril"), TERROR: M("Terror"), WILD: M("Wild"),
}
#: how faces and colours are written in JSON (and accepted by the commands)
FACE_KEYS = tuple(name.lower() for name in FACE_NAMES)
COLOUR_KEYS = COLOUR_NAMES
_SHORT = {BLANK: "·", I1: "1", I2: "2", I3: "3", I4: "4", LORE: "L", PERIL: "P", TERROR: "T", WILD: "W"}
_COLOURS = (M("green"), M("yellow"), M("red"))
#: a die of the companion's on the ring: (value, maximum, palette colour) of its arc — an
#: investigation face lights a share of the arc for each point, a symbol the whole arc in its colour
FACE_RING: dict[int, tuple[int, int, str]] = {
    I1: (1, 4, "investigation"), I2: (2, 4, "investigation"), I3: (3, 4, "investigation"), I4: (4, 4, "investigation"),
    LORE: (1, 1, "lore"), PERIL: (1, 1, "peril"), TERROR: (1, 1, "terror"), WILD: (1, 1, "wild"), BLANK: (0, 1, "unlit"),
}
_STATS = {
    "sanity": M("sanity"), "stamina": M("stamina"), "clues": M("clues"), "common": M("common items"),
    "unique": M("unique items"), "spells": M("spells"), "allies": M("allies"), "trophies": M("trophies"),
    "elder_signs": M("an Elder Sign"),
}
_ENDINGS = {
    "sealed": M("The Ancient One is sealed away. The investigators win!"),
    "banished": M("The Ancient One is banished in the final battle. The investigators win!"),
    "awakened": M("The Ancient One awakens and the world is lost."),
    "devoured": M("Every investigator was devoured in the final battle. The game is lost."),
    "no_investigators": M("No investigator is left to take up the fight. The Ancient One wins."),
}


def face(value: int) -> Text:
    return _FACES.get(value, str(value))


def short_face(value: int) -> str:
    """One character per face, for compact rows: 1-4, L, P, T, W."""
    return _SHORT.get(value, "?")


def said_face(value: int) -> Text:
    """A face as a roll is said and listed: an investigation face by its number, a symbol by its name
    ("1", "Lore"), so that a roll reads "Peril, 1, 3, Lore" in the table's language."""
    return str(value - I1 + 1) if I1 <= value <= I4 else face(value)


def said_faces(values: list[int] | tuple[int, ...]) -> Text:
    """"Peril, 1, 3, Lore"."""
    return joined([said_face(v) for v in values], ", ")


def colour(value: int) -> Text:
    return _COLOURS[value]


def die(value: tuple[int, int]) -> Text:
    """(green, Lore) -> "green Lore"."""
    return M("{colour} {face}", colour=colour(value[0]), face=face(value[1]))


def stat(key: str) -> Text:
    return _STATS.get(key, key)


def pool(dice: tuple[int, int, int]) -> Text:
    """(6, 1, 0) -> "6 green, 1 yellow"."""
    parts = [_POOL[c](n) for c, n in enumerate(dice) if n]
    return joined(parts, ", ") if parts else M("no dice")


_POOL = (
    lambda n: P("{n} green", "{n} green", n=n),
    lambda n: P("{n} yellow", "{n} yellow", n=n),
    lambda n: P("{n} red", "{n} red", n=n),
)


def pool_json(dice: tuple[int, int, int]) -> dict[str, int]:
    return dict(zip(COLOUR_KEYS, dice, strict=True))


def slot(name: str) -> Text:
    """A held die's place: "own" -> "the marker", "assist:Bob" -> "Bob's marker", "spell:2" -> "spell 2"."""
    if name == "own":
        return M("the marker")
    if name.startswith("assist:"):
        return M("{seat}'s marker", seat=name.removeprefix("assist:"))
    return M("spell {n}", n=name.removeprefix("spell:"))


def ending(reason: str | None) -> Text:
    return _ENDINGS.get(reason or "", M("The game is over."))


def changes(values: dict[str, int]) -> Text:
    """{"sanity": -1, "clues": 2} -> "sanity -1, clues +2"."""
    return joined([M("{what} {delta}", what=stat(key), delta=f"{delta:+d}") for key, delta in values.items()], ", ")


__all__ = ["COLOUR_KEYS", "FACE_KEYS", "FACE_RING", "changes", "colour", "die", "ending", "face", "pool", "pool_json", "said_face", "said_faces",
           "short_face", "slot", "stat"]
