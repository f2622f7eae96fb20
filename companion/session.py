"""A game session: commands in (each saying who sent it), events out, state folded from the log,
undo and redo as replay, and everything shown to a viewer redacted for that viewer.

The log of steps is the truth; the session keeps the state after every step in memory (states are
immutable and share structure) so that undo and redo are instant. Every accepted step is in the
store before `apply` returns. Undo-list lines are messages made when they are shown — from the step's
events and the state before it — so they speak the current language and only what the viewer may see.
"""
from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from companion.chart import Chart, ChartStep
from companion.contract import MASTER, TABLE, Result, Seat, Turn, View, Viewer
from companion.errors import RuleError
from companion.game import GameDefinition
from companion.messages import M, Text, render, stored_text, text_json
from companion.pins import PinGuard, StoredPinGuard
from companion.records import NOBODY, Command, Event, Record, quoted, redact
from companion.ring import RingView
from companion.sealing import SealBroken, Sealer, key_path, sealed, store_key, unsealed
from companion.store import EventStore, StoreError, missing_step

#: keys of a request that are about the request, not arguments of the command: who sent it, the
#: game master's PIN, and the sender's own id for it (a resend with the same id is not applied twice)
REQUEST_KEYS = ("by", "pin", "id")
MAX_REQUEST_ID = 64


@dataclass(frozen=True)
class Step:
    """One accepted command: what was asked, by whom, and what happened."""

    number: int
    #: the command as sent (its arguments that differ from the defaults), without `by`
    command: dict[str, Any]
    events: tuple[Event, ...]
    by: Viewer = TABLE
    #: the line stored with the step, used only when the events cannot be described (a damaged old save)
    stored: Text = ""
    #: the sender's id for the request, when it gave one
    request_id: str | None = None


class Session:
    def __init__(self, game: GameDefinition, seed: int, store: EventStore | None = None, game_id: int | None = None):
        self.game = game
        self.seed = seed
        self.store = store
        self.game_id = game_id
        self._steps: list[Step] = []
        self._states: list[Any] = [game.initial_state()]
        self._redo: list[Step] = []  # undone steps, the next to redo last
        self._lock = store.lock(game_id) if store is not None and game_id is not None else None
        #: wrong game-master PINs: growing waits, then a lock-out the screens show (a saved game's in its
        #: file; in memory when the file is open read-only, which may also predate the guard's table)
        self.pin_guard: PinGuard = PinGuard()
        if store is not None and game_id is not None and store.cannot_write is None:
            self.pin_guard = StoredPinGuard(store, game_id)
        #: (analysis, viewer) -> (the state it was computed for, its result)
        self._analyses: dict[tuple[str, Viewer], tuple[Any, Any]] = {}
        self._sealing: Sealer | None = None  # made when a secret is first stored or read

    # -- creating and resuming ----------------------------------------------------------------
    @classmethod
    def new(cls, game: GameDefinition, store: EventStore, seed: int) -> Session:
        return cls(game, seed, store, store.create_game(game.id, seed))

    def close(self) -> None:
        """Let another companion open this saved game (the lock also goes when the process ends)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @classmethod
    def resume(cls, game: GameDefinition, store: EventStore, game_id: int) -> Session:
        saved = store.game(game_id)
        if saved.game != game.id:
            raise StoreError("WRONG_GAME", M("Saved game {id} is a game of {other}, not {game}.", id=game_id, other=saved.game, game=game.id))
        session = cls(game, saved.seed, store, game_id)
        try:
            session._load(store.steps(game_id))
        except BaseException:
            session.close()
            raise
        return session

    def _load(self, stored_steps: list[Any]) -> None:
        """Replay the stored steps. Every one is checked: a missing step is named (replaying past it
        would give another game), and a step the rules cannot read or replay is a StoreError."""
        game, game_id = self.game, self.game_id
        for expected, stored in enumerate(stored_steps, start=1):
            if stored.position != expected:
                raise missing_step(expected, game_id)
            opened = [self._unsealed(e, game.events, "type", stored.position) for e in stored.events]
            try:
                events = tuple(game.event_from_json(e) for e in opened)
                command = dict(self._unsealed(stored.command, game.commands, "cmd", stored.position))
                by = Viewer.parse(command.pop("by", "table"))
                request_id = command.pop("id", None)
                step = Step(stored.position, command, events, by, stored_text(stored.description), request_id)
                if stored.undone:
                    self._redo.insert(0, step)
                else:
                    self._push(step)
            except StoreError:
                raise
            except Exception as exc:  # a save the rules cannot replay is a refusal, never a crash
                reason = exc.text if isinstance(exc, RuleError) else f"{type(exc).__name__}: {exc}"
                raise StoreError("BAD_SAVE_FILE", M("Step {step} of saved game {id} cannot be read: {reason}",
                                                    step=stored.position, id=game_id, reason=reason)) from exc

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

    @property
    def turn(self) -> Turn:
        return self.game.turn(self.state)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.game.seats(self.state)

    def ring(self) -> RingView:
        return self.game.ring(self.state)

    @property
    def has_master_view(self) -> bool:
        """Whether a game-master view exists now (the game has one and a PIN was set)."""
        return self.game.master_pin(self.state) is not None

    # -- changing ---------------------------------------------------------------------------------
    def apply(self, command: dict[str, Any] | Command, by: Viewer = TABLE, pin: str | None = None) -> Step:
        """Decide a command sent by `by`; on success store and return its step. A RuleError changes nothing.

        A request's own keys (headless, the UI) say who sent it (`by`), the PIN, and the sender's `id`
        for the request: the same request again with an id already in the log returns that step again,
        unapplied — so a client that lost the reply (a crash after the commit) can simply send it again;
        another request with that id is refused (REQUEST_ID_REUSED), never answered with the old step."""
        request_id = None
        if isinstance(command, dict) and any(key in command for key in REQUEST_KEYS):
            command = dict(command)
            if "by" in command:
                by = Viewer.parse(command.pop("by"))
            pin = command.pop("pin", pin)
            request_id = request_id_of(command.pop("id", None))
        self._check_actor(by, pin)
        if not isinstance(command, Command):
            command = self.game.command_from_json(command)
        as_sent = {"cmd": command.kind, **self._kept(command)}
        if request_id is not None:
            done = self.find_request(request_id)
            if done is not None:
                return _resent(done, as_sent, by)
        number = len(self._steps) + 1
        rng = self.next_rng()
        before = self.state
        events = self.game.decide_checked(before, command, by, rng)
        after = self.game.fold(before, events)
        step = Step(number, as_sent, tuple(events), by, request_id=request_id)
        if self.store is not None and self.game_id is not None:
            line = self.game.describe(before, events, TABLE)
            stored = sealed({**step.command, "by": str(by), **({"id": request_id} if request_id else {})}, command.visibility, self._sealer)
            self.store.append(self.game_id, number, stored, [sealed(e.to_json(), e.visibility, self._sealer) for e in events],
                              json.dumps(text_json(line), ensure_ascii=False), self.summary(after))
        self._steps.append(step)
        self._states.append(after)
        self._redo.clear()
        return step

    def _sealer(self, create: bool = True) -> Sealer:
        """What seals this saved game's secrets in its file (the key made on first need, then kept)."""
        if self._sealing is not None:
            return self._sealing
        assert self.store is not None
        key = store_key(self.store, create)
        if key is None:
            raise StoreError("SEAL_KEY_MISSING", M("The secrets of saved game {id} are sealed with the key file {path}, which is missing; "
                                                   "put it back beside the save file.", id=self.game_id or 0, path=str(key_path(self.store))))
        self._sealing = Sealer(key)
        return self._sealing

    def _unsealed(self, data: Any, kinds: Mapping[str, type[Record]], key: str, position: int) -> Any:
        """A stored command or event with its sealed fields opened; a StoreError if the key does not open them."""
        name = data.get(key) if isinstance(data, dict) else None
        record = kinds.get(name) if isinstance(name, str) else None
        if record is None:
            return data  # not a record this game knows: its own check says so
        try:
            return unsealed(data, record.visibility, lambda: self._sealer(create=False))
        except SealBroken:
            raise StoreError("SEAL_KEY_WRONG", M("The key file {path} does not open the secrets of step {step} of saved game {id}: "
                                                 "it is the key of another save file.", path=str(key_path(self.store)) if self.store else "-",
                                                 step=position, id=self.game_id or 0)) from None

    @staticmethod
    def _kept(command: Command) -> dict[str, Any]:
        """The arguments a step keeps: all but those nobody may see (a PIN is never kept)."""
        return {name: value for name, value in command.arguments().items() if command.visibility.get(name) is not NOBODY}

    def undo(self, count: int = 1, by: Viewer = TABLE, pin: str | None = None) -> list[Step]:
        """Take back the last `count` steps; returns them, the most recent first. A seat may take
        back only its own steps (never another seat's secret choice); the table may take back any;
        the game master only with the PIN."""
        self._check_actor(by, pin)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1 or count > len(self._steps):
            raise RuleError("NOTHING_TO_UNDO", M("There are only {n} steps to undo.", n=len(self._steps)))
        self._check_own(self._steps[-count:], by, M("A seat can take back only its own steps; undo the others at the table."))
        first = len(self._steps) - count + 1
        if self.store is not None and self.game_id is not None:
            self.store.set_undone(self.game_id, first, len(self._steps), True, self.summary(self._states[first - 1]))
        undone = []
        for _i in range(count):
            undone.append(self._steps.pop())
            self._states.pop()
        self._redo.extend(undone)
        return undone

    def redo(self, count: int = 1, by: Viewer = TABLE, pin: str | None = None) -> list[Step]:
        """Put back the last `count` undone steps; returns them, oldest first (who may: as `undo`)."""
        self._check_actor(by, pin)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1 or count > len(self._redo):
            raise RuleError("NOTHING_TO_REDO", M("There are only {n} steps to redo.", n=len(self._redo)))
        steps = [self._redo[-1 - i] for i in range(count)]
        self._check_own(steps, by, M("A seat can redo only its own steps; redo the others at the table."))
        if self.store is not None and self.game_id is not None:
            after = self.game.fold(self.state, [e for s in steps for e in s.events])
            self.store.set_undone(self.game_id, steps[0].number, steps[-1].number, False, self.summary(after))
        for step in steps:
            self._redo.pop()
            self._push(step)
        return steps

    def next_rng(self) -> random.Random:
        """The random source the next step is decided with. The same seed and step number give the same
        draw: an undone-and-retried roll is the same roll, and a screen can show the face the die of the
        next step shows (a fight dialog's "roll for us") without logging a step."""
        return random.Random(f"{self.seed}:{len(self._steps) + 1}")

    def find_request(self, request_id: str) -> Step | None:
        """The step in force that a request with this id made, if any."""
        return next((step for step in reversed(self._steps) if step.request_id == request_id), None)

    def fork(self, steps: int | None = None) -> Session:
        """An in-memory copy of this game after its first `steps` steps in force (all of them by default),
        with no store, no lock and nothing to redo: somewhere to try a step without touching this game
        (the game kit's other worlds, companion/testing.py). States are immutable, so the copy shares them."""
        kept = len(self._steps) if steps is None else steps
        copy = Session(self.game, self.seed)
        copy._steps, copy._states = self._steps[:kept], self._states[:kept + 1]
        return copy

    def replay(self) -> Any:
        """The state folded afresh from the initial state and every step in force."""
        return self.game.fold(self.initial_state, [e for s in self._steps for e in s.events])

    # -- what a viewer sees -------------------------------------------------------------------------
    def view(self, viewer: Viewer = TABLE, pin: str | None = None) -> View:
        """The view for `viewer`; the game master's needs the PIN."""
        self._check_viewer(viewer, pin)
        state = self.state
        fields = self.game.view(state, viewer)
        return View(viewer, self.game.turn(state), self.game.seats(state), self.game.prompt(state, viewer), fields)

    def public_view(self) -> View:
        """What the table screen shows (never a secret)."""
        return self.view(TABLE)

    def master_view(self, pin: str) -> View:
        return self.view(MASTER, pin)

    def describe(self, step: Step, viewer: Viewer = TABLE) -> Text:
        """The undo-list line of `step` as `viewer` may read it."""
        try:
            return self.game.describe(self.state_before(step), step.events, viewer)
        except Exception:  # an old save the rules no longer describe: its stored line, if the viewer may see it
            return step.stored if viewer == TABLE else ""

    def shown(self, step: Step, viewer: Viewer = TABLE) -> dict[str, Any]:
        """A step as `viewer` may see it: number, who, the line, the command and events redacted."""
        command_cls = self.game.commands.get(step.command.get("cmd", ""))
        command = redact(step.command, command_cls.visibility if command_cls else {}, _Fields(step.command), viewer, step.by)
        line = self.describe(step, viewer)
        return {"step": step.number, "by": str(step.by), "description": render(line), "command": command,
                "events": [e.shown_to(viewer, step.by) for e in step.events]}

    def log(self, viewer: Viewer = TABLE) -> dict[str, list[dict[str, Any]]]:
        """The undo list (oldest first) and the redo stack (next first), as `viewer` may see them."""
        return {"log": [self._line(s, viewer) for s in self._steps], "redo": [self._line(s, viewer) for s in self.redo_stack]}

    def export(self, viewer: Viewer = TABLE) -> Iterator[dict[str, Any]]:
        """The whole game for `viewer`: a header, then every step in force and every undone one."""
        header: dict[str, Any] = {"game": self.game.id, "id": self.game_id, "seats": [s.to_json() for s in self.seats],
                                  "turn": self.turn.to_json(), "viewer": str(viewer)}
        if viewer == MASTER:
            header["seed"] = self.seed
        yield header
        for step in self._steps:
            yield {**self.shown(step, viewer), "undone": False}
        for step in self.redo_stack:
            yield {**self.shown(step, viewer), "undone": True}

    def analyse(self, name: str, viewer: Viewer = TABLE, pin: str | None = None) -> Any:
        """An analysis the game offers (odds, advice), computed when asked and kept for this state."""
        if name not in self.game.analyses:
            known = ", ".join(sorted(self.game.analyses)) or "-"
            raise RuleError("UNKNOWN_ANALYSIS", M("There is no analysis \"{name}\" (known: {known}).", name=name, known=known))
        self._check_viewer(viewer, pin)
        state = self.state
        cached = self._analyses.get((name, viewer))
        if cached is None or cached[0] is not state:  # states are immutable: the same object, the same answer
            cached = (state, self.game.analyses[name](state, viewer))
            self._analyses[(name, viewer)] = cached
        return cached[1]

    def chart(self) -> Chart | None:
        """The picture of the game so far (companion/chart.py), from the steps in force; public texts only."""
        if self.game.chart is None:
            return None
        steps = [ChartStep(self._states[n], step.events, self._states[n + 1]) for n, step in enumerate(self._steps)]
        return self.game.chart(steps)

    def summary(self, state: Any) -> dict[str, Any]:
        """What the saved-games list shows without loading the game: the typed turn and the seats."""
        turn, seats = self.game.turn(state), self.game.seats(state)
        names = {s.id: s.name for s in seats}
        result: Result | None = turn.result
        return {"status": turn.status, "phase": turn.phase, "acting": [names.get(s, s) for s in turn.acting],
                "seats": [s.name for s in seats], "winners": [names.get(s, s) for s in result.winners] if result else []}

    # -- helpers ------------------------------------------------------------------------------------
    def _line(self, step: Step, viewer: Viewer) -> dict[str, Any]:
        return {"step": step.number, "by": str(step.by), "description": render(self.describe(step, viewer))}

    def state_before(self, step: Step) -> Any:
        """The state `step` was decided from (a step in force, or one on the redo stack)."""
        if step.number <= len(self._steps) and self._steps[step.number - 1] is step:
            return self._states[step.number - 1]
        state = self.state  # a redo step: fold the undone steps before it
        for pending in self.redo_stack:
            if pending is step:
                return state
            state = self.game.fold(state, pending.events)
        raise ValueError(f"step {step.number} is not in this session")

    def _check_actor(self, by: Viewer, pin: str | None) -> None:
        if by.kind == "master":
            self._check_pin(pin)
        elif by.is_seat and by.seat not in {s.id for s in self.seats} and self.turn.status != "setup":
            raise RuleError("UNKNOWN_SEAT", M("There is no seat \"{seat}\" at this table.", seat=by.seat or ""))

    def _check_viewer(self, viewer: Viewer, pin: str | None) -> None:
        if viewer.kind == "master":
            self._check_pin(pin)
        elif viewer.is_seat and viewer.seat not in {s.id for s in self.seats}:
            raise RuleError("UNKNOWN_SEAT", M("There is no seat \"{seat}\" at this table.", seat=viewer.seat or ""))

    def _check_pin(self, pin: str | None) -> None:
        stored = self.game.master_pin(self.state)
        if stored is None:
            raise RuleError("NO_MASTER_PIN", M("This game has no game-master PIN; its secrets stay hidden."))
        self.pin_guard.check(pin, stored)

    @staticmethod
    def _check_own(steps: list[Step], by: Viewer, refusal: Text) -> None:
        if not by.is_seat:
            return
        if any(step.by != by for step in steps):
            raise RuleError("NOT_YOURS", refusal)
        if any(event.reveals for step in steps for event in step.events):
            raise RuleError("NOT_YOURS", M("That step laid the secret choices open; only the table can take it back."))

    def _push(self, step: Step) -> None:
        self._steps.append(step)
        self._states.append(self.game.fold(self.state, step.events))


def _resent(done: Step, as_sent: dict[str, Any], by: Viewer) -> Step:
    """The step a request with a known id made — if this is the same request (command, arguments, sender)."""
    if done.command != as_sent or done.by != by:
        raise RuleError("REQUEST_ID_REUSED", M("The id \"{id}\" was already used for another request (step {step}); "
                                               "nothing was done. Send a new id.", id=quoted(done.request_id or ""), step=done.number))
    return done


def request_id_of(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (str, int)) or isinstance(value, bool) or len(str(value)) > MAX_REQUEST_ID:
        raise RuleError("BAD_REQUEST", M("\"id\" must be a text or number of at most {n} characters.", n=MAX_REQUEST_ID))
    return str(value)


class _Fields:
    """A stored command's arguments as attributes, for visibility rules that read a field."""

    def __init__(self, data: dict[str, Any]):
        self.__dict__.update(data)
