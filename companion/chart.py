"""The picture after the game (issue 23 §3), as data: the game's key track over the turns (the moon,
the doom, the levels, the victory points) and the dice against the odds — every roll the game knew
the chance of, and whether it came off — so the table sees how lucky it was.

Each game reads its own history with a pure function, `GameDefinition.chart(steps) -> Chart`
(`companion/games/<id>/chart.py`); `Session.chart()` hands it the steps in force. The screens (ui/)
and the command line's export (entry/) draw the same `Chart`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.messages import M, P, Text
from companion.records import Event

#: how far the rolls that came off may be from the odds' count and still be "just as the odds said"
LUCK_MARGIN = 0.5
#: the chart's fixed words, for the screens and the export
DICE_TITLE = M("The dice against the odds")
TURN = M("Turn")
ROLLS = M("Rolls")
CAME_OFF = M("Came off")
EXPECTED = M("Expected")


@dataclass(frozen=True)
class ChartStep:
    """One step in force, as a chart reads it: the state it was decided from, its events, the state after."""

    before: Any
    events: tuple[Event, ...]
    after: Any


@dataclass(frozen=True)
class Line:
    """One line of the track: its name (a seat, or the track itself), its palette colour
    (companion/palette.py), and its value at the end of each turn: (turn, value), turn 0 the start."""

    label: Text
    colour: str
    points: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class Chance:
    """A roll whose odds the game knew: its chance before the dice fell (0–1) and whether it came off."""

    turn: int
    chance: float
    made: bool


@dataclass(frozen=True)
class Chart:
    #: what the track is ("Moon", "Doom", "Level", "Victory points"): the title and the value axis
    track: Text
    lines: tuple[Line, ...]
    #: the track's printed range: the value axis runs from `low` to `high`
    low: float
    high: float
    #: every roll the game knew the odds of, in play order; empty when the game rolls no dice
    chances: tuple[Chance, ...] = ()

    @property
    def turns(self) -> int:
        return max((turn for line in self.lines for turn, _ in line.points), default=0)

    @property
    def made(self) -> int:
        return sum(1 for c in self.chances if c.made)

    @property
    def expected(self) -> float:
        """How many of the rolls the odds said would come off: the sum of their chances."""
        return sum(c.chance for c in self.chances)

    def title(self) -> Text:
        return M("{track}, turn by turn", track=self.track)

    def verdict(self) -> Text:
        """How lucky the table was, in a few words (the same on the screen and in the export)."""
        if not self.chances:
            return M("No dice in this game: nothing to set against the odds.")
        made, expected = self.made, self.expected
        counted = P("{made} of {n} roll came off; the odds said {expected}.", "{made} of {n} rolls came off; the odds said {expected}.",
                    n=len(self.chances), made=made, expected=f"{expected:.1f}")
        if made > expected + LUCK_MARGIN:
            return M("{counted} Luckier than the odds!", counted=counted)
        if made < expected - LUCK_MARGIN:
            return M("{counted} Less lucky than the odds.", counted=counted)
        return M("{counted} Just as the odds said.", counted=counted)

    def luck(self) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """After each roll: the rolls expected to have come off so far, and those that did."""
        expected: list[float] = []
        made: list[int] = []
        for chance in self.chances:
            expected.append((expected[-1] if expected else 0.0) + chance.chance)
            made.append((made[-1] if made else 0) + int(chance.made))
        return tuple(expected), tuple(made)


def turn_values(steps: Sequence[ChartStep], starts_turn: Callable[[Event], bool],
                value: Callable[[Any], float | None]) -> tuple[tuple[int, float], ...]:
    """`value(state)` at the start (turn 0) and at the end of every turn — a turn begins with an event
    for which `starts_turn` holds. A state whose value is None (not yet set up) is left out."""
    points: dict[int, float] = {}
    turn = 0
    for step in steps:
        first = value(step.before)
        if first is not None and 0 not in points:
            points[0] = first
        for event in step.events:
            if starts_turn(event):
                turn += 1
        found = value(step.after)
        if found is not None:
            points[turn] = found
    return tuple(sorted(points.items()))


def numbered_turns(steps: Iterable[ChartStep], starts_turn: Callable[[Event], bool]) -> Iterable[tuple[int, ChartStep]]:
    """Each step with the turn it happened in (0: before the first turn)."""
    turn = 0
    for step in steps:
        turn += sum(1 for event in step.events if starts_turn(event))
        yield turn, step
