"""Seed §Gegenstände, §Gegenstände verkaufen, §Gegenstände handeln, §Klassen; facts §2.8-2.10: slots,
one Big item, equipped and carried, selling for levels, trading, classes and races, curses."""
from .helpers import do, equip, gear, hand, level, pass_turn, player, refused, set_level, start, uid


class TestSlots:
    """Seed §Gegenstände: 1 headgear, 1 armour, 1 footgear, two 1-hand items or one 2-hands item."""

    def test_a_second_headgear_is_carried_not_worn(self):
        s = start()
        equip(s, "Ann", "helm", "helm-2")
        assert gear(s, "Ann")["Helm of Courage"]["equipped"] and not gear(s, "Ann")["Horned Helmet"]["equipped"]
        refused(s, "SLOT_TAKEN", "equip", item=uid(s, "Ann", "Horned Helmet"))

    def test_swapping_headgear_through_the_backpack(self):
        s = start()
        equip(s, "Ann", "helm", "helm-2")
        do(s, "unequip", item=uid(s, "Ann", "Helm of Courage"))
        do(s, "equip", item=uid(s, "Ann", "Horned Helmet"))
        assert player(s, "Ann")["strength"] == 1 + 2

    def test_two_hands_hold_two_one_hand_items_or_one_two_hands_item(self):
        s = start()
        equip(s, "Ann", "sword", "club", "pole")
        worn = {name: g["equipped"] for name, g in gear(s, "Ann").items()}
        assert worn == {"Broad Sword": True, "Big Club": True, "Eleven-Foot Pole": False}
        do(s, "unequip", item=uid(s, "Ann", "Big Club"))
        refused(s, "SLOT_TAKEN", "equip", item=uid(s, "Ann", "Eleven-Foot Pole"))
        do(s, "unequip", item=uid(s, "Ann", "Broad Sword"))
        do(s, "equip", item=uid(s, "Ann", "Eleven-Foot Pole"))

    def test_items_without_a_slot_stack(self):
        s = start()
        do(s, "item", name="Lucky charm", bonus=1)
        do(s, "item", name="Rabbit foot", bonus=1)
        assert player(s, "Ann")["strength"] == 3

    def test_only_one_big_item_unless_a_dwarf(self):
        s = start()
        equip(s, "Ann", "mail")
        refused(s, "ONE_BIG_ITEM", "item", card="ladder")
        do(s, "become", card="dwarf")
        equip(s, "Ann", "ladder")
        assert len(gear(s, "Ann")) == 2

    def test_items_are_played_in_your_own_turn(self):
        s = start()
        refused(s, "NOT_YOUR_TURN", "item", "Bob", card="helm")
        equip(s, "Ann", "helm")
        refused(s, "NOT_YOUR_TURN", "unequip", "Bob", item=uid(s, "Ann", "Helm of Courage"))
        assert hand(s, "Ann") == 7

    def test_a_helper_plays_an_item_or_a_class_from_the_treasures_the_moment_they_arrive(self):
        """Seed §Gegenstände, §Klassen: "oder in dem Moment, in dem du sie erhältst" (issue 20, error 6)."""
        s = start()
        do(s, "kick", card="goblin")
        do(s, "helper", "Ann", seat="Bob")
        do(s, "enhance", "Cy", name="Treasure trove", bonus=0, treasures=1)  # 2 treasures: both for Bob
        do(s, "fight", helper_treasures=2)
        do(s, "item", "Bob", card="helm")
        do(s, "become", "Bob", card="thief")
        assert gear(s, "Bob")["Helm of Courage"]["equipped"] and [c["id"] for c in player(s, "Bob")["classes"]] == ["thief"]
        refused(s, "NOT_YOUR_TURN", "item", "Bob", card="sword")  # only the cards just received

    def test_cards_given_as_charity_may_be_played_the_moment_they_arrive(self):
        s = start()
        set_level(s, "Ann", 2)
        set_level(s, "Bob", 2)
        do(s, "kick", "Ann", what="other")
        do(s, "loot", "Ann")
        do(s, "end_turn", "Ann")  # 10 cards: 5 to Cy, the lowest level
        assert s.turn.acting == ("Bob",) and hand(s, "Cy") == 8 + 5
        do(s, "item", "Cy", card="helm")
        assert gear(s, "Cy")["Helm of Courage"]["equipped"]

    def test_the_moment_of_receiving_ends_when_the_next_turn_starts(self):
        s = start()
        do(s, "kick", card="goblin")
        do(s, "helper", "Ann", seat="Bob")
        do(s, "fight", helper_treasures=1)
        do(s, "hand", "Ann", count=5)
        do(s, "end_turn", "Ann")
        pass_turn(s)  # Bob's own turn, then Cy's
        refused(s, "NOT_YOUR_TURN", "item", "Bob", card="helm")


class TestSelling:
    """Seed §Gegenstände verkaufen: 1000 gold for a level, no change, in your turn, not in a fight; never level 10."""

    def test_a_thousand_gold_gives_a_level_and_no_change(self):
        s = start()
        equip(s, "Ann", "mail", "sword")
        do(s, "sell", items=[uid(s, "Ann", "Mithril Armour"), uid(s, "Ann", "Broad Sword")], gold=[400])  # 600 + 400 + 400
        assert level(s, "Ann") == 2 and gear(s, "Ann") == {} and hand(s, "Ann") == 8 - 2 - 1

    def test_two_thousand_give_two_levels_from_the_hand_and_the_table(self):
        s = start()
        equip(s, "Ann", "helm-2")
        do(s, "sell", items=[uid(s, "Ann", "Horned Helmet")], cards=["loaded-die"], gold=[500, 600])  # 600 + 300 + 1100
        assert level(s, "Ann") == 3

    def test_too_little_gold_or_someone_elses_item_is_refused(self):
        s = start()
        equip(s, "Ann", "helm")
        refused(s, "NOT_ENOUGH_GOLD", "sell", items=[uid(s, "Ann", "Helm of Courage")])
        refused(s, "NOTHING_TO_SELL", "sell")
        refused(s, "NO_ITEM", "sell", items=[999])
        refused(s, "NOT_YOUR_TURN", "sell", "Bob", gold=[1000])

    def test_selling_never_gives_the_winning_level(self):
        s = start()
        set_level(s, "Ann", 8)
        do(s, "sell", gold=[1000, 1000])  # would be 10: stays at 9
        assert level(s, "Ann") == 9
        refused(s, "NOT_THE_TENTH", "sell", gold=[1000])


class TestTrading:
    """Seed §Gegenstände handeln: items on the table, any time, not while either is in a fight; laid out at once."""

    def test_an_item_given_arrives_carried(self):
        s = start()
        equip(s, "Ann", "sword")
        do(s, "give", "Ann", item=uid(s, "Ann", "Broad Sword"), to="Bob")
        assert gear(s, "Ann") == {} and not gear(s, "Bob")["Broad Sword"]["equipped"]

    def test_no_trading_while_in_a_fight(self):
        s = start()
        equip(s, "Ann", "sword")
        do(s, "kick", card="pied-piper")
        refused(s, "IN_FIGHT", "give", "Ann", item=uid(s, "Ann", "Broad Sword"), to="Cy")

    def test_a_seat_gives_only_its_own_items(self):
        s = start()
        equip(s, "Ann", "sword")
        refused(s, "NO_ITEM", "give", "Bob", item=uid(s, "Ann", "Broad Sword"), to="Bob")


class TestClassesAndRaces:
    """Seed §Klassen: one class at a time; facts §2.9: one race; two with Super Munchkin / Half-Breed."""

    def test_one_class_at_a_time(self):
        s = start()
        do(s, "become", card="warrior")
        refused(s, "ROLE_LIMIT", "become", card="thief")
        do(s, "drop", card="warrior")
        do(s, "become", card="thief")
        assert [c["id"] for c in player(s, "Ann")["classes"]] == ["thief"]

    def test_super_munchkin_allows_a_second_class_and_goes_with_the_last_one(self):
        s = start()
        refused(s, "NEEDS_ROLE", "become", card="super-munchkin")
        do(s, "become", card="warrior")
        do(s, "become", card="super-munchkin")
        do(s, "become", card="thief")
        assert [c["id"] for c in player(s, "Ann")["classes"]] == ["warrior", "thief"]
        refused(s, "DROP_ONE_FIRST", "drop", card="super-munchkin")
        do(s, "drop", card="thief")
        do(s, "drop", card="warrior")
        assert player(s, "Ann")["extras"] == []

    def test_a_race_and_a_class_together_and_half_breed_for_two_races(self):
        s = start()
        do(s, "become", card="elf")
        do(s, "become", card="wizard")
        refused(s, "ROLE_LIMIT", "become", card="dwarf")
        do(s, "become", card="half-breed")
        do(s, "become", card="dwarf")
        assert [r["id"] for r in player(s, "Ann")["races"]] == ["elf", "dwarf"]

    def test_a_class_is_played_in_your_own_turn_and_dropped_any_time(self):
        s = start()
        refused(s, "NOT_YOUR_TURN", "become", "Bob", card="warrior")
        do(s, "become", card="warrior")
        pass_turn(s)
        do(s, "drop", "Ann", card="warrior")
        assert player(s, "Ann")["classes"] == []


class TestCurses:
    """Facts §2.10: a curse from the hand on anyone, any time; the victim chooses; levels never below 1."""

    def test_a_curse_from_the_hand_on_another_player(self):
        s = start()
        set_level(s, "Bob", 5)
        do(s, "curse", "Cy", target="Bob", card="duck")
        assert level(s, "Bob") == 3 and hand(s, "Cy") == 7

    def test_levels_never_drop_below_one(self):
        s = start()
        do(s, "curse", "Cy", target="Bob", levels=3, name="Lightning")
        assert level(s, "Bob") == 1

    def test_losing_the_class_with_super_munchkin_asks_which(self):
        s = start()
        do(s, "become", card="warrior")
        do(s, "become", card="super-munchkin")
        do(s, "become", card="thief")
        do(s, "curse", "Bob", target="Ann", card="lose-class")
        assert s.turn.acting == ("Ann",)
        do(s, "lose", "Ann", roles=["thief"])
        assert [c["id"] for c in player(s, "Ann")["classes"]] == ["warrior"]

    def test_a_curse_on_one_of_several_items_may_name_it_at_once(self):
        s = start()
        equip(s, "Ann", "helm", "sword")
        do(s, "curse", "Bob", target="Ann", card="lose-item", items=[uid(s, "Ann", "Broad Sword")])
        assert list(gear(s, "Ann")) == ["Helm of Courage"]

    def test_a_lasting_curse_stays_until_lifted(self):
        s = start()
        do(s, "curse", "Bob", target="Ann", card="chicken")
        curse = player(s, "Ann")["curses"][0]["uid"]
        refused(s, "NOT_YOURS", "lift", "Bob", seat="Ann", curse=curse)
        do(s, "lift", "Ann", seat="Ann", curse=curse)
        assert player(s, "Ann")["curses"] == [] and player(s, "Ann")["strength"] == 1
