"""Small builders for the Munchkin rules tests: a started table set up exactly as a test needs.

Items and monsters beyond the seed's examples are the table's own cards (`HOUSE`), added the way a
table adds its own: under `house` in the start's settings.
"""
from __future__ import annotations

from typing import Any

from companion.games.munchkin import GAME
from companion.session import Session
from companion.testing import do, line, phase, prompt, refused, said, view  # noqa: F401 - the rules tests take them from here

PLAYERS = ("Ann", "Bob", "Cy")
#: a table's own cards, for gear, fights and bad stuff the seed's examples do not cover
HOUSE = {
    "items": [
        {"id": "helm", "name": "Helm of Courage", "bonus": 1, "slot": "headgear", "gold": 200},
        {"id": "helm-2", "name": "Horned Helmet", "bonus": 2, "slot": "headgear", "gold": 600},
        {"id": "mail", "name": "Mithril Armour", "bonus": 3, "slot": "armour", "big": True, "gold": 600},
        {"id": "boots", "name": "Boots of Running", "bonus": 0, "slot": "footgear", "gold": 400, "run": 2},
        {"id": "sword", "name": "Broad Sword", "bonus": 3, "slot": "hand", "gold": 400},
        {"id": "club", "name": "Big Club", "bonus": 2, "slot": "hand", "gold": 300},
        {"id": "pole", "name": "Eleven-Foot Pole", "bonus": 1, "slot": "hands", "gold": 200},
        {"id": "ladder", "name": "Ladder", "bonus": 3, "slot": "none", "big": True, "gold": 400},
        {"id": "cheese", "name": "Cheese Grater of Peace", "bonus": 3, "slot": "hand", "gold": 400, "only": "cleric"},
        {"id": "potion", "name": "Flaming Poison Potion", "bonus": 3, "one_shot": True, "gold": 100},
    ],
    "monsters": [
        {"id": "slug", "name": "Slimy Slug", "level": 1, "treasures": 1, "bad_stuff": {"levels": 1}},
        {"id": "dragon", "name": "Plutonium Dragon", "level": 20, "treasures": 5, "levels": 2, "bad_stuff": {"death": True}},
        {"id": "goblin", "name": "Lame Goblin", "level": 1, "run": 1, "bad_stuff": {"levels": 1}},
        {"id": "troll", "name": "Hill Troll", "level": 10, "treasures": 3, "bad_stuff": {"levels": 1}},
        {"id": "thief-eater", "name": "Thief Eater", "level": 4, "bonus": {"thief": 3}},
    ],
    "curses": [
        {"id": "duck", "name": "Duck of Doom", "effect": {"levels": 2}},
        {"id": "chicken", "name": "Chicken on Your Head", "effect": {"combat": -1, "run": -1}},
        {"id": "lose-class", "name": "Lose Your Class", "effect": {"lose": "class"}},
        {"id": "lose-item", "name": "Lose an Item", "effect": {"lose": "item"}},
    ],
}


def start(players: tuple[str, ...] = PLAYERS, seed: int = 7, **settings: Any) -> Session:
    """A started game with the house cards; `settings` lays keys over the defaults (table=..., combat=...)."""
    session = Session(GAME, seed)
    session.apply({"cmd": "start", "players": list(players), "settings": {"house": HOUSE, **settings}})
    return session


def player(session: Session, name: str) -> dict[str, Any]:
    return next(p for p in view(session)["players"] if p["name"] == name)


def level(session: Session, name: str) -> int:
    return player(session, name)["level"]


def hand(session: Session, name: str) -> int:
    return player(session, name)["hand"]


def gear(session: Session, name: str) -> dict[str, dict[str, Any]]:
    """The player's items by name."""
    return {g["name"]: g for g in player(session, name)["gear"]}


def uid(session: Session, name: str, item: str) -> int:
    return int(gear(session, name)[item]["uid"])


def fight(session: Session) -> dict[str, Any]:
    return view(session)["combat"]


def set_level(session: Session, name: str, to: int) -> None:
    """Correct a level, as the table would for a card the companion does not know."""
    now = level(session, name)
    if now != to:
        do(session, "adjust", seat=name, levels=to - now)


def equip(session: Session, name: str, *cards: str) -> None:
    """`name` (whose turn it must be) plays items from the hand, equipped where they fit."""
    for card in cards:
        do(session, "item", name, card=card)


def pass_turn(session: Session) -> None:
    """The active player kicks open a harmless door, loots the room and ends the turn, keeping 5 cards."""
    name = session.turn.acting[0]
    do(session, "hand", name, count=3)
    do(session, "kick", name, what="other")
    do(session, "loot", name)
    do(session, "end_turn", name)


def fight_monster(session: Session, card: str | None = None, **typed: Any) -> None:
    """The active player kicks open the door on a monster."""
    do(session, "kick", session.turn.acting[0], **({"card": card} if card else {}), **typed)
