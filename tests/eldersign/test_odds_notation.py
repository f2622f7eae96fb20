"""The notation of tasks and dice (docs/eldersign-odds.md): what players type, and what it means."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games.eldersign.odds import Query, parse_adventure, parse_pool
from companion.games.eldersign.odds.dice import LORE, PERIL, TERROR, Pool, parse_face
from companion.games.eldersign.odds.tasks import Box


def test_bar_separates_tasks_in_any_order_and_arrow_in_printed_order():
    assert len(parse_adventure("LORE|PERIL").stages) == 1
    assert len(parse_adventure("LORE>PERIL").stages) == 2
    assert [len(stage) for stage in parse_adventure("LORE|PERIL>INV:3").stages] == [2, 1]


def test_boxes_of_every_kind():
    (task,) = parse_adventure("INV:8,TERROR,PERIL,LORE,TERROR/PERIL").tasks
    assert sorted(task) == sorted([Box(inv=8), Box(symbols=(TERROR,)), Box(symbols=(PERIL,)), Box(symbols=(LORE,)),
                                   Box(symbols=(PERIL, TERROR))])


def test_the_public_calculators_spelling_is_read_too():
    assert parse_adventure("SCROLL,INV_3|TERROR+PERIL") == parse_adventure("LORE,INV:3|TERROR/PERIL")


def test_the_order_of_boxes_and_of_tasks_in_any_order_does_not_matter():
    assert parse_adventure("PERIL,LORE|INV:3") == parse_adventure("INV:3|lore , peril")
    assert parse_adventure("PERIL>LORE") != parse_adventure("LORE>PERIL")


@pytest.mark.parametrize("text", ["", "PERIL,,LORE", "PERIL|", "MOON", "INV:0", "INV:99", "|".join(["PERIL"] * 9)])
def test_what_is_not_an_adventure_is_refused_with_a_reason(text):
    with pytest.raises(RuleError) as refused:
        parse_adventure(text)
    assert refused.value.code == "BAD_TASK"


@pytest.mark.parametrize("text, pool", [("6G+YR", Pool(6, 1, 1)), ("5G", Pool(5, 0, 0)), ("6G+Y+R", Pool(6, 1, 1)),
                                        ("6g+r", Pool(6, 0, 1)), ("G G Y", Pool(2, 1, 0)), ("YR", Pool(0, 1, 1))])
def test_dice_pools(text, pool):
    assert parse_pool(text) == pool


@pytest.mark.parametrize("text", ["", "6X", "10G", "0G", "6G-Y"])
def test_what_is_not_a_pool_is_refused(text):
    with pytest.raises(RuleError) as refused:
        parse_pool(text)
    assert refused.value.code == "BAD_DICE"


def test_faces_read_as_players_say_them():
    assert parse_face("scroll") == parse_face("LORE") == LORE
    assert parse_face("3") == parse_face("inv3") == parse_face("INV:3")


@pytest.mark.parametrize("field", ["focus", "spells", "clues", "assist"])
def test_budgets_are_small_whole_numbers(field):
    with pytest.raises(RuleError):
        Query.parse("PERIL", "6G", **{field: -1})
    with pytest.raises(RuleError):
        Query.parse("PERIL", "6G", **{field: 50})
