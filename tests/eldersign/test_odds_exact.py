"""The odds engine is exact: it agrees, as a fraction, with a brute force over ordered rolls
(tests/eldersign/reference.py) that knows nothing of multisets, abstraction or dominance — for every
rule of the issue's model: dice faces, Wild per the FAQ errata, box kinds, tasks in any order or in
printed order, one task per roll, the three terror effects, chained clues, focus one die at a time,
spells (also right after a completed task), assists, the discard after a failed roll, the attempt
failing with no free dice left.
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.eldersign.odds import Query, chance, parse_adventure
from companion.games.eldersign.odds.dice import I3, LORE, PERIL, Pool
from companion.games.eldersign.odds.engine import NO_FACE

from .reference import Reference


def exact(task: str, pool: tuple[int, int, int], focus=0, spells=0, clues=0, assist=0, terror="none", own=NO_FACE, held=()) -> Fraction:
    return chance(Query(parse_adventure(task), Pool(*pool), focus, spells, clues, assist, terror, own, held), exact=True)


def brute(task: str, pool: tuple[int, int, int], focus=0, spells=0, clues=0, assist=0, terror="none", own=NO_FACE, held=()) -> Fraction:
    return Reference(parse_adventure(task), terror).chance(pool, focus, spells, clues, assist, None if own == NO_FACE else own, held)


def agree(task: str, pool: tuple[int, int, int], **budgets) -> Fraction:
    engine, reference = exact(task, pool, **budgets), brute(task, pool, **budgets)
    assert engine == reference, (task, pool, budgets, float(engine), float(reference))
    return engine


# -- rules, one at a time ---------------------------------------------------------------------------
def test_one_green_die_fills_a_peril_box_one_time_in_six():
    assert agree("PERIL", (1, 0, 0)) == Fraction(1, 6)


def test_two_green_dice_reroll_after_discarding_one():
    # first roll: P(at least one Peril) = 11/36; else discard one, roll the other: 1/6
    assert agree("PERIL", (2, 0, 0)) == Fraction(11, 36) + Fraction(25, 36) * Fraction(1, 6)


def test_the_red_wild_counts_as_a_terror_for_a_box():
    # red faces: 2, 3, 4, Lore, Peril, Wild: only the Wild fills a Terror box
    assert agree("TERROR", (0, 0, 1)) == Fraction(1, 6)


def test_the_red_wild_counts_four_investigation_per_the_errata():
    # INV:4 with the red die alone: the 4 and the Wild
    assert agree("INV:4", (0, 0, 1)) == Fraction(2, 6)


def test_the_yellow_die_has_no_terror_face():
    assert agree("TERROR", (0, 1, 0)) == 0


def test_investigation_dice_add_up_on_one_box():
    agree("INV:5", (2, 1, 0))


def test_a_box_of_either_symbol_takes_one_die_of_either():
    assert agree("TERROR/PERIL", (1, 0, 0)) == Fraction(2, 6)


def test_tasks_in_printed_order_are_no_easier_than_in_any_order():
    ordered, any_order = agree("LORE>PERIL", (3, 0, 0)), agree("LORE|PERIL", (3, 0, 0))
    assert ordered < any_order


def test_one_task_per_roll_even_when_the_roll_would_fill_both():
    # two dice, two one-box tasks: a roll of Lore and Peril completes one; the other die must complete the other next
    agree("LORE|PERIL", (2, 0, 0))


def test_a_mixed_adventure_does_its_first_stage_in_any_order():
    agree("LORE|PERIL>INV:2", (3, 0, 0))


@pytest.mark.parametrize("terror", ["none", "fail", "discard"])
def test_each_terror_effect(terror):
    agree("PERIL,LORE", (3, 0, 0), terror=terror)


def test_a_terror_that_ends_the_attempt_lowers_the_odds_and_losing_dice_lies_between():
    none, lose, end = (agree("LORE", (3, 0, 0), terror=t) for t in ("none", "discard", "fail"))
    assert end < lose < none


def test_a_terror_effect_spares_a_roll_that_completes_a_task():
    # one die, task TERROR: rolling the Terror completes it; the effect never strikes
    assert agree("TERROR", (1, 0, 0), terror="fail") == Fraction(1, 6)


def test_clues_reroll_any_subset_and_chain():
    one, two = agree("PERIL,LORE", (2, 0, 0), clues=1), agree("PERIL,LORE", (2, 0, 0), clues=2)
    assert agree("PERIL,LORE", (2, 0, 0)) < one < two


def test_a_clue_with_a_terror_effect_comes_after_it():
    agree("PERIL,PERIL", (2, 0, 0), clues=1, terror="discard")
    agree("PERIL,PERIL", (2, 0, 0), clues=1, terror="fail")


def test_focus_holds_one_die_at_a_time():
    assert agree("PERIL,LORE", (3, 0, 0), focus=1) > agree("PERIL,LORE", (3, 0, 0))
    # the marker already holds a Peril: a second focus must wait until that die fills a box
    busy = agree("PERIL>LORE,LORE", (3, 0, 0), focus=1, own=PERIL)
    assert busy < agree("PERIL>LORE,LORE", (3, 0, 0), focus=1, held=(PERIL,))


def test_held_dice_keep_their_faces_until_they_fill_a_box():
    assert agree("LORE,INV:5", (2, 0, 0), held=(LORE, I3)) > agree("LORE,INV:5", (2, 0, 0), held=(LORE,))


def test_a_spell_holds_a_die_also_right_after_a_completed_task():
    agree("PERIL>LORE,LORE", (3, 0, 0), spells=1)


def test_an_assisting_investigator_holds_a_die_like_a_focus():
    assert agree("PERIL,LORE", (3, 0, 0), assist=1) == agree("PERIL,LORE", (3, 0, 0), focus=1)
    agree("PERIL,LORE,LORE", (3, 0, 0), focus=1, assist=1)


def test_dice_beyond_the_need_on_an_investigation_box_save_greens_from_terror():
    agree("INV:2>TERROR/PERIL", (3, 0, 0), terror="fail")


def test_the_attempt_fails_when_no_free_die_is_left_even_with_held_dice():
    # one die held by focus completes nothing on its own: a roll is needed and there is no die
    agree("PERIL>PERIL", (2, 0, 0), focus=1)


# -- many small cases at once -----------------------------------------------------------------------------
BOXES = ["LORE", "PERIL", "TERROR", "TERROR/PERIL", "INV:2", "INV:3", "INV:5"]


@st.composite
def adventures(draw):
    tasks = draw(st.lists(st.lists(st.sampled_from(BOXES), min_size=1, max_size=2), min_size=1, max_size=2))
    joiner = draw(st.sampled_from(["|", ">"]))
    return joiner.join(",".join(task) for task in tasks)


@settings(max_examples=25, deadline=None)
@given(task=adventures(),
       pool=st.sampled_from([(1, 0, 0), (2, 0, 0), (3, 0, 0), (1, 1, 0), (1, 0, 1), (2, 0, 1), (1, 1, 1)]),
       budgets=st.sampled_from([{}, {"focus": 1}, {"spells": 1}, {"clues": 1}, {"assist": 1}, {"focus": 1, "spells": 1},
                                {"focus": 1, "clues": 1}, {"spells": 1, "clues": 1}]),
       terror=st.sampled_from(["none", "fail", "discard"]))
def test_the_engine_agrees_with_brute_force_on_small_adventures(task, pool, budgets, terror):
    agree(task, pool, terror=terror, **budgets)


def test_floats_and_fractions_agree():
    query = Query.parse("INV:3>PERIL,PERIL>LORE,LORE", "5G", focus=1, clues=1)
    assert chance(query) == pytest.approx(float(chance(query, exact=True)), abs=1e-12)


# -- the published figures of a public exact calculator, where it is right ------------------------------
@pytest.mark.parametrize("focus, spells, figures", [
    (0, 0, (2.252997, 7.413286, 17.246428, 25.475103, 42.755001)),
    (1, 0, (3.772202, 14.146246, 31.917385, 43.825856, 65.468503)),
    (0, 1, (6.331679, 18.872911, 37.635907, 50.038759, 70.198097)),
    (1, 1, (7.564600, 25.074904, 49.635519, 62.693259, 82.712372)),
])
def test_the_public_calculators_readme_figures(focus, spells, figures):
    """facts §1.11: englishcatfish/ElderSign's README, task PERIL,PERIL>SCROLL,SCROLL, 5G … 6G+YR."""
    for pool, figure in zip(("5G", "6G", "6G+Y", "6G+R", "6G+YR"), figures, strict=True):
        assert 100 * chance(Query.parse("PERIL,PERIL>LORE,LORE", pool, focus=focus, spells=spells)) == pytest.approx(figure, abs=5e-7)
