"""The Big Bang game definition as data: track, table numbers, gate, pile, decks and cards.

The settings schema (`BigBangSettings`) declares every key with its type, range, label and help; the
default values are in data/default.toml; a table overrides any of them at `start`. `Config` is what
the rules read, built from checked settings: a bad value is a RuleError naming the key.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, model_validator

from companion.i18n import N_
from companion.messages import M
from companion.settings import DefaultSettings, Section, SettingProblem, validated

CHARACTERS = ("leonard", "howard", "penny", "raj", "sheldon")
RED_MOON = "red_moon"
RELICS = ("amulet", "sword", "staff")
ARTEFACTS = ("reroll", "clue", "cubes", "moon")
CARD_KINDS = ("helper", "treasure", "enemy")
REWARD_ITEMS = ("moon", "cube", "artefact", "clue", *(f"relic:{r}" for r in RELICS))


# -- the schema ----------------------------------------------------------------------------------------
class TrackSettings(Section):
    length: int = Field(ge=2, le=100, title=N_("Track length"),
                        description=N_("Positions on the moon-cycle track, 0 to length-1; 0 is the red moon: reaching it loses."))
    start: int = Field(ge=1, le=99, title=N_("Moon starts at"), description=N_("Where the ring marker starts (1 to length-1)."))

    @model_validator(mode="after")
    def _start_on_the_track(self) -> TrackSettings:
        if self.start >= self.length:
            raise SettingProblem(M("must be below the track length ({n})", n=self.length), key="track.start")
        return self


class TableSettings(Section):
    players: int = Field(ge=2, le=5, title=N_("Players"), description=N_("Players at the table; the rules speak of \"the two other players\"."))
    hand_limit: int = Field(ge=1, le=50, title=N_("Hand limit"),
                            description=N_("Character cards a hand may hold; artefacts and relics don't count."))
    starting_hand: int = Field(ge=0, le=50, title=N_("Starting hand"), description=N_("Character cards each player is dealt at setup."))
    max_cubes: int = Field(ge=1, le=20, title=N_("Living-room seats"), description=N_("Cubes the living room holds; extra cubes are lost."))
    gate_cost: int = Field(ge=1, le=20, title=N_("Gate cost"), description=N_("Cubes a gate attempt needs and spends."))
    sword_max_strength: int = Field(ge=0, le=20, title=N_("Sword beats up to"),
                                    description=N_("The strongest enemy the Sword of Billy Sparks beats without a roll."))
    cards_from: Literal["table", "companion"] = Field(
        title=N_("Cards drawn by"),
        description=N_("\"table\": players draw the real cards and tell the companion; \"companion\": it draws from its own shuffle."),
        json_schema_extra={"choice_labels": {"table": N_("the players (real cards)"), "companion": N_("the companion")}})


class GateSettings(Section):
    runes: list[str] = Field(min_length=1, title=N_("Runes"), description=N_("The rune slots at the gate; the solution gives each its own letter."))
    letters: list[str] = Field(min_length=1, title=N_("Letters"),
                               description=N_("The letter pool: one per rune lies on the board, the rest beside it."))
    feedback: Literal["count", "none"] = Field(
        title=N_("After a failed gate attempt"),
        description=N_("\"count\": say how many letters sit on their own rune; \"none\": say nothing."),
        json_schema_extra={"choice_labels": {"count": N_("say how many letters are right"), "none": N_("say nothing")}})

    @model_validator(mode="after")
    def _names(self) -> GateSettings:
        for key, names in (("gate.runes", self.runes), ("gate.letters", self.letters)):
            if not all(name.strip() for name in names):
                raise SettingProblem(M("must be a non-empty list of texts"), key=key)
            if len(set(names)) != len(names):
                raise SettingProblem(M("has a name twice"), key=key)
        if len(self.letters) < len(self.runes):
            raise SettingProblem(M("needs at least one letter per rune ({n})", n=len(self.runes)), key="gate.letters")
        return self


def _count(title: str) -> Any:
    return Field(ge=0, le=1000, title=title)


class PileSettings(Section):
    leonard: int = _count(N_("Leonard cards"))
    howard: int = _count(N_("Howard cards"))
    penny: int = _count(N_("Penny cards"))
    raj: int = _count(N_("Raj cards"))
    sheldon: int = _count(N_("Sheldon cards"))
    red_moon: int = _count(N_("Red-moon cards"))


class ArtefactSettings(Section):
    reroll: int = Field(ge=0, le=50, title=N_("Re-roll artefacts"))
    clue: int = Field(ge=0, le=50, title=N_("Clue artefacts"))
    cubes: int = Field(ge=0, le=50, title=N_("Cubes artefacts"))
    moon: int = Field(ge=0, le=50, title=N_("Moon artefacts"))


class LocationSettings(Section):
    name: str = Field(min_length=1)
    deck: str = Field(min_length=1)


class CardSettings(Section):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: Literal["helper", "treasure", "enemy"]
    deck: str = Field(min_length=1)
    reward: str
    strength: int | None = Field(default=None, ge=1, le=20)
    danger: int | None = Field(default=None, ge=0, le=20)
    count: int = Field(default=1, ge=1, le=50)

    @model_validator(mode="after")
    def _enemies_and_rewards(self) -> CardSettings:
        if self.kind == "enemy" and (self.strength is None or self.danger is None):
            raise SettingProblem(M("an enemy needs a strength and a danger"), field="strength" if self.strength is None else "danger")
        parse_reward(self.reward)
        return self


class BigBangSettings(Section):
    track: TrackSettings = Field(title=N_("The moon track"))
    table: TableSettings = Field(title=N_("The table"))
    gate: GateSettings = Field(title=N_("The gate"))
    pile: PileSettings = Field(title=N_("The draw pile"), json_schema_extra={"advanced": True})
    artefacts: ArtefactSettings = Field(title=N_("The brown artefact deck"), json_schema_extra={"advanced": True})
    locations: list[LocationSettings] = Field(min_length=6, max_length=6, title=N_("Locations"),
                                              description=N_("Name and deck of each of the 6 locations, in board order."))
    cards: list[CardSettings] = Field(min_length=1, title=N_("Location cards"),
                                      description=N_("id, name, kind, deck, reward; strength and danger for enemies; count."))

    @model_validator(mode="after")
    def _decks(self) -> BigBangSettings:
        seen: set[str] = set()
        for i, card in enumerate(self.cards):
            if card.id in seen:
                raise SettingProblem(M("\"{id}\" is used twice", id=card.id), key=f"cards.{i}.id")
            seen.add(card.id)
        decks = {card.deck for card in self.cards}
        for i, location in enumerate(self.locations):
            if location.deck not in decks:
                raise SettingProblem(M("no card belongs to deck \"{deck}\"", deck=location.deck), key=f"locations.{i}.deck")
        return self


# -- what the rules read ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    deck: str
    strength: int = 0
    danger: int = 0
    #: options the table chooses from; each option is a tuple of reward items
    reward: tuple[tuple[str, ...], ...] = ()

    @property
    def reward_text(self) -> str:
        return "/".join("+".join(option) for option in self.reward)


@dataclass(frozen=True)
class Config:
    track_length: int
    track_start: int
    players: int
    hand_limit: int
    starting_hand: int
    max_cubes: int
    gate_cost: int
    sword_max_strength: int
    cards_from: str
    runes: tuple[str, ...]
    letters: tuple[str, ...]
    feedback: str
    pile: dict[str, int]
    artefacts: dict[str, int]
    location_names: tuple[str, ...]
    location_decks: tuple[str, ...]
    cards: dict[str, Card]
    decks: dict[str, dict[str, int]]

    @property
    def top(self) -> int:
        return self.track_length - 1

    @classmethod
    def from_settings(cls, settings: object) -> Config:
        s = validated(BigBangSettings, settings)
        cards = {c.id: Card(c.id, c.name, c.kind, c.deck, c.strength or 0, c.danger or 0, parse_reward(c.reward)) for c in s.cards}
        decks: dict[str, dict[str, int]] = {}
        for c in s.cards:
            decks.setdefault(c.deck, {})[c.id] = c.count
        return cls(
            track_length=s.track.length, track_start=s.track.start,
            players=s.table.players, hand_limit=s.table.hand_limit, starting_hand=s.table.starting_hand,
            max_cubes=s.table.max_cubes, gate_cost=s.table.gate_cost, sword_max_strength=s.table.sword_max_strength,
            cards_from=s.table.cards_from,
            runes=tuple(s.gate.runes), letters=tuple(s.gate.letters), feedback=s.gate.feedback,
            pile=s.pile.model_dump(), artefacts=s.artefacts.model_dump(),
            location_names=tuple(loc.name for loc in s.locations), location_decks=tuple(loc.deck for loc in s.locations),
            cards=cards, decks=decks,
        )


#: data/default.toml; `default_settings.with_overrides(...)`: a table's settings laid over them
default_settings = DefaultSettings(__package__)


def parse_reward(text: str) -> tuple[tuple[str, ...], ...]:
    options = tuple(tuple(item.strip() for item in option.split("+")) for option in text.split("/"))
    for option in options:
        for item in option:
            if item not in REWARD_ITEMS:
                raise SettingProblem(M("unknown reward \"{item}\" (known: {known})", item=item, known=", ".join(REWARD_ITEMS)), field="reward")
    return options
