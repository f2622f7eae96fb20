"""Munchkin played by a player who knows the menu by heart (tests/blind.py): three rounds of a
three-player game, written from the rules (not from the menus), and which card's scan may send each
command.

The script is what the same game would be typed as (`companion headless` commands), with the base
set's cards: kicking the door (a monster, a curse, a card for the hand), a fight with a helper, an
enhancer and one-shots from the other players, running away, looking for trouble, looting, charity,
selling cards from the hand, curses played and lifted, a class and items played, a Wandering Monster,
and what the table does by hand: a Thief's theft (the companion's die, the card discarded, the item
given), Income Tax (an item discarded), the Large Angry Chicken killed with fire (a level adjusted);
and the turns most of a game is made of: a monster kicked open and killed alone, a curse and a loot.

Used by tests/munchkin/test_blind_table.py (through the real rig's gpiozero mock pins and simulated
reader) and by benchmarks/bench_gestures.py (gestures per turn).
"""
from __future__ import annotations

from typing import Any

from companion.games.munchkin import GAME
from companion.table import Table
from tests import blind
from tests.blind import Player, TableHands

__all__ = ["DEAL", "GAME", "START", "TURNS", "player", "tags", "typed"]

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"]}
#: nothing is dealt through the companion: each player draws 4 door and 4 treasure cards, which it counts
DEAL: list[dict[str, Any]] = []

#: the numbers the companion gives items and curses as they come into play (the order below)
SWORD, ARMOR, BOOTS, CHANGE_SEX, DAGGER, UNDEAD_HORSE = 1, 2, 4, 5, 7, 11

TURNS: list[list[dict[str, Any]]] = [
    # 1 Ann becomes a Warrior, plays a sword and an armour, kicks open the Face Sucker (8); Bob helps for a
    # treasure, Cy enrages the monster, Ann's Magic Missile and Bob's potion win it; one card to charity
    [{"cmd": "become", "card": "warrior"}, {"cmd": "item", "card": "broad-sword"}, {"cmd": "item", "card": "leather-armor"},
     {"cmd": "kick", "card": "face-sucker"}, {"cmd": "helper", "seat": "Bob"}, {"cmd": "enhance", "card": "enraged", "seat": "Cy"},
     {"cmd": "oneshot", "card": "magic-missile"}, {"cmd": "oneshot", "card": "flaming-poison-potion", "seat": "Bob"},
     {"cmd": "fight", "helper_treasures": 1}, {"cmd": "end_turn", "give": {"Cy": 1}}],
    # 2 Bob puts on boots, kicks open Change Sex (-5 in his next fight), looks for trouble with the Lame Goblin,
    # runs away and escapes; the curse is over; he discards what is too many
    [{"cmd": "item", "card": "boots-of-butt-kicking"}, {"cmd": "kick", "card": "change-sex"}, {"cmd": "trouble", "card": "lame-goblin"},
     {"cmd": "run"}, {"cmd": "roll", "die": 5}, {"cmd": "lift", "seat": "Bob", "curse": CHANGE_SEX}, {"cmd": "end_turn"}],
    # 3 Cy becomes a Thief, plays a dagger, flees Bigfoot in vain (no headgear to lose); then steals Ann's
    # armour: the companion's die (the table has none at hand), the armour given (the card the theft costs
    # goes with the excess at the end of the turn)
    [{"cmd": "become", "card": "thief"}, {"cmd": "item", "card": "dagger-of-treachery"}, {"cmd": "kick", "card": "bigfoot"},
     {"cmd": "run"}, {"cmd": "roll", "die": 2}, {"cmd": "die"}, {"cmd": "give", "item": ARMOR, "to": "Cy"}, {"cmd": "end_turn"}],
    # 4 Ann sells three cards from her hand for a level; kicks open Income Tax (her sword goes, Bob discards his
    # boots as the card says); looks for trouble with the Large Angry Chicken, kills it with fire: a level more
    [{"cmd": "sell", "cards": ["boots-of-running-really-fast", "bad-ass-bandana", "spiky-knees"]}, {"cmd": "kick", "card": "income-tax"},
     {"cmd": "discard", "item": BOOTS}, {"cmd": "trouble", "card": "large-angry-chicken"}, {"cmd": "oneshot", "card": "flaming-poison-potion"},
     {"cmd": "fight"}, {"cmd": "adjust", "seat": "Ann", "levels": 1}, {"cmd": "end_turn"}],
    # 5 Bob kicks open the Elf and plays it, loots the room, goes up a level
    [{"cmd": "kick", "card": "elf"}, {"cmd": "become", "card": "elf"}, {"cmd": "loot"}, {"cmd": "go_up", "card": "boil-an-anthill"},
     {"cmd": "end_turn"}],
    # 6 Cy kicks open the Maul Rat; Bob sends the Undead Horse wandering in, Ann makes it a Baby; Cy kills both,
    # then curses Ann with the Duck of Doom; charity
    [{"cmd": "kick", "card": "maul-rat"}, {"cmd": "wander", "card": "undead-horse", "seat": "Bob"},
     {"cmd": "enhance", "card": "baby", "seat": "Ann", "monster": UNDEAD_HORSE}, {"cmd": "fight"},
     {"cmd": "curse", "target": "Ann", "card": "duck-of-doom"}, {"cmd": "end_turn"}],
    # 7 Ann kicks open the Potted Plant and kills it alone
    [{"cmd": "kick", "card": "potted-plant"}, {"cmd": "fight"}, {"cmd": "end_turn"}],
    # 8 Bob kicks open Lose a Level, loots the room
    [{"cmd": "kick", "card": "lose-a-level"}, {"cmd": "loot"}, {"cmd": "end_turn"}],
    # 9 Cy kicks open the Harpies and kills them alone
    [{"cmd": "kick", "card": "harpies"}, {"cmd": "fight"}, {"cmd": "end_turn"}],
]


def tags() -> dict[str, list[str]]:
    """A few tags for every Munchkin card: {card id: [uid, ...]}, as a table would have enrolled them."""
    return blind.tags(GAME)


def card_for(table: Table, request: dict[str, Any], scan_board: bool) -> str | None:
    """The card whose scan may send `request`: the card it plays (a Wandering Monster: that card, then the
    monster's answers which one); an item in play given, discarded or equipped: its card, lying there."""
    if request["cmd"] == "wander":
        return "wandering-monster"
    if request["cmd"] in ("give", "discard", "equip", "unequip"):
        owner = table.session.state.owner_of(request["item"])
        item = owner.item(request["item"]) if owner is not None else None
        return item.card if item is not None else None
    card = request.get("card")
    return card if isinstance(card, str) else None


def player(table: Table, hands: TableHands, **options: Any) -> Player:
    """A player of this script: `options` as Player's (speaker, scanning)."""
    return Player(table, hands, card_for=card_for, **options)


def typed(script: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The script as it is typed."""
    return [line for line in script if "cmd" in line]
