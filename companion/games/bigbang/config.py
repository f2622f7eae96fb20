"""The Big Bang game definition as data: track, table numbers, gate, pile, decks and cards.

Defaults live in data/default.toml; a table overrides any of them at `start`. `Config.from_settings`
checks everything and names the offending key, so a bad file is a clear message, never a crash.
"""
from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from companion.errors import RuleError
from companion.i18n import _

CHARACTERS = ("leonard", "howard", "penny", "raj", "sheldon")
RED_MOON = "red_moon"
RELICS = ("amulet", "sword", "staff")
ARTEFACTS = ("reroll", "clue", "cubes", "moon")
CARD_KINDS = ("helper", "treasure", "enemy")
REWARD_ITEMS = ("moon", "cube", "artefact", "clue", *(f"relic:{r}" for r in RELICS))


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
    def from_settings(cls, settings: dict) -> "Config":
        check = _Checker(settings)
        length = check.int("track.length", 2, 100)
        cards, decks = _cards(check)
        locations = check.get("locations")
        if not isinstance(locations, list) or len(locations) != 6:
            raise check.error("locations", _("there must be exactly 6 locations"))
        location_decks = tuple(check.str(f"locations.{i}.deck") for i in range(6))
        for i, deck in enumerate(location_decks):
            if deck not in decks:
                raise check.error(f"locations.{i}.deck", _("no card belongs to deck \"{deck}\"").format(deck=deck))
        runes = check.names("gate.runes")
        letters = check.names("gate.letters")
        if len(letters) < len(runes):
            raise check.error("gate.letters", _("needs at least one letter per rune ({n})").format(n=len(runes)))
        return cls(
            track_length=length,
            track_start=check.int("track.start", 1, length - 1),
            players=check.int("table.players", 2, 5),
            hand_limit=check.int("table.hand_limit", 1, 50),
            starting_hand=check.int("table.starting_hand", 0, 50),
            max_cubes=check.int("table.max_cubes", 1, 20),
            gate_cost=check.int("table.gate_cost", 1, 20),
            sword_max_strength=check.int("table.sword_max_strength", 0, 20),
            cards_from=check.choice("table.cards_from", ("table", "companion")),
            runes=runes,
            letters=letters,
            feedback=check.choice("gate.feedback", ("count", "none")),
            pile={name: check.int(f"pile.{name}", 0, 1000) for name in (*CHARACTERS, RED_MOON)},
            artefacts={name: check.int(f"artefacts.{name}", 0, 50) for name in ARTEFACTS},
            location_names=tuple(check.str(f"locations.{i}.name") for i in range(6)),
            location_decks=location_decks,
            cards=cards,
            decks=decks,
        )


@cache
def _default_text() -> str:
    return resources.files(__package__).joinpath("data/default.toml").read_text(encoding="utf-8")


def default_settings() -> dict:
    return tomllib.loads(_default_text())


def merge_settings(overrides: dict | None) -> dict:
    """The defaults with a table's overrides laid over them, table by table."""
    merged = default_settings()
    _merge(merged, copy.deepcopy(overrides or {}))
    return merged


def parse_reward(text: str) -> tuple[tuple[str, ...], ...]:
    options = tuple(tuple(item.strip() for item in option.split("+")) for option in text.split("/"))
    for option in options:
        for item in option:
            if item not in REWARD_ITEMS:
                raise ValueError(_("unknown reward \"{item}\" (known: {known})").format(item=item, known=", ".join(REWARD_ITEMS)))
    return options


def _merge(into: dict, overrides: dict) -> None:
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def _cards(check: "_Checker") -> tuple[dict[str, Card], dict[str, dict[str, int]]]:
    entries = check.get("cards")
    if not isinstance(entries, list) or not entries:
        raise check.error("cards", _("must be a non-empty list of cards"))
    cards: dict[str, Card] = {}
    decks: dict[str, dict[str, int]] = {}
    for i, _entry in enumerate(entries):
        key = f"cards.{i}"
        card_id = check.str(f"{key}.id")
        if card_id in cards:
            raise check.error(f"{key}.id", _("\"{id}\" is used twice").format(id=card_id))
        kind = check.choice(f"{key}.kind", CARD_KINDS)
        try:
            reward = parse_reward(check.str(f"{key}.reward"))
        except ValueError as exc:
            raise check.error(f"{key}.reward", str(exc)) from None
        enemy = kind == "enemy"
        card = Card(
            id=card_id,
            name=check.str(f"{key}.name"),
            kind=kind,
            deck=check.str(f"{key}.deck"),
            strength=check.int(f"{key}.strength", 1, 20) if enemy else 0,
            danger=check.int(f"{key}.danger", 0, 20) if enemy else 0,
            reward=reward,
        )
        cards[card_id] = card
        count = check.int(f"{key}.count", 1, 50, default=1)
        decks.setdefault(card.deck, {})[card_id] = count
    return cards, decks


class _Checker:
    """Reads dotted keys ("track.length", "cards.3.id") and names the key in every complaint."""

    _missing = object()

    def __init__(self, settings: dict):
        self.settings = settings

    def error(self, key: str, problem: str) -> RuleError:
        return RuleError("BAD_SETTINGS", _("Setting \"{key}\": {problem}.").format(key=key, problem=problem))

    def get(self, key: str, default: Any = _missing) -> Any:
        node: Any = self.settings
        for part in key.split("."):
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            elif default is not self._missing:
                return default
            else:
                raise self.error(key, _("missing"))
        return node

    def int(self, key: str, low: int, high: int, default: Any = _missing) -> int:
        value = self.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, _("must be a whole number"))
        if not low <= value <= high:
            raise self.error(key, _("must be between {low} and {high}").format(low=low, high=high))
        return value

    def str(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.error(key, _("must be a non-empty text"))
        return value

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        value = self.get(key)
        if value not in options:
            raise self.error(key, _("must be one of {options}").format(options=", ".join(options)))
        return value

    def names(self, key: str) -> tuple[str, ...]:
        value = self.get(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
            raise self.error(key, _("must be a non-empty list of texts"))
        if len(set(value)) != len(value):
            raise self.error(key, _("has a name twice"))
        return tuple(value)
