"""The Dungeon Twister box as data (data/cards.toml): every character, object, room and card, named
in English and in the seed's edition (Italian), French where known, with the numbers printed on it;
what a table corrects in it is checked, and a bad entry names the card and the field and loads nothing."""
from __future__ import annotations

from importlib import resources

import pytest

from companion.errors import RuleError
from companion.games.dungeontwister import GAME, pieces
from companion.games.dungeontwister.catalogue import catalogue, parse
from companion.games.dungeontwister.config import default_config
from companion.messages import render

GOOD = resources.files("companion.games.dungeontwister").joinpath("data/cards.toml").read_text(encoding="utf-8")


def by_kind(kind: str) -> dict[str, dict]:
    return {card.id: {"names": dict(card.names), **dict(card.details)} for card in GAME.cards() if card.kind == kind}


def test_the_box_holds_every_character_object_and_room_once_and_each_colours_cards():
    assert len(by_kind("character")) == 8 and len(by_kind("object")) == 6 and len(by_kind("room")) == 8
    assert {c: d["combat"] for c, d in by_kind("character").items()}["character:troll"] == 4
    red_combat = {i: d for i, d in by_kind("combat").items() if i.startswith("red:")}
    assert sum(d["copies"] for d in red_combat.values()) == 9 and [d["value"] for d in red_combat.values() if d["returns"]] == [0]
    assert [d["ap"] for i, d in by_kind("action").items() if i.startswith("red:")] == [2, 3, 4, 5]
    assert by_kind("jump")["red:jump"]["copies"] == 3
    for card in GAME.cards():
        assert card.names.get("en") and card.names.get("it"), card.id


def test_the_italian_names_are_the_seeds_words_where_it_prints_them():
    """Seed: il Ladro, il Tesoro, the Troll, the goblin; "Combattimento +0", "2 Azioni", carte "Salta"."""
    italian = {card.id: card.names["it"] for card in GAME.cards()}
    assert (italian["character:thief"], italian["object:treasure"], italian["character:troll"], italian["character:goblin"]) == (
        "Ladro", "Tesoro", "Troll", "Goblin")
    assert (italian["red:combat:0"], italian["red:action:2"], italian["red:jump"]) == ("Combattimento +0", "2 Azioni", "Salta")
    assert GAME.card_edition.startswith("Dungeon Twister, Asmodée 2004")


def test_the_default_settings_are_the_numbers_printed_in_the_box():
    box, config = catalogue(), default_config()
    assert {key: (c.move, c.combat) for key, c in box.characters.items()} == config.stats
    assert (sorted(box.cards.combat.values), sorted(box.cards.action.values)) == (list(config.combat_cards), list(config.action_cards))
    objects = box.objects
    assert (objects["sword"].attack_bonus, objects["armour"].defence_bonus, objects["speed_potion"].ap) == (
        config.sword_bonus, config.armour_bonus, config.speed_potion_ap)


def test_an_italian_table_reads_the_italian_editions_names_on_its_screens():
    from ui import i18n

    i18n.set_language("it")
    try:
        for key, entry in {**catalogue().characters, **catalogue().objects}.items():
            assert render(pieces.piece(key)) == entry.names["it"], key
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("broken", "named"), [
    (("[characters.troll]\nnames = { en = \"Troll\", it = \"Troll\", fr = \"Troll\" }\nmove = 2\ncombat = 4",
      "[characters.troll]\nnames = { en = \"Troll\", it = \"Troll\", fr = \"Troll\" }\nmove = -2\ncombat = 4"), "characters.troll.move"),
    (("names = { en = \"Goblin\", it = \"Goblin\", fr = \"Gobelin\" }", "names = { en = \"Goblin\", fr = \"Gobelin\" }"),
     "characters.goblin.names"),
    (("names = { en = \"Combat +{n}\", it = \"Combattimento +{n}\" }", "names = { en = \"Combat\", it = \"Combattimento\" }"),
     "cards.combat.names"),
    (("[rooms.\"4g\"]", "[rooms.\"4x\"]\n[rooms.\"4g\"]"), "rooms"),
])
def test_a_bad_entry_names_the_card_and_the_field_and_nothing_is_loaded(broken, named):
    before = catalogue()
    old, new = broken
    assert old in GOOD
    with pytest.raises(RuleError) as caught:
        parse(GOOD.replace(old, new, 1))
    assert named in render(caught.value.text), render(caught.value.text)
    assert catalogue() is before and len(GAME.cards()) == 94 + 6 * 14  # and a token of each piece in every seat colour


def test_a_file_that_is_not_toml_is_refused_with_the_reason():
    with pytest.raises(RuleError) as caught:
        parse(GOOD + "\n[characters.troll\n")
    assert caught.value.code == "BAD_CARD_DATA"


def test_a_scanned_character_or_room_tag_means_nothing_yet():
    from companion.contract import TABLE

    from .helpers import start

    s = start()
    assert GAME.scan(s.state, "character:troll", TABLE) is None and GAME.scan(s.state, "room:1d", TABLE) is None
