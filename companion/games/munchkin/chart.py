"""Munchkin's picture after the game (companion/chart.py): every player's level over the turns, and
every run-away roll against its odds (one d6 plus the bonus in play reaching `escape_on`: reckon's
rule). A face set by a card (a Loaded Die) and a monster that lets the player go are no luck: left out."""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from companion.chart import Chance, Chart, ChartStep, Line, numbered_turns, turn_values
from companion.games.munchkin import events as ev
from companion.games.munchkin.reckon import D6
from companion.messages import M
from companion.odds import chance_at_least
from companion.palette import seat_colour
from companion.records import Event


def _starts_turn(event: Event) -> bool:
    return isinstance(event, ev.TurnStarted)


def chart(steps: Sequence[ChartStep]) -> Chart:
    last = steps[-1].after if steps else None
    names = [p.name for p in last.players] if last is not None else []
    lines = tuple(Line(name, seat_colour(i).name, turn_values(steps, _starts_turn, partial(_level, seat=i)))
                  for i, name in enumerate(names))
    high = last.config.winning_level if last is not None and last.status != "setup" else 10
    return Chart(track=M("Level"), lines=lines, low=1, high=high, chances=tuple(_run_away_rolls(steps)))


def _level(state: Any, seat: int) -> float | None:
    players = state.players
    if state.status == "setup" or seat >= len(players):
        return None
    return float(players[seat].level)


def _run_away_rolls(steps: Sequence[ChartStep]) -> list[Chance]:
    found = []
    for turn, step in numbered_turns(steps, _starts_turn):
        for event in step.events:
            if not isinstance(event, ev.Caught | ev.Escaped) or event.loaded is not None:
                continue
            if isinstance(event, ev.Caught) or (not event.auto and event.die is not None):
                need = step.before.config.escape_on - event.bonus
                found.append(Chance(turn, float(chance_at_least(D6, need)), isinstance(event, ev.Escaped)))
    return found
