"""Dungeon Twister's ids as players read them, in the current language (the game's own `pieces`
module holds the messages)."""
from __future__ import annotations

from companion.games.dungeontwister import pieces
from companion.i18n import _
from companion.messages import render


def piece(key: str) -> str:
    """"troll" -> "Troll"."""
    return render(pieces.piece(key))


def colour(key: str) -> str:
    return render(pieces.colour(key))


def token(token_id: str) -> str:
    """"blue:troll" -> "blue's Troll"."""
    return render(pieces.owned(token_id))


def group(token_ids: list[str]) -> str:
    """"red's Troll and Warrior"; mixed colours each named."""
    return render(pieces.group(token_ids))


def card(value: int) -> str:
    """A combat card as printed: "+3"."""
    return pieces.combat_card(value)


def status(key: str) -> str:
    """A character's or object's place, as a word under its name."""
    return {
        "reserve": _("face down"), "maze": _("in play"), "wounded": _("wounded"), "carried": _("carried"),
        "dead": _("dead"), "escaped": _("out"), "used": _("used"), "gone": _("gone"),
    }.get(key, key)
