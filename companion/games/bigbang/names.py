"""What players read for the game's ids: characters, items, rewards, card kinds, die faces.

Character names are the show's names in every language; the rest are messages, translated when shown.
"""
from __future__ import annotations

from collections.abc import Mapping

from companion.games.bigbang.config import RED_MOON, Card
from companion.i18n import N_
from companion.messages import M, Message, Text, joined

_ITEMS = {
    "reroll": M("re-roll artefact"), "clue": M("clue artefact"), "cubes": M("cubes artefact"), "moon": M("moon artefact"),
    "sword": M("Sword of Billy Sparks"), "amulet": M("Amulet of Leslie Winkle"), "staff": M("Staff of Brent Spiner"),
}
_REWARDS = {
    "moon": M("moon +1"), "cube": M("a cube"), "artefact": M("an artefact"), "clue": M("a clue"),
    "relic:amulet": M("Amulet of Leslie Winkle"), "relic:sword": M("Sword of Billy Sparks"), "relic:staff": M("Staff of Brent Spiner"),
}
_KINDS = {"enemy": M("enemy"), "helper": M("helper"), "treasure": M("treasure")}
#: the default deck's names that are words, not people (a location, a treasure): marked for the catalogue, so
#: `place` and `card_name` show them translated; a person's name, and a table's own name, shows as written
DATA_WORDS = (N_("Apartment 4A"), N_("Laundry room"), N_("Stairwell"), N_("Comic Center"), N_("Lab equipment"), N_("Whiteboard"),
              N_("Thai takeout"), N_("Rare comic book"), N_("Green Lantern lamp"))


def place(name: str) -> Text:
    """A location's name from the data ("Laundry room"), in the table's language where the catalogue has it."""
    return M(name)


def card_name(name: str) -> Text:
    """A location card's name from the data ("Thai takeout"), in the table's language where the catalogue has it."""
    return M(name)


def character(key: str) -> Text:
    """"penny" -> "Penny"; the red-moon card -> "red moon"."""
    return M("red moon") if key == RED_MOON else key.title()


def hand(counts: Mapping[str, int]) -> Text:
    """{"leonard": 2, "penny": 1} -> "Leonard ×2, Penny" (in the order given); an empty hand -> "no cards"."""
    cards = [joined([character(c), f"×{n}"]) if n > 1 else character(c) for c, n in counts.items() if n]
    return joined(cards, ", ") if cards else M("no cards")


def item(key: str) -> Text:
    return _ITEMS.get(key, key)


def reward_item(key: str) -> Text:
    return _REWARDS.get(key, key)


def reward_option(option: tuple[str, ...]) -> Text:
    """("clue", "relic:amulet") -> "a clue + Amulet of Leslie Winkle"."""
    return joined([reward_item(i) for i in option], " + ")


def reward(card: Card) -> Text:
    """Every option of a card's reward: "moon +1 or a cube"."""
    return joined([reward_option(option) for option in card.reward], " / ")


def kind(key: str) -> Text:
    return _KINDS.get(key, key)


def face(value: int | str) -> Text:
    return M("red moon") if value == "moon" else str(value)


__all__ = ["Message", "card_name", "character", "face", "hand", "item", "kind", "reward", "reward_item", "reward_option"]
