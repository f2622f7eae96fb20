"""What players read for the game's ids: cards, slots, phases of a fight.

The seed's cards and the classes and races have translatable names (the German catalogue uses the
seed's words: Rattenfänger, Menschenfresser-Mond, Böse, gezinkter Würfel, Schneider…); the other cards
of the base set show the name their edition prints in the table's language (`names` in the data, else
English); a table's own cards, and any catalogue card a table renamed, are shown as typed. Cards typed in without a name are described
by what they are ("a level 8 monster").
"""
from __future__ import annotations

from companion.games.munchkin.config import Config
from companion.messages import M, Message, Names, Text

#: the shipped cards, by id: the English name (the message id) a translation turns into the seed's words
SHIPPED: dict[str, Message] = {
    "pied-piper": M("Pied Piper"),
    "man-eating-moon": M("Man-Eating Moon"),
    "wicked": M("Wicked"),
    "loaded-die": M("Loaded Die"),
    "barrel-of-nails": M("Barrel of Nails"),
    "warrior": M("Warrior"),
    "wizard": M("Wizard"),
    "thief": M("Thief"),
    "cleric": M("Cleric"),
    "tailor": M("Tailor"),
    "elf": M("Elf"),
    "dwarf": M("Dwarf"),
    "halfling": M("Halfling"),
    "go-up-a-level": M("Go Up a Level: Go on a Picnic"),
    "wandering-monster": M("Wandering Monster"),
    "super-munchkin": M("Super Munchkin"),
    "half-breed": M("Half-Breed"),
}

_SLOTS = {"headgear": M("headgear"), "armour": M("armour"), "footgear": M("footgear"), "hand": M("1 hand"),
          "hands": M("2 hands"), "none": M("no slot")}
_LOSSES = {"headgear": M("headgear"), "armour": M("armour"), "footgear": M("footgear"), "hand": M("a hand item"),
           "big": M("a Big item"), "item": M("an item"), "class": M("a class"), "race": M("a race"),
           "things": M("items or cards of the hand")}
_KINDS = {"class": M("class"), "race": M("race")}
_SEXES = {"male": M("male"), "female": M("female")}
_DOOR_KINDS = {"monster": M("monster"), "curse": M("curse"), "other": M("card of another kind")}


def card(config: Config, card_id: str | None, name: str = "") -> Text:
    """A card's name as this table reads it."""
    if card_id is not None:
        found = config.card(card_id)
        shipped = SHIPPED.get(card_id)
        if found is not None and shipped is not None and found.name == shipped.id:
            return shipped
        if found is not None and found.names and found.names.get("en", found.name) == found.name:
            return Names(found.names)  # as each edition prints it, in the table's language
        if found is not None:
            return found.name
    return name


def monster(config: Config, card_id: str | None, name: str, level: int) -> Text:
    return card(config, card_id, name) or M("a level {n} monster", n=level)


def curse(config: Config, card_id: str | None, name: str) -> Text:
    return card(config, card_id, name) or M("a curse")


def enhancer(config: Config, card_id: str | None, name: str) -> Text:
    """An enhancer or a one-shot; typed in without a name it is "a card" (its bonus is shown beside it)."""
    return card(config, card_id, name) or M("a card")


def item(config: Config, card_id: str | None, name: str) -> Text:
    return card(config, card_id, name) or M("an item")


def slot(key: str) -> Text:
    return _SLOTS.get(key, key)


def loss(key: str) -> Text:
    return _LOSSES.get(key, key)


def sex(key: str) -> Text:
    return _SEXES.get(key, key)


def role_kind(key: str) -> Text:
    return _KINDS.get(key, key)


def door_kind(key: str) -> Text:
    return _DOOR_KINDS.get(key, key)
