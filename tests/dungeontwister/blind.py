"""Dungeon Twister played by a player who knows the menu by heart (tests/blind.py): a game of two
players on the table screen alone (the default: starting lines and combat cards turned face up and
entered by the table), written from the rules (not from the menus), and which card or token a scan
may send each command with.

The script is what the same game would be typed as (`companion headless` commands): the starting
lines entered as they are turned over, then turns of the rules' kinds: an action card, moves, a room
revealed and the tokens it uncovers, an object picked up, a pit jumped, a fight with both combat cards
turned over, a room turned, a wounded character healed, a character leaving the maze, a turn ended
with AP left.

Used by tests/dungeontwister/test_blind_table.py (through the real rig's gpiozero mock pins and
simulated reader) and by benchmarks/bench_gestures.py (gestures per turn).
"""
from __future__ import annotations

from typing import Any

from companion.games.dungeontwister import GAME
from companion.table import Table
from tests import blind
from tests.blind import Player, TableHands

__all__ = ["DEAL", "GAME", "START", "TURNS", "player", "tags", "typed"]

START = {"cmd": "start", "players": ["Ann", "Bob"], "first": "red"}

#: both starting lines, turned face up and entered by the table, one character at a time
DEAL = [{"cmd": "lineup", "colour": colour, "characters": [character]}
        for colour, line in (("red", ("troll", "warrior", "thief", "cleric")), ("blue", ("troll", "warrior", "goblin", "wizard")))
        for character in line]


def _move(character: str, **more: Any) -> dict[str, Any]:
    return {"cmd": "move", "character": character, **more}


def _fight(attackers: list[str], defenders: list[str], cards: dict[str, int]) -> list[dict[str, Any]]:
    """An attack, then both combat cards as they are turned over (the attacker's first)."""
    return [{"cmd": "attack", "attackers": attackers, "defenders": defenders},
            *({"cmd": "choose", "colour": colour, "card": card} for colour, card in cards.items())]


TURNS: list[list[dict[str, Any]]] = [
    # 1 red (the 2, the only card of the first turn): the Warrior walks up and reveals a room: red's Sword, blue's Mekanork
    [{"cmd": "play_card", "card": 2}, _move("red:warrior"),
     {"cmd": "reveal", "character": "red:warrior", "appear": ["red:sword", "blue:mekanork"]}],
    # 2 blue (the 3): the Goblin reveals a room with blue's Rope and red's Goblin, and picks up the Rope
    [{"cmd": "play_card", "card": 3}, _move("blue:goblin"), {"cmd": "reveal", "character": "blue:goblin", "appear": ["blue:rope", "red:goblin"]},
     _move("blue:goblin", take="blue:rope")],
    # 3 red (the 4): the Warrior picks up the Sword; the Thief jumps a pit; the Warrior attacks the Goblin: +3 against +1
    [{"cmd": "play_card", "card": 4}, _move("red:warrior", take="red:sword"), {"cmd": "jump", "character": "red:thief"},
     *_fight(["red:warrior"], ["blue:goblin"], {"red": 3, "blue": 1}), _move("red:thief")],
    # 4 blue (the 2): the Troll moves onto a rotation gear and turns the room a quarter
    [{"cmd": "play_card", "card": 2}, _move("blue:troll"), {"cmd": "rotate", "character": "blue:troll"}],
    # 5 red (the 3): the Thief reaches blue's starting line and leaves the maze (1 VP); the Troll reveals a room
    [{"cmd": "play_card", "card": 3}, _move("red:thief"), _move("red:thief", exit=True),
     {"cmd": "reveal", "character": "red:troll", "appear": ["red:treasure", "blue:cleric", "blue:armour"]}],
    # 6 blue (the 5): the Cleric heals the Goblin; the Troll attacks red's Warrior: +4 against +2; the Wizard moves
    # twice, and blue ends the turn with an AP left
    [{"cmd": "play_card", "card": 5}, {"cmd": "ability", "character": "blue:cleric", "target": "blue:goblin"},
     *_fight(["blue:troll"], ["red:warrior"], {"blue": 4, "red": 2}), _move("blue:wizard"), _move("blue:wizard"), {"cmd": "end_turn"}],
]


def tags() -> dict[str, list[str]]:
    """A few tags for every card and token of the box: {card id: [uid, ...]}, as a table would have enrolled them."""
    return blind.tags(GAME)


def card_for(table: Table, request: dict[str, Any], scan_board: bool) -> str | None:
    """The card or token whose scan may send `request` (the player scans any token a question then asks
    about): the action card played, the combat card turned over, the character lined up; the object
    picked up, the enemy attacked, the jump card; else the character that acts."""
    state, command = table.session.state, request["cmd"]
    if command == "play_card":
        return f"{state.active}:action:{request['card']}"
    if command == "choose":  # the colour, else the seat that turns it over
        return f"{request.get('colour') or blind.sender(request).seat}:combat:{request['card']}"
    if command == "lineup":
        return f"{request['colour']}:{request['characters'][0]}"
    if command == "attack":
        return str(request["defenders"][0])
    if command == "jump":
        return f"{state.active}:jump"
    if "take" in request:
        return str(request["take"])
    character = request.get("character")
    return character if isinstance(character, str) else None


def player(table: Table, hands: TableHands, **options: Any) -> Player:
    """A player of this script: `options` as Player's (speaker, scanning)."""
    return Player(table, hands, card_for=card_for, **options)


def typed(script: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The script as it is typed."""
    return [line for line in script if "cmd" in line]
