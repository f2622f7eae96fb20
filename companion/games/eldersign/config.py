"""Elder Sign as data: the Ancient Ones, the investigators, the adventure and Mythos cards, the clock,
the Entrance, the dice.

The settings schema (`ElderSignSettings`) declares every key with its type, range, label and help; the
values are in data/default.toml and, for the cards of the published base game, data/cards.toml (facts
file §1 and the public lists it names, with their confidence labels; the uncertain ones are marked
"check your card"); a table overrides any of them at `start` (its TOML file in tables/eldersign/). `Config` is what the rules read,
built from checked settings: a bad value is a RuleError naming the key.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

from pydantic import Field, model_validator

from companion.errors import RuleError
from companion.games.eldersign.odds.engine import Terror
from companion.games.eldersign.odds.tasks import Adventure, Box, Task, parse_adventure
from companion.i18n import N_
from companion.messages import M, Names
from companion.settings import DefaultSettings, Section, SettingProblem, validated

ENTRANCE = "entrance"
#: what an investigator holds, counted (the cards stay on the table)
POSSESSIONS = ("clues", "common", "unique", "spells", "allies", "trophies")
#: what an investigator may take as a starting item of the player's choice
CHOOSABLE = ("common", "unique", "spells")
#: what of an investigator's ability the companion applies (README.md, "Abilities"); "": the table does
Power = Literal["", "terror-to-lore", "terror-to-peril", "unlocked", "science", "daily-sanity", "daily-stamina", "other-world-dice",
                "many-tasks", "extra-spells", "extra-common", "extra-unique", "free-reroll", "raise-investigation", "daily-reroll",
                "swap-gains"]
AncientPower = Literal["", "yig", "ithaqua", "yog-sothoth", "shub-niggurath"]
STATS = ("sanity", "stamina", *POSSESSIONS)


# -- the schema ----------------------------------------------------------------------------------------
class TableSettings(Section):
    players: int = Field(ge=1, le=8, title=N_("Investigators"), description=N_("Players at the table, one investigator (and seat) each: 1 to 8."))
    green_dice: int = Field(ge=1, le=9, title=N_("Green dice"), description=N_("Green dice in the pool before any is locked (the box has 6)."))
    companion_dice: bool = Field(default=False, title=N_("The companion's dice"),
                                 description=N_("The companion rolls the dice as soon as they are due (seeded), says the faces and shows "
                                                "them on the ring; what the table says of its dice then does not matter. Off: the "
                                                "players roll their own dice."))
    dice_entry: Literal["results", "faces"] = Field(
        default="results", title=N_("What the table says of its dice"),
        description=N_("Only what each roll did (a task done, a die lost, a die held, Terror), the table resolving it on the "
                       "cardboard; or the faces of every roll, each counted by buttons: up to three times the presses, and the "
                       "advice plans each roll."),
        json_schema_extra={"choice_labels": {"results": N_("only what each roll did"), "faces": N_("the faces of every roll")}})


class ClockSettings(Section):
    hours_per_turn: int = Field(ge=1, le=12, title=N_("Hours per turn"),
                                description=N_("How far the clock hand moves at the end of each turn; midnight follows the turn that reaches or passes 12."))


class EntranceSettings(Section):
    first_aid: int = Field(ge=0, le=5, title=N_("First aid"),
                           description=N_("Sanity or stamina one free Entrance visit restores (the reference sheet: 1, one or the other)."))
    common: int = Field(ge=0, le=50, title=N_("Common item price"), description=N_("Trophies the Entrance asks for a Common Item."))
    unique: int = Field(ge=0, le=50, title=N_("Unique item price"), description=N_("Trophies the Entrance asks for a Unique Item."))
    spells: int = Field(ge=0, le=50, title=N_("Spell price"), description=N_("Trophies the Entrance asks for a Spell."))
    allies: int = Field(ge=0, le=50, title=N_("Ally price"), description=N_("Trophies the Entrance asks for an Ally."))
    clues: int = Field(ge=0, le=50, title=N_("Clue price"), description=N_("Trophies the Entrance asks for a Clue token."))
    elder_signs: int = Field(ge=0, le=50, title=N_("Elder Sign price"),
                             description=N_("Trophies for an Elder Sign, as early printings allowed; 0: not for sale (later rules)."))


class AncientOneChoice(Section):
    id: str = Field(min_length=1, title=N_("Ancient One"), description=N_("Which Ancient One (an id from the ancient_ones list)."))
    doom: int = Field(ge=0, le=30, title=N_("Doom track"), description=N_("Spaces on its doom track; 0: as in its data (check your card)."))
    elder_signs: int = Field(ge=0, le=40, title=N_("Elder Signs needed"),
                             description=N_("Elder Signs that seal it; 0: as in its data (check your card)."))


class EffectSettings(Section):
    """What a card gives (positive) or takes (negative) — `text` says anything else, for the players."""

    elder_signs: int = Field(default=0, ge=-10, le=10)
    clues: int = Field(default=0, ge=-10, le=10)
    common: int = Field(default=0, ge=-10, le=10)
    unique: int = Field(default=0, ge=-10, le=10)
    spells: int = Field(default=0, ge=-10, le=10)
    allies: int = Field(default=0, ge=-10, le=10)
    sanity: int = Field(default=0, ge=-10, le=10)
    stamina: int = Field(default=0, ge=-10, le=10)
    #: trophies paid (negative) or gained; never below 0
    trophies: int = Field(default=0, ge=-10, le=10)
    doom: int = Field(default=0, ge=-10, le=10)
    monsters: int = Field(default=0, ge=0, le=10)
    text: str = ""


class AncientOneSettings(Section):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    #: the name as each edition prints it (language code -> name)
    names: dict[str, str] = Field(default_factory=dict)
    elder_signs: int = Field(ge=1, le=40)
    doom: int = Field(ge=1, le=30)
    #: doom spaces (1 = the first) showing a monster icon
    monster_spaces: list[int] = Field(default_factory=list)
    battle_task: str = ""
    attack: str = ""
    #: the attack's numbers for each investigator (sanity, stamina …); with `attack_clue`, each may
    #: discard a clue instead (the companion asks which)
    attack_effects: EffectSettings = Field(default_factory=lambda: EffectSettings())
    attack_clue: bool = False
    ability: str = ""
    power: AncientPower = ""
    awakening: Literal["battle", "lose"] = "battle"
    #: printed values confirmed by two sources (facts file §1.7); False: "check your card"
    checked: bool = False

    @model_validator(mode="after")
    def _check(self) -> AncientOneSettings:
        if any(not 1 <= space <= self.doom for space in self.monster_spaces):
            raise SettingProblem(M("monster spaces are numbered 1 to {n}", n=self.doom), field="monster_spaces")
        if self.awakening == "battle":
            _task_setting(self.battle_task or "", "battle_task", required=True)
        return self


class StartingItems(Section):
    clues: int = Field(default=0, ge=0, le=10)
    common: int = Field(default=0, ge=0, le=10)
    unique: int = Field(default=0, ge=0, le=10)
    spells: int = Field(default=0, ge=0, le=10)
    allies: int = Field(default=0, ge=0, le=10)


class InvestigatorSettings(Section):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    names: dict[str, str] = Field(default_factory=dict)
    sanity: int = Field(ge=1, le=20)
    stamina: int = Field(ge=1, le=20)
    #: the items printed on the card, and how many more of the player's choice (common, unique, spells)
    start: StartingItems = Field(default_factory=StartingItems)
    start_choice: int = Field(default=0, ge=0, le=5)
    ability: str = ""
    power: Power = ""


class LockedDice(Section):
    green: int = Field(default=0, ge=0, le=6)
    yellow: int = Field(default=0, ge=0, le=1)
    red: int = Field(default=0, ge=0, le=1)


class AdventureSettings(Section):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    names: dict[str, str] = Field(default_factory=dict)
    #: the tasks in the odds notation (docs/eldersign-odds.md)
    tasks: str = Field(min_length=1)
    terror: Literal["none", "fail", "discard"] = "none"
    #: what a Terror brings besides (doom, a monster …), once per roll
    on_terror: EffectSettings = Field(default_factory=EffectSettings)
    #: 0: not transcribed (check your card)
    trophies: int = Field(default=1, ge=0, le=10)
    other_world: bool = False
    monster_slots: int = Field(default=0, ge=0, le=4)
    locked: LockedDice = Field(default_factory=LockedDice)
    reward: EffectSettings = Field(default_factory=EffectSettings)
    penalty: EffectSettings = Field(default_factory=EffectSettings)
    entry: str = ""
    at_midnight: str = ""
    at_midnight_effects: EffectSettings = Field(default_factory=EffectSettings)
    #: trophies an investigator on it may pay at midnight instead of the losses of at_midnight_effects
    #: (the companion asks each one who has them)
    at_midnight_pay: int = Field(default=0, ge=0, le=10)
    #: "other_world": at_midnight_effects count once for each Other World in play (none: nothing)
    at_midnight_per: Literal["", "other_world"] = ""
    costs: str = ""
    #: what completing a task costs the investigator, by task number (1 = the first printed task)
    task_costs: dict[str, EffectSettings] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _tasks(self) -> AdventureSettings:
        _task_setting(self.tasks, "tasks", required=True)
        if any(not n.isdigit() or int(n) < 1 for n in self.task_costs):
            raise ValueError(M("task_costs is keyed by task number: 1 for the first printed task."))
        return self


#: whom a Mythos card's sanity and stamina strike: every investigator, those at the Entrance, the one on turn
Whom = Literal["all", "entrance", "active"]


class MythosSettings(Section):
    id: str = Field(min_length=1, max_length=60)
    name: str = Field(min_length=1, max_length=60)
    names: dict[str, str] = Field(default_factory=dict)
    doom: int = Field(default=0, ge=-10, le=10)
    monsters: int = Field(default=0, ge=0, le=10)
    elder_signs: int = Field(default=0, ge=-5, le=5)
    #: what each investigator it strikes (`whom`) gains (positive) or loses (negative) when it is drawn
    sanity: int = Field(default=0, ge=-5, le=5)
    stamina: int = Field(default=0, ge=-5, le=5)
    whom: Whom = "all"
    #: hours the clock hand moves on when it is drawn (never on to a second midnight)
    clock: int = Field(default=0, ge=0, le=9)
    #: dice locked while the card is in force (its lingering effect), on every adventure
    locked: LockedDice = Field(default_factory=LockedDice)
    text: str = ""


class MonsterSettings(Section):
    """A monster marker: the task it adds to the adventure it is placed on (odds notation)."""

    id: str = Field(min_length=1, max_length=60)
    name: str = Field(min_length=1, max_length=60)
    names: dict[str, str] = Field(default_factory=dict)
    task: str = Field(min_length=1)
    text: str = ""

    @model_validator(mode="after")
    def _task(self) -> MonsterSettings:
        parsed = _task_setting(self.task, "task", required=True)
        if parsed is not None and len(parsed.tasks) != 1:
            raise SettingProblem(M("A monster adds one task."), field="task")
        return self


class ElderSignSettings(Section):
    table: TableSettings = Field(title=N_("The table"))
    clock: ClockSettings = Field(title=N_("The clock"))
    entrance: EntranceSettings = Field(title=N_("The Entrance"), json_schema_extra={"advanced": True})
    ancient_one: AncientOneChoice = Field(title=N_("The Ancient One"))
    ancient_ones: list[AncientOneSettings] = Field(
        min_length=1, title=N_("Ancient Ones"),
        description=N_("id, name, names, elder_signs, doom, monster_spaces, battle_task, ability, power, attack, attack_effects, attack_clue, "
                       "awakening, checked."))
    investigators: list[InvestigatorSettings] = Field(min_length=1, title=N_("Investigators"),
                                                      description=N_("id, name, names, sanity, stamina, start, start_choice, ability, power."))
    adventures: list[AdventureSettings] = Field(
        min_length=1, title=N_("Adventure cards"),
        description=N_("id, name, names, tasks, terror, on_terror, trophies, other_world, monster_slots, locked, reward, penalty, entry, at_midnight, "
                       "at_midnight_effects, at_midnight_pay, at_midnight_per, costs, task_costs."))
    mythos: list[MythosSettings] = Field(min_length=1, title=N_("Mythos cards"),
                                         description=N_("id, name, names, doom, monsters, elder_signs, sanity, stamina, whom, clock, locked, text."))
    monsters: list[MonsterSettings] = Field(default_factory=list, title=N_("Monster markers"), description=N_("id, name, names, task, text."))

    @model_validator(mode="after")
    def _ids(self) -> ElderSignSettings:
        lists: dict[str, list[str]] = {"ancient_ones": [a.id for a in self.ancient_ones], "investigators": [i.id for i in self.investigators],
                                       "adventures": [a.id for a in self.adventures], "mythos": [m.id for m in self.mythos],
                                       "monsters": [m.id for m in self.monsters]}
        for key, ids in lists.items():
            seen: set[str] = set()
            for i, entry_id in enumerate(ids):
                if entry_id in seen or entry_id == ENTRANCE:
                    raise SettingProblem(M("\"{id}\" is used twice", id=entry_id), key=f"{key}.{i}.id")
                seen.add(entry_id)
        if self.ancient_one.id not in {a.id for a in self.ancient_ones}:
            raise SettingProblem(M("no Ancient One \"{id}\" in the ancient_ones list", id=self.ancient_one.id), key="ancient_one.id")
        if len(self.investigators) < self.table.players:
            raise SettingProblem(M("needs at least one investigator per player ({n})", n=self.table.players), key="investigators")
        return self


def _task_setting(text: str, field: str, required: bool) -> Adventure | None:
    if not text and not required:
        return None
    try:
        return parse_adventure(text)
    except RuleError as exc:
        raise SettingProblem(M("{problem}", problem=exc.text), field=field) from None


# -- what the rules read ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Effects:
    elder_signs: int = 0
    clues: int = 0
    common: int = 0
    unique: int = 0
    spells: int = 0
    allies: int = 0
    sanity: int = 0
    stamina: int = 0
    doom: int = 0
    monsters: int = 0
    text: str = ""
    trophies: int = 0

    @property
    def possessions(self) -> dict[str, int]:
        """The investigator's counters this changes (sanity and stamina first)."""
        keys = ("sanity", "stamina", "clues", "common", "unique", "spells", "allies", "trophies")
        return {key: getattr(self, key) for key in keys if getattr(self, key)}

    @property
    def empty(self) -> bool:
        return self == Effects()


@dataclass(frozen=True)
class Card:
    """An adventure card: its tasks in printed order (`tasks` by index, `stages` of indices: a stage's
    tasks in any order, the stages one after the other)."""

    id: str
    name: str
    notation: str
    tasks: tuple[Task, ...]
    stages: tuple[tuple[int, ...], ...]
    terror: Terror
    trophies: int
    other_world: bool
    reward: Effects
    penalty: Effects
    entry: str
    at_midnight: str
    names: Names = field(default_factory=lambda: Names({}), hash=False)
    on_terror: Effects = field(default_factory=lambda: Effects())
    monster_slots: int = 0
    #: dice locked while the card is in play: green, yellow, red
    locked: tuple[int, int, int] = (0, 0, 0)
    at_midnight_effects: Effects = field(default_factory=lambda: Effects())
    at_midnight_pay: int = 0
    #: "other_world": the midnight effects count once per Other World in play
    at_midnight_per: str = ""
    costs: str = ""
    #: what completing a task costs (facts §1.4): task index (0-based), its losses
    task_costs: tuple[tuple[int, Effects], ...] = ()

    @property
    def title(self) -> Names:
        """The name in the table's language (English when the edition's is not known)."""
        return _title(self.names, self.name)


@dataclass(frozen=True)
class AncientOne:
    id: str
    name: str
    elder_signs: int
    doom: int
    monster_spaces: tuple[int, ...]
    battle: Card | None
    attack: str
    awakening: str
    checked: bool
    names: Names = field(default_factory=lambda: Names({}), hash=False)
    ability: str = ""
    power: str = ""
    attack_effects: Effects = field(default_factory=lambda: Effects())
    attack_clue: bool = False

    @property
    def title(self) -> Names:
        return _title(self.names, self.name)


@dataclass(frozen=True)
class InvestigatorCard:
    id: str
    name: str
    sanity: int
    stamina: int
    ability: str
    names: Names = field(default_factory=lambda: Names({}), hash=False)
    #: the items printed on the card (clues, common, unique, spells, allies), and how many to choose
    start: dict[str, int] = field(default_factory=dict)
    start_choice: int = 0
    power: str = ""

    @property
    def title(self) -> Names:
        return _title(self.names, self.name)


@dataclass(frozen=True)
class MythosCard:
    id: str
    name: str
    doom: int
    monsters: int
    text: str
    names: Names = field(default_factory=lambda: Names({}), hash=False)
    #: dice locked while it is in force: green, yellow, red
    locked: tuple[int, int, int] = (0, 0, 0)
    elder_signs: int = 0
    #: sanity and stamina for each investigator it strikes (`whom`: all, entrance, active)
    sanity: int = 0
    stamina: int = 0
    whom: str = "all"
    clock: int = 0

    @property
    def title(self) -> Names:
        return _title(self.names, self.name)


@dataclass(frozen=True)
class MonsterCard:
    id: str
    name: str
    task: str
    text: str = ""
    names: Names = field(default_factory=lambda: Names({}), hash=False)

    @property
    def title(self) -> Names:
        return _title(self.names, self.name)


def _title(names: Names, name: str) -> Names:
    return Names({"en": name, **names.by_language})


@dataclass(frozen=True)
class Config:
    players: int
    green_dice: int
    hours_per_turn: int
    entrance: dict[str, int]
    first_aid: int
    ancient_one: AncientOne
    ancient_ones: dict[str, AncientOne]
    investigators: dict[str, InvestigatorCard]
    adventures: dict[str, Card]
    mythos: dict[str, MythosCard]
    monsters: dict[str, MonsterCard] = field(default_factory=dict)
    #: the companion rolls every die (setting table.companion_dice)
    companion_dice: bool = False
    #: what the table says of its rolls: "results", or "faces" (setting table.dice_entry)
    dice_entry: str = "results"

    @property
    def results_told(self) -> bool:
        """The table tells only what each roll did, never the faces (setting table.dice_entry = "results");
        with the companion's dice it says nothing of them (they say their own faces)."""
        return self.dice_entry == "results" and not self.companion_dice

    @classmethod
    def from_settings(cls, settings: object) -> Config:
        """The checked settings as the rules read them; the same settings give the same (cached) Config,
        so replaying a saved game does not check its card lists again."""
        try:
            key = json.dumps(settings, sort_keys=True)
        except (TypeError, ValueError):
            return cls._build(settings)
        return _cached_config(key)

    @classmethod
    def _build(cls, settings: object) -> Config:
        s = validated(ElderSignSettings, settings)
        ancient_ones = {a.id: _ancient_one(a) for a in s.ancient_ones}
        chosen = ancient_ones[s.ancient_one.id]
        if s.ancient_one.doom or s.ancient_one.elder_signs:
            doom = s.ancient_one.doom or chosen.doom
            chosen = replace(chosen, elder_signs=s.ancient_one.elder_signs or chosen.elder_signs, doom=doom,
                             monster_spaces=tuple(space for space in chosen.monster_spaces if space <= doom))
        prices = s.entrance.model_dump()
        first_aid = prices.pop("first_aid")
        return cls(
            players=s.table.players, green_dice=s.table.green_dice, hours_per_turn=s.clock.hours_per_turn,
            entrance=prices, first_aid=first_aid, ancient_one=chosen, ancient_ones=ancient_ones,
            investigators={i.id: _investigator(i) for i in s.investigators},
            adventures={a.id: _adventure(a) for a in s.adventures},
            mythos={m.id: _mythos(m) for m in s.mythos},
            monsters={m.id: _monster(m) for m in s.monsters}, companion_dice=s.table.companion_dice,
            dice_entry=s.table.dice_entry,
        )

    def with_own(self, kind: str, entry: dict[str, Any]) -> Config:
        """This Config with one card the table entered during the game (`own_card` checked it)."""
        if kind == "mythos":
            return replace(self, mythos={**self.mythos, entry["id"]: _mythos(MythosSettings.model_validate(entry))})
        return replace(self, monsters={**self.monsters, entry["id"]: _monster(MonsterSettings.model_validate(entry))})


def as_played(saved: dict[str, Any]) -> dict[str, Any]:
    """A saved game's settings as it was played. One saved before the setting table.dice_entry existed
    said the faces of its rolls (the only way then), so it replays with them, not with today's default."""
    table = saved.get("table")
    if isinstance(table, dict) and "dice_entry" not in table:
        return {**saved, "table": {**table, "dice_entry": "faces"}}
    return saved


@lru_cache(maxsize=16)
def _cached_config(text: str) -> Config:
    return Config._build(json.loads(text))


def card(id: str, name: str, notation: str, terror: Terror = "none", trophies: int = 0, other_world: bool = False,
         reward: Effects | None = None, penalty: Effects | None = None, entry: str = "", at_midnight: str = "") -> Card:
    """An adventure card from its notation: the tasks keep their printed order (the odds use them sorted)."""
    stages: list[tuple[int, ...]] = []
    tasks: list[Task] = []
    for stage_text in notation.upper().replace(" ", "").split(">"):
        indices = []
        for task_text in stage_text.split("|"):
            (task,) = parse_adventure(task_text).tasks
            indices.append(len(tasks))
            tasks.append(task)
        stages.append(tuple(indices))
    return Card(id, name, notation, tuple(tasks), tuple(stages), terror, trophies, other_world, reward or Effects(),
                penalty or Effects(), entry, at_midnight)


def with_task(base: Card, task: Task) -> Card:
    """The card with one more task, done in any order with the first stage (a monster on the card)."""
    stages = ((*base.stages[0], len(base.tasks)), *base.stages[1:])
    return replace(base, tasks=(*base.tasks, task), stages=stages)


def _ancient_one(a: AncientOneSettings) -> AncientOne:
    battle = card(f"battle:{a.id}", a.name, a.battle_task) if a.awakening == "battle" and a.battle_task else None
    return AncientOne(a.id, a.name, a.elder_signs, a.doom, tuple(sorted(set(a.monster_spaces))), battle, a.attack, a.awakening, a.checked,
                      Names(a.names), a.ability, a.power, _effects(a.attack_effects), a.attack_clue)


def _investigator(i: InvestigatorSettings) -> InvestigatorCard:
    start = {key: n for key, n in i.start.model_dump().items() if n}
    return InvestigatorCard(i.id, i.name, i.sanity, i.stamina, i.ability, Names(i.names), start, i.start_choice, i.power)


def _adventure(a: AdventureSettings) -> Card:
    base = card(a.id, a.name, a.tasks, a.terror, a.trophies, a.other_world, _effects(a.reward), _effects(a.penalty), a.entry, a.at_midnight)
    return replace(base, names=Names(a.names), on_terror=_effects(a.on_terror), monster_slots=a.monster_slots,
                   locked=(a.locked.green, a.locked.yellow, a.locked.red), at_midnight_effects=_effects(a.at_midnight_effects), costs=a.costs,
                   at_midnight_pay=a.at_midnight_pay, at_midnight_per=a.at_midnight_per,
                   task_costs=tuple((int(n) - 1, _effects(e)) for n, e in sorted(a.task_costs.items())))


def _mythos(m: MythosSettings) -> MythosCard:
    return MythosCard(m.id, m.name, m.doom, m.monsters, m.text, Names(m.names), (m.locked.green, m.locked.yellow, m.locked.red),
                      m.elder_signs, m.sanity, m.stamina, m.whom, m.clock)


def _monster(m: MonsterSettings) -> MonsterCard:
    return MonsterCard(m.id, m.name, str(parse_adventure(m.task)), m.text, Names(m.names))


#: the card lists a table enters cards into during a game (README.md, "A table's own Mythos cards and monsters")
OWN_KINDS: dict[str, type[Section]] = {"mythos": MythosSettings, "monsters": MonsterSettings}


def own_card(kind: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A card the table enters, checked as a card of its file would be: its values as the file keeps
    them (the defaults left out), or a RuleError naming the field."""
    schema = OWN_KINDS.get(kind)
    if schema is None:
        raise RuleError("BAD_ARGUMENTS", M("A table enters Mythos cards or monster markers."))
    try:
        checked: Section = validated(schema, entry)
    except RuleError as exc:
        raise RuleError("BAD_CARD", exc.text) from None
    found: dict[str, Any] = checked.model_dump(exclude_defaults=True)
    return {"id": found.pop("id"), "name": found.pop("name"), **found}


def _effects(e: EffectSettings) -> Effects:
    return Effects(**e.model_dump())


#: the settings (data/default.toml) and the published cards (data/cards.toml);
#: `default_settings.with_overrides(...)`: a table's settings laid over them
default_settings = DefaultSettings(__package__, ("data/default.toml", "data/cards.toml"))


__all__ = ["Box", "Card", "Config", "Effects", "ElderSignSettings", "default_settings"]
