"""What the table sees, hears and touches: the ring (AP left in the active colour, both VP), the
spoken alerts, the undo-list lines, the menus of the table and of each seat, the RFID cards, the
buttons, and a whole exchange through `companion headless` as a process."""
import json
import subprocess
import sys

from companion.contract import TABLE
from companion.games.dungeontwister import GAME
from companion.messages import render
from companion.palette import COLOURS
from companion.ring import ring_json
from companion.session import Session
from companion.table import Table
from hardware.ring.render import render as lights

from .helpers import BLUE, RED, SEAT_MODE, do, end_turn, fight, line, prompt, refused, said, start, turn, view


def ring(s):
    return json.loads(json.dumps(ring_json(s.ring())))  # as headless sends it


def lit_arcs(frame, count):
    """The LEDs each of `count` arcs lights at full strength (a palette colour, not a faint glow)."""
    full = {colour.led for colour in COLOURS.values()}
    n = frame.led_count
    return [[p for p in frame.pixels[k * n // count:(k + 1) * n // count] if p in full] for k in range(count)]


class TestRing:
    def test_ap_left_in_white_glowing_in_the_active_colour_then_each_players_vp(self):
        s = start()
        turn(s, 2)
        do(s, "move", character="thief", exit=True)
        assert ring(s)["counters"] == [{"value": 1, "maximum": 2, "colour": "marker", "faint": "red"},
                                       {"value": 1, "maximum": 5, "colour": "red"}, {"value": 0, "maximum": 5, "colour": "blue"}]
        do(s, "move", character="troll")
        turn(s, 2)
        assert ring(s)["counters"][0] == {"value": 2, "maximum": 2, "colour": "marker", "faint": "blue"}

    def test_on_the_ring_the_ap_never_light_like_a_players_vp(self):
        """Issue 22: red's AP and red's VP were two red arcs; what the 24 LEDs light tells them apart."""
        s = start()
        turn(s, 2)
        do(s, "move", character="thief", exit=True)  # red: 1 AP left, 1 VP
        ap, red_vp, blue_vp = (set(arc) for arc in lit_arcs(lights(s.ring(), 24), 3))
        assert ap and red_vp and not ap & red_vp and not ap & blue_vp

    def test_a_reveal_flashes_the_winners_colour_and_a_win_spins(self):
        s = start()
        turn(s, 2)
        fight(s, ["troll"], ["thief"], {"red": 3, "blue": 0})
        assert ring(s)["alert"]["effect"] == "flash" and ring(s)["alert"]["colour"] == "red"
        do(s, "move", character="troll")
        assert ring(s)["alert"] is None  # the next action took the reveal off
        turn(s, 2)
        end_turn(s)
        turn(s, 3)
        for character in ("warrior", "cleric", "thief"):
            do(s, "move", character=character, exit=True)
        turn(s, 3)
        end_turn(s)
        turn(s, 4)
        do(s, "reveal", character="troll", appear=["red:goblin"])
        do(s, "move", character="goblin", exit=True)
        assert s.turn.status == "over" and ring(s)["alert"] == {"effect": "spin", "colour": "red", "count": 3, "period_ms": 1500}
        assert ring(s)["counters"][1] == {"value": 5, "maximum": 5, "colour": "red"}

    def test_before_the_start_the_ring_is_dark(self):
        assert ring(Session(GAME, 1))["counters"] == []


class TestSpoken:
    def test_a_choice_is_heard_as_chosen_and_the_reveal_with_both_totals(self):
        s = start()
        turn(s, 2)
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        first = do(s, "choose", by=BLUE, card=5)
        assert said(s, first) == ["blue has chosen."]
        last = do(s, "choose", by=RED, card=3)
        assert said(s, last) == ["red has chosen.", "red 7 against blue 7: a tie. red may pay 1 AP to fight again.", "1 AP left."]

    def test_the_reveal_says_who_is_wounded_or_dies(self):
        s = start()
        turn(s, 2)
        do(s, "move", character="warrior")
        step = fight(s, ["troll"], ["thief"], {"red": 3, "blue": 1})
        assert "red 7 against blue 3: blue's Thief is wounded." in said(s, step)
        assert not any("AP left" in text for text in said(s, step))  # the turn passed: the next card will say its AP

    def test_an_action_card_says_the_ap_and_an_action_what_is_left(self):
        s = start()
        assert said(s, do(s, "play_card", card=2)) == ["red: 2 AP."]
        assert said(s, do(s, "move", character="troll")) == ["1 AP left."]

    def test_the_spoken_reveal_never_names_a_card(self):
        s = start()
        turn(s, 2)
        step = fight(s, ["troll"], ["thief"], {"red": 6, "blue": 4})
        assert not any("+6" in text or "+4" in text for text in said(s, step))


class TestUndoLines:
    def test_each_viewer_reads_a_choice_as_it_may(self):
        s = start()
        turn(s, 2)
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        step = do(s, "choose", by=RED, card=4)
        assert line(s, step) == "red has chosen" and line(s, step, BLUE) == "red has chosen"
        assert line(s, step, RED) == "red chose +4"

    def test_the_reveal_line_keeps_who_won_never_the_totals(self):
        s = start()
        turn(s, 2)
        step = fight(s, ["troll"], ["thief"], {"red": 4, "blue": 2})
        for viewer in (TABLE, RED, BLUE):
            text = line(s, step, viewer)
            assert "red wins the fight; blue's Thief is wounded" in text and "8" not in text and "4" not in text

    def test_an_action_line_names_the_character_and_its_ap(self):
        s = start()
        turn(s, 2)
        assert line(s, do(s, "rotate", character="thief", quarters=2)).startswith("red: Thief turns a room 2 quarters (2 AP)")


class TestMenus:
    def test_the_table_acts_for_the_active_player_and_a_seat_in_its_own_turn(self):
        s = start()
        assert [o.command for o in s.game.options(s.state, TABLE)] == [{"cmd": "play_card", "card": 2}]
        assert s.game.options(s.state, BLUE) == []
        turn(s, 2)
        labels = [render(o.label) for o in s.game.options(s.state, RED)]
        assert labels[0] == "Move" and "Attack" in labels and labels[-1] == "End the turn"

    def test_in_a_fight_each_seat_gets_its_own_cards_and_the_table_nothing(self):
        s = start()
        turn(s, 2)
        fight(s, ["troll"], ["thief"], {"red": 6, "blue": 2})
        do(s, "attack", attackers=["warrior"], defenders=["cleric"])
        assert s.game.options(s.state, TABLE) == []
        assert [o.command["card"] for o in s.game.options(s.state, RED)] == [0, 1, 2, 3, 4, 5]
        assert [o.command["card"] for o in s.game.options(s.state, BLUE)] == [0, 1, 2, 3, 4, 5, 6]
        do(s, "choose", by=RED, card=0)
        assert s.game.options(s.state, RED) == []

    def test_the_starting_line_is_chosen_one_character_at_a_time_on_the_seat(self):
        s = Session(GAME, 1)
        do(s, "start", players=["Ann", "Bob"], settings=SEAT_MODE)
        assert s.game.options(s.state, TABLE) == []
        options = s.game.options(s.state, RED)
        assert len(options) == 8 and options[0].command == {"cmd": "lineup", "characters": ["wall_walker"]}
        s.apply(options[0].command, by=RED)
        assert len(s.game.options(s.state, RED)) == 7

    def test_buttons_walk_a_one_against_one_fight_and_hold_no_to_end_the_turn(self):
        s = start()
        table = Table(s)
        table.button("yes", "tap")  # the only card: the 2
        options = table.options()
        attack = next(i for i, o in enumerate(options) if render(o.label) == "Attack")
        for _ in range(attack):
            table.button("next", "tap")
        table.button("yes", "tap")  # Attack
        table.button("yes", "tap")  # the first attacker …
        table.button("yes", "tap")  # … against the first defender
        assert s.turn.phase == "combat" and s.state.combat.attackers == ("red:warrior",)
        table.command({"cmd": "choose", "card": 1}, by=RED)
        table.command({"cmd": "choose", "card": 1}, by=BLUE)
        assert table.button("no", "hold").kind == "selected" and s.state.active == "red", "ending the turn asks first"
        assert table.button("yes", "tap").kind == "applied" and s.state.active == "blue"


class TestCards:
    def test_every_card_of_both_boxes_can_be_enrolled(self):
        ids = {card.id for card in GAME.cards()}
        assert {"red:combat:0", "red:combat:6", "blue:combat:2", "red:action:5", "blue:jump", "yellow:combat:3"} <= ids
        per_colour = [i for i in ids if i.split(":")[0] not in ("character", "object", "room")]
        assert len(per_colour) == 6 * (7 + 4 + 1 + 8 + 6)  # every seat colour a table may choose: its cards and tokens
        assert len(ids) - len(per_colour) == 8 + 6 + 8  # and, once each, the characters, objects and rooms of the box

    def test_a_combat_card_scanned_at_a_seats_reader_is_that_seats_secret_choice(self):
        s = start()
        turn(s, 2)
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        s.apply(GAME.scan(s.state, "blue:combat:4", BLUE), by=BLUE)
        assert view(s, BLUE)["my_choice"] == 4 and "red" in prompt(s)

    def test_a_seat_cannot_choose_with_the_other_colours_card(self):
        s = start()
        turn(s, 2)
        do(s, "attack", attackers=["troll"], defenders=["thief"])
        assert GAME.scan(s.state, "blue:combat:4", RED) == {"cmd": "choose", "card": 4, "colour": "blue"}
        refused(s, "NOT_YOUR_COLOUR", "choose", by=RED, card=4, colour="blue")

    def test_a_combat_card_scanned_outside_a_fight_is_refused_without_naming_it(self):
        s = start()
        table = Table(s)
        outcome = table.command(GAME.scan(s.state, "red:combat:6", TABLE))
        assert outcome.kind == "refused" and "+6" not in render(outcome.message) and "6" not in render(outcome.message)

    def test_an_action_card_scanned_when_its_colour_must_play_is_played(self):
        s = start()
        assert GAME.scan(s.state, "blue:action:2", TABLE) is None
        assert GAME.scan(s.state, "red:action:2", RED) == {"cmd": "play_card", "card": 2}
        assert GAME.scan(s.state, "red:jump", RED) is None


def test_headless_plays_a_fight_where_each_seat_reads_only_its_own_card(db_path):
    lines = [
        {"cmd": "start", "players": ["Ann", "Bob"], "first": "red", "settings": SEAT_MODE,
         "lineup": {"red": ["troll", "warrior", "thief", "cleric"], "blue": ["troll", "warrior", "thief", "cleric"]}},
        {"cmd": "play_card", "card": 2, "by": "seat:red"},
        {"cmd": "attack", "attackers": ["troll"], "defenders": ["thief"], "by": "seat:red"},
        {"cmd": "choose", "card": 5, "by": "seat:blue"},
        {"cmd": "log", "by": "seat:red"},
        {"cmd": "choose", "card": 3, "by": "seat:red"},
        {"cmd": "undo", "by": "seat:red"},
        {"cmd": "ring"},
    ]
    result = subprocess.run([sys.executable, "-m", "entry", "headless", "dungeontwister", "--db", str(db_path), "--seed", "3"],
                            input="".join(json.dumps(line) + "\n" for line in lines), capture_output=True, text=True, timeout=60)
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True] * 6 + [False, True], result.stderr
    assert replies[3]["description"] == "blue chose +5" and replies[3]["state"]["my_choice"] == 5
    blues = json.dumps(replies[4])
    assert "blue has chosen" in blues and "+5" not in blues and '"my_choice": null' in blues
    assert replies[5]["state"]["last_combat"]["totals"] == {"red": 7, "blue": 7} and replies[5]["state"]["last_combat"]["my_card"] == 3
    assert replies[6]["error"]["code"] == "NOT_YOURS"  # red's step laid both cards open
    assert replies[7]["ring"]["kind"] == "counters" and replies[7]["ring"]["counters"][0] == {"value": 1, "maximum": 2, "colour": "marker", "faint": "red"}
