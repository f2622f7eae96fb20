"""Digest §A turn 4 (Draw), §Red moon and §End."""
from companion.games.bigbang.config import default_settings

from .helpers import CRATE, SOLUTION, active, card_at, do, draw, end_turn, hand, phase, prompt, refused, settings_with_cards, start, status, view

#: Kripke (danger 2) at 1 and Wil Wheaton home (strength 3, danger 1, reward a moon) at 3: danger 3
DANGER = ("kripke", "stuart", "wil-wheaton-home", "flag", "captain-sweatpants", "lantern")
NO_RED_MOONS = {"pile": {"red_moon": 0}}


def deck_left(session, location):
    return view(session)["locations"][location - 1]["deck_left"]


class TestDraw:
    """Digest §A turn 4: announce at least 1 card; at most 6 character cards in hand; then refill."""

    def test_a_draw_of_no_cards_is_refused(self):
        s = start()
        do(s, "pass")
        refused(s, "BAD_COUNT", "draw", count=0)

    def test_a_draw_beyond_six_cards_in_hand_is_refused(self):
        s = start()  # Ann holds 3
        do(s, "pass")
        assert "1 to 3" in prompt(s)
        refused(s, "BAD_COUNT", "draw", count=4)

    def test_drawn_cards_join_the_hand_and_leave_the_pile(self):
        s = start(hands={"Ann": ["penny"]})
        pile = view(s)["pile"]
        do(s, "pass")
        draw(s, "raj", "sheldon")
        assert hand(s, "Ann") == {"penny": 1, "raj": 1, "sheldon": 1}
        assert view(s)["pile"] == pile - 2
        assert active(s) == "Bob"  # no location was emptied: no refill

    def test_the_hand_limit_counts_only_character_cards(self):
        s = start(hands={"Ann": ["penny"] * 2 + ["leonard"] * 4, "Cy": ["howard"]},
                  locations=("lab-equipment", "stuart", "takeout", "flag", "captain-sweatpants", "lantern"))
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act", artefact="moon")
        assert view(s)["artefacts"] == {"moon": 1}
        refused(s, "BAD_COUNT", "draw", count=3)
        do(s, "draw", count=2)

    def test_a_full_hand_must_discard_before_drawing(self):
        s = start(hands={"Ann": ["penny"] * 3 + ["leonard"] * 3, "Cy": ["howard"]})
        do(s, "pass")
        assert "hand is full" in prompt(s)
        refused(s, "HAND_FULL", "draw", count=1)
        draw(s, "penny", discard=("leonard",))
        assert hand(s, "Ann") == {"leonard": 2, "penny": 4}

    def test_only_a_held_card_can_be_discarded(self):
        s = start(hands={"Ann": ["penny"] * 6, "Cy": ["howard"]})
        do(s, "pass")
        refused(s, "NOT_IN_HAND", "draw", count=1, discard=["raj"])

    def test_a_card_the_pile_no_longer_holds_cannot_be_revealed(self):
        s = start(hands={"Bob": ["raj"], "Cy": ["howard"]}, settings={"pile": {"sheldon": 0}})
        do(s, "pass")
        do(s, "draw", count=1)
        refused(s, "NOT_IN_PILE", "reveal", card="sheldon")
        refused(s, "UNKNOWN_CHARACTER", "reveal", card="amy")

    def test_no_more_cards_are_revealed_than_announced(self):
        s = start()
        do(s, "pass")
        draw(s, "raj")
        refused(s, "NOT_NOW", "reveal", card="raj")

    def test_empty_locations_refill_from_their_own_deck(self):
        s = start(hands={"Ann": ["penny"] * 2})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act")  # Stuart leaves Caltech
        left = deck_left(s, 1)
        draw(s, "raj")
        assert phase(s) == "refill"
        assert prompt(s) == "Lay new location cards on: Caltech."
        refused(s, "NOT_IN_DECK", "place", location=1, card="amy")  # a home card
        refused(s, "NOT_IN_DECK", "place", location=1, card="whiteboard")  # its only copy lies at 2
        refused(s, "NOT_EMPTY", "place", location=2, card="kripke")
        do(s, "place", location=1, card="kripke")
        assert card_at(s, 1) == "kripke"
        assert deck_left(s, 1) == left - 1
        assert active(s) == "Bob"

    def test_the_companion_draws_and_refills_in_companion_mode(self):
        s = start(hands={"Ann": ["penny"] * 2}, cards_from="companion", settings=NO_RED_MOONS)
        pile = view(s)["pile"]
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act")
        do(s, "draw", count=2)
        assert view(s)["pile"] == pile - 2
        assert sum(hand(s, "Ann").values()) == 2
        refilled = card_at(s, 1)
        assert refilled is not None and s.state.config.cards[refilled].deck == "work"
        assert active(s) == "Bob"

    def test_deal_lets_the_companion_draw_for_a_table_without_cards(self):
        s = start(hands={"Ann": []}, settings=NO_RED_MOONS)
        do(s, "pass")
        do(s, "draw", count=3)
        do(s, "deal")
        assert sum(hand(s, "Ann").values()) == 3
        assert active(s) == "Bob"

    def test_a_location_whose_deck_is_used_up_stays_empty(self):
        cards = [c for c in default_settings()["cards"] if c["deck"] != "work"] + [
            {"id": "clerk", "name": "Clerk", "kind": "helper", "reward": "cube", "deck": "work"},
            {"id": "desk", "name": "Desk", "kind": "treasure", "reward": "moon", "deck": "work"},
        ]
        s = start(hands={"Ann": ["penny"] * 2}, locations=("clerk", "desk", "takeout", "flag", "captain-sweatpants", "lantern"),
                  settings={"cards": cards})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act")
        draw(s, "raj")
        assert card_at(s, 1) is None
        assert active(s) == "Bob"


class TestRedMoon:
    """Digest §Red moon: drawing stops; the next player acts once; the ring drops by the danger lying
    at the locations; then that player draws and the locations refill."""

    def test_a_red_moon_stops_the_drawing(self):
        s = start(hands={"Ann": ["penny"]}, locations=DANGER)
        do(s, "pass")
        do(s, "draw", count=3)
        do(s, "reveal", card="raj")
        do(s, "reveal", card="red_moon")
        assert hand(s, "Ann") == {"penny": 1, "raj": 1}
        assert active(s) == "Bob"
        assert view(s)["red_moon"] is True
        assert prompt(s).startswith("Red moon! Bob: one action turn, then the ring drops 3.")
        refused(s, "NOT_NOW", "reveal", card="raj")

    def test_the_ring_drops_by_the_danger_after_the_next_players_action_turn(self):
        s = start(hands={"Bob": ["penny"]}, locations=DANGER)
        end_turn(s, "red_moon")
        assert view(s)["moon"] == 8  # nothing yet: Bob acts first
        do(s, "play", character="penny", cards=1)
        do(s, "move", location=4)
        assert view(s)["moon"] == 5
        assert view(s)["red_moon"] is False
        assert phase(s) == "draw" and active(s) == "Bob"

    def test_a_pass_is_the_red_moon_action_turn_too(self):
        s = start(locations=DANGER)
        end_turn(s, "red_moon")
        do(s, "pass")
        assert view(s)["moon"] == 5

    def test_only_enemies_still_lying_after_the_action_turn_count(self):
        s = start(hands={"Bob": ["penny"] * 2}, locations=DANGER)
        end_turn(s, "red_moon")
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=3)
        do(s, "act", die=4)  # Wil Wheaton beaten: a moon, 8 -> 9; Kripke (2) still lies
        assert view(s)["moon"] == 7

    def test_after_the_strike_that_player_draws_then_locations_refill(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=DANGER)
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=2)
        do(s, "act")  # Stuart leaves location 2
        draw(s, "red_moon")
        assert active(s) == "Bob" and card_at(s, 2) is None  # no refill for Ann
        do(s, "pass")
        assert phase(s) == "draw" and active(s) == "Bob"
        draw(s, "raj")
        assert phase(s) == "refill"
        do(s, "place", location=2, card="stuart")
        assert active(s) == "Cy"
        assert view(s)["moon"] == 5

    def test_the_companion_stops_at_a_red_moon_too(self):
        s = start(hands={"Ann": [], "Bob": [], "Cy": []}, cards_from="companion",
                  settings={"pile": {"leonard": 0, "howard": 0, "penny": 0, "raj": 0, "sheldon": 4, "red_moon": 6}},
                  locations=DANGER)
        do(s, "pass")
        do(s, "draw", count=6)
        assert sum(hand(s, "Ann").values()) < 6
        assert view(s)["red_moon"] is True and active(s) == "Bob"


class TestEnd:
    """Digest §End: loss at the red-moon bottom or on an empty pile; win when the gate closes."""

    def lost_fight(self):
        s = start(hands={"Ann": ["penny"] * 2}, locations=("wil-wheaton-work", "whiteboard", "takeout", "flag", "captain-sweatpants", "lantern"),
                  settings={"track": {"start": 1}})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act", die=1)
        return s

    def won_game(self):
        s = start(hands={"Ann": ["penny"] * 3}, board=SOLUTION, locations=("crate", "stuart", "takeout", "flag", "captain-sweatpants", "lantern"),
                  settings=settings_with_cards(CRATE))
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=1)
        do(s, "act")
        do(s, "gate")
        return s

    def test_the_ring_reaching_the_red_moon_loses(self):
        s = self.lost_fight()
        assert status(s) == "lost" and view(s)["moon"] == 0
        assert view(s)["lost_reason"] == "moon"
        assert prompt(s) == "The ring reached the red moon. The game is lost."

    def test_a_red_moon_strike_to_the_bottom_loses(self):
        s = start(locations=DANGER, settings={"track": {"start": 3}})
        end_turn(s, "red_moon")
        do(s, "pass")
        assert status(s) == "lost" and view(s)["moon"] == 0

    def test_drawing_the_last_card_is_not_yet_a_loss(self):
        s = start(hands={"Ann": [], "Bob": [], "Cy": []},
                  settings={"pile": {"leonard": 0, "howard": 0, "penny": 1, "raj": 0, "sheldon": 0, "red_moon": 0}})
        end_turn(s, "penny")
        assert view(s)["pile"] == 0
        assert status(s) == "playing" and active(s) == "Bob"

    def test_an_empty_pile_when_a_draw_is_due_loses(self):
        s = start(hands={"Ann": [], "Bob": [], "Cy": []},
                  settings={"pile": {"leonard": 0, "howard": 0, "penny": 1, "raj": 0, "sheldon": 0, "red_moon": 0}})
        end_turn(s, "penny")
        do(s, "pass")
        do(s, "draw", count=1)
        assert status(s) == "lost" and view(s)["lost_reason"] == "pile"
        assert prompt(s) == "The draw pile ran out. The game is lost."

    def test_closing_the_gate_wins(self):
        s = self.won_game()
        assert status(s) == "won"
        assert prompt(s) == "The gate is closed. You win!"

    def test_after_a_loss_commands_are_refused(self):
        s = self.lost_fight()
        refused(s, "GAME_OVER", "move", location=2)
        refused(s, "GAME_OVER", "draw", count=1)
        refused(s, "GAME_OVER", "pass")

    def test_after_a_win_commands_are_refused(self):
        s = self.won_game()
        refused(s, "GAME_OVER", "draw", count=1)
        refused(s, "GAME_OVER", "use", item="moon")

    def test_undo_after_the_end_plays_on_from_before_it(self):
        s = self.lost_fight()
        s.undo()
        assert status(s) == "playing" and view(s)["moon"] == 1
        do(s, "act", die=3)
        assert status(s) == "playing" and card_at(s, 1) is None
