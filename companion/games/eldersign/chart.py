"""Elder Sign's picture after the game (companion/chart.py): the doom track and the Elder Signs over the
turns, and every attempt against its exact odds (analysis.attempt_chance, from the dice the
investigator took, before the first roll)."""
from __future__ import annotations

from collections.abc import Sequence

from companion.chart import Chance, Chart, ChartStep, Line, numbered_turns, turn_values
from companion.games.eldersign import events as ev
from companion.games.eldersign.analysis import attempt_chance
from companion.messages import M
from companion.records import Event


def _starts_turn(event: Event) -> bool:
    return isinstance(event, ev.TurnStarted)


def chart(steps: Sequence[ChartStep]) -> Chart:
    playing = [step for step in steps if step.after.status != "setup"]
    doom = turn_values(steps, _starts_turn, lambda s: s.doom if s.status != "setup" else None)
    signs = turn_values(steps, _starts_turn, lambda s: s.elder_signs if s.status != "setup" else None)
    high = 0
    if playing:
        config = playing[-1].after.config
        high = max(config.ancient_one.doom, config.ancient_one.elder_signs)
    lines = (Line(M("Doom"), "danger", doom), Line(M("Elder Signs"), "gold", signs))
    return Chart(track=M("Doom and Elder Signs"), lines=lines, low=0, high=high, chances=tuple(_attempts(steps)))


def _attempts(steps: Sequence[ChartStep]) -> list[Chance]:
    """Each attempt, with its chance as the investigator set out (the state right after it began) and
    whether it succeeded (the step that ended it)."""
    found: list[Chance] = []
    started: tuple[int, float] | None = None
    for turn, step in numbered_turns(steps, _starts_turn):
        for event in step.events:
            if isinstance(event, ev.AttemptStarted) and step.after.attempt is not None:
                started = (turn, float(attempt_chance(step.after, step.after.attempt)))
            elif isinstance(event, ev.AttemptEnded) and started is not None:
                found.append(Chance(started[0], started[1], event.success))
                started = None
    return found
