""""What now?": after the players enter the faces they rolled, every sensible choice for this roll as
a plan the table can carry out, with the exact chance after it, best first.

A plan is one of:

- complete a task with these dice (rolled and held), then maybe put dice on spells;
- spend a clue and reroll these dice (the rest are kept);
- hold dice (focus or an assisting investigator's marker, spells) and discard one die.

The chances come from the same solver as the odds (engine.py), so the best plan's chance is the
chance of the roll under the best play. Plans that differ only in which of two identical dice is
moved are listed once. A discard takes a die of the lowest colour there is (engine.Solver.discards:
any other colour is never better); which of those dice does not matter.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from companion.games.eldersign.odds.dice import GREEN, INVESTIGATION, TERROR, WILD
from companion.games.eldersign.odds.engine import NO_FACE, Number, Solver, Solvers, Terror
from companion.games.eldersign.odds.tasks import Adventure, Box, Task, canonical

Step = Literal["rolled", "holding", "completed"]


@dataclass(frozen=True)
class Situation:
    """An attempt on the table, as the advice needs it.

    `tasks` are the adventure's tasks by their printed index; `stages` groups those indices (a stage's
    tasks in any order, stages one after the other); `done` are the completed ones. `roll` are the
    dice lying rolled (colour, face), by position; `held` the dice on markers and spells: (slot, face),
    slot "own" (the investigator's marker), "assist:<seat>" or "spell:<n>".

    `step`: "rolled" (a fresh roll: anything goes), "holding" (a failed roll where a die was already
    held: more spells, then a discard; `marker_used` says whether the roll's focus or assist is taken),
    "completed" (a task was just completed: spells may hold dice, then the rest are rolled).
    """

    tasks: tuple[Task, ...]
    stages: tuple[tuple[int, ...], ...]
    done: frozenset[int]
    roll: tuple[tuple[int, int], ...]
    held: tuple[tuple[str, int], ...] = ()
    focus: int = 0
    spells: int = 0
    clues: int = 0
    helpers: tuple[str, ...] = ()
    terror: Terror = "none"
    step: Step = "rolled"
    marker_used: bool = False
    #: a terror effect already applied to this roll (its lost dice are gone from `roll`)
    terror_applied: bool = False

    def remaining(self) -> Adventure:
        stages = [[list(self.tasks[i]) for i in stage if i not in self.done] for stage in self.stages]
        return canonical(stages)

    def eligible(self) -> list[int]:
        for stage in self.stages:
            left = [i for i in stage if i not in self.done]
            if left:
                return left
        return []


@dataclass(frozen=True)
class Plan:
    chance: Number
    kind: Literal["complete", "clue", "hold"]
    #: complete: the task's printed index, the rolled dice (positions) and held slots placed on it
    task: int | None = None
    use: tuple[int, ...] = ()
    use_held: tuple[str, ...] = ()
    #: clue: the rolled dice (positions) to roll again
    reroll: tuple[int, ...] = ()
    #: hold: a die onto the investigator's own marker (focus) or onto a helper's marker
    focus: int | None = None
    assist: int | None = None
    helper: str | None = None
    #: complete or hold: dice onto spells (one each)
    spells: tuple[int, ...] = ()
    #: hold: the die discarded
    discard: int | None = None
    #: a terror effect strikes first (the roll completes nothing): the dice it takes (discard) or the end
    terror: Literal["", "fail", "discard"] = ""
    lost: tuple[int, ...] = field(default=())


def advise(situation: Situation, solvers: Solvers, limit: int = 0) -> list[Plan]:
    """Every plan for this roll, best first (the first `limit` when > 0)."""
    solvers.prepare(situation.clues)
    adviser = _Adviser(situation, solvers)
    plans = sorted(adviser.plans(), key=lambda p: (-p.chance, _effort(situation, p)))
    return plans[:limit] if limit else plans


class _Adviser:
    def __init__(self, s: Situation, solvers: Solvers):
        self.s = s
        self.solvers = solvers
        self.solver: Solver = solvers.solver(s.remaining(), s.terror)
        own = next((face for slot, face in s.held if slot == "own"), NO_FACE)
        other = tuple(face for slot, face in s.held if slot != "own")
        self.own, self.other = own, other
        self.free = _colours(s.roll)

    def plans(self) -> Iterator[Plan]:
        s = self.s
        if s.step == "completed":
            yield from self._after_completion()
            return
        if s.step == "rolled":
            yield from self._completions()
        yield from self._failed()

    # -- completing a task ------------------------------------------------------------------------------
    def _completions(self) -> Iterator[Plan]:
        s = self.s
        seen: set[tuple[object, ...]] = set()
        for index in s.eligible():
            task = s.tasks[index]
            rest_adventure = s.remaining()
            sub = self.solvers.solver(rest_adventure.without(tuple(sorted(task))), s.terror)
            for use, use_held in self._fillings(task):
                key = (index, _faces(s.roll, use), tuple(sorted(use_held)))
                if key in seen:
                    continue
                seen.add(key)
                left = tuple(i for i in range(len(s.roll)) if i not in use)
                own = NO_FACE if "own" in use_held else self.own
                other = tuple(face for slot, face in s.held if slot != "own" and slot not in use_held)
                best, best_spells = self._best_spells(sub, left, own, other)
                yield Plan(best, "complete", task=index, use=use, use_held=use_held, spells=best_spells)

    def _fillings(self, task: Task) -> Iterator[tuple[tuple[int, ...], tuple[str, ...]]]:
        """Concrete dice (roll positions, held slots) that fill the task, every one of them needed —
        or, when a Terror ends the attempt, with extra green investigation dice on an investigation box."""
        extras = self.s.terror == "fail" and any(box.inv for box in task)
        return concrete_fillings(task, self.s.roll, self.s.held, extras)

    def _best_spells(self, sub: Solver, left: tuple[int, ...], own: int, other: tuple[int, ...]) -> tuple[Number, tuple[int, ...]]:
        s = self.s
        best: Number | None = None
        best_spells: tuple[int, ...] = ()
        for size in range(0, min(s.spells, len(left)) + 1):
            for spelled in _distinct_subsets(s.roll, left, size):
                after = _colours([s.roll[i] for i in left if i not in spelled])
                value = sub.enter(own, other + tuple(s.roll[i][1] for i in spelled), s.focus, len(s.helpers),
                                  s.spells - size, s.clues, after)
                if best is None or value > best:
                    best, best_spells = value, spelled
        return (best if best is not None else self.solver.zero), best_spells

    def _after_completion(self) -> Iterator[Plan]:
        """A task was just completed: the rest of the adventure, with spells that may hold dice now."""
        s = self.s
        left = tuple(range(len(s.roll)))
        for size in range(0, min(s.spells, len(left)) + 1):
            for spelled in _distinct_subsets(s.roll, left, size):
                after = _colours([s.roll[i] for i in left if i not in spelled])
                value = self.solver.enter(self.own, self.other + tuple(s.roll[i][1] for i in spelled), s.focus,
                                          len(s.helpers), s.spells - size, s.clues, after)
                yield Plan(value, "hold", spells=spelled)

    # -- a roll that completes nothing ------------------------------------------------------------------------
    def _failed(self) -> Iterator[Plan]:
        s = self.s
        positions = tuple(range(len(s.roll)))
        terror: Literal["", "fail", "discard"] = ""
        lost: tuple[int, ...] = ()
        shows_terror = any(c == GREEN and f == TERROR for c, f in s.roll)
        if shows_terror and not s.terror_applied and s.terror != "none":
            terror = s.terror
            if terror == "fail":
                yield Plan(self.solver.zero, "hold", terror="fail")
                return
            lost = tuple(i for i in positions if s.roll[i] == (GREEN, TERROR))
            positions = tuple(i for i in positions if i not in lost)
        if s.step == "rolled" and s.clues:
            yield from self._clues(positions, terror, lost)
        yield from self._holds(positions, terror, lost)

    def _clues(self, positions: tuple[int, ...], terror: Literal["", "fail", "discard"], lost: tuple[int, ...]) -> Iterator[Plan]:
        s = self.s
        rolled = _colours([s.roll[i] for i in positions])
        if not sum(rolled):
            return
        own, other = self.own, self.other
        ctx = self.solver.context(own, other, s.focus, len(s.helpers), s.spells, s.clues - 1, sum(rolled))
        expectation = self.solver.expectations(ctx, rolled)
        seen: set[tuple[int, int, int]] = set()
        for size in range(0, len(positions)):
            for kept in itertools.combinations(positions, size):
                code = self.solver.code_of([s.roll[i] for i in kept])
                if code in seen:
                    continue
                seen.add(code)
                reroll = tuple(i for i in positions if i not in kept)
                yield Plan(expectation[code], "clue", reroll=reroll, terror=terror, lost=lost)

    def _holds(self, positions: tuple[int, ...], terror: Literal["", "fail", "discard"], lost: tuple[int, ...]) -> Iterator[Plan]:
        s = self.s
        if not positions:  # the terror took every die: nothing is left to roll
            yield Plan(self.solver.zero, "hold", terror=terror, lost=lost)
            return
        markers: list[tuple[str, int | None]] = [("", None)]
        if not s.marker_used:
            if self.own == NO_FACE and s.focus:
                markers += [("own", i) for i in _distinct(s.roll, positions)]
            if s.helpers:
                markers += [("assist", i) for i in _distinct(s.roll, positions)]
        seen: set[tuple[object, ...]] = set()
        for slot, marked in markers:
            rest = tuple(i for i in positions if i != marked)
            for size in range(0, min(s.spells, max(0, len(rest) - 1)) + 1):
                for spelled in _distinct_subsets(s.roll, rest, size):
                    left = [i for i in rest if i not in spelled]
                    key = (slot, None if marked is None else s.roll[marked], _faces(s.roll, spelled))
                    if key in seen:
                        continue
                    seen.add(key)
                    for discard in self._discards(left):
                        yield self._hold_plan(slot, marked, spelled, left, discard, terror, lost)

    def _discards(self, left: Sequence[int]) -> list[int]:
        """One die per colour worth discarding (the lowest colour there is), the least useful of its colour."""
        s = self.s
        counts = _colours([s.roll[i] for i in left])
        picks = []
        for colour in self.solver.discards(counts):
            of_colour = [i for i in left if s.roll[i][0] == colour]
            picks.append(min(of_colour, key=lambda i: (s.roll[i][1] in self.solver.useful, INVESTIGATION[s.roll[i][1]], i)))
        return picks

    def _hold_plan(self, slot: str, marked: int | None, spelled: tuple[int, ...], left: list[int], discard: int,
                   terror: Literal["", "fail", "discard"], lost: tuple[int, ...]) -> Plan:
        s = self.s
        own, other, focus, helpers = self.own, self.other + tuple(s.roll[i][1] for i in spelled), s.focus, len(s.helpers)
        helper = None
        if slot == "own" and marked is not None:
            own, focus = s.roll[marked][1], focus - 1
        elif slot == "assist" and marked is not None:
            other += (s.roll[marked][1],)
            helper, helpers = s.helpers[0], helpers - 1
        after = _colours([s.roll[i] for i in left if i != discard])
        value = self.solver.enter(own, other, focus, helpers, s.spells - len(spelled), s.clues, after) if sum(after) else self.solver.zero
        return Plan(value, "hold", focus=marked if slot == "own" else None, assist=marked if slot == "assist" else None,
                    helper=helper, spells=spelled, discard=discard, terror=terror, lost=lost)


def _effort(s: Situation, plan: Plan) -> tuple[int, int, int]:
    """Among plans as good as each other: completing first, then the fewest dice moved, then the lowest
    coloured ones (the better dice stay free)."""
    kind = {"complete": 0, "clue": 1, "hold": 2}[plan.kind]
    moved = plan.use + plan.reroll + plan.spells + tuple(d for d in (plan.focus, plan.assist) if d is not None)
    return (kind, len(moved), sum(s.roll[i][0] for i in moved))


# -- filling a task with concrete dice ----------------------------------------------------------------------
def concrete_fillings(task: Task, roll: Sequence[tuple[int, int]], held: Sequence[tuple[str, int]],
                      green_extras: bool = False) -> Iterator[tuple[tuple[int, ...], tuple[str, ...]]]:
    """Every way the rolled dice (positions) and held dice (slots) fill the task with each die needed,
    once per multiset of identical dice (the first positions of each kind are named). With
    `green_extras`, green investigation dice beyond the need may lie on an investigation box too."""
    groups: dict[tuple[str, int, int], list[int]] = {}
    slot_of: dict[tuple[str, int, int], str] = {}
    for position, (colour, face) in enumerate(roll):
        if _fits_somewhere(task, face):
            groups.setdefault(("roll", colour, face), []).append(position)
    for slot, face in held:
        if _fits_somewhere(task, face):
            groups[(slot, -1, face)] = [-1]
            slot_of[(slot, -1, face)] = slot
    keys = list(groups)
    most = len(task) + sum(box.inv for box in task)
    for counts in itertools.product(*(range(len(groups[key]) + 1) for key in keys)):
        size = sum(counts)
        if not 0 < size <= most:
            continue
        faces = tuple(key[2] for key, n in zip(keys, counts, strict=True) for _ in range(n))
        if not fills(task, faces):
            continue
        extra_ok = {i for i, (key, _n) in enumerate(_expanded(keys, counts))
                    if green_extras and key[0] == "roll" and key[1] == GREEN and INVESTIGATION[key[2]]}
        if not _minimal(task, faces, extra_ok):
            continue
        positions = tuple(sorted(p for key, n in zip(keys, counts, strict=True) if key[0] == "roll" for p in groups[key][:n]))
        slots = tuple(slot_of[key] for key, n in zip(keys, counts, strict=True) if key[0] != "roll" and n)
        yield positions, slots


def _expanded(keys: list[tuple[str, int, int]], counts: Sequence[int]) -> list[tuple[tuple[str, int, int], int]]:
    return [(key, n) for key, n in zip(keys, counts, strict=True) for _ in range(n)]


def fills(task: Task, faces: Sequence[int]) -> bool:
    """Can every one of these dice be placed on the task so that each box is filled? A symbol box takes
    one die showing one of its symbols (Wild shows any); an investigation box takes dice with
    investigation values (Wild: 4) adding up to at least its number."""
    symbol_boxes = [box for box in task if not box.inv]
    inv_boxes = [box.inv for box in task if box.inv]
    return _place_symbols(symbol_boxes, list(faces), inv_boxes)


def can_fill(task: Task, faces: Sequence[int]) -> bool:
    """Can some of these dice fill the task, the others left aside (what a roll may complete)?"""
    symbol_boxes = [box for box in task if not box.inv]
    inv_boxes = [box.inv for box in task if box.inv]
    return _place_symbols(symbol_boxes, list(faces), inv_boxes, spare=True)


def _place_symbols(boxes: list[Box], faces: list[int], inv_boxes: list[int], spare: bool = False) -> bool:
    if not boxes:
        if spare:  # dice left aside: those with an investigation value only help
            return not inv_boxes or _place_inv(inv_boxes, [f for f in faces if INVESTIGATION[f]])
        return _place_inv(inv_boxes, faces)
    box, rest = boxes[0], boxes[1:]
    tried: set[int] = set()
    for i, face in enumerate(faces):
        if face in tried or not (box.accepts(face) or face == WILD):
            continue
        tried.add(face)
        if _place_symbols(rest, faces[:i] + faces[i + 1:], inv_boxes, spare):
            return True
    return False


def _place_inv(boxes: list[int], faces: list[int]) -> bool:
    """Split the dice among the investigation boxes, every die on one, each box reaching its number."""
    if not boxes:
        return not faces
    if any(not INVESTIGATION[f] for f in faces):
        return False
    if len(boxes) == 1:
        return sum(INVESTIGATION[f] for f in faces) >= boxes[0]
    first, rest = boxes[0], boxes[1:]
    for mask in range(1, 1 << len(faces)):
        mine = [f for n, f in enumerate(faces) if mask >> n & 1]
        if sum(INVESTIGATION[f] for f in mine) >= first and _place_inv(rest, [f for n, f in enumerate(faces) if not mask >> n & 1]):
            return True
    return False


def _minimal(task: Task, faces: tuple[int, ...], extra_ok: set[int]) -> bool:
    """No die can be left out (the dice at `extra_ok` may be beyond the need)."""
    return all(n in extra_ok or not fills(task, faces[:n] + faces[n + 1:]) for n in range(len(faces)))


def _fits_somewhere(task: Task, face: int) -> bool:
    return any((box.inv and INVESTIGATION[face]) or (not box.inv and (box.accepts(face) or face == WILD)) for box in task)


# -- small helpers ------------------------------------------------------------------------------------------------
def _colours(dice: Sequence[tuple[int, int]]) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    for colour, _face in dice:
        counts[colour] += 1
    return (counts[0], counts[1], counts[2])


def _faces(roll: Sequence[tuple[int, int]], positions: Sequence[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(roll[i] for i in positions))


def _distinct(roll: Sequence[tuple[int, int]], positions: Sequence[int]) -> list[int]:
    """One position per distinct (colour, face) among `positions`."""
    seen: dict[tuple[int, int], int] = {}
    for i in positions:
        seen.setdefault(roll[i], i)
    return list(seen.values())


def _distinct_subsets(roll: Sequence[tuple[int, int]], positions: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Subsets of `positions` of this size, one per distinct multiset of dice."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    for subset in itertools.combinations(positions, size):
        key = _faces(roll, subset)
        if key not in seen:
            seen.add(key)
            yield subset
