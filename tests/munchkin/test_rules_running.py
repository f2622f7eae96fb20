"""Seed §Weglaufen and facts §2.5-2.6: at least a 5 escapes, with modifiers; one die per monster per
fighter, in the order the victim picks; bad stuff at once; death and looting the body. The seed's
cards are the cases: Rattenfänger (lose 1 item), Menschenfresser-Mond (won't pursue level 3 or lower;
lose your armour, without armour 2 levels), gezinkter Würfel (set the die)."""
from .helpers import do, equip, fight, gear, hand, level, line, pass_turn, phase, player, prompt, refused, set_level, start, uid, view


def running_from(card: str, s=None, helper: str | None = None):
    s = s or start()
    do(s, "kick", card=card)
    if helper:
        do(s, "helper", seat=helper)
    do(s, "run")
    return s


class TestEscape:
    def test_a_five_escapes_and_a_four_is_caught(self):
        s = running_from("slug")
        set_level(s, "Ann", 2)
        do(s, "roll", die=5)
        assert phase(s) == "charity" and level(s, "Ann") == 2
        s = running_from("slug")
        set_level(s, "Ann", 2)
        do(s, "roll", die=4)
        assert level(s, "Ann") == 1  # the slug's bad stuff: lose a level

    def test_an_elf_escapes_on_a_four(self):
        s = start()
        do(s, "become", card="elf")
        set_level(s, "Ann", 3)
        running_from("troll", s)
        do(s, "roll", die=4)
        assert level(s, "Ann") == 3 and phase(s) == "charity"

    def test_boots_and_the_monster_modify_the_roll(self):
        s = start()
        equip(s, "Ann", "boots")
        running_from("goblin", s)  # the goblin is easy to run from (+1), the boots +2
        assert s.analyse("odds")["escape"][0]["need"] == 2
        do(s, "roll", die=2)
        assert phase(s) == "charity"

    def test_the_man_eating_moon_lets_level_three_go_without_a_roll(self):
        s = start()
        set_level(s, "Ann", 3)
        do(s, "kick", card="man-eating-moon")
        assert s.analyse("odds")["escape"][0]["percent"] == 100
        step = do(s, "run")
        assert phase(s) == "charity" and "Man-Eating Moon does not pursue Ann" in line(s, step)

    def test_the_man_eating_moon_pursues_level_four(self):
        s = start()
        set_level(s, "Ann", 4)
        running_from("man-eating-moon", s)
        assert phase(s) == "run"

    def test_the_escape_number_is_a_setting(self):
        s = running_from("slug", start(combat={"escape_on": 4}))
        do(s, "roll", die=4)
        assert level(s, "Ann") == 1 and phase(s) == "charity"

    def test_there_is_no_running_from_a_fight_the_players_win(self):
        s = start()
        equip(s, "Ann", "sword")
        do(s, "kick", card="slug")
        refused(s, "WINNING", "run")

    def test_the_companion_rolls_when_no_face_is_given(self):
        s = running_from("slug")
        step = do(s, "roll")
        rolled = step.events[0]
        assert rolled.virtual and 1 <= rolled.die <= 6


class TestSeveralRolls:
    """Facts §2.5: fighter and helper roll separately for each monster, in the order the victim chooses."""

    def test_each_fighter_rolls_once_per_monster_in_the_order_chosen(self):
        s = start()
        do(s, "kick", card="slug")
        do(s, "wander", "Cy", card="goblin")
        do(s, "helper", seat="Bob")
        do(s, "run")
        goblin = fight(s)["monsters"][1]["uid"]
        assert len(fight(s)["to_roll"]) == 4
        do(s, "roll", "Ann", die=6, monster=goblin)  # Ann runs from the goblin first
        refused(s, "NOT_YOURS", "roll", "Ann", fighter="Bob", die=6)
        do(s, "roll", "Bob", die=6)
        assert [(r["seat"], r["monster"]) for r in fight(s)["rolls"]] == [("Ann", goblin), ("Bob", fight(s)["monsters"][0]["uid"])]
        do(s, "roll", die=6)
        do(s, "roll", die=6)
        assert phase(s) == "charity"

    def test_the_helper_can_be_caught_too(self):
        s = start()
        set_level(s, "Bob", 3)
        running_from("troll", s, helper="Bob")
        do(s, "roll", "Ann", die=6)
        do(s, "roll", "Bob", die=1)
        assert level(s, "Bob") == 2 and level(s, "Ann") == 1


class TestBadStuff:
    def test_the_pied_piper_takes_the_one_item_there_is(self):
        s = start()
        equip(s, "Ann", "helm")
        running_from("pied-piper", s)
        do(s, "roll", die=1)
        assert gear(s, "Ann") == {}

    def test_with_several_items_the_victim_chooses_which_one_the_pied_piper_takes(self):
        s = start()
        equip(s, "Ann", "helm", "sword")
        running_from("pied-piper", s)
        do(s, "roll", die=1)
        assert s.turn.acting == ("Ann",) and view(s)["owed"]["lose"] == "item" and "chooses" in prompt(s)
        refused(s, "CHOICE_OWED", "end_turn")
        refused(s, "NOT_YOURS", "lose", "Bob", items=[uid(s, "Ann", "Helm of Courage")])
        refused(s, "BAD_CHOICE", "lose", "Ann", items=[999])
        do(s, "lose", "Ann", items=[uid(s, "Ann", "Helm of Courage")])
        assert list(gear(s, "Ann")) == ["Broad Sword"] and phase(s) == "charity"

    def test_the_man_eating_moon_takes_the_armour(self):
        s = start()
        set_level(s, "Ann", 4)
        equip(s, "Ann", "mail")
        running_from("man-eating-moon", s)
        do(s, "roll", die=1)
        assert gear(s, "Ann") == {} and level(s, "Ann") == 4

    def test_without_armour_the_man_eating_moon_takes_two_levels_but_never_below_one(self):
        s = start()
        set_level(s, "Ann", 4)
        running_from("man-eating-moon", s)
        do(s, "roll", die=1)
        assert level(s, "Ann") == 2

    def test_a_curse_in_the_fight_can_bring_a_fighter_low_enough_to_be_let_go(self):
        s = start()
        set_level(s, "Ann", 4)
        do(s, "kick", card="man-eating-moon")
        do(s, "curse", "Bob", target="Ann", card="duck")  # down to 2: the moon lets level 2 go
        do(s, "run")
        assert phase(s) == "charity" and level(s, "Ann") == 2

    def test_a_loaded_die_sets_the_face_after_the_roll(self):
        s = running_from("slug")
        set_level(s, "Ann", 2)
        do(s, "roll", die=1, loaded=6)
        assert level(s, "Ann") == 2 and hand(s, "Ann") == 7

    def test_a_loaded_die_from_the_table(self):
        s = start()
        do(s, "item", card="loaded-die")
        die = uid(s, "Ann", "Loaded Die")
        running_from("slug", s)
        do(s, "roll", die=2, loaded=5, item=die)
        assert gear(s, "Ann") == {} and phase(s) == "charity"


class TestDeath:
    """Facts §2.6: the dead lose all their stuff to the body (not level, class, race or curses); from the
    highest level down each other player takes one card; the new character comes with the next turn
    and draws a fresh hand at the start of its own."""

    def dead_ann(self):
        s = start()
        set_level(s, "Ann", 5)
        set_level(s, "Bob", 3)
        set_level(s, "Cy", 4)
        do(s, "become", card="warrior")
        equip(s, "Ann", "helm", "sword")
        do(s, "kick", card="dragon")
        do(s, "run")
        do(s, "roll", die=1)
        return s

    def test_death_keeps_level_and_class_and_lays_out_the_rest(self):
        s = self.dead_ann()
        ann = player(s, "Ann")
        assert ann["dead"] and ann["level"] == 5 and [c["id"] for c in ann["classes"]] == ["warrior"] and ann["gear"] == [] and ann["hand"] == 0
        body = view(s)["bodies"][0]
        assert phase(s) == "loot" and [i["name"] for i in body["items"]] == ["Helm of Courage", "Broad Sword"] and body["hand"] == 8 - 3

    def test_the_highest_level_loots_first_and_looted_cards_go_to_the_hand(self):
        s = self.dead_ann()
        refused(s, "NOT_YET", "take", "Bob", hand=True)
        helm = view(s)["bodies"][0]["items"][0]["uid"]
        do(s, "take", "Cy", item=helm)
        refused(s, "NOT_A_LOOTER", "take", "Cy", hand=True)
        do(s, "take", "Bob", hand=True)
        assert (hand(s, "Cy"), hand(s, "Bob")) == (9, 9)
        assert view(s)["bodies"] == []  # the rest is discarded

    def test_the_dead_players_turn_ends_and_the_new_character_draws_a_fresh_hand_in_its_next_turn(self):
        s = self.dead_ann()
        do(s, "take", "Cy")
        do(s, "take", "Bob")
        assert s.turn.acting == ("Bob",) and not player(s, "Ann")["dead"] and hand(s, "Ann") == 0
        pass_turn(s)
        pass_turn(s)
        assert s.turn.acting == ("Ann",) and hand(s, "Ann") == 8

    def test_the_fresh_hand_adds_to_the_cards_received_after_the_revival(self):
        """Issue 20, error 5: 3 cards from charity, then a fresh hand of 8, make 11."""
        s = self.dead_ann()
        do(s, "take", "Cy")
        do(s, "take", "Bob")
        set_level(s, "Ann", 1)
        do(s, "hand", "Bob", count=6)
        do(s, "kick", "Bob", what="other")
        do(s, "loot", "Bob")
        do(s, "end_turn", "Bob")  # 8 cards: 3 to the lowest level, the revived Ann
        assert hand(s, "Ann") == 3
        pass_turn(s)
        assert s.turn.acting == ("Ann",) and hand(s, "Ann") == 3 + 8

    def test_the_dead_roll_no_more_and_receive_no_charity(self):
        s = start()
        set_level(s, "Ann", 2)
        do(s, "kick", card="dragon")
        do(s, "wander", "Cy", card="slug")
        do(s, "run")
        dragon = fight(s)["monsters"][0]["uid"]
        do(s, "roll", die=1, monster=dragon)
        assert phase(s) == "loot" and fight(s) is None

    def test_nobody_curses_the_dead(self):
        s = self.dead_ann()
        refused(s, "DEAD", "curse", "Bob", target="Ann", card="duck")
