"""What players read (issue 9, item 8): names, not ids; plurals by the catalogue's rules."""
from companion.messages import render

from .helpers import do, refused, start

KRIPKE = ("kripke", "whiteboard", "takeout", "flag", "captain-sweatpants", "lantern")


def test_a_refusal_about_cards_held_counts_in_words_one_card_not_one_cards():
    s = start(hands={"Ann": ["penny"]})
    assert render(refused(s, "NOT_ENOUGH_CARDS", "play", character="penny", cards=2).text) == "Ann holds 1 Penny card; play 1 to 1."
    s = start(hands={"Ann": ["penny", "penny"]})
    assert render(refused(s, "NOT_ENOUGH_CARDS", "play", character="penny", cards=3).text) == "Ann holds 2 Penny cards; play 1 to 2."


def test_a_reward_choice_is_asked_in_reward_names_not_ids():
    s2 = start(hands={"Ann": ["penny", "penny"]}, locations=("bernadette", "whiteboard", "takeout", "flag", "captain-sweatpants", "lantern"))
    do(s2, "play", character="penny", cards=2)
    do(s2, "move", location=1)
    message = render(refused(s2, "CHOICE_NEEDED", "act").text)
    assert message == "Choose the reward: moon +1 / a cube."
    assert render(refused(s2, "BAD_CHOICE", "act", choice="artefact").text) == "Bernadette offers moon +1 / a cube."


def test_an_artefact_not_in_the_deck_is_named_as_players_read_it():
    s = start(hands={"Ann": ["howard"]}, locations=KRIPKE, settings={"artefacts": {"reroll": 0, "clue": 1, "cubes": 0, "moon": 0}})
    do(s, "play", character="howard", cards=1)
    message = render(refused(s, "NOT_IN_DECK", "special", location=1, die=4, artefact="moon").text)
    assert message == "No moon artefact is left in the deck (clue artefact)."


def test_a_location_card_not_in_its_deck_is_named_by_its_name():
    s = start(hands={"Ann": ["penny"]}, locations=None)
    message = render(refused(s, "NOT_IN_DECK", "place", location=1, card="amy").text)
    assert message == 'No card "Amy" is left in the location deck of Caltech.'


def test_a_fight_with_a_re_roll_names_both_faces():
    s = start(hands={"Ann": ["howard", "howard"]}, locations=("kripke", "whiteboard", "wil-wheaton-home", "flag", "captain-sweatpants", "lantern"),
              settings={"artefacts": {"reroll": 1, "clue": 0, "cubes": 0, "moon": 0}})
    do(s, "play", character="howard", cards=2)
    do(s, "special", location=1, die=4, artefact="reroll")  # Barry Kripke beaten: the re-roll artefact comes off the deck
    do(s, "move", location=3)
    step = do(s, "act", die="moon", reroll=3)
    assert "Howard fought Wil Wheaton (strength 3), rolled red moon → 3 + 0: won" in render(s.describe(step))
