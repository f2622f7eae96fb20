"""Seed §Kampf, §Um Hilfe bitten, §Gewonnen! and facts §2.3, §2.4, §2.11, §2.12: combat strength,
monsters win ties, one helper, cards from any seat, Wandering Monster, the rewards of a kill. The
seed's own cards are the cases: Rattenfänger (Pied Piper), Menschenfresser-Mond (Man-Eating Moon),
Böse (Wicked)."""
from .helpers import do, equip, fight, gear, hand, level, pass_turn, phase, refused, set_level, start, uid, view


def fighting(card: str, **settings):
    s = start(**settings)
    do(s, "kick", card=card)
    return s


class TestStrength:
    """Seed §Kampf: combat strength is the level plus every modifier, positive or negative."""

    def test_level_and_equipped_items_add_up(self):
        s = start()
        set_level(s, "Ann", 3)
        equip(s, "Ann", "helm", "sword", "mail")
        assert view(s)["players"][0]["strength"] == 3 + 1 + 3 + 3

    def test_a_carried_item_counts_for_nothing(self):
        s = start()
        do(s, "item", card="sword", equip=False)
        assert view(s)["players"][0]["strength"] == 1 and not gear(s, "Ann")["Broad Sword"]["counts"]

    def test_an_item_for_another_class_counts_only_with_that_class(self):
        s = start()
        equip(s, "Ann", "cheese")
        assert view(s)["players"][0]["strength"] == 1 and not gear(s, "Ann")["Cheese Grater of Peace"]["equipped"]
        do(s, "become", card="cleric")
        do(s, "equip", item=uid(s, "Ann", "Cheese Grater of Peace"))
        assert view(s)["players"][0]["strength"] == 4

    def test_the_tailor_is_two_stronger_without_armour(self):
        s = start()
        do(s, "become", card="tailor")
        assert view(s)["players"][0]["strength"] == 3
        equip(s, "Ann", "mail")
        assert view(s)["players"][0]["strength"] == 1 + 3

    def test_a_lasting_curse_weakens_every_fight(self):
        s = start()
        do(s, "curse", "Bob", target="Ann", card="chicken")
        assert view(s)["players"][0]["strength"] == 0 and view(s)["players"][0]["curses"][0]["name"] == "Chicken on Your Head"


class TestWhoWins:
    """Seed §Kampf: higher than the monster wins; lower or equal loses. Facts §2.3: a Warrior wins ties."""

    def test_the_pied_piper_at_level_8_beats_a_strength_of_8(self):
        s = fighting("pied-piper")
        set_level(s, "Ann", 5)
        do(s, "oneshot", bonus=3)
        assert (fight(s)["players_strength"], fight(s)["monsters_strength"]) == (8, 8)
        assert not fight(s)["winning"] and fight(s)["needs"] == 1
        refused(s, "NOT_WINNING", "fight")

    def test_one_more_wins(self):
        s = fighting("pied-piper")
        set_level(s, "Ann", 6)
        do(s, "oneshot", bonus=3)
        assert fight(s)["winning"]
        do(s, "fight")
        assert phase(s) == "charity" and level(s, "Ann") == 7

    def test_a_warrior_wins_a_tie(self):
        s = start()
        do(s, "become", card="warrior")
        set_level(s, "Ann", 5)
        do(s, "kick", card="pied-piper")
        do(s, "oneshot", bonus=3)
        assert fight(s)["winning"] and fight(s)["needs"] == 0

    def test_the_pied_piper_has_two_more_against_a_thief(self):
        s = fighting("pied-piper")
        assert fight(s)["monsters_strength"] == 8
        do(s, "become", card="thief")  # a class is played in your own turn, even in a fight
        assert fight(s)["monsters_strength"] == 10

    def test_the_monsters_bonus_hits_a_thief_helping_too(self):
        s = start()
        pass_turn(s)
        do(s, "become", "Bob", card="thief")
        pass_turn(s)
        do(s, "kick", "Cy", card="pied-piper")
        do(s, "helper", "Cy", seat="Bob")
        assert fight(s)["monsters_strength"] == 10

    def test_a_monster_bonus_against_a_class_counts_once_when_fighter_and_helper_both_have_it(self):
        s = start()
        do(s, "become", card="thief")
        pass_turn(s)
        do(s, "become", "Bob", card="thief")
        do(s, "kick", "Bob", card="thief-eater")
        do(s, "helper", "Bob", seat="Ann")
        assert fight(s)["monsters_strength"] == 4 + 3


class TestHelp:
    """Seed §Um Hilfe bitten: only 1 player may help, adding their combat strength; the bribe is agreed."""

    def test_the_helpers_strength_adds_to_the_fighters(self):
        s = fighting("pied-piper")
        set_level(s, "Bob", 4)
        do(s, "helper", seat="Bob", bribe="first pick of the treasures")
        assert fight(s)["players_strength"] == 1 + 4 and fight(s)["bribe"] == "first pick of the treasures"

    def test_only_one_player_may_help(self):
        s = fighting("pied-piper")
        do(s, "helper", "Bob", seat="Bob")
        refused(s, "ONE_HELPER", "helper", seat="Cy")
        refused(s, "SELF_HELP", "helper", seat="Ann")
        do(s, "helper", "Ann")  # the helper leaves; another may help
        do(s, "helper", seat="Cy")
        assert fight(s)["helper"] == "Cy"

    def test_a_bystander_cannot_name_someone_else_as_helper(self):
        s = fighting("pied-piper")
        refused(s, "NOT_YOURS", "helper", "Cy", seat="Bob")

    def test_an_elf_helper_gains_a_level_per_monster_and_helped_treasures_are_drawn_face_up(self):
        s = start()
        set_level(s, "Ann", 6)
        set_level(s, "Bob", 3)
        do(s, "kick", card="pied-piper")
        do(s, "become", "Ann", card="warrior")
        do(s, "helper", seat="Bob")
        do(s, "hand", "Bob", count=1)
        assert fight(s)["winning"]  # 6 + 3 > 8
        step = do(s, "fight", helper_treasures=1)
        assert level(s, "Bob") == 3  # no Elf: a helper gains nothing
        drawn = [(e.seat, e.count, e.face_up) for e in step.events if e.kind == "treasures_drawn"]
        assert drawn == [("Ann", 1, True), ("Bob", 1, True)]

    def test_an_elf_helper_gains_a_level_for_every_monster_killed(self):
        s = start()
        pass_turn(s)
        do(s, "become", "Bob", card="elf")
        pass_turn(s)
        do(s, "kick", "Cy", card="slug")
        do(s, "wander", "Ann", card="goblin")
        do(s, "helper", "Cy", seat="Bob")
        do(s, "oneshot", "Ann", bonus=1)
        do(s, "fight", "Cy")
        assert (level(s, "Cy"), level(s, "Bob")) == (3, 3)


class TestCardsFromAnySeat:
    """Seed §Kampf 1-3: anyone may play one-shots, enhancers and Wandering Monsters into any fight."""

    def test_wicked_gives_the_monster_ten_and_two_extra_treasures(self):
        s = fighting("pied-piper")
        do(s, "enhance", "Cy", card="wicked")
        monster = fight(s)["monsters"][0]
        assert monster["strength"] == 18 and fight(s)["treasures"] == 4 and hand(s, "Cy") == 7

    def test_a_bystander_plays_a_one_shot_for_the_fighter(self):
        s = fighting("pied-piper")
        set_level(s, "Ann", 5)
        do(s, "oneshot", "Bob", card="potion")
        assert fight(s)["players_strength"] == 8 and hand(s, "Bob") == 7 and fight(s)["boosts"][0]["by"] == "Bob"

    def test_the_table_plays_a_card_for_the_seat_it_names(self):
        s = fighting("pied-piper")
        do(s, "enhance", bonus=5, seat="Cy")
        assert hand(s, "Cy") == 7 and fight(s)["monsters"][0]["enhancers"][0]["by"] == "Cy"

    def test_a_one_shot_lying_on_the_table_is_used_from_there(self):
        s = start()
        do(s, "item", card="potion")
        assert not gear(s, "Ann")["Flaming Poison Potion"]["equipped"]  # a one-shot is carried, not worn
        potion = uid(s, "Ann", "Flaming Poison Potion")
        do(s, "kick", card="slug")
        do(s, "oneshot", item=potion)
        assert "Flaming Poison Potion" not in gear(s, "Ann") and fight(s)["players_strength"] == 4

    def test_an_item_that_is_not_usable_once_only_is_never_played_in_a_fight(self):
        s = fighting("pied-piper")
        refused(s, "NOT_ONE_SHOT", "oneshot", card="sword")
        refused(s, "USE_ON_A_ROLL", "oneshot", card="loaded-die")

    def test_a_wandering_monster_joins_and_the_strengths_add(self):
        s = fighting("pied-piper")
        do(s, "wander", "Bob", card="slug")
        assert fight(s)["monsters_strength"] == 9 and len(fight(s)["monsters"]) == 2 and hand(s, "Bob") == 6
        refused(s, "WHICH_MONSTER", "enhance", card="wicked")
        do(s, "enhance", card="wicked", monster=fight(s)["monsters"][1]["uid"])
        assert [m["strength"] for m in fight(s)["monsters"]] == [8, 11]

    def test_cards_go_into_a_fight_only_while_there_is_one(self):
        s = start()
        refused(s, "NOT_NOW", "enhance", card="wicked")
        refused(s, "NOT_NOW", "oneshot", bonus=2)


class TestRewards:
    """Seed §Gewonnen!: 1 level per monster (2 for some big ones), the printed treasures plus the
    enhancers' extras, face down when alone; no items or selling during a fight (seed §Gegenstände)."""

    def test_the_man_eating_moon_gives_two_levels_and_four_treasures(self):
        s = fighting("man-eating-moon")
        set_level(s, "Ann", 4)
        do(s, "oneshot", bonus=15)
        step = do(s, "fight")
        assert level(s, "Ann") == 6
        drawn = [(e.count, e.face_up) for e in step.events if e.kind == "treasures_drawn"]
        assert drawn == [(4, False)] and hand(s, "Ann") == 8 - 1 + 4  # the one-shot came out of the hand

    def test_two_monsters_killed_give_a_level_each(self):
        s = fighting("slug")
        do(s, "wander", "Bob", card="goblin")
        do(s, "oneshot", bonus=5)
        do(s, "fight")
        assert level(s, "Ann") == 3

    def test_no_items_are_equipped_or_sold_in_a_fight(self):
        s = start()
        do(s, "item", card="sword", equip=False)
        do(s, "kick", card="slug")
        refused(s, "NOT_NOW", "equip", item=uid(s, "Ann", "Broad Sword"))
        refused(s, "NOT_NOW", "item", card="helm")
        refused(s, "NOT_NOW", "sell", gold=[1000])


class TestRemoving:
    """Seed §Kampf 2, §Gewonnen!: a monster got rid of without killing gives no treasure; the fight goes on
    while a monster is left (facts §2.3: no level either)."""

    def test_removing_one_of_two_monsters_leaves_the_other_to_fight(self):
        s = fighting("pied-piper")
        do(s, "wander", "Bob", card="slug")
        piper = fight(s)["monsters"][0]["uid"]
        do(s, "remove", "Cy", monster=piper)
        assert [m["name"] for m in fight(s)["monsters"]] == ["Slimy Slug"] and hand(s, "Cy") == 7

    def test_removing_the_last_monster_ends_the_fight_without_level_or_treasure(self):
        s = fighting("pied-piper")
        do(s, "remove", cards=2)
        assert phase(s) == "charity" and level(s, "Ann") == 1 and hand(s, "Ann") == 6
