"""The Dungeon Twister settings: every number the seed leaves open, declared once as a schema.

The schema (`DungeonTwisterSettings`) gives each key its type, range, label and help; the default
values are in data/default.toml; a table overrides any of them at `start`. `Config` is what the
rules read, built from checked settings: a bad value is a RuleError naming the key.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import Field, model_validator

from companion.games.dungeontwister.pieces import CHARACTERS
from companion.i18n import N_
from companion.messages import M
from companion.settings import DefaultSettings, Section, SettingProblem, validated

Colour = Literal["red", "blue", "green", "yellow", "purple", "orange"]
#: a colour's label is its name, translated where shown (the catalogue has it from pieces.py)
_COLOUR_LABELS: dict[str, Any] = {c: c for c in ("red", "blue", "green", "yellow", "purple", "orange")}


class SeatSettings(Section):
    first: Colour = Field(title=N_("First player's colour"), description=N_("The colour of the first player named."),
                          json_schema_extra={"choice_labels": _COLOUR_LABELS})
    second: Colour = Field(title=N_("Second player's colour"), description=N_("The colour of the second player named."),
                           json_schema_extra={"choice_labels": _COLOUR_LABELS})
    first_player: Literal["random", "first_seat"] = Field(
        title=N_("Who begins"), description=N_("The companion draws who plays first, or the first player named begins."),
        json_schema_extra={"choice_labels": {"random": N_("drawn at random"), "first_seat": N_("the first player named")}})
    secret_choices: Literal["seats", "table"] = Field(
        title=N_("Secret choices"),
        description=N_("\"seats\": each player chooses the starting line and combat cards on their own seat screen, in secret; "
                       "\"table\": the players choose with the cardboard and the table screen enters what they reveal."),
        json_schema_extra={"choice_labels": {"seats": N_("on seat screens"), "table": N_("revealed at the table")}})

    @model_validator(mode="after")
    def _two_colours(self) -> SeatSettings:
        if self.first == self.second:
            raise SettingProblem(M("must differ from the first player's colour"), key="seats.second")
        return self


class CardSettings(Section):
    action: list[int] = Field(min_length=1, max_length=8, title=N_("Action cards"),
                              description=N_("The AP on each player's action cards; one is played per turn, all come back when used up."))
    combat: list[int] = Field(min_length=1, max_length=20, title=N_("Combat cards"),
                              description=N_("The values of each player's combat cards; a used card leaves the game, except a 0."))

    @model_validator(mode="after")
    def _cards(self) -> CardSettings:
        if any(not 1 <= ap <= 20 for ap in self.action):
            raise SettingProblem(M("each card gives 1 to 20 AP"), key="cards.action")
        if 2 not in self.action:
            raise SettingProblem(M("needs a 2: the first player's first card"), key="cards.action")
        if any(not 0 <= value <= 20 for value in self.combat):
            raise SettingProblem(M("each value is 0 to 20"), key="cards.combat")
        if 0 not in self.combat:
            raise SettingProblem(M("needs a 0, the card that always comes back"), key="cards.combat")
        return self


class ObjectSettings(Section):
    sword_bonus: int = Field(ge=0, le=10, title=N_("Sword bonus"), description=N_("Combat bonus of the Sword, when attacking only."))
    armour_bonus: int = Field(ge=0, le=10, title=N_("Armour bonus"), description=N_("Combat bonus of the Armour, when defending only."))
    speed_potion_ap: int = Field(ge=0, le=20, title=N_("Speed Potion AP"),
                                 description=N_("AP the Speed Potion gives; drinking it costs 1 AP."))


class TableSettings(Section):
    auto_end_turn: bool = Field(title=N_("End the turn at 0 AP"), description=N_("The turn passes by itself when no AP are left."))
    hidden_tokens: bool = Field(title=N_("Track face-down tokens"),
                                description=N_("Tokens lying face down in unrevealed rooms cannot act until a reveal names them."))
    board: bool = Field(title=N_("Track the rooms"), description=N_("Also keep which of the 8 rooms are revealed, and how each is turned."))


class CharacterStats(Section):
    id: str
    move: int = Field(ge=0, le=20)
    combat: int = Field(ge=0, le=20)


class DungeonTwisterSettings(Section):
    seats: SeatSettings = Field(title=N_("The players"))
    cards: CardSettings = Field(title=N_("The cards"), json_schema_extra={"advanced": True})
    objects: ObjectSettings = Field(title=N_("The objects"))
    table: TableSettings = Field(title=N_("What the companion tracks"))
    characters: list[CharacterStats] = Field(title=N_("The characters"), description=N_("Movement and combat value of each of the 8 characters."),
                                             json_schema_extra={"advanced": True})

    @model_validator(mode="after")
    def _every_character_once(self) -> DungeonTwisterSettings:
        ids = [c.id for c in self.characters]
        if sorted(ids) != sorted(CHARACTERS):
            raise SettingProblem(M("must name each of {names} once", names=", ".join(CHARACTERS)), key="characters")
        return self


# -- what the rules read ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Config:
    colours: tuple[str, str]
    first_player: str
    #: seat screens are not needed: the table enters each starting line and combat card as it is revealed
    open_choices: bool
    action_cards: tuple[int, ...]
    combat_cards: tuple[int, ...]
    sword_bonus: int
    armour_bonus: int
    speed_potion_ap: int
    auto_end_turn: bool
    hidden_tokens: bool
    board: bool
    #: character -> (movement, combat)
    stats: dict[str, tuple[int, int]]

    def combat_value(self, character: str) -> int:
        return self.stats[character][1]

    @classmethod
    def from_settings(cls, settings: object) -> Config:
        s = validated(DungeonTwisterSettings, settings)
        stats = {c.id: (c.move, c.combat) for c in s.characters}
        return cls(
            colours=(s.seats.first, s.seats.second), first_player=s.seats.first_player,
            open_choices=s.seats.secret_choices == "table",
            action_cards=tuple(sorted(s.cards.action)), combat_cards=tuple(sorted(s.cards.combat)),
            sword_bonus=s.objects.sword_bonus, armour_bonus=s.objects.armour_bonus, speed_potion_ap=s.objects.speed_potion_ap,
            auto_end_turn=s.table.auto_end_turn, hidden_tokens=s.table.hidden_tokens, board=s.table.board, stats=stats,
        )


#: data/default.toml; `default_settings.with_overrides(...)`: a table's settings laid over them
default_settings = DefaultSettings(__package__)


@cache
def default_config() -> Config:
    return Config.from_settings(default_settings())
