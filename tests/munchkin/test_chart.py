"""Munchkin's picture after the game: every player's level turn by turn, and every run-away roll
against its odds (one d6 plus the bonus reaching 5; issue 23 §3)."""
from fractions import Fraction

from .helpers import PLAYERS, do, equip, level, pass_turn, start


def test_levels_per_player_and_the_run_away_rolls_at_their_odds():
    s = start()
    equip(s, "Ann", "sword", "club")
    do(s, "kick", card="slug")
    do(s, "fight")                      # Ann: level 2
    do(s, "end_turn")
    pass_turn(s)                        # Bob
    pass_turn(s)                        # Cy
    do(s, "kick", card="pied-piper")    # Ann (strength 7) cannot beat the Pied Piper: she runs
    do(s, "run")
    shown = Fraction(s.analyse("odds")["escape"][0]["chance"])  # the odds the screen showed before the roll
    do(s, "roll", die=1)                # caught
    chart = s.chart()
    assert [line.label for line in chart.lines] == list(PLAYERS)
    assert [line.colour for line in chart.lines] == ["red", "blue", "green"]
    assert chart.lines[0].points == ((0, 1), (1, 2), (2, 2), (3, 2), (4, level(s, "Ann")))  # the kill in turn 1
    assert chart.lines[1].points == ((0, 1), (1, 1), (2, 1), (3, 1), (4, 1))
    (run,) = chart.chances
    assert run.turn == 4 and not run.made and run.chance == float(shown) and 0 < run.chance < 1
    assert (chart.low, chart.high) == (1, 10)


def test_a_monster_that_lets_the_player_go_is_no_roll():
    s = start()
    do(s, "kick", card="man-eating-moon")  # Ann, level 1: the moon does not pursue her
    do(s, "run")
    assert s.chart().chances == ()
