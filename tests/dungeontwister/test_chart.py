"""Dungeon Twister's picture after the game: each player's victory points turn by turn in the player's
colour; no dice, so no odds (issue 23 §3)."""
from companion.games.dungeontwister import GAME
from companion.session import Session

from .helpers import BLUE, RED, SEAT_MODE, do, player


def choose(s, red, blue):
    do(s, "choose", by=RED, card=red)
    return do(s, "choose", by=BLUE, card=blue)


def test_the_goblin_carries_the_treasure_out_and_the_points_show_it():
    s = Session(GAME, 5)
    do(s, "start", players=["Ann", "Bob"], first="Ann", settings=SEAT_MODE)
    do(s, "lineup", by=BLUE, characters=["troll", "warrior", "cleric", "thief"])
    do(s, "lineup", by=RED, characters=["troll", "warrior", "goblin", "cleric"])
    do(s, "play_card", card=2)                        # turn 1, red
    do(s, "reveal", character="warrior", appear=["red:treasure", "blue:wizard"])
    do(s, "attack", attackers=["troll", "warrior"], defenders=["thief", "cleric"])
    choose(s, 3, 2)
    do(s, "play_card", by=BLUE, card=3)               # turn 2, blue
    do(s, "move", by=BLUE, character="troll")
    do(s, "end_turn", by=BLUE)
    do(s, "play_card", by=RED, card=3)                # turn 3, red: the Goblin takes the Treasure out
    do(s, "move", character="goblin", take="red:treasure")
    do(s, "move", character="goblin", exit=True)
    assert player(s, "red")["vp"] == 3
    chart = s.chart()
    assert [(line.label, line.colour) for line in chart.lines] == [("Ann", "red"), ("Bob", "blue")]
    red, blue = (dict(line.points) for line in chart.lines)
    assert red[3] == 3 and red[2] == 0 and set(blue.values()) == {0}
    assert (chart.low, chart.high) == (0, 5) and chart.chances == ()
