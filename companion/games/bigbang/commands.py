"""What the table can ask of the Big Bang game master. The first docstring line is the player's doc.

Locations are numbered 1 to 6 in board order; characters are leonard, howard, penny, raj, sheldon;
a die face is 1, 2, 3, 4 or "moon" (the red moon).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.records import MASTER_ONLY, NOBODY, Command, Rule, catalog

Face = int | str


@dataclass(frozen=True)
class Start(Command):
    """Start the game: players in turn order; optionally the rune solution, the board letters, settings and a game-master PIN."""

    kind = "start"
    visibility: ClassVar[Mapping[str, Rule]] = {"solution": MASTER_ONLY, "master_pin": NOBODY}
    players: tuple[str, ...]
    #: the letter of each rune, in rune order, typed in by a human game master (else drawn in secret)
    solution: tuple[str, ...] | None = None
    #: the letter lying at each rune slot, in rune order (else the table tells them one by one when it
    #: deals the real cards, or the companion lays them out)
    board: tuple[str, ...] | None = None
    #: overrides of data/default.toml, same structure
    settings: dict[str, Any] | None = None
    master_pin: str | None = None
    #: the character cards each player was dealt from the real pile (else the companion deals)
    hands: dict[str, tuple[str, ...]] | None = None
    #: the card id laid at each location 1..6 (else the companion deals)
    locations: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Play(Command):
    """Choose a character you hold cards of and announce how many of its cards you play (one action each)."""

    kind = "play"
    character: str
    cards: int


@dataclass(frozen=True)
class Pass(Command):
    """Play no cards this turn; go straight to drawing."""

    kind = "pass"


@dataclass(frozen=True)
class FightArgs:
    """How a fight went at the table; shared by `act` on an enemy and Howard's special action."""

    #: the face the players rolled: 1-4 or "moon"
    die: Face | None = None
    #: the face of the second roll when the re-roll artefact was used
    reroll: Face | None = None
    #: beat the enemy with the Sword of Billy Sparks instead of rolling
    sword: bool = False
    #: character cards the other players play to help: {player: count}
    helpers: dict[str, int] | None = None
    #: which reward option to take when a card offers "a/b"
    choice: str | None = None
    #: which artefact card was drawn when the reward is an artefact (else the companion draws)
    artefact: str | None = None


@dataclass(frozen=True)
class Special(FightArgs, Command):
    """Use the chosen character's special action, before any other action this turn."""

    kind = "special"
    #: Raj: the co-located character whose special action he performs
    copy: str | None = None
    #: Leonard: the character to move
    target: str | None = None
    #: Leonard: where to; Howard: the enemy's location
    location: int | None = None
    #: Sheldon: the two letters to swap (on the board, or one on and one beside it)
    a: str | None = None
    b: str | None = None


@dataclass(frozen=True)
class Move(Command):
    """Action: move the chosen character to a location (1-6)."""

    kind = "move"
    location: int


@dataclass(frozen=True)
class Act(FightArgs, Command):
    """Action: take the helper or treasure at the chosen character's location, or fight the enemy there."""

    kind = "act"


@dataclass(frozen=True)
class Gate(Command):
    """Action: spend the cubes on an attempt to close the gate; optionally confirm the board letters first."""

    kind = "gate"
    #: the letters as they lie at the rune slots, in rune order, to check against the companion's record
    board: tuple[str, ...] | None = None


@dataclass(frozen=True)
class EndActions(Command):
    """Stop acting before all announced cards are used; go to drawing."""

    kind = "end_actions"


@dataclass(frozen=True)
class Use(Command):
    """Use an artefact (clue, cubes, moon) or a relic (staff, amulet); re-roll and sword are used in a fight."""

    kind = "use"
    item: str
    #: for a clue: the letter to ask about
    letter: str | None = None


@dataclass(frozen=True)
class Ask(Command):
    """Take a clue won from a special enemy: the game master tells which rune a letter belongs to."""

    kind = "ask"
    letter: str


@dataclass(frozen=True)
class Draw(Command):
    """Announce how many cards you draw (at least 1); a full hand first discards the named cards."""

    kind = "draw"
    count: int
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reveal(Command):
    """Tell the companion which card was drawn from the real pile: a character or "red_moon"."""

    kind = "reveal"
    card: str


@dataclass(frozen=True)
class Place(Command):
    """Tell the companion which location card was laid on an empty location."""

    kind = "place"
    location: int
    card: str


@dataclass(frozen=True)
class Lay(Command):
    """Tell the companion which letter lies at the next rune slot, in rune order (the real deal)."""

    kind = "lay"
    letter: str


@dataclass(frozen=True)
class Deal(Command):
    """Let the companion draw the cards still due (from the pile, onto empty locations) or lay the letters still due."""

    kind = "deal"


@dataclass(frozen=True)
class Accept(Command):
    """Accept the red moon that lies open instead of using the amulet."""

    kind = "accept"


@dataclass(frozen=True)
class Roll(Command):
    """Roll the virtual die (1, 1, 2, 3, 4, red moon) for a table without one."""

    kind = "roll"


COMMANDS = catalog(Start, Play, Pass, Special, Move, Act, Gate, EndActions, Use, Ask, Draw, Reveal, Place, Lay, Deal, Accept, Roll)
