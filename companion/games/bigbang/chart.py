"""Big Bang's picture after the game (companion/chart.py): the moon over the turns, and every fight's
die against its odds (rules.win_chance: the chance before the roll, with the re-roll artefact when the table
held one)."""
from __future__ import annotations

from collections.abc import Sequence

from companion.chart import Chance, Chart, ChartStep, Line, numbered_turns, turn_values
from companion.games.bigbang import events as ev
from companion.games.bigbang.rules import win_chance
from companion.messages import M
from companion.records import Event


def _starts_turn(event: Event) -> bool:
    return isinstance(event, ev.TurnStarted)


def chart(steps: Sequence[ChartStep]) -> Chart:
    moon = turn_values(steps, _starts_turn, lambda s: s.moon if s.status != "setup" else None)
    config = steps[-1].after.config if steps else None
    top = config.top if config is not None else 0
    return Chart(track=M("Moon"), lines=(Line(M("Moon"), "lit", moon),), low=0, high=top, chances=tuple(_fights(steps)))


def _fights(steps: Sequence[ChartStep]) -> list[Chance]:
    """Each fight decided by the die (not the sword): its chance against the enemy's strength."""
    found = []
    for turn, step in numbered_turns(steps, _starts_turn):
        for event in step.events:
            if isinstance(event, ev.FightResolved) and not event.sword and event.die is not None:
                strength = step.before.config.cards[event.card].strength
                chance = win_chance(strength, event.bonus, reroll=bool(step.before.artefacts.get("reroll")))
                found.append(Chance(turn, float(chance), event.won))
    return found
