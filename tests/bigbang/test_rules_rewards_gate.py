"""Digest §Rewards (moon, cube, artefacts) and §Gate (clues, Sheldon's swaps, gate attempts).

Solution A..G in rune order (Fehu, Uruz, Thurisaz, Ansuz, Raidho, Kenaz, Gebo); the board lies as
B A C D E F G; H and I lie beside the board.
"""
from companion.games.bigbang import GAME
from companion.session import Session

from .helpers import BOARD, CRATE, PLAYERS, SOLUTION, active, do, end_turn, find_key, line, phase, prompt, refused, settings_with_cards, start, status, view

#: artefact cards at 1 (work), 3 (home), 5 (fun); the Crate of cubes (4 cubes) can lie at 2
ARTEFACT_LOCATIONS = ("lab-equipment", "stuart", "amy", "takeout", "comic-book", "lantern")
SMALL_CRATE = {"id": "small-crate", "name": "Small crate", "kind": "treasure", "reward": "cube+cube+cube", "deck": "home"}


def take_artefacts(session, *kinds, spare=0):
    """Ann plays Penny, walks to the artefact cards at 1, 3, 5 and names the artefact each gives."""
    do(session, "play", character="penny", cards=2 * len(kinds) + spare)
    for location, kind in zip((1, 3, 5), kinds, strict=False):  # up to three artefacts
        do(session, "move", location=location)
        do(session, "act", artefact=kind)


def artefact_game(settings=None, **kwargs):
    return start(hands={"Ann": ["penny"] * 6, "Cy": ["howard"]}, locations=ARTEFACT_LOCATIONS, settings=settings, **kwargs)


def crate_game(board=BOARD, settings=None, ann=("penny",) * 4):
    """The Crate of cubes (4 cubes) lies at 1; Ann holds `ann`."""
    return start(hands={"Ann": list(ann), "Cy": ["howard"]}, locations=("crate", "stuart", "takeout", "flag", "captain-sweatpants", "lantern"),
                 board=board, settings=settings_with_cards(CRATE, base=settings))


class TestRewards:
    """Digest §Rewards: moon, cube (at most 4), artefacts usable once by anyone."""

    def test_the_ring_stops_at_the_top_of_the_track(self):
        s = start(hands={"Ann": ["penny"] * 2}, settings={"track": {"start": 11}})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=2)
        do(s, "act")  # the Whiteboard: a moon
        assert view(s)["moon"] == 11

    def test_a_cube_beyond_the_fourth_is_lost(self):
        s = crate_game()
        do(s, "play", character="penny", cards=4)
        do(s, "move", location=1)
        do(s, "act")
        assert view(s)["cubes"] == 4
        do(s, "move", location=2)
        step = do(s, "act")  # Stuart: one more cube
        assert view(s)["cubes"] == 4
        assert "1 lost" in line(s, step)

    def test_the_table_names_the_artefact_it_drew(self):
        s = artefact_game()
        take_artefacts(s, "clue", spare=1)
        assert view(s)["artefacts"] == {"clue": 1}
        assert view(s)["artefact_deck"] == 8

    def test_an_artefact_the_brown_deck_no_longer_holds_is_refused(self):
        s = artefact_game(settings={"artefacts": {"reroll": 0}})
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        refused(s, "NOT_IN_DECK", "act", artefact="reroll")

    def test_the_companion_draws_the_artefact_when_the_table_names_none(self):
        s = artefact_game()
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act")
        assert sum(view(s)["artefacts"].values()) == 1
        assert view(s)["artefact_deck"] == 8

    def test_an_artefact_is_usable_once_by_another_player(self):
        s = artefact_game()
        take_artefacts(s, "moon")
        end_turn(s, refill={1: "kripke"})
        assert active(s) == "Bob"
        do(s, "use", item="moon")
        assert view(s)["moon"] == 10
        assert view(s)["artefacts"] == {}
        refused(s, "NOT_AVAILABLE", "use", item="moon")

    def test_the_moon_artefact_moves_the_ring_two_steps_up(self):
        s = artefact_game()
        take_artefacts(s, "moon", spare=1)
        do(s, "use", item="moon")
        assert view(s)["moon"] == 10

    def test_the_cubes_artefact_puts_two_cubes_in_the_living_room(self):
        s = artefact_game()
        take_artefacts(s, "cubes", spare=1)
        do(s, "use", item="cubes")
        assert view(s)["cubes"] == 2

    def test_the_cubes_artefact_loses_what_does_not_fit(self):
        s = start(hands={"Ann": ["penny"] * 4, "Cy": ["howard"]}, locations=("lab-equipment", "crate", "takeout", "flag", "captain-sweatpants", "lantern"),
                  settings=settings_with_cards(CRATE))
        take_artefacts(s, "cubes", spare=2)
        do(s, "move", location=2)
        do(s, "act")
        step = do(s, "use", item="cubes")
        assert view(s)["cubes"] == 4
        assert "2 lost" in line(s, step)

    def test_the_clue_artefact_names_the_rune_of_a_letter(self):
        s = artefact_game()
        take_artefacts(s, "clue", spare=1)
        do(s, "use", item="clue", letter="C")
        assert view(s)["gate"]["clues"] == {"C": "Thurisaz"}
        assert view(s)["artefacts"] == {}

    def test_a_clue_on_a_letter_of_no_rune_says_so(self):
        s = artefact_game()
        take_artefacts(s, "clue", spare=1)
        step = do(s, "use", item="clue", letter="H")
        assert view(s)["gate"]["clues"] == {"H": None}
        assert "H belongs to no rune" in line(s, step)

    def test_a_clue_needs_one_of_the_letters(self):
        s = artefact_game()
        take_artefacts(s, "clue", spare=1)
        refused(s, "BAD_ARGUMENTS", "use", item="clue")
        refused(s, "UNKNOWN_LETTER", "use", item="clue", letter="Z")

    def test_an_unknown_item_cannot_be_used(self):
        s = start()
        refused(s, "UNKNOWN_ITEM", "use", item="wand")


class TestGate:
    """Digest §Gate, letters and runes, and Sheldon's special action (§A turn 2)."""

    def sheldon(self):
        s = start(hands={"Ann": ["sheldon"]})
        do(s, "play", character="sheldon", cards=1)
        return s

    def test_sheldon_swaps_a_board_letter_with_one_beside_the_board(self):
        s = self.sheldon()
        do(s, "special", a="G", b="H")
        assert view(s)["gate"]["board"] == ["B", "A", "C", "D", "E", "F", "H"]
        assert view(s)["gate"]["off_board"] == ["G", "I"]

    def test_sheldon_cannot_swap_two_letters_beside_the_board(self):
        refused(self.sheldon(), "BAD_SWAP", "special", a="H", b="I")

    def test_sheldon_cannot_swap_a_letter_with_itself(self):
        refused(self.sheldon(), "BAD_SWAP", "special", a="A", b="A")

    def test_sheldon_swaps_only_letters_of_the_game(self):
        refused(self.sheldon(), "UNKNOWN_LETTER", "special", a="A", b="Z")

    def test_sheldon_names_both_letters(self):
        refused(self.sheldon(), "BAD_ARGUMENTS", "special", a="A")

    def test_a_gate_attempt_needs_four_cubes(self):
        s = start(hands={"Ann": ["penny"] * 3, "Cy": ["howard"]}, locations=("stuart", "whiteboard", "small-crate", "flag", "captain-sweatpants", "lantern"),
                  settings=settings_with_cards(SMALL_CRATE))
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=3)
        do(s, "act")
        assert view(s)["cubes"] == 3
        refused(s, "NOT_ENOUGH_CUBES", "gate")

    def test_a_failed_attempt_spends_the_cubes_and_counts_the_right_letters(self):
        s = crate_game(ann=["penny"] * 3)
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=1)
        do(s, "act")
        step = do(s, "gate")
        assert view(s)["cubes"] == 0
        assert view(s)["gate"]["last_attempt"] == {"success": False, "correct": 5}
        assert "5 letters right" in line(s, step)
        assert status(s) == "playing"
        assert phase(s) == "draw"  # the attempt was the third action
        assert view(s)["gate"]["board"] == list(BOARD)  # only Sheldon moves letters

    def test_with_feedback_none_a_failed_attempt_tells_nothing(self):
        s = crate_game(ann=["penny"] * 3, settings={"gate": {"feedback": "none"}})
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=1)
        do(s, "act")
        step = do(s, "gate")
        assert view(s)["gate"]["last_attempt"] == {"success": False, "correct": None}
        assert "right" not in line(s, step)
        assert view(s)["cubes"] == 0

    def test_every_letter_on_its_rune_closes_the_gate_and_wins(self):
        s = crate_game(board=SOLUTION, ann=["penny"] * 3)
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=1)
        do(s, "act")
        do(s, "gate")
        assert status(s) == "won"
        assert prompt(s) == "The gate is closed. You win!"

    def test_sheldon_puts_the_letters_right_and_the_gate_closes(self):
        s = crate_game(ann=["sheldon"] * 3)
        do(s, "play", character="sheldon", cards=3)
        do(s, "special", a="A", b="B")
        do(s, "move", location=1)
        do(s, "act")
        do(s, "gate", board=list(SOLUTION))
        assert status(s) == "won"

    def test_a_board_that_differs_from_the_companions_record_is_refused(self):
        s = crate_game(ann=["penny"] * 3)
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=1)
        do(s, "act")
        error = refused(s, "BOARD_MISMATCH", "gate", board=list(SOLUTION))
        assert "B A C D E F G" in error.message
        assert view(s)["cubes"] == 4

    def test_a_confirmed_board_is_judged(self):
        s = crate_game(ann=["penny"] * 3)
        do(s, "play", character="penny", cards=3)
        do(s, "move", location=1)
        do(s, "act")
        do(s, "gate", board=list(BOARD))
        assert view(s)["gate"]["last_attempt"] == {"success": False, "correct": 5}

    def test_a_solution_drawn_by_the_companion_stays_off_the_player_screen(self):
        s = start(solution=None, board=None, master_pin="2468")
        master = s.master_view("2468")["solution"]
        assert len(set(master.values())) == 7 and set(master.values()) <= set("ABCDEFGHI")
        assert not find_key(view(s), "solution")
        assert list(master.values()) != view(s)["gate"]["board"]

    def test_a_typed_solution_needs_seven_different_letters_of_the_pool(self):
        s = Session(GAME, 1)
        refused(s, "BAD_SOLUTION", "start", players=list(PLAYERS), solution=["A", "A", "C", "D", "E", "F", "G"])

    def test_a_typed_board_needs_seven_different_letters_of_the_pool(self):
        s = Session(GAME, 1)
        refused(s, "BAD_BOARD", "start", players=list(PLAYERS), board=["A", "B", "C", "D", "E", "F", "Z"])
