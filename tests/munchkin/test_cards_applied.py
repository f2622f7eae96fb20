"""Issue 20: the base set's cards that were only counted out of the hand now do what they say (rules.play
and its friends): each test plays the card as a table would and checks what the players see."""
from companion.contract import TABLE
from companion.games.munchkin import GAME
from companion.messages import render

from .helpers import do, fight, gear, hand, level, line, phase, player, refused, set_level, start, uid, view


class TestAnyTime:
    def test_divine_intervention_raises_every_cleric_even_to_the_winning_level(self):
        s = start()
        do(s, "become", card="cleric")
        set_level(s, "Ann", 9)
        do(s, "play", "Bob", card="divine-intervention")
        assert view(s)["winners"] == ["Ann"] and level(s, "Bob") == 1 and hand(s, "Bob") == 8 - 1

    def test_hoard_draws_three_more_treasures(self):
        s = start()
        do(s, "play", card="hoard")
        assert hand(s, "Ann") == 8 - 1 + 3

    def test_the_wand_of_dowsing_takes_a_card_from_the_discards(self):
        s = start()
        do(s, "play", "Cy", card="wand-of-dowsing")
        assert hand(s, "Cy") == 8

    def test_steal_a_level_moves_a_level_and_never_the_winning_one(self):
        s = start()
        set_level(s, "Bob", 4)
        refused(s, "NO_LEVEL", "play", card="steal-a-level", target="Cy")
        do(s, "play", card="steal-a-level", target="Bob")
        assert level(s, "Ann") == 2 and level(s, "Bob") == 3 and hand(s, "Ann") == 8 - 1
        set_level(s, "Ann", 9)
        refused(s, "NOT_THE_TENTH", "play", card="steal-a-level", target="Bob")

    def test_the_wishing_ring_lifts_a_curse_in_effect(self):
        s = start()
        refused(s, "WHICH_CURSE", "play", "Cy", card="wishing-ring")
        do(s, "curse", "Bob", target="Ann", card="chicken-on-your-head")
        do(s, "play", "Cy", card="wishing-ring")
        assert player(s, "Ann")["curses"] == [] and hand(s, "Cy") == 8 - 1

    def test_cheat_equips_an_item_beyond_the_slots_and_its_restrictions(self):
        s = start()
        do(s, "item", card="helm-of-courage")
        do(s, "item", card="pointy-hat-of-power")  # a second headgear, for wizards only: carried
        hat = uid(s, "Ann", "Pointy Hat of Power")
        refused(s, "NOT_USABLE", "equip", item=hat)
        do(s, "play", card="cheat", item=hat)
        assert gear(s, "Ann")["Pointy Hat of Power"]["equipped"] and player(s, "Ann")["strength"] == 1 + 1 + 3

    def test_a_hireling_carries_a_second_big_item(self):
        s = start()
        do(s, "item", card="mithril-armor")
        refused(s, "ONE_BIG_ITEM", "item", card="huge-rock")
        do(s, "item", card="hireling")
        do(s, "item", card="huge-rock")
        assert gear(s, "Ann")["Huge Rock"]["equipped"] and player(s, "Ann")["strength"] == 1 + 3 + 1 + 3
        do(s, "go_up", "Bob", card="kill-the-hireling", target="Bob")
        assert level(s, "Bob") == 2 and "Hireling" not in gear(s, "Ann")
        assert not gear(s, "Ann")["Huge Rock"]["equipped"]  # back to the backpack with its Hireling gone

    def test_kill_the_hireling_needs_a_hireling(self):
        s = start()
        refused(s, "NEEDS_ITEM", "go_up", card="kill-the-hireling")

    def test_a_hireling_carries_one_more_hand_item(self):
        s = start()
        for card in ("hireling", "broad-sword", "buckler-of-swashing", "sneaky-bastard-sword"):
            do(s, "item", card=card)
        third = uid(s, "Ann", "Sneaky Bastard Sword")
        refused(s, "SLOT_TAKEN", "equip", item=third)
        do(s, "equip", item=third, hireling=True)
        assert gear(s, "Ann")["Sneaky Bastard Sword"]["equipped"] and gear(s, "Ann")["Sneaky Bastard Sword"]["extra"] == "hireling"
        do(s, "item", card="rat-on-a-stick")
        refused(s, "NO_HIRELING", "equip", item=uid(s, "Ann", "Rat on a Stick"), hireling=True)  # one item per Hireling


class TestInAFight:
    def test_out_to_lunch_sends_the_monster_away_for_two_treasures(self):
        s = start()
        do(s, "kick", card="plutonium-dragon")
        do(s, "play", "Bob", card="out-to-lunch")
        assert fight(s) is None and level(s, "Ann") == 1 and hand(s, "Ann") == 8 + 2 and hand(s, "Bob") == 8 - 1

    def test_a_mate_joins_with_the_enhancers_played_so_far(self):
        s = start()
        do(s, "kick", card="lame-goblin")
        do(s, "enhance", "Bob", card="enraged")
        do(s, "play", "Cy", card="mate")
        assert [m["name"] for m in fight(s)["monsters"]] == ["Lame Goblin", "Lame Goblin"]
        assert fight(s)["monsters_strength"] == 2 * (1 + 5)

    def test_enhancers_played_after_a_mate_count_on_both_copies(self):
        s = start()
        do(s, "kick", card="lame-goblin")
        do(s, "play", "Cy", card="mate")
        do(s, "enhance", "Bob", card="enraged", monster=fight(s)["monsters"][0]["uid"])
        assert fight(s)["monsters_strength"] == 2 * (1 + 5) and hand(s, "Bob") == 8 - 1

    def test_help_me_out_here_takes_another_players_item_into_the_fight(self):
        s = start()
        do(s, "item", card="helm-of-courage")
        helm = uid(s, "Ann", "Helm of Courage")
        do(s, "give", item=helm, to="Bob")
        do(s, "kick", card="gazebo")
        refused(s, "NOT_FIGHTING", "play", "Bob", card="help-me-out-here", item=helm)
        refused(s, "WHICH_ITEM", "play", card="help-me-out-here")
        do(s, "play", card="help-me-out-here", item=helm)
        assert gear(s, "Ann")["Helm of Courage"]["equipped"] and "Helm of Courage" not in gear(s, "Bob")
        assert fight(s)["players_strength"] == 1 + 1 and hand(s, "Ann") == 8 - 2  # the helm, then the card

    def test_the_menu_asks_which_item_help_me_out_here_takes(self):
        s = start()
        do(s, "item", card="helm-of-courage")
        do(s, "give", item=uid(s, "Ann", "Helm of Courage"), to="Bob")
        do(s, "kick", card="gazebo")
        option = next(o for o in GAME.options(s.state, TABLE) if o.command.get("cmd") == "play" and o.command.get("seat", "Ann") == "Ann")
        item = next(a for a in option.asks if a.arg == "item" and a.when is not None and a.when({"card": "help-me-out-here"}))
        assert [render(c.label) for c in item.choices] == ["Helm of Courage of Bob"]

    def test_illusion_swaps_a_monster_for_one_from_the_hand(self):
        s = start()
        do(s, "kick", card="plutonium-dragon")
        do(s, "play", card="illusion", replacement="lame-goblin")
        assert [m["name"] for m in fight(s)["monsters"]] == ["Lame Goblin"] and hand(s, "Ann") == 8 - 2

    def test_the_transferral_potion_makes_another_player_fight(self):
        s = start()
        do(s, "kick", card="lame-goblin")
        do(s, "helper", seat="Cy")
        set_level(s, "Bob", 3)
        step = do(s, "play", card="transferral-potion", target="Bob")
        assert "Bob fights instead" in line(s, step)
        assert fight(s)["fighter"] == "Bob" and fight(s)["helper"] is None
        do(s, "fight")
        assert level(s, "Bob") == 4 and level(s, "Ann") == 1 and phase(s) == "charity"

    def test_the_doppleganger_doubles_the_fighters_strength_alone(self):
        s = start()
        do(s, "item", card="huge-rock")
        do(s, "kick", card="gazebo")  # level 8; Ann 1 + 3
        do(s, "play", card="doppleganger")
        assert fight(s)["players_strength"] == 8
        s2 = start()
        do(s2, "kick", card="gazebo")
        do(s2, "helper", seat="Bob")
        refused(s2, "NOT_WITH_HELP", "play", card="doppleganger")


class TestRunningAway:
    def test_the_instant_wall_lets_both_runners_escape(self):
        s = start()
        do(s, "kick", card="stoned-golem")
        do(s, "helper", seat="Bob")
        do(s, "run")
        step = do(s, "play", "Cy", card="instant-wall")
        assert "Ann escapes Stoned Golem thanks to Instant Wall" in line(s, step)
        assert fight(s) is None and not player(s, "Ann")["dead"] and not player(s, "Bob")["dead"]

    def test_an_invisibility_potion_turns_a_caught_roll_into_an_escape(self):
        s = start()
        do(s, "kick", card="stoned-golem")
        do(s, "run")
        do(s, "roll", die=1, invisibility=True)
        assert fight(s) is None and not player(s, "Ann")["dead"] and hand(s, "Ann") == 8 - 1
        refused(s, "USE_ON_A_ROLL", "play", card="invisibility-potion")

    def test_the_menu_offers_a_roll_with_the_potion_ready(self):
        s = start()
        do(s, "kick", card="stoned-golem")
        do(s, "run")
        roll = next(o for o in GAME.options(s.state, TABLE) if o.command.get("invisibility"))
        assert render(roll.label) == "Ann rolls against Stoned Golem, an Invisibility Potion ready"
        s.apply({**roll.command, "die": 2})
        assert fight(s) is None and not player(s, "Ann")["dead"] and hand(s, "Ann") == 8 - 1

    def test_an_invisibility_potion_is_kept_when_the_roll_escapes(self):
        s = start()
        do(s, "kick", card="stoned-golem")
        do(s, "run")
        do(s, "roll", die=6, invisibility=True)
        assert hand(s, "Ann") == 8

    def test_a_flask_of_glue_makes_an_escaped_runner_roll_again(self):
        s = start()
        do(s, "kick", card="stoned-golem")
        do(s, "helper", seat="Bob")
        do(s, "run")
        do(s, "roll", die=6)  # Ann escapes; Bob still to roll
        do(s, "play", "Cy", card="flask-of-glue", target="Ann")
        assert ("Ann", fight(s)["monsters"][0]["uid"]) in [(r["seat"], r["monster"]) for r in fight(s)["to_roll"]]
        do(s, "roll", "Ann", die=1)
        assert player(s, "Ann")["dead"]


    def test_a_flask_of_glue_on_the_last_escape_makes_the_runner_roll_again(self):
        s = start()
        do(s, "kick", card="stoned-golem")
        do(s, "run")
        refused(s, "BAD_ARGUMENTS", "roll", die=6, glue="Ann")
        do(s, "roll", die=6, glue="Cy")  # the last roll escapes, and Cy glues Ann to the spot
        assert phase(s) == "run" and hand(s, "Cy") == 8 - 1
        do(s, "roll", "Ann", die=1)
        assert player(s, "Ann")["dead"]

    def test_the_menu_offers_the_last_roll_with_a_flask_of_glue_ready(self):
        s = start()
        do(s, "kick", card="stoned-golem")
        do(s, "run")
        roll = next(o for o in GAME.options(s.state, TABLE) if any(a.arg == "glue" for a in o.asks))
        assert render(roll.label) == "Ann rolls against Stoned Golem, a Flask of Glue ready"
        s.apply({**roll.command, "die": 6, "glue": "Bob"})
        assert phase(s) == "run" and hand(s, "Bob") == 8 - 1

    def test_a_flask_of_glue_is_kept_when_the_roll_is_caught(self):
        s = start()
        do(s, "kick", card="flying-frogs")
        do(s, "run")
        do(s, "roll", die=1, glue="Cy")
        assert hand(s, "Cy") == 8 and fight(s) is None


    def test_a_halfling_rolls_a_failed_first_roll_again_for_a_card(self):
        s = start()
        do(s, "become", card="halfling")
        do(s, "kick", card="stoned-golem")
        do(s, "helper", seat="Bob")
        do(s, "run")
        refused(s, "NO_ABILITY", "roll", "Bob", die=1, again=6)
        step = do(s, "roll", die=1, again=6)
        assert "Ann discards 1 card for Halfling" in line(s, step) and hand(s, "Ann") == 8 - 1 - 1 and not player(s, "Ann")["dead"]

    def test_a_halfling_keeps_the_card_when_the_first_roll_escapes_and_rolls_again_only_once(self):
        s = start()
        do(s, "become", card="halfling")
        do(s, "kick", card="stoned-golem")
        do(s, "run")
        do(s, "roll", die=6, again=1)
        assert hand(s, "Ann") == 8 - 1 and fight(s) is None
        s2 = start()
        do(s2, "become", card="halfling")
        do(s2, "kick", card="stoned-golem")
        do(s2, "run")
        do(s2, "roll", die=6, glue="Cy")
        refused(s2, "NOT_FIRST", "roll", die=1, again=6)

    def test_the_menu_asks_the_halflings_second_roll_only_after_a_failed_one(self):
        s = start()
        do(s, "become", card="halfling")
        do(s, "kick", card="stoned-golem")
        do(s, "run")
        roll = next(o for o in GAME.options(s.state, TABLE) if o.command.get("cmd") == "roll" and any(a.arg == "die" for a in o.asks)
                    and not o.command.get("invisibility"))
        again = next(a for a in roll.asks if a.arg == "again")
        assert render(again.label) == "Halfling: a card discarded, the second roll"
        assert again.when is not None and again.when({"die": 1}) and not again.when({"die": 6})
        bad = [a for a in roll.asks if a.arg == "bad_die"]
        assert all(a.when is None or not a.when({"die": 1, "again": 6}) for a in bad)
        s.apply({**roll.command, "die": 1, "again": 6})
        assert fight(s) is None and not player(s, "Ann")["dead"] and hand(s, "Ann") == 8 - 2


def test_the_menu_plays_an_applied_card_asking_only_what_it_needs():
    s = start()
    set_level(s, "Bob", 3)
    option = next(o for o in GAME.options(s.state, TABLE) if o.command.get("cmd") == "play")
    card = next(a for a in option.asks if a.arg == "card")
    target = next(a for a in option.asks if a.arg == "target")
    assert "steal-a-level" in [c.value for c in card.choices]
    assert target.asked({**option.command, "card": "steal-a-level"}) and not target.asked({**option.command, "card": "hoard"})
    s.apply({**option.command, "seat": "Ann", "card": "steal-a-level", "target": "Bob"})
    assert level(s, "Ann") == 2


def test_a_scanned_card_asks_the_one_thing_it_needs_and_the_screen_answers(tmp_path):
    from companion.cards import CardCatalogue
    from companion.table import Table

    s = start()
    set_level(s, "Bob", 3)
    set_level(s, "Cy", 3)
    with CardCatalogue(tmp_path / "cards.db") as catalogue:
        catalogue.enrol("04d1d2d3", "munchkin", "steal-a-level")
        table = Table(s, catalogue)
        assert table.card("04d1d2d3", None).kind == "selected"  # from whom: Bob or Cy
        assert table.answer("Cy").kind == "applied"
    assert level(s, "Ann") == 2 and level(s, "Cy") == 2 and level(s, "Bob") == 3


def test_a_scanned_card_that_needs_nothing_is_played_at_once():
    s = start()
    assert GAME.scan(s.state, "hoard", TABLE) == {"cmd": "play", "card": "hoard"}
    do(s, "kick", what="other")
    assert GAME.scan(s.state, "out-to-lunch", TABLE) is None  # no fight: nothing to do with it now
