"""Elder Sign's picture after the game: the doom and the Elder Signs turn by turn, and every attempt
against its exact odds as the investigator set out (issue 23 §3)."""
import pytest

from companion.games.eldersign.odds import Query, chance
from companion.store import EventStore

from .helpers import do, status
from .test_scripted_games import complete_hallway, saved

SETTINGS = {"ancient_one": {"elder_signs": 3},
            "adventures": [{"id": "hallway-on-fire", "name": "Hallway on Fire", "tasks": "PERIL>PERIL",
                            "reward": {"elder_signs": 1, "clues": 1}, "penalty": {"stamina": -1}},
                           {"id": "spare", "name": "Spare", "tasks": "LORE"}]}


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.db") as store:
        yield store


def test_the_won_game_shows_the_signs_rising_and_each_attempt_at_its_odds(store):
    s = saved(store, settings=SETTINGS, adventures=("hallway-on-fire",))
    complete_hallway(s)                   # Ann: an Elder Sign
    do(s, "clock")
    do(s, "lay", adventure="spare")
    do(s, "move", to="spare")             # Bob, with one die left free, fails
    do(s, "attempt", locked=5)
    do(s, "roll", green=["1"])
    do(s, "discard", die=1)
    do(s, "clock")
    do(s, "elder_signs", amount=1)
    do(s, "move", to="spare")
    do(s, "attempt", locked=5)
    do(s, "roll", green=["lore"])
    do(s, "complete", task=1, dice=[1])
    do(s, "clock")
    do(s, "elder_signs", amount=1)
    assert status(s) == "won"
    chart = s.chart()
    doom, signs = chart.lines
    assert signs.points == ((0, 0), (1, 1), (2, 1), (3, 2), (4, 3)) and {v for _, v in doom.points} == {0}
    assert chart.high >= 3 and chart.low == 0
    assert [(c.turn, c.made) for c in chart.chances] == [(1, True), (2, False), (3, True)]
    one_die = chance(Query.parse("LORE", "1G"))  # one green die against a Lore: 1 in 6
    assert chart.chances[1].chance == pytest.approx(float(one_die)) == pytest.approx(1 / 6)
    assert chart.made == 2 and chart.expected == pytest.approx(sum(c.chance for c in chart.chances))
