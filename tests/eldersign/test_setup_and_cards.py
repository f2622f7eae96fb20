"""Issue 20: Elder Sign's base set as data (the Ancient Ones, the investigators, the adventures, with
the edition's names), chosen at setup or drawn by the companion, and the investigators' printed
numbers and starting items in play from the first turn."""
from __future__ import annotations

import pytest

from companion.contract import TABLE
from companion.errors import RuleError
from companion.games.eldersign import GAME
from companion.games.eldersign.config import Config, default_settings
from companion.games.eldersign.odds import parse_adventure
from companion.messages import render
from companion.session import Session

from .helpers import do, investigator, refused, start


def _catalogue():
    return Config.from_settings(default_settings())


class TestTheCatalogue:
    def test_it_holds_the_base_games_ancient_ones_investigators_and_adventures(self):
        config = _catalogue()
        assert len(config.ancient_ones) == 8 and len(config.investigators) == 16
        museum = [card for card in config.adventures.values() if not card.other_world]
        other_worlds = [card for card in config.adventures.values() if card.other_world]
        assert len(museum) == 48 and len(other_worlds) == 8  # the 48th, The Elder Sign, from CODE-OK's last version
        assert all(parse_adventure(card.notation).tasks for card in config.adventures.values())
        # every museum card has its trophy value now (CODE-OK's last version); two Other Worlds still lack theirs
        assert [card.id for card in config.adventures.values() if not card.trophies] == ["lost-carcosa", "another-time"]
        assert config.adventures["dont-fall-asleep"].at_midnight_effects.sanity == -1

    def test_the_ancient_ones_and_investigators_carry_the_russian_editions_names(self):
        config = _catalogue()
        assert config.ancient_ones["yig"].title.by_language["ru"] == "Йиг"
        assert all("ru" in card.names.by_language for card in config.ancient_ones.values())
        assert config.investigators["joe-diamond"].names.by_language["ru"] == "Джо Даймонд"

    def test_every_card_is_known_to_the_tag_catalogue_with_its_names_and_numbers(self):
        known = {card.id: card for card in GAME.cards()}
        assert known["yig"].kind == "ancient_one" and known["yig"].details["doom"] == 8
        assert known["harvey-walters"].details == {"sanity": 7, "stamina": 3, "start": {"unique": 1, "spells": 1}}
        assert known["the-dreamlands"].details["other_world"] is True
        assert "Знак древних" in GAME.card_edition

    def test_a_bad_card_in_a_tables_file_names_the_card_and_the_field_and_starts_nothing(self):
        s = Session(GAME, 7)
        bad = {"adventures": [{"id": "our-vault", "name": "Our vault", "tasks": "PERIL,BANANA"}]}
        with pytest.raises(RuleError) as caught:
            s.apply({"cmd": "start", "players": ["Ann", "Bob"], "settings": bad})
        assert caught.value.code == "BAD_SETTINGS" and "adventures.0.tasks" in caught.value.message
        assert s.state.status == "setup" and not s.history


class TestSetup:
    def test_the_companion_draws_the_ancient_one_when_asked(self):
        drawn = {start(ancient_one="draw", seed=seed).state.config.ancient_one.id for seed in range(12)}
        assert len(drawn) > 1 and drawn <= set(_catalogue().ancient_ones)

    def test_a_drawn_ancient_one_is_the_same_after_a_replay(self):
        s = start(ancient_one="draw", seed=3)
        assert s.replay().config.ancient_one == s.state.config.ancient_one

    def test_the_table_may_name_some_investigators_and_let_the_companion_deal_the_rest(self):
        s = start(investigators=("draw", "amanda-sharpe"))
        ann, bob = (investigator(s, seat)["card"] for seat in ("Ann", "Bob"))
        assert bob == "amanda-sharpe" and ann not in (None, "amanda-sharpe")

    def test_an_investigator_named_twice_is_refused(self):
        with pytest.raises(RuleError) as caught:
            start(investigators=("amanda-sharpe", "amanda-sharpe"))
        assert caught.value.code == "BAD_INVESTIGATORS"


    def test_the_table_may_lay_the_museum_itself_by_scanning_its_cards(self):
        s = start(settings={"adventures": default_settings()["adventures"]}, adventures=())
        assert s.state.adventures == () and s.state.to_lay == 6
        for card in ("the-curator", "koi-pond", "lights-out", "the-graveyard", "medusa-exhibit", "the-archives"):
            s.apply(GAME.scan(s.state, card, TABLE))
        assert len(s.state.adventures) == 6 and s.state.to_lay == 0


class TestStartingItems:
    def test_each_investigator_starts_with_the_items_on_the_card(self):
        s = start()  # Ann: Joe Diamond, Bob: Kate Winthrop
        ann, bob = investigator(s, "Ann"), investigator(s, "Bob")
        assert (ann["clues"], ann["common"], ann["unique"], ann["spells"]) == (1, 1, 0, 0)
        assert (bob["clues"], bob["common"], bob["unique"], bob["spells"]) == (0, 0, 1, 1)

    def test_items_of_the_players_choice_are_asked_one_question_each(self):
        s = start(investigators=("amanda-sharpe", "kate-winthrop"))
        assert investigator(s, "Ann")["to_choose"] == 2
        asked = [o for o in s.game.options(s.state, TABLE) if o.command.get("cmd") == "starting_item"]
        assert len(asked) == 1 and [c.value for c in asked[0].asks[0].choices] == ["common", "unique", "spells"]
        assert render(asked[0].label) == "Ann: take a starting item"
        refused(s, "BAD_ARGUMENTS", "starting_item", what="allies", seat="Ann")
        do(s, "starting_item", what="spells", seat="Ann")
        do(s, "starting_item", what="unique", seat="Ann")
        ann = investigator(s, "Ann")
        assert (ann["spells"], ann["unique"], ann["to_choose"]) == (1, 1, 0)
        refused(s, "NOTHING_TO_CHOOSE", "starting_item", what="common", seat="Ann")
        refused(s, "NOTHING_TO_CHOOSE", "starting_item", what="common", seat="Bob")


class TestScanning:
    def test_every_printed_card_can_be_enrolled_to_a_tag(self):
        from companion.cards import enrolable_cards

        enrolable = {card.id for card in enrolable_cards("eldersign")}
        config = _catalogue()
        assert {*config.adventures, *config.investigators, *config.ancient_ones} <= enrolable

    def test_every_printed_adventure_scanned_is_laid_or_gone_to_and_the_rules_take_it(self):
        printed = {"adventures": default_settings()["adventures"]}
        s = start(settings=printed, adventures=("the-curator",))
        for card in _catalogue().adventures:
            request = GAME.scan(s.state, card, TABLE)
            assert request in ({"cmd": "lay", "adventure": card}, {"cmd": "move", "to": card}), card
            if request["cmd"] == "lay":
                s.apply(request)
        assert len(s.state.adventures) == 56
