"""Rolls of a dice pool as multisets, laid out as arrays, and the two passes the engine makes over them.

A die is counted by its *kind*: its colour and the face it shows, as one adventure sees it (faces that
fill the same boxes are one kind, so a kind covers one or more of the die's six sides). A roll is a
multiset of kinds, a *partial roll* a multiset with at most as many dice of each colour as the pool.

**Axes.** The multisets of one colour's kinds are listed smallest first (size, then counts in a fixed
order): the ones of at most n dice are a prefix, the ones of exactly n a contiguous layer. A multiset's
*position* on its axis does not depend on the pool, so the engine stores a choice of dice (dice to
hold, dice that fill a task) once, as three positions.

**Lattice.** For a pool (green, yellow, red) every partial roll is one cell of a 3-d array, one axis
per colour; the full rolls are the block of the last layers. Two passes, batched over many rows
(situations) at once:

- `closure_at_rolls`: for values F on partial rolls, every full roll's max of F over the partial rolls
  inside it ("the best option this roll allows"), one axis after the other, one layer at a time.
- `expectation`: for values on full rolls, every partial roll's expectation when its missing dice are
  rolled: one matrix product per colour (the colours roll independently).

Chances are floats, or Fractions (object arrays) for exact answers; the passes are the same.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from companion.games.eldersign.odds.dice import SIDES

Array = np.ndarray[Any, Any]
Number = Any
Arithmetic = Callable[[int], Number]


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to write `total` as `parts` counts >= 0, the first count largest first."""
    if parts == 0:
        return [()] if total == 0 else []
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total, -1, -1) for rest in compositions(total - first, parts - 1)]


class ColourAxis:
    """The multisets of one colour's kinds, up to `most` dice, smallest first."""

    def __init__(self, sides: tuple[int, ...], most: int):
        self.sides = sides
        self._predecessors: dict[int, Array] = {}
        self._successors: dict[int, Array] = {}
        self._subsets: dict[int, Array] = {}
        self._weights: dict[tuple[int, bool], Array] = {}
        self.most = -1
        self.extend(most)

    def extend(self, most: int) -> None:
        """Lay out the multisets up to `most` dice; the positions of the smaller ones do not change."""
        if most <= self.most:
            return
        self.most = most
        width = len(self.sides)
        layers = [compositions(size, width) for size in range(most + 1)]
        points = [c for layer in layers for c in layer]
        self.counts: Array = np.array(points, dtype=np.int64).reshape(len(points), width)
        self.start = [0]
        for layer in layers:
            self.start.append(self.start[-1] + len(layer))
        self.position = {point: i for i, point in enumerate(points)}
        self._radix: Array = (most + 1) ** np.arange(width, dtype=np.int64)
        keys = self.counts @ self._radix
        self._order: Array = np.argsort(keys)
        self._keys: Array = keys[self._order]

    def positions_of(self, counts: Array) -> Array:
        """The positions of many multisets at once (rows of counts per kind, each within `most` dice)."""
        keys = counts.astype(np.int64) @ self._radix
        return self._order[np.searchsorted(self._keys, keys)]

    def prefix(self, size: int) -> int:
        """How many multisets have at most `size` dice."""
        return self.start[size + 1]

    def layer(self, size: int) -> slice:
        """The multisets of exactly `size` dice."""
        return slice(self.start[size], self.start[size + 1])

    def predecessors(self, size: int) -> Array:
        """For the layer of `size` dice: the position of each multiset less one die of each kind (the
        multiset itself where it has none, so that a max over them is the max over the ones that exist)."""
        found = self._predecessors.get(size)
        if found is None:
            rows = []
            for point in map(tuple, self.counts[self.layer(size)].tolist()):
                rows.append([self.position[_less(point, j)] if point[j] else self.position[point] for j in range(len(point))])
            found = np.array(rows, dtype=np.int64).reshape(len(rows), len(self.sides))
            self._predecessors[size] = found
        return found

    def subsets(self, size: int) -> Array:
        """For the layer of `size` dice: the positions of every sub-multiset of each multiset (padded
        with the multiset itself, so a max over a row is the max over its sub-multisets)."""
        found = self._subsets.get(size)
        if found is None:
            rows = [[self.position[p] for p in itertools.product(*(range(c + 1) for c in point))]
                    for point in map(tuple, self.counts[self.layer(size)].tolist())]
            width = max(map(len, rows), default=1)
            found = np.array([row + [row[-1]] * (width - len(row)) for row in rows], dtype=np.int64).reshape(len(rows), width)
            self._subsets[size] = found
        return found

    def successors(self, size: int) -> Array:
        """For the layer of `size` dice: the position of each multiset plus one die of each kind."""
        found = self._successors.get(size)
        if found is None:
            rows = [[self.position[_more(point, j)] for j in range(len(point))] for point in map(tuple, self.counts[self.layer(size)].tolist())]
            found = np.array(rows, dtype=np.int64).reshape(len(rows), len(self.sides))
            self._successors[size] = found
        return found

    def chances(self, exact: bool) -> list[Number]:
        """The chance that one die of this colour shows each kind."""
        if exact:
            from fractions import Fraction
            return [Fraction(s, SIDES) for s in self.sides]
        return [s / SIDES for s in self.sides]

    def weights(self, size: int, exact: bool) -> Array:
        """Each roll of `size` dice (the layer's multisets): its chance, multinomial ways x sides / 6^size."""
        key = (size, exact)
        found = self._weights.get(key)
        if found is None:
            found = self._weights[key] = self._build_weights(size, exact)
        return found

    def _build_weights(self, size: int, exact: bool) -> Array:
        ways = [math.factorial(size) // math.prod(math.factorial(c) for c in point) * math.prod(s ** c for s, c in zip(self.sides, point, strict=True))
                for point in map(tuple, self.counts[self.layer(size)].tolist())]
        if exact:
            from fractions import Fraction
            return np.array([Fraction(w, SIDES ** size) for w in ways], dtype=object)
        chances: Array = np.array(ways, dtype=np.float64) / SIDES ** size
        return chances


def _less(point: tuple[int, ...], j: int) -> tuple[int, ...]:
    return point[:j] + (point[j] - 1,) + point[j + 1:]


def _more(point: tuple[int, ...], j: int) -> tuple[int, ...]:
    return point[:j] + (point[j] + 1,) + point[j + 1:]


class Lattice:
    """The partial rolls of one pool, as a (green, yellow, red) array of cells, and the passes over them.

    Arrays are laid out (green, yellow, red, batch): the batch (situations) last, so that a gather
    along a colour axis copies long contiguous runs and an expectation is one matrix product per colour.
    """

    def __init__(self, axes: Sequence[ColourAxis], dice: tuple[int, int, int], exact: bool):
        self.axes = tuple(axes)
        self.dice = dice
        self.shape = tuple(axis.prefix(n) for axis, n in zip(axes, dice, strict=True))
        self.cells = math.prod(self.shape)
        self.full = tuple(axis.layer(n) for axis, n in zip(axes, dice, strict=True))
        self.full_shape = tuple(s.stop - s.start for s in self.full)
        self.exact = exact
        g, y, r = (axis.weights(n, exact) for axis, n in zip(axes, dice, strict=True))
        #: every full roll's chance, as a column over the full block's cells
        self.weights: Array = (g[:, None, None] * y[None, :, None] * r[None, None, :]).reshape(-1, 1)

    def closure_at_rolls(self, values: Array) -> Array:
        """values[cell, b] on every partial roll -> for every full roll, the max over the partial rolls
        inside it, shape (*full_shape, B). The max over sub-multisets is one axis at a time (the order
        of a product of chains), each taken only where the next axis needs it: on the full layer.
        Small arrays take every sub-multiset in one gather; large ones go up one layer at a time
        (fewer values moved); `values` may be used as scratch."""
        result = values
        for axis_index in (2, 1, 0):  # red and yellow (small) first, green last on the full rolls only
            axis, size = self.axes[axis_index], self.dice[axis_index]
            if size == 0:
                continue
            subsets = axis.subsets(size)
            if result.size // result.shape[axis_index] * subsets.size <= SMALL:
                result = np.take(result, subsets, axis=axis_index).max(axis=axis_index + 1)
                continue
            for layer_size in range(1, size + 1):
                _raise_layer(result, axis_index, axis.layer(layer_size), axis.predecessors(layer_size))
            index: list[slice] = [slice(None)] * result.ndim
            index[axis_index] = self.full[axis_index]
            result = result[tuple(index)]
        return result

    def expectation(self, best: Array) -> Array:
        """best[full roll, b] -> every partial roll's chance when its missing dice are rolled: (*shape, B).
        One die at a time, layer by layer down each axis: E(P) = sum over kinds of chance x E(P + kind)
        (the colours roll independently, so the axes are done one after the other)."""
        found = best
        for axis_index in (0, 1, 2):
            axis, size = self.axes[axis_index], self.dice[axis_index]
            shape = list(found.shape)
            shape[axis_index] = axis.prefix(size)
            wider = np.zeros(shape, dtype=found.dtype)
            index: list[slice] = [slice(None)] * found.ndim
            index[axis_index] = self.full[axis_index]
            wider[tuple(index)] = found
            chances = axis.chances(self.exact)
            for layer_size in range(size - 1, -1, -1):
                index[axis_index] = axis.layer(layer_size)
                _average_layer(wider, axis_index, wider[tuple(index)], axis.successors(layer_size), chances)
            found = wider
        return found

    def total(self, best: Array) -> Array:
        """best[level, full roll, b] -> the chance of each (level, row): the sum over the rolls of
        chance x best."""
        return (best.reshape(best.shape[0], len(self.weights), -1) * self.weights).sum(axis=1)  # type: ignore[no-any-return]


def _average_layer(values: Array, axis: int, target: Array, successors: Array, chances: Sequence[Number]) -> None:
    """target (a layer of `axis`) := the chance-weighted sum of its successors' values, in place."""
    if target.size * successors.shape[1] <= SMALL:
        gathered = np.take(values, successors, axis=axis)
        shape = [1] * gathered.ndim
        shape[axis + 1] = len(chances)
        target[...] = (gathered * np.array(chances, dtype=values.dtype).reshape(shape)).sum(axis=axis + 1)
        return
    for kind, chance in enumerate(chances):
        target += chance * np.take(values, successors[:, kind], axis=axis)


#: below this many values, a gather of all kinds at once and one reduction beat a loop over the kinds
#: (fewer calls); above it, the loop wins (a max over a short middle axis is slow in numpy)
SMALL = 4096


def _raise_layer(values: Array, axis: int, layer: slice, predecessors: Array) -> None:
    """values on `layer` of `axis` := max(itself, its predecessors' values), in place."""
    index: list[slice] = [slice(None)] * values.ndim
    index[axis] = layer
    target = values[tuple(index)]
    if target.size * predecessors.shape[1] <= SMALL:
        np.maximum(target, np.take(values, predecessors, axis=axis).max(axis=axis + 1), out=target)
        return
    for kind in range(predecessors.shape[1]):
        np.maximum(target, np.take(values, predecessors[:, kind], axis=axis), out=target)
