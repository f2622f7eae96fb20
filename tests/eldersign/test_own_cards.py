"""Issue 20: the Mythos deck and the monster markers are in no source reached, so a table enters each of
its cards once, in short, when it first meets it; from then on the companion knows it and applies it
like a card of the data. And a Mythos card's or an adventure's sanity loss is applied, not only shown."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.contract import TABLE
from companion.games.eldersign import GAME
from companion.games.eldersign.config import default_settings

from .helpers import do, end_turn, investigator, line, refused, start, view

PRINTED = {"adventures": default_settings()["adventures"]}


def to_midnight(s):
    """Both players go to the entrance and pass until midnight (4 turns of 3 hours)."""
    for _ in range(3):
        end_turn(s)
    end_turn(s, mythos=None)
    assert s.turn.phase == "midnight"


class TestTheSanityACardTakes:
    def test_a_mythos_card_that_takes_sanity_at_the_entrance_takes_it_there_only(self):
        s = start()
        for _ in range(3):
            end_turn(s)
        do(s, "move", to="the-curator")  # Bob's last turn before midnight: not at the entrance
        end_turn(s, mythos=None)
        ann, bob = investigator(s, "Ann")["sanity"], investigator(s, "Bob")["sanity"]
        do(s, "mythos", card="example-dark-ritual")
        assert investigator(s, "Ann")["sanity"] == ann - 1  # Ann went to the entrance
        assert investigator(s, "Bob")["sanity"] == bob
        assert view(s)["doom"] == 2

    def test_dont_fall_asleep_takes_1_sanity_at_midnight_from_each_investigator_on_it(self):
        s = start(settings=PRINTED, adventures=("dont-fall-asleep", "the-curator"))
        for _ in range(3):
            end_turn(s)
        do(s, "move", to="dont-fall-asleep")
        before = investigator(s, "Bob")["sanity"]
        end_turn(s, mythos=None)
        assert investigator(s, "Bob")["sanity"] == before - 1
        assert investigator(s, "Ann")["sanity"] == 4  # at the entrance: untouched


class TestAMythosCardNotKnownYet:
    def test_it_is_entered_once_applied_and_known_from_then_on(self):
        s = start()
        to_midnight(s)
        menu = [o.command for o in GAME.options(s.state, TABLE)]
        assert {"cmd": "new_mythos"} in [{"cmd": c["cmd"]} for c in menu]
        step = do(s, "new_mythos", name="Blutmond", language="de", doom=2, sanity=-1, green=1, text="Ein grüner Würfel ist gesperrt.")
        assert view(s)["doom"] == 2
        assert investigator(s, "Ann")["sanity"] == 3 and investigator(s, "Bob")["sanity"] == 5  # whom: all
        assert "Blutmond" in line(s, step)
        card = s.state.config.mythos["own-blutmond"]
        assert card.title.by_language["de"] == "Blutmond" and card.locked == (1, 0, 0)
        # the next midnight: the same card is a known one, scanned or picked
        for _ in range(3):
            end_turn(s)
        end_turn(s, mythos=None)
        assert GAME.scan(s.state, "own-blutmond", TABLE) == {"cmd": "mythos", "card": "own-blutmond"}
        do(s, "mythos", card="own-blutmond")
        assert view(s)["doom"] == 4
        # its lingering effect: a green die locked
        do(s, "move", to="the-curator")
        do(s, "attempt")
        assert view(s)["attempt"]["pool"]["green"] == 5

    def test_a_resumed_game_still_knows_it(self):
        s = start()
        to_midnight(s)
        do(s, "new_mythos", name="Frost", stamina=-1, whom="active")
        replayed = GAME.fold(GAME.initial_state(), [event for step in s.history for event in step.events])
        assert replayed == s.state and "own-frost" in replayed.config.mythos

    def test_a_bad_entry_is_refused_and_changes_nothing(self):
        s = start()
        to_midnight(s)
        assert "doom" in refused(s, "BAD_CARD", "new_mythos", name="Doom", doom=99).message
        refused(s, "BAD_CARD", "new_mythos", name="Doom", whom="nobody")
        refused(s, "BAD_CARD", "new_mythos", name="x" * 61)
        refused(s, "KNOWN_CARD", "new_mythos", name="X", card="example-quiet-night")
        refused(s, "UNKNOWN_CARD", "mythos", card="own-nothing")

    def test_a_scanned_card_the_data_lacks_asks_for_its_numbers_at_midnight(self):
        s = start()
        to_midnight(s)
        option = GAME.scan(s.state, "our-blood-moon", TABLE)
        assert option is not None and not isinstance(option, dict)
        assert option.command == {"cmd": "new_mythos", "card": "our-blood-moon", "name": "Our blood moon"}
        assert [ask.arg for ask in option.asks][:2] == ["doom", "monsters"]


class TestAMonsterMarkerNotKnownYet:
    def test_it_is_entered_once_and_its_task_is_added_wherever_it_is_placed_later(self):
        s = start()
        do(s, "doom", amount=2)  # Yig's second space: a monster appears
        do(s, "new_monster", adventure="the-curator", name="Cultist", task="peril,lore")
        assert s.state.monsters["the-curator"] == ("LORE,PERIL",)
        assert s.state.config.monsters["own-cultist"].task == "LORE,PERIL"
        do(s, "doom", amount=2)
        do(s, "place_monster", adventure="koi-pond", monster="own-cultist")
        assert s.state.monsters["koi-pond"] == ("LORE,PERIL",)
        assert len(s.state.card("koi-pond").tasks) == 3

    def test_a_bad_marker_is_refused_and_changes_nothing(self):
        s = start()
        do(s, "doom", amount=2)
        refused(s, "BAD_CARD", "new_monster", adventure="the-curator", name="Cultist", task="BANANA")
        refused(s, "BAD_CARD", "new_monster", adventure="the-curator", name="Cultist", task="PERIL|LORE")
        refused(s, "UNKNOWN_CARD", "place_monster", adventure="the-curator", monster="own-nothing")
        refused(s, "NOT_IN_PLAY", "new_monster", adventure="nowhere", name="Cultist", task="PERIL")


@settings(max_examples=40, deadline=None)
@given(doom=st.integers(-12, 12), sanity=st.integers(-7, 7), stamina=st.integers(-7, 7), clock=st.integers(0, 11),
       whom=st.sampled_from(["all", "entrance", "active", "someone"]))
def test_an_entered_mythos_card_is_refused_changing_nothing_or_applied_as_its_numbers_say(doom, sanity, stamina, clock, whom):
    s = start()
    to_midnight(s)
    before = s.state
    try:
        do(s, "new_mythos", name="Any", doom=doom, sanity=sanity, stamina=stamina, clock=clock, whom=whom)
    except Exception as refusal:
        assert getattr(refusal, "code", None) == "BAD_CARD" and s.state == before
        assert not (-10 <= doom <= 10 and -5 <= sanity <= 5 and -5 <= stamina <= 5 and clock <= 9 and whom != "someone")
        return
    devoured = sum(1 for old, new in zip(before.investigators, s.state.investigators, strict=True) if new.card != old.card)
    track = before.config.ancient_one.doom
    assert s.state.doom == min(track, max(0, before.doom + doom) + devoured) or s.state.awakened  # a devoured investigator: a doom token
    for seat, old, new in zip(before.players, before.investigators, s.state.investigators, strict=True):
        struck = whom == "all" or (whom == "entrance" and old.where == "entrance") or (whom == "active" and seat == before.seat)
        if new.card == old.card and struck and s.state.status == "playing":
            printed = before.config.investigators[old.card]
            assert new.sanity == min(printed.sanity, old.sanity + sanity)
            assert new.stamina == min(printed.stamina, old.stamina + stamina)


class TestTheTablesFileKeepsIt:
    def test_a_card_entered_goes_into_the_tables_file_and_the_next_game_set_up_from_it_knows_it(self, tmp_path):
        from companion.settings import read_table_file
        from entry.root import Companion

        companion = Companion(tmp_path / "games.db", seed=4, rig_factory=lambda hardware: None)
        try:
            request = {"cmd": "start", "players": ["Ann", "Bob"], "investigators": ["joe-diamond", "kate-winthrop"]}
            assert companion.start("eldersign", request).kind == "applied"
            table = companion.table
            assert table is not None
            for _ in range(4):
                for command in ({"cmd": "move", "to": "entrance"}, {"cmd": "pass"}, {"cmd": "clock"}):
                    assert table.command(command).kind == "applied"
            assert table.command({"cmd": "new_mythos", "name": "Mond", "language": "de", "doom": 1, "sanity": -1}).kind == "applied"
            refusal = table.command({"cmd": "new_mythos", "name": "Zu viel", "doom": 50})
            assert refusal.kind == "refused"
            path = tmp_path / "tables" / "eldersign" / "our-cards.toml"
            kept = read_table_file(path)
            assert kept["mythos"] == [{"id": "own-mond", "name": "Mond", "names": {"de": "Mond"}, "doom": 1, "sanity": -1}]
            assert companion.table_files("eldersign") == [path]
            # the next game set up from that file: the card is known, scanned or picked
            again = {**request, "settings": kept}
            assert companion.start("eldersign", again, table_file=path).kind == "applied"
            assert "own-mond" in companion.session.state.config.mythos
            assert [card.id for card in GAME.table_cards(companion.session.state) if card.kind == "mythos"] == ["own-mond"]
        finally:
            companion.close()
