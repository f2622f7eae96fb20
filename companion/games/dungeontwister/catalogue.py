"""The published Dungeon Twister box as data (data/cards.toml): the characters, objects and rooms,
and each player's combat, action and jump cards — the name each edition prints (`en`, `it`, and `fr`
where known) and the numbers printed on them. Checked by a schema when loaded: a bad entry is a
RuleError naming the card and the field ("characters.troll.move"), and nothing is loaded.

The numbers that count in play are settings (data/default.toml: a table may override them); a test
keeps the defaults equal to what is printed here.
"""
from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field, field_validator, model_validator

from companion.errors import RuleError
from companion.games.dungeontwister.pieces import CHARACTERS, OBJECTS
from companion.games.dungeontwister.state import ROOMS
from companion.messages import M
from companion.settings import Section, SettingProblem, validated

#: the languages every entry prints its name in: English, and the seed's edition (Italian)
REQUIRED_LANGUAGES = ("en", "it")


class Named(Section):
    #: language code -> the name as that edition prints it
    names: dict[str, str]

    @field_validator("names")
    @classmethod
    def _in_every_required_language(cls, names: dict[str, str]) -> dict[str, str]:
        if any(not names.get(lang, "").strip() for lang in REQUIRED_LANGUAGES):
            raise SettingProblem(M("needs a name in each of {languages}", languages=", ".join(REQUIRED_LANGUAGES)))
        return names


class Printed(Named):
    #: what it does, in our own short words (never the card's text)
    effect: str = Field(min_length=1)


class Character(Printed):
    move: int = Field(ge=0, le=20)
    combat: int = Field(ge=0, le=20)


class BoxObject(Printed):
    attack_bonus: int | None = Field(default=None, ge=0, le=10)
    defence_bonus: int | None = Field(default=None, ge=0, le=10)
    ap: int | None = Field(default=None, ge=0, le=20)


class Room(Named):
    pair: int = Field(ge=1, le=ROOMS // 2)
    arrow: Literal["clockwise", "counterclockwise"]


class Deck(Printed):
    """Cards that differ only by their number: `names` hold "{n}"."""

    values: list[int] = Field(min_length=1, max_length=20)

    @field_validator("names")
    @classmethod
    def _numbered(cls, names: dict[str, str]) -> dict[str, str]:
        if any("{n}" not in name for name in names.values()):
            raise SettingProblem(M("each name must show the card's number, written {placeholder}", placeholder="{n}"))
        return names


class Jumps(Printed):
    copies: int = Field(ge=1, le=10)


class Cards(Section):
    combat: Deck
    action: Deck
    jump: Jumps


class Catalogue(Section):
    edition: str = Field(min_length=1)
    characters: dict[str, Character]
    objects: dict[str, BoxObject]
    rooms: dict[str, Room]
    cards: Cards

    @model_validator(mode="after")
    def _the_whole_box(self) -> Catalogue:
        if set(self.characters) != set(CHARACTERS):
            raise SettingProblem(M("must name each of {names} once", names=", ".join(CHARACTERS)), key="characters")
        if set(self.objects) != set(OBJECTS):
            raise SettingProblem(M("must name each of {names} once", names=", ".join(OBJECTS)), key="objects")
        if len(self.rooms) != ROOMS or any(sum(r.pair == p for r in self.rooms.values()) != 2 for p in range(1, ROOMS // 2 + 1)):
            raise SettingProblem(M("must hold {n} rooms, two of each pair", n=ROOMS), key="rooms")
        return self


def parse(text: str) -> Catalogue:
    """A card data file checked: RuleError BAD_SETTINGS naming the card and the field, BAD_CARD_DATA
    for a file that is not TOML."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError("BAD_CARD_DATA", M("The card data is not valid TOML: {reason}.", reason=str(exc))) from exc
    return validated(Catalogue, data)


@cache
def catalogue() -> Catalogue:
    """The box's data, read once."""
    return parse(resources.files(__package__).joinpath("data/cards.toml").read_text(encoding="utf-8"))
