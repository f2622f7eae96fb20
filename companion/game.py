"""What a game package hands the core: its rules as pure functions plus its views.

Each package under `companion/games/` exports one `GAME = GameDefinition(...)`; the registry finds it,
so adding a game touches no core file.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from companion.inputs import DEFAULT_BINDINGS, Bindings, Option
from companion.records import Command, Event, Record, from_json

State = Any


@dataclass(frozen=True)
class GameDefinition:
    id: str
    title: str
    commands: dict[str, type[Command]]
    events: dict[str, type[Event]]
    #: the state before the first command (status "setup")
    initial_state: Callable[[], State]
    #: decide(state, command, rng) -> events; raises RuleError and changes nothing when refused
    decide: Callable[[State, Command, random.Random], list[Event]]
    #: evolve(state, event) -> state; the only place state changes
    evolve: Callable[[State, Event], State]
    #: describe(state_before, events) -> the sentence of the undo list
    describe: Callable[[State, list[Event]], str]
    #: what every player may see; never a secret
    public_view: Callable[[State], dict]
    #: everything, for the game master's eyes only
    master_view: Callable[[State], dict]
    #: what the LED ring should show
    ring_view: Callable[[State], dict]
    #: the game master's PIN, or None when the game has none (yet)
    master_pin: Callable[[State], str | None]
    #: what the table can do now, as a menu for the buttons and the screen
    options: Callable[[State], list[Option]] = lambda state: []
    #: what each button gesture means (companion.inputs)
    bindings: Bindings = DEFAULT_BINDINGS
    #: scan_command(state, card) -> the command a scanned card means now, or None
    scan_command: Callable[[State, str], dict | None] = lambda state, card: None

    def fold(self, state: State, events: list[Event] | tuple[Event, ...]) -> State:
        for event in events:
            state = self.evolve(state, event)
        return state

    def command_from_json(self, data: dict) -> Command:
        return from_json(self.commands, data, key="cmd")

    def event_from_json(self, data: dict) -> Record:
        return from_json(self.events, data)
