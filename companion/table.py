"""The table: every input — a button gesture, a scanned card, a tap on the screen — becomes a
command on one session, through the game's bindings. Hardware and UI only call in here.

Buttons walk a menu of what can be done now (the game's `options(state)`): NEXT/BACK move through
it, YES picks; an option that needs a value (a die face, a location) then asks for it the same way.
Whatever the gesture, the answer is an `Outcome` the UI can show and the ring can cue; nothing
here ever raises for a player's mistake.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from companion.errors import RuleError
from companion.i18n import _
from companion.inputs import Option
from companion.session import Session, Step

log = logging.getLogger(__name__)

@dataclass(frozen=True)
class Outcome:
    """What an input did. kind: applied | undone | redone | refused | nothing | selected | enrol | other_game."""

    kind: str
    message: str = ""
    step: Step | None = None
    error: RuleError | None = None
    #: the tag, when a scan needs enrolling
    uid: str | None = None


class CardLookup(Protocol):
    """The card catalogue as the table needs it (companion.cards.CardCatalogue fits)."""

    def lookup(self, uid: str) -> Any: ...


@dataclass
class _Menu:
    """Where the buttons are in the menu: the option, and the values picked for its asks so far."""

    index: int = 0
    option: Option | None = None  # set once YES picked an option that asks for values
    picked: dict = field(default_factory=dict)
    ask_index: int = 0


class Table:
    def __init__(self, session: Session, catalogue: CardLookup | None = None):
        self.session = session
        self.game = session.game
        self.catalogue = catalogue
        self._lock = threading.RLock()
        self._menu = _Menu()
        self._listeners: list[Callable[[Outcome], None]] = []

    # -- listening ----------------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Outcome], None]) -> None:
        """`listener(outcome)` after every input, on the caller's thread (a device thread, the UI loop)."""
        self._listeners.append(listener)

    # -- inputs -------------------------------------------------------------------------------------
    def command(self, request: dict) -> Outcome:
        """A command from anywhere (the screen, a binding, a scan)."""
        with self._lock:
            try:
                step = self.session.apply(request)
            except RuleError as exc:
                return self._tell(Outcome("refused", exc.message, error=exc))
            except Exception as exc:  # a bug must not take the buttons' or reader's thread down with it
                log.exception("command failed: %r", request)
                error = RuleError("INTERNAL", _("Something went wrong inside the companion ({kind}); nothing was changed.").format(kind=type(exc).__name__))
                return self._tell(Outcome("refused", error.message, error=error))
            self._menu = _Menu()
            return self._tell(Outcome("applied", step.description, step=step))

    def undo(self, steps: int = 1) -> Outcome:
        return self._history(lambda: self.session.undo(steps), "undone")

    def redo(self, steps: int = 1) -> Outcome:
        return self._history(lambda: self.session.redo(steps), "redone")

    def button(self, button: str, gesture: str) -> Outcome:
        """A gesture on a named button, as the game's bindings say (see bindings.toml of the game)."""
        with self._lock:
            meaning = self.game.bindings.meaning(self.session.state, button, gesture)
            if meaning is None:
                return self._tell(Outcome("nothing", _("Nothing to do with that button now.")))
            if isinstance(meaning, dict):
                return self.command(meaning)
            return {
                "next": lambda: self._step_menu(+1),
                "previous": lambda: self._step_menu(-1),
                "confirm": self._confirm,
                "cancel": self._cancel,
                "undo": self.undo,
                "redo": self.redo,
            }[meaning]()

    def card(self, uid: str) -> Outcome:
        """A tag placed on a reader: a known card becomes the game's command for it; an unknown one
        asks to be enrolled; either way a tag that means nothing now changes nothing."""
        with self._lock:
            entry = self.catalogue.lookup(uid) if self.catalogue is not None else None
            if entry is None:
                return self._tell(Outcome("enrol", _("Unknown card: which card is it?"), uid=uid))
            if entry.game != self.game.id:
                return self._tell(Outcome("other_game", _("That card belongs to {game}, not this game.").format(game=entry.game)))
            request = self.game.scan_command(self.session.state, entry.card)
            if request is None:
                return self._tell(Outcome("nothing", _("{card}: nothing to do with it now.").format(card=entry.label or entry.card)))
            return self.command(request)

    # -- the menu -------------------------------------------------------------------------------------
    def options(self) -> list[Option]:
        return self.game.options(self.session.state)

    def selection(self) -> str:
        """The menu line the buttons point at now, e.g. "Move to Caltech" or "Die: 3"."""
        with self._lock:
            menu = self._menu
            if menu.option is not None:
                ask = menu.option.asks[menu.ask_index]
                return f"{ask.label}: {ask.choices[menu.index % len(ask.choices)].label}"
            options = self.options()
            return options[menu.index % len(options)].label if options else ""

    def _step_menu(self, delta: int) -> Outcome:
        menu = self._menu
        count = len(menu.option.asks[menu.ask_index].choices) if menu.option else len(self.options())
        if not count:
            return self._tell(Outcome("nothing", _("Nothing to choose now.")))
        menu.index = (menu.index + delta) % count
        return self._tell(Outcome("selected", self.selection()))

    def _confirm(self) -> Outcome:
        menu = self._menu
        if menu.option is None:
            options = self.options()
            if not options:
                return self._tell(Outcome("nothing", _("Nothing to do now.")))
            option = options[menu.index % len(options)]
            if not option.asks:
                return self.command(option.command)
            self._menu = _Menu(option=option)
            return self._tell(Outcome("selected", self.selection()))
        ask = menu.option.asks[menu.ask_index]
        menu.picked[ask.arg] = ask.choices[menu.index % len(ask.choices)].value
        if menu.ask_index + 1 < len(menu.option.asks):
            menu.ask_index, menu.index = menu.ask_index + 1, 0
            return self._tell(Outcome("selected", self.selection()))
        return self.command({**menu.option.command, **menu.picked})

    def _cancel(self) -> Outcome:
        self._menu = _Menu()
        return self._tell(Outcome("selected", self.selection()))

    # -- helpers --------------------------------------------------------------------------------------
    def _history(self, move: Callable[[], list[Step]], kind: str) -> Outcome:
        with self._lock:
            try:
                steps = move()
            except RuleError as exc:
                return self._tell(Outcome("refused", exc.message, error=exc))
            self._menu = _Menu()
            return self._tell(Outcome(kind, "; ".join(step.description for step in steps), step=steps[0]))

    def _tell(self, outcome: Outcome) -> Outcome:
        for listener in self._listeners:
            try:
                listener(outcome)
            except Exception:  # one broken screen must not silence the ring, nor the other way round
                log.exception("listener %r failed on %r", listener, outcome)
        return outcome
