"""What every game's rules share: the transaction a command is decided in, and the check of the
players named at the start.

    Tx = Transaction[MyState]              # in the game's rules.py: `def play(tx: Tx, c: cmd.Play)`

    def decide(state, command, actor, rng):
        tx = Tx(state, rng, evolve)
        ...                                 # tx.emit(ev.CardPlayed(...)); tx.state is the state after it
        return tx.events

Whether the game is on and who may send a command are checked before `decide` runs
(companion/turn_order.py); which phase a command belongs to, by the game's `PHASES.require(...)`
(companion/game.py).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from companion.errors import RuleError
from companion.messages import M, Text
from companion.records import Event

State = TypeVar("State")
Record = TypeVar("Record")

#: the longest player's name: it fits a seat's badge and a spoken sentence
MAX_PLAYER_NAME = 24


class Transaction(Generic[State]):
    """The events of one command so far, and the state they lead to. Each event is folded into a
    scratch state as it is emitted, so later rules see earlier effects; a RuleError discards it all
    (the session keeps nothing of a refused command)."""

    def __init__(self, state: State, rng: random.Random, evolve: Callable[[State, Event], State]):
        self.state = state
        self.rng = rng
        self.events: list[Event] = []
        self._evolve = evolve

    def emit(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = self._evolve(self.state, event)


def player_names(given: Sequence[str], low: int, high: int, wrong_count: Text) -> tuple[str, ...]:
    """The players named at the start, in turn order, their spaces tidied ("  Ann  Lee " -> "Ann Lee").
    Refused BAD_PLAYERS with `wrong_count` unless there are `low` to `high` of them, all named and all
    different; and when a name is longer than MAX_PLAYER_NAME or holds a character that cannot be shown."""
    players = tuple(" ".join(name.split()) for name in given)
    if not low <= len(players) <= high or not all(players) or len(set(players)) != len(players):
        raise RuleError("BAD_PLAYERS", wrong_count)
    if any(len(name) > MAX_PLAYER_NAME or not name.isprintable() for name in players):
        raise RuleError("BAD_PLAYERS", M("A player's name is at most {n} letters.", n=MAX_PLAYER_NAME))
    return players


def replace(record: Record, **changes: Any) -> Record:
    """`dataclasses.replace` without running `__init__` again: a tenth of the cost, which replaying a
    game feels. For a game's states in `evolve` (frozen dataclasses that check nothing when made)."""
    new = object.__new__(type(record))
    new.__dict__.update(record.__dict__, **changes)
    return new
