"""What the voice says of Elder Sign (issue 22): the undo list's words, with what reads well but sounds
wrong said another way.

A roll is written "P 1 2 3 L L" and the clock "IX → XII"; read aloud those are letters ("pee … el el",
"roman nine"). The voice says the faces as words — "rolled Peril 1 2 3 Lore Lore", the investigation
faces as their numbers — and the clock's hours as numbers ("clock 9 to 12"). Whose step it is goes
unsaid: the voice said whose turn it is when it began.
"""
from __future__ import annotations

from collections.abc import Sequence

from companion.games.eldersign import events as ev
from companion.games.eldersign import names
from companion.games.eldersign.odds.dice import I1, I2, I3, I4
from companion.games.eldersign.phases import CLOCK
from companion.games.eldersign.state import ElderSignState, evolve
from companion.games.eldersign.views import _DESCRIBE, prompt
from companion.messages import M, Text, joined, render
from companion.records import Event
from companion.spoken import first_sentence

_INVESTIGATION = {I1: "1", I2: "2", I3: "3", I4: "4"}


def speak(before: ElderSignState, events: Sequence[Event], picked: bool = False) -> list[Text]:
    """The lines the voice says of a step (its alerts are added by the narrator)."""
    if events and isinstance(events[0], ev.GameStarted):
        return [M("Game started with {players}", players=", ".join(events[0].players))]
    said: list[Text] = []
    state = before
    for event in events:
        line = _line(state, event)
        if line:
            said.append(line)
        state = evolve(state, event)
    return said


def _line(s: ElderSignState, event: Event) -> Text | None:
    if isinstance(event, ev.Rolled):
        return roll_said(event)
    if isinstance(event, ev.ClockAdvanced):
        return M("clock {a} → {b}", a=hour(event.source), b=hour(event.to))
    if isinstance(event, ev.TurnStarted):
        return None  # the prompt of the new turn says whose it is
    describe = _DESCRIBE.get(type(event))
    return describe(s, event) if describe else None


def roll_said(event: ev.Rolled) -> Text:
    """"rolled Peril 1 2 3 Lore Lore" (the screen's row: "P 1 2 3 L L")."""
    faces = joined([spoken_face(face) for _colour, face in event.dice])
    return M("rolled {faces}", faces=faces) if not event.positions else M("rerolled {faces}", faces=faces)


def spoken_face(face: int) -> Text:
    """A die's face as said: an investigation face as its number, the others by name."""
    return _INVESTIGATION.get(face) or names.face(face)


def hour(clock: int) -> str:
    """The clock's hand as a number said: 12 at midnight, else 1 to 11."""
    return str(clock or 12)


def spoken_prompt(s: ElderSignState) -> Text:
    """The prompt's first sentence; at the end of a turn, the hour the clock moves to as a number."""
    if s.status == "playing" and s.phase == CLOCK and s.clock + s.config.hours_per_turn < 12:
        return M("{seat}: end the turn; the clock moves to {hour}.", seat=s.seat, hour=hour(s.clock + s.config.hours_per_turn))
    return first_sentence(render(prompt(s)))
