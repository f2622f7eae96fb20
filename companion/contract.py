"""The shapes every game shares with the shell: who is looking, who may act, what the turn is.

- `Viewer`: who sends a command and who looks at a view: the table screen, one seat's private
  screen, or the game master (behind a PIN). (boardgame.io: `playerID` and `playerView`.)
- `Seat`: a place at the table, with a stable id and the name the players gave it.
- `Turn`: status (setup / playing / over), phase, the seats that may act now — several at once for
  a simultaneous secret choice (boardgame.io's `activePlayers`) — and the `Result` when it is over.
- `View`: what one viewer may see now: the turn, the seats, the prompt, and the game's own fields.

Buttons, the prompt, the status LED and the saved-games list read these, never a game's own keys.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.errors import RuleError
from companion.messages import M, Text, render, text_json

ViewerKind = Literal["table", "seat", "master"]


@dataclass(frozen=True)
class Viewer:
    kind: ViewerKind
    seat: str | None = None

    def __str__(self) -> str:
        return f"seat:{self.seat}" if self.kind == "seat" else self.kind

    @property
    def is_seat(self) -> bool:
        return self.kind == "seat"

    @classmethod
    def parse(cls, text: object) -> Viewer:
        """"table", "master" or "seat:<id>", as a request's `by` says it."""
        if text == "table":
            return TABLE
        if text == "master":
            return MASTER
        if isinstance(text, str) and text.startswith("seat:") and text[5:]:
            return cls("seat", text[5:])
        raise RuleError("BAD_VIEWER", M("\"by\" must be \"table\", \"master\" or \"seat:<seat>\"."))


TABLE = Viewer("table")
MASTER = Viewer("master")


def seat_viewer(seat: str) -> Viewer:
    return Viewer("seat", seat)


@dataclass(frozen=True)
class Seat:
    id: str
    name: str
    #: the seat's palette colour when the game gives seats their own (Dungeon Twister's blue and
    #: yellow); None: the palette's seat colour of its place at the table
    colour: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {"id": self.id, "name": self.name, "colour": self.colour}


@dataclass(frozen=True)
class Result:
    """How a game ended. `winners` are seat ids: every seat for a cooperative win, none for a
    cooperative loss, one for a single winner, several for a tie."""

    winners: tuple[str, ...]
    reason: Text = ""

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": render(self.reason), "reason_message": text_json(self.reason)}


Status = Literal["setup", "playing", "over"]


@dataclass(frozen=True)
class Turn:
    status: Status
    #: the game's phase id (one of its declared phases); "" in setup and when over
    phase: str = ""
    #: the seats that may act now; several for a simultaneous choice, none while nobody need act
    acting: tuple[str, ...] = ()
    result: Result | None = None

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "phase": self.phase, "acting": list(self.acting),
                "result": self.result.to_json() if self.result else None}


SETUP = Turn("setup")

#: keys of a view's JSON that belong to the contract; a game's own fields must not use them
RESERVED = frozenset({"viewer", "turn", "seats", "prompt", "prompt_message"})


@dataclass(frozen=True)
class View:
    """What `viewer` may see now. `fields` are the game's own (JSON), already stripped of anything
    this viewer may not see."""

    viewer: Viewer
    turn: Turn
    seats: tuple[Seat, ...]
    prompt: Text
    fields: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def seat_name(self, seat_id: str | None) -> str | None:
        return next((s.name for s in self.seats if s.id == seat_id), None)

    def seat_index(self, seat_id: str | None) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.id == seat_id), None)

    def to_json(self) -> dict[str, Any]:
        return {**self.fields, "viewer": str(self.viewer), "turn": self.turn.to_json(),
                "seats": [s.to_json() for s in self.seats], "prompt": render(self.prompt),
                "prompt_message": text_json(self.prompt)}
