"""The plain input events devices emit. A device never knows a game: these are all it says.

Whoever listens (the table wiring) turns them into game commands through the game's bindings.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ButtonGesture:
    """A finished gesture on a named button: "tap", "double" or "hold". `seat` is the seat number
    (1-based) whose buttons these are, or None for the table's own buttons."""

    button: str
    gesture: str
    seat: int | None = None


@dataclass(frozen=True)
class TagSeen:
    """A tag was placed on a reader. `uid` is normalised: lower-case hex, no check byte, no separators."""

    uid: str
    reader: str = "reader"


@dataclass(frozen=True)
class TagRepeated:
    """The card already read was read again after a gap (lifted and laid back, or tapped twice): it
    counts once, and the table hears that it was ignored rather than nothing at all."""

    uid: str
    reader: str = "reader"


@dataclass(frozen=True)
class TagLifted:
    """The tag last seen left the reader (for games that want "place, don't swipe")."""

    uid: str
    reader: str = "reader"


@dataclass(frozen=True)
class DeviceProblem:
    """A device stopped answering, came back, or cannot be used: said once per change, never raised.
    `text`: what the screens tell the table, in its language (a companion.messages Text), when the
    table must see it (the voice is silent)."""

    device: str
    message: str
    ok: bool = False
    text: Any = None
