"""The exact chance to complete an Elder Sign adventure under the play that maximises it.

The model (issue 12; docs/eldersign-odds.md says it for players):

- Each roll may complete one eligible task: its boxes are filled at once from the rolled dice and the
  held ones; the dice used stay on the task. Completing is optional. After a completion, spells may
  hold rolled dice, then the remaining free dice are rolled again.
- A roll that completes nothing: a green Terror triggers the adventure's terror effect (none / the
  attempt fails / every green die showing Terror is lost); then clues may be spent, one per reroll of
  any subset of the rolled dice, and the new roll is looked at afresh (it may complete a task); then
  focus (the investigator's own marker, one die at a time, at most `focus` times) or one assisting
  investigator's marker (each holds one die, once) may hold one rolled die, spells may hold rolled
  dice (one die per spell), one rolled die is discarded, and the rest are rolled again.
- Held dice keep their faces until they fill a box. The attempt fails when no free die is left.

How it is computed:

- **Abstraction.** Per adventure (and per remaining part of it) faces that fill nothing become BLANK,
  investigation values above the largest investigation box are cut to it, and a Wild that only ever
  counts as investigation becomes a 4. A die is counted by its *kind* (colour, abstract face).
- **Rolls as multisets** of kinds with multinomial chances, laid out as arrays (lattice.py): every
  pass over the rolls of a pool is a few array operations.
- **Situations** are (what is held, what is left to spend) - a *template* - plus the clues left and
  the free dice. One solver per (remaining adventure, terror effect) keeps the value of every
  template x clues x free dice it has met, for the whole attempt and for later queries.
- **Options as multisets.** After a roll, every choice takes some dice of it: the dice that fill a
  task (and those put on spells after), the dice held by a marker or spells before the discard, the
  dice kept through a clue. Each choice is an option (dice taken, value after it); a roll's best is
  the max over the options whose dice it holds: a max over its sub-multisets, which the lattice
  computes for every roll at once. A clue's option is the expectation of keeping a partial roll,
  computed for every partial roll at once.
- **Batches.** The situations that share the remaining adventure and the free dice share their rolls
  and options: they are evaluated together, one row each, after every situation they lead to (fewer
  free dice, or fewer tasks). Which situations exist is found first, from the templates alone.
- **Exact matching** of dice to boxes (fillings.py): every way, never greedy.
- **Exact dominance and merging only:** a discard takes the lowest colour there is (a red die rolls at
  least as well as a yellow or a green, a yellow as a green when no box takes Terror); a useless die is
  never held on a spell (unless a Terror would end the attempt: then any green die is worth holding,
  after a failed roll or a completed task alike);
  held dice beyond what the remaining boxes can take are dropped (a second held Lore when one box takes
  Lore), a marker stuck with a useless die is no marker; dice beyond a box's need are placed on an
  investigation box only when a Terror would end the attempt (otherwise a free die is worth at least
  as much: it can always be the one discarded).
"""
from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

import numpy as np

from companion.games.eldersign.odds.dice import (
    BLANK,
    COLOUR_FACES,
    GREEN,
    I1,
    I4,
    INVESTIGATION,
    LORE,
    PERIL,
    RED,
    SYMBOLS,
    TERROR,
    WILD,
    YELLOW,
)
from companion.games.eldersign.odds.fillings import Residual, Usage, held_usages, rolled_fillings
from companion.games.eldersign.odds.lattice import Array, ColourAxis, Lattice
from companion.games.eldersign.odds.tasks import Adventure, Task

Terror = Literal["none", "fail", "discard"]
TERROR_EFFECTS: tuple[Terror, ...] = ("none", "fail", "discard")
Number = Any  # float, or Fraction when asked for exact odds

NO_FACE = -1
#: the most dice of one colour, and in a pool, the engine lays out (dice.MAX_DICE)
MOST = 9
#: held dice of a face no box limits (investigation values, Wild)
UNLIMITED = MOST

Dice = tuple[int, int, int]
#: what is held and left to spend: (own marker's face, other held faces sorted, focus, assist, spells)
Template = tuple[int, tuple[int, ...], int, int, int]
#: a template and the clues left: a situation before the free dice are rolled
Context = tuple[int, tuple[int, ...], int, int, int, int]
#: a (partial) roll: its positions on the green, yellow and red axes
Code = tuple[int, int, int]


def dice_key(green: Any, yellow: Any, red: Any) -> Any:
    """A pool's slot in the column lookup (ints or arrays of them); linear in the counts."""
    return (green * 10 + yellow) * 10 + red


#: the keys of one die of each colour (a discard)
DISCARD_KEYS = (dice_key(1, 0, 0), dice_key(0, 1, 0), dice_key(0, 0, 1))


@dataclass(frozen=True)
class Kind:
    """A rolled die as the solver counts it: its colour, its abstract face, how many of the six sides
    show that face, its index among all kinds and its place among its colour's kinds."""

    index: int
    colour: int
    face: int
    sides: int
    local: int


@dataclass
class Options:
    """Choices of dice from a roll, one per entry: the template (row) choosing, the dice taken
    (positions on the three axes, how many of each colour), the template it leads to, where its value
    comes from (`source` 0: a hold, then this solver after the discard; i + 1: completing eligible task
    i, then that task's sub-solver) and which array of options it joins (`dest` 0: holds, and every
    option when no terror effect applies; else 1 + how many green investigation dice the roll must show,
    for a completion that leaves extra green dice on an investigation box)."""

    row: Array
    position: Array   # (n, 3)
    colours: Array    # (n, 3)
    target: Array
    source: Array
    dest: Array
    key: Array        # dice_key of `colours`

    FIELDS = ("row", "position", "colours", "target", "source", "dest", "key")

    @classmethod
    def join(cls, parts: list[Options]) -> Options:
        if not parts:
            empty = np.zeros(0, dtype=np.int64)
            return cls(empty, empty.reshape(0, 3), empty.reshape(0, 3), empty, empty, empty, empty)
        return cls(*(np.concatenate([getattr(p, name) for p in parts]) for name in cls.FIELDS))

    def take(self, index: Array) -> Options:
        return Options(*(getattr(self, name)[index] for name in self.FIELDS))

    def __len__(self) -> int:
        return len(self.row)


class Solver:
    """Every situation of one adventure (as it remains) under one terror effect."""

    def __init__(self, adventure: Adventure, terror: Terror, group: Solvers):
        self.adventure = adventure
        self.terror = terror
        self.group = group
        self.num: Callable[[int], Number] = group.num
        self.one = self.num(1)
        self.zero = self.num(0)
        self.done = adventure.done
        boxes = [box for task in adventure.tasks for box in task]
        symbols = {s for box in boxes for s in box.symbols}
        self.inv_max = max((box.inv for box in boxes), default=0)
        self.face_map = tuple(self._abstract(face, symbols) for face in range(9))
        self.terror_useful = TERROR in symbols
        self.inv_value = tuple(min(INVESTIGATION[face], self.inv_max) for face in range(9))
        self.useful = frozenset(f for f in range(9) if f != BLANK and (f in symbols or f == WILD or self.inv_value[f]))
        #: how many held dice of a face could ever be placed (more are dropped)
        self.room = tuple(self._room(face, boxes) for face in range(9))
        inv_boxes = [box.inv for box in boxes if box.inv]
        #: the need of the only investigation box left (0: none, or several)
        self.only_inv = inv_boxes[0] if len(inv_boxes) == 1 else 0
        self._canonical: dict[tuple[int, tuple[int, ...], int, int, int], Template] = {}
        self.kinds: list[Kind] = []
        for colour, faces in enumerate(COLOUR_FACES):
            counts = _count(self.face_map[f] for f in faces)
            for local, face in enumerate(sorted(counts)):
                self.kinds.append(Kind(len(self.kinds), colour, face, counts[face], local))
        self.by_colour = tuple(tuple(k for k in self.kinds if k.colour == c) for c in range(3))
        self.signature = tuple((k.colour, k.face, k.sides) for k in self.kinds)
        self.axes = group.axes(self.by_colour)
        self.eligible = adventure.eligible()
        self.holdable = tuple(k for k in self.kinds if self._holdable(k))
        terror_kinds = [k for k in self.by_colour[GREEN] if k.face == TERROR]
        self.green_terror = terror_kinds[0] if terror_kinds and terror != "none" else None
        self.green_inv = tuple(k.local for k in self.by_colour[GREEN] if self.inv_value[k.face])
        # templates met, where each leads, and the pools worth a value for each: a query reaches a
        # template with at most `reach` free dice (total, then per colour; -1: no query reaches it)
        self.templates: list[Template] = []
        self.template_ids: dict[Template, int] = {}
        self.reach: list[list[int]] = []
        self._successors: list[list[tuple[Solver, int, int]] | None] = []
        # values: [template, clues, pool column], known per [template, pool column]
        self.clues = 0
        self.values: Array = group.unknown((0, 1, 0))
        self.known: Array = np.zeros((0, 0), dtype=bool)
        self._tables: Tables | None = None
        self._roll_tables: OrderedDict[tuple[int, int, Dice], tuple[Lattice, Array]] = OrderedDict()
        self._usage_cache: dict[tuple[Task, int, tuple[int, ...]], list[Usage]] = {}

    # -- abstraction -------------------------------------------------------------------------------------
    def _abstract(self, face: int, symbols: set[int]) -> int:
        """What a face counts as in this adventure (module docstring: abstraction)."""
        if face == BLANK:
            return BLANK
        if I1 <= face <= I4:
            return min(face, self.inv_max) if self.inv_max else BLANK
        if face == WILD:
            if symbols:
                return WILD
            return min(I4, self.inv_max) if self.inv_max else BLANK
        if face == TERROR and face not in symbols:
            return TERROR if self.terror != "none" else BLANK
        return face if face in symbols else BLANK

    def _room(self, face: int, boxes: list[Any]) -> int:
        abstract = self.face_map[face]
        if abstract != face or face == BLANK:
            return 0 if abstract == BLANK else UNLIMITED
        if face in SYMBOLS:
            return sum(1 for box in boxes if face in box.symbols)
        return UNLIMITED if face in self.useful else 0

    def _holdable(self, kind: Kind) -> bool:
        """Worth holding: a face that fills something; or, when a Terror ends the attempt, any green die
        (held, it is not rolled again)."""
        return kind.face in self.useful or (self.terror == "fail" and kind.colour == GREEN)

    def discards(self, rest: Sequence[int]) -> tuple[int, ...]:
        """The colours worth discarding from these dice: the lowest there is. A red die rolls at least as
        well as a yellow or a green (each face matched by one that does as much: 1→2, 2→3, 3→4, 4→Wild,
        Terror→Wild), and a yellow at least as well as a green when no box takes Terror (Terror→4)."""
        if rest[GREEN] and (rest[YELLOW] and self.terror_useful):
            return (GREEN, YELLOW)
        for colour in (GREEN, YELLOW, RED):
            if rest[colour]:
                return (colour,)
        return ()

    # -- situations ------------------------------------------------------------------------------------------
    def template(self, own: int, other: Sequence[int], focus: int, assist: int, spells: int) -> Template:
        """The canonical template: faces in this solver's terms, useless and surplus held dice dropped."""
        key = (own, tuple(other), focus, assist, spells)
        found = self._canonical.get(key)
        if found is None:
            found = self._canonical[key] = self._canonical_template(own, other, focus, assist, spells)
        return found

    def _canonical_template(self, own: int, other: Sequence[int], focus: int, assist: int, spells: int) -> Template:
        fmap = self.face_map
        own = fmap[own] if own != NO_FACE else NO_FACE
        faces = sorted(fmap[f] for f in other)
        if own != NO_FACE and not self.room[own]:
            own, focus = NO_FACE, 0  # the marker holds a die that never fills a box: it is never free again
        if own != NO_FACE and focus == 0:
            faces = sorted(faces + [own])  # the marker will not be used again: its die is just held
            own = NO_FACE
        room = list(self.room)
        if own != NO_FACE:
            room[own] -= 1
        kept = []
        for face in faces:
            if room[face] > 0:
                room[face] -= 1
                kept.append(face)
        if self.only_inv:
            kept = self._merge_investigation(own, kept)
        return (own, tuple(kept), min(focus, MOST), min(assist, MOST), min(spells, MOST))

    def _merge_investigation(self, own: int, kept: list[int]) -> list[int]:
        """With one investigation box left, held investigation dice (other than the marker's) all go on
        it when it is filled (they fit nothing else; a die more on it costs nothing): only their total
        matters, up to what the box still needs. It is written as the fewest, largest faces."""
        plain = [f for f in kept if I1 <= f <= I4]
        total = sum(self.inv_value[f] for f in plain)
        total = min(total, max(self.only_inv - (self.inv_value[own] if own != NO_FACE and I1 <= own <= I4 else 0), 0))
        top = min(I4, self.inv_max)
        merged = [top] * (total // top) + ([total % top] if total % top else [])
        return sorted([f for f in kept if not I1 <= f <= I4] + merged)

    def context(self, own: int, other: Sequence[int], focus: int, assist: int, spells: int, clues: int, free: int = 0) -> Context:
        """A situation in this solver's terms (`free`, the dice to roll, is not part of it)."""
        return (*self.template(own, other, focus, assist, spells), clues)

    def enter(self, own: int, other: Sequence[int], focus: int, assist: int, spells: int, clues: int, dice: Dice) -> Number:
        """The chance from a situation given in any solver's faces, before the free dice are rolled."""
        if self.done:
            return self.one
        if sum(dice) == 0:
            return self.zero
        return self.group.value_of(self, self.template(own, other, focus, assist, spells), clues, tuple(dice))  # type: ignore[arg-type]

    def value(self, ctx: Context, dice: Dice) -> Number:
        return self.enter(ctx[0], ctx[1], ctx[2], ctx[3], ctx[4], ctx[5], dice)

    def register(self, template: Template) -> int:
        found = self.template_ids.get(template)
        if found is None:
            found = len(self.templates)
            self.templates.append(template)
            self.template_ids[template] = found
            self.reach.append([-1, 0, 0, 0])
            self._successors.append(None)
        return found

    def successors(self, tid: int) -> list[tuple[Solver, int, int]]:
        """Where a template leads, with how many dice leave the free pool at least: holds after a failed
        roll (the held dice and the discard), completions (the dice put on spells after; the dice on the
        task may all be held ones). A superset is harmless: it only adds rows."""
        found = self._successors[tid]
        if found is None:
            found = list(self._hold_successors(tid)) + list(self._completion_successors(tid))
            self._successors[tid] = found
        return found

    def _hold_successors(self, tid: int) -> Iterator[tuple[Solver, int, int]]:
        own, _other, focus, assist, spells = self.templates[tid]
        faces = sorted({k.face for k in self.holdable})
        for marker, marked in self._markers(own, focus, assist, faces):
            for size in range(spells + 1):
                for combo in itertools.combinations_with_replacement(faces, size):
                    target = self._after_hold(self.templates[tid], marker, marked, combo)
                    yield self, self.register(target), size + (marker != "") + 1

    @staticmethod
    def _markers(own: int, focus: int, assist: int, faces: Sequence[int]) -> list[tuple[str, int]]:
        markers = [("", NO_FACE)]
        if own == NO_FACE and focus:
            markers += [("own", f) for f in faces]
        if assist:
            markers += [("assist", f) for f in faces]
        return markers

    def _after_hold(self, template: Template, marker: str, marked: int, spelled: Sequence[int]) -> Template:
        own, other, focus, assist, spells = template
        held = tuple(other) + tuple(spelled)
        if marker == "own":
            own, focus = marked, focus - 1
        elif marker == "assist":
            held += (marked,)
            assist -= 1
        return self.template(own, held, focus, assist, spells - len(spelled))

    def _completion_successors(self, tid: int) -> Iterator[tuple[Solver, int, int]]:
        own, other, focus, assist, spells = self.templates[tid]
        for task in self.eligible:
            sub = self.group.solver(self.adventure.without(task), self.terror)
            faces = sorted({k.face for k in self._spell_kinds(sub)})
            for usage in self._usages(task, tid):
                own_after, other_after = self._after_usage(own, other, usage.own_used, usage.other_used)
                rolled = self._fewest_rolled(usage.residual)
                for size in range(spells + 1 if faces else 1):
                    for combo in itertools.combinations_with_replacement(faces, size):
                        target = sub.template(own_after, other_after + combo, focus, assist, spells - size)
                        yield sub, sub.register(target), rolled + size

    def _usages(self, task: Task, tid: int) -> list[Usage]:
        own, other = self.templates[tid][:2]
        key = (task, own, other)
        found = self._usage_cache.get(key)
        if found is None:
            found = self._usage_cache[key] = held_usages(task, own if own != NO_FACE else None, other, self.inv_value)
        return found

    def _fewest_rolled(self, residual: Residual) -> int:
        """At least how many rolled dice fill what is left: one per symbol box, and each investigation
        box's need over the best investigation value a die here can show."""
        top = max((self.inv_value[k.face] for k in self.kinds), default=0)
        return len(residual.symbols) + sum(-(-need // top) for need in residual.needs) if top else len(residual.symbols)

    @staticmethod
    def _after_usage(own: int, other: tuple[int, ...], own_used: bool, other_used: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        rest = list(other)
        for face in other_used:
            rest.remove(face)
        return (NO_FACE if own_used else own), tuple(rest)

    def _spell_kinds(self, sub: Solver) -> tuple[Kind, ...]:
        """The rolled kinds worth putting on a spell right after a completion: useful for the rest; or,
        when a Terror ends the attempt, any green die (held, it is not rolled again: as `_holdable`)."""
        if sub.done:
            return ()
        return tuple(k for k in self.kinds if sub.face_map[k.face] in sub.useful or (self.terror == "fail" and k.colour == GREEN))

    def descendants(self) -> list[Solver]:
        """This solver and every solver of what may remain of its adventure, fewest tasks first."""
        seen: dict[int, Solver] = {}
        stack: list[Solver] = [self]
        while stack:
            solver = stack.pop()
            if id(solver) in seen:
                continue
            seen[id(solver)] = solver
            stack += [self.group.solver(solver.adventure.without(task), self.terror) for task in solver.eligible]
        return sorted(seen.values(), key=lambda s: len(s.adventure.tasks))

    # -- values ----------------------------------------------------------------------------------------------
    def keep_clues(self, clues: int) -> None:
        """Keep values for up to `clues` clues left (more levels: every value is computed again)."""
        if clues > self.clues:
            self.clues = clues
            self.values = self.group.unknown((len(self.templates), clues + 1, self.group.columns))
            self.known = np.zeros((len(self.templates), self.group.columns), dtype=bool)
            self._roll_tables.clear()

    def make_room(self) -> None:
        """Grow the value arrays to every template and pool column met so far."""
        rows, columns = len(self.templates), self.group.columns
        if self.values.shape[0] >= rows and self.values.shape[2] >= columns:
            return
        new_rows = max(rows, 2 * self.values.shape[0])
        new_columns = max(columns, self.values.shape[2])
        values = self.group.unknown((new_rows, self.clues + 1, new_columns))
        known = np.zeros((new_rows, new_columns), dtype=bool)
        old_rows, _levels, old_columns = self.values.shape
        values[:old_rows, :, :old_columns] = self.values
        known[:old_rows, :old_columns] = self.known
        self.values, self.known = values, known

    def settle(self) -> None:
        """Compute every row worth a value and not yet known, pool by pool, fewest dice first (every
        situation a row leads to has fewer free dice, or fewer tasks: a solver settled before)."""
        self.make_room()
        if self.done:
            return
        pools = self.group.pools()
        pending = self._worth(pools) & ~self.known[: len(self.templates), [self.group.column(d) for d in pools]]
        if self.terror == "discard":
            self._settle_discarding(pools, pending)
            return
        for index in np.flatnonzero(pending.any(axis=0)):
            rows = np.flatnonzero(pending[:, index])
            self._store(pools[index], rows, self.evaluate(pools[index], rows)[0])

    def _settle_discarding(self, pools: list[Dice], pending: Array) -> None:
        """With dice lost to Terror, a roll of (g, y, r) falls back on the failed-roll values of
        (g - lost, y, r): those are computed along each chain of green counts, for every row pending
        anywhere on the chain, and kept until the chain is done."""
        worth = self._worth(pools)
        for chain in self.group.chains():
            indexes = [pools.index(dice) for dice in chain]
            rows_of_chain = pending[:, indexes].any(axis=1)
            if not rows_of_chain.any():
                continue
            cores: dict[int, tuple[Array, Array]] = {}
            for dice, index in zip(chain, indexes, strict=True):
                rows = np.flatnonzero(rows_of_chain & worth[:, index])
                best, core = self.evaluate(dice, rows, cores)
                self._store(dice, rows, best)
                cores[dice[GREEN]] = (self._local(rows), core)

    def _worth(self, pools: list[Dice]) -> Array:
        """worth[row, pool]: the rows worth a value at each pool, those a query's situation can reach
        with these free dice."""
        reach = np.array(self.reach, dtype=np.int64).reshape(len(self.reach), 4)
        dice = np.array(pools, dtype=np.int64).reshape(len(pools), 3)
        return (reach[:, None, 0] >= dice.sum(axis=1)) & (reach[:, None, 1:] >= dice[None, :, :]).all(axis=2)  # type: ignore[no-any-return]

    def _store(self, dice: Dice, rows: Array, best: Array) -> None:
        column = self.group.column(dice)
        if not len(rows):
            return
        if sum(dice) == 0:
            self.values[rows, :, column] = self.zero
        else:
            self.values[rows, :, column] = self.group.lattice(self, dice).total(best).T
        self.known[rows, column] = True

    def _local(self, rows: Array) -> Array:
        local = np.full(len(self.templates), -1, dtype=np.int64)
        local[rows] = np.arange(len(rows))
        return local

    # -- one batch: every roll of a pool, for many rows --------------------------------------------------------
    def evaluate(self, dice: Dice, rows: Array, cores: dict[int, tuple[Array, Array]] | None = None) -> tuple[Array, Array]:
        """best[clues, *roll, row] for these rows at this pool, and their failed-roll part (what holds and
        clues give, the terror effect aside): every roll's max over the options it allows."""
        levels, count = self.clues + 1, len(rows)
        if sum(dice) == 0 or count == 0:
            return np.zeros((levels, count), dtype=self.group.dtype), np.zeros((levels, count), dtype=self.group.dtype)
        lattice = self.group.lattice(self, dice)
        arrays = self._option_arrays(lattice, count, self._local(rows), dice)
        completed = self._completed(lattice, arrays[1:], count) if len(arrays) > 1 else None
        core = self._by_level(lattice.closure_at_rolls(arrays[0]), levels, count)
        best = np.empty_like(core)
        for clues in range(levels):
            if clues:
                np.maximum(core[clues], self._clue(lattice, best[clues - 1]), out=core[clues])
            best[clues] = self._after_terror(lattice, core[clues], rows, clues, cores)
            if completed is not None:
                np.maximum(best[clues], completed[clues], out=best[clues])
        return best, core

    @staticmethod
    def _by_level(closed: Array, levels: int, count: int) -> Array:
        """(*full, levels * count) -> (levels, *full, count)."""
        return np.moveaxis(closed.reshape(*closed.shape[:3], levels, count), 3, 0).copy()

    def _option_arrays(self, lattice: Lattice, count: int, local: Array, dice: Dice) -> Array:
        """F[dest, cell, clues * count + row]: the best value of the options of each row at each partial
        roll, per array of options (Options.dest)."""
        tables = self.tables()
        options = tables.merged()
        levels = self.clues + 1
        chosen = np.flatnonzero((local[options.row] >= 0) & (options.colours <= np.array(dice)).all(axis=1))
        source, target = options.source[chosen], options.target[chosen]
        # the pool after an option: dice_key is linear, so its key is the pool's less the dice taken
        after = dice_key(*dice) - options.key[chosen]
        values = np.empty((len(chosen), levels), dtype=self.group.dtype)
        keep = np.ones(len(chosen), dtype=bool)
        edges = np.searchsorted(source, np.arange(len(tables.subs) + 2))
        holds = slice(edges[0], edges[1])
        keep[holds], values[holds] = self._hold_values(target[holds], options.colours[chosen[holds]], after[holds], dice, levels)
        for index, sub in enumerate(tables.subs):
            part = slice(edges[index + 1], edges[index + 2])
            values[part] = self.one if sub.done else sub.values[target[part], :levels, self.group.columns_of(after[part])]
        chosen, values = chosen[keep], values[keep]
        batch = levels * count
        arrays = np.zeros((tables.dests, *lattice.shape, batch), dtype=self.group.dtype)
        position = options.position[chosen]
        cells = np.ravel_multi_index((options.dest[chosen], position[:, 0], position[:, 1], position[:, 2]), arrays.shape[:4])
        slots = local[options.row[chosen]][:, None] + count * np.arange(levels)[None, :]
        np.maximum.at(arrays.reshape(-1), (cells[:, None] * batch + slots).ravel(), values.reshape(-1))
        return arrays

    def _hold_values(self, targets: Array, colours: Array, after: Array, dice: Dice, levels: int) -> tuple[Array, Array]:
        """A hold's value: the best discard of the dice left (at least two: one to discard, one to roll);
        `after`: the keys of the pools left before the discard."""
        rest = np.array(dice) - colours
        keep = rest.sum(axis=1) >= 2
        has = rest > 0
        values = np.zeros((len(targets), levels), dtype=self.group.dtype)
        candidates = (has[:, GREEN], has[:, YELLOW] & (~has[:, GREEN] | self.terror_useful), has[:, RED] & ~has[:, GREEN] & ~has[:, YELLOW])
        for colour, candidate in enumerate(candidates):
            chosen = np.flatnonzero(candidate & keep)
            if len(chosen):
                columns = self.group.columns_of(after[chosen] - DISCARD_KEYS[colour])
                values[chosen] = np.maximum(values[chosen], self.values[targets[chosen], :levels, columns])
        return keep, values

    def _completed(self, lattice: Lattice, arrays: Array, count: int) -> Array:
        """With a terror effect, completions are on the roll as it fell: their own max. Completions that
        leave extra green dice on an investigation box need that many green investigation dice."""
        levels = self.clues + 1
        best = np.zeros((levels, *lattice.full_shape, count), dtype=self.group.dtype)
        for need_inv, options in enumerate(arrays):
            if not options.any():
                continue
            found = self._by_level(lattice.closure_at_rolls(options), levels, count)
            if need_inv:
                shown = self.group.green_counts(self, lattice, self.green_inv)
                found[:, shown < need_inv] = self.zero
            np.maximum(best, found, out=best)
        return best

    def _clue(self, lattice: Lattice, best: Array) -> Array:
        """Spending a clue: every roll's best over the partial rolls it may keep (rerolling the rest,
        with one clue fewer), the whole roll excepted."""
        expected = lattice.expectation(best)
        expected[lattice.full] = self.zero
        return lattice.closure_at_rolls(expected)

    def _after_terror(self, lattice: Lattice, core: Array, rows: Array, clues: int, cores: dict[int, tuple[Array, Array]] | None) -> Array:
        """The failed-roll part of each roll (core: [*roll, row]) once its green Terrors struck."""
        kind = self.green_terror
        if kind is None:
            return core
        result = core.copy()
        shown = self.group.green_counts(self, lattice, (kind.local,))
        if self.terror == "fail":
            result[shown > 0] = self.zero
            return result
        green, yellow, red = lattice.dice
        for lost in range(1, green + 1):
            struck = np.flatnonzero(shown == lost)
            if not len(struck):
                continue
            if green - lost + yellow + red == 0 or cores is None:
                result[struck] = self.zero
                continue
            local, fallback = cores[green - lost]
            left = self.group.without_green(self, lattice, kind.local, lost)[struck]
            result[struck] = fallback[clues][left][..., local[rows]]
        return result

    # -- the options of every template -------------------------------------------------------------------
    def tables(self) -> Tables:
        """The options of every template worth a value, for the pools allowed now (rebuilt when they grow)."""
        limits = (self.group.bounds, self.group.most_dice)
        tables = self._tables
        if tables is None or tables.limits != limits:
            tables = self._tables = Tables(limits, [self.group.solver(self.adventure.without(t), self.terror) for t in self.eligible])
        tables.built += [False] * (len(self.templates) - len(tables.built))
        todo = [tid for tid, done in enumerate(tables.built) if not done and self.reach[tid][0] >= 0]
        if todo:
            self._add_options(tables, todo)
            for tid in todo:
                tables.built[tid] = True
        return tables

    def _add_options(self, tables: Tables, tids: list[int]) -> None:
        holds = [choice for tid in tids for choice in self._hold_choices(tid)]
        taken = np.array([c for _tid, c, _target in holds], dtype=np.int64).reshape(len(holds), len(self.kinds))
        tables.add(self._options([t for t, _c, _target in holds], taken, [t for _tid, _c, t in holds], source=0))
        for index, task in enumerate(self.eligible):
            choices = [choice for tid in tids for choice in self._completion_choices(task, tid, tables)]
            if choices:
                rows, takens, targets = (np.concatenate(parts) for parts in zip(*choices, strict=True))
                extras = self.terror == "fail" and any(box.inv for box in task) and bool(self.green_inv)
                tables.add(self._options(rows, takens, targets, source=index + 1, extras=extras))

    def _hold_choices(self, tid: int) -> Iterator[tuple[int, tuple[int, ...], int]]:
        """After a failed roll: every marker and spells choice of holdable dice: (row, dice held as
        counts per kind, template after)."""
        template = self.templates[tid]
        own, _other, focus, assist, spells = template
        seen: set[tuple[tuple[int, ...], int]] = set()
        markers: list[tuple[str, Kind | None]] = [("", None)]
        if own == NO_FACE and focus:
            markers += [("own", k) for k in self.holdable]
        if assist:
            markers += [("assist", k) for k in self.holdable]
        for marker, marked in markers:
            for size in range(spells + 1):
                if size + (marked is not None) + 2 > self.group.most_dice:
                    break  # a die is discarded and one rolled: the pool must hold them all
                for combo in itertools.combinations_with_replacement(self.holdable, size):
                    counts = self._counts_by_kind(combo + ((marked,) if marked is not None else ()))
                    target = self.register(self._after_hold(template, marker, marked.face if marked else NO_FACE, [k.face for k in combo]))
                    if (counts, target) not in seen:
                        seen.add((counts, target))
                        yield tid, counts, target

    def _completion_choices(self, task: Task, tid: int, tables: Tables) -> Iterator[tuple[Array, Array, Array]]:
        """Every way to complete `task`: the rolled dice filling it (held ones too), then the dice put
        on spells, with the template after it: (rows, dice taken as counts per kind, templates after)."""
        own, other, focus, assist, spells = self.templates[tid]
        sub = self.group.solver(self.adventure.without(task), self.terror)
        spell_kinds = self._spell_kinds(sub)
        combos = [c for size in range(spells + 1 if spell_kinds else 1) for c in itertools.combinations_with_replacement(spell_kinds, size)]
        spelled = np.array([self._counts_by_kind(c) for c in combos], dtype=np.int64).reshape(len(combos), len(self.kinds))
        for usage in self._usages(task, tid):
            fillings = self._fillings(usage.residual, tables)
            if not len(fillings):
                continue
            own_after, other_after = self._after_usage(own, other, usage.own_used, usage.other_used)
            targets = np.array([sub.register(sub.template(own_after, other_after + tuple(k.face for k in c), focus, assist, spells - len(c)))
                                for c in combos], dtype=np.int64)
            taken = (fillings[:, None, :] + spelled[None, :, :]).reshape(-1, len(self.kinds))
            yield np.full(len(taken), tid, dtype=np.int64), taken, np.tile(targets, len(fillings))

    def _fillings(self, residual: Residual, tables: Tables) -> Array:
        """Every multiset of rolled kinds that fills what is left (counts per kind), within the pools allowed."""
        found = tables.fillings.get(residual)
        if found is None:
            faces = [k.face for k in self.kinds]
            colours = [k.colour for k in self.kinds]
            counts = [c for c in rolled_fillings(residual, faces, colours, self.inv_value, self.group.bounds) if sum(c) <= self.group.most_dice]
            found = np.array(counts, dtype=np.int64).reshape(len(counts), len(self.kinds))
            tables.fillings[residual] = found
        return found

    def _options(self, rows: Any, taken: Array, targets: Any, source: int, extras: bool = False) -> Options:
        """Options from dice taken as counts per kind (rows of `taken`), within the pools allowed; with
        `extras` (a Terror ends the attempt), also every count of extra green investigation dice left on
        an investigation box."""
        row, target = np.asarray(rows, dtype=np.int64), np.asarray(targets, dtype=np.int64)
        colours = np.stack([taken[:, [k.index for k in kinds]].sum(axis=1) for kinds in self.by_colour], axis=1)
        bounds, most = np.array(self.group.bounds), self.group.most_dice
        fits = (colours <= bounds).all(axis=1) & (colours.sum(axis=1) <= most)
        row, taken, target, colours = row[fits], taken[fits], target[fits], colours[fits]
        position = np.stack([axis.positions_of(taken[:, [k.index for k in kinds]]) for axis, kinds in zip(self.axes, self.by_colour, strict=True)],
                            axis=1)
        # holds feed the array of failed rolls; completions too unless a terror effect sets them apart
        dest = 0 if source == 0 or self.terror == "none" else 1
        sources = np.full(len(row), source, dtype=np.int64)
        parts = [Options(row, position, colours, target, sources, np.full(len(row), dest, dtype=np.int64), dice_key(*colours.T))]
        if extras:
            shown = taken[:, [self.by_colour[GREEN][local].index for local in self.green_inv]].sum(axis=1)
            for extra in range(1, bounds[GREEN] + 1):
                more = colours.copy()
                more[:, GREEN] += extra
                fits = (more[:, GREEN] <= bounds[GREEN]) & (more.sum(axis=1) <= most)
                parts.append(Options(row, position, more, target, sources, 1 + shown + extra, dice_key(*more.T)).take(np.flatnonzero(fits)))
        return Options.join(parts)

    def _counts(self, taken: Sequence[Kind]) -> tuple[tuple[int, ...], ...]:
        by_colour = [[0] * len(kinds) for kinds in self.by_colour]
        for kind in taken:
            by_colour[kind.colour][kind.local] += 1
        return tuple(tuple(c) for c in by_colour)

    def _counts_by_kind(self, taken: Sequence[Kind]) -> tuple[int, ...]:
        counts = [0] * len(self.kinds)
        for kind in taken:
            counts[kind.index] += 1
        return tuple(counts)

    # -- the roll on the table: its best, the expectation of each keep ------------------------------------------
    def roll_tables(self, ctx: Context, dice: Dice) -> tuple[Lattice, Array]:
        """The lattice of this pool and best[roll] for this situation (the clues in `ctx`)."""
        self.value(ctx, dice)
        tid = self.template_ids[self.template(ctx[0], ctx[1], ctx[2], ctx[3], ctx[4])]
        key = (tid, ctx[5], dice)
        found = self._roll_tables.get(key)
        if found is None:
            found = self._build_roll_table(tid, ctx[5], dice)
            self._roll_tables[key] = found
            if len(self._roll_tables) > 16:
                self._roll_tables.popitem(last=False)
        return found

    def _build_roll_table(self, tid: int, clues: int, dice: Dice) -> tuple[Lattice, Array]:
        rows = np.array([tid], dtype=np.int64)
        cores: dict[int, tuple[Array, Array]] = {}
        if self.terror == "discard":
            for green in range(dice[GREEN]):
                _best, core = self.evaluate((green, dice[YELLOW], dice[RED]), rows, cores)
                cores[green] = (self._local(rows), core)
        best, _core = self.evaluate(dice, rows, cores)
        return self.group.lattice(self, dice), best[clues, ..., 0]

    def decide(self, ctx: Context, dice: Dice, code: Code) -> Number:
        """The best chance after this roll (`code`), with everything held and left as in `ctx`."""
        if self.done:
            return self.one
        lattice, best = self.roll_tables(ctx, dice)
        return best[tuple(c - s.start for c, s in zip(code, lattice.full, strict=True))]

    def expectations(self, ctx: Context, rolled: Dice) -> Expectations:
        """E(K) for every partial roll K of `rolled`: the chance when K is kept and the rest rolled."""
        lattice, best = self.roll_tables(ctx, rolled)
        return Expectations(lattice.expectation(best[..., None])[..., 0])

    def kind_of(self, colour: int, face: int) -> Kind:
        """The kind a die of this colour showing this (real) face counts as here."""
        abstract = self.face_map[face]
        return next(k for k in self.by_colour[colour] if k.face == abstract)

    def code_of(self, dice: Sequence[tuple[int, int]]) -> Code:
        counts = self._counts([self.kind_of(colour, face) for colour, face in dice])
        for axis, c in zip(self.axes, counts, strict=True):
            axis.extend(sum(c))  # a roll may be coded before any query laid its pool out
        g, y, r = (axis.position[c] for axis, c in zip(self.axes, counts, strict=True))
        return (g, y, r)


class Expectations:
    """E by the code of the kept dice (Solver.code_of)."""

    def __init__(self, table: Array):
        self.table = table

    def __getitem__(self, code: Code) -> Number:
        return self.table[code]


class Tables:
    """A solver's options (holds after a failed roll, completions of each eligible task), built for
    the pools allowed at `limits` (bounds per colour, most dice), with the solvers of what remains."""

    def __init__(self, limits: tuple[Dice, int], subs: list[Solver]):
        self.limits = limits
        self.subs = subs
        #: how many arrays the options feed (Options.dest)
        self.dests = 1
        self.parts: list[Options] = []
        self._merged: Options | None = None
        self.fillings: dict[Residual, Array] = {}
        #: per template: its options are in the tables
        self.built: list[bool] = []

    def add(self, options: Options) -> None:
        self.parts.append(options)
        self._merged = None

    def merged(self) -> Options:
        """Every option, by source (holds first, then each task's completions)."""
        if self._merged is None:
            joined = Options.join(self.parts)
            self._merged = joined.take(np.argsort(joined.source, kind="stable"))
            self.dests = int(joined.dest.max()) + 1 if len(joined) else 1
            self.parts = [self._merged]
        return self._merged


class Solvers:
    """The solvers of one kind of arithmetic, by (remaining adventure, terror effect): their values are
    shared by every query, so a table of queries about one adventure costs little more than its largest."""

    def __init__(self, exact: bool = False):
        self.exact = exact
        self.num: Callable[[int], Number] = Fraction if exact else float
        self.dtype: Any = object if exact else np.float64
        self._solvers: dict[tuple[Adventure, Terror], Solver] = {}
        self._axes: dict[tuple[int, ...], ColourAxis] = {}
        self._lattices: dict[tuple[Any, Dice], Lattice] = {}
        self._green_counts: dict[tuple[Any, Dice, tuple[int, ...]], Array] = {}
        self._without_green: dict[tuple[Any, Dice, int, int], Array] = {}
        #: the most dice of each colour, and in all, any query has had: the pools laid out
        self.bounds: Dice = (0, 0, 0)
        self.most_dice = 0
        self._columns = np.full(dice_key(MOST, MOST, MOST) + 1, -1, dtype=np.int64)
        self.columns = 0

    def solver(self, adventure: Adventure, terror: Terror) -> Solver:
        key = (adventure, terror)
        found = self._solvers.get(key)
        if found is None:
            found = Solver(adventure, terror, self)
            self._solvers[key] = found
        return found

    def prepare(self, clues: int) -> None:
        """Kept for callers that announce the clues of the queries to come; values are kept per solver."""

    # -- a query ----------------------------------------------------------------------------------------------
    def value_of(self, solver: Solver, template: Template, clues: int, dice: Dice) -> Number:
        self._widen(dice)
        family = solver.descendants()
        for member in family:
            member.keep_clues(clues)
        tid = solver.register(template)
        self._discover(solver, tid, dice)
        column = self.column(dice)
        solver.make_room()
        if not solver.known[tid, column]:
            for member in family:
                member.settle()
        value = solver.values[tid, clues, column]
        return float(value) if not self.exact else value

    def _widen(self, dice: Dice) -> None:
        bounds = tuple(max(a, b) for a, b in zip(self.bounds, dice, strict=True))
        if bounds != self.bounds or sum(dice) > self.most_dice:
            self.bounds = bounds  # type: ignore[assignment]
            self.most_dice = max(self.most_dice, sum(dice))
            for axis in self._axes.values():
                axis.extend(max(bounds))
            for pool in self.pools():
                key = dice_key(*pool)
                if self._columns[key] < 0:
                    self._columns[key] = self.columns
                    self.columns += 1

    def _discover(self, solver: Solver, tid: int, dice: Dice) -> None:
        """Every template reachable from this one, with the most free dice it may have: a successor has
        the dice of its predecessor less those that surely left the pool."""
        stack = [(solver, tid)]
        if not _widen_reach(solver.reach[tid], [sum(dice), *dice]) and solver._successors[tid] is not None:
            return
        while stack:
            here, at = stack.pop()
            total, *colours = here.reach[at]
            for there, target, cost in here.successors(at):
                if _widen_reach(there.reach[target], [total - cost, *colours]) or there._successors[target] is None:
                    stack.append((there, target))

    def pools(self) -> list[Dice]:
        """Every pool within the bounds, each after the pools inside it."""
        g, y, r = self.bounds
        return [(green, yellow, red) for red in range(r + 1) for yellow in range(y + 1) for green in range(g + 1)
                if green + yellow + red <= self.most_dice]

    def chains(self) -> list[list[Dice]]:
        """The pools by (yellow, red), green counts rising: what dice lost to Terror fall back on."""
        chains: dict[tuple[int, int], list[Dice]] = {}
        for pool in self.pools():
            chains.setdefault((pool[YELLOW], pool[RED]), []).append(pool)
        return list(chains.values())

    def column(self, dice: Dice) -> int:
        return int(self._columns[dice_key(*dice)])

    def columns_of(self, keys: Array) -> Array:
        """The value columns of pools given by their keys (dice_key)."""
        return self._columns[keys]

    def unknown(self, shape: tuple[int, ...]) -> Array:
        """A value array not yet computed: NaN (None when exact), so that a value read before it is
        computed spoils the answer loudly instead of passing for a chance."""
        return np.full(shape, None if self.exact else np.nan, dtype=self.dtype)

    # -- shared layouts ---------------------------------------------------------------------------------------
    def axes(self, by_colour: Sequence[Sequence[Kind]]) -> tuple[ColourAxis, ColourAxis, ColourAxis]:
        found = []
        for kinds in by_colour:
            sides = tuple(k.sides for k in kinds)
            axis = self._axes.get(sides)
            if axis is None:
                axis = self._axes[sides] = ColourAxis(sides, max(self.bounds))
            found.append(axis)
        return (found[0], found[1], found[2])

    def lattice(self, solver: Solver, dice: Dice) -> Lattice:
        key = (solver.signature, dice)
        found = self._lattices.get(key)
        if found is None:
            found = self._lattices[key] = Lattice(solver.axes, dice, self.exact)
        return found

    def green_counts(self, solver: Solver, lattice: Lattice, locals_: tuple[int, ...]) -> Array:
        """For each full green roll of the lattice: how many of its dice are of these green kinds."""
        key = (solver.signature, lattice.dice, locals_)
        found = self._green_counts.get(key)
        if found is None:
            axis = solver.axes[GREEN]
            found = self._green_counts[key] = axis.counts[lattice.full[GREEN]][:, list(locals_)].sum(axis=1)
        return found

    def without_green(self, solver: Solver, lattice: Lattice, local: int, lost: int) -> Array:
        """For each full green roll: its place among the rolls of `lost` fewer dice once `lost` dice of
        that kind are gone (meaningful where it has them)."""
        key = (solver.signature, lattice.dice, local, lost)
        found = self._without_green.get(key)
        if found is None:
            axis = solver.axes[GREEN]
            counts = axis.counts[lattice.full[GREEN]].copy()
            counts[:, local] = np.maximum(counts[:, local] - lost, 0)
            smaller = lattice.dice[GREEN] - lost
            found = self._without_green[key] = axis.positions_of(counts) - axis.start[smaller]
        return found

    # -- memory ---------------------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        """How many situations (template x clues x pool) are known: what a long-running companion watches."""
        return sum(int(s.known.sum()) * (s.clues + 1) for s in self._solvers.values())

    @property
    def entries(self) -> int:
        """Every value slot held (known or not): what the memory grows with (8 bytes each as floats)."""
        return sum(s.values.size for s in self._solvers.values())

    def clear(self) -> None:
        self._solvers.clear()
        self._lattices.clear()
        self._green_counts.clear()
        self._without_green.clear()
        self.bounds = (0, 0, 0)
        self.most_dice = 0
        self._columns[:] = -1
        self.columns = 0


def _widen_reach(reach: list[int], more: list[int]) -> bool:
    """reach := the larger of itself and `more`, per entry; whether it grew."""
    grown = False
    for i, value in enumerate(more):
        if value > reach[i]:
            reach[i] = value
            grown = True
    return grown


def _count(items: Iterator[int] | Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


__all__ = ["LORE", "NO_FACE", "PERIL", "SYMBOLS", "TERROR", "TERROR_EFFECTS", "YELLOW", "Solver", "Solvers"]
