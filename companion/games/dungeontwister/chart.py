"""Dungeon Twister's picture after the game (companion/chart.py): each player's victory points over the
turns, in the player's colour, up to the 5 that win. The game rolls no dice (combat cards are chosen,
not drawn), so it has no odds to set the table's luck against."""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from companion.chart import Chart, ChartStep, Line, turn_values
from companion.games.dungeontwister import events as ev
from companion.games.dungeontwister.state import TARGET_VP, DTState
from companion.messages import M
from companion.records import Event


def _starts_turn(event: Event) -> bool:
    return isinstance(event, ev.TurnStarted)


def chart(steps: Sequence[ChartStep]) -> Chart:
    last: DTState | None = steps[-1].after if steps else None
    colours = last.colours if last is not None and last.status != "setup" else ()
    lines = tuple(Line(last.sides[colour].name, colour, turn_values(steps, _starts_turn, partial(_points, colour=colour)))
                  for colour in colours if last is not None)
    return Chart(track=M("Victory points"), lines=lines, low=0, high=TARGET_VP)


def _points(state: Any, colour: str) -> float | None:
    side = state.sides.get(colour)
    return None if state.status == "setup" or side is None else float(side.vp)
