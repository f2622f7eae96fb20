"""What the table sees and hears: the ring (doom gauge with its monster spaces and the clock hand, the
alerts), the spoken alerts, the undo-list lines, the views of the table and of a seat, the odds, the
cards a tag can be and what a scan means, the menu."""
from __future__ import annotations

from companion.contract import TABLE, seat_viewer
from companion.games.eldersign import GAME
from companion.messages import render
from companion.ring import Alert, Gauge
from companion.table import Table

from .helpers import complete_lights_out, do, end_turn, line, start, view


def heard(session, step) -> list[str]:
    before = session._states[step.number - 1]
    return [render(text) for text in GAME.announcements(before, step.events)]


class TestRing:
    def test_the_doom_track_with_its_monster_spaces_and_the_clock_hand(self):
        s = start()
        do(s, "doom", amount=3)
        do(s, "move", to="entrance")
        do(s, "pass")
        do(s, "clock")
        assert s.ring() == Gauge(length=8, filled=3, marked=(1, 3, 5), clock=3, clock_hours=12, alert=None)

    def test_midnight_flashes_the_clock_colour(self):
        s = start()
        for _ in range(4):
            end_turn(s, mythos=None)
        assert s.ring().alert == Alert("flash", "clock", count=3)

    def test_the_last_free_space_pulses_alone_and_the_awakening_pulses_red(self):
        s = start()
        do(s, "doom", amount=7)
        assert s.ring().alert == Alert("pulse", "warning", period_ms=1500, space=7)  # the last space of 8 beats, alone
        do(s, "doom", amount=1)
        assert s.ring().alert == Alert("pulse", "danger", period_ms=800) and s.ring().filled == 8

    def test_a_win_spins_gold(self):
        s = start()
        do(s, "elder_signs", amount=10)
        assert s.ring().alert == Alert("spin", "gold", period_ms=1500)


class TestWhatTheTableHears:
    def test_midnight_the_doom_count_and_a_monster(self):
        s = start()
        for _ in range(3):
            end_turn(s)
        do(s, "move", to="entrance")
        do(s, "pass")
        assert heard(s, do(s, "clock")) == ["Midnight."]
        assert heard(s, do(s, "mythos", card="example-dark-ritual")) == ["Doom 2 of 8.", "A monster appears."]

    def test_the_awakening_and_a_devoured_investigator(self):
        s = start()
        assert heard(s, do(s, "adjust", what="sanity", amount=-4)) == ["Joe Diamond is devoured.", "Doom 1 of 8."]
        assert heard(s, do(s, "awaken")) == ["Yig awakens!"]

    def test_the_end_of_an_adventure_and_elder_signs(self):
        s = start(settings={"ancient_one": {"elder_signs": 2}})
        said = heard(s, complete_lights_out(s))
        assert said == ["Adventure completed.", "Elder Signs: 1 of 2."]

    def test_a_game_won_is_announced(self):
        s = start()
        assert heard(s, do(s, "elder_signs", amount=10))[-1] == "The Ancient One is sealed away. The investigators win!"


class TestLines:
    def test_an_attempt_reads_step_by_step(self):
        s = start()
        assert line(s, do(s, "move", to="hallway-on-fire")) == "Ann: moves to Hallway on Fire"
        assert line(s, do(s, "attempt", yellow=True)) == "Ann: attempts Hallway on Fire with 6 green, 1 yellow"
        assert line(s, do(s, "roll", green=["peril", "1", "2", "3", "lore", "terror"], yellow=["4"])) == "Ann: rolled Peril, 1, 2, 3, Lore, Terror, 4"
        assert line(s, do(s, "complete", task=1, dice=[1])) == "Ann: task 1 done"
        assert line(s, do(s, "roll", green=["1", "2", "3", "lore", "terror"], yellow=["lore"])) == "Ann: rolled 1, 2, 3, Lore, Terror, Lore"
        assert line(s, do(s, "focus", die=4)) == "Ann: green Lore onto the marker"
        assert line(s, do(s, "discard", die=1)) == "Ann: discards green 1 investigation"

    def test_the_clock_and_midnight(self):
        s = start()
        do(s, "move", to="entrance")
        do(s, "pass")
        assert line(s, do(s, "clock")) == "Ann: clock XII → III; Bob's turn"


class TestViews:
    def test_the_table_view_shows_the_track_the_clock_and_every_investigator(self):
        v = view(start())
        assert (v["doom"], v["clock_label"], v["elder_signs"]) == (0, "XII", 0)
        assert v["ancient_one"]["monster_spaces"] == [2, 4, 6] and v["ancient_one"]["checked"]
        assert [i["seat"] for i in v["investigators"]] == ["Ann", "Bob"]

    def test_a_seat_sees_the_same_with_its_own_investigator_marked(self):
        s = start()
        bob = s.view(seat_viewer("Bob")).to_json()
        assert [i["mine"] for i in bob["investigators"]] == [False, True]
        assert {k: v for k, v in bob.items() if k not in ("investigators", "viewer", "prompt", "prompt_message")} == \
               {k: v for k, v in view(s).items() if k not in ("investigators", "viewer", "prompt", "prompt_message")}

    def test_the_odds_of_every_adventure_for_the_active_investigator(self):
        s = start()
        odds = {a["adventure"]: a["percent"] for a in s.analyse("odds")["adventures"]}
        assert set(odds) == set(s.state.adventures)
        assert odds["hallway-on-fire"] > odds["lights-out"] > 0

    def test_the_odds_of_an_attempt_before_and_after_the_roll(self):
        s = start()
        do(s, "move", to="hallway-on-fire")
        before = next(a for a in s.analyse("odds")["adventures"] if a["adventure"] == "hallway-on-fire")["probability"]
        do(s, "attempt")
        assert s.analyse("odds")["attempt"]["probability"] == before
        do(s, "roll", green=["peril", "peril", "1", "2", "3", "lore"])
        assert s.analyse("odds")["attempt"]["probability"] > before


class TestCards:
    def test_every_card_kind_can_be_enrolled(self):
        kinds = {card.kind for card in GAME.cards()}
        assert kinds == {"adventure", "mythos", "investigator", "ancient_one", "item", "entrance"}

    def test_a_mythos_card_scanned_at_midnight_is_drawn_and_any_other_time_means_nothing(self):
        s = start()
        assert GAME.scan(s.state, "example-stars-align", TABLE) is None
        for _ in range(4):
            end_turn(s, mythos=None)
        assert GAME.scan(s.state, "example-stars-align", TABLE) == {"cmd": "mythos", "card": "example-stars-align"}

    def test_an_adventure_scanned_is_where_to_go_or_is_laid_out(self):
        s = start()
        assert GAME.scan(s.state, "the-curator", TABLE) == {"cmd": "move", "to": "the-curator"}
        assert GAME.scan(s.state, "lost-carcosa", TABLE) == {"cmd": "lay", "adventure": "lost-carcosa"}

    def test_an_item_scanned_is_gained(self):
        s = start()
        s.apply(GAME.scan(s.state, "item:spells", TABLE))
        assert view(s)["investigators"][0]["spells"] == 1


def test_the_menu_walks_a_turn_and_every_option_it_offers_is_accepted():
    s = start()
    table = Table(s)
    for _ in range(30):
        options = table.options()
        option = next((o for o in options if o.command.get("to") not in (None, "entrance")), options[0])  # to an adventure, not the entrance
        request = option.request({ask.arg: ask.choices[-1].value for ask in option.asks})
        if option.dialog == "roll":
            request = {"cmd": "roll", "virtual": True}
        table.command(request)
    assert len(s.history) == 31
