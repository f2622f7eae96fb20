"""The real deal (issue 9): with the real cards, the players deal and tell the companion card by card —
each player's starting hand, then the six location cards — by scanning or picking each card, then the
letters they laid at the rune slots."""
import pytest

from companion.contract import seat_viewer
from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.messages import render
from companion.session import Session
from companion.table import Table

from .helpers import PLAYERS, active, do, hand, phase, prompt, refused, view

QUIET = ("stuart", "whiteboard", "takeout", "flag", "captain-sweatpants", "lantern")


def dealing(**start):
    session = Session(GAME, 5)
    do(session, "start", players=list(PLAYERS), solution=list("ABCDEFG"), **start)
    return session


def deal_all(session, hands=("penny", "howard", "raj"), locations=QUIET):
    for _player in PLAYERS:
        for card in hands:
            do(session, "reveal", card=card)
    for location, card in enumerate(locations, start=1):
        do(session, "place", location=location, card=card)


def test_with_the_real_cards_the_game_starts_by_asking_each_players_cards():
    s = dealing()
    assert phase(s) == "deal" and active(s) == "Ann" and s.turn.acting == ("Ann",)
    assert prompt(s) == "Deal Ann 3 more cards: scan each one, or pick it here."
    assert all(p["hand_size"] == 0 for p in view(s)["players"]) and all(loc["card"] is None for loc in view(s)["locations"])


def test_each_card_told_lands_in_that_players_hand_and_the_next_player_follows():
    s = dealing()
    step = do(s, "reveal", card="penny")
    assert render(s.describe(step)) == "Ann is dealt Penny"
    do(s, "reveal", card="penny")
    do(s, "reveal", card="leonard")
    assert hand(s, "Ann") == {"leonard": 1, "penny": 2} and active(s) == "Bob"
    assert prompt(s).startswith("Deal Bob 3 more cards")


def test_after_the_hands_come_the_location_cards_then_the_letters_then_the_first_turn():
    s = dealing()
    deal_all(s, locations=())
    assert phase(s) == "layout" and s.turn.acting == ()
    for location, card in enumerate(QUIET, start=1):
        do(s, "place", location=location, card=card)
    assert phase(s) == "letters" and s.turn.acting == ()
    assert prompt(s) == "Which letter lies at Fehu (1 of 7)? Pick it here, or let the companion lay the letters."
    for letter in "GFEDCBA":
        do(s, "lay", letter=letter)
    assert phase(s) == "choose" and active(s) == "Ann"
    assert view(s)["pile"] == 41 - 9
    assert view(s)["gate"]["board"] == list("GFEDCBA") and view(s)["gate"]["off_board"] == ["H", "I"]


def test_the_letters_are_told_in_rune_order_each_once():
    s = dealing(hands={"Ann": ["penny"], "Bob": ["raj"], "Cy": ["sheldon"]}, locations=list(QUIET))
    assert phase(s) == "letters"
    step = do(s, "lay", letter="C")
    assert render(s.describe(step)) == "C lies at Fehu"
    assert prompt(s).startswith("Which letter lies at Uruz (2 of 7)?")
    refused(s, "ALREADY_LAID", "lay", letter="C")
    refused(s, "UNKNOWN_LETTER", "lay", letter="Z")
    refused(s, "NOT_NOW", "play", character="penny", cards=1)
    labels = [render(o.label) for o in s.game.options(s.state, s.history[-1].by)]
    assert labels[0] == "A lies at Uruz" and "C lies at Uruz" not in labels and labels[-1] == "The companion lays the letters"


def test_with_no_spare_letter_the_last_one_lies_by_itself_and_with_one_it_is_asked():
    exact = dealing(hands={"Ann": ["penny"], "Bob": ["raj"], "Cy": ["sheldon"]}, locations=list(QUIET),
                    settings={"gate": {"letters": list("ABCDEFG")}})
    for letter in "GFEDCB":
        step = do(exact, "lay", letter=letter)
    assert phase(exact) == "choose" and view(exact)["gate"]["board"] == list("GFEDCBA")  # A could lie only at Gebo
    assert render(exact.describe(step)) == "letters laid: Kenaz B, Gebo A"
    spare = dealing(hands={"Ann": ["penny"], "Bob": ["raj"], "Cy": ["sheldon"]}, locations=list(QUIET))  # A to I: two spare
    for letter in "GFEDCB":
        do(spare, "lay", letter=letter)
    assert phase(spare) == "letters" and prompt(spare).startswith("Which letter lies at Gebo (7 of 7)?")


def test_the_companion_lays_the_letters_still_due_never_closing_the_gate():
    for seed in range(30):
        s = Session(GAME, seed)
        do(s, "start", players=list(PLAYERS), solution=list("ABCDEFG"), hands={"Ann": [], "Bob": [], "Cy": []}, locations=list(QUIET))
        for letter in "ABCDE":  # the first five on their own rune: the companion must not finish the solution
            do(s, "lay", letter=letter)
        step = do(s, "deal")
        board = view(s)["gate"]["board"]
        assert board[:5] == list("ABCDE") and len(set(board)) == 7 and board != list("ABCDEFG")
        assert phase(s) == "choose"
        assert render(s.describe(step)) == f"letters laid: Kenaz {board[5]}, Gebo {board[6]}"


def test_a_board_given_at_start_skips_the_letters_and_the_companion_mode_lays_them_itself():
    s = dealing(hands={"Ann": ["penny"], "Bob": ["raj"], "Cy": ["sheldon"]}, locations=list(QUIET), board=list("BACDEFG"))
    assert phase(s) == "choose" and view(s)["gate"]["board"] == list("BACDEFG")
    s = dealing(settings={"table": {"cards_from": "companion"}})
    assert phase(s) == "choose" and len(view(s)["gate"]["board"]) == 7


def test_a_red_moon_at_the_deal_goes_back_into_the_pile():
    s = dealing()
    refused(s, "RED_MOON_AT_DEAL", "reveal", card="red_moon")


def test_the_companion_can_deal_the_rest_of_the_real_deal():
    s = dealing()
    do(s, "reveal", card="sheldon")
    do(s, "deal")  # the rest of the hands
    assert phase(s) == "layout" and [p["hand_size"] for p in view(s)["players"]] == [3, 3, 3]
    assert hand(s, "Ann").get("sheldon", 0) >= 1
    do(s, "deal")  # the location cards too
    assert phase(s) == "letters"
    do(s, "deal")  # and the letters
    assert phase(s) == "choose"


def test_hands_given_at_start_go_straight_to_the_layout():
    s = dealing(hands={"Ann": ["penny"], "Bob": ["raj"], "Cy": ["sheldon"]})
    assert phase(s) == "layout"


def test_a_misdealt_card_is_one_undo_away():
    s = dealing()
    do(s, "reveal", card="penny")
    s.undo()
    assert hand(s, "Ann") == {} and phase(s) == "deal"


def test_only_the_player_being_dealt_to_picks_from_their_own_seat():
    s = dealing()
    with pytest.raises(RuleError) as refused_by_seat:
        s.apply({"cmd": "reveal", "card": "penny"}, by=seat_viewer("Bob"))
    assert refused_by_seat.value.code == "NOT_YOUR_TURN"
    s.apply({"cmd": "reveal", "card": "penny"}, by=seat_viewer("Ann"))
    assert hand(s, "Ann") == {"penny": 1}


def test_the_buttons_and_the_reader_tell_the_deal_too():
    class Catalogue:
        def __init__(self):
            self.cards = {"04aa": "raj", "04bb": "stuart"}

        def lookup(self, uid, game):
            card = self.cards.get(uid)
            return type("Entry", (), {"card": card, "label": None, "game": game})() if card else None

        def other_game(self, uid, game):
            return None

    table = Table(Session(GAME, 5), Catalogue())
    table.command({"cmd": "start", "players": list(PLAYERS), "solution": list("ABCDEFG")})
    assert table.card("04aa").kind == "applied"  # a scanned character: dealt to Ann
    assert hand_of(table, "Ann") == {"raj": 1}
    labels = [render(o.label) for o in table.options()]
    assert labels[:5] == ["Ann got Leonard", "Ann got Howard", "Ann got Penny", "Ann got Raj", "Ann got Sheldon"]
    table.command({"cmd": "deal"})
    table.command({"cmd": "place", "location": 1, "card": "whiteboard"})
    assert table.card("04bb").kind == "applied"  # a location card during the layout lands where its deck lies
    assert table.session.state.locations[1] == "stuart"


def hand_of(table, player):
    return next(p["hand"] for p in table.session.public_view().to_json()["players"] if p["name"] == player)


def test_every_declared_phase_has_a_prompt_and_a_menu():
    """The phases are declared once (phases.py); the prompt and the menu cover each of them."""
    from companion.games.bigbang import inputs, views
    from companion.games.bigbang.phases import PHASES

    declared = {phase.id for phase in PHASES}
    assert set(views._PHASE_PROMPTS) == declared and set(inputs._PHASES) == declared


def test_with_the_companions_cards_the_start_says_what_it_dealt_and_where_the_letters_lie():
    s = Session(GAME, 5)
    step = do(s, "start", players=list(PLAYERS), settings={"table": {"cards_from": "companion"}})
    line = render(s.describe(step))
    table = view(s)
    for player in table["players"]:
        cards = ", ".join(c.title() + (f" ×{n}" if n > 1 else "") for c, n in player["hand"].items())
        assert f"{player['name']}: {cards}" in line
    assert line.startswith("Game started with Ann, Bob, Cy; cards dealt, locations laid; Ann: ")
    assert line.endswith("letters at the gate: " + " ".join(table["gate"]["board"]))


def test_with_the_real_cards_the_start_says_what_to_tell_next():
    s = Session(GAME, 5)
    step = do(s, "start", players=list(PLAYERS))
    assert render(s.describe(step)) == "Game started with Ann, Bob, Cy; now deal the starting hands"
    s = Session(GAME, 5)
    step = do(s, "start", players=list(PLAYERS), hands={"Ann": ["penny"], "Bob": ["raj"], "Cy": ["sheldon"]}, locations=list(QUIET))
    assert render(s.describe(step)) == "Game started with Ann, Bob, Cy; cards dealt, locations laid; now tell the letters at the gate"
