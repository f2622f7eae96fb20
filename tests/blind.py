"""A player who knows the menu by heart: plays a scripted game of any game with the buttons and the
card reader only, and counts the gestures it took.

The script is what the same game would be typed as (`companion headless` commands; a request's `by`
says whose buttons and reader: `"seat:<id>"` presses that seat's own, the table's otherwise). For each
command the player takes the shortest way a player who knows the menu would take: a card that means
the command is scanned (which card, the game's script says: `card_for`); otherwise NEXT or BACK,
whichever reaches the item sooner (the menu wraps round), then YES; an option's questions are
answered the same way, or by scanning the card a choice names (a list question: each value, then
"That's all"). After the step it checks that exactly the typed command was applied. A player who
never scans (`scanning=False`) walks to every card instead. A command no gesture or scan can send is
a screen-only step: the player taps it on the screen (`Table.command`), and it is counted and named.

Each game's script lives beside its tests (tests/bigbang/blind.py, …); benchmarks/bench_gestures.py
counts the gestures per turn. It reads the menu through `Table.menu` where the table has it, else the
way the table before issue 11 kept it, so the benchmark can measure the same script on earlier code.
"""
from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion import inputs
from companion.contract import TABLE, Viewer
from companion.inputs import Option
from companion.table import Outcome, Table

#: a list question's "That's all" (a checkout from before list questions has none)
DONE = getattr(inputs, "DONE", object())

#: tags per card: two cards of the same kind scanned one after the other are two different tags
TAGS_PER_CARD = 4


def tags(game: Any) -> dict[str, list[str]]:
    """A few tags for every card of `game`: {card id: [uid, ...]}, as a table would have enrolled them."""
    return {card.id: [f"0b{i:02x}{copy:02x}b1" for copy in range(TAGS_PER_CARD)] for i, card in enumerate(game.cards())}


def normalised(game: Any, request: dict[str, Any]) -> dict[str, Any]:
    """A request as the session stores it (arguments at their default left out; who sent it apart)."""
    command = game.command_from_json({key: value for key, value in request.items() if key != "by"})
    return {"cmd": command.kind, **command.arguments()}


def sender(request: dict[str, Any]) -> Viewer:
    """Who sends a request: its `by`, else the table."""
    return Viewer.parse(request.get("by", "table"))


def no_card(table: Table, request: dict[str, Any], scan_board: bool) -> str | None:
    return None


# ---------------------------------------------------------------------------------------------- hands

class TableHands:
    """Gestures and scans straight into `Table.button` / `Table.card`: the table's buttons and reader,
    or seat number `seat`'s (1-based)."""

    def __init__(self, table: Table, uids: dict[str, list[str]]):
        self.table, self.uids = table, uids
        self._used: dict[str, int] = {}

    def press(self, button: str, gesture: str, seat: int | None = None) -> Outcome:
        return self.table.button(button, gesture, *(() if seat is None else (seat,)))

    def scan(self, card: str, seat: int | None = None) -> Outcome:
        return self.table.card(self.next_uid(card), *(() if seat is None else (seat,)))

    def next_uid(self, card: str) -> str:
        n = self._used.get(card, 0)
        self._used[card] = n + 1
        return self.uids[card][n % len(self.uids[card])]


class RigHands(TableHands):
    """Gestures on the rig's gpiozero mock pins and cards on its simulated reader; waits until the
    table has heard the outcome (taps are told at release, holds and scans from device threads)."""

    def __init__(self, rig: Any, uids: dict[str, list[str]], timeout: float = 5.0):
        super().__init__(rig.table, uids)
        self.rig, self.timeout = rig, timeout
        self._heard: list[Outcome] = []
        self._changed = threading.Condition()
        rig.table.subscribe(self._hear)

    def _hear(self, outcome: Outcome) -> None:
        with self._changed:
            self._heard.append(outcome)
            self._changed.notify_all()

    def _after(self, act: Callable[[], None]) -> Outcome:
        with self._changed:
            seen = len(self._heard)
        act()
        with self._changed:
            if not self._changed.wait_for(lambda: len(self._heard) > seen, self.timeout):
                raise AssertionError("the table heard nothing")
            return self._heard[seen]

    def press(self, button: str, gesture: str, seat: int | None = None) -> Outcome:
        return self._after(lambda: self.rig.perform(button, gesture, seat))

    def scan(self, card: str, seat: int | None = None) -> Outcome:
        uid = self.next_uid(card)
        reader = self.rig.reader if seat is None else self.rig.seat_readers[seat]
        return self._after(lambda: reader.scan(uid))


# ---------------------------------------------------------------------------------------------- the menu

@dataclass(frozen=True)
class Walk:
    """What the buttons walk now: the items (options, or the choices of the question asked), where
    the cursor is, and the question (None at the top of the menu)."""

    items: tuple[Any, ...]
    index: int
    ask: Any = None


def walk_now(table: Table, by: Any = TABLE) -> Walk:
    menu = getattr(table, "menu", None)
    if menu is not None:
        now = menu(by)
        return Walk(tuple(now.items), now.index, now.ask)
    # the table before issue 11: its per-owner menu state, read the way its `selection` read it
    state = table._menus.get(by)  # type: ignore[attr-defined]
    if state is not None and state.option is not None:
        ask = state.option.asks[state.ask_index]
        return Walk(tuple(ask.choices), state.index % len(ask.choices), ask)
    options = table.options(by)
    return Walk(tuple(options), state.index % len(options) if state is not None and options else 0)


def _default(game: Any, request: dict[str, Any], arg: str) -> Any:
    """The value `request` gives `arg` by leaving it out: its command's default (None: no default)."""
    if request.get("cmd") not in game.commands:  # answers that are not a command (Elder Sign's counts of faces)
        return None
    found = next((f for f in dataclasses.fields(game.commands[request["cmd"]]) if f.name == arg), None)
    if found is None:
        return None
    if found.default is not dataclasses.MISSING:
        return found.default
    return found.default_factory() if found.default_factory is not dataclasses.MISSING else None


def _many(ask: Any) -> bool:
    """Whether `ask` is a list question (a checkout from before them has none)."""
    return bool(getattr(ask, "many", False))


def _moves(ask: Any) -> bool:
    """Whether `ask` is a small menu: each choice a move of its own (what a scanned token does)."""
    return bool(ask.choices) and all(isinstance(choice.value, Option) for choice in ask.choices)


def _fits(option: Option, request: dict[str, Any], game: Any) -> bool:
    """Whether picking `option` (and answering its questions) can send exactly `request`: its command
    is part of the request, every other value is asked, and each question asked (given the request's
    values, a value left out being its default) has that value among its choices. A small menu of
    moves: one of them fits."""
    small_menu = next((ask for ask in option.asks if _moves(ask)), None)
    if small_menu is not None:
        return any(_fits(choice.value, request, game) for choice in small_menu.choices)
    if any(key not in request or request[key] != value for key, value in option.command.items()):
        return False
    sent = {**{ask.arg: _default(game, request, ask.arg) for ask in option.asks}, **request}
    asked = [ask for ask in option.asks if ask.arg not in option.command and (ask.when is None or ask.when(sent))]
    if not set(request) - set(option.command) <= {ask.arg for ask in asked}:
        return False
    for ask in asked:
        values = [choice.value for choice in ask.choices]
        wanted = sent[ask.arg]
        if not (all(value in values for value in wanted or ()) if _many(ask) else wanted in values):
            return False
    return True


def plain_answers(option: Option, request: dict[str, Any], game: Any) -> dict[str, Any] | None:
    """The answers to `option`'s questions that send `request` — the request's own arguments — or None
    when the option cannot send it. A game whose option makes its command from other answers (Elder
    Sign's count of each face) says its own (`Player.answers`)."""
    return request if getattr(option, "compose", None) is None and _fits(option, request, game) else None


@dataclass
class Player:
    table: Table
    hands: TableHands
    #: (turn number, what) for every gesture ("next tap", …) and every scan ("scan penny")
    gestures: list[tuple[int, str]] = field(default_factory=list)
    scans: list[tuple[int, str]] = field(default_factory=list)
    #: (turn number, what) for every command no gesture or scan could send: tapped on the screen instead
    screen_only: list[tuple[int, str]] = field(default_factory=list)
    #: every outcome of a gesture or scan, in order (what the table answered each one)
    outcomes: list[Outcome] = field(default_factory=list)
    turn: int = 0
    #: what was said, if the player listens to a speaker (a RecordingSpeaker): per gesture or scan, its
    #: outcome and the sentences said in answer
    speaker: Any = None
    heard: list[tuple[str, Outcome, list[str]]] = field(default_factory=list)
    #: read the board by its cards: pick a place by scanning the card that lies there (a move's
    #: destination — the whole move, when the game reads it so — and any "to which place" question),
    #: and a letter by its tile (else walk to it)
    scan_board: bool = False
    #: scan cards at all (False: the buttons only — every card is walked to in the menu)
    scanning: bool = True
    #: the card whose scan may send a request (a drawn or laid card…), or None: the game's script says
    card_for: Callable[[Table, dict[str, Any], bool], str | None] = no_card
    #: the answers to an option's questions that send a request, or None: it cannot (plain_answers)
    answers: Callable[[Option, dict[str, Any], Any], dict[str, Any] | None] = plain_answers

    def play(self, requests: list[dict[str, Any]]) -> None:
        for request in requests:
            self.do(request)

    def do(self, request: dict[str, Any]) -> None:
        """One line of the script: a typed command (`by` a seat: that seat's buttons and reader),
        `{"cmd": "undo"}` / `{"cmd": "redo"}`, or `{"taps": [...]}` (taps that only walk the menu)."""
        session = self.table.session
        if "taps" in request:
            for button in request["taps"]:
                self._press(button, "tap")
            return
        if request["cmd"] in ("undo", "redo"):
            self._history(request["cmd"])
            return
        by = sender(request)
        typed = {key: value for key, value in request.items() if key != "by"}
        before = len(session.history)
        card = self.card_for(self.table, request, self.scan_board) if self.scanning else None
        if card is not None:
            self._by_scan(typed, card, by)
        if len(session.history) == before and not self._by_menu(typed, by):
            self._by_screen(typed, by)
        assert len(session.history) == before + 1, f"{request} was not applied"
        step = session.history[-1]
        assert step.command == normalised(self.table.game, typed), f"typed {request}, the buttons sent {step.command}"
        assert getattr(step, "by", by) == by, f"typed {request}, sent by {step.by}"
        self.turn += sum(1 for event in step.events if event.kind == "turn_started")

    def _seat(self, by: Viewer) -> int | None:
        """The seat number (1-based) whose buttons and reader `by` uses; None: the table's."""
        if not by.is_seat:
            return None
        return next(n for n, seat in enumerate(self.table.session.seats, 1) if seat.id == by.seat)

    def _history(self, move: str) -> None:
        """Undo: hold BACK. Redo: hold NEXT, and YES to the question it asks."""
        session = self.table.session
        steps, waiting = len(session.history), len(session.redo_stack)
        if move == "undo":
            self._press("back", "hold")
            assert (len(session.history), len(session.redo_stack)) == (steps - 1, waiting + 1), "nothing was undone"
            return
        asked = self._press("next", "hold")
        assert asked.kind == "selected" and len(session.history) == steps, "redo did not ask first"
        self._press("yes", "tap")
        assert (len(session.history), len(session.redo_stack)) == (steps + 1, waiting - 1), "nothing was redone"

    # -- the screen -----------------------------------------------------------------------------------
    def _by_screen(self, request: dict[str, Any], by: Viewer) -> None:
        """A step no gesture or scan can send: tapped on the screen, counted and named."""
        named = " ".join([str(request["cmd"]), *sorted(key for key in request if key != "cmd")])
        self.screen_only.append((self.turn, named))
        outcome = self.table.command(request, by)
        assert outcome.kind == "applied", f"{request}: {outcome.message}"

    # -- scans --------------------------------------------------------------------------------------
    def _can_scan(self, card: str | None) -> bool:
        """Whether the player scans `card`: scanning at all, and the card has a tag (a card a checkout
        from before knows nothing of has none)."""
        return self.scanning and card is not None and card in self.hands.uids

    def _by_scan(self, request: dict[str, Any], card: str, by: Viewer) -> None:
        if not self._can_scan(card):
            return
        meant = self.table.game.scan(self.table.session.state, card, by)
        if meant is None:
            return
        answers = self.answers(meant, request, self.table.game) if isinstance(meant, Option) else request
        if answers is None or (not isinstance(meant, Option) and normalised(self.table.game, meant) != normalised(self.table.game, request)):
            return
        self._scan(card, by)
        self._answer(answers, by)

    def _scan(self, card: str, by: Viewer = TABLE) -> Outcome:
        self.scans.append((self.turn, f"scan {card}"))
        seat = self._seat(by)
        return self._listen(f"scan {card}", lambda: self.hands.scan(card, seat))

    def _listen(self, what: str, act: Callable[[], Outcome]) -> Outcome:
        said = len(self.speaker.texts()) if self.speaker is not None else 0
        outcome = act()
        self.outcomes.append(outcome)
        if self.speaker is not None:
            self.heard.append((what, outcome, self.speaker.texts()[said:]))
        return outcome

    # -- the menu -----------------------------------------------------------------------------------
    def _by_menu(self, request: dict[str, Any], by: Viewer) -> bool:
        """Walk to the option that sends `request` and answer its questions; False: no option can."""
        walk = walk_now(self.table, by)
        assert walk.ask is None, f"a question is pending: {walk.ask}"
        game = self.table.game
        found = next(((i, answers) for i, option in enumerate(walk.items) if (answers := self.answers(option, request, game)) is not None), None)
        if found is None:
            return False
        target, answers = found
        self._walk_to(walk, target, by)
        self._press("yes", "tap", by)
        self._answer(answers, by)
        return True

    def _answer(self, answers: dict[str, Any], by: Viewer) -> None:
        """Answer the questions asked with `answers` (for a plain option: the request itself)."""
        game = self.table.game
        for _ in range(50):
            walk = walk_now(self.table, by)
            if walk.ask is None:
                return
            if _moves(walk.ask):  # which move: the one that sends the request
                self._walk_to(walk, next(i for i, choice in enumerate(walk.items) if self.answers(choice.value, answers, game) is not None), by)
                self._press("yes", "tap", by)
                continue
            wanted = self._still_wanted(walk, {walk.ask.arg: _default(game, answers, walk.ask.arg), **answers})
            target = next((i for i, choice in enumerate(walk.items) if choice.value is wanted or choice.value == wanted), None)
            assert target is not None, f"{answers}: {walk.ask.arg}={wanted!r} is not a choice: {[c.value for c in walk.items]}"
            card = walk.items[target].card
            on_board = walk.ask.arg == "location" or (card or "").startswith("letter:")  # not a card from a deck
            if self._can_scan(card) and (self.scan_board or not on_board):
                self._scan(card, by)
                continue
            self._walk_to(walk, target, by)
            self._press("yes", "tap", by)
        raise AssertionError("the questions never ended")

    @staticmethod
    def _still_wanted(walk: Walk, request: dict[str, Any]) -> Any:
        """The value to pick now: the request's; for a list question its next value not picked yet, else "That's all"."""
        wanted = request.get(walk.ask.arg)
        if not _many(walk.ask):
            return wanted
        offered = [choice.value for choice in walk.items]
        return next((value for value in wanted or () if value in offered), DONE)

    def _walk_to(self, walk: Walk, target: int, by: Viewer = TABLE) -> None:
        count = len(walk.items)
        forward, backward = (target - walk.index) % count, (walk.index - target) % count
        button, steps = ("next", forward) if forward <= backward else ("back", backward)
        for _ in range(steps):
            self._press(button, "tap", by)

    def _press(self, button: str, gesture: str, by: Viewer = TABLE) -> Outcome:
        self.gestures.append((self.turn, f"{button} {gesture}"))
        seat = self._seat(by)
        return self._listen(f"{button} {gesture}", lambda: self.hands.press(button, gesture, seat))


def per_turn(counted: list[tuple[int, str]]) -> dict[int, int]:
    totals: dict[int, int] = {}
    for turn, _what in counted:
        totals[turn] = totals.get(turn, 0) + 1
    return totals
