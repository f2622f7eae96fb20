"""A player who knows the menu by heart: plays a scripted game of any game with the buttons and the
card reader only, and counts the gestures it took.

The script is what the same game would be typed as (`companion headless` commands). For each command
the player takes the shortest way a player who knows the menu would take: a card that means the
command is scanned (which card, the game's script says: `card_for`); otherwise NEXT or BACK,
whichever reaches the item sooner (the menu wraps round), then YES; an option's questions are
answered the same way, or by scanning the card a choice names. After the step it checks that exactly
the typed command was applied.

Each game's script lives beside its tests (tests/bigbang/blind.py, …); benchmarks/bench_gestures.py
counts the gestures per turn. It reads the menu through `Table.menu` where the table has it, else the
way the table before issue 11 kept it, so the benchmark can measure the same script on earlier code.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.contract import TABLE
from companion.inputs import Option
from companion.table import Outcome, Table

#: tags per card: two cards of the same kind scanned one after the other are two different tags
TAGS_PER_CARD = 4


def tags(game: Any) -> dict[str, list[str]]:
    """A few tags for every card of `game`: {card id: [uid, ...]}, as a table would have enrolled them."""
    return {card.id: [f"0b{i:02x}{copy:02x}b1" for copy in range(TAGS_PER_CARD)] for i, card in enumerate(game.cards())}


def normalised(game: Any, request: dict[str, Any]) -> dict[str, Any]:
    """A request as the session stores it (arguments at their default left out)."""
    command = game.command_from_json(request)
    return {"cmd": command.kind, **command.arguments()}


def no_card(table: Table, request: dict[str, Any], scan_board: bool) -> str | None:
    return None


# ---------------------------------------------------------------------------------------------- hands

class TableHands:
    """Gestures and scans straight into `Table.button` / `Table.card`."""

    def __init__(self, table: Table, uids: dict[str, list[str]]):
        self.table, self.uids = table, uids
        self._used: dict[str, int] = {}

    def press(self, button: str, gesture: str) -> Outcome:
        return self.table.button(button, gesture)

    def scan(self, card: str) -> Outcome:
        return self.table.card(self.next_uid(card))

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

    def press(self, button: str, gesture: str) -> Outcome:
        return self._after(lambda: self.rig.perform(button, gesture))

    def scan(self, card: str) -> Outcome:
        uid = self.next_uid(card)
        return self._after(lambda: self.rig.reader.scan(uid))


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


def _fits(option: Option, request: dict[str, Any]) -> bool:
    """Whether picking `option` (and answering its questions) can send exactly `request`."""
    if any(key not in request or request[key] != value for key, value in option.command.items()):
        return False
    return set(request) - set(option.command) <= {ask.arg for ask in option.asks}


def plain_answers(option: Option, request: dict[str, Any]) -> dict[str, Any] | None:
    """The answers to `option`'s questions that send `request` — the request's own arguments — or None
    when the option cannot send it. A game whose option makes its command from other answers (Elder
    Sign's count of each face) says its own (`Player.answers`)."""
    return request if getattr(option, "compose", None) is None and _fits(option, request) else None


@dataclass
class Player:
    table: Table
    hands: TableHands
    #: (turn number, what) for every gesture ("next tap", …) and every scan ("scan penny")
    gestures: list[tuple[int, str]] = field(default_factory=list)
    scans: list[tuple[int, str]] = field(default_factory=list)
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
    #: the card whose scan may send a request (a drawn or laid card…), or None: the game's script says
    card_for: Callable[[Table, dict[str, Any], bool], str | None] = no_card
    #: scan cards at all (False: the buttons only — every card is walked to in the menu)
    scanning: bool = True
    #: the answers to an option's questions that send a request, or None: it cannot (plain_answers)
    answers: Callable[[Option, dict[str, Any]], dict[str, Any] | None] = plain_answers

    def play(self, requests: list[dict[str, Any]]) -> None:
        for request in requests:
            self.do(request)

    def do(self, request: dict[str, Any]) -> None:
        """One line of the script: a typed command, `{"cmd": "undo"}` / `{"cmd": "redo"}`, or
        `{"taps": [...]}` (taps that only walk the menu)."""
        session = self.table.session
        if "taps" in request:
            for button in request["taps"]:
                self._press(button, "tap")
            return
        if request["cmd"] in ("undo", "redo"):
            self._history(request["cmd"])
            return
        before = len(session.history)
        card = self.card_for(self.table, request, self.scan_board) if self.scanning else None
        if card is not None:
            self._by_scan(request, card)
        if len(session.history) == before:
            self._by_menu(request)
        assert len(session.history) == before + 1, f"{request} was not applied"
        stored = session.history[-1].command
        assert stored == normalised(self.table.game, request), f"typed {request}, the buttons sent {stored}"
        self.turn += sum(1 for event in session.history[-1].events if event.kind == "turn_started")

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

    # -- scans --------------------------------------------------------------------------------------
    def _by_scan(self, request: dict[str, Any], card: str) -> None:
        meant = self.table.game.scan(self.table.session.state, card, TABLE)
        if meant is None:
            return
        answers = self.answers(meant, request) if isinstance(meant, Option) else request
        if answers is None or (not isinstance(meant, Option) and normalised(self.table.game, meant) != normalised(self.table.game, request)):
            return
        self._scan(card)
        self._answer(answers)

    def _scan(self, card: str) -> Outcome:
        self.scans.append((self.turn, f"scan {card}"))
        return self._listen(f"scan {card}", lambda: self.hands.scan(card))

    def _listen(self, what: str, act: Callable[[], Outcome]) -> Outcome:
        said = len(self.speaker.texts()) if self.speaker is not None else 0
        outcome = act()
        self.outcomes.append(outcome)
        if self.speaker is not None:
            self.heard.append((what, outcome, self.speaker.texts()[said:]))
        return outcome

    # -- the menu -----------------------------------------------------------------------------------
    def _by_menu(self, request: dict[str, Any]) -> None:
        walk = walk_now(self.table)
        assert walk.ask is None, f"a question is pending: {walk.ask}"
        found = next(((i, answers) for i, option in enumerate(walk.items) if (answers := self.answers(option, request)) is not None), None)
        assert found is not None, f"no option sends {request}"
        target, answers = found
        self._walk_to(walk, target)
        self._press("yes", "tap")
        self._answer(answers)

    def _answer(self, answers: dict[str, Any]) -> None:
        for _ in range(20):
            walk = walk_now(self.table)
            if walk.ask is None:
                return
            wanted = answers.get(walk.ask.arg)
            target = next((i for i, choice in enumerate(walk.items) if choice.value == wanted), None)
            assert target is not None, f"{walk.ask.arg}={wanted!r} is not a choice: {[c.value for c in walk.items]}"
            card = walk.items[target].card
            on_board = walk.ask.arg == "location" or (card or "").startswith("letter:")  # not a card from a deck
            if card is not None and self.scanning and (self.scan_board or not on_board):
                self._scan(card)
                continue
            self._walk_to(walk, target)
            self._press("yes", "tap")
        raise AssertionError("the questions never ended")

    def _walk_to(self, walk: Walk, target: int) -> None:
        count = len(walk.items)
        forward, backward = (target - walk.index) % count, (walk.index - target) % count
        button, steps = ("next", forward) if forward <= backward else ("back", backward)
        for _ in range(steps):
            self._press(button, "tap")

    def _press(self, button: str, gesture: str) -> Outcome:
        self.gestures.append((self.turn, f"{button} {gesture}"))
        return self._listen(f"{button} {gesture}", lambda: self.hands.press(button, gesture))


def per_turn(counted: list[tuple[int, str]]) -> dict[int, int]:
    totals: dict[int, int] = {}
    for turn, _what in counted:
        totals[turn] = totals.get(turn, 0) + 1
    return totals
