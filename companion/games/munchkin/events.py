"""What can happen in a Munchkin game. Only these change its state (state.py, `evolve`).

Events name cards by catalogue id (None for a card typed in) and carry the numbers typed, so the
state they build is the same on every replay. Monsters and items in play get a number (`uid`).
Nothing here is secret: the hands stay in the players' hands (the companion counts them), and all
it records lies open on the table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.records import Event, catalog


@dataclass(frozen=True)
class GameStarted(Event):
    kind = "game_started"
    players: tuple[str, ...]
    settings: dict[str, Any]


@dataclass(frozen=True)
class HandDealt(Event):
    """A fresh hand: at the start, and at the first turn after a death."""

    kind = "hand_dealt"
    seat: str
    count: int


@dataclass(frozen=True)
class TurnStarted(Event):
    kind = "turn_started"
    seat: str


@dataclass(frozen=True)
class Revived(Event):
    """A dead player's new character appears (facts §2.6: when the next turn starts)."""

    kind = "revived"
    seat: str


@dataclass(frozen=True)
class HandChanged(Event):
    kind = "hand_changed"
    seat: str
    delta: int
    #: door | loot | played | tailor | looted | treasure | lost (a curse or bad stuff) | taken (a card of a victim's hand, as its bad stuff
    #: says) | ability (discarded for a class or race ability)
    why: str


@dataclass(frozen=True)
class HandCounted(Event):
    kind = "hand_counted"
    seat: str
    count: int


@dataclass(frozen=True)
class DoorOpened(Event):
    kind = "door_opened"
    seat: str
    #: monster | curse | other
    what: str
    card: str | None
    name: str


@dataclass(frozen=True)
class CombatStarted(Event):
    kind = "combat_started"
    fighter: str
    #: door (kicked open) | trouble (looked for)
    how: str


@dataclass(frozen=True)
class MonsterAppeared(Event):
    kind = "monster_appeared"
    uid: int
    by: str
    card: str | None
    name: str
    level: int
    treasures: int
    levels: int
    wandering: bool = False
    #: Mate: the monster this one is a copy of (enhancers played later count on both)
    mate_of: int | None = None


@dataclass(frozen=True)
class MonsterEnhanced(Event):
    kind = "monster_enhanced"
    uid: int
    by: str
    card: str | None
    name: str
    bonus: int
    treasures: int = 0


@dataclass(frozen=True)
class MonsterRemoved(Event):
    kind = "monster_removed"
    uid: int
    by: str


@dataclass(frozen=True)
class PlayersBoosted(Event):
    kind = "players_boosted"
    by: str
    card: str | None
    name: str
    bonus: int


@dataclass(frozen=True)
class HelperJoined(Event):
    kind = "helper_joined"
    seat: str
    bribe: str | None = None


@dataclass(frozen=True)
class HelperLeft(Event):
    kind = "helper_left"
    seat: str


@dataclass(frozen=True)
class MonstersKilled(Event):
    kind = "monsters_killed"
    fighter: str
    helper: str | None
    uids: tuple[int, ...]
    levels: int
    treasures: int


@dataclass(frozen=True)
class LevelChanged(Event):
    kind = "level_changed"
    seat: str
    source: int
    to: int
    #: kill | helper | go_up | sold | curse | bad_stuff | adjust
    why: str


@dataclass(frozen=True)
class TreasuresDrawn(Event):
    kind = "treasures_drawn"
    seat: str
    count: int
    face_up: bool


@dataclass(frozen=True)
class RanAway(Event):
    kind = "ran_away"
    fighter: str
    helper: str | None


@dataclass(frozen=True)
class Escaped(Event):
    kind = "escaped"
    seat: str
    uid: int
    die: int | None
    bonus: int
    #: the monster does not pursue this level: no roll
    auto: bool = False
    loaded: int | None = None
    virtual: bool = False
    #: the card that let the player escape without (or despite) the roll: Instant Wall, Invisibility Potion
    card: str | None = None


@dataclass(frozen=True)
class Caught(Event):
    kind = "caught"
    seat: str
    uid: int
    die: int
    bonus: int
    loaded: int | None = None
    virtual: bool = False


@dataclass(frozen=True)
class CursePlayed(Event):
    kind = "curse_played"
    by: str
    target: str
    card: str | None
    name: str


@dataclass(frozen=True)
class CurseStays(Event):
    """A lasting curse lies in front of its victim until lifted."""

    kind = "curse_stays"
    seat: str
    uid: int
    card: str | None
    name: str
    combat: int
    run: int


@dataclass(frozen=True)
class CurseLifted(Event):
    kind = "curse_lifted"
    seat: str
    uid: int


@dataclass(frozen=True)
class ChoiceOwed(Event):
    """A curse or bad stuff takes `count` of several things that qualify: the victim chooses."""

    kind = "choice_owed"
    seat: str
    source: str
    #: what is lost: headgear | armour | footgear | hand | big | item | class | race | things (items and cards of the hand)
    lose: str
    count: int
    #: another player who picks (the card says so), and who picks after them
    chooser: str | None = None
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChoiceMade(Event):
    kind = "choice_made"
    seat: str


@dataclass(frozen=True)
class Died(Event):
    kind = "died"
    seat: str


@dataclass(frozen=True)
class Looted(Event):
    """One looter's share of a dead body: an item, a hand card, or (neither) nothing."""

    kind = "looted"
    dead: str
    looter: str
    item: int | None = None
    hand: bool = False


@dataclass(frozen=True)
class BodyCleared(Event):
    """The rest of a dead body is discarded."""

    kind = "body_cleared"
    dead: str


@dataclass(frozen=True)
class CombatEnded(Event):
    kind = "combat_ended"
    #: kill | ran
    outcome: str


@dataclass(frozen=True)
class PhaseEntered(Event):
    kind = "phase_entered"
    phase: str


@dataclass(frozen=True)
class ItemPlayed(Event):
    kind = "item_played"
    seat: str
    uid: int
    card: str | None
    name: str
    bonus: int
    slot: str
    big: bool
    gold: int
    one_shot: bool
    equipped: bool


@dataclass(frozen=True)
class ItemEquipped(Event):
    kind = "item_equipped"
    seat: str
    uid: int


@dataclass(frozen=True)
class ItemCarried(Event):
    kind = "item_carried"
    seat: str
    uid: int


@dataclass(frozen=True)
class ItemDiscarded(Event):
    kind = "item_discarded"
    seat: str
    uid: int
    #: used (a one-shot) | lost (curse, bad stuff) | discarded
    why: str


@dataclass(frozen=True)
class ItemGiven(Event):
    kind = "item_given"
    seat: str
    uid: int
    to: str


@dataclass(frozen=True)
class ItemsSold(Event):
    kind = "items_sold"
    seat: str
    items: tuple[int, ...]
    #: cards sold from the hand
    hand_cards: int
    gold: int
    levels: int
    #: the most valuable item counted double (the Halfling's sale, once a turn)
    doubled: bool = False


@dataclass(frozen=True)
class RoleTaken(Event):
    kind = "role_taken"
    seat: str
    role: str


@dataclass(frozen=True)
class AbilityUsed(Event):
    """Cards discarded for a class or race ability: a bonus (berserk, turning, backstab) or a monster charmed away."""

    kind = "ability_used"
    seat: str
    #: the class or race card whose ability it is
    role: str
    #: berserk | turning | backstab | charm
    power: str
    cards: int
    #: what the players' side gains (backstab: negative)
    bonus: int = 0
    target: str | None = None


@dataclass(frozen=True)
class SexSet(Event):
    kind = "sex_set"
    seat: str
    sex: str


@dataclass(frozen=True)
class CardPlayed(Event):
    """A card the table does by hand left the hand (the companion only counts it)."""

    kind = "card_played"
    seat: str
    card: str


@dataclass(frozen=True)
class ItemBeyondRules(Event):
    """An item is equipped beyond what the rules allow: by Cheat! (even one its owner may not use), or
    carried by a Hireling (beyond the slots and the one Big item)."""

    kind = "item_beyond_rules"
    seat: str
    uid: int
    #: cheat | hireling
    by: str


@dataclass(frozen=True)
class FightTransferred(Event):
    """Another player fights the monsters instead (Transferral Potion); a helper leaves."""

    kind = "fight_transferred"
    seat: str


@dataclass(frozen=True)
class RollAgain(Event):
    """A player who escaped a monster must roll against it again (Flask of Glue)."""

    kind = "roll_again"
    seat: str
    uid: int


@dataclass(frozen=True)
class RoleLost(Event):
    kind = "role_lost"
    seat: str
    role: str


@dataclass(frozen=True)
class CharityGiven(Event):
    kind = "charity_given"
    seat: str
    gifts: dict[str, int]
    discarded: int


@dataclass(frozen=True)
class TurnEnded(Event):
    kind = "turn_ended"
    seat: str


@dataclass(frozen=True)
class GameWon(Event):
    kind = "game_won"
    winners: tuple[str, ...]


@dataclass(frozen=True)
class DieRolled(Event):
    kind = "die_rolled"
    face: int


EVENTS = catalog(
    GameStarted, HandDealt, TurnStarted, Revived, HandChanged, HandCounted, DoorOpened, CombatStarted, MonsterAppeared,
    MonsterEnhanced, MonsterRemoved, PlayersBoosted, HelperJoined, HelperLeft, MonstersKilled, LevelChanged, TreasuresDrawn, RanAway,
    Escaped, Caught, CursePlayed, CurseStays, CurseLifted, ChoiceOwed, ChoiceMade, Died, Looted, BodyCleared,
    CombatEnded, PhaseEntered, ItemPlayed, ItemEquipped, ItemCarried, ItemDiscarded, ItemGiven, ItemsSold, RoleTaken,
    RoleLost, CharityGiven, TurnEnded, GameWon, DieRolled, AbilityUsed, CardPlayed, SexSet, ItemBeyondRules, FightTransferred, RollAgain,
)
