"""The table: every input — a button gesture, a scanned card, a tap on a screen — becomes a command on
one session, sent by someone: the table, or a seat (its own buttons, its own reader, its own screen).

Buttons walk a menu of what their owner can do now (the game's `options(state, actor)`), one menu per
owner: NEXT/BACK move through it (round the end), YES picks; an option that needs a value (a die face,
a location) then asks for it the same way, skipping a question its `when` says is not asked now; a
list question (the tokens a room uncovers) is asked again after each pick until "That's all"; a
question may change with the answers before it (how many dice are still to say); a choice may be a
move of its own (a scanned token: what it does), whose questions then follow. The
buttons start on the item the game marks likely (the most likely move); in a menu the game numbers,
an item is said with its number in the list (1, 2, 3…), and the ring lights its fixed place. A gesture
whose mis-timing would silently do something else — redo, and a binding marked `confirm` (a hold that
passes the turn) — first asks "…? YES to confirm"; any other press cancels it. Whatever the input, the
answer is an `Outcome` the screens can show and the ring can cue; nothing here ever raises for a
player's mistake.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from companion.contract import TABLE, Viewer, seat_viewer
from companion.errors import RuleError
from companion.inputs import DONE, Ask, Choice, Option, numbered
from companion.messages import M, Text, joined
from companion.session import Session, Step

log = logging.getLogger(__name__)


#: What an input did:
#: applied — a step was taken; undone / redone — steps were taken back or done again;
#: refused — the game said no (`error` says why); nothing — the input means nothing now (a button with
#: nothing bound, a card with nothing to do); selected — the buttons moved in a menu, or a question is
#: asked ("…? Press YES to confirm"); told — the answer to the "tell" gesture (the odds, the prompt);
#: enrol — an unknown tag was scanned (`uid`); other_game — a tag of another game was scanned.
OutcomeKind = Literal["applied", "undone", "redone", "refused", "nothing", "selected", "told", "enrol", "other_game"]
#: the kinds after which the game is somewhere else
MOVED: frozenset[OutcomeKind] = frozenset({"applied", "undone", "redone"})
#: the kinds after which a step was taken, or taken again
TAKEN: frozenset[OutcomeKind] = frozenset({"applied", "redone"})


@dataclass(frozen=True)
class Outcome:
    """What an input did (`kind`: see OutcomeKind).

    `message` is what the table screen may read; a screen for another viewer describes `steps` itself
    (`Session.describe(step, viewer)`), so a seat's secret never travels in an outcome's message."""

    kind: OutcomeKind
    message: Text = ""
    steps: tuple[Step, ...] = ()
    error: RuleError | None = None
    #: the tag, when a scan needs enrolling
    uid: str | None = None
    #: who the input came from
    by: Viewer = TABLE
    #: the step is the menu item the buttons pointed at, picked with YES (and its questions answered by
    #: the buttons): what it is was heard already, so the voice need not say it again
    picked: bool = False

    @property
    def step(self) -> Step | None:
        return self.steps[0] if self.steps else None

    @property
    def moved(self) -> bool:
        """The game is somewhere else: a step taken, undone or redone."""
        return self.kind in MOVED


class CardLookup(Protocol):
    """The card catalogue as the table needs it (companion.cards.CardCatalogue fits)."""

    def lookup(self, uid: str, game: str) -> Any: ...

    def other_game(self, uid: str, game: str) -> Any: ...


@dataclass
class _Menu:
    """Where one owner's buttons are in its menu: the option, and the values picked for its asks so far."""

    index: int | None = None  # None: on the likely item
    option: Option | None = None  # set once YES picked an option that asks for values
    picked: dict[str, Any] = field(default_factory=dict)
    ask_index: int = 0
    #: begun and answered by the buttons alone (not by a scan or a screen's tap)
    by_buttons: bool = True


@dataclass(frozen=True)
class Menu:
    """What one owner's buttons walk now: the options (or, while an option asks for a value, its
    question's choices), and the one they point at."""

    items: tuple[Option, ...] | tuple[Choice, ...]
    index: int = 0
    #: the option being answered, and its question (None at the top of the menu)
    option: Option | None = None
    ask: Ask | None = None

    @property
    def item(self) -> Option | Choice | None:
        return self.items[self.index] if self.items else None

    @property
    def label(self) -> Text:
        """The item pointed at, e.g. "Move to Caltech" or "Die: 3"."""
        item = self.item
        if item is None:
            return ""
        return joined([self.ask.label, item.label], ": ") if self.ask is not None else item.label

    @property
    def line(self) -> Text:
        """The item pointed at as it is said: with its number in a numbered menu ("3. Play 2 Penny", "To: 1. Caltech")."""
        said = self.item_line
        return joined([self.ask.label, said], ": ") if self.ask is not None and said else said

    @property
    def item_line(self) -> Text:
        """The item pointed at with its number, without the question ("1. Caltech")."""
        return numbered(self.items)[self.index] if self.items else ""

    @property
    def place(self) -> tuple[int, int] | None:
        """(position, places) for a cursor on the ring: an item's fixed number where it has one, so the
        same move lights the same place whatever else is possible."""
        item = self.item
        if item is None:
            return None
        places = max([len(self.items), *(i.number for i in self.items if i.number is not None)])
        return ((item.number - 1) if item.number is not None else self.index, places)


class Table:
    def __init__(self, session: Session, catalogue: CardLookup | None = None):
        self.session = session
        self.game = session.game
        self.catalogue = catalogue
        self._lock = threading.RLock()
        self._menus: dict[Viewer, _Menu] = {}
        #: a deliberate gesture waiting for YES: what it does, per owner of the buttons
        self._confirming: dict[Viewer, Callable[[], Outcome]] = {}
        self._listeners: list[Callable[[Outcome], None]] = []
        #: a screen's open question (a dialog) a scanned card may answer, per viewer
        self._screens: dict[Viewer, Callable[[str], bool]] = {}

    # -- listening ----------------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Outcome], None]) -> Callable[[], None]:
        """`listener(outcome)` after every input, on the caller's thread (a device thread, the UI loop).
        Returns a function that unsubscribes it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def offer_cards(self, by: Viewer, pick: Callable[[str], bool]) -> Callable[[], None]:
        """A dialog open on `by`'s screen asks something a card answers: while no button menu asks `by`
        a question, a card scanned by `by` first goes to `pick(card_id)`, which says whether it picked one
        of the dialog's choices (then nothing else happens: the dialog still waits for its "Play it").
        Returns a function that withdraws the offer (the dialog closed)."""
        with self._lock:
            self._screens[by] = pick

        def withdraw() -> None:
            with self._lock:
                if self._screens.get(by) is pick:
                    del self._screens[by]

        return withdraw

    # -- inputs -------------------------------------------------------------------------------------
    def command(self, request: dict[str, Any], by: Viewer = TABLE, pin: str | None = None) -> Outcome:
        """A command from anywhere (a screen, a binding, a scan), sent by `by`."""
        return self._apply(request, by, pin)

    def _apply(self, request: dict[str, Any], by: Viewer = TABLE, pin: str | None = None, picked: bool = False) -> Outcome:
        with self._lock:
            try:
                step = self.session.apply(request, by, pin)
            except RuleError as exc:
                return self._tell(Outcome("refused", exc.text, error=exc, by=by))
            except Exception as exc:  # a bug must not take the buttons' or reader's thread down with it
                log.exception("command failed: %r", request)
                error = RuleError("INTERNAL", M("Something went wrong inside the companion ({kind}); nothing was changed.", kind=type(exc).__name__))
                return self._tell(Outcome("refused", error.text, error=error, by=by))
            self._menus.clear()
            return self._tell(Outcome("applied", self.session.describe(step), (step,), by=by, picked=picked))

    def undo(self, steps: int = 1, by: Viewer = TABLE) -> Outcome:
        return self._history(lambda: self.session.undo(steps, by), "undone", by)

    def redo(self, steps: int = 1, by: Viewer = TABLE) -> Outcome:
        return self._history(lambda: self.session.redo(steps, by), "redone", by)

    def button(self, button: str, gesture: str, seat: int | None = None) -> Outcome:
        """A gesture on a named button, as the game's bindings say; `seat` is the seat number (1-based)
        that owns the button, or None for the table's buttons."""
        with self._lock:
            by = self._owner(seat)
            if by is None:
                return self._tell(Outcome("nothing", M("There is no seat {n} at this table.", n=seat or 0)))
            meaning = self.game.bindings.meaning(self.session.turn.phase, button, gesture)
            waiting = self._confirming.pop(by, None)
            if waiting is not None:  # a deliberate gesture asked for YES: this press answers it
                if meaning == "confirm":
                    return waiting()
                return self._tell(Outcome("nothing", M("Cancelled."), by=by))
            if meaning is None:
                return self._tell(Outcome("nothing", M("Nothing to do with that button now."), by=by))
            if isinstance(meaning, dict):
                request = {key: value for key, value in meaning.items() if key != "confirm"}
                if meaning.get("confirm"):
                    return self._ask_to_confirm(by, self._command_label(request, by), lambda: self.command(request, by))
                return self.command(request, by)
            moves: dict[str, Callable[[], Outcome]] = {
                "next": lambda: self._step_menu(by, +1),
                "previous": lambda: self._step_menu(by, -1),
                "confirm": lambda: self._confirm(by),
                "cancel": lambda: self._cancel(by),
                "undo": lambda: self.undo(by=by),
                "redo": lambda: self._ask_to_redo(by),
                "tell": lambda: self._tell_spoken(by),
            }
            return moves[meaning]()

    def card(self, uid: str, seat: int | None = None) -> Outcome:
        """A tag placed on a reader (of seat number `seat`, or the table's): a known card becomes the
        game's command for it; an unknown one asks to be enrolled; a tag that means nothing now changes nothing."""
        with self._lock:
            by = self._owner(seat)
            if by is None:
                return self._tell(Outcome("nothing", M("There is no seat {n} at this table.", n=seat or 0)))
            entry = self.catalogue.lookup(uid, self.game.id) if self.catalogue is not None else None
            if entry is None:
                other = self.catalogue.other_game(uid, self.game.id) if self.catalogue is not None else None
                if other is not None:
                    return self._tell(Outcome("other_game", M("That card belongs to {game}, not this game.", game=other.game), by=by))
                return self._tell(Outcome("enrol", M("Unknown card: which card is it?"), uid=uid, by=by))
            answer = self._answer_where(by, lambda choice: choice.card == entry.card)
            if answer is not None:
                return answer
            if self._picked_already(by, entry.card):  # a list question goes on: the card is on it already
                card = self.game.card(entry.card)
                return self._tell(Outcome("nothing", M("{card}: already picked.", card=card.name if card else (entry.label or entry.card)), by=by))
            screen = self._screens.get(by)
            if by not in self._menus and screen is not None and screen(entry.card):
                card = self.game.card(entry.card)
                return self._tell(Outcome("selected", M("{card}: picked in the dialog.", card=card.name if card else (entry.label or entry.card)), by=by))
            request = self.game.scan(self.session.state, entry.card, by)
            if isinstance(request, Option):  # the card leaves a question (which of two places): ask it
                return self._begin(by, request, by_buttons=False)
            if request is None:
                card = self.game.card(entry.card)
                return self._tell(Outcome("nothing", M("{card}: nothing to do with it now.", card=card.name if card else (entry.label or entry.card)), by=by))
            return self.command(request, by)

    def answer(self, value: Any, by: Viewer = TABLE) -> Outcome:
        """A tap on a screen answering the question `by`'s buttons are being asked (a scan can leave
        one: which of two places a card goes): as walking to `value` and pressing YES."""
        with self._lock:
            menu = self._menus.get(by)
            if menu is None or menu.option is None:
                return self._tell(Outcome("nothing", M("Nothing to choose now."), by=by))
            answered = self._answer_where(by, lambda choice: choice.value == value)
            return answered or self._tell(Outcome("refused", M("That is not one of the choices now."), by=by))

    def cancel_question(self, by: Viewer = TABLE) -> Outcome:
        """Drop the question `by`'s buttons are being asked (as NO does): nothing is sent."""
        with self._lock:
            return self._cancel(by)

    def _answer_where(self, by: Viewer, matches: Callable[[Choice], bool]) -> Outcome | None:
        """Answer the question `by`'s buttons are being asked with its first choice that `matches`, as
        walking to it and pressing YES would; None when no question is open or no choice matches
        (a card scanned then is read as itself: which artefact came out of the deck answers, another does not)."""
        menu = self._menus.get(by)
        if menu is None or menu.option is None:
            return None
        index = next((i for i, choice in enumerate(self.menu(by).items) if isinstance(choice, Choice) and matches(choice)), None)
        if index is None:
            return None
        menu.index, menu.by_buttons = index, False
        return self._confirm(by)

    def _picked_already(self, by: Viewer, card: str) -> bool:
        """Whether `by`'s buttons are answering a list question on which `card` is picked already."""
        menu = self._menus.get(by)
        if menu is None or menu.option is None or not menu.option.asks[menu.ask_index].many:
            return False
        ask = menu.option.asks[menu.ask_index]
        return any(choice.card == card and choice.value in menu.picked.get(ask.arg, ()) for choice in ask.choices)

    def _begin(self, by: Viewer, option: Option, by_buttons: bool = True) -> Outcome:
        """`option` was picked (or a scan means it): ask its first question that is asked now, else do it."""
        self._menus[by] = _Menu(option=option, ask_index=-1, by_buttons=by_buttons)
        return self._ask_next(by)

    def _ask_next(self, by: Viewer) -> Outcome:
        menu = self._menus[by]
        assert menu.option is not None
        sent = {**menu.option.command, **menu.picked}
        following = range(menu.ask_index + 1, len(menu.option.asks))
        ask_index = next((i for i in following if menu.option.asks[i].asked(sent)), None)
        if ask_index is None:
            del self._menus[by]
            return self._apply(menu.option.request(menu.picked), by, picked=menu.by_buttons)
        menu.ask_index, menu.index = ask_index, None
        return self._tell(Outcome("selected", self.menu(by).line, by=by))

    # -- the menu -------------------------------------------------------------------------------------
    def options(self, by: Viewer = TABLE) -> list[Option]:
        return self.game.options(self.session.state, by)

    def menu(self, by: Viewer = TABLE) -> Menu:
        """What `by`'s buttons walk now and where they point (on the likely item until they move)."""
        with self._lock:
            menu = self._menus.get(by)
            if menu is not None and menu.option is not None:
                sent = {**menu.option.command, **menu.picked}
                ask = menu.option.asks[menu.ask_index].now(sent)
                items: tuple[Option, ...] | tuple[Choice, ...] = ask.offered(sent)
                option: Option | None = menu.option
                asked: Ask | None = ask
                start = ask.start(sent)
            else:
                items, option, asked = tuple(self.options(by)), None, None
                start = next((i for i, item in enumerate(items) if item.likely), 0)
            if not items:
                return Menu(items, 0, option, asked)
            index = start if menu is None or menu.index is None else menu.index % len(items)
            return Menu(items, index, option, asked)

    def selection(self, by: Viewer = TABLE) -> Text:
        """The menu line `by`'s buttons point at now, e.g. "Move Penny" or "Die: 3"."""
        return self.menu(by).label

    def cursor(self, by: Viewer = TABLE) -> tuple[int, int] | None:
        """(position, places) of `by`'s menu while its buttons are walking it — an item's fixed place
        where it has one; None when idle, or when the place would give a secret choice away."""
        with self._lock:
            if by not in self._menus or self.walking_a_secret(by):
                return None
            return self.menu(by).place

    def walking_a_secret(self, by: Viewer = TABLE) -> bool:
        """Whether `by`'s buttons point at (or are answering) a secret option."""
        with self._lock:
            menu = self.menu(by)
            if menu.option is not None:
                return menu.option.secret
            return isinstance(menu.item, Option) and menu.item.secret

    def _step_menu(self, by: Viewer, delta: int) -> Outcome:
        now = self.menu(by)
        if not now.items:
            return self._tell(Outcome("nothing", M("Nothing to choose now."), by=by))
        self._menus.setdefault(by, _Menu()).index = (now.index + delta) % len(now.items)
        return self._tell(Outcome("selected", self.menu(by).line, by=by))

    def _confirm(self, by: Viewer) -> Outcome:
        now = self.menu(by)
        if now.option is None:
            if not isinstance(now.item, Option):
                return self._tell(Outcome("nothing", M("Nothing to do now."), by=by))
            return self._begin(by, now.item)
        assert now.ask is not None and isinstance(now.item, Choice)
        if isinstance(now.item.value, Option):  # a choice that is a move of its own (what a scanned token does): its questions follow
            return self._begin(by, now.item.value)
        menu = self._menus[by]
        if now.ask.many:  # a list question: each pick adds to the list, asked again until "That's all"
            so_far = menu.picked.setdefault(now.ask.arg, [])
            if now.item.value is not DONE:
                so_far.append(now.item.value)
                menu.index = None
                return self._tell(Outcome("selected", joined([M("{item}: added.", item=now.item.label), self.menu(by).line], " "), by=by))
            return self._ask_next(by)
        menu.picked[now.ask.arg] = now.item.value
        return self._ask_next(by)

    def _cancel(self, by: Viewer) -> Outcome:
        self._menus.pop(by, None)
        return self._tell(Outcome("selected", self.menu(by).line, by=by))

    # -- deliberate gestures ----------------------------------------------------------------------------
    def _ask_to_confirm(self, by: Viewer, what: Text, then: Callable[[], Outcome]) -> Outcome:
        self._confirming[by] = then
        return self._tell(Outcome("selected", M("{what}? Press YES to confirm.", what=what), by=by))

    def _tell_spoken(self, by: Viewer) -> Outcome:
        """The "tell" gesture: what the game's "spoken" analysis says now (the odds of an attempt), else the
        whole prompt of the phase (the voice says only its first sentence when the turn moves on)."""
        said = self.session.analyse("spoken", by) if "spoken" in self.game.analyses else None
        if not said and self.session.turn.status != "setup":
            said = self.session.view(by).prompt
        if not said:
            return self._tell(Outcome("nothing", M("Nothing to tell now."), by=by))
        return self._tell(Outcome("told", said, by=by))

    def _ask_to_redo(self, by: Viewer) -> Outcome:
        pending = self.session.redo_stack
        if not pending:
            return self._tell(Outcome("nothing", M("Nothing to redo."), by=by))
        line = self.session.describe(pending[0])
        return self._ask_to_confirm(by, joined([M("Redo:"), line]), lambda: self.redo(by=by))

    def _command_label(self, request: dict[str, Any], by: Viewer) -> Text:
        """What a bound command is called in the menu (else its name), for the confirmation."""
        option = next((o for o in self.options(by) if o.command == request), None)
        if option is not None:
            return option.label
        return self.game.name_command(request) or str(request.get("cmd", ""))

    # -- helpers --------------------------------------------------------------------------------------
    def _owner(self, seat: int | None) -> Viewer | None:
        """The viewer a seat-owned device acts for: seat number `seat` (1-based) of this game."""
        if seat is None:
            return TABLE
        seats = self.session.seats
        return seat_viewer(seats[seat - 1].id) if 1 <= seat <= len(seats) else None

    def _history(self, move: Callable[[], list[Step]], kind: OutcomeKind, by: Viewer) -> Outcome:
        with self._lock:
            try:
                steps = move()
            except RuleError as exc:
                return self._tell(Outcome("refused", exc.text, error=exc, by=by))
            self._menus.clear()
            return self._tell(Outcome(kind, joined([self.session.describe(s) for s in steps], "; "), tuple(steps), by=by))

    def _tell(self, outcome: Outcome) -> Outcome:
        for listener in list(self._listeners):
            try:
                listener(outcome)
            except Exception:  # one broken screen must not silence the ring, nor the other way round
                log.exception("listener %r failed on %r", listener, outcome)
        return outcome
