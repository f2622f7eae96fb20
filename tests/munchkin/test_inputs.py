"""Munchkin through buttons, screens and cards: each seat's menu, what a scanned card means, the cards a
tag can be enrolled as, and the table's own cards as settings."""
import pytest

from companion.cards import CardCatalogue
from companion.contract import TABLE, seat_viewer
from companion.errors import RuleError
from companion.games.munchkin import GAME
from companion.messages import render
from companion.session import Session
from companion.table import Table

from .helpers import HOUSE, do, equip, fight, hand, phase, start


def labels(s, by=TABLE):
    return [render(o.label) for o in GAME.options(s.state, by)]


class TestMenus:
    def test_the_door_menu_offers_the_catalogues_monsters_and_typing_one_in(self):
        s = start()
        door = GAME.options(s.state, TABLE)[0]
        assert render(door.label) == "Door: a monster" and [c.value for c in door.asks[0].choices][:2] == ["pied-piper", "man-eating-moon"]
        assert "Door: a monster not in the catalogue" in labels(s)

    def test_a_seat_out_of_turn_is_offered_only_what_anyone_may_play(self):
        s = start()
        assert not any(label.startswith("Door") for label in labels(s, seat_viewer("Bob")))
        assert {"Curse a player", "Go Up a Level"} <= set(labels(s, seat_viewer("Bob")))

    def test_in_a_fight_a_bystander_may_enhance_and_the_fighter_kills_or_runs(self):
        s = start()
        do(s, "kick", card="pied-piper")
        assert "Enhance a monster" in labels(s, seat_viewer("Cy")) and "Run away (needs +8 to win)" not in labels(s, seat_viewer("Cy"))
        assert "Run away (needs +8 to win)" in labels(s, seat_viewer("Ann"))

    def test_the_table_screen_asks_who_plays_a_card(self):
        s = start()
        do(s, "kick", card="pied-piper")
        enhance = next(o for o in GAME.options(s.state, TABLE) if render(o.label) == "Enhance a monster")
        assert enhance.asks[0].arg == "seat" and enhance.dialog == "fight"

    def test_charity_offers_each_even_split(self):
        s = start()
        do(s, "adjust", seat="Ann", levels=1)
        do(s, "kick", what="other")
        do(s, "loot")
        splits = [o.command["give"] for o in GAME.options(s.state, TABLE) if o.command["cmd"] == "end_turn"]
        assert splits == [{"Bob": 3, "Cy": 2}, {"Bob": 2, "Cy": 3}]

    def test_a_halfling_sells_the_backpack_with_one_item_for_double_from_the_menu(self):
        s = start()
        do(s, "become", card="halfling")
        do(s, "item", card="magic-lamp")  # 500 gold, carried (a one-shot)
        double = next(o for o in GAME.options(s.state, TABLE) if o.command.get("double"))
        assert render(double.label) == "Sell the backpack, Magic Lamp for double (1000 gold)"
        s.apply(double.command)
        assert s.state.player("Ann").level == 2
        assert not any(o.command.get("double") for o in GAME.options(s.state, TABLE))  # once a turn

    def test_a_wizard_fleeing_is_asked_the_flight_cards_only_after_a_losing_roll(self):
        s = start()
        do(s, "become", card="wizard")
        do(s, "kick", card="pied-piper")
        do(s, "run")
        roll = next(o for o in GAME.options(s.state, TABLE) if o.command.get("cmd") == "roll" and o.asks)
        flight = next(a for a in roll.asks if a.arg == "flight")
        assert [c.value for c in flight.choices] == [0, 1, 2, 3]
        assert flight.asked({**roll.command, "die": 3}) and not flight.asked({**roll.command, "die": 5})
        s.apply({**roll.command, "die": 3, "flight": 2})
        assert fight(s) is None and hand(s, "Ann") == 8 - 1 - 2

    def test_every_menu_option_of_a_walk_is_accepted_or_refused_cleanly(self):
        """The menus never offer a value the rules cannot read (asks always have choices)."""
        s = start(seed=3)
        for _ in range(60):
            options = GAME.options(s.state, TABLE)
            assert options and all(a.choices for o in options for a in o.asks)
            for option in options:
                try:
                    s.apply({**option.command, **{a.arg: a.choices[0].value for a in option.asks}})
                    break
                except RuleError:
                    continue


class TestScanning:
    """Issue 13: a door card scanned puts that monster or curse into play; a treasure goes to the seat whose turn it is."""

    def scanned(self, s, card, by=TABLE):
        return GAME.scan(s.state, card, by)

    def test_a_door_card_before_kicking_is_the_door(self):
        s = start()
        assert self.scanned(s, "pied-piper") == {"cmd": "kick", "card": "pied-piper"}
        assert self.scanned(s, "barrel-of-nails") == {"cmd": "kick", "card": "barrel-of-nails"}

    def test_a_class_before_kicking_asks_whether_it_is_the_door_or_played_from_the_hand(self):
        """Issue 22: a class or race is as often played from the hand before the kick: one YES for the door."""
        s = start()
        asked = self.scanned(s, "warrior")
        choices = asked.asks[0].choices
        assert [(c.value.command, render(c.label)) for c in choices] == [
            ({"cmd": "kick", "card": "warrior"}, "behind the door"), ({"cmd": "become", "card": "warrior"}, "Ann plays it")]
        assert asked.asks[0].start({}) == 0

    def test_a_treasure_is_offered_to_the_seat_whose_turn_it_is(self):
        s = start()
        offer = self.scanned(s, "sword")
        assert offer.command == {"cmd": "item", "card": "sword"} and render(offer.asks[0].label) == "Ann plays Broad Sword"
        assert [(c.value, render(c.label)) for c in offer.asks[0].choices] == [(True, "equipped"), (False, "carried")]
        one_shot = self.scanned(s, "loaded-die")
        assert [(c.value, render(c.label)) for c in one_shot.asks[0].choices] == [(False, "onto the table")]
        assert self.scanned(s, "loaded-die", seat_viewer("Bob")) is None

    def test_a_scanned_treasure_waits_for_yes_and_no_leaves_it_in_the_hand(self, tmp_path):
        """Issue 13: "scanning a treasure card offers it to the seat whose turn it is (confirm)"."""
        s = start()
        with CardCatalogue(tmp_path / "cards.db") as catalogue:
            catalogue.enrol("04a1b2c3d4e5f6", "munchkin", "sword")
            table = Table(s, catalogue)
            steps = len(s.history)
            asked = table.card("04a1b2c3d4e5f6")
            assert asked.kind == "selected" and render(asked.message) == "Ann plays Broad Sword: equipped" and len(s.history) == steps
            assert table.button("no", "tap").kind == "selected" and len(s.history) == steps  # NO: it stays in the hand
            table.card("04a1b2c3d4e5f6")
            table.button("next", "tap")  # "carried"
            done = table.button("yes", "tap")
        assert done.kind == "applied" and [g["equipped"] for g in s.view(TABLE)["players"][0]["gear"]] == [False]
        assert hand(s, "Ann") == 7

    def test_in_a_fight_a_monster_wanders_in_and_an_enhancer_enhances(self):
        s = start()
        do(s, "kick", card="slug")
        assert self.scanned(s, "pied-piper", seat_viewer("Cy")) == {"cmd": "wander", "card": "pied-piper"}
        assert self.scanned(s, "wicked", seat_viewer("Cy")) == {"cmd": "enhance", "card": "wicked"}
        assert self.scanned(s, "potion", seat_viewer("Ann")) == {"cmd": "oneshot", "card": "potion"}

    def test_at_the_tables_reader_a_card_anyone_may_play_asks_who_plays_it_the_likely_player_first(self):
        """Issue 22: the card leaves the hand of whoever plays it; the table's reader cannot tell who scanned."""
        s = start()
        do(s, "kick", card="slug")
        do(s, "helper", seat="Bob")
        for card, first in (("potion", "Ann"), ("wicked", "Cy")):  # a one-shot: the fighter; an enhancer: the first one outside the fight
            asked = self.scanned(s, card)
            who = asked.asks[0]
            assert who.arg == "seat" and render(who.label) == "Played by"
            assert render(who.choices[0].label) == first
            assert [c.value for c in who.choices] == [None if render(c.label) == "Ann" else render(c.label) for c in who.choices]
        step = do(s, "enhance", card="wicked", seat="Cy")
        assert step.command == {"cmd": "enhance", "card": "wicked", "seat": "Cy"} and hand(s, "Cy") == 7

    def test_a_scan_through_the_table_plays_the_card(self):
        s = start()
        table = Table(s)
        outcome = table.command(self.scanned(s, "pied-piper"))
        assert outcome.kind == "applied" and phase(s) == "combat"
        table.command(self.scanned(s, "wicked", seat_viewer("Bob")), by=seat_viewer("Bob"))
        assert fight(s)["monsters_strength"] == 18 and hand(s, "Bob") == 7

    def test_every_catalogue_card_can_be_enrolled_as_a_tag(self):
        ids = {card.id: card.kind for card in GAME.cards()}
        assert ids["pied-piper"] == "monster" and ids["wicked"] == "enhancer" and ids["tailor"] == "class_or_race"
        assert "slug" not in ids  # a table's own cards are typed in (the catalogue offers the shipped ones)


class TestTheTablesOwnCards:
    def test_house_cards_join_the_catalogue_without_restating_it(self):
        s = start()
        equip(s, "Ann", "helm")
        assert s.state.config.monsters.keys() >= {"pied-piper", "slug"}

    def test_a_house_card_with_a_catalogue_id_replaces_it(self):
        s = start(house={"monsters": [{"id": "pied-piper", "name": "Pied Piper", "level": 9}]})
        do(s, "kick", card="pied-piper")
        assert fight(s)["monsters"][0]["level"] == 9

    @pytest.mark.parametrize("settings, key", [
        ({"table": {"hand_limt": 6}}, "table.hand_limt"),
        ({"combat": {"escape_on": 9}}, "combat.escape_on"),
        ({"house": {"items": [{"id": "x", "name": "X", "slot": "belt"}]}}, "house.items.x.slot"),
        ({"house": {"monsters": [{"id": "x", "name": "X", "level": 3, "bonus": {"paladin": 2}}]}}, "house.monsters.x"),
        ({"house": {"curses": [{"id": "wicked", "name": "Twice"}]}}, "house.curses.wicked.id"),
        ({"house": {"curses": [{"id": "doom", "name": "Doom", "effect": {"death": True}}]}}, "house.curses.doom.effect.death"),
        ({"house": {"monsters": [{"id": "plutonium-dragon", "names": {"de": "Plutoniumdrache"}, "level": 20}]}}, "house.monsters.plutonium-dragon.name"),
        ({"house": {"items": [{"id": "huge-rock", "names": {"en": "Huge Rock"}, "bonus": "three"}]}}, "house.items.huge-rock.bonus"),
    ])
    def test_a_wrong_setting_or_card_is_refused_by_its_name(self, settings, key):
        session = Session(GAME, 1)
        with pytest.raises(RuleError) as refused:
            session.apply({"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"house": HOUSE, **settings}})
        assert refused.value.code == "BAD_SETTINGS" and f'"{key}"' in refused.value.message
        assert session.turn.status == "setup"


class TestButtons:
    def test_holding_yes_in_a_fight_the_players_win_kills(self):
        s = start()
        equip(s, "Ann", "sword")
        do(s, "kick", card="slug")
        table = Table(s)
        assert table.button("yes", "hold").kind == "selected" and phase(s) == "combat", "a hold held too long asks first"
        outcome = table.button("yes", "tap")
        assert outcome.kind == "applied" and phase(s) == "charity"

    def test_holding_yes_while_running_lets_the_companion_roll(self):
        s = start()
        do(s, "kick", card="troll")
        do(s, "run")
        outcome = Table(s).button("yes", "hold")
        assert outcome.kind == "applied" and outcome.step.events[0].virtual
