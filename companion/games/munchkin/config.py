"""Munchkin as data: the table's numbers and the card catalogue.

The settings schema (`MunchkinSettings`) declares every key with its type, range, label and help; the
values are in data/default.toml; a table overrides any of them at `start`. Cards are data too: the
base set card by card in data/base-set.toml (its edition in its header: names as each edition prints
them, numbers, what the table does by hand), the seed's examples in data/default.toml; a table adds
its own under `house` (same tables, same fields; a house card with a catalogue card's id corrects it)
without restating the catalogue. A bad card is named by its id ("monsters.plutonium-dragon.level").

`Config` is what the rules read, built from checked settings: a bad value is a RuleError naming the key.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from pydantic import Field, model_validator

from companion.errors import RuleError
from companion.i18n import N_
from companion.messages import M, Message
from companion.settings import DefaultSettings, Section, SettingProblem, validated

#: equipment slots (seed §Gegenstände: 1 headgear, 1 armour, 1 footgear, two hands); "none" takes no slot
SLOTS = ("headgear", "armour", "footgear", "hand", "hands", "none")
Slot = Literal["headgear", "armour", "footgear", "hand", "hands", "none"]
#: a character's sex, as cards name it (an item "only for females", a monster's bonus against males)
SEXES = ("male", "female")
#: what a curse or bad stuff can take away
Loss = Literal["nothing", "headgear", "armour", "footgear", "hand", "big", "item", "class", "race"]
#: what a choice owed can be about: a loss above, or ("things") items and cards of the hand together
#: what a special card does when played ("other": the table does it by hand; the companion counts the card)
Does = Literal["go_up", "wandering", "super_munchkin", "half_breed", "other"]
#: what the companion applies when a card is played with `play` (none: the table does its text by hand; the companion counts it):
#: every Cleric up a level; 3 more treasures; a level taken from another player; a monster sent away for 2 treasures; a monster's
#: mate; a monster replaced from the hand; an item equipped beyond the rules; the fighter's strength doubled; up to two players
#: escape; a card from the discards; a curse lifted; another player fights instead; an escaped player rolls again; a caught roll
#: escapes after all (played with `roll`); another player's item taken by the fighter and used
Applies = Literal["", "clerics_up", "hoard", "steal_level", "out_to_lunch", "mate", "illusion", "cheat", "double", "wall", "dowse", "lift",
                  "transfer", "glue", "invisibility", "borrow"]


# -- the schema -----------------------------------------------------------------------------------------
class TableSettings(Section):
    start_door: int = Field(ge=0, le=8, title=N_("Door cards to start"),
                            description=N_("Door cards each player is dealt at the start (and after dying); current rules 4, older Pegasus sets 2."))
    start_treasure: int = Field(ge=0, le=8, title=N_("Treasure cards to start"),
                                description=N_("Treasure cards each player is dealt at the start (and after dying); current rules 4, older Pegasus sets 2."))
    hand_limit: int = Field(ge=1, le=12, title=N_("Hand limit"),
                            description=N_("Cards a hand may keep at the end of a turn (Charity gives away the rest); the rules: 5. "
                                           "A card such as the Dwarf may raise it."))
    winning_level: int = Field(ge=2, le=20, title=N_("Winning level"),
                               description=N_("The level that wins; the rules: 10, reached only by killing a monster."))


class CombatSettings(Section):
    escape_on: int = Field(ge=1, le=7, title=N_("Escape on"),
                           description=N_("A run-away roll (one d6, plus its modifiers) of at least this escapes; the rules: 5."))
    gold_per_level: int = Field(ge=100, le=10_000, title=N_("Gold per level"),
                                description=N_("Gold pieces of items sold for one level, no change given; the rules: 1000."))


class EffectSettings(Section):
    """What a curse or a monster's bad stuff does; anything else goes in `text` for the table to do."""

    levels: int = Field(default=0, ge=0, le=10)
    lose: Loss = "nothing"
    count: int = Field(default=1, ge=1, le=10)
    #: levels lost instead when there is nothing of that kind to lose
    or_levels: int = Field(default=0, ge=0, le=10)
    death: bool = False
    #: a lasting curse: this modifier in every combat, to every run-away roll, until removed
    combat: int = Field(default=0, ge=-20, le=20)
    run: int = Field(default=0, ge=-6, le=6)
    lasting: bool = False
    #: cards lost from the hand (a curse "lose two cards"), or the whole hand
    cards: int = Field(default=0, ge=0, le=10)
    whole_hand: bool = False
    #: the victim's character changes sex (a curse)
    change_sex: bool = False
    #: a die is rolled for it: lose that many levels ("levels"), or that many items or cards of the hand, the victim's choice ("things")
    roll: Literal["none", "levels", "things"] = "none"
    #: that roll kills on this face or lower (0: never)
    roll_death: int = Field(default=0, ge=0, le=6)
    #: where the cards lost from the hand go: the discards; one to each other living player, highest level first (as many as there
    #: are, `cards` not needed); or to the players to the left and to the right, in turn
    cards_to: Literal["discard", "others", "left_right"] = "discard"
    #: who picks the items it takes: the victim, or the players to the left and to the right, one each
    chooser: Literal["victim", "left_right"] = "victim"


class CardSettings(Section):
    """What every card has: its id (what a tag is enrolled as), its English name, the names each edition
    prints (`names`: {"en": …, "de": …}; `name` defaults to the English one), how many are in the box,
    and what the table does by hand (`text`, in our own words)."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    names: dict[str, str] = Field(default_factory=dict)
    copies: int = Field(default=1, ge=1, le=10)
    text: str = ""

    @model_validator(mode="before")
    @classmethod
    def _english_name(cls, data: Any) -> Any:
        if isinstance(data, dict) and "name" not in data and isinstance(data.get("names"), dict) and "en" in data["names"]:
            return {**data, "name": data["names"]["en"]}
        return data


class MonsterSettings(CardSettings):
    level: int = Field(ge=0, le=100)
    treasures: int = Field(default=1, ge=0, le=10)
    #: levels a kill gives (1, or 2 for some big monsters)
    levels: int = Field(default=1, ge=0, le=5)
    #: the monster's bonus against a class or race (by its id): {"thief": 2}
    bonus: dict[str, int] = Field(default_factory=dict)
    #: modifier to every run-away roll against this monster
    run: int = Field(default=0, ge=-6, le=6)
    #: it does not pursue anyone of this level or lower (0: pursues everyone)
    wont_pursue: int = Field(default=0, ge=0, le=20)
    #: a Cleric's turning counts against it
    undead: bool = False
    bad_stuff: EffectSettings = Field(default_factory=EffectSettings)


class ItemSettings(CardSettings):
    bonus: int = Field(default=0, ge=-20, le=20)
    slot: Slot = "none"
    big: bool = False
    gold: int = Field(default=0, ge=0, le=10_000)
    one_shot: bool = False
    #: works only for a seat with this class or race (by its id), or of this sex (male, female)
    only: str | None = None
    #: not usable by a seat with this class or race (by its id): "Not for Wizards"
    not_for: str | None = None
    #: usable only by a human: a seat with no race card ("Humans only")
    humans_only: bool = False
    #: modifier to its owner's run-away rolls while equipped
    run: int = Field(default=0, ge=-6, le=6)
    #: a one-shot that sets a die to any face after the roll (the seed's loaded die)
    sets_die: bool = False
    #: a one-shot that takes a monster out of the fight (no level, no treasure)
    removes: bool = False
    #: what the companion applies when the card is played (see `Applies`)
    applies: Applies = ""
    #: an ally that carries one more item for its owner, equipped beyond the slots and the one Big item (the Hireling)
    carries: bool = False


class CurseSettings(CardSettings):
    effect: EffectSettings = Field(default_factory=EffectSettings)

    @model_validator(mode="after")
    def _no_death(self) -> CurseSettings:
        # deaths come from bad stuff, while running away; a curse that kills is done by hand
        if self.effect.death:
            raise SettingProblem(M("a curse that kills is not modelled: leave death to bad stuff"), field="effect.death")
        return self


class EnhancerSettings(CardSettings):
    bonus: int = Field(ge=-50, le=50)
    #: extra treasures when the enhanced monster is killed (negative: fewer)
    treasures: int = Field(default=0, ge=-10, le=10)


class RoleSettings(CardSettings):
    """A class or a race card and the abilities of it the companion applies."""

    kind: Literal["class", "race"]
    wins_ties: bool = False
    #: as a helper, gains a level for every monster killed
    helper_levels: bool = False
    run: int = Field(default=0, ge=-6, le=6)
    hand_limit: int | None = Field(default=None, ge=1, le=12)
    #: may have any number of Big items in play
    big_items: bool = False
    #: combat bonus while no armour is equipped (the seed's Schneider)
    unarmoured: int = Field(default=0, ge=0, le=10)
    #: may take a curse kicked open into the hand by discarding this many cards (0: no)
    curse_to_hand: int = Field(default=0, ge=0, le=10)
    #: in a fight, each card discarded (up to `DISCARDS`) gives the players this much (Warrior's berserking)
    berserk: int = Field(default=0, ge=0, le=10)
    #: likewise, but only against an undead monster (Cleric's turning)
    turning: int = Field(default=0, ge=0, le=10)
    #: each card discarded (up to `DISCARDS`) after a run-away roll adds this to it (Wizard's flight spell)
    flight: int = Field(default=0, ge=0, le=6)
    #: a card discarded takes this much off another player in the fight, once per fight each (Thief's backstab)
    backstab: int = Field(default=0, ge=0, le=10)
    #: discarding the whole hand, at least this many cards, sends one monster away with its treasure (Wizard's charm; 0: no)
    charm: int = Field(default=0, ge=0, le=10)
    #: one item a turn sells for double (Halfling)
    sells_double: bool = False
    #: a failed first run-away roll is rolled again, once, for a card discarded (Halfling)
    reroll: bool = False


class SpecialSettings(CardSettings):
    does: Does
    #: a level-gaining card that says it may give the winning level
    can_win: bool = False
    #: which deck the card comes from (Go Up a Level: treasure; the others: door)
    deck: Literal["door", "treasure", ""] = ""
    #: what the companion applies when the card is played (`does = "other"`; see `Applies`)
    applies: Applies = ""
    #: a Go Up a Level played only while an item of this id is in play, which it discards (Kill the Hireling)
    discards: str | None = None


class HouseCards(Section):
    monsters: list[MonsterSettings] = Field(default_factory=list, title=N_("The table's monsters"))
    items: list[ItemSettings] = Field(default_factory=list, title=N_("The table's items"))
    curses: list[CurseSettings] = Field(default_factory=list, title=N_("The table's curses"))
    enhancers: list[EnhancerSettings] = Field(default_factory=list, title=N_("The table's monster enhancers"))
    roles: list[RoleSettings] = Field(default_factory=list, title=N_("The table's classes and races"))
    specials: list[SpecialSettings] = Field(default_factory=list, title=N_("The table's other cards"))


def _cards(title: str, help_text: str) -> Any:
    return Field(title=title, description=help_text)


class MunchkinSettings(Section):
    table: TableSettings = Field(title=N_("The table"))
    combat: CombatSettings = Field(title=N_("Combat and selling"))
    monsters: list[MonsterSettings] = _cards(N_("Monsters"), N_("id, name, level, treasures, levels, bonus, run, wont_pursue, bad_stuff."))
    items: list[ItemSettings] = _cards(N_("Items"), N_("id, name, bonus, slot, big, gold, one_shot, only, not_for, humans_only, run, sets_die."))
    curses: list[CurseSettings] = _cards(N_("Curses"), N_("id, name, effect (levels, lose, count, or_levels, combat, run, lasting)."))
    enhancers: list[EnhancerSettings] = _cards(N_("Monster enhancers"), N_("id, name, bonus, extra treasures."))
    roles: list[RoleSettings] = _cards(N_("Classes and races"), N_("id, name, kind (class or race) and the abilities the companion applies."))
    specials: list[SpecialSettings] = _cards(N_("Other cards"), N_("Go Up a Level, Wandering Monster, Super Munchkin, Half-Breed: id, name, what it does."))
    house: HouseCards = Field(title=N_("The table's own cards"),
                              description=N_("Cards a table adds, with the same fields; a card with a catalogue id replaces it."))

    @model_validator(mode="after")
    def _ids(self) -> MunchkinSettings:
        kind_of: dict[str, str] = {}
        lists = [(kind, kind, getattr(self, kind)) for kind in KINDS] + [(kind, f"house.{kind}", getattr(self.house, kind)) for kind in KINDS]
        for kind, prefix, entries in lists:  # the catalogue first, then the house cards laid over it
            ids = [entry.id for entry in entries]
            for i, card_id in enumerate(ids):
                if card_id in ids[:i] or kind_of.get(card_id, kind) != kind:  # a house card may replace one of its own kind
                    raise SettingProblem(M("\"{id}\" is used twice", id=card_id), key=f"{prefix}.{i}.id")
                kind_of[card_id] = kind
        roles = {r.id for r in [*self.roles, *self.house.roles]}
        for kind in ("monsters", "items"):
            for prefix, entries in ((kind, getattr(self, kind)), (f"house.{kind}", getattr(self.house, kind))):
                for i, entry in enumerate(entries):
                    named = [*entry.bonus] if isinstance(entry, MonsterSettings) else [r for r in (entry.only, entry.not_for) if r]
                    unknown = [role for role in named if role not in roles and role not in SEXES]
                    if unknown:
                        raise SettingProblem(M("no class or race \"{id}\"", id=unknown[0]), key=f"{prefix}.{i}")
        return self


KINDS = ("monsters", "items", "curses", "enhancers", "roles", "specials")


# -- what the rules read ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Effect:
    levels: int = 0
    lose: str = "nothing"
    count: int = 1
    or_levels: int = 0
    death: bool = False
    combat: int = 0
    run: int = 0
    lasting: bool = False
    cards: int = 0
    whole_hand: bool = False
    change_sex: bool = False
    roll: str = "none"
    roll_death: int = 0
    cards_to: str = "discard"
    chooser: str = "victim"

    @property
    def stays(self) -> bool:
        """A lasting curse stays in effect (on the victim's table) until removed."""
        return self.lasting or bool(self.combat) or bool(self.run)


@dataclass(frozen=True)
class Printed:
    """What every card has: the names each edition prints, the copies in the box, what the table does by hand."""

    names: Mapping[str, str] = field(default_factory=dict, kw_only=True)
    copies: int = field(default=1, kw_only=True)
    text: str = field(default="", kw_only=True)


@dataclass(frozen=True)
class MonsterCard(Printed):
    id: str
    name: str
    level: int
    treasures: int = 1
    levels: int = 1
    bonus: tuple[tuple[str, int], ...] = ()
    run: int = 0
    wont_pursue: int = 0
    undead: bool = False
    bad_stuff: Effect = Effect()


@dataclass(frozen=True)
class ItemCard(Printed):
    id: str
    name: str
    bonus: int = 0
    slot: str = "none"
    big: bool = False
    gold: int = 0
    one_shot: bool = False
    only: str | None = None
    not_for: str | None = None
    humans_only: bool = False
    run: int = 0
    sets_die: bool = False
    removes: bool = False
    applies: str = ""
    carries: bool = False

    @property
    def by_hand(self) -> bool:
        """A one-shot whose effect the companion does not model (no bonus, no die set, no monster sent
        away, nothing applied): the table does what its text says, the companion counts it out of the hand."""
        return self.one_shot and not self.bonus and not self.sets_die and not self.removes and not self.applies

    @property
    def played(self) -> bool:
        """A one-shot played with `play` (by hand, or applied)."""
        return self.by_hand or (self.one_shot and self.applies not in ("", "invisibility"))


@dataclass(frozen=True)
class CurseCard(Printed):
    id: str
    name: str
    effect: Effect = Effect()


@dataclass(frozen=True)
class EnhancerCard(Printed):
    id: str
    name: str
    bonus: int
    treasures: int = 0


@dataclass(frozen=True)
class Role(Printed):
    id: str
    name: str
    kind: str
    wins_ties: bool = False
    helper_levels: bool = False
    run: int = 0
    hand_limit: int | None = None
    big_items: bool = False
    unarmoured: int = 0
    curse_to_hand: int = 0
    berserk: int = 0
    turning: int = 0
    flight: int = 0
    backstab: int = 0
    charm: int = 0
    sells_double: bool = False
    reroll: bool = False


@dataclass(frozen=True)
class SpecialCard(Printed):
    id: str
    name: str
    does: str
    can_win: bool = False
    deck: str = ""
    applies: str = ""
    discards: str | None = None


Card = MonsterCard | ItemCard | CurseCard | EnhancerCard | Role | SpecialCard


@dataclass(frozen=True)
class Config:
    start_door: int
    start_treasure: int
    hand_limit: int
    winning_level: int
    escape_on: int
    gold_per_level: int
    monsters: dict[str, MonsterCard]
    items: dict[str, ItemCard]
    curses: dict[str, CurseCard]
    enhancers: dict[str, EnhancerCard]
    roles: dict[str, Role]
    specials: dict[str, SpecialCard]

    @property
    def start_hand(self) -> int:
        return self.start_door + self.start_treasure

    def card(self, card_id: str) -> Card | None:
        for kind in (self.monsters, self.items, self.curses, self.enhancers, self.roles, self.specials):
            if card_id in kind:
                found: Card = kind[card_id]
                return found
        return None

    def special(self, does: str) -> SpecialCard | None:
        """The first catalogue card that does this (the Wandering Monster card), if the catalogue has one."""
        return next((s for s in self.specials.values() if s.does == does), None)

    @classmethod
    def from_settings(cls, settings: object) -> Config:
        return _config(json.dumps(settings, sort_keys=True))


@cache
def _config(settings_json: str) -> Config:
    """Checked once per distinct settings: replay builds the same Config from every GameStarted."""
    data = json.loads(settings_json)
    try:
        s = validated(MunchkinSettings, data)
    except RuleError as problem:
        raise _naming_the_card(problem, data) from None
    house = s.house
    return Config(
        start_door=s.table.start_door, start_treasure=s.table.start_treasure, hand_limit=s.table.hand_limit,
        winning_level=s.table.winning_level, escape_on=s.combat.escape_on, gold_per_level=s.combat.gold_per_level,
        monsters={m.id: _monster(m) for m in [*s.monsters, *house.monsters]},
        items={i.id: ItemCard(**i.model_dump()) for i in [*s.items, *house.items]},
        curses={c.id: CurseCard(**{**c.model_dump(), "effect": _effect(c.effect)}) for c in [*s.curses, *house.curses]},
        enhancers={e.id: EnhancerCard(**e.model_dump()) for e in [*s.enhancers, *house.enhancers]},
        roles={r.id: Role(**r.model_dump()) for r in [*s.roles, *house.roles]},
        specials={x.id: SpecialCard(**x.model_dump()) for x in [*s.specials, *house.specials]},
    )


def _effect(e: EffectSettings) -> Effect:
    return Effect(**e.model_dump())


def _monster(m: MonsterSettings) -> MonsterCard:
    return MonsterCard(**{**m.model_dump(), "bonus": tuple(sorted(m.bonus.items())), "bad_stuff": _effect(m.bad_stuff)})


def _naming_the_card(problem: RuleError, data: Any) -> RuleError:
    """"monsters.12.level" says less than "monsters.plutonium-dragon.level": a bad card is named by its id."""
    text = problem.text
    key = text.args.get("key") if isinstance(text, Message) else None
    parts = key.split(".") if isinstance(key, str) else []
    at = 1 if parts[:1] == ["house"] else 0
    if len(parts) > at + 1 and parts[at] in KINDS and parts[at + 1].isdigit():
        cards = (data.get("house") or {}).get(parts[at]) if at else data.get(parts[at])
        index = int(parts[at + 1])
        card = cards[index] if isinstance(cards, list) and index < len(cards) else None
        if isinstance(card, dict) and isinstance(card.get("id"), str):
            parts[at + 1] = card["id"]
            assert isinstance(text, Message)
            return RuleError(problem.code, Message(text.id, {**text.args, "key": ".".join(parts)}))
    return problem


#: the data files of the catalogue: the seed's example cards and the base set, card by card
DEFAULTS, BASE_SET = "data/default.toml", "data/base-set.toml"
#: the edition the base set's data describes (its file's header says more)
EDITION = "Munchkin (Steve Jackson Games, 2001+), German edition: Pegasus Spiele"


#: data/default.toml, its card lists followed by the base set's cards (data/base-set.toml);
#: `default_settings.with_overrides(...)`: a table's settings laid over them
default_settings = DefaultSettings(__package__, (DEFAULTS, BASE_SET))


@cache
def default_config() -> Config:
    return Config.from_settings(default_settings())
