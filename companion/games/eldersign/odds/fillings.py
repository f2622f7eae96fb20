"""Exact matching of dice to boxes: every way a task can be filled, as the engine needs it.

A task is filled in two steps the engine keeps apart, because held dice vary from situation to
situation while the rolled kinds do not:

1. `held_usages`: which held dice go on which boxes (each held die on one box it fits, or kept) and
   what is left to fill: the symbol boxes still empty and what each investigation box still needs.
2. `rolled_fillings`: every multiset of rolled kinds that fills what is left, each die needed: one die
   per symbol box (a face it takes, or a Wild), and for each investigation box a set of dice whose
   values reach what it needs and would not without any one of them. Dice beyond the need are never
   worth placing, except green ones when a Terror would end the attempt: the engine adds those itself.

Nothing is greedy: every matching is listed, and the engine takes the best by the chance after it.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from companion.games.eldersign.odds.dice import WILD
from companion.games.eldersign.odds.tasks import Task


@dataclass(frozen=True, order=True)
class Residual:
    """What a roll must still fill once held dice are placed: the empty symbol boxes (each as the
    faces it takes) and what each unfilled investigation box still needs."""

    symbols: tuple[tuple[int, ...], ...]
    needs: tuple[int, ...]


@dataclass(frozen=True)
class Usage:
    """Held dice placed on a task: whether the investigator's own marker's die is used, the other held
    faces used, and what is left for the roll."""

    own_used: bool
    other_used: tuple[int, ...]
    residual: Residual


def fits_symbol(symbols: tuple[int, ...], face: int) -> bool:
    return face == WILD or face in symbols


def held_usages(task: Task, own: int | None, other: Sequence[int], inv_value: Sequence[int]) -> list[Usage]:
    """Every way to place some of the held dice (own marker's face or None, other faces) on the task."""
    held = ([(True, own)] if own is not None else []) + [(False, face) for face in other]
    symbol_boxes = [box.symbols for box in task if not box.inv]
    inv_boxes = [box.inv for box in task if box.inv]
    found: dict[tuple[bool, tuple[int, ...], Residual], Usage] = {}
    for placement in _placements(held, symbol_boxes, len(inv_boxes), inv_value):
        taken = {where for where in placement if where is not None and where[0] == "symbol"}
        paid = [0] * len(inv_boxes)
        for (_own, face), where in zip(held, placement, strict=True):
            if where is not None and where[0] == "inv":
                paid[where[1]] += inv_value[face]
        residual = Residual(tuple(sorted(s for i, s in enumerate(symbol_boxes) if ("symbol", i) not in taken)),
                            tuple(sorted(need - got for need, got in zip(inv_boxes, paid, strict=True) if need > got)))
        own_used = any(is_own and where is not None for (is_own, _f), where in zip(held, placement, strict=True))
        other_used = tuple(sorted(face for (is_own, face), where in zip(held, placement, strict=True) if not is_own and where is not None))
        found.setdefault((own_used, other_used, residual), Usage(own_used, other_used, residual))
    return list(found.values())


def _placements(held: list[tuple[bool, int]], symbol_boxes: list[tuple[int, ...]], inv_boxes: int,
                inv_value: Sequence[int]) -> Iterator[list[tuple[str, int] | None]]:
    """Each held die: kept (None), on an empty symbol box it fits, or on an investigation box."""
    def place(i: int, chosen: list[tuple[str, int] | None]) -> Iterator[list[tuple[str, int] | None]]:
        if i == len(held):
            yield list(chosen)
            return
        face = held[i][1]
        options: list[tuple[str, int] | None] = [None]
        options += [("symbol", b) for b, symbols in enumerate(symbol_boxes) if fits_symbol(symbols, face) and ("symbol", b) not in chosen]
        options += [("inv", b) for b in range(inv_boxes) if inv_value[face]]
        for option in options:
            chosen.append(option)
            yield from place(i + 1, chosen)
            chosen.pop()
    return place(0, [])


def rolled_fillings(residual: Residual, faces: Sequence[int], colours: Sequence[int], inv_value: Sequence[int],
                    caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every multiset of rolled kinds (counts per kind; kind i shows faces[i], of colours[i]) that fills
    the residual with each die needed, at most caps[c] dice of colour c."""
    found: set[tuple[int, ...]] = set()
    counts = [0] * len(faces)
    left = list(caps)
    for _ in _symbol_boxes(residual.symbols, 0, 0, faces, colours, counts, left):
        for _ in _investigation_boxes(residual.needs, 0, faces, colours, inv_value, counts, left):
            found.add(tuple(counts))
    return sorted(found)


def _symbol_boxes(boxes: tuple[tuple[int, ...], ...], box: int, low: int, faces: Sequence[int], colours: Sequence[int],
                  counts: list[int], left: list[int]) -> Iterator[None]:
    """One rolled die per symbol box (identical boxes take kinds in rising order: each multiset once)."""
    if box == len(boxes):
        yield None
        return
    start = low if box > 0 and boxes[box - 1] == boxes[box] else 0
    for kind in range(start, len(faces)):
        if not left[colours[kind]] or not fits_symbol(boxes[box], faces[kind]):
            continue
        counts[kind] += 1
        left[colours[kind]] -= 1
        yield from _symbol_boxes(boxes, box + 1, kind, faces, colours, counts, left)
        counts[kind] -= 1
        left[colours[kind]] += 1


def _investigation_boxes(needs: tuple[int, ...], box: int, faces: Sequence[int], colours: Sequence[int], inv_value: Sequence[int],
                         counts: list[int], left: list[int]) -> Iterator[None]:
    """For each investigation box, a multiset of rolled dice reaching its need, none of them spare."""
    if box == len(needs):
        yield None
        return
    # kinds by falling value: the last kind taken has the smallest die, the one that must not be spare
    order = sorted((k for k in range(len(faces)) if inv_value[faces[k]]), key=lambda k: -inv_value[faces[k]])
    extra = [0] * len(faces)
    for _ in _reach(needs[box], order, 0, 0, faces, colours, inv_value, extra, left):
        for kind, n in enumerate(extra):
            counts[kind] += n
        yield from _investigation_boxes(needs, box + 1, faces, colours, inv_value, counts, left)
        for kind, n in enumerate(extra):
            counts[kind] -= n


def _reach(need: int, order: list[int], at: int, total: int, faces: Sequence[int], colours: Sequence[int], inv_value: Sequence[int],
           extra: list[int], left: list[int]) -> Iterator[None]:
    """Counts of the kinds order[at:] (into `extra`) that bring `total` to `need`, minimally."""
    for index in range(at, len(order)):
        kind = order[index]
        value, colour = inv_value[faces[kind]], colours[kind]
        for n in range(1, left[colour] + 1):
            extra[kind] = n
            left[colour] -= n
            reached = total + n * value
            if reached >= need:
                if reached - value < need:  # the smallest die (this kind's) is needed
                    yield None
                left[colour] += n
                break  # one more of this kind would be spare
            yield from _reach(need, order, index + 1, reached, faces, colours, inv_value, extra, left)
            left[colour] += n
        extra[kind] = 0
