"""The game kit's contract test: `check_game(GAME)` plays a game as a careless, curious and hostile table
would, and fails on anything a player would notice. It knows no game: what it sends comes from the
game's own declarations (commands and their type hints, menus, settings schema, cards, visibility).

    from companion.testing import check_game
    check_game(GAME, invariant=my_rules, translations={"de": catalogue, ...})

Each seed plays a few whole games, set up as some table would (a way to play from `ways_to_play`, the
setup wizard's choices drawn at random, a seat count from the game's range, every hidden start argument
given: a solution, a game-master PIN), each saved in a real SQLite file, and checks:

- **commands**: in each phase reached (and a third of all the states), every command of the game —
  made up from its type hints and the game's words, or taken from someone's menu or a scanned card —
  sent by the table, every seat, a stranger and the game master: accepted, or refused with an
  UPPER_SNAKE code and a message; a refusal leaves the state (not a byte of it), the undo list and the
  save file as they were;
- **steps**: every accepted step holds only declared events that survive JSON (a resumed game would
  differ otherwise), keeps a typed turn, draws every viewer's screen, and keeps the game's own rules
  (`invariant(before, events, after)` raises AssertionError when one broke); the menus never leave the
  table stuck while the game is on;
- **secrets**: what is secret is what a record's `visibility` hides. For each step holding a hidden
  value the kit plays another world where only that value differs (another card from the same menu,
  another solution, another PIN) and follows both worlds step by step: while a viewer's visible steps
  are the same in both, its view, menu, ring, spoken lines, undo list and export must be the same too,
  until a step that lays secrets open (`Event.reveals`). The save file holds every hidden field sealed
  and the PIN nowhere;
- **undo and resume**: undo (by the table or a seat) gives back the state before, redo the state after,
  replay equals the state; the game resumed from its save file equals the live one, and undoing all of
  it gives the initial state;
- **hostile requests**: lines a tester throws at headless — broken JSON, wrong types, huge numbers,
  NUL bytes, unknown keys — each refused with a code and a message, the game and its file unchanged;
  each argument at the extremes its type allows (the largest numbers, NaN, 200 characters, a
  right-to-left mark) refused the same way or taken as a step, never a crash;
- **words**: every message met on the way, every setting's label, help and choices, and the name of
  every command a gesture sends renders in every language given, each in its catalogue, with no
  placeholder error; a command bound to a gesture that `name_command` cannot name is a finding.

A finding names the seed and what was sent; `make explore` runs the same with fresh seeds. Imports
neither pytest nor hypothesis: tools/fault_suite.py uses it as the tests do.
"""
from __future__ import annotations

import contextlib
import gettext
import json
import pickle
import random
import re
import tempfile
import traceback
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from companion import i18n
from companion.contract import MASTER, TABLE, Viewer, seat_viewer
from companion.errors import RuleError
from companion.game import GameDefinition
from companion.gestures import bound_commands
from companion.headless import Headless
from companion.inputs import Option
from companion.messages import Joined, Message, Names, Text, render
from companion.pins import PinGuard
from companion.records import MAX_NUMBER, MAX_TEXT, NOBODY, Command, Event, Record, coerce, fields_of, redact
from companion.ring import ring_json
from companion.sealing import SEALED, hidden
from companion.session import Session, Step
from companion.settings import describe as describe_settings
from companion.settings import dotted_overrides, merged
from companion.settings import texts as describe_texts
from companion.store import EventStore

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
#: what the kit gives a hidden text argument of the start (a game-master PIN): digits no game shows by chance
SECRET_TEXT = "86420975"
#: a seat no table has
STRANGER = seat_viewer("Zed")
#: how many steps the kit follows two worlds that differ in one secret
HORIZON = 8
#: the share of states every command is sent in (all of them the first time a phase is met)
PROBED = 0.3
CODE = re.compile(r"[A-Z][A-Z0-9_]*")

#: rules(before, events, after): raises AssertionError when a step broke one of the game's own rules
Invariant = Callable[[Any, Sequence[Event], Any], None]


# -- setting up and playing, from the game's declarations ---------------------------------------------------
def ways_to_play(game: GameDefinition) -> list[dict[str, Any]]:
    """The settings a game is played with: its defaults (no settings), then any with more secrets."""
    return [{}, *([dict(game.secret_settings)] if game.secret_settings else [])]


def start_request(game: GameDefinition, seed: int = 0, settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """A `start` any game takes: names for as many seats as its settings (or its smallest table) want,
    with `settings` — by default its ways to play, taken in turn by seed."""
    count = game.seat_range[0]
    if game.seat_count_setting:
        node: Any = game.default_settings()
        for part in game.seat_count_setting.split("."):
            node = node[part]
        count = int(node)
    ways = ways_to_play(game)
    chosen = ways[seed % len(ways)] if settings is None else settings
    request = {"cmd": "start", "players": list(NAMES[:count])}
    return {**request, "settings": chosen} if chosen else request


def varied_start(game: GameDefinition, rng: random.Random, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A start as some table sets the game up: `settings` (a way to play) over the setup wizard's choices
    and yes/no settings drawn at random, and a seat count from the game's range."""
    drawn: dict[str, Any] = {}
    for info in describe_settings(game.settings, game.default_settings()):
        if info.kind == "choice" and not info.advanced and rng.random() < 0.5:
            drawn[info.key] = rng.choice(info.choices)[0]
        elif info.kind == "bool" and not info.advanced and rng.random() < 0.5:
            drawn[info.key] = rng.random() < 0.5
    low, high = game.seat_range
    count = rng.randint(low, min(high, len(NAMES)))
    if game.seat_count_setting:
        drawn[game.seat_count_setting] = count
    chosen = merged(dotted_overrides(drawn), settings)
    return {"cmd": "start", "players": list(NAMES[:count]), **({"settings": chosen} if chosen else {})}


def secret_start(game: GameDefinition, request: dict[str, Any], seed: int) -> dict[str, Any]:
    """`request` with every hidden argument of the start given: the value the game drew itself when it
    keeps one of that name (a rune solution), else SECRET_TEXT for a text (a game-master PIN) — each only
    if the start takes it. Both worlds of the secrets check then differ in that value alone."""
    command = game.commands.get(str(request.get("cmd")))
    if command is None:
        return request
    given = dict(request)
    for name, hint, _required in fields_of(command):
        if name in given or name not in hidden(command.visibility):
            continue
        value = _drawn(game, given, seed, name)
        if value is None and _accepts(hint, SECRET_TEXT):
            value = SECRET_TEXT
        if value is not None and _accepted(game, {**given, name: value}, seed):
            given[name] = value
    return given


def _drawn(game: GameDefinition, request: dict[str, Any], seed: int, name: str) -> Any:
    """The hidden value called `name` that the game draws itself when the request leaves it out."""
    try:
        step = Session(game, seed).apply(dict(request))
    except RuleError:
        return None
    values = [getattr(e, name) for e in step.events if name in hidden(e.visibility) and getattr(e, name, None) is not None]
    return _as_json(values[0]) if values else None


def _accepted(game: GameDefinition, request: dict[str, Any], seed: int) -> bool:
    try:
        Session(game, seed).apply(dict(request))
    except RuleError:
        return False
    return True


def walk(game: GameDefinition, seed: int, length: int, settings: dict[str, Any] | None = None, **start: Any) -> list[dict[str, Any]]:
    """A legal game of `length` requests (or until it ends), each option picked at random from the
    menu of whoever may act, with `by` saying who sent it. `settings`: as `start_request`'s; `start`
    adds arguments to the start."""
    rng = random.Random(seed)
    session = Session(game, seed)
    requests = [{**start_request(game, seed, settings), **start}]
    session.apply(dict(requests[0]))
    while len(requests) < length and session.turn.status == "playing":
        request = pick(session, rng)
        if request is None:
            break
        requests.append(request)
    return requests


def pick(session: Session, rng: random.Random) -> dict[str, Any] | None:
    """Apply an option picked at random from a menu — the table's, then the acting seats', then the
    others' — with its questions answered at random; the request applied, or None if no menu offers
    anything the rules accept."""
    acting = session.turn.acting
    others = [seat.id for seat in session.seats if seat.id not in acting]
    for actor in [TABLE, *(seat_viewer(seat) for seat in (*acting, *others))]:
        options = session.game.options(session.state, actor)
        rng.shuffle(options)
        for option in options:
            request = {**answered(option, rng), "by": str(actor)}
            try:
                session.apply(dict(request))
            except RuleError:
                continue
            return request
    return None


def answered(option: Option, rng: random.Random) -> dict[str, Any]:
    """The request the option makes with each question it asks answered at random: a question as it
    stands after the answers before it, asked only when its `when` holds; a list question with a few
    of its choices."""
    answers: dict[str, Any] = {}
    for ask in option.asks:
        picked = {**option.command, **answers}
        ask = ask.now(picked)
        if not ask.choices or not ask.asked(picked):
            continue
        if ask.many:
            answers[ask.arg] = [choice.value for choice in rng.sample(ask.choices, rng.randint(0, min(3, len(ask.choices))))]
        else:
            answers[ask.arg] = rng.choice(ask.choices).value
    return option.request(answers)


# -- small helpers for a game's own tests -----------------------------------------------------------------
def as_viewer(by: Viewer | str | None) -> Viewer:
    """TABLE for None; "table", "master" and "seat:<id>" as a request says them; any other text a seat id."""
    if by is None:
        return TABLE
    if isinstance(by, Viewer):
        return by
    return Viewer.parse(by) if by in ("table", "master") or by.startswith("seat:") else seat_viewer(by)


def do(session: Session, cmd: str, by: Viewer | str | None = None, **args: Any) -> Step:
    """Apply one command given as the JSON a client would send, by the table or a seat ("Ann")."""
    return session.apply({"cmd": cmd, **args}, by=as_viewer(by))


def refused(session: Session, code: str, cmd: str, by: Viewer | str | None = None, **args: Any) -> RuleError:
    """The command is refused with `code`, and the game (state, undo list, redo list) is exactly as it was."""
    before, steps, redo = session.state, len(session.history), len(session.redo_stack)
    try:
        do(session, cmd, by, **args)
    except RuleError as refusal:
        assert refusal.code == code, f"refused with {refusal.code}, not {code}: {refusal.message}"
        assert session.state is before and len(session.history) == steps and len(session.redo_stack) == redo, "a refusal changed the game"
        return refusal
    raise AssertionError(f"{cmd} {args} was accepted; expected {code}")


def view(session: Session, viewer: Viewer = TABLE) -> dict[str, Any]:
    """The view as JSON, as headless and the screens get it."""
    return session.view(viewer).to_json()


def prompt(session: Session, viewer: Viewer = TABLE) -> str:
    return render(session.view(viewer).prompt)


def line(session: Session, step: Step, viewer: Viewer = TABLE) -> str:
    """The undo-list line of a step, as `viewer` reads it."""
    return render(session.describe(step, viewer))


def said(session: Session, step: Step) -> list[str]:
    """What the table hears of `step` even when only alerts are spoken."""
    return [render(text) for text in session.game.announcements(session.state_before(step), step.events)]


def phase(session: Session) -> str:
    return session.turn.phase


def active(session: Session) -> str | None:
    """The first seat that may act now."""
    acting = session.turn.acting
    return acting[0] if acting else None


def status(session: Session) -> str:
    """setup, playing, won or lost: the typed turn, read as a cooperative table says it."""
    turn = session.turn
    if turn.status == "over":
        assert turn.result is not None
        return "won" if turn.result.winners else "lost"
    return turn.status


# -- the report --------------------------------------------------------------------------------------------
CHECKS = ("commands", "steps", "secrets", "undo and resume", "hostile requests", "words")


@dataclass
class Finding:
    check: str
    problem: str
    count: int = 1


@dataclass
class Report:
    """What `examine` checked (runs per check), what it found (each kind of problem once, with how often),
    and how far it reached (phases, commands accepted, secret steps compared)."""

    game: str
    seed: int
    runs: Counter[str] = field(default_factory=Counter)
    findings: dict[tuple[str, str], Finding] = field(default_factory=dict)
    phases: set[str] = field(default_factory=set)
    accepted: set[str] = field(default_factory=set)
    secret_steps: int = 0
    other_worlds: int = 0

    def add(self, check: str, kind: str, problem: str) -> None:
        """A problem; one of the same `kind` found before is counted, not repeated."""
        found = self.findings.get((check, kind))
        if found is None:
            self.findings[(check, kind)] = Finding(check, problem)
        else:
            found.count += 1

    @property
    def ok(self) -> bool:
        return not self.findings

    def failures(self, check: str) -> int:
        return sum(f.count for f in self.findings.values() if f.check == check)

    def __str__(self) -> str:
        lines = [f"{self.game}, seed {self.seed}: " + ", ".join(f"{check} {self.runs[check]}" for check in CHECKS)]
        lines += [f"  {f.check}: {f.problem}" + (f" (and {f.count - 1} more like it)" if f.count > 1 else "") for f in self.findings.values()]
        return "\n".join(lines)


def check_game(game: GameDefinition, seed: int = 0, *, games: int = 2, length: int = 100, invariant: Invariant | None = None,
               translations: Mapping[str, Any] | None = None) -> Report:
    """`examine` the game; AssertionError listing every finding if there is one."""
    report = examine(game, seed, games=games, length=length, invariant=invariant, translations=translations)
    if not report.ok:
        raise AssertionError(f"check_game({game.id}, seed={seed}) found:\n{report}")
    return report


def examine(game: GameDefinition, seed: int = 0, *, games: int = 2, length: int = 100, invariant: Invariant | None = None,
            translations: Mapping[str, Any] | None = None) -> Report:
    """Play `games` games of up to `length` steps each (seeded by `seed`) and check them (see the module
    docstring). `translations`: language code -> gettext catalogue for the words check (English is
    always checked)."""
    examiner = _Examiner(game, seed, invariant)
    with tempfile.TemporaryDirectory(prefix=f"kit-{game.id}-") as folder:
        for number in range(games):
            examiner.play(number, Path(folder), length)
    examiner.learn_labels()
    examiner.check_words({"en": None, **(translations or {})})
    return examiner.report


# -- the examiner ------------------------------------------------------------------------------------------
class _Examiner:
    def __init__(self, game: GameDefinition, seed: int, invariant: Invariant | None):
        self.game, self.seed, self.invariant = game, seed, invariant
        self.report = Report(game.id, seed)
        self.texts: dict[str, list[Message]] = {}
        #: the setting a text is the label, help or choice of
        self.where_said: dict[str, str] = {}
        self.vocabulary: set[str] = {"", "nonsense"}
        self.words: list[str] = sorted(self.vocabulary)
        self.hostile_lines: list[bytes] = []
        self.extreme_lines: list[bytes] = []
        self.numbers: set[int] = {-1, 0, 1, 2, 3, 4, 5, 6, 9, 12}
        self.pin: str | None = None
        self.guard = _CheckedOnce()
        self.probed_on_disk: set[tuple[str, str]] = set()
        self.where = ""

    # -- one game ------------------------------------------------------------------------------------------
    def play(self, number: int, folder: Path, length: int) -> None:
        game, self.pin = self.game, None
        rng = random.Random(f"{self.seed}:{number}")
        ways = ways_to_play(game)
        way = ways[(self.seed + number) % len(ways)]
        start = secret_start(game, self.varied_start(rng, way) or start_request(game, settings=way), self.seed)
        self.where = f"game {number} ({json.dumps(start)[:300]})"
        with EventStore(folder / f"game-{number}.db") as store:
            session = Session.new(game, store, self.seed)
            try:
                self.probe(session, rng, everyone=True)
                self.hostile(session, rng)
                if self.started(session, start):
                    self.pin = SECRET_TEXT if game.master_pin(session.state) is not None else None
                    sent = self.play_on(session, rng, start, length)
                    self.check_secrets(session, [sent[step.number] for step in session.history])
                    self.check_file(store, session)
                session.close()
                self.check_resume(store, session)
            except Exception as crash:  # a game function no check guarded: the game ends here, the others go on
                self.crashed("steps", f"playing (at step {len(session.history)})", crash)
            finally:
                session.close()

    def varied_start(self, rng: random.Random, way: dict[str, Any]) -> dict[str, Any] | None:
        """A start with settings drawn at random that the game takes (some choices exclude each other)."""
        for _attempt in range(5):
            start = varied_start(self.game, rng, way)
            if _accepted(self.game, start, self.seed):
                return start
        return None

    def started(self, session: Session, start: dict[str, Any]) -> bool:
        try:
            step = session.apply(dict(start))
        except RuleError as refusal:
            self.report.add("steps", "start", f"{self.where}: the start was refused: {refusal.code} {refusal.message}")
            return False
        self.report.accepted.add(str(step.command.get("cmd")))
        self.check_step(session, step)
        return True

    def play_on(self, session: Session, rng: random.Random, start: dict[str, Any], length: int) -> dict[int, dict[str, Any]]:
        """Play from the menus, probing every state; returns the request that made each step number."""
        sent = {1: start}
        replays = 4  # a game over early is taken back a little and played on, a few times at most
        for count in range(length):
            first_visit = self.label(session) not in self.report.phases
            if first_visit or rng.random() < PROBED:
                self.probe(session, rng, everyone=first_visit)
            if count % 15 == 7:
                self.hostile(session, rng)
            if session.turn.status == "over":
                if not replays or len(session.history) < 2:
                    break
                replays -= 1
                session.undo(rng.randint(1, min(8, len(session.history) - 1)))
                continue
            if rng.random() < 0.15 and len(session.history) > 1:
                self.take_back(session, rng)
            request = pick(session, rng)
            if request is None:
                self.report.add("steps", f"stuck {self.label(session)}", f"{self.where}: at step {len(session.history)} "
                                f"({self.label(session)}) no menu offers anything the rules accept: the buttons cannot go on")
                break
            step = session.history[-1]
            sent[step.number] = request
            self.report.accepted.add(str(step.command.get("cmd")))
            self.check_step(session, step)
            if count % 5 == 0 and session.replay() != session.state:
                self.report.add("undo and resume", "replay", f"{self.where}: after {request}, the state is not the replay of the log")
        return sent

    def copy(self, session: Session, steps: int | None = None) -> Session:
        """An in-memory copy of the game (Session.fork) that checks the game master's PIN only once: the
        kit asks it thousands of times, and each check costs a tenth of a second on purpose."""
        copy = session.fork(steps)
        copy.pin_guard = self.guard
        return copy

    @staticmethod
    def label(session: Session) -> str:
        turn = session.turn
        return f"{turn.status}:{turn.phase}" if turn.phase else turn.status

    def viewers(self, session: Session, master: bool = True) -> list[Viewer]:
        """Everyone who looks at this game: the table, each seat, and the game master when there is one
        (`master`: a PIN check costs a tenth of a second on purpose, so the kit asks it now and then)."""
        return [TABLE, *(seat_viewer(seat.id) for seat in session.seats), *([MASTER] if self.pin and master else [])]

    # -- commands ---------------------------------------------------------------------------------------------
    def probe(self, session: Session, rng: random.Random, everyone: bool) -> None:
        """Send every command in this state (each by everyone, the first time a phase is met); the state
        must not change by a byte, whatever they do to the copies they are tried on."""
        self.report.phases.add(self.label(session))
        menus = {viewer: self.guarded(f"options for {viewer}", self.game.options, session.state, viewer) or [] for viewer in self.viewers(session)}
        self.learn_words(session, menus)
        state, snapshot = session.state, pickle.dumps(session.state)
        for request, actor in list(self.probes(session, rng, everyone, menus)):
            self.try_command(session, request, actor)
        if session.state is not state or pickle.dumps(session.state) != snapshot:
            self.report.add("commands", "in place", f"{self.where}: a command tried at step {len(session.history)} "
                            f"({self.label(session)}) changed the state in place (decide or evolve mutates it)")

    def probes(self, session: Session, rng: random.Random, everyone: bool,
               menus: Mapping[Viewer, list[Option]]) -> Iterator[tuple[dict[str, Any], Viewer]]:
        """Each command made up, by a sender at random (by each, `everyone`), and as someone's menu offers
        it; once a state one by the game master; and what a few scanned cards mean."""
        game, state = self.game, session.state
        senders = [*self.viewers(session, master=False), MASTER, STRANGER]  # the master with the PIN, when there is one
        offered: dict[str, list[tuple[dict[str, Any], Viewer]]] = {}
        for viewer, options in menus.items():
            for option in options:
                offered.setdefault(str(option.command.get("cmd")), []).append((answered(option, rng), viewer))
        for kind, command in game.commands.items():
            for actor in senders if everyone else [rng.choice(senders)]:
                yield self.made_up(kind, command, rng), actor
            if kind in offered:
                yield rng.choice(offered[kind])
        cards = [card.id for card in game.cards()]
        for card in [*rng.sample(cards, min(3, len(cards))), "no-such-card"]:
            actor = rng.choice(list(menus))
            meaning = self.guarded(f"scanning {card} for {actor}", game.scan, state, card, actor)
            if isinstance(meaning, dict):
                yield meaning, actor
            elif isinstance(meaning, Option):
                yield answered(meaning, rng), actor

    def guarded(self, what: str, function: Callable[..., Any], *args: Any) -> Any:
        """function(*args): a game function that must answer for anyone at any time; a crash is a finding."""
        try:
            return function(*args)
        except Exception as crash:
            self.crashed("steps", what, crash)
            return None

    def made_up(self, kind: str, command: type[Command], rng: random.Random) -> dict[str, Any]:
        """A request for `kind` with made-up arguments: each required one, and each optional one half the
        time, a value its type hint allows, drawn from the game's own words and numbers."""
        request: dict[str, Any] = {"cmd": kind}
        for name, hint, required in fields_of(command):
            if required or rng.random() < 0.5:
                request[name] = self.value_for(hint, rng)
        return request

    def value_for(self, hint: Any, rng: random.Random, depth: int = 0) -> Any:
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            options = [a for a in args if a is not type(None)]
            return None if type(None) in args and rng.random() < 0.2 else self.value_for(rng.choice(options), rng, depth)
        if origin is Literal:
            return rng.choice(args)
        if origin is tuple and depth < 3:
            return [self.value_for(args[0], rng, depth + 1) for _ in range(rng.randint(0, 3))]
        if origin is dict and depth < 3:
            return {rng.choice(self.words): self.value_for(args[1], rng, depth + 1) for _ in range(rng.randint(0, 2))}
        if hint is bool:
            return rng.random() < 0.5
        if hint is int:
            return rng.choice(sorted(self.numbers))
        if hint is str:
            return rng.choice(self.words)
        return {}

    def learn_words(self, session: Session, menus: Mapping[Viewer, list[Option]]) -> None:
        """The game's own words and numbers, for made-up arguments: seat ids, card ids, phases, what the
        menus send, the short texts of the table's view."""
        words = {seat.id for seat in session.seats} | {card.id for card in self.game.cards()} | {p.id for p in self.game.phases}
        for options in menus.values():
            _collect([(o.command, [c.value for a in o.asks for c in a.choices]) for o in options], words, self.numbers)
        _collect(self.guarded("the table's view", self.game.view, session.state, TABLE), words, set())
        self.vocabulary |= {word for word in words if len(word) <= 40}
        self.words = sorted(self.vocabulary)[:600]

    def try_command(self, session: Session, request: dict[str, Any], actor: Viewer) -> None:
        """Send `request` by `actor` to a copy of the game."""
        self.report.runs["commands"] += 1
        trial = self.copy(session)
        before, kind = trial.state, str(request.get("cmd"))
        try:
            step = trial.apply(dict(request), by=actor, pin=self.pin if actor == MASTER else None)
        except RuleError as refusal:
            self.check_refusal("commands", refusal, trial, before, f"{kind} by {actor}", request)
            self.refuse_on_disk(session, request, actor, refusal)
        except Exception as crash:
            self.crashed("commands", f"at step {len(session.history)} ({self.label(session)}), {kind} by {actor}: {_short(request)}", crash)
        else:
            self.report.accepted.add(kind)
            self.check_step(trial, step, deep=False)

    def check_refusal(self, check: str, refusal: RuleError, session: Session, before: Any, kind: str, request: Any) -> None:
        self.text(refusal.text)
        if not CODE.fullmatch(refusal.code) or not render(refusal.text).strip():
            self.report.add(check, f"unclear {refusal.code}", f"{self.where}: {_short(request)} refused without a clear code and "
                            f"message: {refusal.code!r} {render(refusal.text)!r}")
        if session.state is not before:
            self.report.add(check, f"changed {kind}", f"{self.where}: {_short(request)} was refused ({refusal.code}) but changed the state")

    def refuse_on_disk(self, session: Session, request: dict[str, Any], actor: Viewer, refusal: RuleError) -> None:
        """The first refusal of each command in each phase, sent again to the saved game itself: refused the
        same, and the state, undo list, redo list and save file as they were."""
        key = (self.label(session), str(request.get("cmd")))
        store = session.store
        if key in self.probed_on_disk or store is None:
            return
        self.probed_on_disk.add(key)
        files, state = _file_bytes(store.path), session.state
        lists = (_steps(session.history), _steps(session.redo_stack))
        try:
            session.apply(dict(request), by=actor, pin=self.pin if actor == MASTER else None)
        except RuleError as again:
            if again.code != refusal.code:
                self.report.add("commands", f"twice {key}", f"{self.where}: {_short(request)} by {actor} refused as {refusal.code} in a "
                                f"copy but as {again.code} in the saved game")
        else:
            self.report.add("commands", f"saved {key}", f"{self.where}: {_short(request)} by {actor} refused in a copy, accepted in the saved game")
            return
        if session.state is not state or (_steps(session.history), _steps(session.redo_stack)) != lists:
            self.report.add("commands", f"lists {key}", f"{self.where}: refusing {_short(request)} changed the state or the undo list")
        if _file_bytes(store.path) != files:
            self.report.add("commands", f"file {key}", f"{self.where}: refusing {_short(request)} by {actor} changed the save file")

    # -- steps ------------------------------------------------------------------------------------------------
    def check_step(self, session: Session, step: Step, deep: bool = True) -> None:
        """An accepted step: declared events that survive JSON, a typed turn, the game's own rules, and
        (deep: a step of the game itself, not a probe) every viewer's screen drawn."""
        self.report.runs["steps"] += 1
        game, kind = self.game, str(step.command.get("cmd"))
        before, after = session.state_before(step), session.state
        for event in step.events:
            if game.events.get(event.kind) is not type(event):
                self.report.add("steps", f"undeclared {event.kind}", f"{self.where}: {kind} made the event {event.kind}, not declared in the game's events")
            elif self.guarded(f"reading {event.kind} back", game.event_from_json, event.to_json()) != event:
                self.report.add("steps", f"json {event.kind}", f"{self.where}: the event {event.kind} does not survive JSON: a resumed "
                                f"game would differ ({_short(event.to_json())})")
        self.check_turn(session, kind)
        if self.invariant is not None:
            try:
                self.invariant(before, step.events, after)
            except AssertionError as broken:
                self.report.add("steps", f"rule {kind} {broken}", f"{self.where}: after {_short(step.command)} by {step.by}: "
                                f"a rule of the game broke: {broken}")
            except Exception as crash:
                self.crashed("steps", f"the invariant after {kind}", crash)
        if not deep:  # a command tried on a copy: what the table sees and hears of it
            self.guarded(f"the table's screen after {kind}", self.glance, session, step)
            return
        screens = {TABLE, MASTER, step.by, *(seat_viewer(seat) for seat in session.turn.acting)}
        for viewer in self.viewers(session, master=step.number % 10 == 1):
            if viewer in screens:
                self.guarded(f"the screen of {viewer} after {kind}", self.screen, session, viewer)
            else:  # a seat not acting now: its view (its menu is drawn by the next probes)
                self.guarded(f"the view of {viewer} after {kind}", lambda v: json.dumps(session.view(v).to_json()), viewer)

    def check_turn(self, session: Session, kind: str) -> None:
        turn, seats = session.turn, {seat.id for seat in session.seats}
        declared = {phase.id for phase in self.game.phases}
        wrong = [] if set(turn.acting) <= seats else [f"acting {turn.acting} are not seats"]
        wrong += [] if turn.status != "playing" or turn.phase in declared else [f"phase {turn.phase!r} is not declared"]
        wrong += [] if (turn.result is not None) == (turn.status == "over") else ["a result only when over"]
        if wrong:
            self.report.add("steps", f"turn {wrong[0]}", f"{self.where}: after {kind}, the turn is wrong: {'; '.join(wrong)}")

    def screen(self, session: Session, viewer: Viewer) -> str:
        """All that `viewer` sees and hears now, as JSON: its view, its menu, the ring, the last step's line
        and what the table heard of it."""
        game, state = self.game, session.state
        shown = session.view(viewer, self.pin if viewer == MASTER else None)
        last = session.history[-1] if session.history else None
        menu = game.options(state, viewer)
        spoken = game.announcements(session.state_before(last), last.events) if last else []
        line = session.describe(last, viewer) if last else ""
        texts = [shown.prompt, line, *spoken, *(o.label for o in menu), *(a.label for o in menu for a in o.asks),
                 *(c.label for o in menu for a in o.asks for c in a.choices)]
        if shown.turn.result is not None:
            texts.append(shown.turn.result.reason)
        for text in texts:
            self.text(text)
        data = {"view": shown.to_json(), "menu": [_option_json(o) for o in menu], "ring": ring_json(game.ring(state)),
                "spoken": [render(t) for t in spoken], "line": render(line)}
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    def glance(self, session: Session, step: Step) -> None:
        """The table's view, the step's line, what is said of it and the ring: drawn without a crash."""
        before = session.state_before(step)
        texts = [session.describe(step, TABLE), session.view(TABLE).prompt, *self.game.announcements(before, step.events)]
        json.dumps([session.view(TABLE).to_json(), ring_json(self.game.ring(session.state)), [render(text) for text in texts]])
        for text in texts:
            self.text(text)

    @staticmethod
    def records(session: Session, viewer: Viewer) -> str:
        """`viewer`'s undo list and export, as JSON."""
        return json.dumps({"log": session.log(viewer), "export": list(session.export(viewer))}, sort_keys=True, ensure_ascii=False)

    def crashed(self, check: str, what: str, crash: BaseException) -> None:
        frame = traceback.extract_tb(crash.__traceback__)[-1] if crash.__traceback__ else None
        place = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
        self.report.add(check, f"crash {type(crash).__name__}{place}", f"{self.where}: {what} crashed: {type(crash).__name__}: "
                        f"{str(crash)[:200]}{place}")

    # -- undo, redo and resume --------------------------------------------------------------------------------
    def take_back(self, session: Session, rng: random.Random) -> None:
        """Undo a few steps (by the table, or a seat: refused unless they are its own) and redo them: the
        state before, then the state after; a refusal changes nothing, not even the save file."""
        self.report.runs["undo and resume"] += 1
        actor = rng.choice([TABLE, TABLE, *(seat_viewer(seat.id) for seat in session.seats)])
        count = rng.randint(1, min(3, len(session.history) - 1))
        after, expected = session.state, session.state_before(session.history[-count])
        files = _file_bytes(session.store.path) if session.store else b""
        try:
            session.undo(count, by=actor)
        except RuleError as refusal:
            self.check_refusal("undo and resume", refusal, session, after, f"undo by {actor}", f"undo {count} by {actor}")
            if session.store and _file_bytes(session.store.path) != files:
                self.report.add("undo and resume", "undo file", f"{self.where}: a refused undo by {actor} changed the save file")
            return
        if session.state != expected:
            self.report.add("undo and resume", "undo", f"{self.where}: undoing {count} steps by {actor} did not give the state before them")
        try:
            session.redo(count, by=actor)
        except RuleError as refusal:
            self.report.add("undo and resume", "redo", f"{self.where}: {actor} undid {count} steps but cannot redo them: {refusal.message}")
            return
        if session.state != after:
            self.report.add("undo and resume", "redo state", f"{self.where}: undo and redo of {count} steps by {actor} gave another state")

    def check_resume(self, store: EventStore, live: Session) -> None:
        """The saved game resumed from its file equals the live one; undoing all of it gives the start."""
        self.report.runs["undo and resume"] += 1
        if live.game_id is None:
            return
        try:
            again = Session.resume(self.game, store, live.game_id)
        except RuleError as refusal:
            self.report.add("undo and resume", "resume", f"{self.where}: the saved game does not resume: {refusal.code} {refusal.message}")
            return
        with again:
            different = [what for what, a, b in [
                ("the state", live.state, again.state), ("the steps", _steps(live.history), _steps(again.history)),
                ("the undone steps", _steps(live.redo_stack), _steps(again.redo_stack)),
                *((f"{v}'s screen", self.screen(live, v), self.screen(again, v)) for v in self.viewers(live)),
                *((f"{v}'s undo list", self.records(live, v), self.records(again, v)) for v in self.viewers(live))] if a != b]
            if different:
                self.report.add("undo and resume", "resumed", f"{self.where}: the resumed game differs from the live one in {', '.join(different)}")
            if again.history:
                final, steps = again.state, len(again.history)
                again.undo(steps)
                if again.state != again.game.initial_state():
                    self.report.add("undo and resume", "undo all", f"{self.where}: undoing every step did not give the initial state")
                again.redo(steps)
                if again.state != final or again.replay() != final:
                    self.report.add("undo and resume", "redo all", f"{self.where}: redoing every step did not give the game back")

    def check_file(self, store: EventStore, session: Session) -> None:
        """Every hidden field of a stored step is sealed, a command's NOBODY fields are not stored, and the
        PIN the kit gave is nowhere in the file's bytes."""
        if session.game_id is None:
            return
        for stored in store.steps(session.game_id):
            found = _readable(stored.command, self.game.commands.get(str(stored.command.get("cmd"))), command=True)
            found += [name for e in stored.events for name in _readable(e, self.game.events.get(str(e.get("type"))), command=False)]
            for name in found:
                self.report.add("secrets", f"clear {name}", f"{self.where}: the hidden field {name} of step {stored.position} "
                                "can be read in the save file")
        if SECRET_TEXT.encode() in _file_bytes(store.path):
            self.report.add("secrets", "pin at rest", f"{self.where}: the PIN the kit gave is in clear in the save file")

    # -- secrets ----------------------------------------------------------------------------------------------
    def check_secrets(self, session: Session, sent: list[dict[str, Any]]) -> None:
        """For each step holding a hidden value, another world where only that value differs, followed
        step by step (see the module docstring)."""
        played = self.copy(session)
        for number, step in enumerate(played.history, start=1):
            if not _holds_secret(self.game, step):
                continue
            self.report.secret_steps += 1
            other = self.other_world(played, number, sent[number - 1])
            if other is not None:
                self.report.other_worlds += 1
                self.follow(played, other, number, sent)

    def other_world(self, played: Session, number: int, request: dict[str, Any]) -> tuple[Session, str | None] | None:
        """A copy of the game whose step `number` differs only in hidden values, and its game-master PIN."""
        base, step = self.copy(played, number - 1), played.history[number - 1]
        for candidate in self.alternatives(base, request):
            world = self.copy(base)
            try:
                world.apply(dict(candidate))
            except RuleError:
                continue
            except Exception as crash:
                self.crashed("secrets", f"another {request.get('cmd')} ({_short(candidate)})", crash)
                continue
            if _secrets_of(world.history[-1]) != _secrets_of(step):
                pins = [value for name, value in candidate.items() if request.get(name) == SECRET_TEXT]
                return world, (pins[0] if pins else self.pin)
        return None

    def alternatives(self, base: Session, request: dict[str, Any]) -> list[dict[str, Any]]:
        """Requests that differ from `request` in hidden arguments only: the same menu's other answers,
        then each hidden value changed a little (two letters swapped, a number one up)."""
        command = self.game.commands[str(request["cmd"])]
        secret = {name for name in hidden(command.visibility) if request.get(name) is not None}
        actor = Viewer.parse(request.get("by", "table"))
        found = []
        for option in self.game.options(base.state, actor):
            if option.command.get("cmd") == request["cmd"]:
                found += _menu_variants(option, request, secret)
        for name in sorted(secret):
            found += [{**request, name: value} for value in _nudged(request[name])]
        unique = {json.dumps(c, sort_keys=True): c for c in found if c != request}
        return list(unique.values())[:6]

    def follow(self, played: Session, other: tuple[Session, str | None], number: int, sent: list[dict[str, Any]]) -> None:
        """Both worlds step by step from `number`: each viewer's screen the same while its visible steps
        are; its undo list and export at the last step it was followed to."""
        world, other_pin = other
        following = self.viewers(played)
        last: dict[Viewer, int] = {}  # the last step compared, for each viewer whose screens agreed
        for current in range(number, min(number + HORIZON, len(played.history) + 1)):
            if current > number and not self.step_both(world, sent[current - 1]):
                break
            mine = self.copy(played, current)
            if any(e.reveals for s in (mine.history[-1], world.history[-1]) for e in s.events):
                break
            for viewer in list(following):
                if _visible(self.game, mine.history[-1], viewer) != _visible(self.game, world.history[-1], viewer):
                    following.remove(viewer)  # it may see the difference from here on
                    continue
                self.report.runs["secrets"] += 1
                if self.same(mine, world, viewer, other_pin, self.screen, number, current):
                    last[viewer] = current
                else:
                    following.remove(viewer)
                    last.pop(viewer, None)
        for viewer, current in last.items():
            self.same(self.copy(played, current), self.copy(world, current), viewer, other_pin, self.records, number, current)

    def step_both(self, world: Session, request: dict[str, Any]) -> bool:
        try:
            world.apply(dict(request))
        except RuleError:
            return False  # the secret made this step illegal there: the worlds part
        except Exception as crash:
            self.crashed("secrets", f"{request.get('cmd')} in the other world", crash)
            return False
        return True

    def same(self, mine: Session, world: Session, viewer: Viewer, other_pin: str | None,
             seen: Callable[[Session, Viewer], str], number: int, current: int) -> bool:
        """Whether `viewer` sees the same in both worlds; a finding naming where they differ if not."""
        ours = self.guarded(f"what {viewer} sees", seen, mine, viewer)
        pin, self.pin = self.pin, other_pin if viewer == MASTER else self.pin
        try:
            theirs = self.guarded(f"what {viewer} sees in the other world", seen, world, viewer)
        finally:
            self.pin = pin
        if ours is None or theirs is None:
            return False
        if ours == theirs:
            return True
        where = _difference(json.loads(ours), json.loads(theirs))
        step = mine.history[number - 1]
        self.report.add("secrets", f"{viewer.kind} {where.split('[')[0]}", f"{self.where}: {viewer} can tell the hidden "
                        f"{', '.join(sorted(_secrets_of(step)))} of step {number} ({step.command.get('cmd')} by {step.by}) at step "
                        f"{current}: its {where} differs between worlds that differ in nothing else it may see")
        return False

    # -- hostile requests --------------------------------------------------------------------------------
    def hostile(self, session: Session, rng: random.Random) -> None:
        """Lines a tester throws at headless: broken ones refused with a code and a message, the game and
        its save file unchanged; extreme values of the right type refused the same, or taken as a step."""
        store = session.store
        files, state, steps = (_file_bytes(store.path) if store else b""), session.state, len(session.history)
        if not self.hostile_lines:
            self.hostile_lines, self.extreme_lines = [*self.wrong_arguments(rng)], [*self.extreme_arguments(rng)]
        wrong, extreme = self.hostile_lines, self.extreme_lines
        if session.history:  # every line before the start; a sample of them later
            wrong, extreme = rng.sample(wrong, min(150, len(wrong))), rng.sample(extreme, min(60, len(extreme)))
        server = Headless(session)
        for raw in [*HOSTILE_LINES, *wrong]:
            reply = self.hostile_reply(server, session, raw)
            if reply is not None and reply.get("ok"):
                self.report.add("hostile requests", f"accepted {raw[:40]!r}", f"{self.where}: {raw[:120]!r} was accepted")
            if session.state is not state or len(session.history) != steps:
                self.report.add("hostile requests", "changed", f"{self.where}: {raw[:120]!r} changed the game")
                return
        if store and _file_bytes(store.path) != files:
            self.report.add("hostile requests", "file", f"{self.where}: hostile lines changed the save file")
        for raw in map(self.by_who_may_send, extreme, [session] * len(extreme)):
            trial = self.copy(session)
            reply = self.hostile_reply(Headless(trial), trial, raw)
            if reply is not None and reply.get("ok") and trial.history:
                self.check_step(trial, trial.history[-1], deep=False)
            elif trial.state is not state:
                self.report.add("hostile requests", "changed", f"{self.where}: the refused {raw[:120]!r} changed the game")

    def by_who_may_send(self, raw: bytes, session: Session) -> bytes:
        """A line sent by the table, or by a seat acting now where the game lets only seats act (its
        `who_acts`): extreme values reach the rules, not the core's refusal of the table."""
        acting = session.turn.acting
        if self.game.who_acts.table_acts or not acting:
            return raw
        return _line({**json.loads(raw), "by": str(seat_viewer(acting[0]))})

    def hostile_reply(self, server: Headless, session: Session, raw: bytes) -> dict[str, Any] | None:
        """Headless's reply to one line; a finding if it crashed or its refusal is unclear."""
        self.report.runs["hostile requests"] += 1
        try:
            reply = server.handle_line(raw)
        except Exception as crash:
            self.crashed("hostile requests", f"headless on {raw[:80]!r}", crash)
            return None
        error = reply.get("error") or {}
        if not reply.get("ok") and (error.get("code") == "INTERNAL" or not CODE.fullmatch(str(error.get("code"))) or not error.get("message")):
            inside = self.reason_inside(session, raw) if error.get("code") == "INTERNAL" else ""
            self.report.add("hostile requests", f"reply {error.get('code')} {inside[:60]}", f"{self.where}: {raw[:120]!r} got {error}{inside}")
        return reply

    def extreme_arguments(self, rng: random.Random) -> Iterator[bytes]:
        """Each command with each argument at an extreme its type hint allows: the largest numbers, an
        empty or 200-character text, right-to-left marks, a list of 50."""
        for kind, command in self.game.commands.items():
            good = self.made_up(kind, command, rng)
            for name, hint, _required in fields_of(command):
                for value in _extremes(hint):
                    yield _line({**good, name: value})

    def reason_inside(self, session: Session, raw: bytes) -> str:
        """What went wrong inside when headless answered INTERNAL: the crash again, on a copy."""
        with contextlib.suppress(Exception):
            Headless(self.copy(session)).handle(json.loads(raw))
            return ""
        import sys

        crash = sys.exc_info()[1]
        frame = traceback.extract_tb(crash.__traceback__)[-1] if crash and crash.__traceback__ else None
        return f" ({type(crash).__name__}: {crash} at {Path(frame.filename).name}:{frame.lineno})" if frame else ""

    def wrong_arguments(self, rng: random.Random) -> Iterator[bytes]:
        """Each command with an unknown key, without its required arguments, and with each argument given
        a value its type hint refuses (text for a number, a huge number, a NUL byte, a list for a word...)."""
        for kind, command in self.game.commands.items():
            good = self.made_up(kind, command, rng)
            yield _line({**good, "zzz": 1})
            if any(required for _name, _hint, required in fields_of(command)):
                yield _line({"cmd": kind})
            for name, hint, _required in fields_of(command):
                for value in _refused_by(hint, name):
                    yield _line({**good, name: value})

    # -- words ---------------------------------------------------------------------------------------------
    def text(self, text: Text | None) -> None:
        """Keep a message met on the way for the words check: a few of each (their arguments differ)."""
        if isinstance(text, Joined):
            for part in text.parts:
                self.text(part)
        elif isinstance(text, Message):
            kept = self.texts.setdefault(text.id, [])
            if len(kept) < 3 and text not in kept:
                kept.append(text)

    def learn_labels(self) -> None:
        """The words a table reads outside play: every setting's label, help and choices (the setup wizard),
        and the name of each command a gesture sends (the gesture card, the question before it). A bound
        command the game cannot name would be shown and said as its id, in English in every language."""
        for where, text in describe_texts(self.game.settings):
            if any(ch.isalpha() for ch in text):
                self.texts.setdefault(text, [Message(text)])
                self.where_said[text] = f"setting {where}"
        for where, request in bound_commands(self.game):
            name = self.game.name_command(request)
            if name is None:
                self.report.add("words", f"unnamed {request}", f"the command {request} bound to {where} has no name: "
                                "name_command gives None, so the gesture card and the voice say its id in English")
            else:
                self.text(name)

    def check_words(self, translations: Mapping[str, Any]) -> None:
        for code, translation in translations.items():
            with i18n.speaking(translation if translation is not None else gettext.NullTranslations()):
                for text in (t for kept in self.texts.values() for t in kept):
                    self.report.runs["words"] += 1
                    problem = _untranslatable(text, translation)
                    if problem:
                        where = f" ({self.where_said[text.id]}: mark it N_(\"…\"))" if text.id in self.where_said else ""
                        self.report.add("words", f"{code} {problem}", f"in {code}: {problem}{where}")


class _CheckedOnce(PinGuard):
    """A PIN guard that remembers the PINs it found right for a stored hash (and still counts wrong ones)."""

    def __init__(self) -> None:
        super().__init__()
        self.right: set[tuple[str, str]] = set()

    def check(self, pin: object, stored: str) -> None:
        if isinstance(pin, str) and (pin, stored) in self.right:
            return
        super().check(pin, stored)
        self.right.add((str(pin), stored))


# -- hostile lines ---------------------------------------------------------------------------------------------
HOSTILE_LINES: tuple[bytes, ...] = (
    b"", b"   ", b"{", b"}", b"[]", b"null", b"true", b"42", b'"start"', b"not json", b"9" * 5000, b"[" * 100_000,
    b'{"a":' * 20_000 + b"1" + b"}" * 20_000, b"\xff\xfe\xfd", b'{"cmd": "st\xffate"}', b"\x00", b'{"cmd": "state"}\x00',
    b'\xef\xbb\xbf{"cmd": "state"}', b'{"cmd": "state"} trailing', b'{"cmd": "fly\\ud800"}', b'{"cmd": ["state"]}', b'{"cmd": 7}',
    b'{"cmd": null}', b"{}", b'{"cmd": "no-such-command"}', b'{"cmd": "state", "by": "seat:"}', b'{"cmd": "state", "by": 3}',
    b'{"cmd": "state", "by": "seat:Nobody"}', b'{"cmd": "undo", "steps": -1}', b'{"cmd": "undo", "steps": 1e9}',
    b'{"cmd": "undo", "steps": "all"}', b'{"cmd": "redo", "steps": 99999999999999999999}', b'{"cmd": "undo", "to": -3}',
    b'{"cmd": "undo", "step": 2}', b'{"cmd": "analyse", "name": ["odds"]}', b'{"cmd": "analyse"}',
)


def hostile_corpus() -> list[bytes]:
    """At least 50 lines a careful tester throws at a whole headless process (issue 10's among them; the
    fault suite and tests/test_reliability.py): the hostile lines, and Big Bang's commands and settings
    with wrong values, huge texts and deeper nesting."""
    return [
        *HOSTILE_LINES,
        b"\t", b"not json at all", b'{"cmd": "roll", "n": ' + b"9" * 5000 + b"}", b"[" * 200_000, b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
        b'{"cmd": "\\udfff"}', b'{"cmd": {"x": 1}}', b'{"cmd": true}',
        b'{"cmd": "start", "players": ["' + b"A" * 1_000_000 + b'", "B", "C"]}',
        b'{"cmd": "start", "players": ["' + b"A" * 5000 + b'", "B", "C"]}',
        b'{"cmd": "start", "players": ["Ann\\u0000", "Bob", "Cy"]}',
        b'{"cmd": "start", "players": "Ann"}', b'{"cmd": "start", "players": [1, 2, 3]}', b'{"cmd": "start", "players": []}',
        b'{"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"track": {"length": 1e308}}}',
        b'{"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"track": {"length": NaN}}}',
        b'{"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": [1, 2]}',
        b'{"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"cards": "all"}}',
        b'{"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"track": {"lenght": 9}}}',
        b'{"cmd": "start", "players": ["Ann", "Bob", "Cy"], "master_pin": "12"}',
        b'{"cmd": "master", "pin": 1234}', b'{"cmd": "master"}', b'{"cmd": "state", "by": "master"}',
        b'{"cmd": "move", "location": "3"}', b'{"cmd": "move", "location": 3.5}', b'{"cmd": "move", "location": -1}',
        b'{"cmd": "play", "character": "\\u202eynnep", "cards": 1}', b'{"cmd": "state", "id": ' + b"7" * 100 + b"}",
        b'{"cmd": "state", "id": {"x": 1}}', b" " * 70_000,
    ]


#: values of each kind that some type hint refuses: `_refused_by` keeps those a field's hint refuses
WRONG_VALUES: tuple[Any, ...] = (None, "3", "x" * 201, "a\x00b", 10**30, -(10**30), 1.5, float("nan"), True, [], ["\x00"], {}, {"a": [None]},
                                 [[[[[[[[[[[[[[1]]]]]]]]]]]]]], list(range(10_001)))


def _extremes(hint: Any) -> list[Any]:
    """Values at the edges of what a field with this hint takes."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return [value for option in args if option is not type(None) for value in _extremes(option)]
    if origin is tuple:
        return [[], [value for value in _extremes(args[0])[:1] for _ in range(50)]]
    if origin is dict:
        return [{}, {"x" * MAX_TEXT: None}]
    if hint is int:
        return [MAX_NUMBER, -MAX_NUMBER, -1]
    if hint is str:
        return ["", " ", "x" * MAX_TEXT, "\u202eAnn", "🎲" * 20]
    if hint is float:
        return [float("nan"), float("inf"), -1e308]
    return []


def _refused_by(hint: Any, name: str) -> list[Any]:
    """The wrong values a field with this hint refuses, as the headless line carries them."""
    refused = []
    for value in WRONG_VALUES:
        try:
            coerce(value, hint, name, bounded=True)
        except RuleError:
            refused.append(value)
    return refused


def _line(request: dict[str, Any]) -> bytes:
    return json.dumps(request).encode()


def _file_bytes(path: str) -> bytes:
    """The save file as the disk holds it: the database and its write-ahead log."""
    if path == ":memory:":
        return b""
    return b"".join(Path(f"{path}{part}").read_bytes() for part in ("", "-wal") if Path(f"{path}{part}").exists())


# -- secrets, as the records declare them --------------------------------------------------------------------
def _holds_secret(game: GameDefinition, step: Step) -> bool:
    return bool(_secrets_of(step)) or any(
        step.command.get(name) is not None for name in hidden(game.commands[str(step.command["cmd"])].visibility))


def _secrets_of(step: Step) -> dict[str, Any]:
    """The hidden values of a step's events: `event.field` -> value."""
    return {f"{e.kind}.{name}": _as_json(getattr(e, name)) for e in step.events for name in hidden(e.visibility)
            if getattr(e, name, None) is not None}


def _readable(data: dict[str, Any], record: type[Record] | None, command: bool) -> list[str]:
    """The hidden fields of a stored command or event that its save file holds readable: not sealed, or
    (a command's field nobody may see: a PIN) kept at all."""
    if record is None:
        return []
    return [f"{record.kind}.{name}" for name, rule in record.visibility.items()
            if name in hidden(record.visibility) and data.get(name) is not None and ((command and rule is NOBODY) or not _sealed(data[name]))]


def _visible(game: GameDefinition, step: Step, viewer: Viewer) -> Any:
    """What `viewer` may see of a step: who sent it, and its command and events with hidden fields left out."""
    command = game.commands[str(step.command["cmd"])]
    shown = redact(step.command, command.visibility, types.SimpleNamespace(**step.command), viewer, step.by)
    return str(step.by), json.dumps(shown, sort_keys=True), [json.dumps(e.shown_to(viewer, step.by), sort_keys=True) for e in step.events]


def _menu_variants(option: Option, request: dict[str, Any], secret: set[str]) -> list[dict[str, Any]]:
    """The option's requests that agree with `request` in every argument but the hidden ones."""
    fixed = {ask.arg: request[ask.arg] for ask in option.asks if ask.arg not in secret and ask.arg in request}
    by = {"by": request["by"]} if "by" in request else {}
    answers = [fixed] + [{**fixed, ask.arg: choice.value} for ask in option.asks if ask.arg in secret for choice in ask.choices]
    variants = [{**option.request(chosen), **by} for chosen in answers]
    return [v for v in variants if all(v.get(k) == request.get(k) for k in set(v) | set(request) if k not in secret)]


def _nudged(value: Any) -> list[Any]:
    """The value changed a little: a list with two items swapped or reversed, a number one up or down,
    a text reversed."""
    if isinstance(value, list) and len(set(map(json.dumps, value))) > 1:
        swapped = [value[1], value[0], *value[2:]]
        return [swapped, list(reversed(value))]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1]
    if isinstance(value, str) and len(value) > 1:
        return [value[::-1], value[1:] + value[0]]
    if isinstance(value, dict) and value:
        key = sorted(value)[0]
        return [{**value, key: nudged} for nudged in _nudged(value[key])]
    return []


def _difference(ours: Any, theirs: Any, path: str = "") -> str:
    """Where two JSON values first differ, as a path ("view.combat.cards")."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in sorted(set(ours) | set(theirs)):
            if ours.get(key) != theirs.get(key):
                return _difference(ours.get(key), theirs.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        for index, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            if a != b:
                return _difference(a, b, f"{path}[{index}]")
    return path or "whole"


# -- words ---------------------------------------------------------------------------------------------------
def _untranslatable(text: Text, translation: Any) -> str | None:
    """What keeps `text` from rendering in this catalogue (None for English), or None: a message missing
    from the catalogue, or a placeholder the translation or the code gets wrong."""
    if isinstance(text, Joined):
        return next((p for p in (_untranslatable(part, translation) for part in text.parts) if p), None)
    if not isinstance(text, Message):
        return None
    for arg in text.args.values():
        if isinstance(arg, (Message, Joined, Names)):
            problem = _untranslatable(arg, translation)
            if problem:
                return problem
    catalogue = getattr(translation, "_catalog", None)
    key = text.id if text.plural is None else (text.id, 0)
    if catalogue is not None and key not in catalogue:
        return f'"{text.id}" is not in the catalogue'
    template = i18n.translate(text.id) if text.plural is None else i18n.translate_plural(text.id, text.plural, text.count or 0)
    values = {name: value if isinstance(value, (int, float)) else render(value) for name, value in text.args.items()}
    try:
        template.format(**values)
    except (KeyError, IndexError, ValueError) as wrong:
        return f'"{text.id}" as "{template}" with {sorted(values)}: {type(wrong).__name__} {wrong}'
    return None


# -- small things ----------------------------------------------------------------------------------------------
def _accepts(hint: Any, value: Any) -> bool:
    try:
        coerce(value, hint, "value")
    except RuleError:
        return False
    return True


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def _sealed(value: Any) -> bool:
    return isinstance(value, dict) and value.keys() == {SEALED}


def _steps(steps: Sequence[Step]) -> list[Any]:
    return [(s.number, s.command, str(s.by), [e.to_json() for e in s.events]) for s in steps]


def _short(data: Any) -> str:
    return json.dumps(data, default=str, ensure_ascii=False)[:160]


def _option_json(option: Option) -> dict[str, Any]:
    return {"label": render(option.label), "command": option.command, "secret": option.secret,
            "asks": [{"arg": a.arg, "label": render(a.label), "choices": [[c.value, render(c.label)] for c in a.choices]} for a in option.asks]}


def _collect(data: Any, words: set[str], numbers: set[int]) -> None:
    """Every short text and small number in a JSON-like value."""
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            words.add(item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) < 100:
            numbers.add(item)
        elif isinstance(item, dict):
            pending += [*item.keys(), *item.values()]
        elif isinstance(item, (list, tuple)):
            pending += list(item)
