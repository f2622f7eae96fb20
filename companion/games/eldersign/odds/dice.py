"""Elder Sign's dice (facts file §1.2): their faces, and the notation for a pool of dice.

Faces are small ints so the solver can count them fast. A die's colour decides which faces it can
roll; once rolled, what a die can fill depends on its face alone (held dice are faces without a colour).

    green  (up to 6): 1, 2, 3 investigation, Lore, Peril, Terror
    yellow (one):     1, 2, 3, 4 investigation, Lore, Peril
    red    (one):     2, 3, 4 investigation, Lore, Peril, Wild

Wild counts, per the FAQ errata, as one Lore, one Peril, one Terror or 4 investigation, for one box.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from companion.errors import RuleError
from companion.messages import M

# -- faces ----------------------------------------------------------------------------------------------
BLANK, I1, I2, I3, I4, LORE, PERIL, TERROR, WILD = range(9)
#: how a face is written in the notation and in JSON
FACE_NAMES = ("BLANK", "INV1", "INV2", "INV3", "INV4", "LORE", "PERIL", "TERROR", "WILD")
SYMBOLS = (LORE, PERIL, TERROR)
#: a face's investigation value (Wild counts 4 on an investigation box)
INVESTIGATION = (0, 1, 2, 3, 4, 0, 0, 0, 4)

# -- colours ----------------------------------------------------------------------------------------------
GREEN, YELLOW, RED = range(3)
COLOUR_NAMES = ("green", "yellow", "red")
COLOUR_LETTERS = "GYR"
#: the six faces of each colour, each equally likely
COLOUR_FACES: tuple[tuple[int, ...], ...] = (
    (I1, I2, I3, LORE, PERIL, TERROR),
    (I1, I2, I3, I4, LORE, PERIL),
    (I2, I3, I4, LORE, PERIL, WILD),
)
SIDES = 6

_ALIASES = {"I1": I1, "I2": I2, "I3": I3, "I4": I4, "1": I1, "2": I2, "3": I3, "4": I4, "SCROLL": LORE,
            "SKULL": PERIL, "TENTACLES": TERROR, "BLANK": BLANK}


def face_name(face: int) -> str:
    return FACE_NAMES[face]


def parse_face(text: str) -> int:
    """"LORE", "inv3", "3", "wild" -> the face."""
    key = text.strip().upper().replace("_", "").replace(":", "")
    if key in FACE_NAMES:
        return FACE_NAMES.index(key)
    if key in _ALIASES:
        return _ALIASES[key]
    raise RuleError("BAD_FACE", M("\"{face}\" is not a die face (INV1-INV4, LORE, PERIL, TERROR, WILD).", face=text))


def can_show(colour: int, face: int) -> bool:
    return face in COLOUR_FACES[colour]


@dataclass(frozen=True)
class Pool:
    """How many dice of each colour: (green, yellow, red)."""

    green: int = 6
    yellow: int = 0
    red: int = 0

    @property
    def counts(self) -> tuple[int, int, int]:
        return (self.green, self.yellow, self.red)

    @property
    def total(self) -> int:
        return self.green + self.yellow + self.red

    def __str__(self) -> str:
        text = f"{self.green}G" if self.green else ""
        extra = "Y" * self.yellow + "R" * self.red
        return f"{text}+{extra}" if text and extra else (text or extra or "0G")


#: the most dice the odds take: 6 green, the yellow and the red, and one more of any colour for an
#: expansion die or a table's house rule; beyond that a query would only be slow
MAX_DICE = 9
MAX_OF_COLOUR = 9


def parse_pool(text: str) -> Pool:
    """"6G+YR", "5G", "6G+Y+R", "G G Y", "4G+2Y" -> a Pool (facts file §1.2: 6 green, 1 yellow, 1 red).

    A number counts the letter after it; letters without a number count one each.
    """
    cleaned = text.strip().upper().replace(" ", "+")
    if not cleaned or not re.fullmatch(r"[+0-9GYR]*", cleaned):
        raise RuleError("BAD_DICE", M("\"{dice}\" is not a dice pool (write it like 6G+YR: green, yellow, red).", dice=text))
    counts = [0, 0, 0]
    for number, letters in re.findall(r"(\d*)([GYR]+)", cleaned):
        counts[COLOUR_LETTERS.index(letters[0])] += int(number) if number else 1
        for letter in letters[1:]:
            counts[COLOUR_LETTERS.index(letter)] += 1
    if re.sub(r"\d*[GYR]+|\+", "", cleaned):
        raise RuleError("BAD_DICE", M("\"{dice}\" is not a dice pool (write it like 6G+YR: green, yellow, red).", dice=text))
    pool = Pool(*counts)
    if pool.total < 1 or pool.total > MAX_DICE or max(counts) > MAX_OF_COLOUR:
        raise RuleError("BAD_DICE", M("A pool holds 1 to {n} dice.", n=MAX_DICE))
    return pool
