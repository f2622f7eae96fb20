"""Adventures as the odds see them: tasks made of boxes, in any order or in printed order.

Notation (docs/eldersign-odds.md): tasks separated by `|` may be done in any order, by `>` in printed
order; boxes within a task by `,`. A box is `LORE`, `PERIL`, `TERROR` (one die showing it), two symbols
joined by `/` (`TERROR/PERIL`: one die showing either, as on expansion cards), or `INV:8` (dice whose
investigation values add up to at least 8).

    INV:3>PERIL,PERIL>LORE,LORE        three tasks, top to bottom
    TERROR|TERROR,PERIL,PERIL           two tasks, either first
    INV:2|LORE>TERROR                   the first two in any order, then the third

Mixed: `>` binds loosest, so `A|B>C` is "A and B in any order, then C". `SCROLL` is read as LORE and
`INV_8` / `TERROR+PERIL` as in the public calculators' card lists.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from companion.errors import RuleError
from companion.games.eldersign.odds.dice import FACE_NAMES, LORE, PERIL, SYMBOLS, TERROR
from companion.messages import M

_SYMBOL_WORDS = {"LORE": LORE, "SCROLL": LORE, "PERIL": PERIL, "SKULL": PERIL, "TERROR": TERROR, "TENTACLES": TERROR}

#: an adventure too big for the table is a typo; these keep a query from running for hours
MAX_TASKS = 8
MAX_BOXES = 8
MAX_INVESTIGATION = 36


@dataclass(frozen=True, order=True)
class Box:
    """One box: `inv` > 0 is an investigation total; otherwise `symbols` lists the faces that fill it."""

    inv: int = 0
    symbols: tuple[int, ...] = ()

    def accepts(self, face: int) -> bool:
        return face in self.symbols

    def __str__(self) -> str:
        return f"INV:{self.inv}" if self.inv else "/".join(FACE_NAMES[s] for s in self.symbols)


Task = tuple[Box, ...]


@dataclass(frozen=True)
class Adventure:
    """Stages done one after the other; the tasks of a stage in any order. A task is filled by one roll."""

    stages: tuple[tuple[Task, ...], ...]

    @property
    def tasks(self) -> tuple[Task, ...]:
        return tuple(task for stage in self.stages for task in stage)

    @property
    def done(self) -> bool:
        return not self.stages

    def eligible(self) -> tuple[Task, ...]:
        """The tasks that may be completed now: those of the first stage (distinct ones once)."""
        return tuple(dict.fromkeys(self.stages[0])) if self.stages else ()

    def without(self, task: Task) -> Adventure:
        """The adventure once `task` (an eligible one) is completed."""
        first = list(self.stages[0])
        first.remove(task)
        rest = self.stages[1:]
        return Adventure((tuple(first), *rest) if first else rest)

    def __str__(self) -> str:
        return ">".join("|".join(",".join(map(str, task)) for task in stage) for stage in self.stages)


def canonical(stages: list[list[list[Box]]]) -> Adventure:
    """Sorted boxes within a task and sorted tasks within a stage: equal adventures compare equal."""
    return Adventure(tuple(tuple(sorted(tuple(sorted(task)) for task in stage)) for stage in stages if stage))


def parse_adventure(text: str) -> Adventure:
    """The notation above -> an Adventure; a RuleError names the first thing that is not understood."""
    source = text.strip().upper().replace(" ", "")
    if not source:
        raise _bad(text, M("it names no task"))
    stages: list[list[list[Box]]] = []
    count = 0
    for stage_text in source.split(">"):
        stage: list[list[Box]] = []
        for task_text in stage_text.split("|"):
            if not task_text:
                raise _bad(text, M("a task is empty"))
            boxes = [parse_box(token, text) for token in task_text.split(",")]
            if len(boxes) > MAX_BOXES:
                raise _bad(text, M("a task holds at most {n} boxes", n=MAX_BOXES))
            stage.append(boxes)
            count += 1
        stages.append(stage)
    if count > MAX_TASKS:
        raise _bad(text, M("an adventure holds at most {n} tasks", n=MAX_TASKS))
    return canonical(stages)


def parse_box(token: str, text: str = "") -> Box:
    inv = re.fullmatch(r"(?:INV|I|INVESTIGATION)[:_]?(\d+)", token)
    if inv:
        value = int(inv.group(1))
        if not 1 <= value <= MAX_INVESTIGATION:
            raise _bad(text or token, M("an investigation box needs 1 to {n}", n=MAX_INVESTIGATION))
        return Box(inv=value)
    words = re.split(r"[/+]", token)
    if not all(word in _SYMBOL_WORDS for word in words):
        raise _bad(text or token, M("\"{box}\" is not a box (LORE, PERIL, TERROR, TERROR/PERIL or INV:n)", box=token))
    symbols = tuple(sorted({_SYMBOL_WORDS[word] for word in words}))
    assert set(symbols) <= set(SYMBOLS)
    return Box(symbols=symbols)


def _bad(text: str, why: object) -> RuleError:
    return RuleError("BAD_TASK", M("The task \"{task}\" cannot be read: {why}.", task=text[:80], why=why))  # type: ignore[arg-type]
