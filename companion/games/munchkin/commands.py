"""What a Munchkin table can ask. The first docstring line is the player's doc.

Every command is sent by someone (`by`): a seat plays for itself; the table screen plays for the seat
whose turn it is, or for the seat named in `seat` (anyone may play a monster enhancer, a one-shot or a
curse into anyone's fight). Cards are named by their catalogue id; a card the catalogue does not know
is played by typing its numbers instead (a monster's `level`, an enhancer's `bonus`). Items in play
are named by the number (`item`) the companion gave them when they were played.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from companion.records import Command, catalog


@dataclass(frozen=True)
class Start(Command):
    """Start the game: the players in turn order (3 to 6; the first one starts), optionally settings and the table's own cards."""

    kind = "start"
    players: tuple[str, ...]
    #: overrides of data/default.toml, same structure; the table's own cards under "house"
    settings: dict[str, Any] | None = None


@dataclass(frozen=True)
class MonsterArgs:
    """A monster: a catalogue `card`, or one typed in by its `level` (and treasures, levels, name)."""

    card: str | None = None
    level: int | None = None
    treasures: int | None = None
    levels: int | None = None
    name: str | None = None


@dataclass(frozen=True)
class Kick(MonsterArgs, Command):
    """Kick open the door: say what the door card is (a catalogue card, or kind monster/curse/other)."""

    kind = "kick"
    #: for a card the catalogue does not know: "monster" (give its level), "curse" or "other"
    what: Literal["monster", "curse", "other"] | None = None
    #: a typed curse: the levels it costs
    lose_levels: int | None = None
    #: a curse that takes one of several items: which (the victim's choice)
    items: tuple[int, ...] = ()
    #: the Tailor's ability: discard cards to take the curse into the hand instead
    tailor: bool = False


@dataclass(frozen=True)
class Trouble(MonsterArgs, Command):
    """Look for trouble: fight a monster from your hand."""

    kind = "trouble"


@dataclass(frozen=True)
class Loot(Command):
    """Loot the room: draw a door card face down into your hand."""

    kind = "loot"


@dataclass(frozen=True)
class Helper(Command):
    """Record who helps in the fight (one player only), with the bribe agreed as a note; no seat: the helper leaves."""

    kind = "helper"
    seat: str | None = None
    bribe: str | None = None


@dataclass(frozen=True)
class Enhance(Command):
    """Play a monster enhancer on a monster in the fight (anyone): a catalogue card, or its bonus typed in."""

    kind = "enhance"
    card: str | None = None
    bonus: int | None = None
    treasures: int | None = None
    name: str | None = None
    #: the monster's number, when several fight
    monster: int | None = None
    #: who plays it, when the table screen sends it (else the seat whose turn it is)
    seat: str | None = None


@dataclass(frozen=True)
class OneShot(Command):
    """Play a one-shot into the fight (anyone), for the players or a monster: from the hand (card or bonus) or an item on the table."""

    kind = "oneshot"
    side: Literal["players", "monsters"] = "players"
    card: str | None = None
    #: a one-shot item lying on the player's table, by its number
    item: int | None = None
    bonus: int | None = None
    name: str | None = None
    monster: int | None = None
    seat: str | None = None


@dataclass(frozen=True)
class Wander(MonsterArgs, Command):
    """Play a Wandering Monster with a monster from your hand (anyone): it joins the fight."""

    kind = "wander"
    seat: str | None = None


@dataclass(frozen=True)
class Remove(Command):
    """A card takes a monster out of the fight without killing it (anyone): no level, no treasure for it."""

    kind = "remove"
    monster: int | None = None
    #: the catalogue one-shot that does it (Magic Lamp, Pollymorph Potion…): one card from the hand
    card: str | None = None
    #: cards it costs from the hand of the player who does it (a one-shot: 1; a class ability: as many as discarded)
    cards: int = 1
    seat: str | None = None


@dataclass(frozen=True)
class Fight(Command):
    """The players are stronger: kill the monsters, go up, draw the treasures (some to the helper, as bribed)."""

    kind = "fight"
    helper_treasures: int = 0


@dataclass(frozen=True)
class Run(Command):
    """The monsters are too strong: run away (one die per monster, for the fighter and the helper)."""

    kind = "run"


@dataclass(frozen=True)
class Roll(Command):
    """A run-away die: the face rolled (none: the companion rolls), against which monster, for whom."""

    kind = "roll"
    die: int | None = None
    monster: int | None = None
    fighter: str | None = None
    #: the face a Loaded Die set after the roll (the card comes from the hand, or `item` from the table)
    loaded: int | None = None
    item: int | None = None
    #: cards discarded after the roll for a class's flight (the Wizard: +1 each, up to 3)
    flight: int = 0
    #: caught by a monster whose bad stuff rolls a die: the face (none: the companion rolls)
    bad_die: int | None = None
    #: an Invisibility Potion from the hand, drunk if the roll is caught: the roller escapes after all
    invisibility: bool = False
    #: the player who plays a Flask of Glue if the roll escapes: the runner rolls again (also after the last roll)
    glue: str | None = None
    #: the Halfling: the face of the second roll, if this first run-away roll is caught (a card is discarded for it)
    again: int | None = None


@dataclass(frozen=True)
class Lose(Command):
    """Choose what a curse or bad stuff takes when several things qualify (the victim's choice, or the players' a card names)."""

    kind = "lose"
    items: tuple[int, ...] = ()
    roles: tuple[str, ...] = ()
    #: cards of the hand, when items or cards may be lost
    cards: int = 0


@dataclass(frozen=True)
class Take(Command):
    """Loot a dead body: take one of its items, or a card of its hand, or (neither) nothing."""

    kind = "take"
    item: int | None = None
    hand: bool = False
    seat: str | None = None


@dataclass(frozen=True)
class EndTurn(Command):
    """End the turn; a hand over the limit gives the excess to the lowest level ({seat: cards}) or, if you are lowest, discards it."""

    kind = "end_turn"
    give: dict[str, int] | None = None


@dataclass(frozen=True)
class Curse(Command):
    """Play a curse from your hand on a player (anyone, any time): a catalogue card, or the levels it costs typed in."""

    kind = "curse"
    target: str
    card: str | None = None
    levels: int | None = None
    name: str | None = None
    items: tuple[int, ...] = ()
    seat: str | None = None


@dataclass(frozen=True)
class GoUp(Command):
    """Play a Go Up a Level card on a player (yourself if none); it never gives the winning level."""

    kind = "go_up"
    target: str | None = None
    card: str | None = None
    seat: str | None = None


@dataclass(frozen=True)
class Adjust(Command):
    """Correct a player's level by a number of levels (a card the companion does not know); never to the winning level."""

    kind = "adjust"
    seat: str
    levels: int


@dataclass(frozen=True)
class Hand(Command):
    """Correct how many cards a player holds (the cards in the hands are the truth)."""

    kind = "hand"
    count: int
    seat: str | None = None


@dataclass(frozen=True)
class PlayItem(Command):
    """Play an item from your hand onto the table in your turn, out of combat, or the moment you receive it: a catalogue card or typed; equipped if it fits."""

    kind = "item"
    card: str | None = None
    name: str | None = None
    bonus: int = 0
    slot: Literal["headgear", "armour", "footgear", "hand", "hands", "none"] = "none"
    big: bool = False
    gold: int = 0
    one_shot: bool = False
    equip: bool = True
    #: who plays it, when the table screen sends it for a player who just received it (else the seat whose turn it is)
    seat: str | None = None


@dataclass(frozen=True)
class Equip(Command):
    """Take an item out of the backpack and use it (your turn, out of combat; the slots must allow it)."""

    kind = "equip"
    item: int
    #: a Hireling carries it: equipped beyond the slots and the one Big item (one item per Hireling)
    hireling: bool = False


@dataclass(frozen=True)
class Unequip(Command):
    """Put an equipped item in the backpack (carried, no bonus; your turn, out of combat)."""

    kind = "unequip"
    item: int


@dataclass(frozen=True)
class Discard(Command):
    """Discard an item from the table (a card says so, or it was a mistake)."""

    kind = "discard"
    item: int


@dataclass(frozen=True)
class Give(Command):
    """Give or trade an item on your table to another player (not while either is in a fight); it arrives carried."""

    kind = "give"
    item: int
    to: str


@dataclass(frozen=True)
class Sell(Command):
    """Sell items for levels (your turn, out of combat): items on the table, catalogue cards or gold values from the hand."""

    kind = "sell"
    items: tuple[int, ...] = ()
    #: item cards sold from the hand, by catalogue id
    cards: tuple[str, ...] = ()
    #: the gold values of other items sold from the hand
    gold: tuple[int, ...] = ()
    #: the most valuable item sold counts double (the Halfling, once a turn)
    double: bool = False


@dataclass(frozen=True)
class Become(Command):
    """Play a class or race card (or Super Munchkin, Half-Breed) from your hand, in your turn."""

    kind = "become"
    card: str
    seat: str | None = None


@dataclass(frozen=True)
class Ability(Command):
    """Discard cards for a class ability in a fight: berserk, turning (a bonus), backstab (another player), charm (the whole hand: a monster leaves)."""

    kind = "ability"
    power: Literal["berserk", "turning", "backstab", "charm"]
    #: cards discarded (berserk, turning: up to 3 a fight); charm takes the whole hand
    cards: int = 1
    #: backstab: the player in the fight it hits
    target: str | None = None
    #: turning, charm: which monster, when several fight
    monster: int | None = None
    seat: str | None = None


@dataclass(frozen=True)
class Sex(Command):
    """Say a player's character's sex, for cards that name one (the player's own unless said otherwise; a curse may change it)."""

    kind = "sex"
    sex: Literal["male", "female"]
    seat: str | None = None


@dataclass(frozen=True)
class Play(Command):
    """Play a card the companion applies (Cheat!, Mate, Hoard!, Wishing Ring…) with what it needs, or one the table does by hand (counted)."""

    kind = "play"
    card: str
    seat: str | None = None
    #: the player it is played on (Steal a Level, Transferral Potion: who fights instead; Flask of Glue: who rolls again)
    target: str | None = None
    #: the monster it is played on, when several fight (Out to Lunch, Mate, Illusion, Flask of Glue)
    monster: int | None = None
    #: the item it is played on (Cheat!; Help Me Out Here!: another player's item the fighter takes)
    item: int | None = None
    #: the curse it lifts, by its number (Wishing Ring)
    curse: int | None = None
    #: Illusion: the monster from the hand that takes the place (a catalogue card, or typed by its level)
    replacement: str | None = None
    level: int | None = None
    #: Instant Wall: who escapes without rolling (up to two; none: everyone still to roll)
    seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Drop(Command):
    """Discard one of your class or race cards (or Super Munchkin, Half-Breed), any time."""

    kind = "drop"
    card: str
    seat: str | None = None


@dataclass(frozen=True)
class Lift(Command):
    """A curse in effect on a player ends (a card or its own text says so)."""

    kind = "lift"
    seat: str
    curse: int


@dataclass(frozen=True)
class RollDie(Command):
    """Roll the virtual d6, for a table without a die."""

    kind = "die"


COMMANDS = catalog(Start, Kick, Trouble, Loot, Helper, Enhance, OneShot, Wander, Remove, Fight, Run, Roll, Lose, Take, EndTurn,
                   Curse, GoUp, Adjust, Hand, PlayItem, Equip, Unequip, Discard, Give, Sell, Become, Ability, Play, Sex, Drop, Lift, RollDie)
