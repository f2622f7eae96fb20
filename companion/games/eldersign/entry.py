"""Saying the faces of real dice by buttons, eyes on the dice: how many show each face, in one pass.

A player holding the dice hears "6 green dice left. How many show 1 investigation?" and answers with
the count (NEXT one more, BACK one less, YES), then the next face kind, and so on; the voice says how
many dice are still to say. The buttons start on the likeliest count, faces still to say is known
from the dice left, and what the answers already settle is never asked: the last face kind is all the
dice left, and once one die is left a single question names its face. The answers make the typed
`roll` command, the faces of each colour in the dice's face order (1, 2, 3, 4 investigation, Lore,
Peril, Terror, Wild), which is also the order they are numbered in; the roll pad on the screen
(ui/games/eldersign/dice.py) sends them in the same order.

Measured with a simulation of uniform green rolls (the buttons' cheapest way): 8.0 gestures for six
dice, 7.2 for four, 4.9 for two, 2.5 for one; counting up from none instead of the likeliest count
costs 9.5 for six, naming each die's face 10.5.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from companion.games.eldersign import names
from companion.games.eldersign.odds.dice import COLOUR_FACES, parse_face
from companion.inputs import Ask, Choice, Option
from companion.messages import M, P, Text

Picked = Mapping[str, Any]


def faces_option(due: tuple[int, int, int], label: Text, likely: bool) -> Option:
    """The option that says the faces of the dice due (`due`: green, yellow, red), one question at a time."""
    asks = tuple(ask for colour, n in enumerate(due) for ask in _asks(colour, n))
    return Option(label, {"cmd": "roll"}, asks, dialog="roll", likely=likely, compose=partial(_faces_said, due))


def in_order(colour: int, faces: list[str]) -> list[str]:
    """A colour's faces (as the commands write them) in the dice's face order: how dice are numbered."""
    order = [names.FACE_KEYS[face] for face in COLOUR_FACES[colour]]
    return sorted(faces, key=lambda face: order.index(face) if face in order else len(order))


def _asks(colour: int, n: int) -> list[Ask]:
    if not n:
        return []
    kinds = COLOUR_FACES[colour]
    counts = [Ask(_count_arg(colour, kind), _count_label(colour, kind, n), _counts(n, len(kinds) - i),
                  when=lambda picked: _left(colour, n, picked) >= 2, shaped=partial(_count_now, colour, n, i))
              for i, kind in enumerate(kinds[:-1])] if n >= 2 else []
    last = Ask(_last_arg(colour), _last_label(colour, counted=False), _face_choices(kinds),
               when=lambda picked: _left(colour, n, picked) == 1 and len(_open(colour, picked)) >= 2, shaped=partial(_last_now, colour))
    return [*counts, last]


def _count_arg(colour: int, kind: int) -> str:
    return f"{names.COLOUR_KEYS[colour]}:{names.FACE_KEYS[kind]}"


def _last_arg(colour: int) -> str:
    return f"{names.COLOUR_KEYS[colour]}:last"


def _left(colour: int, n: int, picked: Picked) -> int:
    """The dice of `colour` whose faces are still to say."""
    return n - sum(int(picked.get(_count_arg(colour, kind)) or 0) for kind in COLOUR_FACES[colour][:-1])


def _open(colour: int, picked: Picked) -> tuple[int, ...]:
    """The face kinds not counted yet (the ones after the last kind asked)."""
    kinds = COLOUR_FACES[colour]
    asked = [i for i, kind in enumerate(kinds[:-1]) if _count_arg(colour, kind) in picked]
    return kinds[asked[-1] + 1:] if asked else kinds


def _count_label(colour: int, kind: int, left: int) -> Text:
    return P("{n} {colour} die left. How many show {face}?", "{n} {colour} dice left. How many show {face}?", n=left,
             colour=names.colour(colour), face=names.face(kind))


def _counts(left: int, kinds: int) -> tuple[Choice, ...]:
    """0 to `left`, the buttons starting on the likeliest count of one face kind of `kinds` among `left` dice."""
    likeliest = (left + 1) // kinds  # the mode of the binomial count, each kind equally likely
    return tuple(Choice(count, str(count), likely=count == likeliest) for count in range(left + 1))


def _count_now(colour: int, n: int, index: int, picked: Picked) -> Ask:
    kinds = COLOUR_FACES[colour]
    left = _left(colour, n, picked)
    return Ask(_count_arg(colour, kinds[index]), _count_label(colour, kinds[index], left), _counts(left, len(kinds) - index))


def _last_label(colour: int, counted: bool) -> Text:
    return M("The last {colour} die", colour=names.colour(colour)) if counted else M("The {colour} die", colour=names.colour(colour))


def _face_choices(kinds: tuple[int, ...]) -> tuple[Choice, ...]:
    return tuple(Choice(names.FACE_KEYS[kind], names.face(kind)) for kind in kinds)


def _last_now(colour: int, picked: Picked) -> Ask:
    kinds = _open(colour, picked)
    return Ask(_last_arg(colour), _last_label(colour, counted=kinds != COLOUR_FACES[colour]), _face_choices(kinds))


def _faces_said(due: tuple[int, int, int], sent: Picked) -> dict[str, Any]:
    """The typed `roll` the answers make: each colour's faces in face order."""
    request: dict[str, Any] = {"cmd": "roll"}
    for colour, n in enumerate(due):
        if n:
            request[names.COLOUR_KEYS[colour]] = _said(colour, n, sent)
    return request


def _said(colour: int, n: int, sent: Picked) -> list[str]:
    kinds = COLOUR_FACES[colour]
    faces = [names.FACE_KEYS[kind] for kind in kinds[:-1] for _ in range(int(sent.get(_count_arg(colour, kind)) or 0))]
    rest = n - len(faces)
    last = sent.get(_last_arg(colour))
    if last is not None and rest == 1:
        return [*faces, str(last)]
    return faces + [names.FACE_KEYS[kinds[-1]]] * max(0, rest)  # what no question asked: the last kind left


def answers_for(request: Mapping[str, Any]) -> dict[str, Any]:
    """The answers that make `request` (a typed `roll`): each face kind's count, and the face of a die
    left last. Only the ones asked are used (a player who knows the menu by heart: tests/blind.py)."""
    found: dict[str, Any] = {}
    for colour, key in enumerate(names.COLOUR_KEYS):
        faces = in_order(colour, [names.FACE_KEYS[parse_face(str(face))] for face in request.get(key, ())])
        for kind in COLOUR_FACES[colour][:-1]:
            found[_count_arg(colour, kind)] = faces.count(names.FACE_KEYS[kind])
        if faces:
            found[_last_arg(colour)] = faces[-1]
    return found
