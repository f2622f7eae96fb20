"""The turn (seed Phase 1-4, facts §2.1-2.2): setup, kicking open the door, looking for trouble or
looting the room, and charity at the end of the turn."""
import pytest

from companion.errors import RuleError
from companion.games.munchkin import GAME
from companion.session import Session

from .helpers import do, hand, level, phase, player, prompt, refused, set_level, start, view


class TestSetup:
    """Facts §2.1: 3-6 players, level 1, no class; 4 door + 4 treasure cards (a setting)."""

    def test_everyone_starts_at_level_one_with_eight_cards_and_the_first_named_kicks(self):
        s = start()
        assert [(p["name"], p["level"], p["hand"], p["classes"], p["races"]) for p in view(s)["players"]] == [
            ("Ann", 1, 8, [], []), ("Bob", 1, 8, [], []), ("Cy", 1, 8, [], [])]
        assert s.turn.acting == ("Ann",) and phase(s) == "door"

    def test_the_older_two_plus_two_deal_is_a_setting(self):
        s = start(table={"start_door": 2, "start_treasure": 2})
        assert hand(s, "Bob") == 4

    @pytest.mark.parametrize("players", [["Ann", "Bob"], ["A", "B", "C", "D", "E", "F", "G"], ["Ann", "Ann", "Bob"]])
    def test_two_or_seven_players_or_a_name_twice_are_refused(self, players):
        session = Session(GAME, 1)
        with pytest.raises(RuleError) as caught:
            session.apply({"cmd": "start", "players": players})
        assert caught.value.code == "BAD_PLAYERS" and session.turn.status == "setup"

    def test_six_players_each_get_a_seat(self):
        s = start(players=("A", "B", "C", "D", "E", "F"))
        assert [seat.id for seat in s.seats] == ["A", "B", "C", "D", "E", "F"]


class TestDoor:
    """Seed Phase 1 (facts §2.2): a monster is fought now; a curse hits the kicker; anything else goes to the hand."""

    def test_a_monster_behind_the_door_starts_a_fight(self):
        s = start()
        do(s, "kick", card="pied-piper")
        assert phase(s) == "combat" and view(s)["combat"]["fighter"] == "Ann"
        assert view(s)["combat"]["monsters"][0]["level"] == 8

    def test_a_curse_behind_the_door_hits_the_one_who_kicked(self):
        s = start()
        set_level(s, "Ann", 4)
        do(s, "kick", card="duck")  # lose 2 levels
        assert level(s, "Ann") == 2 and phase(s) == "trouble"
        assert hand(s, "Ann") == 8  # a kicked door card never was in the hand

    def test_any_other_card_goes_to_the_hand(self):
        s = start()
        do(s, "kick", what="other")
        assert hand(s, "Ann") == 9 and phase(s) == "trouble"

    def test_the_door_is_kicked_once_and_only_by_the_player_whose_turn_it_is(self):
        s = start()
        refused(s, "NOT_YOUR_TURN", "kick", "Bob", what="other")
        do(s, "kick", "Ann", what="other")
        refused(s, "NOT_NOW", "kick", "Ann", what="other")

    def test_an_unknown_card_is_played_by_typing_its_numbers(self):
        s = start()
        refused(s, "UNKNOWN_CARD", "kick", card="plutonium-dragonfly")
        refused(s, "LEVEL_NEEDED", "kick", what="monster")
        do(s, "kick", what="monster", level=12, treasures=3, name="Mega Bug")
        monster = view(s)["combat"]["monsters"][0]
        assert (monster["name"], monster["level"], monster["treasures"], monster["bad_stuff"]) == ("Mega Bug", 12, 3, None)

    def test_a_catalogue_card_brings_its_own_numbers(self):
        s = start()
        refused(s, "BAD_ARGUMENTS", "kick", card="pied-piper", level=2)


class TestTailor:
    """Seed, Schneider: "Änderungsexperte": a curse kicked open may be taken into the hand for 3 discards."""

    def test_the_tailor_discards_three_and_takes_the_curse(self):
        s = start()
        do(s, "become", card="tailor")
        set_level(s, "Ann", 4)
        do(s, "kick", card="duck", tailor=True)
        assert level(s, "Ann") == 4 and hand(s, "Ann") == 7 - 3 + 1

    def test_without_the_tailor_the_curse_simply_hits(self):
        s = start()
        refused(s, "NOT_A_TAILOR", "kick", card="duck", tailor=True)


class TestTroubleAndLoot:
    """Seed Phase 2 and 3: with no monster, look for trouble with a monster from the hand, or loot the room."""

    def test_looking_for_trouble_plays_a_monster_from_the_hand(self):
        s = start()
        do(s, "kick", what="other")
        do(s, "trouble", card="slug")
        assert phase(s) == "combat" and hand(s, "Ann") == 8 and view(s)["combat"]["how"] == "trouble"

    def test_looting_the_room_draws_a_card_face_down_and_goes_to_charity(self):
        s = start()
        do(s, "kick", what="other")
        do(s, "loot")
        assert hand(s, "Ann") == 10 and phase(s) == "charity"

    def test_no_trouble_or_loot_after_a_fight(self):
        s = start()
        do(s, "item", card="sword")
        do(s, "kick", card="slug")
        do(s, "fight")
        refused(s, "NOT_NOW", "loot")


class TestCharity:
    """Seed Phase 4 (Milde Gabe): above 5 cards, the excess goes to the lowest level, split evenly; the lowest discards."""

    def test_a_hand_within_the_limit_ends_the_turn_and_the_next_player_kicks(self):
        s = start()
        do(s, "hand", count=5)
        do(s, "kick", what="other")  # 6 cards
        do(s, "hand", count=5)
        do(s, "loot")  # 6 again
        do(s, "hand", count=5)
        do(s, "end_turn")
        assert s.turn.acting == ("Bob",) and phase(s) == "door"

    def test_the_excess_goes_to_the_single_lowest_player(self):
        s = start()
        set_level(s, "Ann", 3)
        set_level(s, "Bob", 2)
        do(s, "kick", what="other")
        do(s, "loot")  # 10 cards: 5 too many
        do(s, "end_turn")
        assert hand(s, "Ann") == 5 and hand(s, "Cy") == 13 and hand(s, "Bob") == 8

    def test_several_lowest_share_as_evenly_as_possible_and_the_giver_picks_who_gets_one_more(self):
        s = start()
        set_level(s, "Ann", 2)
        do(s, "kick", what="other")
        do(s, "loot")  # 5 too many for Bob and Cy, both level 1
        refused(s, "CHOICE_NEEDED", "end_turn")
        refused(s, "BAD_CHARITY", "end_turn", give={"Bob": 4, "Cy": 1})
        do(s, "end_turn", give={"Bob": 2, "Cy": 3})
        assert (hand(s, "Ann"), hand(s, "Bob"), hand(s, "Cy")) == (5, 10, 11)

    def test_the_lowest_player_discards_the_excess(self):
        s = start()
        do(s, "kick", what="other")
        do(s, "loot")  # everyone level 1: Ann is tied for lowest
        refused(s, "YOU_ARE_LOWEST", "end_turn", give={"Bob": 5})
        do(s, "end_turn")
        assert (hand(s, "Ann"), hand(s, "Bob"), hand(s, "Cy")) == (5, 8, 8)

    def test_a_dwarf_keeps_six(self):
        s = start()
        do(s, "become", card="dwarf")  # 7 cards
        do(s, "kick", what="other")  # 8
        do(s, "loot")  # 9
        do(s, "end_turn")
        assert hand(s, "Ann") == 6

    def test_the_prompt_says_the_phase_and_what_charity_will_do(self):
        s = start()
        set_level(s, "Ann", 2)
        do(s, "kick", what="other")
        do(s, "loot")
        assert "Phase 4" in prompt(s) and "5 cards too many go to Bob, Cy" in prompt(s)
        assert view(s)["charity"] == {"excess": 5, "to": ["Bob", "Cy"]}


class TestHandCount:
    """The cards in the hands are the truth: the companion counts them, a seat corrects the count."""

    def test_a_seat_corrects_its_own_count_and_the_table_anyones(self):
        s = start()
        do(s, "hand", "Bob", count=3)
        do(s, "hand", seat="Cy", count=11)
        refused(s, "NOT_YOURS", "hand", "Bob", seat="Cy", count=1)
        assert (hand(s, "Bob"), hand(s, "Cy")) == (3, 11)

    def test_a_card_played_from_an_empty_hand_asks_for_a_correction(self):
        s = start()
        do(s, "hand", count=0)
        do(s, "kick", what="other")
        do(s, "hand", count=0)
        error = refused(s, "HAND_EMPTY", "trouble", card="slug")
        assert "correct the count" in error.message
        assert player(s, "Ann")["hand"] == 0
