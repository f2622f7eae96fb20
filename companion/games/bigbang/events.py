"""What can happen in a Big Bang game. Only these change its state (state.py, `evolve`)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.records import MASTER_ONLY, NOBODY, Event, Rule, catalog

Face = int | str


@dataclass(frozen=True)
class GameStarted(Event):
    kind = "game_started"
    visibility: ClassVar[Mapping[str, Rule]] = {"solution": MASTER_ONLY, "master_pin": NOBODY}
    players: tuple[str, ...]
    settings: dict[str, Any]
    solution: tuple[str, ...]
    #: the letters at the rune slots; empty when the table tells them after the deal (LetterLaid)
    board: tuple[str, ...]
    master_pin: str | None = None


@dataclass(frozen=True)
class DealingTo(Event):
    """The real deal: `player`'s starting cards come next, told one by one."""

    kind = "dealing_to"
    player: str


@dataclass(frozen=True)
class LayoutBegun(Event):
    """The real deal: the location cards are laid out now, told one by one."""

    kind = "layout_begun"


@dataclass(frozen=True)
class LettersBegun(Event):
    """The real deal: the letters lying at the rune slots are told now, in rune order."""

    kind = "letters_begun"


@dataclass(frozen=True)
class LetterLaid(Event):
    """`letter` lies at `rune` (the next empty rune slot)."""

    kind = "letter_laid"
    rune: str
    letter: str


@dataclass(frozen=True)
class HandDealt(Event):
    kind = "hand_dealt"
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class LocationFilled(Event):
    kind = "location_filled"
    location: int
    card: str


@dataclass(frozen=True)
class TurnStarted(Event):
    kind = "turn_started"
    player: str


@dataclass(frozen=True)
class CharacterChosen(Event):
    kind = "character_chosen"
    player: str
    character: str
    cards: int


@dataclass(frozen=True)
class Passed(Event):
    kind = "passed"
    player: str


@dataclass(frozen=True)
class SpecialUsed(Event):
    kind = "special_used"
    character: str
    #: whose special action it is (differs when Raj copies)
    power: str


@dataclass(frozen=True)
class ActionUsed(Event):
    kind = "action_used"
    character: str


@dataclass(frozen=True)
class CharacterMoved(Event):
    kind = "character_moved"
    character: str
    source: int | None
    location: int


@dataclass(frozen=True)
class MoonMoved(Event):
    kind = "moon_moved"
    source: int
    to: int


@dataclass(frozen=True)
class CubesChanged(Event):
    kind = "cubes_changed"
    source: int
    to: int
    #: cubes that found no seat and were lost
    lost: int = 0


@dataclass(frozen=True)
class HelpPlayed(Event):
    kind = "help_played"
    player: str
    character: str
    cards: int


@dataclass(frozen=True)
class FightResolved(Event):
    kind = "fight_resolved"
    character: str
    location: int
    card: str
    die: Face | None
    reroll: Face | None
    bonus: int
    won: bool
    remote: bool = False
    sword: bool = False


@dataclass(frozen=True)
class LocationCleared(Event):
    kind = "location_cleared"
    location: int
    card: str


@dataclass(frozen=True)
class RewardTaken(Event):
    kind = "reward_taken"
    card: str
    option: tuple[str, ...]


@dataclass(frozen=True)
class ArtefactDrawn(Event):
    kind = "artefact_drawn"
    #: None when the brown deck was empty
    artefact: str | None


@dataclass(frozen=True)
class ArtefactUsed(Event):
    kind = "artefact_used"
    artefact: str


@dataclass(frozen=True)
class RelicGained(Event):
    kind = "relic_gained"
    relic: str


@dataclass(frozen=True)
class RelicUsed(Event):
    kind = "relic_used"
    relic: str


@dataclass(frozen=True)
class ClueOwed(Event):
    kind = "clue_owed"


@dataclass(frozen=True)
class ClueGiven(Event):
    """The game master's answer, public from now on: the rune of `letter`, or None (no rune)."""

    kind = "clue_given"
    letter: str
    rune: str | None
    #: paid with an owed clue (a special enemy's reward) rather than an artefact
    owed: bool


@dataclass(frozen=True)
class LettersSwapped(Event):
    kind = "letters_swapped"
    a: str
    b: str


@dataclass(frozen=True)
class GateAttempted(Event):
    kind = "gate_attempted"
    cubes: int
    success: bool
    #: letters on their own rune, when the feedback setting is "count"
    correct: int | None


@dataclass(frozen=True)
class ActionsEnded(Event):
    kind = "actions_ended"
    player: str


@dataclass(frozen=True)
class RedMoonStruck(Event):
    """The red-moon action turn is over: the ring drops by the danger lying at the locations."""

    kind = "red_moon_struck"
    danger: int


@dataclass(frozen=True)
class DrawAnnounced(Event):
    kind = "draw_announced"
    player: str
    count: int
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardDrawn(Event):
    kind = "card_drawn"
    player: str
    card: str


@dataclass(frozen=True)
class RedMoonIgnored(Event):
    kind = "red_moon_ignored"


@dataclass(frozen=True)
class DrawFinished(Event):
    kind = "draw_finished"


@dataclass(frozen=True)
class GameWon(Event):
    kind = "game_won"


@dataclass(frozen=True)
class GameLost(Event):
    kind = "game_lost"
    #: "moon" (the ring reached the red moon) or "pile" (no card to draw)
    reason: str


@dataclass(frozen=True)
class DieRolled(Event):
    kind = "die_rolled"
    face: Face


EVENTS = catalog(
    GameStarted, DealingTo, LayoutBegun, LettersBegun, LetterLaid, HandDealt, LocationFilled, TurnStarted, CharacterChosen, Passed, SpecialUsed, ActionUsed,
    CharacterMoved, MoonMoved, CubesChanged, HelpPlayed, FightResolved, LocationCleared, RewardTaken,
    ArtefactDrawn, ArtefactUsed, RelicGained, RelicUsed, ClueOwed, ClueGiven, LettersSwapped, GateAttempted,
    ActionsEnded, RedMoonStruck, DrawAnnounced, CardDrawn, RedMoonIgnored, DrawFinished, GameWon, GameLost,
    DieRolled,
)
