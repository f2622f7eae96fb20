"""Setup (facts §3.3): two players with a colour each, who begins, and the starting lines — chosen by
both players at once and in secret, laid open together; the rest lies face down in the rooms."""
import json

import pytest

from companion.contract import TABLE, seat_viewer
from companion.errors import RuleError
from companion.games.dungeontwister import GAME
from companion.session import Session

from .helpers import BLUE, LINE, RED, SEAT_MODE, do, line, prompt, refused, start, status, view


def fresh(seed=3):
    return Session(GAME, seed)


class TestPlayers:
    def test_two_players_get_the_seat_colours_in_the_order_named(self):
        s = fresh()
        do(s, "start", players=["Ann", "Bob"], first="Bob")
        assert [(seat.id, seat.name) for seat in s.seats] == [("red", "Ann"), ("blue", "Bob")]
        assert view(s)["first"] == "blue"

    def test_a_table_chooses_its_own_colours_such_as_the_boxs_blue_and_yellow(self):
        s = fresh()
        do(s, "start", players=["Ann", "Bob"], settings={"seats": {"first": "blue", "second": "yellow"}})
        assert [seat.id for seat in s.seats] == ["blue", "yellow"]

    def test_the_same_colour_twice_is_refused_by_its_key(self):
        error = refused(fresh(), "BAD_SETTINGS", "start", players=["Ann", "Bob"], settings={"seats": {"second": "red"}})
        assert "seats.second" in error.message

    def test_one_or_three_players_or_twice_the_same_name_are_refused(self):
        for players in (["Ann"], ["Ann", "Bob", "Cy"], ["Ann", "Ann"], ["Ann", " "]):
            refused(fresh(), "BAD_PLAYERS", "start", players=players)

    def test_who_begins_is_drawn_from_the_seed_unless_the_table_says(self):
        firsts = set()
        for seed in range(12):
            s = fresh(seed)
            do(s, "start", players=["Ann", "Bob"])
            firsts.add(view(s)["first"])
        assert firsts == {"red", "blue"}
        s = fresh()
        do(s, "start", players=["Ann", "Bob"], settings={"seats": {"first_player": "first_seat"}})
        assert view(s)["first"] == "red"
        refused(fresh(), "BAD_FIRST", "start", players=["Ann", "Bob"], first="green")


class TestStartingLines:
    """Facts §3.3: each player secretly picks 4 of the 8 characters for the starting line (on seat screens)."""

    def started(self):
        s = fresh()
        do(s, "start", players=["Ann", "Bob"], first="red", settings=SEAT_MODE)
        return s

    def test_both_players_choose_at_once_and_the_table_sees_only_who_has(self):
        s = self.started()
        assert s.turn.phase == "lineup" and s.turn.acting == ("red", "blue")
        do(s, "lineup", by=RED, characters=["troll", "wizard"])
        assert s.turn.acting == ("red", "blue")  # two more to choose
        do(s, "lineup", by=RED, characters=["goblin", "thief"])
        assert s.turn.acting == ("blue",)
        assert "Wizard" not in json.dumps([s.log(TABLE), s.log(BLUE), list(s.export(BLUE))])  # no pick is named …
        assert all(c["status"] == "reserve" for c in view(s)["characters"])  # … nor shows as a status
        assert view(s, BLUE)["my_lineup"] == [] and "my_lineup" not in view(s)
        assert view(s, RED)["my_lineup"] == ["troll", "wizard", "goblin", "thief"]
        assert prompt(s, BLUE).startswith("Choose 4 more characters")
        assert prompt(s) == "Waiting for the starting line of blue…"
        assert line(s, s.history[-1], BLUE) == "red has chosen 4 of 4 starting characters"

    def test_the_lines_are_laid_open_together_and_the_first_player_begins(self):
        s = self.started()
        do(s, "lineup", by=RED, characters=list(LINE))
        do(s, "lineup", by=BLUE, characters=["goblin", "wizard", "mekanork", "warrior"])
        assert status(s, "red:troll") == "maze" and status(s, "red:goblin") == "reserve"
        assert status(s, "blue:goblin") == "maze" and status(s, "blue:troll") == "reserve"
        assert s.turn.phase == "action_card" and s.turn.acting == ("red",)

    def test_a_seat_takes_back_its_own_pick_but_not_the_step_that_laid_both_open(self):
        s = self.started()
        do(s, "lineup", by=RED, characters=list(LINE))
        with pytest.raises(RuleError) as caught:
            s.undo(1, by=BLUE)
        assert caught.value.code == "NOT_YOURS"
        s.undo(1, by=RED)
        assert view(s, RED)["my_lineup"] == []
        do(s, "lineup", by=RED, characters=list(LINE))
        do(s, "lineup", by=BLUE, characters=list(LINE))
        with pytest.raises(RuleError) as caught:
            s.undo(1, by=BLUE)  # blue's pick laid both lines open
        assert caught.value.code == "NOT_YOURS"
        assert s.undo(1, by=TABLE)

    def test_a_line_holds_four_different_characters_of_its_own_colour(self):
        s = self.started()
        do(s, "lineup", by=RED, characters=["troll", "thief", "cleric"])
        refused(s, "BAD_LINEUP", "lineup", by=RED, characters=["troll"])
        refused(s, "BAD_LINEUP", "lineup", by=RED, characters=["goblin", "wizard"])
        refused(s, "BAD_LINEUP", "lineup", by=RED, characters=["rope"])
        refused(s, "WRONG_COLOUR", "lineup", by=RED, characters=["blue:goblin"])
        do(s, "lineup", by=RED, characters=["goblin"])
        refused(s, "ALREADY_CHOSEN", "lineup", by=RED, characters=["wizard"])

    def test_the_table_chooses_only_for_a_colour_it_names_and_a_seat_only_for_itself(self):
        s = self.started()
        refused(s, "NAME_THE_COLOUR", "lineup", characters=list(LINE))
        refused(s, "NOT_YOUR_COLOUR", "lineup", by=RED, colour="blue", characters=list(LINE))
        refused(s, "UNKNOWN_SEAT", "lineup", by=seat_viewer("green"), characters=list(LINE))
        do(s, "lineup", colour="blue", characters=list(LINE))
        assert s.turn.acting == ("red",)

    def test_nothing_but_the_lineup_before_both_lines_are_open(self):
        s = self.started()
        refused(s, "NOT_NOW", "play_card", card=2)

    def test_lines_given_at_the_start_are_open_at_once(self):
        s = start()
        assert s.turn.phase == "action_card" and status(s, "blue:cleric") == "maze"
        refused(fresh(), "BAD_LINEUP", "start", players=["Ann", "Bob"], lineup={"red": list(LINE)})
        refused(fresh(), "BAD_LINEUP", "start", players=["Ann", "Bob"], lineup={"red": list(LINE), "blue": list(LINE), "green": list(LINE)})

    def test_without_face_down_tracking_every_token_is_in_play(self):
        s = start(settings={"table": {"hidden_tokens": False}})
        assert status(s, "red:goblin") == "maze"
        assert all(o["status"] == "maze" for o in view(s)["objects"])

    def test_the_game_starts_once(self):
        refused(start(), "ALREADY_STARTED", "start", players=["Ann", "Bob"])
        refused(fresh(), "NOT_STARTED", "play_card", card=2)
