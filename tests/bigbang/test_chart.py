"""Big Bang's picture after the game: the moon at the end of every turn, and each fight's die against
its exact odds (issue 23 §3)."""
import pytest

from companion.store import EventStore

from .test_scripted_games import Table


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.db") as store:
        yield store


def test_the_moon_falls_turn_by_turn_and_a_lost_fight_is_a_chance_missed(store):
    t = Table(store, hands={"Ann": ["penny"] * 2, "Bob": ["raj"], "Cy": ["sheldon"]},
              locations=("kripke", "stuart", "billy-sparks", "flag", "brent-spiner", "lantern"))
    s = t.session
    t("play", character="penny", cards=2)
    t("move", location=5)
    t("act", die=4)  # Penny loses to Brent Spiner: the ring drops 3
    t("draw", count=2)
    t("reveal", card="penny")
    t("reveal", card="red_moon")
    t("play", character="raj", cards=1)
    t("move", location=2)  # the red moon strikes: the game is lost
    chart = s.chart()
    assert [line.points for line in chart.lines] == [((0, 8), (1, 5), (2, 0))]
    assert (chart.low, chart.high, chart.turns) == (0, 11, 2)
    (fight,) = chart.chances
    assert fight.turn == 1 and not fight.made
    assert fight.chance == 0.0  # Brent Spiner's strength is beyond any face of the die with no help
    assert chart.made == 0 and chart.expected == 0.0


def test_a_won_fight_counts_at_its_odds(store):
    t = Table(store, hands={"Ann": ["penny"] * 2, "Bob": ["raj"], "Cy": ["sheldon"]},
              locations=("kripke", "stuart", "billy-sparks", "flag", "brent-spiner", "lantern"))
    s = t.session
    t("play", character="penny", cards=2)
    t("move", location=1)
    t("act", die=4)
    (fight,) = s.chart().chances
    assert fight.made and 0 < fight.chance < 1
    assert s.chart().luck() == ((fight.chance,), (1,))
    s.undo()
    assert s.chart().chances == ()  # the undone fight is out of the picture
