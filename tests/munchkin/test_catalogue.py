"""Issue 20: the base set known card by card (data/base-set.toml): every door and treasure card, its
printed names and numbers, checked when loaded; a table corrects a card with its own."""
from collections import Counter

import pytest

from companion.cards import CardCatalogue
from companion.contract import TABLE, seat_viewer
from companion.errors import RuleError
from companion.games.munchkin import GAME
from companion.games.munchkin.config import BASE_SET
from companion.inputs import Option
from companion.messages import render
from companion.settings import DefaultSettings
from companion.table import Table

from .helpers import do, fight, gear, hand, level, line, pass_turn, player, prompt, refused, set_level, start, uid, view


def base_set() -> list[tuple[str, dict]]:
    return [(kind, card) for kind, cards in DefaultSettings("companion.games.munchkin", (BASE_SET,))().items() for card in cards]


def deck(kind: str, card: dict) -> str:
    if kind == "specials":
        return card["deck"]
    return "treasure" if kind == "items" else "door"


def test_the_base_set_holds_168_cards_95_doors_and_73_treasures():
    counted = Counter()
    for kind, card in base_set():
        counted[deck(kind, card)] += card.get("copies", 1)
    assert counted == {"door": 95, "treasure": 73}


def test_every_base_set_card_is_known_with_its_english_and_german_name():
    known = {card.id: card for card in GAME.cards()}
    for _kind, card in base_set():
        assert set(known[card["id"]].names) >= {"en", "de"}, card["id"]


def test_a_card_shows_in_the_tables_language():
    import gettext

    from companion import i18n

    card = next(c for c in GAME.cards() if c.id == "plutonium-dragon")
    before = i18n.language()
    try:
        i18n.use(gettext.NullTranslations(), "de")
        assert render(card.name) == "Plutoniumdrache"
    finally:
        i18n.use(gettext.NullTranslations(), before)


def test_a_base_set_monster_is_fought_with_its_printed_numbers_and_its_bad_stuff_applied():
    s = start()
    do(s, "become", card="elf")
    do(s, "kick", card="drooling-slime")  # level 1, +4 against elves
    assert s.public_view().to_json()["combat"]["monsters_strength"] == 5
    do(s, "run")
    do(s, "roll", die=1)  # no footgear: a level instead, but never below 1
    assert level(s, "Ann") == 1


def test_lose_two_cards_gives_one_to_the_player_on_each_side():
    s = start()
    do(s, "curse", "Bob", target="Cy", card="lose-two-cards")  # Cy's left is Ann (next in turn), the right Bob
    assert hand(s, "Cy") == 8 - 2 and hand(s, "Bob") == 8 - 1 + 1 and hand(s, "Ann") == 8 + 1


class TestBadStuffAsked:
    """Issue 20: bad stuff that rolls a die or lets other players choose is asked, then applied."""

    def caught_by(self, card, **roll):
        s = start()
        do(s, "kick", card=card)
        do(s, "run")
        do(s, "roll", die=1, **roll)
        return s

    def test_the_orcs_roll_a_die_for_levels(self):
        s = start()
        set_level(s, "Ann", 6)
        do(s, "kick", card="3872-orcs")
        do(s, "run")
        do(s, "roll", die=1, bad_die=4)
        assert level(s, "Ann") == 2 and not player(s, "Ann")["dead"]

    def test_the_orcs_kill_on_one_or_two(self):
        s = self.caught_by("3872-orcs", bad_die=2)
        assert player(s, "Ann")["dead"]

    def test_without_a_face_the_companion_rolls_the_bad_stuff_and_says_so(self):
        s = start()
        set_level(s, "Ann", 8)
        do(s, "kick", card="3872-orcs")
        do(s, "run")
        step = do(s, "roll", die=1)
        face = s.state.last_die
        assert "the die shows" in line(s, step)
        assert player(s, "Ann")["dead"] if face <= 2 else level(s, "Ann") == 8 - face

    def test_the_menu_asks_the_bad_stuff_die_only_when_the_roll_is_caught(self):
        s = start()
        do(s, "kick", card="3872-orcs")
        do(s, "run")
        roll = next(o for o in GAME.options(s.state, TABLE) if o.command.get("cmd") == "roll" and o.asks)
        bad = next(a for a in roll.asks if a.arg == "bad_die")
        assert not bad.asked({**roll.command, "die": 6}) and bad.asked({**roll.command, "die": 2})

    def test_snails_take_items_or_cards_the_victim_chooses(self):
        s = start()
        do(s, "item", card="helm-of-courage")
        do(s, "item", card="leather-armor")
        do(s, "kick", card="snails-on-speed")
        do(s, "run")
        do(s, "roll", die=1, bad_die=3)
        assert view(s)["owed"]["lose"] == "things" and view(s)["owed"]["count"] == 3
        refused(s, "BAD_CHOICE", "lose", items=[uid(s, "Ann", "Helm of Courage")])
        labels = [render(o.label) for o in GAME.options(s.state, TABLE)]
        assert "Ann loses 3 cards of the hand" in labels and "Ann loses Helm of Courage, Leather Armor, 1 card of the hand" in labels
        held = hand(s, "Ann")
        do(s, "lose", items=[uid(s, "Ann", "Helm of Courage")], cards=2)
        assert list(gear(s, "Ann")) == ["Leather Armor"] and hand(s, "Ann") == held - 2 and view(s)["owed"] is None

    def test_lawyers_give_every_other_player_a_card_of_the_hand(self):
        s = self.caught_by("lawyers")
        assert hand(s, "Ann") == 8 - 2 and hand(s, "Bob") == hand(s, "Cy") == 8 + 1

    def test_the_leperchauns_items_are_picked_by_the_players_left_and_right(self):
        s = start()
        for card in ("helm-of-courage", "sandals-of-protection", "kneepads-of-allure"):
            do(s, "item", card=card)
        do(s, "kick", card="leperchaun")
        do(s, "run")
        do(s, "roll", die=1)
        assert view(s)["owed"]["chooser"] == "Bob" and "Bob chooses" in prompt(s)
        assert GAME.options(s.state, seat_viewer("Ann")) == [] and s.turn.acting == ("Bob",)
        assert {render(o.label) for o in GAME.options(s.state, seat_viewer("Bob"))} == {
            "Ann loses Helm of Courage", "Ann loses Sandals of Protection", "Ann loses Kneepads of Allure"}
        refused(s, "NOT_YOURS", "lose", "Ann", items=[uid(s, "Ann", "Helm of Courage")])
        do(s, "lose", "Bob", items=[uid(s, "Ann", "Helm of Courage")])
        assert view(s)["owed"]["chooser"] == "Cy"
        do(s, "lose", "Cy", items=[uid(s, "Ann", "Kneepads of Allure")])
        assert list(gear(s, "Ann")) == ["Sandals of Protection"] and view(s)["owed"] is None


def test_a_curse_that_takes_a_class_costs_a_level_without_one():
    s = start()
    do(s, "adjust", seat="Cy", levels=2)
    do(s, "curse", "Bob", target="Cy", card="lose-your-class")
    assert level(s, "Cy") == 2 and player(s, "Cy")["classes"] == []


def test_a_table_corrects_a_card_with_its_own():
    s = start(house={"items": [{"id": "tuba-of-charm", "names": {"en": "Tuba of Charm"}, "slot": "hand", "big": True, "gold": 300}]})
    assert s.state.config.items["tuba-of-charm"].run == 0


class TestAbilities:
    """The base set's classes and races, their abilities applied (issue 20)."""

    def test_a_warrior_discards_up_to_three_cards_for_plus_one_each_in_a_fight(self):
        s = start()
        do(s, "become", card="warrior")
        do(s, "kick", card="pied-piper")  # level 8 against level 1
        do(s, "ability", power="berserk", cards=2)
        do(s, "ability", power="berserk", cards=1)
        refused(s, "BAD_ARGUMENTS", "ability", power="berserk", cards=1)
        assert fight(s)["players_strength"] == 1 + 3 and hand(s, "Ann") == 8 - 1 - 3

    def test_a_cleric_turns_the_undead_for_plus_three_a_card(self):
        s = start()
        do(s, "become", card="cleric")
        do(s, "kick", card="mr-bones")
        do(s, "ability", power="turning", cards=1)
        assert fight(s)["players_strength"] == 1 + 3
        refused(s, "NO_ABILITY", "ability", power="berserk", cards=1)

    def test_turning_is_only_against_the_undead(self):
        s = start()
        do(s, "become", card="cleric")
        do(s, "kick", card="lame-goblin")
        refused(s, "NOT_UNDEAD", "ability", power="turning", cards=1)

    def test_a_thief_backstabs_a_fighter_once_a_fight(self):
        s = start()
        do(s, "become", card="thief")
        pass_turn(s)
        do(s, "kick", "Bob", card="lame-goblin")
        do(s, "ability", "Ann", power="backstab", target="Bob")
        assert fight(s)["players_strength"] == 1 - 2 and not fight(s)["winning"]
        refused(s, "ONCE_A_FIGHT", "ability", "Ann", power="backstab", target="Bob")

    def test_a_wizard_charms_a_monster_away_with_the_whole_hand_and_takes_its_treasure(self):
        s = start()
        do(s, "become", card="wizard")
        do(s, "kick", card="plutonium-dragon")
        do(s, "ability", power="charm")
        assert fight(s) is None and level(s, "Ann") == 1 and hand(s, "Ann") == 5

    def test_a_wizards_flight_adds_the_cards_discarded_to_a_run_away_roll(self):
        s = start()
        do(s, "become", card="wizard")
        do(s, "kick", card="pied-piper")
        do(s, "run")
        do(s, "roll", die=3, flight=2)  # 3 + 2 escapes
        assert level(s, "Ann") == 1 and gear(s, "Ann") == {} and hand(s, "Ann") == 8 - 1 - 2

    def test_the_menu_offers_the_abilities_of_the_fighters_classes(self):
        s = start()
        do(s, "become", card="warrior")
        do(s, "kick", card="pied-piper")
        berserk = next(o for o in GAME.options(s.state, TABLE) if o.command.get("cmd") == "ability")
        assert render(berserk.label) == "Discard cards for Warrior" and [c.value for c in berserk.asks[0].choices] == [1, 2, 3]

    def test_a_halfling_sells_one_item_a_turn_for_double(self):
        s = start()
        refused(s, "NO_ABILITY", "sell", cards=["magic-lamp"], double=True)
        do(s, "become", card="halfling")
        do(s, "sell", cards=["magic-lamp"], double=True)  # 500 gold, doubled: a level
        assert level(s, "Ann") == 2
        refused(s, "ONCE_A_TURN", "sell", cards=["magic-lamp"], double=True)


def test_every_card_played_with_play_is_applied_and_a_wrong_moment_changes_nothing():
    s = start()
    c = s.state.config
    assert not [i.id for i in c.items.values() if i.by_hand] and not [x.id for x in c.specials.values() if x.does == "other" and not x.applies]
    refused(s, "NOT_NOW", "play", "Bob", card="help-me-out-here", item=1)
    assert hand(s, "Bob") == 8
    refused(s, "HAS_A_COMMAND", "play", "Bob", card="plutonium-dragon")
    refused(s, "BAD_ARGUMENTS", "play", "Bob", card="help-me-out-here", target="Cy")


def answered(option, card):
    """What the buttons send for a scanned card's option, YES on the choice each question starts on (a
    choice that is a move of its own: its questions follow); no more than one question, and at the
    table's shared reader one more first: who plays a card anyone may play (issue 22)."""
    picked, asked = dict(option.command), []
    for ask in option.asks:
        if not ask.asked(picked):
            continue
        asked.append(ask.arg)
        value = ask.choices[ask.start(picked)].value
        if isinstance(value, Option):
            return answered(value, card)
        picked[ask.arg] = value
    assert len(asked) <= 1 or (len(asked) == 2 and asked[0] == "seat"), (card, asked)
    return picked


class TestEveryCardScanned:
    """Issue 20: a whole game with every card drawn scanned meets no "not in the catalogue", and a
    scanned card is played with at most one more gesture (the choice one question starts on), at the
    table's shared reader one more for who plays a card anyone may play."""

    def played(self, s, card, by=TABLE):
        """Scan `card` now and play what it means with at most one more gesture (two at the table's
        reader, for who plays it); False when it means nothing now."""
        answer = GAME.scan(s.state, card, by)
        if answer is None:
            return False
        if isinstance(answer, Option):
            answer = answered(answer, card)
        try:
            s.apply(answer, by=by)
        except RuleError:  # offered, but not allowed in this scene (a second class): another scene plays it
            return False
        return True

    def scenes(self):
        """Ways a card comes to be played: before the door, in the turn, in a fight, running away."""
        def door(s):
            pass

        def turn(s):
            do(s, "kick", what="other")
            do(s, "become", card="warrior")

        def combat(s):
            do(s, "kick", card="lame-goblin")

        def running(s):
            do(s, "kick", card="plutonium-dragon")
            do(s, "run")

        def escaping(s):  # Ann escaped, her helper still to roll
            do(s, "kick", card="stoned-golem")
            do(s, "helper", seat="Bob")
            do(s, "run")
            do(s, "roll", die=6)

        def cursed(s):  # a curse in effect, a Hireling in play, a player above level 1
            do(s, "item", card="hireling")
            do(s, "curse", "Bob", target="Cy", card="chicken-on-your-head")
            do(s, "adjust", seat="Bob", levels=2)
        return (door, turn, combat, running, escaping, cursed)

    @pytest.mark.parametrize("card", [c.id for c in GAME.cards()])
    def test_the_card_is_known_and_played_when_scanned(self, card):
        played = []
        for scene in self.scenes():
            s = start()
            scene(s)
            if self.played(s, card):
                played.append(scene.__name__)
        kind = next(c.kind for c in GAME.cards() if c.id == card)
        assert played, card
        if kind in ("monster", "curse", "enhancer", "class_or_race") or card in ("wandering-monster", "mate", "cheat"):
            assert "door" in played  # the door card behind the door

    def test_a_wandering_monster_card_asks_which_monster_and_the_next_scan_answers(self, tmp_path):
        s = start()
        do(s, "kick", card="lame-goblin")
        with CardCatalogue(tmp_path / "cards.db") as catalogue:
            catalogue.enrol("04a1b2c3", "munchkin", "wandering-monster")
            catalogue.enrol("04a2b2c3", "munchkin", "bigfoot")
            table = Table(s, catalogue)
            assert table.card("04a1b2c3", None).kind == "selected"
            table.card("04a2b2c3", None)
        assert [m["name"] for m in fight(s)["monsters"]] == ["Lame Goblin", "Bigfoot"] and hand(s, "Ann") == 8 - 2


class TestSexes:
    """Cards that name a sex (the base set's Broad Sword, Gentlemen's Club, Change Sex): the player's own
    unless said otherwise (facts §2.1); a sex nobody said lets such an item count."""

    def test_an_item_for_one_sex_counts_for_that_sex_only(self):
        s = start()
        do(s, "item", card="broad-sword")
        assert player(s, "Ann")["strength"] == 1 + 3
        do(s, "sex", sex="male")
        assert player(s, "Ann")["strength"] == 1 and player(s, "Ann")["sex"] == "male"

    def test_the_change_sex_curse_changes_it(self):
        s = start()
        do(s, "sex", "Cy", sex="female")
        do(s, "curse", "Bob", target="Cy", card="change-sex")
        assert player(s, "Cy")["sex"] == "male"
        refused(s, "NO_CHANGE", "sex", "Cy", sex="male")


class TestRestrictions:
    """Facts §2.8: "usable by X only", "not for X", "humans only": such an item may be carried, never
    used by the wrong character; one that becomes unusable (a class or race gone or taken, a sex changed)
    is turned sideways into the backpack (seed §Gegenstände)."""

    def test_humans_only_is_refused_to_a_character_with_a_race(self):
        s = start()
        do(s, "become", card="elf")
        do(s, "item", card="bad-ass-bandana")
        bandana = gear(s, "Ann")["Bad-Ass Bandana"]
        assert not bandana["equipped"] and player(s, "Ann")["strength"] == 1
        error = refused(s, "NOT_USABLE", "equip", item=bandana["uid"])
        assert "humans only" in render(error.text)

    def test_taking_a_race_puts_a_humans_only_item_in_the_backpack(self):
        s = start()
        do(s, "item", card="bad-ass-bandana")
        assert player(s, "Ann")["strength"] == 1 + 3
        do(s, "become", card="dwarf")
        assert not gear(s, "Ann")["Bad-Ass Bandana"]["equipped"] and player(s, "Ann")["strength"] == 1
        do(s, "drop", card="dwarf")
        do(s, "equip", item=gear(s, "Ann")["Bad-Ass Bandana"]["uid"])
        assert player(s, "Ann")["strength"] == 1 + 3

    def test_not_for_a_class_is_refused_to_that_class(self):
        s = start()
        do(s, "become", card="wizard")
        do(s, "item", card="mithril-armor")
        armour = gear(s, "Ann")["Mithril Armor"]
        assert not armour["equipped"]
        assert "not for a Wizard" in render(refused(s, "NOT_USABLE", "equip", item=armour["uid"]).text)
        assert not any(o.command == {"cmd": "equip", "item": armour["uid"]} for o in GAME.options(s.state, TABLE))

    def test_becoming_the_class_an_item_is_not_for_puts_it_away(self):
        s = start()
        do(s, "item", card="pantyhose-of-giant-strength")
        do(s, "become", card="warrior")
        assert not gear(s, "Ann")["Pantyhose of Giant Strength"]["equipped"] and player(s, "Ann")["strength"] == 1

    def test_usable_by_a_class_only_needs_that_class_and_losing_it_puts_the_item_away(self):
        s = start()
        do(s, "item", card="staff-of-napalm")
        staff = gear(s, "Ann")["Staff of Napalm"]
        assert not staff["equipped"]
        assert "only for a Wizard" in render(refused(s, "NOT_USABLE", "equip", item=staff["uid"]).text)
        do(s, "become", card="wizard")
        do(s, "equip", item=staff["uid"])
        assert player(s, "Ann")["strength"] == 1 + 5
        do(s, "curse", "Bob", target="Ann", card="lose-your-class")
        assert not gear(s, "Ann")["Staff of Napalm"]["equipped"] and player(s, "Ann")["strength"] == 1

    def test_a_scanned_item_its_player_cannot_use_is_offered_only_carried(self):
        s = start()
        do(s, "become", card="elf")
        offer = GAME.scan(s.state, "swiss-army-polearm", TABLE)
        assert isinstance(offer, Option) and [c.value for c in offer.asks[0].choices] == [False]
