"""How inputs map to commands, as data a game ships: button bindings and the menu of options.

A binding says what a gesture means — a table action (walk the menu, pick, undo…) or a fixed game
command — for every phase, or only in one (`[phase.red_moon]`). The game's `options(state, actor)` is
the menu the buttons walk and the screen shows as buttons.
"""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.errors import RuleError
from companion.messages import M, Text

#: the buttons there are (a table's, or a seat's): NEXT/BACK walk the menu, YES picks, NO goes back
BUTTONS = ("next", "back", "yes", "no")
#: what a gesture can mean besides a game command
TABLE_ACTIONS = ("next", "previous", "confirm", "cancel", "undo", "redo", "tell")
GESTURES = ("tap", "double", "hold")

#: Redo is a hold of NEXT (it asks for YES first), not a double tap of BACK: two quick BACK taps are two
#: steps back up the menu, told at once. A double tap of NO is "tell": the whole prompt of the phase (the
#: voice says only its first sentence when the turn moves on), or the game's own answer (Elder Sign's odds);
#: so a NO tap alone is told once the double-tap window has passed.
DEFAULT_BINDINGS_TOML = """
[buttons]
next = { tap = "next", hold = "redo" }
back = { tap = "previous", hold = "undo" }
yes  = { tap = "confirm" }
no   = { tap = "cancel", double = "tell" }
"""


@dataclass(frozen=True)
class Choice:
    """One answer to a question. Its value may be an `Option`: picking it starts that move, whose own
    questions follow (a scanned card that can mean several moves asks which, this way)."""

    value: Any
    label: Text
    #: the game's card id that picks this choice when scanned while it is asked (an artefact card, a letter tile)
    card: str | None = None
    #: its fixed place (1-based) among every choice this question can ever have — a location's own
    #: number, a character's slot: shown and said with it, and the ring lights it there, whatever else is
    #: possible now (see `numbered`)
    number: int | None = None
    #: the buttons start on the first likely choice (else on the first)
    likely: bool = False


_NOTHING = object()  # no value picked


class _Done:
    """The value of a list question's "That's all" choice (never a value a command takes)."""

    def __repr__(self) -> str:
        return "DONE"


DONE: Any = _Done()


@dataclass(frozen=True)
class Ask:
    """A value an option still needs: the command argument, and the choices to walk through.

    `when(picked)` (given the option's command and the values picked so far) says whether it is asked
    at all: a re-roll only after a losing roll, the reward only of a fight won.

    A list question (`many`: the tokens a room uncovers, the cards sold) is asked again after each
    pick, without what was picked, until its first choice, "That's all", is picked: the value is the
    list of picks, in the order they were picked (none: an empty list).

    `shaped(picked)` gives the question as it stands when its words or choices depend on the values
    picked before it ("4 green dice left, how many Lore?": 0 to 4); every reader of a question asks
    `now(picked)` for it."""

    arg: str
    label: Text
    choices: tuple[Choice, ...]
    when: Callable[[Mapping[str, Any]], bool] | None = field(default=None, compare=False, repr=False)
    #: an earlier argument this one must differ from (a swap's second letter): the buttons never
    #: start on the value picked for it
    differs_from: str | None = None
    many: bool = False
    shaped: Callable[[Mapping[str, Any]], Ask] | None = field(default=None, compare=False, repr=False)

    def asked(self, picked: Mapping[str, Any]) -> bool:
        return self.when is None or self.when(picked)

    def offered(self, picked: Mapping[str, Any]) -> tuple[Choice, ...]:
        """The choices offered now: a list question's "That's all" first, then what is not picked yet."""
        if not self.many:
            return self.choices
        so_far = picked.get(self.arg) or ()
        return (Choice(DONE, M("That's all")), *(choice for choice in self.choices if choice.value not in so_far))

    def now(self, picked: Mapping[str, Any]) -> Ask:
        """The question as it is asked, given the values picked so far."""
        return self.shaped(picked) if self.shaped is not None else self

    def start(self, picked: Mapping[str, Any]) -> int:
        """Where the buttons start on this question's choices, given the values picked so far: the
        first likely choice, else the first; never the value `differs_from` was given. A list
        question starts on "That's all": after the last pick, one YES sends it."""
        if self.many:
            return 0
        taken = picked.get(self.differs_from, _NOTHING) if self.differs_from else _NOTHING
        allowed = [i for i, choice in enumerate(self.choices) if choice.value != taken]
        return next((i for i in allowed if self.choices[i].likely), allowed[0] if allowed else 0)


@dataclass(frozen=True)
class Option:
    """One thing that can be done now: a menu entry for buttons, a button on the screen.

    `dialog` names a richer screen the game's UI offers for it (e.g. "fight": helper cards, re-roll,
    the odds); the buttons still walk `asks`, and a shell without that dialog asks them one by one.
    """

    label: Text
    command: dict[str, Any]
    asks: tuple[Ask, ...] = ()
    dialog: str | None = None
    #: a seat's secret choice (its combat card): never spoken aloud nor shown on the shared ring
    secret: bool = False
    #: its fixed place (1-based) in this phase's menu (several variants of one move may share it): the
    #: ring lights it there, whatever else is possible now (the number shown and said with it is its
    #: place in the list as it stands: see `numbered`)
    number: int | None = None
    #: the buttons start on the first likely option (the most likely move now), else on the first
    likely: bool = False
    #: the command the answers make, when they are not its arguments as they stand (how many dice show
    #: each face -> the faces by colour); None: the command with each answer as its argument
    compose: Callable[[Mapping[str, Any]], dict[str, Any]] | None = field(default=None, compare=False, repr=False)

    def request(self, picked: Mapping[str, Any]) -> dict[str, Any]:
        """The command sent once its questions are answered with `picked`."""
        sent = {**self.command, **picked}
        return self.compose(sent) if self.compose is not None else sent


Meaning = str | dict[str, Any]


@dataclass(frozen=True)
class Bindings:
    everywhere: dict[tuple[str, str], Meaning] = field(default_factory=dict)
    per_phase: dict[str, dict[tuple[str, str], Meaning]] = field(default_factory=dict)

    def meaning(self, phase: str, button: str, gesture: str) -> Meaning | None:
        """What (button, gesture) means in this phase (of the typed turn), or None: nothing."""
        key = (button, gesture)
        in_phase = self.per_phase.get(phase, {})
        return in_phase[key] if key in in_phase else self.everywhere.get(key)

    def binds(self, button: str, gesture: str) -> bool:
        """Whether (button, gesture) means anything in some phase (a button with no double tap
        bound can report its taps at once instead of waiting to see if a second one follows)."""
        return (button, gesture) in self.everywhere or any((button, gesture) in keys for keys in self.per_phase.values())

    @classmethod
    def from_toml(cls, text: str, base: Bindings | None = None) -> Bindings:
        """Bindings from TOML laid over `base` (the default: NEXT/BACK walk, YES picks, hold BACK undoes)."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RuleError("BAD_BINDINGS", M("The button bindings cannot be read: {reason}.", reason=str(exc))) from exc
        everywhere = dict(base.everywhere) if base else {}
        everywhere.update(_gestures(data.get("buttons", {}), "buttons"))
        per_phase = {phase: dict(keys) for phase, keys in (base.per_phase if base else {}).items()}
        for phase, buttons in data.get("phase", {}).items():
            per_phase.setdefault(phase, {}).update(_gestures(buttons, f"phase.{phase}"))
        return cls(everywhere, per_phase)


def numbered(items: Sequence[Option | Choice]) -> list[Text]:
    """Each item's label as the screen shows it and the voice says it, when the game numbers them (any has
    a `number`; the labels alone otherwise). A question's choices that each have a number of their own say
    it — a location's number is on the board ("To: 4. Laundry room"); a menu's options are counted 1, 2, 3
    in the order listed ("1. Play 2 Penny", "2. Pass"), so no number is said twice or skipped."""
    own = [item.number for item in items]
    if all(number is None for number in own):
        return [item.label for item in items]
    if all(isinstance(item, Choice) for item in items) and None not in own and len(set(own)) == len(own):
        return [M("{n}. {item}", n=item.number, item=item.label) for item in items]
    return [M("{n}. {item}", n=n, item=item.label) for n, item in enumerate(items, start=1)]


def _gestures(buttons: dict[str, Any], where: str) -> dict[tuple[str, str], Meaning]:
    found: dict[tuple[str, str], Meaning] = {}
    for button, gestures in buttons.items():
        if button not in BUTTONS:
            raise RuleError("BAD_BINDINGS", M("Binding \"{key}\": there is no such button (the buttons are {known}).",
                                              key=f"{where}.{button}", known=", ".join(BUTTONS)))
        for gesture, meaning in gestures.items():
            key = f"{where}.{button}.{gesture}"
            if gesture not in GESTURES:
                raise RuleError("BAD_BINDINGS", M("Binding \"{key}\": the gestures are {known}.", key=key, known=", ".join(GESTURES)))
            if isinstance(meaning, dict) and not isinstance(meaning.get("confirm", False), bool):
                raise RuleError("BAD_BINDINGS", M("Binding \"{key}\": confirm is true or false.", key=key))
            if not (meaning in TABLE_ACTIONS or (isinstance(meaning, dict) and isinstance(meaning.get("cmd"), str))):
                raise RuleError("BAD_BINDINGS", M("Binding \"{key}\": say one of {known}, or a command like {example}.",
                                                  key=key, known=", ".join(TABLE_ACTIONS), example='{ cmd = "pass" }'))
            found[(button, gesture)] = meaning
    return found


DEFAULT_BINDINGS = Bindings.from_toml(DEFAULT_BINDINGS_TOML)
