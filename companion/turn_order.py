"""Who may send a command now: declared once per game (`GameDefinition.who_acts`) instead of guards
written in each game's rules, and checked by the core before the game's `decide` runs, so the refusal
reads the same in every game. Modelled on boardgame.io's turn orders and active players
(src/core/turn-order.ts), with one addition of ours: the table (its screen, buttons and card reader)
is one more way to send, and acts for whoever's turn it is.

The presets:

- `SeatsInTurn(active, any_seat=…)`: seats take turns. The active seat acts, and the table and the
  game master act for it; another seat is refused NOT_YOUR_TURN, "It is Ann's turn.". The commands in
  `any_seat` any seat may send at any time — a die roll, its own counters, a secret choice everyone
  makes at once — and the rules say whose they are (or, with `only=`, the few commands that are the
  active seat's). (Big Bang, Elder Sign, Munchkin, Dungeon Twister.)
- `SEATS_AT_ONCE`: every seat acts for itself, all at the same time, on its own screen; the table and
  the game master are refused SEAT_ONLY (a secret everyone chooses at once: tests/games/counter.py).
- `ANYONE` (the default): cooperative, the table acts — every seat, the table and the game master may
  send every command, and the rules alone say what each may do.

Before any preset, whether the game is on: before the start only `start` is taken (else NOT_STARTED),
after it `start` is refused (ALREADY_STARTED), and once the game is over nothing is (GAME_OVER: undo).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from companion.contract import Seat, Status, Viewer
from companion.errors import RuleError
from companion.messages import M, Text
from companion.records import Command

State = Any
#: the kind of the command that starts a game (the setup screen and the game kit send it)
START = "start"


def check_game_on(status: Status, command: Command) -> None:
    """Refuse a command the game cannot take in its status: anything but `start` before the start,
    `start` after it, anything once the game is over."""
    if command.kind == START:
        if status != "setup":
            raise RuleError("ALREADY_STARTED", M("The game has already started."))
    elif status == "setup":
        raise RuleError("NOT_STARTED", M("Start the game first."))
    elif status == "over":
        raise RuleError("GAME_OVER", M("The game is over; undo to play on from an earlier step."))


def not_your_turn(player: Text) -> RuleError:
    """The refusal to a seat that acts out of its turn: "It is Ann's turn."."""
    return RuleError("NOT_YOUR_TURN", M("It is {player}'s turn.", player=player))


class WhoActs(Protocol):
    #: whether the table (and the game master) may send commands at all; False: only seats act
    table_acts: ClassVar[bool]

    def check(self, state: State, command: Command, actor: Viewer, seats: Callable[[State], tuple[Seat, ...]]) -> None:
        """Refuse (RuleError) when `actor` may not send `command` now; `seats` names the seats."""


@dataclass(frozen=True)
class SeatsInTurn:
    """Seats take turns: the active seat acts, and the table and the game master act for it."""

    table_acts: ClassVar[bool] = True

    #: whose turn it is: the active seat's id
    active: Callable[[State], str | None]
    #: the commands any seat may send at any time (a die roll, its own counters, a secret choice
    #: made by everyone at once): the rules say whose they are; every other command is the active seat's
    any_seat: tuple[type[Command], ...] = ()
    #: or the other way round, where most commands are any seat's (Munchkin: a seat plays its own cards
    #: into any fight): the only commands that are the active seat's
    only: tuple[type[Command], ...] | None = None
    #: whose turn it is as the refusal names it; None: the active seat's name ("It is Ann's turn.")
    turn_of: Callable[[State], Text] | None = None

    def __post_init__(self) -> None:
        assert self.only is None or not self.any_seat, "name the active seat's commands or the others, not both"

    def for_active_seat(self, command: Command) -> bool:
        """Whether `command` is the active seat's (or the table's for it)."""
        return isinstance(command, self.only) if self.only is not None else not isinstance(command, self.any_seat)

    def check(self, state: State, command: Command, actor: Viewer, seats: Callable[[State], tuple[Seat, ...]]) -> None:
        if not actor.is_seat or not self.for_active_seat(command):
            return
        active = self.active(state)
        if actor.seat == active:
            return
        if self.turn_of is not None:
            raise not_your_turn(self.turn_of(state))
        raise not_your_turn(next((seat.name for seat in seats(state) if seat.id == active), active or ""))


@dataclass(frozen=True)
class SeatsAtOnce:
    """Every seat acts for itself, all at once, on its own screen; the table and the game master do not."""

    table_acts: ClassVar[bool] = False

    def check(self, state: State, command: Command, actor: Viewer, seats: Callable[[State], tuple[Seat, ...]]) -> None:
        if not actor.is_seat:
            raise RuleError("SEAT_ONLY", M("Each player chooses from their own seat."))


@dataclass(frozen=True)
class Anyone:
    """Cooperative, the table acts: every seat, the table and the game master may send every command;
    the rules alone say what each may do."""

    table_acts: ClassVar[bool] = True

    def check(self, state: State, command: Command, actor: Viewer, seats: Callable[[State], tuple[Seat, ...]]) -> None:
        return


SEATS_AT_ONCE = SeatsAtOnce()
ANYONE = Anyone()
