"""Seed, §Inizia il combattimento, §Combattimento di gruppo, §Personaggi feriti, §Portare personaggi
feriti and §Carte Combattimento: totals, group fights, ties, wounds and deaths, the combat cards.

Combat values (facts §3.6): Troll 4, Warrior 3, Thief 2, Cleric 2, Goblin 1. Both lines hold the Troll,
the Warrior, the Thief and the Cleric.
"""
import json

import pytest

from companion.contract import TABLE
from companion.errors import RuleError

from .helpers import BLUE, RED, active, ap, appear, character, do, end_turn, fight, line, obj, player, prompt, red_to_act, refused, start, status, turn, view


def blue_thief_wounded_last_turn():
    """Red wounds blue's Thief in turn 1; blue passes turn 2; red plays its 3 in turn 3."""
    s = red_to_act()
    fight(s, ["troll"], ["thief"], {"red": 6, "blue": 0})
    end_turn(s)
    turn(s, 2)
    end_turn(s)
    turn(s, 3)
    return s


class TestOneAgainstOne:
    def test_the_higher_total_wins_and_the_loser_is_wounded(self):
        s = red_to_act()
        fight(s, ["troll"], ["thief"], {"red": 3, "blue": 1})  # 4 + 3 against 2 + 1
        assert status(s, "blue:thief") == "wounded" and status(s, "red:troll") == "maze"
        assert view(s)["last_combat"]["totals"] == {"red": 7, "blue": 3}
        assert character(s, "blue:thief")["wounded_this_turn"]
        assert player(s, "red")["vp"] == 0  # a wound scores nothing

    def test_the_defender_wins_and_the_attacker_is_wounded(self):
        s = red_to_act()
        fight(s, ["thief"], ["troll"], {"red": 1, "blue": 0})  # 2 + 1 against 4 + 0
        assert status(s, "red:thief") == "wounded" and status(s, "blue:troll") == "maze"
        assert view(s)["last_combat"]["winner"] == "blue"

    def test_attacking_costs_one_ap_and_the_fight_waits_for_both_cards(self):
        s = red_to_act(3)
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        assert ap(s) == 2 and s.turn.phase == "combat" and s.turn.acting == ("red", "blue")
        refused(s, "NOT_NOW", "move", character="warrior")
        refused(s, "NOT_NOW", "end_turn")

    def test_the_defender_may_choose_first(self):
        s = red_to_act()
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        do(s, "choose", by=BLUE, card=4)
        assert s.turn.acting == ("red",)
        do(s, "choose", by=RED, card=0)
        assert view(s)["last_combat"]["winner"] == "blue"  # 4 + 0 against 2 + 4

    def test_only_adjacent_enemies_standing_in_the_maze_can_be_attacked(self):
        s = red_to_act()
        refused(s, "NOT_IN_MAZE", "attack", attackers=["troll"], defenders=["goblin"])  # face down in a room
        refused(s, "WRONG_COLOUR", "attack", attackers=["troll"], defenders=["red:thief"])
        refused(s, "NAME_THE_FIGHTERS", "attack", attackers=["troll"], defenders=[])
        refused(s, "NOT_IN_MAZE", "attack", attackers=["goblin"], defenders=["thief"])


class TestTies:
    """"In case of a tie nothing happens, and the player whose turn it is may spend 1 new AP to start a new combat.\""""

    def test_a_tie_wounds_nobody_and_uses_up_both_cards(self):
        s = red_to_act(3, first="red")
        fight(s, ["troll"], ["warrior"], {"red": 1, "blue": 2})  # 5 against 5
        assert status(s, "red:troll") == "maze" and status(s, "blue:warrior") == "maze"
        assert player(s, "red")["combat_cards_left"] == 8 and player(s, "blue")["combat_cards_left"] == 8
        assert view(s)["last_combat"]["winner"] is None and view(s)["last_combat"]["totals"] == {"red": 5, "blue": 5}

    def test_the_attacker_may_pay_one_ap_to_fight_again(self):
        s = red_to_act()
        fight(s, ["troll"], ["warrior"], {"red": 1, "blue": 2})
        again = [o for o in s.game.options(s.state, TABLE) if o.command.get("attackers") == ["red:troll"]]
        assert again and again[0].command == {"cmd": "attack", "attackers": ["red:troll"], "defenders": ["blue:warrior"]}
        do(s, **again[0].command)
        assert ap(s) == 0 and s.turn.phase == "combat"
        do(s, "choose", by=RED, card=6)
        do(s, "choose", by=BLUE, card=0)
        assert status(s, "blue:warrior") == "wounded"
        assert active(s) == "blue"  # the second fight spent the last AP

    def test_with_no_ap_left_after_a_tie_the_turn_passes(self):
        s = start()
        turn(s, 2)
        do(s, "move", character="warrior")
        fight(s, ["troll"], ["warrior"], {"red": 1, "blue": 2})
        assert active(s) == "blue"


class TestGroupCombat:
    """"All living (unwounded) characters must take part … every character of the loser is wounded.\""""

    def test_each_side_adds_its_characters_and_plays_one_card(self):
        s = red_to_act()
        fight(s, ["troll", "warrior"], ["thief", "cleric"], {"red": 0, "blue": 2})  # 7 against 6
        assert view(s)["last_combat"]["totals"] == {"red": 7, "blue": 6}
        assert status(s, "blue:thief") == status(s, "blue:cleric") == "wounded"
        assert player(s, "red")["combat_cards_left"] == 9 and player(s, "blue")["combat_cards_left"] == 8

    def test_a_group_that_loses_is_wounded_to_the_last(self):
        s = red_to_act()
        fight(s, ["thief", "cleric"], ["troll", "warrior"], {"red": 1, "blue": 0})  # 5 against 7
        assert status(s, "red:thief") == status(s, "red:cleric") == "wounded"

    def test_a_wounded_character_never_joins_a_group(self):
        s = blue_thief_wounded_last_turn()
        refused(s, "WOUNDED_ALONE", "attack", attackers=["troll"], defenders=["thief", "cleric"])


class TestWoundsAndDeaths:
    def test_a_wounded_character_cannot_act_nor_attack(self):
        s = red_to_act()
        fight(s, ["thief"], ["troll"], {"red": 0, "blue": 0})
        refused(s, "WOUNDED", "move", character="thief")
        refused(s, "WOUNDED", "attack", attackers=["thief"], defenders=["cleric"])
        refused(s, "WOUNDED", "jump", character="thief")

    def test_a_character_wounded_this_turn_cannot_be_attacked_again(self):
        """"…even if another character inflicted the wounds.\""""
        s = red_to_act(2)
        fight(s, ["troll"], ["thief"], {"red": 6, "blue": 0})
        refused(s, "WOUNDED_THIS_TURN", "attack", attackers=["warrior"], defenders=["thief"])

    def test_a_wounded_loser_dies_and_the_winner_scores(self):
        s = blue_thief_wounded_last_turn()
        step = fight(s, ["warrior"], ["thief"], {"red": 1, "blue": 5})  # 3 + 1 against 0 + 5: blue wins!
        assert status(s, "red:warrior") == "wounded" and status(s, "blue:thief") == "wounded"
        assert "blue wins the fight" in line(s, step)
        fight(s, ["troll"], ["thief"], {"red": 2, "blue": 0})  # 6 against 0
        assert status(s, "blue:thief") == "dead" and player(s, "red")["vp"] == 1

    def test_a_wounded_defender_counts_zero_but_plays_a_card(self):
        s = blue_thief_wounded_last_turn()
        fight(s, ["troll"], ["thief"], {"red": 0, "blue": 6})  # 4 against 0 + 6
        assert view(s)["last_combat"]["totals"] == {"red": 4, "blue": 6}
        assert status(s, "red:troll") == "wounded" and status(s, "blue:thief") == "wounded"

    def test_a_carried_wounded_character_dies_with_its_carriers_loss(self):
        """§Portare personaggi feriti: the wounded one is removed (+1 VP to the winner), the carrier is wounded."""
        s = blue_thief_wounded_last_turn()
        end_turn(s)
        turn(s, 3)
        do(s, "move", character="cleric", take="blue:thief")
        end_turn(s)
        turn(s, 4)
        fight(s, ["troll"], ["cleric"], {"red": 1, "blue": 0})
        assert status(s, "blue:thief") == "dead" and status(s, "blue:cleric") == "wounded"
        assert player(s, "red")["vp"] == 1

    def test_a_wounded_carrier_lets_go_of_its_object(self):
        s = red_to_act(2)
        appear(s, "blue:sword")
        end_turn(s)
        turn(s, 3)
        do(s, "move", character="warrior", take="blue:sword")
        end_turn(s)
        turn(s, 3)
        fight(s, ["troll"], ["warrior"], {"red": 3, "blue": 0})
        assert status(s, "blue:warrior") == "wounded"
        assert obj(s, "blue:sword")["status"] == "maze" and character(s, "blue:warrior")["carrying"] is None


class TestItems:
    def test_the_sword_adds_one_attacking_only_and_the_armour_defending_only(self):
        s = red_to_act(2)
        appear(s, "red:sword", "red:armour")
        do(s, "move", character="troll", take="red:sword")  # the last AP: blue's turn
        turn(s, 3)
        fight(s, ["thief"], ["troll"], {"blue": 0, "red": 0})  # red's Troll defends: the sword does not count
        assert view(s)["last_combat"]["totals"] == {"blue": 2, "red": 4}
        end_turn(s)
        turn(s, 3)
        do(s, "move", character="warrior", take="red:armour")
        fight(s, ["troll"], ["cleric"], {"red": 0, "blue": 0})  # attacking, the sword counts
        assert view(s)["last_combat"]["totals"] == {"red": 5, "blue": 2}
        fight(s, ["warrior"], ["warrior"], {"red": 0, "blue": 0})  # attacking, the armour does not
        assert view(s)["last_combat"]["totals"] == {"red": 3, "blue": 3}

    def test_the_armour_helps_its_wearer_defend(self):
        s = red_to_act(2)
        appear(s, "blue:armour")
        end_turn(s)
        turn(s, 3)
        do(s, "move", character="warrior", take="blue:armour")
        end_turn(s)
        turn(s, 3)
        fight(s, ["troll"], ["warrior"], {"red": 0, "blue": 0})
        assert view(s)["last_combat"]["totals"] == {"red": 4, "blue": 4}

    def test_the_sword_and_armour_bonuses_are_settings(self):
        s = red_to_act(2, settings={"objects": {"sword_bonus": 2}})
        appear(s, "red:sword")
        do(s, "move", character="troll", take="red:sword")
        turn(s, 2)
        end_turn(s)
        turn(s, 3)
        fight(s, ["troll"], ["thief"], {"red": 0, "blue": 0})
        assert view(s)["last_combat"]["totals"] == {"red": 6, "blue": 2}


class TestCombatCards:
    """"All used combat cards are removed from the game … players may not look at these cards. The +0 is the only card its owner always takes back.\""""

    def test_used_cards_are_gone_but_the_zero_comes_back(self):
        s = red_to_act(3)
        fight(s, ["troll"], ["thief"], {"red": 0, "blue": 6})
        assert view(s, RED)["my_combat_cards"] == [0, 1, 2, 2, 3, 3, 4, 5, 6] and view(s, RED)["my_used_combat_cards"] == []
        assert view(s, BLUE)["my_combat_cards"] == [0, 1, 2, 2, 3, 3, 4, 5] and view(s, BLUE)["my_used_combat_cards"] == [6]
        refused(s, "NOT_NOW", "choose", by=BLUE, card=6)
        do(s, "attack", attackers=["warrior"], defenders=["cleric"])
        refused(s, "NOT_IN_HAND", "choose", by=BLUE, card=6)
        do(s, "choose", by=BLUE, card=2)
        do(s, "choose", by=RED, card=2)
        assert view(s, BLUE)["my_combat_cards"] == [0, 1, 2, 3, 3, 4, 5]  # one +2 of two left

    def test_each_seat_sees_its_own_cards_and_only_counts_of_the_others(self):
        s = red_to_act()
        fight(s, ["troll"], ["thief"], {"red": 5, "blue": 3})
        for viewer, mine, theirs in ((RED, "red", "blue"), (BLUE, "blue", "red")):
            shown = view(s, viewer)
            assert shown["my_colour"] == mine and shown["last_combat"]["my_card"] == {"red": 5, "blue": 3}[mine]
            assert next(p for p in shown["players"] if p["colour"] == theirs)["combat_cards_left"] == 8
        table = view(s)
        assert "my_combat_cards" not in table and "my_card" not in table["last_combat"]

    def test_a_choice_is_made_once_and_taken_back_only_by_its_own_seat(self):
        s = red_to_act()
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        do(s, "choose", by=RED, card=4)
        refused(s, "ALREADY_CHOSEN", "choose", by=RED, card=5)
        with pytest.raises(RuleError) as caught:
            s.undo(1, by=BLUE)
        assert caught.value.code == "NOT_YOURS"
        s.undo(1, by=RED)
        do(s, "choose", by=RED, card=5)
        do(s, "choose", by=BLUE, card=0)
        with pytest.raises(RuleError) as caught:
            s.undo(1, by=BLUE)  # the reveal: blue could choose again knowing red's total
        assert caught.value.code == "NOT_YOURS"
        s.undo(1, by=TABLE)
        assert s.turn.acting == ("blue",) and view(s, RED)["my_choice"] == 5

    def test_the_table_chooses_only_for_a_named_colour_as_a_shared_reader_does(self):
        s = red_to_act()
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        refused(s, "NAME_THE_COLOUR", "choose", card=3)
        refused(s, "NOT_YOUR_COLOUR", "choose", by=BLUE, card=3, colour="red")
        do(s, "choose", card=3, colour="red")
        assert s.turn.acting == ("blue",)
        assert view(s, RED)["my_choice"] == 3 and view(s, BLUE)["my_choice"] is None
        assert '"card"' not in json.dumps(s.shown(s.history[-1], TABLE))  # the table that sent it does not see it

    def test_the_prompts_say_who_is_awaited(self):
        s = red_to_act()
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        assert prompt(s) == "Combat: waiting for the cards of red and blue…"
        do(s, "choose", by=BLUE, card=2)
        assert prompt(s) == "Combat: waiting for the card of red…"
        assert prompt(s, BLUE) == "You chose +2; waiting for the card of red…"
        assert prompt(s, RED) == "Choose your combat card, in secret."
