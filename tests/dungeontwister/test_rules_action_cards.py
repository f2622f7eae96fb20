"""Seed, §Carte azione: one action card a turn gives its AP; the four come back when used up; the
first-cycle rule exactly as the seed states it. And AP counting: every action is paid, never beyond."""
import pytest

from .helpers import BLUE, RED, active, ap, appear, do, end_turn, player, prompt, refused, start, turn, view


def played(*cards, settings=None):
    """A game in which red and blue played these action cards in turn (each turn ended at once)."""
    s = start(settings=settings)
    for card in cards:
        turn(s, card)
        if s.state.phase == "actions":
            end_turn(s)
    return s


class TestFirstCycle:
    """"During the first turn the first player may play only a 2. Then, for the whole first cycle, a player
    may play only a card lower than, equal to or 1 higher than the highest action card played since the start
    of the game. … As soon as a 4 has been played, any player may play any card for the rest of the game.\""""

    @pytest.mark.parametrize("before, allowed", [
        ((), [2]),                    # the first player's first turn
        ((2,), [2, 3]),               # highest 2: up to 3
        ((2, 2), [3]),                # red holds 3, 4, 5: only the 3 is at most 2 + 1
        ((2, 3), [3, 4]),             # highest 3: up to 4
        ((2, 3, 3), [2, 4]),          # blue holds 2, 4, 5
        ((2, 2, 3, 3), [4]),          # red holds 4, 5
        ((2, 3, 4), [2, 4, 5]),       # a 4 was played: anything goes
        ((2, 3, 4, 2), [3, 5]),       # …for the rest of the game
    ])
    def test_the_cards_a_player_may_play(self, before, allowed):
        s = played(*before)
        assert view(s)["allowed_action_cards"] == allowed
        for card in player(s, active(s))["action_cards"]:
            if card not in allowed:
                refused(s, "CARD_NOT_ALLOWED", "play_card", card=card)

    def test_the_first_player_may_not_open_with_more_than_two(self):
        s = start()
        for card in (3, 4, 5):
            error = refused(s, "CARD_NOT_ALLOWED", "play_card", card=card)
        assert "only: 2" in error.message
        assert prompt(s) == "red: play an action card (2)."

    def test_a_hand_with_nothing_allowed_plays_its_lowest_card(self):
        """A table's own cards can corner a player (the printed 2-3-4-5 never do); the seed is silent."""
        s = played(2, 2, settings={"cards": {"action": [2, 4, 6]}})
        assert view(s)["allowed_action_cards"] == [4]

    def test_the_rule_ends_with_the_first_cycle(self):
        s = played(2, 2, 3, 3, 4, 4, 5, 5)  # both cycles complete
        assert player(s, "red")["cycles"] == 1 and view(s)["allowed_action_cards"] == [2, 3, 4, 5]
        assert view(s)["first_cycle"] is False


class TestCycle:
    def test_a_card_is_played_once_a_cycle(self):
        s = played(2, 3)
        refused(s, "NOT_IN_HAND", "play_card", card=2)
        assert player(s, "red")["action_cards"] == [3, 4, 5]

    def test_the_four_cards_come_back_at_the_end_of_the_turn_that_used_the_last(self):
        s = played(2, 2, 3, 3, 4, 4)
        turn(s, 5)
        assert player(s, "red")["action_cards"] == []
        end_turn(s)
        assert player(s, "red")["action_cards"] == [2, 3, 4, 5] and player(s, "red")["cycles"] == 1
        assert player(s, "blue")["action_cards"] == [5]

    def test_the_active_player_plays_the_card_and_nobody_else(self):
        s = start()
        refused(s, "NOT_YOUR_TURN", "play_card", by=BLUE, card=2)
        do(s, "play_card", by=RED, card=2)
        assert active(s) == "red" and ap(s) == 2

    def test_the_card_must_come_before_any_action(self):
        s = start()
        refused(s, "NOT_NOW", "move", character="troll")
        refused(s, "NOT_NOW", "end_turn")


class TestActionPoints:
    def test_each_action_costs_one_ap_and_a_rotation_one_per_quarter(self):
        s = played(2, 3)  # red: the 3
        turn(s, 3)
        do(s, "move", character="troll")
        assert ap(s) == 2
        do(s, "rotate", character="thief", quarters=2)
        assert active(s) == "blue"  # 0 AP: the turn passed by itself

    def test_an_action_beyond_the_ap_left_is_refused(self):
        s = start()
        turn(s, 2)
        refused(s, "NO_AP", "rotate", character="thief", quarters=3)
        do(s, "move", character="troll")
        refused(s, "NO_AP", "rotate", character="thief", quarters=2)

    def test_ending_the_turn_loses_the_ap_left_and_the_other_player_plays(self):
        s = start()
        turn(s, 2)
        do(s, "end_turn")
        assert active(s) == "blue" and ap(s) == 0 and view(s)["turn_number"] == 2
        refused(s, "NOT_YOUR_TURN", "play_card", by=RED, card=2)

    def test_without_auto_end_the_player_ends_the_turn_at_zero_ap(self):
        s = start(settings={"table": {"auto_end_turn": False}})
        turn(s, 2)
        do(s, "move", character="troll")
        do(s, "move", character="troll")
        assert active(s) == "red" and ap(s) == 0
        refused(s, "NO_AP", "move", character="troll")
        end_turn(s)
        assert active(s) == "blue"

    def test_the_speed_potion_gives_ap_for_one_ap(self):
        s = start()
        turn(s, 2)
        appear(s, "red:speed_potion")
        do(s, "move", character="thief", take="red:speed_potion")
        assert active(s) == "blue"  # both AP spent
        turn(s, 2)
        end_turn(s)
        turn(s, 3)
        do(s, "use", character="thief")
        assert ap(s) == 2 + 4 and view(s)["ap_budget"] == 3 + 4
        assert view(s)["characters"][2]["carrying"] is None  # red's Thief: the potion is drunk
