"""What a game package hands the core: its rules as data and pure functions, its views per viewer.

Each package under `companion/games/` names one `GAME = GameDefinition(...)` (imported when the game
is played; its `LISTING` is what the registry lists: companion/listing.py), so adding a game touches
no core file (docs/adding-a-game.md walks through one). Modelled on
boardgame.io's game object: setup, moves, phases, turn order and `endIf` become `decide`, `evolve`,
`phases` and `turn`; `playerView` becomes `view(state, viewer)`.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from companion.chart import Chart, ChartStep
from companion.contract import Seat, Turn, Viewer
from companion.errors import RuleError
from companion.inputs import DEFAULT_BINDINGS, Bindings, Option
from companion.messages import M, Message, Text
from companion.records import Command, Event, from_json
from companion.ring import RingView
from companion.turn_order import ANYONE, WhoActs, check_game_on

State = Any
JSON = dict[str, Any]


@dataclass(frozen=True)
class Phase:
    """One phase of a game's turn, declared once: its id, and what the table is doing in it
    (for "Not now: the table is drawing cards.")."""

    id: str
    doing: Message


class Phases(tuple[Phase, ...]):
    """A game's phases, declared once in its phases.py: `PHASES = Phases(Phase(DRAW, M("drawing cards")), …)`;
    its rules refuse a command out of its phase with `PHASES.require(state.phase, DRAW)`."""

    def __new__(cls, *phases: Phase) -> Phases:
        return super().__new__(cls, phases)

    def __getnewargs__(self) -> tuple[Phase, ...]:  # a copy is made from the phases, one by one
        return tuple(self)

    def doing(self, phase_id: str) -> Text:
        """What the table is doing in this phase ("drawing cards"); a phase not declared, by its id."""
        return next((phase.doing for phase in self if phase.id == phase_id), phase_id)

    def not_now(self, phase_id: str) -> RuleError:
        """The refusal of a command out of its phase: "Not now: the table is drawing cards."."""
        return RuleError("NOT_NOW", M("Not now: the table is {doing}.", doing=self.doing(phase_id)))

    def require(self, now: str, *allowed: str) -> None:
        """Refuse (NOT_NOW, saying what the table is doing) unless the phase `now` is one of `allowed`."""
        if now not in allowed:
            raise self.not_now(now)


@dataclass(frozen=True)
class GameCard:
    """A card a tag can be enrolled as: the game's id for it, its name, and its kind; for a card of
    the published game, its name as each edition prints it and the numbers printed on it
    (`companion cards known GAME` lists both; docs/<game>-cards.md is made from them)."""

    id: str
    name: Text
    kind: str
    #: language code -> the name as that edition prints it ("en" at least, for a published card)
    names: Mapping[str, str] = field(default_factory=dict, hash=False)
    #: what is printed on the card, as plain JSON values (level, bonus, treasures, tasks …)
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)


def _no_options(state: State, actor: Viewer) -> list[Option]:
    return []


def _no_scan(state: State, card: str, actor: Viewer) -> JSON | Option | None:
    return None


@dataclass(frozen=True)
class GameDefinition:
    id: str
    title: Message
    commands: Mapping[str, type[Command]]
    events: Mapping[str, type[Event]]
    #: every phase of the turn, declared once (bindings and rules refer to these ids)
    phases: tuple[Phase, ...]
    #: the settings schema (companion.settings); `default_settings()` gives the default values
    settings: type[BaseModel]
    default_settings: Callable[[], JSON]
    #: the state before the first command (status "setup")
    initial_state: Callable[[], State]
    #: decide(state, command, actor, rng) -> events; raises RuleError and changes nothing when refused.
    #: The session calls it through `decide_checked`: the game is on and `actor` may send the command
    decide: Callable[[State, Command, Viewer, random.Random], list[Event]]
    #: evolve(state, event) -> state; the only place state changes
    evolve: Callable[[State, Event], State]
    #: the typed turn: status, phase, the seats that may act now, the result
    turn: Callable[[State], Turn]
    #: the seats, in seat order
    seats: Callable[[State], tuple[Seat, ...]]
    #: what the viewer must do next, one sentence or two
    prompt: Callable[[State, Viewer], Text]
    #: the game's own fields of the view, for this viewer: nothing it may not see
    view: Callable[[State, Viewer], JSON]
    #: describe(state_before, events, viewer) -> the undo-list line for a step, as this viewer may read it
    describe: Callable[[State, Sequence[Event], Viewer], Text]
    #: what the LED ring shows
    ring: Callable[[State], RingView]
    #: announcements(state_before, events) -> what the table must hear of this step even when only
    #: alerts are spoken (a red moon and how far the ring drops, a fight's result, midnight, a kill);
    #: public texts only
    announcements: Callable[[State, Sequence[Event]], list[Text]] = lambda state, events: []
    #: speak(state_before, events, picked) -> what the voice says of a step, shorter than its undo-list
    #: line (the narrator adds the announcements not already said); `picked`: the step is the menu item
    #: the buttons pointed at, just heard, so the lines that only repeat it may be left out. None: the
    #: undo-list line, cut short
    speak: Callable[[State, Sequence[Event], bool], list[Text]] | None = None
    #: spoken_prompt(state) -> the prompt as the voice says it when the turn moves on ("" says nothing:
    #: the menu's item says enough); None: the prompt's first sentence. The whole prompt is said on
    #: the "tell" gesture
    spoken_prompt: Callable[[State], Text] | None = None
    #: the game master's PIN (None: no game-master view in this game, or none set)
    master_pin: Callable[[State], str | None] = lambda state: None
    #: what `actor` can do now, as a menu for the buttons and the screen
    options: Callable[[State, Viewer], list[Option]] = _no_options
    #: what each button gesture means (companion.inputs)
    bindings: Bindings = DEFAULT_BINDINGS
    #: the cards a tag can be enrolled as
    cards: Callable[[], tuple[GameCard, ...]] = lambda: ()
    #: which published edition the game's card data describes (its data file's header says so too)
    card_edition: str = ""
    #: settings under which the game keeps secrets its defaults do not (Dungeon Twister on seat
    #: screens): the secrets checks play it that way too
    secret_settings: Mapping[str, Any] | None = None
    #: table_cards(state): the cards of the game as it was set up, a table's own cards included (Elder
    #: Sign's adventures and Mythos from the table's file); None: the same as cards()
    table_cards: Callable[[State], tuple[GameCard, ...]] | None = None
    #: own_cards(events) -> the cards a table entered in this step (the list they go into, the card as
    #: its file keeps it: Elder Sign's Mythos cards and monster markers), for the shell to keep in the
    #: table's own file (tables/<game>/)
    own_cards: Callable[[Sequence[Event]], list[tuple[str, dict[str, Any]]]] = lambda events: []
    #: scan(state, card id, actor) -> the command a scanned card means now; an Option whose asks the
    #: actor answers first (which of two places it goes to); or None (it means nothing now)
    scan: Callable[[State, str, Viewer], JSON | Option | None] = _no_scan
    #: what a command a gesture is bound to is called, as its menu item says it ("Pass"): for the
    #: gesture card and the question before a deliberate gesture; every bound command needs one (None: its id,
    #: in English; the game kit and tools/i18n.py check report it)
    name_command: Callable[[JSON], Text | None] = lambda request: None
    #: what the game's gesture card adds to its generic hints (a scan that means more than the menu says)
    gesture_hints: tuple[Message, ...] = ()
    #: analyses computed on request and cached per state (odds, advice): name -> f(state, viewer);
    #: the one named "spoken" (a Text, or None) is what the "tell" gesture says aloud (Elder Sign's odds)
    analyses: Mapping[str, Callable[[State, Viewer], Any]] = field(default_factory=dict)
    #: chart(steps in force) -> the picture after the game: the key track over the turns and the dice
    #: against the odds (companion/chart.py); a pure reading of the history. None: the game draws none
    chart: Callable[[Sequence[ChartStep]], Chart] | None = None
    #: players win or lose together
    cooperative: bool = False
    #: how many seats a game may have
    seat_range: tuple[int, int] = (1, 8)
    #: the setting that holds the number of seats, when there is one ("table.players")
    seat_count_setting: str | None = None
    #: who may send a command now (companion/turn_order.py: seats in turn, all seats at once, anyone),
    #: checked before `decide` runs
    who_acts: WhoActs = ANYONE

    def __post_init__(self) -> None:
        declared = {phase.id for phase in self.phases}
        unknown = sorted(set(self.bindings.per_phase) - declared)
        if unknown:
            raise RuleError("BAD_BINDINGS", M("The bindings name phase \"{phase}\", which {game} does not have.",
                                               phase=unknown[0], game=self.id))

    def decide_checked(self, state: State, command: Command, actor: Viewer, rng: random.Random) -> list[Event]:
        """What `actor`'s command leads to: refused before the rules run when the game is not on
        (not started, over) or `actor` may not send it now (`who_acts`); else the game's `decide`."""
        turn = self.turn(state)
        check_game_on(turn.status, command)
        if turn.status == "playing":
            self.who_acts.check(state, command, actor, self.seats)
        return self.decide(state, command, actor, rng)

    def fold(self, state: State, events: Sequence[Event]) -> State:
        for event in events:
            state = self.evolve(state, event)
        return state

    def command_from_json(self, data: object) -> Command:
        return from_json(self.commands, data, key="cmd", bounded=True)

    def event_from_json(self, data: object) -> Event:
        return from_json(self.events, data)

    def phase(self, phase_id: str) -> Phase | None:
        return next((p for p in self.phases if p.id == phase_id), None)

    def card(self, card_id: str) -> GameCard | None:
        return next((c for c in self.cards() if c.id == card_id), None)
