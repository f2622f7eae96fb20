"""Setup and the turn (facts §1.1, §1.3, §1.9): investigators, the museum, movement, resolution, the
entrance, the clock (3 hours a turn), midnight after the turn that reaches XII with its Mythos card,
once-per-day abilities back; adventures laid out; a seat acts in its own turn."""
from __future__ import annotations

from companion.contract import seat_viewer
from companion.games.eldersign import GAME
from companion.session import Session

from .helpers import ADVENTURES, active, do, end_turn, investigator, phase, prompt, refused, start, view


class TestSetup:
    def test_each_player_gets_an_investigator_at_full_sanity_and_stamina(self):
        s = start()
        joe, kate = investigator(s, "Ann"), investigator(s, "Bob")
        assert (joe["name"], joe["sanity"], joe["stamina"]) == ("Joe Diamond", 4, 6)  # facts §1.8
        assert (kate["name"], kate["sanity"], kate["stamina"]) == ("Kate Winthrop", 6, 4)
        assert [a["id"] for a in view(s)["adventures"]] == list(ADVENTURES)
        assert active(s) == "Ann" and phase(s) == "move"

    def test_the_companion_deals_investigators_and_six_museum_cards_when_not_named(self):
        s = start(investigators=None, adventures=None)
        cards = [i["card"] for i in view(s)["investigators"]]
        assert len(set(cards)) == 2 and all(cards)
        museum = view(s)["adventures"]
        assert len(museum) == 6 and not any(a["other_world"] for a in museum)

    def test_one_to_eight_players(self):
        assert start(players=("Ann",), investigators=("joe-diamond",)).turn.acting == ("Ann",)
        eight = tuple(f"P{n}" for n in range(8))
        assert len(start(players=eight, investigators=None).seats) == 8

    def test_the_wrong_number_of_players_or_a_repeated_investigator_is_refused(self):
        s = Session(GAME, 1)
        for request, code in (({"players": ["Ann", "Ann"]}, "BAD_PLAYERS"),
                              ({"players": ["Ann", "Bob"], "investigators": ["joe-diamond", "joe-diamond"]}, "BAD_INVESTIGATORS"),
                              ({"players": ["Ann", "Bob"], "investigators": ["joe-diamond", "nobody"]}, "BAD_INVESTIGATORS"),
                              ({"players": ["Ann", "Bob"], "adventures": ["moon-base"]}, "BAD_ADVENTURES"),
                              ({"players": ["Ann", "Bob"], "ancient_one": "mi-go"}, "BAD_SETTINGS")):
            refused(s, code, "start", **request)

    def test_the_ancient_one_is_chosen_and_its_numbers_may_be_overridden(self):
        s = start(ancient_one="ithaqua", settings={"ancient_one": {"doom": 10}})
        ao = view(s)["ancient_one"]
        assert (ao["name"], ao["doom_track"], ao["elder_signs_needed"], ao["battle_task"]) == ("Ithaqua", 10, 11, "INV:3,TERROR,PERIL")


class TestATurn:
    def test_movement_then_resolution_then_the_clock_then_the_next_player(self):
        s = start()
        do(s, "move", to="the-curator")
        assert phase(s) == "resolve" and investigator(s, "Ann")["where"] == "the-curator"
        do(s, "pass")
        assert phase(s) == "clock" and prompt(s) == "Ann: end the turn; the clock moves to III."
        do(s, "clock")
        assert view(s)["clock"] == 3 and active(s) == "Bob" and phase(s) == "move"

    def test_only_adventures_in_play_or_the_entrance(self):
        s = start()
        refused(s, "NOT_IN_PLAY", "move", to="lost-carcosa")

    def test_a_seat_acts_only_in_its_own_turn_but_the_table_always(self):
        s = start()
        before = s.state
        try:
            s.apply({"cmd": "move", "to": "entrance"}, by=seat_viewer("Bob"))
        except Exception as refusal:
            assert getattr(refusal, "code", "") == "NOT_YOUR_TURN"
        assert s.state == before
        s.apply({"cmd": "move", "to": "entrance"}, by=seat_viewer("Ann"))

    def test_a_seat_changes_its_own_counters_at_any_time_and_no_one_elses(self):
        s = start()
        s.apply({"cmd": "adjust", "what": "clues", "amount": 1, "seat": "Bob"}, by=seat_viewer("Bob"))
        assert investigator(s, "Bob")["clues"] == 1
        before = s.state
        try:
            s.apply({"cmd": "adjust", "what": "clues", "amount": 1, "seat": "Ann"}, by=seat_viewer("Bob"))
        except Exception as refusal:
            assert getattr(refusal, "code", "") == "NOT_YOURS"
        assert s.state == before

    def test_sanity_and_stamina_never_exceed_the_printed_values_and_possessions_never_go_below_zero(self):
        s = start()
        refused(s, "ALREADY_FULL", "adjust", what="sanity", amount=1)
        refused(s, "NOT_ENOUGH", "adjust", what="clues", amount=-2)  # Joe Diamond starts with one
        do(s, "adjust", what="stamina", amount=-3)
        do(s, "adjust", what="stamina", amount=5)
        assert investigator(s, "Ann")["stamina"] == 6


class TestEntrance:
    def test_first_aid_restores_one_sanity_or_stamina(self):
        s = start()
        do(s, "adjust", what="sanity", amount=-2)
        do(s, "move", to="entrance")
        do(s, "entrance", action="first_aid", what="sanity")
        assert investigator(s, "Ann")["sanity"] == 3 and phase(s) == "clock"

    def test_first_aid_at_full_health_is_refused(self):
        s = start()
        do(s, "move", to="entrance")
        refused(s, "ALREADY_FULL", "entrance", action="first_aid", what="stamina")

    def test_trophies_buy_at_the_settings_prices(self):
        s = start()
        do(s, "adjust", what="trophies", amount=3)
        do(s, "move", to="entrance")
        refused(s, "NOT_ENOUGH_TROPHIES", "entrance", action="buy", what="spells")  # 4
        refused(s, "NOT_FOR_SALE", "entrance", action="buy", what="elder_signs")   # 0: not for sale
        do(s, "entrance", action="buy", what="unique")
        ann = investigator(s, "Ann")
        assert (ann["unique"], ann["trophies"]) == (1, 0)

    def test_an_elder_sign_for_trophies_when_the_setting_allows(self):
        s = start(settings={"entrance": {"elder_signs": 10}})
        do(s, "adjust", what="trophies", amount=10)
        do(s, "move", to="entrance")
        do(s, "entrance", action="buy", what="elder_signs")
        assert view(s)["elder_signs"] == 1

    def test_no_attempt_at_the_entrance(self):
        s = start()
        do(s, "move", to="entrance")
        refused(s, "NOT_AT_ADVENTURE", "attempt")


class TestMidnight:
    def test_midnight_follows_the_fourth_turn_and_a_mythos_card_is_drawn(self):
        s = start()
        for _ in range(3):
            end_turn(s)
        assert view(s)["clock"] == 9
        do(s, "move", to="entrance")
        do(s, "pass")
        assert prompt(s) == "Bob: end the turn; the clock strikes midnight."
        do(s, "clock")
        assert phase(s) == "midnight" and view(s)["clock"] == 0
        refused(s, "NOT_AWAKE", "attack_done")
        do(s, "mythos", card="example-stars-align")
        assert view(s)["doom"] == 1 and view(s)["mythos"]["name"] == "The stars align (example)"
        assert phase(s) == "move"

    def test_the_at_midnight_effects_of_the_adventures_in_play_are_shown(self):
        s = start()
        for _ in range(4):
            end_turn(s, mythos=None)
        assert phase(s) == "midnight"
        assert "Lights Out: Each investigator here loses 1 sanity." in prompt(s)

    def test_once_per_day_abilities_come_back_at_midnight(self):
        s = start()
        do(s, "daily")
        refused(s, "USED", "daily")
        for _ in range(4):
            end_turn(s)
        assert not investigator(s, "Ann")["daily_used"]

    def test_the_hours_per_turn_are_a_setting(self):
        s = start(settings={"clock": {"hours_per_turn": 6}})
        end_turn(s)
        end_turn(s)
        assert view(s)["clock"] == 0 and s.state.mythos == "example-quiet-night"


def test_a_completed_museum_card_asks_for_a_new_one_and_an_other_world_does_not():
    s = start()
    do(s, "lay", adventure="lost-carcosa")  # an Other World through a gate
    assert view(s)["to_lay"] == 0 and "lost-carcosa" in [a["id"] for a in view(s)["adventures"]]
    refused(s, "IN_PLAY", "lay", adventure="lost-carcosa")
    refused(s, "UNKNOWN_CARD", "lay", adventure="moon-base")
