"""What the table can ask of the Elder Sign tracker. The first docstring line is the player's doc.

Seats are the players' names; an investigator, an adventure, an Ancient One or a Mythos card is named
by its id in the data (data/default.toml). Tasks and dice are numbered from 1 as the screen shows
them. A face is INV1-INV4 (or 1-4), LORE, PERIL, TERROR or WILD; a colour green, yellow or red.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.records import Command, catalog


@dataclass(frozen=True)
class Start(Command):
    """Start: the players in turn order and their investigators; optionally the Ancient One, the adventures laid out, settings."""

    kind = "start"
    players: tuple[str, ...]
    #: investigator ids in seat order, "draw" where the companion deals one (none given: it deals them all)
    investigators: tuple[str, ...] | None = None
    #: the Ancient One's id, or "draw" (the companion draws it); else the settings' ancient_one.id
    ancient_one: str | None = None
    #: the adventure cards laid out (else the companion lays six museum cards from the data; an
    #: empty list: the table scans the six cards it lays)
    adventures: tuple[str, ...] | None = None
    #: overrides of data/default.toml, same structure
    settings: dict[str, Any] | None = None


@dataclass(frozen=True)
class Move(Command):
    """Movement: go to an adventure in play, or to the entrance."""

    kind = "move"
    to: str


@dataclass(frozen=True)
class Attempt(Command):
    """Resolution: attempt the adventure here (or, once the Ancient One is awake, its battle task)."""

    kind = "attempt"
    #: the yellow and red dice, when an item or ability adds them
    yellow: bool = False
    red: bool = False
    #: green dice locked by a card
    locked: int = 0
    #: possessions spent for the extra dice: common, unique, spells, allies, clues
    spend: tuple[str, ...] = ()


@dataclass(frozen=True)
class Roll(Command):
    """Say the faces rolled, by colour (every die due: all free dice, or the ones a clue rerolls); or let the companion roll."""

    kind = "roll"
    green: tuple[str, ...] = ()
    yellow: tuple[str, ...] = ()
    red: tuple[str, ...] = ()
    #: the companion rolls virtual dice for every die due
    virtual: bool = False


@dataclass(frozen=True)
class Face(Command):
    """Say the face of one rolled die (one at a time, as the buttons do)."""

    kind = "face"
    colour: str
    face: str


@dataclass(frozen=True)
class Complete(Command):
    """Complete a task (its number) with these rolled dice (their numbers) and held dice (own, assist:<seat>, spell:<n>)."""

    kind = "complete"
    task: int
    dice: tuple[int, ...] = ()
    held: tuple[str, ...] = ()


@dataclass(frozen=True)
class Clue(Command):
    """Spend a clue: roll these dice again (the roll completed nothing)."""

    kind = "clue"
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Focus(Command):
    """Focus: set this die aside on your own marker, face kept (the roll completed nothing)."""

    kind = "focus"
    die: int


@dataclass(frozen=True)
class Assist(Command):
    """An investigator on the same adventure holds this die on their marker (the roll completed nothing)."""

    kind = "assist"
    die: int
    helper: str


@dataclass(frozen=True)
class Spell(Command):
    """Cast a spell to hold this die, face kept."""

    kind = "spell"
    die: int


@dataclass(frozen=True)
class Discard(Command):
    """Discard this die (the roll completed nothing); the rest are rolled again."""

    kind = "discard"
    die: int


@dataclass(frozen=True)
class GiveUp(Command):
    """Stop the attempt: an adventure fails (its penalty); a battle attack just ends."""

    kind = "give_up"


@dataclass(frozen=True)
class Entrance(Command):
    """At the entrance: first aid (what: sanity or stamina) or buy (what: common, unique, spells, allies, clues, elder_signs) with trophies."""

    kind = "entrance"
    action: str
    what: str


@dataclass(frozen=True)
class Pass(Command):
    """Resolve nothing this turn; go on to the clock."""

    kind = "pass"


@dataclass(frozen=True)
class Clock(Command):
    """End the turn: the clock hand moves on."""

    kind = "clock"


@dataclass(frozen=True)
class Mythos(Command):
    """At midnight: the Mythos card drawn from the deck (its id)."""

    kind = "mythos"
    card: str


@dataclass(frozen=True)
class NewMythos(Command):
    """At midnight: a Mythos card the companion does not know yet, entered once in short (the table's file keeps it), then drawn."""

    kind = "new_mythos"
    #: its name as the table reads it (in `language`, the table's language); none: "Mythos <n>"
    name: str = ""
    #: its id (a tag enrolled to a card the data lacks); none: made from the name
    card: str | None = None
    language: str | None = None
    doom: int = 0
    monsters: int = 0
    elder_signs: int = 0
    #: what each investigator it strikes gains (positive) or loses (negative): whom is all, entrance or active
    sanity: int = 0
    stamina: int = 0
    whom: str = "all"
    #: hours the clock hand moves on when it is drawn
    clock: int = 0
    #: the dice its lingering effect locks on every adventure until the next midnight
    green: int = 0
    yellow: bool = False
    red: bool = False
    text: str = ""


@dataclass(frozen=True)
class MidnightPay(Command):
    """An adventure's midnight choice (The Curator): the investigator pays its trophies (pay: trophies) or takes its losses (pay: loss)."""

    kind = "midnight_pay"
    pay: str
    seat: str | None = None
    adventure: str | None = None


@dataclass(frozen=True)
class AtMidnight(Command):
    """An adventure's "at midnight" text the data has no numbers for, as the table reads it: what each investigator on it gains or loses, and doom tokens."""

    kind = "at_midnight"
    adventure: str
    sanity: int = 0
    stamina: int = 0
    doom: int = 0


@dataclass(frozen=True)
class AttackDone(Command):
    """At midnight in the final battle: the Ancient One's attack has been resolved at the table."""

    kind = "attack_done"


@dataclass(frozen=True)
class Attacked(Command):
    """At midnight of the final battle: how this seat's investigator takes the attack (pay: clue, or loss: the attack's numbers)."""

    kind = "attacked"
    seat: str
    pay: str


@dataclass(frozen=True)
class PlaceMonster(Command):
    """Put a monster that appeared on an adventure; `task` (odds notation) adds its task to that card."""

    kind = "place_monster"
    adventure: str
    task: str | None = None
    #: the monster marker drawn (its id in the data or the table's file): its task is added
    monster: str | None = None


@dataclass(frozen=True)
class NewMonster(Command):
    """A monster marker the companion does not know yet, entered once (its name and task; the table's file keeps it), put on an adventure."""

    kind = "new_monster"
    adventure: str
    #: the task it adds, in the odds notation (docs/eldersign-odds.md)
    task: str
    #: its name as the table reads it; none: "Monster <n>"
    name: str = ""
    #: its id (a tag enrolled to a marker the data lacks); none: made from the name
    card: str | None = None
    language: str | None = None


@dataclass(frozen=True)
class Lay(Command):
    """A new adventure card enters play (a museum refill, or an Other World through a gate)."""

    kind = "lay"
    adventure: str


@dataclass(frozen=True)
class Adjust(Command):
    """Change an investigator's sanity, stamina, clues, common, unique, spells, allies or trophies by a number (default: the active one)."""

    kind = "adjust"
    what: str
    amount: int
    seat: str | None = None


@dataclass(frozen=True)
class Doom(Command):
    """Add (positive) or remove (negative) doom tokens, as a card says."""

    kind = "doom"
    amount: int


@dataclass(frozen=True)
class ElderSigns(Command):
    """Gain (positive) or lose (negative) Elder Signs, as a card says."""

    kind = "elder_signs"
    amount: int


@dataclass(frozen=True)
class Choose(Command):
    """A player whose investigator was devoured takes a new one (its id)."""

    kind = "choose"
    investigator: str
    seat: str | None = None


@dataclass(frozen=True)
class StartingItem(Command):
    """Take one starting item of the player's choice (what: common, unique or spells), as the investigator's card allows."""

    kind = "starting_item"
    what: str
    seat: str | None = None


@dataclass(frozen=True)
class Swap(Command):
    """"Ashcan" Pete, for the item he gained first and has not decided on: keep it, or take clues, common or spells instead."""

    kind = "swap"
    what: str
    seat: str | None = None


@dataclass(frozen=True)
class Daily(Command):
    """Use the active investigator's once-per-day ability (it comes back at midnight); Carolyn Fern and Vincent Lee name whom it heals."""

    kind = "daily"
    #: the seat whose investigator regains 1 sanity (Carolyn Fern) or 1 stamina (Vincent Lee)
    target: str | None = None
    #: the dice (numbered from 1) Mandy Thompson's ability rolls again, one or two, after any roll
    dice: tuple[int, ...] = ()
    #: whose ability it is (default: the active investigator's; Mandy Thompson's works on any turn)
    seat: str | None = None


@dataclass(frozen=True)
class Change(Command):
    """An ability turns one rolled die's face (Harvey Walters: Terror to Lore; Michael McGlen: Terror to Peril; Darrell Simmons: one investigation more)."""

    kind = "change"
    die: int


@dataclass(frozen=True)
class Awaken(Command):
    """A card awakens the Ancient One before the doom track is full."""

    kind = "awaken"


COMMANDS = catalog(Start, Move, Attempt, Roll, Face, Complete, Clue, Focus, Assist, Spell, Discard, GiveUp, Entrance, Pass,
                   Clock, Mythos, NewMythos, MidnightPay, AtMidnight, AttackDone, Attacked, PlaceMonster, NewMonster, Lay, Adjust, Doom, ElderSigns, Choose,
                   StartingItem, Swap, Daily, Change, Awaken)
