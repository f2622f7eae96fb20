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

The solver works on counts, never on ordered dice:

- **Abstraction.** Per adventure (and per remaining part of it) faces that fill nothing become
  BLANK, investigation values above the largest investigation box are cut to it, and a Wild that
  only ever counts as investigation becomes a 4. Faces that behave the same merge, so rolls merge.
- **Rolls as multisets** of (colour, face) kinds, weighted by multinomial counts, packed into one
  int: 5 bits per kind (4 bits of count and a guard bit), so "these dice are among those rolled" is
  one subtraction and one AND.
- **Memoisation across the whole attempt** and across queries: one solver per (remaining adventure,
  terror effect), each keeping the value of every (what is held, what is left to spend, free dice).
  Completing a task moves to the solver of the rest of the adventure.
- **Decisions as sorted options.** For a situation (held dice, budgets, free dice) every completion
  (task, dice used, spells after it) and every hold-then-discard is built once as (chance after it,
  the dice it needs); a roll's best is the first option, in falling order, whose dice it holds.
- **Clues** reroll any subset: the chance after keeping K is the expectation over the rerolled dice,
  computed for every K at once by rolling one die at a time over the lattice of partial rolls, and
  the best K inside a roll by a running maximum over its sub-multisets.
- **Exact dominance only:** budgets beyond what the free dice could ever use are cut (a focus, an
  assist or a spell takes a die each); a useless held die on a spell is dropped; with no terror
  effect a useless die is never worth keeping through a clue; dice beyond a box's need are placed on
  an investigation box only when a Terror would end the attempt (otherwise a free die is worth at
  least as much: it can always be the one discarded); a discard takes the lowest colour there is (a
  red die rolls at least as well as a yellow or a green, a yellow as a green when no box takes Terror).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

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
    SIDES,
    SYMBOLS,
    TERROR,
    WILD,
    YELLOW,
)
from companion.games.eldersign.odds.tasks import Adventure, Box, Task

Terror = Literal["none", "fail", "discard"]
TERROR_EFFECTS: tuple[Terror, ...] = ("none", "fail", "discard")
Number = Any  # float, or Fraction when asked for exact odds

BITS = 5
FIELD = (1 << BITS) - 1
NO_FACE = -1
#: the order in which a partial roll is completed, one die at a time (any fixed order gives the same sums)
ROLL_ORDER = (RED, YELLOW, GREEN)


@dataclass(frozen=True)
class Kind:
    """A rolled die as the solver counts it: its colour, its (abstract) face and how many of the six
    sides show that face; `unit` is one such die in a roll's code."""

    index: int
    colour: int
    face: int
    sides: int
    unit: int


# A situation inside one solver: (own, other, focus, assist, spells, clues)
#   own     the face on the investigator's own marker (NO_FACE: empty)
#   other   faces held on spells and assisting markers, sorted (each holds its die once)
#   focus, assist, spells, clues: what is left to spend
Context = tuple[int, tuple[int, ...], int, int, int, int]
Dice = tuple[int, int, int]
Option = tuple[Number, int, int, int]  # (chance after, dice needed, green investigation dice to add, their count in need)


class Solver:
    """Every situation of one adventure (as it remains) under one terror effect."""

    def __init__(self, adventure: Adventure, terror: Terror, solvers: Solvers):
        self.adventure = adventure
        self.terror = terror
        self.solvers = solvers
        self.num: Callable[[int], Number] = solvers.num
        self.one = self.num(1)
        self.zero = self.num(0)
        boxes = [box for task in adventure.tasks for box in task]
        symbols = {s for box in boxes for s in box.symbols}
        self.inv_max = max((box.inv for box in boxes), default=0)
        self.face_map = tuple(self._abstract(face, symbols) for face in range(9))
        self.terror_useful = TERROR in symbols
        self.inv_value = tuple(min(INVESTIGATION[face], self.inv_max) for face in range(9))
        self.useful = frozenset(f for f in range(9) if f != BLANK and (f in symbols or f == WILD or self.inv_value[f]))
        self.kinds: list[Kind] = []
        for colour, faces in enumerate(COLOUR_FACES):
            for face, count in sorted(_count(self.face_map[f] for f in faces).items()):
                self.kinds.append(Kind(len(self.kinds), colour, face, count, 1 << (BITS * len(self.kinds))))
        self.by_colour = tuple(tuple(k for k in self.kinds if k.colour == c) for c in range(3))
        self.guard = sum(1 << (BITS * k.index + BITS - 1) for k in self.kinds)
        green_terror = [k for k in self.by_colour[GREEN] if k.face == TERROR]
        self.green_terror = green_terror[0] if green_terror else None
        self.green_inv = tuple(k for k in self.by_colour[GREEN] if self.inv_value[k.face])
        self.eligible = adventure.eligible()
        #: the fields of the kinds a clue may keep: with no terror effect a useless die is better rerolled
        self.keep_mask = sum(FIELD << (BITS * k.index) for k in self.kinds if terror != "none" or k.face in self.useful)
        self.keepable = tuple(k for k in self.kinds if terror != "none" or k.face in self.useful)
        #: rolls depend only on the kinds: solvers with the same ones share them
        self.signature = tuple((k.colour, k.face, k.sides) for k in self.kinds)
        self.values: dict[tuple[Context, Dice], Number] = {}
        self.dtables: dict[tuple[Context, Dice], dict[int, Number]] = {}
        self.clue_tables: dict[tuple[Context, Dice], dict[int, Number]] = {}
        self._completion_options: dict[tuple[Context, Dice], OptionIndex] = {}
        self._hold_options: dict[tuple[Context, Dice], OptionIndex] = {}
        self._clue_keeps: dict[int, tuple[int, ...]] = {}
        self._fillings: dict[tuple[Task, int, tuple[int, ...], Dice], list[tuple[int, Dice, bool, tuple[int, ...]]]] = {}

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

    # -- entering a situation -----------------------------------------------------------------------
    def enter(self, own: int, other: Sequence[int], focus: int, assist: int, spells: int, clues: int, dice: Dice) -> Number:
        """The chance from a situation given in any solver's faces, before the free dice are rolled."""
        if self.adventure.done:
            return self.one
        free = dice[0] + dice[1] + dice[2]
        if free == 0:
            return self.zero
        return self.value(self.context(own, other, focus, assist, spells, clues, free), dice)

    def context(self, own: int, other: Sequence[int], focus: int, assist: int, spells: int, clues: int, free: int) -> Context:
        """The canonical situation: faces in this solver's terms, budgets cut to what `free` dice can use."""
        fmap = self.face_map
        own = fmap[own] if own != NO_FACE else NO_FACE
        held = [fmap[f] for f in other]
        focus, assist, spells = min(focus, free), min(assist, free), min(spells, free)
        if own != NO_FACE and focus == 0:  # the marker will never be used again: its die is just held
            held.append(own)
            own = NO_FACE
        return (own, tuple(sorted(f for f in held if f != BLANK)), focus, assist, spells, clues)

    def value(self, ctx: Context, dice: Dice) -> Number:
        key = (ctx, dice)
        found = self.values.get(key)
        if found is None:
            found = self._evaluate(ctx, dice)
            self.values[key] = found
        return found

    # -- one situation: every roll of the free dice --------------------------------------------------
    def _evaluate(self, ctx: Context, dice: Dice) -> Number:
        keep_table = self.solvers.keep_tables and ctx[5] < self.solvers.max_clues
        table: dict[int, Number] | None = {} if keep_table else None
        total = self.zero
        decide = self.decider(ctx, dice)
        for code, chance in self.rolls(dice):
            best = decide(code)
            if table is not None:
                table[code] = best
            total += chance * best
        if table is not None:
            self.dtables[(ctx, dice)] = table
        return total

    def decide(self, ctx: Context, dice: Dice, code: int) -> Number:
        """The best chance after this roll (`code`), with everything held and left as in `ctx`."""
        return self.decider(ctx, dice)(code)

    def decider(self, ctx: Context, dice: Dice) -> Callable[[int], Number]:
        """best(code): the best chance after a roll of `dice`, for every roll of them (the options are
        built once for the situation; a roll only looks them up)."""
        completions = self.completion_index(ctx, dice)
        completed = completions.best
        one, zero = self.one, self.zero
        terror_kind = self.green_terror
        terror_shift = BITS * terror_kind.index if terror_kind is not None else 0
        terror_unit = terror_kind.unit if terror_kind is not None else 0
        ends = self.terror == "fail"
        loses_dice = self.terror == "discard"
        clues = ctx[5]
        spent = (ctx[0], ctx[1], ctx[2], ctx[3], ctx[4], clues - 1)
        top_completion = completions.values[0] if completions.values else zero
        hold_indexes: dict[int, Callable[[int], Number]] = {}
        clue_tables: dict[int, dict[int, Number] | None] = {}
        keeps = self.clue_keeps

        def best(code: int) -> Number:
            terror_dice = (code >> terror_shift) & FIELD if terror_kind is not None else 0
            if terror_dice and ends:
                failed = zero  # a roll that completes nothing ends the attempt
            else:
                roll, rolled, lost = code, dice, 0
                if terror_dice and loses_dice:
                    lost = terror_dice
                    roll = code - lost * terror_unit
                    rolled = (dice[0] - lost, dice[1], dice[2])
                holds = hold_indexes.get(lost)
                if holds is None:
                    holds = hold_indexes[lost] = self.hold_index(ctx, rolled).best
                failed = holds(roll)
                if clues and failed < one:
                    if lost not in clue_tables:
                        clue_tables[lost] = self.clue_table(spent, rolled) if sum(rolled) else None
                    table = clue_tables[lost]
                    if table is not None:
                        for kept in keeps(roll):
                            value = table[kept]
                            if value > failed:
                                failed = value
            if top_completion > failed:
                done = completed(code)
                if done > failed:
                    return done
            return failed

        return best

    def _green_inv_count(self, code: int) -> int:
        return sum((code >> (BITS * k.index)) & FIELD for k in self.green_inv)

    # -- rolls -----------------------------------------------------------------------------------------
    def rolls(self, dice: Dice) -> list[tuple[int, Number]]:
        """Every distinct roll of these free dice and its chance (multinomial counts over 6^n)."""
        key = (self.signature, dice)
        found = self.solvers.rolls.get(key)
        if found is None:
            found = []
            parts = [self._colour_rolls(colour, dice[colour]) for colour in range(3)]
            denominator = self.num(SIDES ** sum(dice))
            for combo in itertools.product(*parts):
                code = combo[0][0] + combo[1][0] + combo[2][0]
                found.append((code, self.num(combo[0][1] * combo[1][1] * combo[2][1]) / denominator))
            self.solvers.rolls[key] = found
        return found

    def _colour_rolls(self, colour: int, count: int) -> list[tuple[int, int]]:
        """(code, ways) of every multiset of `count` dice of one colour."""
        key = (self.signature, colour, count)
        found = self.solvers.colour_rolls.get(key)
        if found is None:
            kinds = self.by_colour[colour]
            found = []
            for counts in _compositions(count, len(kinds)):
                ways = math.factorial(count)
                code = 0
                for kind, n in zip(kinds, counts, strict=True):
                    ways = ways // math.factorial(n) * kind.sides ** n
                    code += n * kind.unit
                found.append((code, ways))
            self.solvers.colour_rolls[key] = found
        return found

    def partials(self, known: Dice) -> list[int]:
        """The codes of every roll with exactly these numbers of dice of each colour."""
        key = (self.signature, known)
        found = self.solvers.partials.get(key)
        if found is None:
            parts = [[c for c, _w in self._colour_rolls(colour, known[colour])] for colour in range(3)]
            found = [a + b + c for a in parts[0] for b in parts[1] for c in parts[2]]
            self.solvers.partials[key] = found
        return found

    # -- completing a task ------------------------------------------------------------------------------
    def completion_index(self, ctx: Context, dice: Dice) -> OptionIndex:
        """Every way to complete an eligible task from these free dice and the held ones, with the chance
        after it (spells may then hold dice of the rest), indexed for rolls."""
        key = (ctx, dice)
        found = self._completion_options.get(key)
        if found is None:
            found = OptionIndex(self, self._build_completions(ctx, dice))
            self._completion_options[key] = found
        return found

    def _build_completions(self, ctx: Context, dice: Dice) -> list[Option]:
        own, other, focus, assist, spells, clues = ctx
        best: dict[tuple[int, int], tuple[Number, int]] = {}
        for task in self.eligible:
            sub = self.solvers.solver(self.adventure.without(task), self.terror)
            dumps = self.terror == "fail" and any(box.inv for box in task)
            after_value: dict[tuple[Any, ...], Number] = {}
            for need, used, own_used, other_used in self.fillings(task, own, other, dice):
                left = (dice[0] - used[0], dice[1] - used[1], dice[2] - used[2])
                own_after = NO_FACE if own_used else own
                other_after = _minus(other, other_used) if other_used else other
                for held, held_code, held_colours in self._spell_holds(sub, left, spells):
                    rest = (left[0] - held_colours[0], left[1] - held_colours[1], left[2] - held_colours[2])
                    for dump in range(rest[0] + 1 if dumps else 1):
                        after = (rest[0] - dump, rest[1], rest[2])
                        situation = (own_after, other_after, held, after)
                        value = after_value.get(situation)
                        if value is None:
                            value = sub.enter(own_after, other_after + held, focus, assist, spells - len(held), clues, after)
                            after_value[situation] = value
                        option_key = (need + held_code, dump)
                        if option_key not in best or value > best[option_key][0]:
                            best[option_key] = (value, self._green_inv_count(need + held_code) if dumps else 0)
        return [(value, need, dump, need_inv) for (need, dump), (value, need_inv) in best.items()]

    def _spell_holds(self, sub: Solver, left: Dice, spells: int) -> Iterator[tuple[tuple[int, ...], int, Dice]]:
        """After a completion: the dice spells may hold (faces, code, colours), none first; only dice
        useful for the rest of the adventure."""
        yield (), 0, (0, 0, 0)
        if not spells or sub.adventure.done:
            return
        candidates = [k for k in self.kinds if left[k.colour] and sub.face_map[k.face] in sub.useful]
        for size in range(1, min(spells, sum(left)) + 1):
            for combo in itertools.combinations_with_replacement(candidates, size):
                colours = [0, 0, 0]
                for kind in combo:
                    colours[kind.colour] += 1
                if colours[0] <= left[0] and colours[1] <= left[1] and colours[2] <= left[2]:
                    yield tuple(k.face for k in combo), sum(k.unit for k in combo), (colours[0], colours[1], colours[2])

    def fillings(self, task: Task, own: int, other: tuple[int, ...], dice: Dice) -> list[tuple[int, Dice, bool, tuple[int, ...]]]:
        """Every way to fill the task's boxes: (rolled dice as a code, their colours, own marker's die used,
        other held dice used). Investigation boxes take a minimal set (removing any die would leave it short)."""
        key = (task, own, other, dice)
        found = self._fillings.get(key)
        if found is None:
            found = sorted(self._fillings_of(task, own, other, dice))
            self._fillings[key] = found
        return found

    def _fillings_of(self, task: Task, own: int, other: tuple[int, ...], dice: Dice) -> set[tuple[int, Dice, bool, tuple[int, ...]]]:
        sources: list[tuple[int, int, int]] = []  # (face, how many, source id: kind index, -1 own, -2 other)
        for kind in self.kinds:
            if dice[kind.colour] and kind.face in self.useful:
                sources.append((kind.face, dice[kind.colour], kind.index))
        if own != NO_FACE:
            sources.append((own, 1, -1))
        for face, count in sorted(_count(other).items()):
            sources.append((face, count, -2))
        found: set[tuple[int, Dice, bool, tuple[int, ...]]] = set()
        symbol_boxes = [box for box in task if not box.inv]
        inv_boxes = [box.inv for box in task if box.inv]
        colour_caps = list(dice)
        for chosen in self._fill_symbols(symbol_boxes, 0, sources, [0] * len(sources), colour_caps, 0):
            for full in self._fill_inv(inv_boxes, 0, sources, chosen, colour_caps):
                found.add(self._as_need(sources, full))
        return found

    def _fill_symbols(self, boxes: list[Box], start: int, sources: list[tuple[int, int, int]], taken: list[int],
                      caps: list[int], low: int) -> Iterator[list[int]]:
        if start == len(boxes):
            yield taken
            return
        box = boxes[start]
        same_as_last = start > 0 and boxes[start - 1] == box
        for i in range(low if same_as_last else 0, len(sources)):
            face, count, source = sources[i]
            if taken[i] >= count or not (box.accepts(face) or face == WILD):
                continue
            colour = self.kinds[source].colour if source >= 0 else -1
            if colour >= 0 and caps[colour] == 0:
                continue
            taken[i] += 1
            if colour >= 0:
                caps[colour] -= 1
            yield from self._fill_symbols(boxes, start + 1, sources, taken, caps, i)
            taken[i] -= 1
            if colour >= 0:
                caps[colour] += 1

    def _fill_inv(self, boxes: list[int], start: int, sources: list[tuple[int, int, int]], taken: list[int],
                  caps: list[int]) -> Iterator[list[int]]:
        if start == len(boxes):
            yield list(taken)
            return
        for _ in self._fill_one_inv(boxes[start], 0, 0, 99, sources, taken, caps):
            yield from self._fill_inv(boxes, start + 1, sources, taken, caps)

    def _fill_one_inv(self, need: int, first: int, total: int, smallest: int, sources: list[tuple[int, int, int]],
                      taken: list[int], caps: list[int]) -> Iterator[None]:
        """Minimal multisets of investigation dice adding up to `need` (each die necessary)."""
        if total >= need:
            if total - smallest < need:
                yield None
            return
        for i in range(first, len(sources)):
            face, count, source = sources[i]
            value = self.inv_value[face]
            if not value or taken[i] >= count:
                continue
            colour = self.kinds[source].colour if source >= 0 else -1
            if colour >= 0 and caps[colour] == 0:
                continue
            taken[i] += 1
            if colour >= 0:
                caps[colour] -= 1
            yield from self._fill_one_inv(need, i, total + value, min(smallest, value), sources, taken, caps)
            taken[i] -= 1
            if colour >= 0:
                caps[colour] += 1

    def _as_need(self, sources: list[tuple[int, int, int]], taken: list[int]) -> tuple[int, Dice, bool, tuple[int, ...]]:
        code, own_used, other_used = 0, False, []
        colours = [0, 0, 0]
        for (face, _count, source), n in zip(sources, taken, strict=True):
            if not n:
                continue
            if source >= 0:
                kind = self.kinds[source]
                code += n * kind.unit
                colours[kind.colour] += n
            elif source == -1:
                own_used = True
            else:
                other_used += [face] * n
        return code, (colours[0], colours[1], colours[2]), own_used, tuple(sorted(other_used))

    # -- a failed roll: hold, then discard ----------------------------------------------------------------
    def hold_index(self, ctx: Context, rolled: Dice) -> OptionIndex:
        """After a failed roll of these dice: every choice of dice to hold (a marker, spells) and colour to
        discard, as (chance after, dice held), indexed for rolls; holding nothing is always among them."""
        key = (ctx, rolled)
        found = self._hold_options.get(key)
        if found is None:
            found = OptionIndex(self, self._build_holds(ctx, rolled))
            self._hold_options[key] = found
        return found

    def _build_holds(self, ctx: Context, rolled: Dice) -> list[Option]:
        own, other, focus, assist, spells, clues = ctx
        best: dict[int, Number] = {}
        holdable = [k for k in self.kinds if rolled[k.colour] and self._holdable(k)]
        markers: list[tuple[str, Kind | None]] = [("", None)]
        if own == NO_FACE and focus:
            markers += [("own", k) for k in holdable]
        if assist:
            markers += [("assist", k) for k in holdable]
        for slot, marked in markers:
            left = list(rolled)
            if marked is not None:
                left[marked.colour] -= 1
            for size in range(0, min(spells, sum(left) - 1) + 1):
                for combo in itertools.combinations_with_replacement([k for k in holdable if left[k.colour]], size):
                    rest = list(left)
                    for kind in combo:
                        rest[kind.colour] -= 1
                    if min(rest) < 0 or sum(rest) < 2:
                        continue  # a die must be discarded, and one must be left to roll
                    held = tuple(k.face for k in combo)
                    new_own, new_focus, new_assist = own, focus, assist
                    if slot == "own" and marked is not None:
                        new_own, new_focus = marked.face, focus - 1
                    elif slot == "assist" and marked is not None:
                        held += (marked.face,)
                        new_assist = assist - 1
                    code = sum(k.unit for k in combo) + (marked.unit if marked is not None else 0)
                    for colour in self.discards(rest):
                        after = (rest[0] - (colour == 0), rest[1] - (colour == 1), rest[2] - (colour == 2))
                        value = self.enter(new_own, other + held, new_focus, new_assist, spells - size, clues, after)
                        if code not in best or value > best[code]:
                            best[code] = value
        plain = best.get(0, self.zero)
        return [(value, code, 0, 0) for code, value in best.items() if code == 0 or value > plain]

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

    def _holdable(self, kind: Kind) -> bool:
        """Worth holding: a face that fills something; or, when a Terror ends the attempt, any green die
        (held, it is not rolled again)."""
        return kind.face in self.useful or (self.terror == "fail" and kind.colour == GREEN)

    # -- clues: reroll any subset -----------------------------------------------------------------------
    def clue_keeps(self, code: int) -> tuple[int, ...]:
        """The kept multisets whose table entries hold the best clue for this roll: its keepable part when
        that is a proper subset, else the roll less one die of each kind it has."""
        found = self._clue_keeps.get(code)
        if found is None:
            kept = code & self.keep_mask
            if kept != code:
                found = (kept,)
            else:
                found = tuple(code - k.unit for k in self.kinds if (code >> (BITS * k.index)) & FIELD) or (0,)
            self._clue_keeps[code] = found
        return found

    def clue_table(self, ctx: Context, rolled: Dice) -> dict[int, Number]:
        """For every multiset K of kept dice (keepable kinds only) of a roll of `rolled`: the best chance
        over the subsets of K of keeping them and rerolling the rest, with `ctx` (one clue spent)."""
        key = (ctx, rolled)
        found = self.clue_tables.get(key)
        if found is None:
            expectation = self.expectations(ctx, rolled)
            found = self._running_max(expectation, rolled)
            self.clue_tables[key] = found
        return found

    def expectations(self, ctx: Context, rolled: Dice) -> dict[int, Number]:
        """E(K) for every partial roll K: the chance when K is kept and the rest of `rolled` is rolled —
        one die at a time (red, yellow, then green), from the full rolls down."""
        full = self.dtables.get((ctx, rolled))
        if full is None:
            self.value(ctx, rolled)
            full = self.dtables.get((ctx, rolled))
            if full is None:  # the situation was met before tables were kept: decide its rolls again
                decide = self.decider(ctx, rolled)
                full = {code: decide(code) for code, _chance in self.rolls(rolled)}
                self.dtables[(ctx, rolled)] = full
        table: dict[int, Number] = dict(full)
        sixth = [self.num(k.sides) / self.num(SIDES) for k in self.kinds]
        for colour, codes in self._expectation_plan(rolled):
            kinds = [(k.unit, sixth[k.index]) for k in self.by_colour[colour]]
            for code in codes:
                total = self.zero
                for unit, chance in kinds:
                    total += chance * table[code + unit]
                table[code] = total
        return table

    def _expectation_plan(self, rolled: Dice) -> list[tuple[int, list[int]]]:
        """The partial rolls of `rolled` short of full, most dice known first, grouped by the colour
        their next die is of."""
        key = (self.signature, rolled)
        found = self.solvers.expectation_plans.get(key)
        if found is None:
            counts = [(g, y, r) for g in range(rolled[0] + 1) for y in range(rolled[1] + 1) for r in range(rolled[2] + 1)]
            counts.sort(key=sum, reverse=True)
            found = [(next(c for c in ROLL_ORDER if known[c] < rolled[c]), self.partials(known)) for known in counts if known != rolled]
            self.solvers.expectation_plans[key] = found
        return found

    def _running_max(self, expectation: dict[int, Number], rolled: Dice) -> dict[int, Number]:
        """M(K) = max over K' inside K of E(K'), for K of keepable kinds: a running maximum along one
        kind at a time (the multisets are a product of chains)."""
        codes, steps = self._keep_lattice(rolled)
        result = {code: expectation[code] for code in codes}
        for pairs in steps:
            for code, smaller in pairs:
                value = result[smaller]
                if value > result[code]:
                    result[code] = value
        return result

    def _keep_lattice(self, rolled: Dice) -> tuple[list[int], list[list[tuple[int, int]]]]:
        """The multisets of keepable kinds inside a roll of `rolled`, and per keepable kind the pairs
        (K, K less one die of that kind) in increasing order."""
        key = (self.signature, self.keep_mask, rolled)
        found = self.solvers.keep_lattices.get(key)
        if found is None:
            parts = []
            for colour in range(3):
                kinds = [k for k in self.keepable if k.colour == colour]
                part = [0]
                for size in range(1, rolled[colour] + 1):
                    part += [sum(n * k.unit for k, n in zip(kinds, counts, strict=True)) for counts in _compositions(size, len(kinds))] if kinds else []
                parts.append(part)
            codes = sorted(a + b + c for a in parts[0] for b in parts[1] for c in parts[2])
            steps = [[(code, code - k.unit) for code in codes if (code >> (BITS * k.index)) & FIELD] for k in self.keepable]
            found = (codes, steps)
            self.solvers.keep_lattices[key] = found
        return found

    # -- helpers -----------------------------------------------------------------------------------------
    def kind_of(self, colour: int, face: int) -> Kind:
        """The kind a die of this colour showing this (real) face counts as here."""
        abstract = self.face_map[face]
        return next(k for k in self.by_colour[colour] if k.face == abstract)

    def code_of(self, dice: Sequence[tuple[int, int]]) -> int:
        return sum(self.kind_of(colour, face).unit for colour, face in dice)


class OptionIndex:
    """Options (chance after, dice needed, extra green investigation dice, ...) sorted best first, with a
    bitset per kind and count ("the options needing at most this many of this kind"), so the best option
    a roll allows is the lowest bit of a few ANDs, however many options there are. The AND of one
    colour's masks is remembered per count of that colour's dice: a roll costs three lookups."""

    def __init__(self, solver: Solver, options: list[Option]):
        options = sorted(options, key=lambda o: o[0], reverse=True)
        self.options = options
        self.values = [o[0] for o in options]
        self.zero = solver.zero
        self.colours: list[tuple[int, list[tuple[int, list[int]]], dict[int, int]]] = []
        for kinds in solver.by_colour:
            fields: list[tuple[int, list[int]]] = []
            colour_mask = 0
            for kind in kinds:
                shift = BITS * kind.index
                needs = [(need >> shift) & FIELD for _v, need, _d, _i in options]
                if any(needs):
                    fields.append((shift, _at_most(needs)))
                    colour_mask |= FIELD << shift
            if fields:
                self.colours.append((colour_mask, fields, {}))
        self.green_inv = [BITS * k.index for k in solver.green_inv]
        extra = [need_inv + dump if dump else 0 for _v, _need, dump, need_inv in options]
        self.inv_masks = _at_most(extra) if any(extra) else None

    def first(self, code: int) -> int:
        """The index of the best option this roll allows, or -1."""
        if not self.values:
            return -1
        allowed = -1
        for colour_mask, fields, known in self.colours:
            part = code & colour_mask
            masks = known.get(part)
            if masks is None:
                masks = -1
                for shift, at_most in fields:
                    n = (part >> shift) & FIELD
                    masks &= at_most[n] if n < len(at_most) else at_most[-1]
                known[part] = masks
            allowed &= masks
            if not allowed:
                return -1
        if self.inv_masks is not None:
            n = sum((code >> shift) & FIELD for shift in self.green_inv)
            allowed &= self.inv_masks[n] if n < len(self.inv_masks) else self.inv_masks[-1]
            if not allowed:
                return -1
        return (allowed & -allowed).bit_length() - 1

    def best(self, code: int) -> Number:
        """The chance after the best option this roll allows (0: none)."""
        index = self.first(code)
        return self.values[index] if index >= 0 else self.zero


def _at_most(needs: list[int]) -> list[int]:
    """masks[n] = the options (as bits) needing at most n."""
    masks = [0] * (max(needs) + 1)
    for i, need in enumerate(needs):
        masks[need] |= 1 << i
    for n in range(1, len(masks)):
        masks[n] |= masks[n - 1]
    return masks


class Solvers:
    """The solvers of one kind of arithmetic, by (remaining adventure, terror effect): their memos are
    shared by every query, so a table of queries about one adventure costs little more than its largest."""

    def __init__(self, exact: bool = False):
        self.exact = exact
        self.num: Callable[[int], Number] = Fraction if exact else float
        self._solvers: dict[tuple[Adventure, Terror], Solver] = {}
        #: rolls and partial rolls by (kinds, dice): shared by solvers whose faces count alike
        self.rolls: dict[Any, list[tuple[int, Number]]] = {}
        self.colour_rolls: dict[Any, list[tuple[int, int]]] = {}
        self.partials: dict[Any, list[int]] = {}
        self.keep_lattices: dict[Any, tuple[list[int], list[list[tuple[int, int]]]]] = {}
        self.expectation_plans: dict[Any, list[tuple[int, list[int]]]] = {}
        #: keep every situation's roll table for the clue tables (queries with clues need them)
        self.keep_tables = False
        self.max_clues = 0

    def solver(self, adventure: Adventure, terror: Terror) -> Solver:
        key = (adventure, terror)
        found = self._solvers.get(key)
        if found is None:
            found = Solver(adventure, terror, self)
            self._solvers[key] = found
        return found

    def prepare(self, clues: int) -> None:
        """Tables are kept for situations with fewer clues than the most a query has asked for."""
        if clues > self.max_clues:
            self.max_clues = clues
            self.keep_tables = True

    @property
    def size(self) -> int:
        """How many situations are remembered (the memory a long-running table companion watches)."""
        return sum(len(s.values) for s in self._solvers.values())

    @property
    def entries(self) -> int:
        """Everything remembered, roll tables included: what the memory grows with (~100 bytes each)."""
        return sum(len(s.values) + sum(map(len, s.dtables.values())) + sum(map(len, s.clue_tables.values()))
                   for s in self._solvers.values())

    def clear(self) -> None:
        self._solvers.clear()
        self.rolls.clear()
        self.colour_rolls.clear()
        self.partials.clear()
        self.keep_lattices.clear()
        self.expectation_plans.clear()
        self.max_clues = 0
        self.keep_tables = False


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write `total` as `parts` counts >= 0."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _count(items: Iterator[int] | Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def _minus(items: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(items)
    for item in taken:
        rest.remove(item)
    return tuple(rest)


__all__ = ["LORE", "NO_FACE", "PERIL", "SYMBOLS", "TERROR", "TERROR_EFFECTS", "YELLOW", "Solver", "Solvers"]
