"""What can happen in an Elder Sign game. Only these change its state (state.py, `evolve`).

Nothing in Elder Sign is secret: every field is seen by everyone. Dice are (colour, face) pairs of
ints (odds/dice.py); positions in a roll count from 0 here (the commands count from 1).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.records import Event, catalog

Die = tuple[int, int]


@dataclass(frozen=True)
class GameStarted(Event):
    kind = "game_started"
    players: tuple[str, ...]
    investigators: tuple[str, ...]
    settings: dict[str, Any]
    #: museum cards the table lays by scanning them (it named none)
    to_lay: int = 0


@dataclass(frozen=True)
class AdventureLaid(Event):
    kind = "adventure_laid"
    adventure: str


@dataclass(frozen=True)
class AdventureLeft(Event):
    """A completed adventure leaves play (a museum card is to be replaced)."""

    kind = "adventure_left"
    adventure: str
    refill: bool


@dataclass(frozen=True)
class TurnStarted(Event):
    kind = "turn_started"
    seat: str
    #: "move" (a turn), "choose" (a new investigator first), "battle" (attack the Ancient One), "clock" (devoured: the clock only)
    phase: str


@dataclass(frozen=True)
class Moved(Event):
    kind = "moved"
    seat: str
    to: str


@dataclass(frozen=True)
class Passed(Event):
    kind = "passed"
    seat: str


@dataclass(frozen=True)
class AttemptStarted(Event):
    kind = "attempt_started"
    seat: str
    #: the adventure's id, or "battle"
    target: str
    dice: tuple[int, int, int]
    spent: tuple[str, ...] = ()


@dataclass(frozen=True)
class FaceEntered(Event):
    kind = "face_entered"
    die: Die


@dataclass(frozen=True)
class Rolled(Event):
    """The faces of every die that was due, in the order they lie (a clue's reroll: at `positions`)."""

    kind = "rolled"
    dice: tuple[Die, ...]
    positions: tuple[int, ...]
    virtual: bool = False


@dataclass(frozen=True)
class TaskCompleted(Event):
    kind = "task_completed"
    task: int
    dice: tuple[int, ...]
    held: tuple[str, ...]


@dataclass(frozen=True)
class TerrorStruck(Event):
    """A roll that completed nothing showed a green Terror: the adventure's terror effect."""

    kind = "terror_struck"
    effect: str
    lost: tuple[int, ...] = ()


@dataclass(frozen=True)
class ClueSpent(Event):
    kind = "clue_spent"
    seat: str
    dice: tuple[int, ...]
    #: the free reroll a clue of Joe Diamond's bought (no token spent)
    free: bool = False


@dataclass(frozen=True)
class DieHeld(Event):
    """A rolled die set aside with its face: on the own marker ("own"), a helper's ("assist:<seat>"), a spell ("spell:<n>")."""

    kind = "die_held"
    die: int
    slot: str


@dataclass(frozen=True)
class DieDiscarded(Event):
    kind = "die_discarded"
    die: int


@dataclass(frozen=True)
class AttemptEnded(Event):
    kind = "attempt_ended"
    target: str
    success: bool
    #: investigators whose marker still held a die when an adventure failed: each loses 1 sanity or stamina
    helpers: tuple[str, ...] = ()


@dataclass(frozen=True)
class StatsChanged(Event):
    """An investigator's counters changed: {"sanity": -1, "clues": +2, ...}."""

    kind = "stats_changed"
    seat: str
    changes: dict[str, int]


@dataclass(frozen=True)
class ElderSignsChanged(Event):
    kind = "elder_signs_changed"
    to: int


@dataclass(frozen=True)
class DoomChanged(Event):
    """Doom tokens placed (to > source) or removed; `monsters` spaces with a monster icon were filled."""

    kind = "doom_changed"
    source: int
    to: int
    monsters: int = 0


@dataclass(frozen=True)
class MonstersDue(Event):
    kind = "monsters_due"
    count: int


@dataclass(frozen=True)
class MonsterPlaced(Event):
    kind = "monster_placed"
    adventure: str
    task: str | None = None


@dataclass(frozen=True)
class ClockAdvanced(Event):
    kind = "clock_advanced"
    source: int
    to: int
    midnight: bool


@dataclass(frozen=True)
class MidnightStruck(Event):
    """Midnight after the turn: "at midnight" effects, a new Mythos card (or the Ancient One's attack), daily abilities back."""

    kind = "midnight_struck"


@dataclass(frozen=True)
class MythosDrawn(Event):
    kind = "mythos_drawn"
    card: str


@dataclass(frozen=True)
class CardEntered(Event):
    """The table entered a card the data lacks (kind: mythos or monsters), as its file keeps it; from now on it is known."""

    kind = "card_entered"
    into: str
    entry: dict[str, Any]


@dataclass(frozen=True)
class MonsterTaken(Event):
    """A monster whose task was completed leaves its card as a trophy, though the adventure failed."""

    kind = "monster_taken"
    adventure: str
    #: its place among the card's monsters
    monster: int


@dataclass(frozen=True)
class MidnightOwed(Event):
    """At midnight an investigator on this adventure pays its trophies or takes its losses: the player chooses."""

    kind = "midnight_owed"
    seat: str
    adventure: str


@dataclass(frozen=True)
class MidnightPaid(Event):
    """The investigator answered an adventure's midnight choice (its trophies or its losses follow)."""

    kind = "midnight_paid"
    seat: str
    adventure: str


@dataclass(frozen=True)
class MidnightTextOwed(Event):
    """At midnight this adventure's "at midnight" text struck, and the data has no numbers for it: the table says what it does."""

    kind = "midnight_text_owed"
    adventure: str


@dataclass(frozen=True)
class MidnightTextDone(Event):
    """The table said what the adventure's "at midnight" text did (its losses and doom follow)."""

    kind = "midnight_text_done"
    adventure: str


@dataclass(frozen=True)
class AttackTaken(Event):
    """One investigator has taken the Ancient One's attack (its numbers were applied, or a clue discarded)."""

    kind = "attack_taken"
    seat: str


@dataclass(frozen=True)
class AttackResolved(Event):
    kind = "attack_resolved"


@dataclass(frozen=True)
class Devoured(Event):
    kind = "devoured"
    seat: str
    investigator: str


@dataclass(frozen=True)
class InvestigatorChosen(Event):
    kind = "investigator_chosen"
    seat: str
    investigator: str


@dataclass(frozen=True)
class SwapsOffered(Event):
    """"Ashcan" Pete gained these items (common, unique, spells): for each he may take something else."""

    kind = "swaps_offered"
    seat: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class GainSwapped(Event):
    """"Ashcan" Pete kept an item gained (took == gave) or took a clue, common item or spell instead."""

    kind = "gain_swapped"
    seat: str
    gave: str
    took: str


@dataclass(frozen=True)
class StartingItemTaken(Event):
    """A starting item of the player's choice (the investigator's card says how many)."""

    kind = "starting_item_taken"
    seat: str
    what: str


@dataclass(frozen=True)
class Rerolled(Event):
    """An ability rolls these dice of the roll again (Mandy Thompson: one or two, once per day)."""

    kind = "rerolled"
    dice: tuple[int, ...]


@dataclass(frozen=True)
class DieChanged(Event):
    """An investigator's ability turned a rolled die's face (once per roll)."""

    kind = "die_changed"
    die: int
    face: int


@dataclass(frozen=True)
class DailyUsed(Event):
    kind = "daily_used"
    seat: str


@dataclass(frozen=True)
class Awakened(Event):
    kind = "awakened"


@dataclass(frozen=True)
class GameWon(Event):
    kind = "game_won"
    #: "sealed" (enough Elder Signs) or "banished" (the final battle emptied the doom track)
    reason: str


@dataclass(frozen=True)
class GameLost(Event):
    kind = "game_lost"
    #: "awakened" (its awakening ends the game), "devoured" (every investigator), "no_investigators"
    reason: str


EVENTS = catalog(
    GameStarted, AdventureLaid, AdventureLeft, TurnStarted, Moved, Passed, AttemptStarted, FaceEntered, Rolled,
    TaskCompleted, TerrorStruck, ClueSpent, DieHeld, DieDiscarded, AttemptEnded, StatsChanged, ElderSignsChanged,
    DoomChanged, MonstersDue, MonsterPlaced, ClockAdvanced, MidnightStruck, MythosDrawn, CardEntered, MidnightOwed, MidnightPaid,
    MidnightTextOwed, MidnightTextDone,
    MonsterTaken, AttackTaken, AttackResolved, Devoured,
    InvestigatorChosen, StartingItemTaken, SwapsOffered, GainSwapped, Rerolled, DieChanged, DailyUsed, Awakened, GameWon, GameLost,
)
