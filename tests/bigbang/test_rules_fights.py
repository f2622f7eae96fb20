"""Digest §Fights and §Special enemies and relics, plus the exact odds the companion shows.

Enemies used (data/default.toml): Kripke 4/danger 2 (artefact), Wil Wheaton work 3/1 (cube),
Wil Wheaton home 3/1 (moon), Billy Sparks 5/2 (clue + sword), Brent Spiner 5/3 (clue + staff),
Wil Wheaton fun 2/1 (cube/moon), Leslie Winkle 5/2 (clue + amulet).
"""
from fractions import Fraction

from companion.contract import TABLE
from companion.games.bigbang import GAME
from companion.games.bigbang.rules import win_chance
from companion.messages import render

from .helpers import active, card_at, do, draw, end_turn, hand, odds, phase, prompt, refused, start, view

ENEMIES = ("kripke", "wil-wheaton-work", "wil-wheaton-home", "billy-sparks", "brent-spiner", "wil-wheaton-fun")


def penny_at(session, location, cards):
    """The active player plays `cards` Penny cards and walks her to `location` (one of them)."""
    do(session, "play", character="penny", cards=cards)
    do(session, "move", location=location)


class TestFights:
    """Digest §Fights: roll + bonus >= strength wins; the red-moon face always loses."""

    def test_a_roll_equal_to_the_strength_wins_and_the_enemy_leaves(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=ENEMIES)
        penny_at(s, 2, 2)
        do(s, "act", die=3)  # Wil Wheaton, strength 3, reward a cube
        assert card_at(s, 2) is None
        assert view(s)["cubes"] == 1
        assert view(s)["moon"] == 8

    def test_a_roll_below_the_strength_loses_and_the_enemy_stays(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=ENEMIES)
        penny_at(s, 2, 2)
        do(s, "act", die=2)
        assert card_at(s, 2) == "wil-wheaton-work"
        assert view(s)["cubes"] == 0

    def test_a_lost_fight_moves_the_ring_down_by_the_enemys_danger(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=ENEMIES)
        penny_at(s, 1, 2)
        do(s, "act", die=3)  # Kripke, strength 4, danger 2
        assert view(s)["moon"] == 6
        assert card_at(s, 1) == "kripke"

    def test_red_moon_face_loses_even_with_a_big_bonus(self):
        s = start(hands={"Ann": ["leonard"] * 2, "Bob": ["leonard"] * 2, "Cy": ["leonard"]}, locations=ENEMIES)
        do(s, "play", character="leonard", cards=2)
        do(s, "special", target="penny", location=6)
        do(s, "move", location=6)
        do(s, "act", die="moon", helpers={"Bob": 2, "Cy": 1})  # bonus 1 + 3 against strength 2
        assert card_at(s, 6) == "wil-wheaton-fun"
        assert view(s)["moon"] == 7
        assert hand(s, "Bob") == {} and hand(s, "Cy") == {}  # the help was played all the same

    def test_another_character_at_the_location_adds_one(self):
        s = start(hands={"Ann": ["leonard"] * 2}, locations=ENEMIES)
        do(s, "play", character="leonard", cards=2)
        do(s, "special", target="penny", location=2)
        do(s, "move", location=2)
        do(s, "act", die=2)  # 2 + 1 >= 3
        assert card_at(s, 2) is None
        assert view(s)["cubes"] == 1

    def test_company_bonus_stays_one_with_several_characters_there(self):
        s = start(hands={"Ann": ["leonard"], "Bob": ["leonard"] * 2}, locations=ENEMIES)
        do(s, "play", character="leonard", cards=1)
        do(s, "special", target="raj", location=2)
        do(s, "move", location=2)
        end_turn(s)
        do(s, "play", character="leonard", cards=1)  # Bob: Penny joins Leonard and Raj at 2
        do(s, "special", target="penny", location=2)
        do(s, "act", die=1)  # 1 + 1 < 3
        assert card_at(s, 2) == "wil-wheaton-work"
        assert view(s)["moon"] == 7

    def test_each_helper_card_from_the_other_two_players_adds_one(self):
        s = start(hands={"Ann": ["penny"] * 2, "Bob": ["penny", "raj"], "Cy": ["penny", "penny"]}, locations=ENEMIES)
        penny_at(s, 1, 2)
        do(s, "act", die=2, helpers={"Bob": 1, "Cy": 1}, artefact="moon")  # 2 + 2 >= Kripke's 4
        assert card_at(s, 1) is None
        assert view(s)["artefacts"] == {"moon": 1}
        assert hand(s, "Bob") == {"raj": 1}
        assert hand(s, "Cy") == {"penny": 1}
        assert hand(s, "Ann") == {}

    def test_the_active_player_cannot_help_her_own_fight(self):
        s = start(hands={"Ann": ["penny"] * 3}, locations=ENEMIES)
        penny_at(s, 1, 2)
        refused(s, "BAD_HELPER", "act", die=2, helpers={"Ann": 1})

    def test_helpers_play_only_cards_of_the_fighting_character(self):
        s = start(hands={"Ann": ["penny"] * 2, "Bob": ["raj", "raj"]}, locations=ENEMIES)
        penny_at(s, 1, 2)
        refused(s, "NOT_ENOUGH_CARDS", "act", die=2, helpers={"Bob": 1})

    def test_helpers_cannot_play_more_cards_than_they_hold(self):
        s = start(hands={"Ann": ["penny"] * 2, "Bob": ["penny"]}, locations=ENEMIES)
        penny_at(s, 1, 2)
        refused(s, "NOT_ENOUGH_CARDS", "act", die=2, helpers={"Bob": 2})

    def test_only_seated_players_can_help(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=ENEMIES)
        penny_at(s, 1, 2)
        refused(s, "UNKNOWN_PLAYER", "act", die=2, helpers={"Dora": 1})

    def test_howards_remote_fight_gets_no_bonus_even_in_company(self):
        s = start(hands={"Ann": ["leonard"], "Bob": ["howard"]}, locations=ENEMIES)
        do(s, "play", character="leonard", cards=1)
        do(s, "special", target="howard", location=2)
        do(s, "move", location=2)  # Howard and Leonard together at 2
        end_turn(s)
        do(s, "play", character="howard", cards=1)
        do(s, "special", location=2, die=2)  # with the company bonus 2 + 1 would beat 3
        assert card_at(s, 2) == "wil-wheaton-work"
        assert view(s)["moon"] == 7

    def test_howards_remote_fight_takes_no_helper_cards(self):
        s = start(hands={"Ann": ["howard"], "Bob": ["howard"]}, locations=ENEMIES)
        do(s, "play", character="howard", cards=1)
        refused(s, "NO_BONUS", "special", location=2, die=2, helpers={"Bob": 1})

    def test_howard_fights_only_where_an_enemy_lies(self):
        s = start(hands={"Ann": ["howard"]})
        do(s, "play", character="howard", cards=1)
        refused(s, "NO_ENEMY", "special", location=1, die=4)

    def test_a_beaten_enemy_with_an_a_or_b_reward_gives_the_chosen_one(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=ENEMIES)
        penny_at(s, 6, 2)
        do(s, "act", die=2, choice="moon")
        assert view(s)["moon"] == 9
        assert view(s)["cubes"] == 0

    def test_a_fight_needs_the_face_the_die_shows(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=ENEMIES)
        penny_at(s, 2, 2)
        refused(s, "DIE_NEEDED", "act")
        refused(s, "BAD_DIE", "act", die=5)
        refused(s, "BAD_DIE", "act", die=0)


def beat_special_enemy(session, location, player_hands_penny=2):
    """Penny beats the special enemy at `location` (strength 5): die 4 plus one of Bob's Penny cards."""
    penny_at(session, location, player_hands_penny)
    do(session, "act", die=4, helpers={"Bob": 1})


class TestSpecialEnemiesAndRelics:
    """Digest §Special enemies and relics, and the re-roll artefact of §Rewards."""

    def test_a_special_enemy_gives_a_clue_and_its_relic(self):
        s = start(hands={"Ann": ["penny"] * 2, "Bob": ["penny"]}, locations=ENEMIES)
        beat_special_enemy(s, 4)  # Billy Sparks
        assert card_at(s, 4) is None
        assert view(s)["relics"] == ["sword"]
        assert view(s)["gate"]["clues_owed"] == 1
        assert "A clue is owed" in prompt(s)
        do(s, "ask", letter="C")
        assert view(s)["gate"]["clues"] == {"C": "Thurisaz"}
        assert view(s)["gate"]["clues_owed"] == 0

    def test_a_clue_cannot_be_asked_when_none_is_owed(self):
        s = start()
        refused(s, "NO_CLUE", "ask", letter="C")

    def test_sword_beats_an_enemy_of_strength_four_or_less_without_rolling(self):
        s = start(hands={"Ann": ["penny"] * 4, "Bob": ["penny"]}, locations=ENEMIES)
        beat_special_enemy(s, 4, 4)
        do(s, "move", location=1)
        do(s, "act", sword=True)  # Kripke, strength 4
        assert card_at(s, 1) is None
        assert view(s)["relics"] == []

    def test_the_odds_say_where_the_sword_wins_for_sure(self):
        s = start(hands={"Ann": ["penny"] * 4, "Bob": ["penny"]}, locations=ENEMIES)
        beat_special_enemy(s, 4, 4)
        sword = {o["enemy"]: (o["sword"], o["percent"]) for o in odds(s)}
        assert sword["Barry Kripke"] == (True, 100) and sword["Brent Spiner"][0] is False

    def test_sword_cannot_beat_an_enemy_stronger_than_four(self):
        s = start(hands={"Ann": ["penny"] * 4, "Bob": ["penny"]}, locations=ENEMIES)
        beat_special_enemy(s, 4, 4)
        do(s, "move", location=5)  # Brent Spiner, strength 5
        refused(s, "TOO_STRONG", "act", sword=True)

    def test_sword_is_used_only_once(self):
        s = start(hands={"Ann": ["penny"] * 6, "Bob": ["penny"], "Cy": []}, locations=ENEMIES)
        beat_special_enemy(s, 4, 6)
        do(s, "move", location=1)
        do(s, "act", sword=True)
        do(s, "move", location=2)
        refused(s, "NOT_AVAILABLE", "act", sword=True)

    def test_sword_fight_takes_no_roll(self):
        s = start(hands={"Ann": ["penny"] * 4, "Bob": ["penny"]}, locations=ENEMIES)
        beat_special_enemy(s, 4, 4)
        do(s, "move", location=1)
        refused(s, "BAD_ARGUMENTS", "act", sword=True, die=4)

    def test_sword_is_only_used_when_it_was_won(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=ENEMIES)
        penny_at(s, 1, 2)
        refused(s, "NOT_AVAILABLE", "act", sword=True)

    def test_staff_puts_three_cubes_in_the_living_room_at_once(self):
        s = start(hands={"Ann": ["penny"] * 2, "Bob": ["penny"]}, locations=ENEMIES)
        beat_special_enemy(s, 5)  # Brent Spiner
        assert view(s)["relics"] == ["staff"]
        do(s, "use", item="staff")
        assert view(s)["cubes"] == 3
        assert view(s)["relics"] == []
        refused(s, "NOT_AVAILABLE", "use", item="staff")

    def _amulet_then_red_moon(self):
        """Ann beats Leslie Winkle (amulet), then draws a red moon. Wil Wheaton (danger 1) lies at 3."""
        locations = ("leslie-winkle", "stuart", "wil-wheaton-home", "flag", "captain-sweatpants", "lantern")
        s = start(hands={"Ann": ["penny"] * 2, "Bob": ["penny"]}, locations=locations)
        beat_special_enemy(s, 1)
        assert view(s)["relics"] == ["amulet"]
        draw(s, "raj", "red_moon")
        return s

    def test_amulet_waits_for_the_tables_decision_on_a_red_moon(self):
        s = self._amulet_then_red_moon()
        assert phase(s) == "red_moon"
        assert view(s)["red_moon"] is True
        assert "Amulet" in prompt(s)

    def test_amulet_ignores_the_red_moon_and_the_turn_passes(self):
        s = self._amulet_then_red_moon()
        do(s, "use", item="amulet")
        assert view(s)["relics"] == []
        assert view(s)["red_moon"] is False
        do(s, "place", location=1, card="kripke")  # Ann's emptied location refills
        assert active(s) == "Bob"
        do(s, "pass")
        assert view(s)["moon"] == 8  # no red moon struck after Bob's turn
        assert phase(s) == "draw"

    def test_accepting_the_red_moon_keeps_the_amulet(self):
        s = self._amulet_then_red_moon()
        do(s, "accept")
        assert view(s)["relics"] == ["amulet"]
        assert active(s) == "Bob"
        do(s, "pass")
        assert view(s)["moon"] == 7  # Wil Wheaton's danger

    def test_amulet_is_used_only_on_a_red_moon(self):
        locations = ("leslie-winkle", "stuart", "wil-wheaton-home", "flag", "captain-sweatpants", "lantern")
        s = start(hands={"Ann": ["penny"] * 3, "Bob": ["penny"]}, locations=locations)
        beat_special_enemy(s, 1, 3)
        refused(s, "NO_RED_MOON", "use", item="amulet")

    def test_reroll_artefact_gives_a_second_roll_that_counts(self):
        s = start(hands={"Ann": ["penny"] * 4}, locations=("lab-equipment", "wil-wheaton-work", "takeout", "flag", "captain-sweatpants", "lantern"))
        penny_at(s, 1, 4)
        do(s, "act", artefact="reroll")
        assert view(s)["artefacts"] == {"reroll": 1}
        do(s, "move", location=2)
        do(s, "act", die=1, reroll=3)
        assert card_at(s, 2) is None
        assert view(s)["artefacts"] == {}

    def test_reroll_needs_the_artefact(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=ENEMIES)
        penny_at(s, 2, 2)
        refused(s, "NOT_AVAILABLE", "act", die=1, reroll=3)

    def test_reroll_is_used_in_a_fight_not_on_its_own(self):
        s = start(hands={"Ann": ["penny"] * 4}, locations=("lab-equipment", "wil-wheaton-work", "takeout", "flag", "captain-sweatpants", "lantern"))
        penny_at(s, 1, 4)
        do(s, "act", artefact="reroll")
        refused(s, "USE_IN_FIGHT", "use", item="reroll")


class TestOdds:
    """Digest §Fights: the exact chance to win, from the die 1, 1, 2, 3, 4, red moon."""

    def test_strength_three_without_bonus_is_two_in_six(self):
        assert win_chance(3, 0) == Fraction(2, 6)

    def test_a_reroll_gives_a_second_try_after_a_miss(self):
        assert win_chance(3, 0, reroll=True) == 1 - Fraction(4, 6) ** 2

    def test_no_bonus_beats_the_red_moon_face(self):
        assert win_chance(2, 10) == Fraction(5, 6)

    def test_the_sword_makes_it_certain_up_to_strength_four_only(self):
        assert win_chance(4, 0, sword=True) == 1
        assert win_chance(5, 0, sword=True) == 0
        assert win_chance(5, 1, sword=True) == Fraction(1, 6)

    def test_the_table_sees_the_odds_of_the_enemy_here(self):
        s = start(hands={"Ann": ["penny"] * 2, "Bob": ["penny"], "Cy": ["penny"]}, locations=ENEMIES)
        penny_at(s, 2, 2)
        here = [o for o in odds(s) if o["here"]]
        assert len(here) == 1 and here[0]["location"] == 2
        assert here[0]["win"] == "1/3" and here[0]["percent"] == 33
        assert here[0]["with_help"] == [50, 83]  # one and two helper cards
        assert any(render(o.label) == "Fight Wil Wheaton (33%)" for o in GAME.options(s.state, TABLE))

    def test_odds_count_the_company_bonus(self):
        s = start(hands={"Ann": ["leonard"] * 2}, locations=ENEMIES)
        do(s, "play", character="leonard", cards=2)
        do(s, "special", target="penny", location=2)
        do(s, "move", location=2)
        here = [o for o in odds(s) if o["here"]]
        assert here[0]["bonus"] == 1 and here[0]["win"] == "1/2"

    def test_odds_count_the_reroll_artefact(self):
        s = start(hands={"Ann": ["penny"] * 4}, locations=("lab-equipment", "wil-wheaton-work", "takeout", "flag", "captain-sweatpants", "lantern"))
        penny_at(s, 1, 4)
        do(s, "act", artefact="reroll")
        do(s, "move", location=2)
        here = [o for o in odds(s) if o["here"]]
        assert here[0]["win"] == str(1 - Fraction(4, 6) ** 2)

    def test_odds_say_how_each_enemy_can_be_reached(self):
        """Howard reaches every enemy without bonus; others see the chance after moving there."""
        s = start(hands={"Ann": ["howard", "howard"]}, locations=ENEMIES)
        do(s, "play", character="howard", cards=2)
        remote = {o["location"]: o for o in odds(s)}
        assert {o["how"] for o in remote.values()} == {"remote"}
        assert remote[3]["bonus"] == 0 and remote[3]["win"] == "1/3"  # Wil Wheaton, strength 3
        assert remote[3]["with_help"] == []  # no helper cards in a remote fight
        do(s, "move", location=1)  # the special action is gone: only walking up to an enemy remains
        after = {o["location"]: o for o in odds(s)}
        assert after[1]["how"] == "here" and after[3]["how"] == "move"
