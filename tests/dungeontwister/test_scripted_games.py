"""Whole games through a Session saved in a real SQLite file, to 5 VP (seed, §Vincere): starting lines
chosen in secret, action cards under the first-cycle rule, fights with group combat, a tie fought again,
kills, the Goblin carrying the Treasure out. The saved game resumes as it was."""
import pytest

from companion.contract import TABLE
from companion.games.dungeontwister import GAME
from companion.session import Session
from companion.store import EventStore

from .helpers import BLUE, RED, SEAT_MODE, active, ap, do, player, status, view


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.db") as store:
        yield store


def choose(s, red, blue):
    do(s, "choose", by=RED, card=red)
    return do(s, "choose", by=BLUE, card=blue)




def test_the_scripted_game_to_five(store):
    s = Session.new(GAME, store, seed=5)
    do(s, "start", players=["Ann", "Bob"], first="Ann", settings=SEAT_MODE)  # lines and cards chosen in secret on the seats
    do(s, "lineup", by=BLUE, characters=["troll", "warrior", "cleric", "thief"])
    do(s, "lineup", by=RED, characters=["troll", "warrior", "goblin", "cleric"])
    assert s.turn.phase == "action_card" and active(s) == "red"
    # turn 1, red (the 2): reveal the Treasure's room, then a group attack on blue's Thief and Cleric
    do(s, "play_card", card=2)
    do(s, "reveal", character="warrior", appear=["red:treasure", "blue:wizard"])
    do(s, "attack", attackers=["troll", "warrior"], defenders=["thief", "cleric"])
    choose(s, 3, 2)  # 4 + 3 + 3 = 10 against 2 + 2 + 2 = 6
    assert status(s, "blue:thief") == status(s, "blue:cleric") == "wounded"
    assert active(s) == "blue" and view(s)["last_combat"]["totals"] == {"red": 10, "blue": 6}
    # turn 2, blue (the 3): the Warrior attacks red's Goblin; a tie, fought again for 1 more AP
    do(s, "play_card", by=BLUE, card=3)
    assert view(s)["last_combat"] is None  # the reveal leaves the screen once the next card is played
    do(s, "attack", by=BLUE, attackers=["warrior"], defenders=["goblin"])
    choose(s, 2, 0)  # 1 + 2 against 3 + 0
    assert status(s, "red:goblin") == "maze" and ap(s) == 2
    do(s, "attack", by=BLUE, attackers=["warrior"], defenders=["goblin"])
    choose(s, 5, 1)  # 1 + 5 against 3 + 1: blue's own Warrior is wounded
    assert status(s, "blue:warrior") == "wounded"
    do(s, "move", by=BLUE, character="troll")
    # turn 3, red (a 3): the Goblin takes the Treasure out (3 VP); the Troll attacks the wounded Thief and loses
    do(s, "play_card", by=RED, card=3)
    do(s, "move", character="goblin", take="red:treasure")
    do(s, "move", character="goblin", exit=True)
    assert player(s, "red")["vp"] == 3
    do(s, "attack", attackers=["troll"], defenders=["thief"])
    choose(s, 0, 6)  # 4 + 0 against 0 + 6: the wounded Thief wins, red's Troll is wounded
    assert status(s, "red:troll") == "wounded" and active(s) == "blue"
    # turn 4, blue (the 4: from now on anything goes): the Troll wounds red's Cleric
    do(s, "play_card", card=4)
    do(s, "attack", attackers=["troll"], defenders=["cleric"])
    choose(s, 1, 4)  # 2 + 1 against 4 + 4
    assert status(s, "red:cleric") == "wounded"
    do(s, "end_turn")
    # turn 5, red (the 5): the Warrior kills the wounded Thief and the wounded Cleric (5 VP)
    do(s, "play_card", card=5)
    do(s, "attack", attackers=["warrior"], defenders=["thief"])
    choose(s, 4, 0)  # 3 + 4 against 0 + 0
    assert status(s, "blue:thief") == "dead" and player(s, "red")["vp"] == 4
    do(s, "attack", attackers=["warrior"], defenders=["cleric"])
    step = choose(s, 2, 0)  # the last +2
    assert status(s, "blue:cleric") == "dead" and player(s, "red")["vp"] == 5
    assert s.turn.status == "over" and s.turn.result.winners == ("red",)
    assert s.summary(s.state)["winners"] == ["Ann"]
    assert view(s)["winner"] == "red" and "red wins with 5 VP!" in view(s)["prompt"]
    assert any(e.kind == "game_won" for e in step.events)
    # the saved game, opened by a restarted companion, is the same game, seen the same way by each viewer
    s.close()
    with Session.resume(GAME, store, s.game_id) as resumed:
        assert resumed.state == s.state
        for viewer in (TABLE, RED, BLUE):
            assert resumed.view(viewer).to_json() == s.view(viewer).to_json()
            assert resumed.log(viewer) == s.log(viewer)


def test_blue_wins_with_the_fireball_and_escapes():
    s = Session(GAME, 9)
    do(s, "start", players=["Ann", "Bob"], first="blue", lineup={"red": ["troll", "warrior", "cleric", "thief"],
                                                                  "blue": ["wizard", "goblin", "thief", "cleric"]})
    do(s, "play_card", card=2)
    do(s, "reveal", character="thief", appear=["blue:fireball_wand"])
    do(s, "move", character="wizard", take="blue:fireball_wand")
    do(s, "play_card", card=3)
    do(s, "end_turn")
    do(s, "play_card", card=3)
    do(s, "use", character="wizard", target="red:troll")  # 1 VP
    do(s, "move", character="goblin", exit=True)  # 2 VP: 3
    do(s, "move", character="thief", exit=True)  # 4
    do(s, "play_card", card=2)
    do(s, "end_turn")
    do(s, "play_card", card=4)
    do(s, "move", character="cleric", exit=True)  # 5
    assert s.turn.result.winners == ("blue",) and player(s, "blue")["vp"] == 5
    assert status(s, "red:troll") == "dead"
