"""Seed, §Sposta, §Oggetti, §Portare personaggi feriti, §Spostare un personaggio fuori dal labirinto,
§Rivela una stanza, §Ruota una stanza, §Salta le carte, §Usa l'abilità speciale, §Usa un oggetto and
§Vincere: what each action costs, what it changes, and what is refused."""
from .helpers import BLUE, RED, active, ap, appear, character, do, end_turn, fight, obj, player, red_to_act, refused, status, turn, view


def pass_turns(s, *cards):
    """Whoever's turn it is plays these cards and ends each turn at once."""
    for card in cards:
        turn(s, card)
        if s.state.phase == "actions":
            end_turn(s)


def red_again(s):
    """Red ends its turn (if it still has AP), blue plays its lowest allowed card and ends, red plays its highest allowed."""
    if s.state.active == "red" and s.state.phase == "actions":
        end_turn(s)
    pass_turns(s, view(s)["allowed_action_cards"][0])
    turn(s, view(s)["allowed_action_cards"][-1])


class TestMoving:
    def test_a_move_costs_one_ap_and_changes_nothing_the_companion_tracks(self):
        s = red_to_act()
        before = view(s)["characters"]
        do(s, "move", character="troll")
        assert ap(s) == 1 and view(s)["characters"] == before

    def test_only_the_active_players_standing_characters_move(self):
        s = red_to_act()
        refused(s, "WRONG_COLOUR", "move", character="blue:troll")
        refused(s, "NOT_IN_MAZE", "move", character="goblin")  # still face down in a room
        refused(s, "NOT_YOUR_TURN", "move", by=BLUE, character="troll")
        refused(s, "UNKNOWN_TOKEN", "move", character="dragon")
        refused(s, "NOT_A_CHARACTER", "move", character="red:rope")
        do(s, "move", by=RED, character="troll")

    def test_picking_up_and_dropping_on_the_way_cost_nothing_more(self):
        s = red_to_act(3)
        appear(s, "red:rope", "blue:treasure")
        do(s, "move", character="thief", take="blue:treasure")  # red may carry blue's objects
        assert character(s, "red:thief")["carrying"] == "blue:treasure" and obj(s, "blue:treasure")["status"] == "carried"
        do(s, "move", character="thief", drop=True, take="red:rope")
        assert character(s, "red:thief")["carrying"] == "red:rope" and obj(s, "blue:treasure")["status"] == "maze"

    def test_one_token_at_a_time(self):
        s = red_to_act(3)
        appear(s, "red:rope", "red:sword")
        do(s, "move", character="thief", take="red:rope")
        refused(s, "CARRIES_ALREADY", "move", character="thief", take="red:sword")
        refused(s, "NOTHING_TO_DROP", "move", character="troll", drop=True)
        refused(s, "CANNOT_TAKE", "move", character="troll", take="red:goblin")  # face down, and unwounded
        refused(s, "CANNOT_TAKE", "move", character="troll", take="red:troll")

    def test_a_friend_passing_by_takes_what_another_carries(self):
        s = red_to_act(3)
        appear(s, "red:rope")
        do(s, "move", character="thief", take="red:rope")
        do(s, "move", character="cleric", take="red:rope")
        assert character(s, "red:cleric")["carrying"] == "red:rope" and character(s, "red:thief")["carrying"] is None

    def test_an_enemys_token_is_not_for_the_taking(self):
        s = red_to_act(2)
        appear(s, "blue:rope")
        end_turn(s)
        turn(s, 2)
        do(s, "move", character="thief", take="blue:rope")
        end_turn(s)
        turn(s, 3)
        refused(s, "CANNOT_TAKE", "move", character="thief", take="blue:rope")

    def test_only_a_wounded_friend_is_carried(self):
        s = red_to_act(2)
        fight(s, ["thief"], ["troll"], {"red": 0, "blue": 0})  # red's Thief is wounded
        end_turn(s)
        pass_turns(s, 2)
        turn(s, 3)
        refused(s, "CANNOT_TAKE", "move", character="troll", take="blue:thief")
        do(s, "move", character="troll", take="red:thief")
        assert status(s, "red:thief") == "carried" and character(s, "red:thief")["carried_by"] == "red:troll"


class TestLeavingTheMaze:
    """"As soon as one of your characters moves onto one of the 10 squares of your opponent's starting line, it leaves the maze … 1 VP.\""""

    def test_a_character_leaving_scores_one(self):
        s = red_to_act()
        do(s, "move", character="thief", exit=True)
        assert status(s, "red:thief") == "escaped" and player(s, "red")["vp"] == 1
        refused(s, "NOT_IN_MAZE", "move", character="thief")

    def test_the_goblin_scores_two_and_the_treasure_one_more(self):
        s = red_to_act(3)
        appear(s, "red:goblin", "red:treasure")
        do(s, "move", character="goblin", take="red:treasure")
        do(s, "move", character="goblin", exit=True)
        assert player(s, "red")["vp"] == 3 and obj(s, "red:treasure")["status"] == "gone"

    def test_another_object_carried_out_is_gone_for_nothing(self):
        s = red_to_act(3)
        appear(s, "red:rope")
        do(s, "move", character="thief", take="red:rope")
        do(s, "move", character="thief", exit=True)
        assert player(s, "red")["vp"] == 1 and obj(s, "red:rope")["status"] == "gone"

    def test_a_wounded_friend_carried_out_is_safe_but_worth_nothing(self):
        s = red_to_act(2)
        fight(s, ["thief"], ["troll"], {"red": 0, "blue": 0})
        end_turn(s)
        pass_turns(s, 2)
        turn(s, 3)
        do(s, "move", character="troll", take="red:thief")
        do(s, "move", character="troll", exit=True)
        assert status(s, "red:thief") == "escaped" and player(s, "red")["vp"] == 1


class TestRooms:
    def test_a_reveal_costs_one_ap_and_brings_the_face_down_tokens_into_play(self):
        s = red_to_act()
        do(s, "reveal", character="warrior", appear=["red:goblin", "blue:sword", "blue:wizard"])
        assert ap(s) == 1
        assert status(s, "red:goblin") == "maze" and status(s, "blue:wizard") == "maze" and obj(s, "blue:sword")["status"] == "maze"
        refused(s, "NOT_FACE_DOWN", "reveal", character="warrior", appear=["red:goblin"])
        refused(s, "UNKNOWN_TOKEN", "reveal", character="warrior", appear=["goblin"])

    def test_rotations_cost_one_ap_a_quarter_and_only_the_mekanork_turns_against_the_arrow(self):
        s = red_to_act(3)
        refused(s, "BAD_QUARTERS", "rotate", character="thief", quarters=4)
        refused(s, "ONLY_THE_MEKANORK", "rotate", character="thief", against=True)
        appear(s, "red:mekanork")
        do(s, "rotate", character="mekanork", against=True)
        assert ap(s) == 1

    def test_with_the_board_tracked_the_rooms_are_revealed_and_turned(self):
        s = red_to_act(3, settings={"table": {"board": True}})
        assert [r["revealed"] for r in view(s)["rooms"]] == [False] * 8
        refused(s, "NAME_THE_ROOM", "reveal", character="troll")
        do(s, "reveal", character="troll", room=3)
        refused(s, "ALREADY_REVEALED", "reveal", character="troll", room=3)
        do(s, "rotate", character="thief", room=3, quarters=2)
        assert view(s)["rooms"][2] == {"number": 3, "revealed": True, "rotation": 2}

    def test_the_mekanorks_turn_against_the_arrow_counts_back(self):
        s = red_to_act(3, settings={"table": {"board": True}})
        do(s, "reveal", character="troll", room=1, appear=["red:mekanork"])
        do(s, "rotate", character="mekanork", room=1, against=True)
        assert view(s)["rooms"][0]["rotation"] == 3


class TestJumps:
    def test_three_jump_cards_for_the_whole_game_and_a_fourth_jump_is_refused(self):
        s = red_to_act(2)
        do(s, "jump", character="thief")
        do(s, "jump", character="thief")
        pass_turns(s, 2)
        turn(s, 3)
        do(s, "jump", character="troll")
        assert player(s, "red")["jumps_left"] == 0 and ap(s) == 2
        error = refused(s, "NO_JUMP_CARDS", "jump", character="troll")
        assert "3 for the whole game" in error.message


class TestAbilities:
    def test_the_cleric_heals_a_wounded_character_who_then_rests(self):
        s = red_to_act(3)
        fight(s, ["thief"], ["troll"], {"red": 0, "blue": 0})
        do(s, "ability", character="cleric", target="red:thief")
        assert status(s, "red:thief") == "maze" and character(s, "red:thief")["resting"]
        red_again(s)
        do(s, "move", character="thief")  # next turn, rested

    def test_a_character_healed_this_turn_does_nothing_more(self):
        s = red_to_act(3)
        fight(s, ["thief"], ["troll"], {"red": 0, "blue": 0})
        do(s, "ability", character="cleric", target="red:thief")
        refused(s, "RESTING", "move", character="thief")

    def test_the_cleric_heals_friend_or_foe_but_only_the_wounded(self):
        s = red_to_act(3)
        refused(s, "NOT_WOUNDED", "ability", character="cleric", target="blue:thief")
        refused(s, "NAME_THE_TARGET", "ability", character="cleric")
        fight(s, ["troll"], ["thief"], {"red": 5, "blue": 0})
        do(s, "ability", character="cleric", target="blue:thief")
        assert status(s, "blue:thief") == "maze"

    def test_the_troll_regenerates_but_not_in_the_turn_he_was_wounded(self):
        s = red_to_act(2)
        fight(s, ["troll"], ["warrior"], {"red": 0, "blue": 4})
        refused(s, "WOUNDED_THIS_TURN", "ability", character="troll")
        end_turn(s)
        pass_turns(s, 2)
        turn(s, 3)
        do(s, "ability", character="troll")
        assert status(s, "red:troll") == "maze" and character(s, "red:troll")["resting"]
        refused(s, "RESTING", "move", character="troll")

    def test_an_unwounded_troll_has_nothing_to_regenerate(self):
        refused(red_to_act(), "NOT_WOUNDED", "ability", character="troll")

    def test_abilities_that_cost_one_ap_and_those_that_cost_none(self):
        s = red_to_act(3)
        appear(s, "red:goblin")
        refused(s, "NO_AP_ABILITY", "ability", character="goblin")
        do(s, "ability", character="thief")  # a portcullis
        do(s, "ability", character="warrior")  # breaks one
        assert active(s) == "blue"  # 3 AP spent

    def test_a_wounded_character_uses_no_ability(self):
        s = red_to_act(3)
        fight(s, ["thief"], ["troll"], {"red": 0, "blue": 0})
        refused(s, "WOUNDED", "ability", character="thief")


class TestObjects:
    def test_only_the_wizard_fires_the_wand_and_its_victim_dies(self):
        s = red_to_act(3)
        appear(s, "red:wizard", "red:fireball_wand")
        do(s, "move", character="thief", take="red:fireball_wand")
        refused(s, "ONLY_THE_WIZARD", "use", character="thief", target="blue:troll")
        do(s, "move", character="wizard", take="red:fireball_wand")
        red_again(s)
        do(s, "use", character="wizard", target="blue:troll")
        assert status(s, "blue:troll") == "dead" and obj(s, "red:fireball_wand")["status"] == "used"
        assert player(s, "red")["vp"] == 1 and ap(s) == 3

    def test_the_fireball_hits_either_side_and_the_victims_opponent_scores(self):
        s = red_to_act(3)
        appear(s, "red:wizard", "red:fireball_wand")
        do(s, "move", character="wizard", take="red:fireball_wand")
        do(s, "use", character="wizard", target="red:thief")
        assert status(s, "red:thief") == "dead" and player(s, "blue")["vp"] == 1

    def test_the_fireball_kills_a_carried_wounded_friend_too(self):
        s = red_to_act(3)
        fight(s, ["thief"], ["troll"], {"red": 0, "blue": 0})
        do(s, "move", character="cleric", take="red:thief")
        end_turn(s)
        turn(s, 3)
        do(s, "reveal", character="troll", appear=["blue:wizard", "blue:fireball_wand"])
        do(s, "move", character="wizard", take="blue:fireball_wand")
        do(s, "use", character="wizard", target="red:cleric")
        assert status(s, "red:cleric") == "dead" and status(s, "red:thief") == "dead"
        assert player(s, "blue")["vp"] == 2

    def test_permanent_objects_need_no_action_and_nothing_carried_is_nothing_to_use(self):
        s = red_to_act(3)
        appear(s, "red:sword")
        refused(s, "NOTHING_TO_USE", "use", character="troll")
        do(s, "move", character="troll", take="red:sword")
        refused(s, "PERMANENT", "use", character="troll")


class TestVictory:
    def test_five_points_win_at_once_and_end_the_game(self):
        s = red_to_act(3)
        appear(s, "red:goblin", "red:treasure")
        do(s, "move", character="goblin", take="red:treasure")
        do(s, "move", character="goblin", exit=True)  # 3 VP
        red_again(s)
        do(s, "move", character="thief", exit=True)
        do(s, "move", character="cleric", exit=True)
        assert s.turn.status == "over" and s.turn.result.winners == ("red",)
        assert player(s, "red")["vp"] == 5 and active(s) == "red"
        refused(s, "GAME_OVER", "move", character="troll")
        assert s.game.options(s.state, RED) == []
