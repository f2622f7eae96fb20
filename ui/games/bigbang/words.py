"""Big Bang's ids as players read them, in the current language: hands by card names, rewards,
card kinds, die faces (the game's own `names` module holds the messages)."""
from __future__ import annotations

from collections.abc import Mapping

from companion.games.bigbang import names
from companion.messages import joined, render


def hand(counts: Mapping[str, int]) -> str:
    """{"leonard": 2, "penny": 1} -> "Leonard ×2, Penny"."""
    return render(names.hand(counts))


def reward(reward_text: str) -> str:
    """"clue+relic:amulet/moon" -> "a clue + Amulet of Leslie Winkle / moon +1"."""
    options = [joined([names.reward_item(item.strip()) for item in option.split("+")], " + ") for option in reward_text.split("/")]
    return render(joined(options, " / "))


def kind(key: str) -> str:
    return render(names.kind(key))


def character(key: str) -> str:
    return render(names.character(key))


def item(key: str) -> str:
    return render(names.item(key))


def face(value: int | str) -> str:
    return render(names.face(value))


def place(name: str) -> str:
    """A location's name from the view ("Laundry room"), translated where the catalogue has it."""
    return render(names.place(name))


def card(name: str) -> str:
    """A location card's name from the view ("Thai takeout"), translated where the catalogue has it."""
    return render(names.card_name(name))
