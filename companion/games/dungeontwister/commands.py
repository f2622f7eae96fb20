"""What the table (or one player's seat) can tell the Dungeon Twister companion. The first docstring
line is the player's doc.

Tokens are named "<colour>:<piece>" ("blue:troll", "yellow:sword"); where a command can only mean one
player's character (your own mover, the enemy you attack) the bare piece ("troll") will do.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.records import Command, Rule, catalog

#: a secret choice: seen by the seat that sent it, or the seat whose colour it names (a card scanned
#: at the table's shared reader), and by nobody else — not the table, which may be sending it for them
CHOOSER = Rule("the choosing seat", lambda record, viewer, actor: viewer.kind == "master" or (
    viewer.is_seat and (viewer == actor or viewer.seat == getattr(record, "colour", None))))


@dataclass(frozen=True)
class Start(Command):
    """Start the game: the two players, in seat order; optionally settings, who begins and the starting lines."""

    kind = "start"
    players: tuple[str, ...]
    #: overrides of data/default.toml, same structure
    settings: dict[str, Any] | None = None
    #: the colour (or name) of the player who begins; else as the setting `seats.first_player` says
    first: str | None = None
    #: each colour's 4 starting characters, when the table has laid them open already; else each player chooses them
    lineup: dict[str, tuple[str, ...]] | None = None


@dataclass(frozen=True)
class Lineup(Command):
    """Choose characters for your starting line, in secret (4 in all); the table names the colour (or enters a revealed line)."""

    kind = "lineup"
    visibility: ClassVar[Mapping[str, Rule]] = {"characters": CHOOSER}
    characters: tuple[str, ...]
    colour: str | None = None


@dataclass(frozen=True)
class PlayCard(Command):
    """Play an action card: its number is this turn's AP."""

    kind = "play_card"
    card: int


@dataclass(frozen=True)
class Move(Command):
    """1 AP: move a character; it may drop what it carries, take a token on its way, or leave through the enemy's starting line."""

    kind = "move"
    character: str
    #: an object lying in the maze, a wounded character of its colour lying there, or what another of its colour carries
    take: str | None = None
    #: let go of what it carries (before taking anything)
    drop: bool = False
    #: it stepped onto the opponent's starting line and leaves the maze
    exit: bool = False


@dataclass(frozen=True)
class Reveal(Command):
    """1 AP: reveal a room one of your characters has direct access to, and say which face-down tokens were in it."""

    kind = "reveal"
    character: str
    #: 1-8, when the table tracks the rooms
    room: int | None = None
    #: the tokens that lay face down in the room (either colour)
    appear: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rotate(Command):
    """1 AP a quarter turn: a character on a rotation gear turns its room (or the paired one)."""

    kind = "rotate"
    character: str
    quarters: int = 1
    #: 1-8, when the table tracks the rooms
    room: int | None = None
    #: against the arrow (the Mekanork only)
    against: bool = False


@dataclass(frozen=True)
class Attack(Command):
    """1 AP: attack adjacent enemies; every unwounded character of either side next to the fight must join."""

    kind = "attack"
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]


@dataclass(frozen=True)
class Choose(Command):
    """Choose your combat card in secret (from your seat, or scanned; the table names the colour, or enters a revealed card)."""

    kind = "choose"
    visibility: ClassVar[Mapping[str, Rule]] = {"card": CHOOSER}
    card: int
    colour: str | None = None


@dataclass(frozen=True)
class Jump(Command):
    """1 AP and a jump card: a character jumps a pit trap."""

    kind = "jump"
    character: str
    exit: bool = False


@dataclass(frozen=True)
class Ability(Command):
    """1 AP: a character's special ability (Cleric: heal a target; Troll: regenerate; Thief, Warrior, Wall-Walker)."""

    kind = "ability"
    character: str
    #: the Cleric's patient
    target: str | None = None


@dataclass(frozen=True)
class Use(Command):
    """1 AP: use the object a character carries (the Fireball Wand at a target, the Speed Potion)."""

    kind = "use"
    character: str
    #: the Fireball Wand's victim
    target: str | None = None


@dataclass(frozen=True)
class EndTurn(Command):
    """End your turn; AP not spent are lost."""

    kind = "end_turn"


COMMANDS = catalog(Start, Lineup, PlayCard, Move, Reveal, Rotate, Attack, Choose, Jump, Ability, Use, EndTurn)
