"""What the table sees, hears and reads: the ring (every seat's level; a fight as two arcs; a flash on a
kill or a death), the spoken alerts, the odds ("needs +3", the chance to escape), the prompt and the
undo-list lines."""
from fractions import Fraction

from companion.contract import TABLE, seat_viewer
from companion.games.munchkin import GAME
from companion.palette import COLOURS, SEAT_COLOURS
from companion.ring import Counters, SeatLevels
from hardware.ring.render import render as lights

from .helpers import do, equip, line, said, set_level, start


def lit_arcs(frame, count):
    """The LEDs each of `count` arcs lights at full strength (a palette colour, not a faint glow)."""
    full = {colour.led for colour in COLOURS.values()}
    n = frame.led_count
    return [[p for p in frame.pixels[k * n // count:(k + 1) * n // count] if p in full] for k in range(count)]


def charity(s):
    """What ends a turn now: the excess given as the only split allows, or none."""
    option = next(o for o in GAME.options(s.state, TABLE) if o.command["cmd"] == "end_turn")
    return {key: value for key, value in option.command.items() if key != "cmd"}


class TestRing:
    def test_every_seats_level_in_its_colour_the_active_one_marked(self):
        s = start()
        set_level(s, "Bob", 4)
        ring = s.ring()
        assert isinstance(ring, SeatLevels)
        assert (ring.levels, ring.maximum, ring.active, ring.colours) == ((1, 4, 1), 10, 0, SEAT_COLOURS[:3])

    def test_a_fight_is_two_arcs_that_move_as_cards_are_played(self):
        s = start()
        set_level(s, "Ann", 3)
        do(s, "kick", card="pied-piper")
        ring = s.ring()
        assert isinstance(ring, Counters)
        assert [(c.value, c.maximum, c.colour, c.faint) for c in ring.counters] == [(3, 8, "marker", "red"), (8, 8, "danger", None)]
        do(s, "enhance", "Bob", card="wicked")
        assert [c.value for c in s.ring().counters] == [3, 18]
        assert s.ring().alert is not None  # the players are losing: the ring pulses

    def test_in_a_fight_the_players_and_the_monsters_never_light_alike_whoever_fights(self):
        """Issue 22: with a red fighter both arcs were red; the 24 LEDs now tell them apart at every seat."""
        for fighter in range(6):
            players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]
            s = start(players=tuple(players))
            for _ in range(fighter):
                do(s, "kick", what="other")
                do(s, "loot") if s.state.phase == "trouble" else None
                do(s, "end_turn", **charity(s))
            set_level(s, players[fighter], 3)
            do(s, "kick", card="pied-piper")
            ours, theirs = (set(arc) for arc in lit_arcs(lights(s.ring(), 24), 2))
            assert ours and theirs and not ours & theirs, players[fighter]

    def test_every_level_lights_its_own_pattern_for_three_to_six_seats_on_24_leds(self):
        """Issue 22: on 24 LEDs levels 4 and 5 (and 8 and 9) lit alike; with six seats 6 to 9 all lit 3."""
        for seats in range(3, 7):
            for active in (None, 0):
                patterns = {}
                for level in range(1, 11):
                    view = SeatLevels((level,) * seats, maximum=10, active=active, colours=SEAT_COLOURS[:seats])
                    patterns[level] = tuple(lights(view, 24).pixels[:24 // seats])
                assert len(set(patterns.values())) == 10, (seats, active)

    def test_a_kill_flashes_gold_and_a_death_flashes_red(self):
        s = start()
        equip(s, "Ann", "sword")
        do(s, "kick", card="slug")
        do(s, "fight")
        assert s.ring().alert.effect == "flash" and s.ring().alert.colour == "gold"
        do(s, "hand", count=5)
        do(s, "end_turn")
        assert s.ring().alert is None
        do(s, "kick", "Bob", card="dragon")
        do(s, "run")
        do(s, "roll", die=1)
        assert s.ring().alert.colour == "danger"


class TestAnnouncements:
    def test_the_fight_standing_is_said_after_each_card(self):
        s = start()
        set_level(s, "Ann", 5)
        assert said(s, do(s, "kick", card="pied-piper")) == ["The monster is 3 stronger."]
        assert said(s, do(s, "oneshot", "Bob", bonus=3)) == ["Tied: the monster wins ties."]
        assert said(s, do(s, "oneshot", "Cy", bonus=2)) == ["Ann wins by 2."]

    def test_escaped_caught_kill_and_death_are_said(self):
        s = start()
        do(s, "kick", card="troll")
        do(s, "run")
        assert said(s, do(s, "roll", die=6)) == ["Ann escaped."]
        do(s, "end_turn")
        do(s, "kick", "Bob", card="dragon")
        do(s, "run")
        assert said(s, do(s, "roll", die=2)) == ["Plutonium Dragon caught Bob!", "Bob is dead."]

    def test_level_nine_is_said_as_needing_a_kill(self):
        s = start()
        set_level(s, "Ann", 8)
        assert said(s, do(s, "go_up", "Bob", target="Ann")) == ["Level 9: Ann needs a kill."]

    def test_a_kill_is_said(self):
        s = start()
        equip(s, "Ann", "sword")
        do(s, "kick", card="slug")
        assert said(s, do(s, "fight")) == ["Ann killed Slimy Slug!"]


class TestOdds:
    def test_the_standing_says_how_much_strength_is_short(self):
        s = start()
        set_level(s, "Ann", 4)
        do(s, "kick", card="pied-piper")
        fight = s.analyse("odds")["fight"]
        assert (fight["players"], fight["monsters"], fight["winning"], fight["needs"]) == (4, 8, False, 5)

    def test_the_chance_to_escape_with_the_modifiers_in_play(self):
        s = start()
        do(s, "become", card="elf")
        equip(s, "Ann", "boots")
        do(s, "kick", card="troll")
        escape = s.analyse("odds")["escape"][0]
        assert (escape["need"], Fraction(escape["chance"]), escape["percent"]) == (2, Fraction(5, 6), 83)

    def test_escaping_several_monsters_multiplies_and_a_curse_lowers_it(self):
        s = start()
        do(s, "kick", card="troll")
        do(s, "wander", "Bob", card="slug")
        assert s.analyse("odds")["escape_all"] == {"Ann": 11}  # (1/3)²
        do(s, "curse", "Bob", target="Ann", card="chicken")
        assert s.analyse("odds")["escape"][0]["need"] == 6

    def test_no_odds_outside_a_fight(self):
        assert start().analyse("odds") == {"fight": None, "escape": [], "escape_all": {}}


class TestWords:
    def test_the_prompt_names_the_phase_and_what_is_allowed(self):
        s = start()
        text = s.public_view().to_json()["prompt"]
        assert text.startswith("Phase 1, Ann: kick open the door") and "sell" in text

    def test_the_undo_list_says_what_happened(self):
        s = start()
        assert line(s, do(s, "kick", card="pied-piper")) == "Ann kicks open the door; Ann fights; Pied Piper (level 8)"
        assert line(s, do(s, "enhance", "Cy", card="wicked")) == "Cy plays Wicked on Pied Piper: +10"
        do(s, "run")
        assert line(s, do(s, "roll", die=3)) == "Ann rolls 3: caught by Pied Piper"

    def test_every_viewer_sees_the_same_open_table(self):
        """Nothing is secret in this game: the hands stay in the players' hands, only counted."""
        s = start()
        do(s, "kick", card="pied-piper")
        table = s.view(TABLE).fields
        assert all(s.view(seat_viewer(name)).fields == table for name in ("Ann", "Bob", "Cy"))


def test_the_catalogue_is_an_analysis_with_the_tables_own_cards():
    s = start()
    cards = s.analyse("catalogue")
    assert {"id": "pied-piper", "name": "Pied Piper", "level": 8, "treasures": 2, "levels": 1, "bad_stuff": "Lose an item.", "text": ""} in cards["monsters"]
    assert any(i["id"] == "helm" for i in cards["items"]) and "catalogue" not in s.public_view().fields
    curse = next(k for k in cards["curses"] if k["id"] == "lose-two-cards")
    assert curse["effect"] == "Lose 2 cards of the hand: the players to the left and to the right take them."
    assert next(k for k in cards["curses"] if k["id"] == "change-class")["text"]  # what the table still does, in our words


def test_the_settings_docs_table_is_made_from_the_schema():
    import importlib.util
    from pathlib import Path

    from companion.games.munchkin import GAME

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("settings_docs", root / "tools" / "settings_docs.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    text = (tool.DOCS / f"{GAME.id}-settings.md").read_text(encoding="utf-8")
    assert tool.updated(text, tool.table(GAME)) == text, "run: python tools/settings_docs.py"
