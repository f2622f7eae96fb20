"""Digest §A turn: choosing a character, passing, special actions, moves and location actions."""
from companion.contract import TABLE

from .helpers import active, card_at, do, end_turn, hand, phase, prompt, refused, start, view, where


def options(session):
    return session.game.options(session.state, TABLE)


def leonard_brings(session, other, location):
    """Ann's turn: Leonard's special puts `other` at `location`, then Leonard walks there too."""
    do(session, "play", character="leonard", cards=1)
    do(session, "special", target=other, location=location)
    do(session, "move", location=location)  # last announced action: the turn goes to drawing
    end_turn(session)


class TestChooseCharacter:
    """Digest §A turn 1: choose a character you hold cards of and announce how many you play."""

    def test_announced_cards_become_that_many_actions(self):
        s = start(hands={"Ann": ["penny", "penny", "penny"]})
        do(s, "play", character="penny", cards=2)
        assert view(s)["chosen"]["character"] == "penny"
        assert view(s)["chosen"]["actions_left"] == 2
        assert hand(s, "Ann") == {"penny": 1}

    def test_announcing_more_cards_than_held_is_refused(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        refused(s, "NOT_ENOUGH_CARDS", "play", character="penny", cards=3)

    def test_announcing_no_cards_is_refused(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        refused(s, "NOT_ENOUGH_CARDS", "play", character="penny", cards=0)

    def test_a_character_not_in_hand_cannot_be_chosen(self):
        s = start(hands={"Ann": ["penny"]})
        refused(s, "NOT_ENOUGH_CARDS", "play", character="sheldon", cards=1)

    def test_an_unknown_character_is_refused(self):
        s = start()
        refused(s, "UNKNOWN_CHARACTER", "play", character="amy", cards=1)

    def test_using_every_announced_card_ends_the_actions(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        do(s, "play", character="penny", cards=1)
        do(s, "move", location=3)
        assert phase(s) == "draw"
        assert active(s) == "Ann"

    def test_fewer_actions_than_announced_still_spends_the_cards(self):
        s = start(hands={"Ann": ["penny", "penny", "penny"]})
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=3)
        do(s, "end_actions")
        assert phase(s) == "draw"
        assert hand(s, "Ann") == {}

    def test_ending_without_a_single_action_is_refused(self):
        """Seed: 1 or more actions, or pass: a chosen character acts at least once."""
        s = start(hands={"Ann": ["penny", "penny"]})
        do(s, "play", character="penny", cards=2)
        do(s, "special")
        refused(s, "NO_ACTION_YET", "end_actions")

    def test_acting_before_choosing_a_character_is_refused(self):
        s = start()
        refused(s, "NOT_NOW", "move", location=1)


class TestPass:
    """Digest §A turn: passing plays no card, but the player still draws at least 1."""

    def test_passing_keeps_the_hand_and_goes_to_drawing(self):
        s = start(hands={"Ann": ["penny", "leonard"]})
        do(s, "pass")
        assert phase(s) == "draw"
        assert hand(s, "Ann") == {"leonard": 1, "penny": 1}

    def test_after_passing_the_turn_does_not_move_on_without_a_draw(self):
        s = start()
        do(s, "pass")
        refused(s, "NOT_NOW", "play", character="penny", cards=1)
        refused(s, "NOT_NOW", "pass")
        assert active(s) == "Ann"

    def test_passing_after_choosing_a_character_is_refused(self):
        s = start()
        do(s, "play", character="penny", cards=1)
        refused(s, "NOT_NOW", "pass")


class TestSpecialActions:
    """Digest §A turn 2: the chosen character's special action, first and once, costs no card."""

    def test_leonard_moves_another_character_to_any_location(self):
        s = start()
        do(s, "play", character="leonard", cards=1)
        do(s, "special", target="sheldon", location=4)
        assert where(s, "sheldon") == 4
        assert where(s, "leonard") is None
        assert view(s)["chosen"]["actions_left"] == 1  # the special action costs no card

    def test_leonard_cannot_move_himself(self):
        s = start()
        do(s, "play", character="leonard", cards=1)
        refused(s, "NOT_HIMSELF", "special", target="leonard", location=4)

    def test_leonard_moves_only_onto_the_six_locations(self):
        s = start()
        do(s, "play", character="leonard", cards=1)
        refused(s, "BAD_LOCATION", "special", target="penny", location=7)

    def test_howard_fights_an_enemy_where_he_does_not_stand(self):
        s = start(hands={"Ann": ["howard"]}, locations=("stuart", "whiteboard", "wil-wheaton-home", "flag", "captain-sweatpants", "lantern"))
        do(s, "play", character="howard", cards=1)
        do(s, "special", location=3, die=3)
        assert where(s, "howard") is None
        assert card_at(s, 3) is None  # Wil Wheaton (strength 3) beaten
        assert view(s)["moon"] == 9  # his reward: a moon
        assert view(s)["chosen"]["actions_left"] == 1

    def test_penny_moves_the_ring_one_step_up(self):
        s = start(hands={"Ann": ["penny"]})
        do(s, "play", character="penny", cards=1)
        do(s, "special")
        assert view(s)["moon"] == 9
        assert view(s)["chosen"]["actions_left"] == 1

    def test_raj_performs_the_special_action_of_a_character_at_his_location(self):
        s = start(hands={"Bob": ["raj"]})
        leonard_brings(s, "raj", 2)  # Raj and Leonard both at location 2
        do(s, "play", character="raj", cards=1)  # Bob
        do(s, "special", copy="leonard", target="penny", location=5)
        assert where(s, "penny") == 5

    def test_raj_cannot_copy_a_character_at_another_location(self):
        s = start(hands={"Bob": ["raj"], "Ann": ["leonard", "penny"]})
        do(s, "play", character="leonard", cards=1)
        do(s, "special", target="raj", location=2)
        do(s, "move", location=3)  # Leonard at 3, Raj at 2
        end_turn(s)
        do(s, "play", character="raj", cards=1)
        refused(s, "NOT_TOGETHER", "special", copy="leonard", target="penny", location=5)

    def test_raj_off_the_board_copies_nobody_even_others_off_the_board(self):
        """Off the board is not a location: Raj and Penny both off the board are not together."""
        s = start(hands={"Ann": ["raj"]})
        do(s, "play", character="raj", cards=1)
        refused(s, "NOT_TOGETHER", "special", copy="penny")
        assert view(s)["moon"] == 8

    def test_raj_cannot_copy_himself(self):
        s = start(hands={"Ann": ["raj"]})
        do(s, "play", character="raj", cards=1)
        refused(s, "NOT_TOGETHER", "special", copy="raj")

    def test_sheldon_swaps_two_letters_on_the_board(self):
        s = start(hands={"Ann": ["sheldon"]})
        do(s, "play", character="sheldon", cards=1)
        do(s, "special", a="A", b="C")
        assert view(s)["gate"]["board"] == ["B", "C", "A", "D", "E", "F", "G"]

    def test_special_action_comes_before_any_other_action(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        assert view(s)["chosen"]["special_available"] is False
        refused(s, "SPECIAL_FIRST", "special")

    def test_special_action_only_once_per_turn(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        do(s, "play", character="penny", cards=2)
        do(s, "special")
        refused(s, "SPECIAL_USED", "special")
        assert view(s)["moon"] == 9

    def test_a_special_action_with_nothing_to_act_on_is_not_announced(self):
        """Howard with no enemy on the board, Penny with the ring at the top, Raj alone: the prompt
        says nothing of a special action and the menu offers none (issue 9)."""
        s = start(hands={"Ann": ["howard"]})  # QUIET: no enemy anywhere
        do(s, "play", character="howard", cards=1)
        assert "Special action available" not in prompt(s) and view(s)["chosen"]["special_available"] is False
        assert not [o for o in options(s) if o.command.get("cmd") == "special"]
        s = start(hands={"Ann": ["penny"]}, settings={"track": {"start": 11}})  # the ring at the top
        do(s, "play", character="penny", cards=1)
        assert "Special action available" not in prompt(s) and not [o for o in options(s) if o.command.get("cmd") == "special"]
        s = start(hands={"Ann": ["raj"]})  # Raj off the board: nobody stands with him
        do(s, "play", character="raj", cards=1)
        assert "Special action available" not in prompt(s)

    def test_a_possible_special_action_is_announced_and_offered(self):
        s = start(hands={"Ann": ["penny"]})
        do(s, "play", character="penny", cards=1)
        assert prompt(s) == "Ann plays Penny: 1 action left. Special action available."
        assert [o.command for o in options(s) if o.command.get("cmd") == "special"] == [{"cmd": "special"}]

    def test_special_action_belongs_to_the_chosen_character(self):
        """Penny was chosen: Leonard's kind of special (moving someone) is not hers to use."""
        s = start(hands={"Ann": ["penny"]})
        do(s, "play", character="penny", cards=1)
        refused(s, "BAD_ARGUMENTS", "special", target="sheldon", location=2)


class TestMoves:
    """Digest §A turn 3, Move: any of the 6 locations, from anywhere, in one step; sharing is fine."""

    def test_a_move_takes_a_character_from_off_the_board_to_any_location(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=6)
        assert where(s, "penny") == 6
        assert view(s)["chosen"]["actions_left"] == 1

    def test_a_move_goes_from_any_location_to_any_other_in_one_step(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "move", location=6)
        assert where(s, "penny") == 6
        assert phase(s) == "draw"

    def test_characters_may_share_a_location(self):
        s = start()
        do(s, "play", character="leonard", cards=1)
        do(s, "special", target="penny", location=3)
        do(s, "move", location=3)
        assert view(s)["locations"][2]["characters"] == ["leonard", "penny"]

    def test_there_are_only_six_locations(self):
        s = start()
        do(s, "play", character="penny", cards=1)
        refused(s, "BAD_LOCATION", "move", location=0)
        refused(s, "BAD_LOCATION", "move", location=7)

    def test_moving_to_the_location_where_the_character_stands_is_refused(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=2)
        refused(s, "ALREADY_THERE", "move", location=2)


class TestLocationActions:
    """Digest §A turn 3, Location action and §Rewards: helpers and treasures give their reward and leave."""

    def test_a_helper_gives_its_reward_and_leaves_the_location(self):
        s = start(hands={"Ann": ["penny", "penny"]})  # Stuart (cube) lies at 1
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act")
        assert view(s)["cubes"] == 1
        assert card_at(s, 1) is None

    def test_a_treasure_gives_its_reward_and_leaves_the_location(self):
        s = start(hands={"Ann": ["penny", "penny"]})  # the Whiteboard (moon) lies at 2
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=2)
        do(s, "act")
        assert view(s)["moon"] == 9
        assert card_at(s, 2) is None

    def test_an_a_or_b_reward_needs_the_tables_choice(self):
        s = start(hands={"Ann": ["penny", "penny"]}, locations=("bernadette", *("whiteboard", "takeout", "flag", "captain-sweatpants", "lantern")))
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        refused(s, "CHOICE_NEEDED", "act")
        assert card_at(s, 1) == "bernadette"

    def test_an_a_or_b_reward_gives_only_the_chosen_option(self):
        s = start(hands={"Ann": ["penny", "penny"]}, locations=("bernadette", "whiteboard", "takeout", "flag", "captain-sweatpants", "lantern"))
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act", choice="cube")
        assert view(s)["cubes"] == 1
        assert view(s)["moon"] == 8
        assert card_at(s, 1) is None

    def test_a_choice_the_card_does_not_offer_is_refused(self):
        s = start(hands={"Ann": ["penny", "penny"]}, locations=("bernadette", "whiteboard", "takeout", "flag", "captain-sweatpants", "lantern"))
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        refused(s, "BAD_CHOICE", "act", choice="artefact")

    def test_a_character_off_the_board_has_no_location_to_act_on(self):
        s = start()
        do(s, "play", character="penny", cards=1)
        refused(s, "OFF_BOARD", "act")

    def test_an_emptied_location_has_nothing_left_to_act_on(self):
        s = start(hands={"Ann": ["penny", "penny", "penny"]})
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=1)
        do(s, "act")
        refused(s, "EMPTY_LOCATION", "act")

    def test_a_helper_cannot_be_fought(self):
        s = start(hands={"Ann": ["penny", "penny"]})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        refused(s, "NO_ENEMY", "act", die=4)
