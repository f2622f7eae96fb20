"""A brute-force reference for the odds, written from the rules alone (issue 12, "The odds engine"),
sharing nothing with the engine but the adventure parser.

Everything is enumerated as the table would see it: each die is rolled on its own (every ordered
sequence of faces, each equally likely); every choice is tried by die position — any subset of the
rolled and held dice that fills a task (dice beyond the need included), any subset to reroll with a
clue, any die to focus or put on a spell, any die to discard — with no shortcut, no abstraction and
no dominance. Exact fractions. Slow: only small cases (up to four dice).
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

from companion.games.eldersign.odds.dice import COLOUR_FACES, GREEN, INVESTIGATION, TERROR, WILD
from companion.games.eldersign.odds.tasks import Adventure, Box

Task = tuple[Box, ...]


def fills(task: Task, faces: tuple[int, ...]) -> bool:
    """Can these dice (every one of them) be placed on the task's boxes, filling each? A symbol box
    takes exactly one die showing one of its symbols (Wild shows any); an investigation box takes dice
    with investigation values (Wild: 4) adding up to at least its number."""
    boxes = list(task)
    for placement in itertools.product(range(len(boxes)), repeat=len(faces)):
        per_box: list[list[int]] = [[] for _ in boxes]
        for face, where in zip(faces, placement, strict=True):
            per_box[where].append(face)
        if all(_box_filled(box, dice) for box, dice in zip(boxes, per_box, strict=True)):
            return True
    return False


def _box_filled(box: Box, faces: list[int]) -> bool:
    if box.inv:
        return all(INVESTIGATION[f] for f in faces) and sum(INVESTIGATION[f] for f in faces) >= box.inv
    return len(faces) == 1 and (faces[0] in box.symbols or faces[0] == WILD)


def eligible(stages: tuple[tuple[Task, ...], ...]) -> list[int]:
    return list(range(len(stages[0]))) if stages else []


def without(stages: tuple[tuple[Task, ...], ...], index: int) -> tuple[tuple[Task, ...], ...]:
    first = stages[0][:index] + stages[0][index + 1:]
    return ((first,) if first else ()) + stages[1:]


def subsets(n: int):
    for mask in range(1 << n):
        yield [i for i in range(n) if mask >> i & 1]


class Reference:
    def __init__(self, adventure: Adventure, terror: str = "none"):
        self.stages = adventure.stages
        self.terror = terror
        self.value = cache(self._value)
        self.decide = cache(self._decide)

    def chance(self, pool: tuple[int, int, int], focus=0, spells=0, clues=0, assist=0, own=None, held=()) -> Fraction:
        colours = (GREEN,) * pool[0] + (1,) * pool[1] + (2,) * pool[2]
        return self.value(self.stages, colours, own, tuple(sorted(held)), focus, assist, spells, clues)

    # state: (stages, free dice colours, own marker face or None, other held faces, focus, assist, spells, clues)
    def _value(self, stages, colours, own, other, focus, assist, spells, clues) -> Fraction:
        if not stages:
            return Fraction(1)
        if not colours:
            return Fraction(0)
        rolls = list(itertools.product(*(COLOUR_FACES[c] for c in colours)))
        total = sum(self.decide(stages, tuple(zip(colours, roll, strict=True)), own, other, focus, assist, spells, clues)
                    for roll in rolls)
        return Fraction(total, len(rolls))

    def _decide(self, stages, roll, own, other, focus, assist, spells, clues) -> Fraction:
        """The best chance after this ordered roll ((colour, face) per die)."""
        best = self._complete(stages, roll, own, other, focus, assist, spells, clues)
        failed = list(roll)
        if any(c == GREEN and f == TERROR for c, f in roll):
            if self.terror == "fail":
                return best
            if self.terror == "discard":
                failed = [(c, f) for c, f in roll if not (c == GREEN and f == TERROR)]
        failed_t = tuple(failed)
        best = max(best, self._hold_and_discard(stages, failed_t, own, other, focus, assist, spells, clues))
        if clues:
            for rerolled in subsets(len(failed_t)):
                if not rerolled:
                    continue
                faces = [COLOUR_FACES[failed_t[i][0]] for i in rerolled]
                outcomes = list(itertools.product(*faces))
                total = Fraction(0)
                for outcome in outcomes:
                    new = list(failed_t)
                    for i, face in zip(rerolled, outcome, strict=True):
                        new[i] = (failed_t[i][0], face)
                    total += self.decide(stages, tuple(new), own, other, focus, assist, spells, clues - 1)
                best = max(best, total / len(outcomes))
        return best

    def _complete(self, stages, roll, own, other, focus, assist, spells, clues) -> Fraction:
        best = Fraction(0)
        held = ([("own", own)] if own is not None else []) + [("other", f) for f in other]
        dice = [("roll", i) for i in range(len(roll))] + [("held", j) for j in range(len(held))]
        for index in eligible(stages):
            task = stages[0][index]
            rest_stages = without(stages, index)
            for chosen in subsets(len(dice)):
                if not chosen:
                    continue
                used = [dice[i] for i in chosen]
                faces = tuple(roll[i][1] if src == "roll" else held[i][1] for src, i in used)
                if not fills(task, faces):
                    continue
                if not rest_stages:
                    return Fraction(1)
                used_rolled = {i for src, i in used if src == "roll"}
                used_held = {i for src, i in used if src == "held"}
                new_own = None if any(held[i][0] == "own" for i in used_held) else own
                new_other = tuple(sorted(held[i][1] for i in range(len(held)) if held[i][0] == "other" and i not in used_held))
                left = [i for i in range(len(roll)) if i not in used_rolled]
                for on_spells in subsets(len(left)):  # spells may hold dice right after a completed task
                    if len(on_spells) > spells:
                        continue
                    kept = [roll[left[i]] for i in on_spells]
                    free = tuple(sorted(roll[left[i]][0] for i in range(len(left)) if i not in on_spells))
                    value = self.value(rest_stages, free, new_own, tuple(sorted(new_other + tuple(f for _c, f in kept))),
                                       focus, assist, spells - len(on_spells), clues)
                    best = max(best, value)
        return best

    def _hold_and_discard(self, stages, roll, own, other, focus, assist, spells, clues) -> Fraction:
        best = Fraction(0)
        n = len(roll)
        markers = [None]
        if own is None and focus:
            markers += [("own", i) for i in range(n)]
        if assist:
            markers += [("assist", i) for i in range(n)]
        for marker in markers:
            taken = {marker[1]} if marker else set()
            rest = [i for i in range(n) if i not in taken]
            for on_spells in subsets(len(rest)):
                if len(on_spells) > spells:
                    continue
                spelled = [rest[i] for i in on_spells]
                left = [i for i in rest if i not in spelled]
                for discarded in left:  # one die must be discarded
                    free = tuple(sorted(roll[i][0] for i in left if i != discarded))
                    new_own, new_other = own, list(other) + [roll[i][1] for i in spelled]
                    new_focus, new_assist = focus, assist
                    if marker and marker[0] == "own":
                        new_own, new_focus = roll[marker[1]][1], focus - 1
                    elif marker:
                        new_other.append(roll[marker[1]][1])
                        new_assist = assist - 1
                    value = self.value(stages, free, new_own, tuple(sorted(new_other)), new_focus, new_assist,
                                       spells - len(spelled), clues)
                    best = max(best, value)
        return best
