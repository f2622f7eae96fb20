"""The doom track, monsters, devoured investigators, Elder Signs, the awakening and the final battle
(seed "Трек Судьбы", "Монстры", "Уничтожение", "Пробуждение и сражение с Древним"; facts §1.6, §1.7, §1.10).

Yig (the default): doom track 8, monster icons on spaces 2, 4, 6 (check your card), 10 Elder Signs,
battle task PERIL,PERIL.
"""
from __future__ import annotations

import pytest

from companion.contract import TABLE
from companion.games.eldersign.odds import parse_adventure

from .helpers import active, complete_lights_out, do, end_turn, investigator, phase, prompt, refused, start, status, view


class TestDoomTrack:
    def test_tokens_fill_the_track_and_a_monster_icon_brings_a_monster(self):
        s = start()
        do(s, "doom", amount=1)
        assert view(s)["doom"] == 1 and view(s)["monsters_due"] == 0
        do(s, "doom", amount=1)
        assert view(s)["monsters_due"] == 1 and "A monster appears: put it on an adventure." in prompt(s)

    def test_a_monster_placed_with_a_task_adds_that_task_to_the_card(self):
        s = start()
        do(s, "doom", amount=2)
        refused(s, "NOT_IN_PLAY", "place_monster", adventure="lost-carcosa")
        do(s, "place_monster", adventure="hallway-on-fire", task="TERROR,PERIL")
        card = next(a for a in view(s)["adventures"] if a["id"] == "hallway-on-fire")
        assert card["monsters"] == 1 and [t["text"] for t in card["tasks"]] == ["PERIL", "PERIL", "PERIL,TERROR"]
        assert view(s)["monsters_due"] == 0
        refused(s, "NO_MONSTER", "place_monster", adventure="the-curator")

    def test_a_completed_adventure_is_a_trophy_that_never_comes_back_and_a_monster_with_no_task_pays_none(self):
        """Issue 20, rule error 3."""
        s = start()
        do(s, "doom", amount=2)
        do(s, "place_monster", adventure="hallway-on-fire")  # no task said: it adds none
        do(s, "move", to="hallway-on-fire")
        do(s, "attempt")
        do(s, "roll", green=["peril", "1", "1", "2", "lore", "lore"])
        do(s, "complete", task=1, dice=[1])
        do(s, "roll", green=["peril", "1", "1", "2", "lore"])
        do(s, "complete", task=2, dice=[1])
        assert investigator(s, "Ann")["trophies"] == 1  # the card's value alone
        refused(s, "COMPLETED", "lay", adventure="hallway-on-fire")
        assert s.game.scan(s.state, "hallway-on-fire", TABLE) == {"cmd": "lay", "adventure": "hallway-on-fire"}
        lay = next(o for o in s.game.options(s.state, TABLE) if o.command.get("cmd") == "lay")
        assert "hallway-on-fire" not in [choice.value for choice in lay.asks[0].choices]

    def test_a_monsters_task_done_is_a_trophy_even_when_the_adventure_fails(self):
        """Seed, "Монстры": the monster marker is taken before the penalty."""
        s = start()
        do(s, "doom", amount=2)
        do(s, "place_monster", adventure="hallway-on-fire", task="LORE")
        do(s, "move", to="hallway-on-fire")
        do(s, "attempt")
        do(s, "roll", green=["lore", "1", "1", "2", "3", "3"])
        do(s, "complete", task=3, dice=[1])
        do(s, "give_up")
        assert investigator(s, "Ann")["trophies"] == 1
        card = next(a for a in view(s)["adventures"] if a["id"] == "hallway-on-fire")
        assert card["monsters"] == 0 and [t["text"] for t in card["tasks"]] == ["PERIL", "PERIL"]

    def test_the_monsters_task_counts_in_the_odds(self):
        s = start()
        before = next(a for a in s.analyse("odds")["adventures"] if a["adventure"] == "hallway-on-fire")["probability"]
        do(s, "doom", amount=2)
        do(s, "place_monster", adventure="hallway-on-fire", task="TERROR,TERROR")
        after = next(a for a in s.analyse("odds")["adventures"] if a["adventure"] == "hallway-on-fire")["probability"]
        assert after < before

    def test_a_penalty_adds_doom(self):
        s = start()
        do(s, "move", to="the-graveyard")
        do(s, "attempt")
        do(s, "give_up")  # data: penalty stamina -1, sanity -1, doom +1
        assert view(s)["doom"] == 1


class TestDevoured:
    def test_zero_sanity_devours_adds_doom_and_the_player_takes_a_new_investigator(self):
        s = start()
        do(s, "adjust", what="sanity", amount=-4)  # Joe Diamond: sanity 4
        assert investigator(s, "Ann")["devoured"] and view(s)["doom"] == 1
        assert phase(s) == "clock"  # seed: the player still moves the clock, nothing else
        refused(s, "DEVOURED", "adjust", what="clues", amount=1)
        do(s, "clock")
        end_turn(s)  # Bob
        assert active(s) == "Ann" and phase(s) == "choose"
        refused(s, "NOT_FREE", "choose", investigator="joe-diamond")  # devoured: out of this game
        refused(s, "NOT_FREE", "choose", investigator="kate-winthrop")  # Bob's
        do(s, "choose", investigator="monterey-jack")
        jack = investigator(s, "Ann")
        assert (jack["name"], jack["sanity"], jack["stamina"], phase(s)) == ("Monterey Jack", 3, 7, "move")

    def test_with_no_investigator_left_to_take_the_ancient_one_wins(self):
        settings = {"investigators": [{"id": "a", "name": "A", "sanity": 1, "stamina": 1},
                                      {"id": "b", "name": "B", "sanity": 1, "stamina": 1},
                                      {"id": "c", "name": "C", "sanity": 1, "stamina": 1}]}
        s = start(investigators=("a", "b"), settings=settings)
        do(s, "adjust", what="stamina", amount=-1)
        assert status(s) == "playing"
        do(s, "clock")
        do(s, "choose", investigator="c", seat="Ann")
        do(s, "adjust", what="sanity", amount=-1)  # Bob's B
        assert status(s) == "lost" and s.state.result == "no_investigators"


class TestElderSigns:
    def test_enough_elder_signs_seal_the_ancient_one(self):
        s = start()
        do(s, "elder_signs", amount=9)
        assert status(s) == "playing"
        do(s, "elder_signs", amount=1)
        assert status(s) == "won" and s.state.result == "sealed"

    def test_an_adventures_reward_counts_towards_them(self):
        s = start(settings={"ancient_one": {"elder_signs": 1}})
        complete_lights_out(s)
        assert status(s) == "won"


class TestAwakening:
    def test_a_full_track_awakens_the_ancient_one_and_the_turn_goes_to_the_clock(self):
        s = start()
        do(s, "move", to="the-curator")
        do(s, "attempt")
        do(s, "doom", amount=8)
        assert view(s)["awakened"] and view(s)["doom"] == 8 and phase(s) == "clock" and view(s)["attempt"] is None
        assert all(i["where"] == "ancient_one" for i in view(s)["investigators"])
        do(s, "clock")
        assert phase(s) == "battle" and prompt(s) == "Bob: attack Yig (battle task PERIL,PERIL), or pass."

    def test_a_card_may_awaken_it_early_and_fill_the_track(self):
        s = start()
        do(s, "awaken")
        assert view(s)["doom"] == 8 and view(s)["awakened"]
        refused(s, "AWAKE", "awaken")

    def test_azathoths_awakening_ends_the_game(self):
        s = start(ancient_one="azathoth")
        do(s, "doom", amount=12)
        assert status(s) == "lost" and s.state.result == "awakened"


class TestBattle:
    def awake(self):
        s = start()
        do(s, "awaken")
        do(s, "clock")  # Ann's turn ends; Bob attacks
        return s

    def test_each_completed_battle_task_takes_a_doom_token_off_and_may_be_done_again(self):
        s = self.awake()
        do(s, "attempt")
        do(s, "roll", green=["peril", "peril", "1", "2", "lore", "lore"])
        do(s, "complete", task=1, dice=[1, 2])
        assert view(s)["doom"] == 7
        do(s, "roll", green=["peril", "peril", "1", "3"])
        do(s, "complete", task=1, dice=[1, 2])
        assert view(s)["doom"] == 6 and view(s)["attempt"]["wins"] == 2

    def test_no_focus_or_help_in_the_battle(self):
        s = self.awake()
        do(s, "attempt")
        do(s, "roll", green=["peril", "1", "1", "2", "lore", "lore"])
        refused(s, "NO_FOCUS_IN_BATTLE", "focus", die=1)

    def test_the_odds_of_the_battle_count_no_focus(self):
        """Issue 20, rule error 1: Yig's PERIL,PERIL with 6 green dice, no clue, no spell, no focus."""
        s = self.awake()
        do(s, "adjust", what="spells", amount=-1)  # Kate Winthrop's starting spell
        assert s.analyse("odds")["battle"]["probability"] == pytest.approx(0.5372, abs=5e-5)

    def test_every_advised_first_step_in_the_battle_is_one_the_rules_accept(self):
        """Issue 20, rule error 1: the advice used to start with a focus the rules refuse there."""
        s = self.awake()
        do(s, "attempt")
        do(s, "roll", green=["peril", "1", "1", "2", "lore", "lore"])
        advice = s.analyse("advice")
        assert advice and not any(plan["command"]["cmd"] in ("focus", "assist") for plan in advice)
        s.apply(advice[0]["command"])

    def test_failing_to_hurt_it_costs_nothing_but_the_turn(self):
        s = self.awake()
        do(s, "attempt")
        do(s, "give_up")
        bob = investigator(s, "Bob")
        assert (bob["sanity"], bob["stamina"], phase(s)) == (6, 4, "clock")

    def test_an_empty_doom_track_banishes_it(self):
        s = self.awake()
        do(s, "doom", amount=-7)
        do(s, "attempt")
        do(s, "roll", green=["peril", "peril", "1", "2", "lore", "lore"])
        do(s, "complete", task=1, dice=[1, 2])
        assert status(s) == "won" and s.state.result == "banished"

    def test_at_midnight_it_attacks_instead_of_a_mythos_card(self):
        s = self.awake()
        while phase(s) != "midnight":
            end_turn(s, mythos=None)
        assert phase(s) == "midnight" and prompt(s).startswith("Midnight: Yig attacks.")
        refused(s, "AWAKE", "mythos", card="example-quiet-night")
        do(s, "attack_done")
        assert phase(s) == "battle"

    def test_its_attack_asks_each_investigator_a_clue_or_the_loss_and_applies_the_answer(self):
        """Issue 20: Yig's attack (facts §1.7): a clue discarded, or 1 sanity and 1 stamina lost."""
        s = self.awake()
        while phase(s) != "midnight":
            end_turn(s, mythos=None)
        asked = [o.command for o in s.game.options(s.state, TABLE) if o.command["cmd"] == "attacked"]
        assert asked == [{"cmd": "attacked", "seat": "Ann", "pay": "clue"}, {"cmd": "attacked", "seat": "Ann", "pay": "loss"},
                         {"cmd": "attacked", "seat": "Bob", "pay": "loss"}]  # Bob (Kate Winthrop) has no clue
        refused(s, "NO_CLUE", "attacked", seat="Bob", pay="clue")
        do(s, "attacked", seat="Ann", pay="clue")
        refused(s, "BAD_ARGUMENTS", "attacked", seat="Ann", pay="loss")
        assert phase(s) == "midnight"
        do(s, "attacked", seat="Bob", pay="loss")
        ann, bob = investigator(s, "Ann"), investigator(s, "Bob")
        assert (ann["clues"], bob["sanity"], bob["stamina"]) == (0, 5, 3) and phase(s) == "battle"

    def test_a_devoured_investigator_only_moves_the_clock_and_all_devoured_lose(self):
        s = self.awake()
        do(s, "adjust", what="stamina", amount=-4)  # Bob (Kate Winthrop, stamina 4)
        assert phase(s) == "clock"
        refused(s, "AWAKE", "choose", investigator="monterey-jack")
        do(s, "clock")
        do(s, "adjust", what="sanity", amount=-4)  # Ann (Joe Diamond, sanity 4)
        assert status(s) == "lost" and s.state.result == "devoured"


def test_the_battle_task_is_read_in_the_odds_notation():
    assert parse_adventure("PERIL,PERIL").tasks[0] == parse_adventure(start().state.config.ancient_one.battle.notation).tasks[0]
