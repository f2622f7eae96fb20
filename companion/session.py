"""A game session: commands in, events out, state folded from the log, undo and redo as replay.

The log of steps is the truth; the session keeps the state after every step in memory (states are
immutable and share structure) so that undo and redo are instant. Every accepted step is in the
store before `apply` returns.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.errors import RuleError
from companion.game import GameDefinition
from companion.i18n import _
from companion.records import Command, Event
from companion.store import EventStore, StoreError


@dataclass(frozen=True)
class Step:
    """One accepted command: what was asked, what happened, and the sentence of the undo list."""

    number: int
    command: dict
    events: tuple[Event, ...]
    description: str

    def public_json(self) -> dict:
        return {"step": self.number, "description": self.description, "events": [e.public_json() for e in self.events]}


class Session:
    def __init__(self, game: GameDefinition, seed: int, store: EventStore | None = None, game_id: int | None = None):
        self.game = game
        self.seed = seed
        self.store = store
        self.game_id = game_id
        self._steps: list[Step] = []
        self._states: list[Any] = [game.initial_state()]
        self._redo: list[Step] = []  # undone steps, the next to redo last

    # -- creating and resuming ----------------------------------------------------------------
    @classmethod
    def new(cls, game: GameDefinition, store: EventStore, seed: int) -> "Session":
        return cls(game, seed, store, store.create_game(game.id, seed))

    @classmethod
    def resume(cls, game: GameDefinition, store: EventStore, game_id: int) -> "Session":
        saved = store.game(game_id)
        if saved.game != game.id:
            raise StoreError("WRONG_GAME", _("Saved game {id} is a game of {other}, not {game}.").format(id=game_id, other=saved.game, game=game.id))
        session = cls(game, saved.seed, store, game_id)
        for stored in store.steps(game_id):
            try:
                events = tuple(game.event_from_json(e) for e in stored.events)
            except RuleError as exc:
                raise StoreError("BAD_SAVE_FILE", _("Step {step} of saved game {id} cannot be read: {reason}").format(step=stored.position, id=game_id, reason=exc.message)) from exc
            step = Step(stored.position, stored.command, events, stored.description)
            if stored.undone:
                session._redo.insert(0, step)
            else:
                session._push(step)
        return session

    # -- reading --------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def initial_state(self) -> Any:
        return self._states[0]

    @property
    def history(self) -> list[Step]:
        """The steps that are in force, oldest first: the undo list."""
        return list(self._steps)

    @property
    def redo_stack(self) -> list[Step]:
        """Undone steps, the next one to redo first."""
        return list(reversed(self._redo))

    # -- changing ---------------------------------------------------------------------------------
    def apply(self, command: dict | Command) -> Step:
        """Decide a command; on success store and return its step. A RuleError changes nothing."""
        if not isinstance(command, Command):
            command = self.game.command_from_json(command)
        number = len(self._steps) + 1
        # The same seed and step number give the same draw: an undone-and-retried roll is the same roll.
        rng = random.Random(f"{self.seed}:{number}")
        before = self.state
        events = self.game.decide(before, command, rng)
        after = self.game.fold(before, events)
        step = Step(number, {"cmd": command.kind, **command.arguments()}, tuple(events), self.game.describe(before, events))
        if self.store is not None:
            self.store.append(self.game_id, number, step.command, [e.to_json() for e in events], step.description, self._summary(after))
        self._steps.append(step)
        self._states.append(after)
        self._redo.clear()
        return step

    def undo(self, count: int = 1) -> list[Step]:
        """Take back the last `count` steps; returns them, the most recent first."""
        if count < 1 or count > len(self._steps):
            raise RuleError("NOTHING_TO_UNDO", _("There are only {n} steps to undo.").format(n=len(self._steps)))
        first = len(self._steps) - count + 1
        if self.store is not None:
            self.store.set_undone(self.game_id, first, len(self._steps), True, self._summary(self._states[first - 1]))
        undone = []
        for _i in range(count):
            undone.append(self._steps.pop())
            self._states.pop()
        self._redo.extend(undone)
        return undone

    def redo(self, count: int = 1) -> list[Step]:
        """Put back the last `count` undone steps; returns them, oldest first."""
        if count < 1 or count > len(self._redo):
            raise RuleError("NOTHING_TO_REDO", _("There are only {n} steps to redo.").format(n=len(self._redo)))
        steps = [self._redo[-1 - i] for i in range(count)]
        if self.store is not None:
            after = self.game.fold(self.state, [e for s in steps for e in s.events])
            self.store.set_undone(self.game_id, steps[0].number, steps[-1].number, False, self._summary(after))
        for step in steps:
            self._redo.pop()
            self._push(step)
        return steps

    def replay(self) -> Any:
        """The state folded afresh from the initial state and every step in force."""
        return self.game.fold(self.initial_state, [e for s in self._steps for e in s.events])

    # -- views ------------------------------------------------------------------------------------
    def public_view(self) -> dict:
        return self.game.public_view(self.state)

    def master_view(self, pin: str) -> dict:
        expected = self.game.master_pin(self.state)
        if expected is None:
            raise RuleError("NO_MASTER_PIN", _("This game has no game-master PIN; the solution stays hidden."))
        if pin != expected:
            raise RuleError("WRONG_PIN", _("That PIN is not the game master's."))
        return self.game.master_view(self.state)

    def _push(self, step: Step) -> None:
        self._steps.append(step)
        self._states.append(self.game.fold(self.state, step.events))

    def _summary(self, state: Any) -> dict:
        view = self.game.public_view(state)
        return {"status": view.get("status"), "active_player": view.get("active_player"), "players": view.get("player_names", [])}
