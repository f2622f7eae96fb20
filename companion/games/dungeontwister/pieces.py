"""The pieces of Dungeon Twister and what players read for them: characters, objects, colours and
cards. A token on the board is named `"<colour>:<piece>"` ("blue:troll", "yellow:sword"): each player
has one of every character and object, in the player's colour (seed, §Oggetti: blue characters may
carry yellow objects and the other way round, so an object's colour says only whose box it came from).
"""
from __future__ import annotations

from companion.messages import M, Message, Text, joined

#: facts §3.6, in the order of the facts table
CHARACTERS = ("wall_walker", "warrior", "cleric", "thief", "troll", "goblin", "wizard", "mekanork")
#: facts §3.7: the base box's six objects per player
OBJECTS = ("rope", "treasure", "sword", "armour", "fireball_wand", "speed_potion")

_CHARACTER_NAMES: dict[str, Message] = {
    "wall_walker": M("Wall-Walker"), "warrior": M("Warrior"), "cleric": M("Cleric"), "thief": M("Thief"),
    "troll": M("Troll"), "goblin": M("Goblin"), "wizard": M("Wizard"), "mekanork": M("Mekanork"),
}
_OBJECT_NAMES: dict[str, Message] = {
    "rope": M("Rope"), "treasure": M("Treasure"), "sword": M("Sword"), "armour": M("Armour"),
    "fireball_wand": M("Fireball Wand"), "speed_potion": M("Speed Potion"),
}
_COLOURS: dict[str, Message] = {
    "red": M("red"), "blue": M("blue"), "green": M("green"), "yellow": M("yellow"), "purple": M("purple"), "orange": M("orange"),
}
_ABILITIES: dict[str, Message] = {
    "pass_wall": M("pass through a wall"), "break_portcullis": M("break a portcullis"), "heal": M("heal"),
    "portcullis": M("open or close a portcullis"), "regenerate": M("regenerate"),
}


def token(colour: str, piece: str) -> str:
    return f"{colour}:{piece}"


def colour_of(token_id: str) -> str:
    return token_id.partition(":")[0]


def piece_of(token_id: str) -> str:
    return token_id.partition(":")[2]


def is_character(token_id: str) -> bool:
    return piece_of(token_id) in CHARACTERS


def colour(key: str) -> Text:
    """"blue" -> "blue", translated."""
    return _COLOURS.get(key, key)


def piece(key: str) -> Text:
    """A character's or object's name: "troll" -> "Troll"."""
    return _CHARACTER_NAMES.get(key) or _OBJECT_NAMES.get(key) or key


def owned(token_id: str) -> Text:
    """A token as the table says it: "blue:troll" -> "blue's Troll"."""
    return M("{colour}'s {piece}", colour=colour(colour_of(token_id)), piece=piece(piece_of(token_id)))


def group(token_ids: tuple[str, ...] | list[str]) -> Text:
    """Several tokens of one colour: "blue's Troll and Warrior"; of mixed colours each is named."""
    if not token_ids:
        return ""
    colours = {colour_of(t) for t in token_ids}
    if len(colours) > 1:
        return joined([owned(t) for t in token_ids], ", ")
    names = [piece(piece_of(t)) for t in token_ids]
    listed: Text = names[0] if len(names) == 1 else M("{some} and {last}", some=joined(names[:-1], ", "), last=names[-1])
    return M("{colour}'s {piece}", colour=colour(colour_of(token_ids[0])), piece=listed)


def ability(key: str) -> Text:
    return _ABILITIES.get(key, key)


def combat_card(value: int) -> str:
    """A combat card as printed: "+3"."""
    return f"+{value}"
