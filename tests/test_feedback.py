"""What the table notices of an input beside the words (companion/feedback.py): the ring's blips and
redraws, a scan's sounds, the status LED's seat, who reads the line under the prompt. The devices
(tests/hardware) and the screens (tests/ui) follow this one policy."""
from typing import get_args

import pytest

from companion.cards import CardCatalogue
from companion.contract import Seat, Turn
from companion.feedback import READ_AGAIN, SOUNDS, feedback, status_seat
from companion.games.bigbang import GAME
from companion.session import Session
from companion.table import TAKEN, OutcomeKind, Table

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"],
         "hands": {"Ann": ["penny", "penny", "howard"], "Bob": ["raj"], "Cy": ["sheldon"]},
         "locations": ["wil-wheaton-work", "stuart", "flag", "amy", "wil-wheaton-fun", "lantern"],
         "solution": ["A", "B", "C", "D", "E", "F", "G"], "board": ["B", "A", "C", "D", "E", "F", "G"]}
SHELDON, DOOM, UNKNOWN = "04a1b2c3d4e5f6", "04c0ffee123456", "deadbeef"
KINDS: tuple[OutcomeKind, ...] = get_args(OutcomeKind)


@pytest.fixture
def table(tmp_path):
    catalogue = CardCatalogue(tmp_path / "cards.db")
    catalogue.enrol(SHELDON, "bigbang", "sheldon")
    catalogue.enrol(DOOM, "eldersign", "doom")
    table = Table(Session(GAME, 1), catalogue)
    table.command(START)
    yield table
    catalogue.close()


def test_a_step_blips_green_redraws_the_ring_and_every_page_reads_it(table):
    noticed = feedback(table.command({"cmd": "play", "character": "penny", "cards": 2}).kind)
    assert noticed.cues == ("ok",) and noticed.ring and noticed.moved
    assert noticed.readers == "everyone" and not noticed.refusal and noticed.sound is None


def test_a_redo_blips_green_like_the_step_it_takes_again(table):
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    table.undo()
    noticed = feedback(table.redo().kind)
    assert noticed.cues == ("ok",) and noticed.moved and noticed.readers == "everyone"


def test_an_undo_redraws_the_ring_and_every_page_but_blips_nothing(table):
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    noticed = feedback(table.undo().kind)
    assert noticed.ring and noticed.moved and noticed.readers == "everyone"
    assert noticed.cues == ()


def test_a_refusal_blips_red_and_only_its_sender_reads_it_in_the_refusal_colour(table):
    noticed = feedback(table.command({"cmd": "move", "location": 2}).kind)  # no character chosen yet
    assert noticed.cues == ("danger",) and noticed.refusal
    assert noticed.readers == "sender" and not noticed.moved and not noticed.ring


def test_a_move_in_the_menu_shows_its_place_on_the_ring_for_its_sender_only(table):
    noticed = feedback(table.button("next", "tap").kind)
    assert noticed.ring and noticed.cues == ()
    assert noticed.readers == "sender" and not noticed.moved  # a half-made choice elsewhere stays


@pytest.mark.parametrize("kind", ["nothing", "told", "other_game"])
def test_an_input_that_changes_nothing_leaves_the_ring_and_other_pages_alone(kind):
    noticed = feedback(kind)
    assert not noticed.ring and noticed.cues == () and not noticed.moved
    assert noticed.readers == "sender" and not noticed.refusal and not noticed.enrol


def test_an_unknown_tag_buzzes_and_asks_which_card_it_is(table):
    outcome = table.card(UNKNOWN)
    noticed = feedback(outcome.kind, scanned=True)
    assert noticed.sound == "unknown" and noticed.enrol and noticed.cues == ("scan",)


def test_a_tag_of_another_game_buzzes_and_asks_nothing(table):
    outcome = table.card(DOOM)
    noticed = feedback(outcome.kind, scanned=True)
    assert outcome.kind == "other_game" and noticed.sound == "unknown" and not noticed.enrol


def test_a_known_card_that_means_nothing_now_still_sounds_read(table):
    outcome = table.card(SHELDON)  # Sheldon is nobody's to play now
    assert outcome.kind == "nothing"
    assert feedback(outcome.kind, scanned=True).sound == "scan"


@pytest.mark.parametrize("kind", KINDS)
def test_every_scan_is_heard_and_blips_blue_last(kind):
    noticed = feedback(kind, scanned=True)
    assert noticed.sound in SOUNDS
    assert noticed.cues[-1:] == ("scan",)
    assert noticed.cues[:-1] == feedback(kind).cues  # what the outcome itself shows comes first


@pytest.mark.parametrize("kind", KINDS)
def test_only_a_scan_or_a_step_picked_by_the_buttons_makes_a_sound(kind):
    assert feedback(kind).sound is None
    assert feedback(kind, picked=True).sound == ("step" if kind in TAKEN else None)


def test_a_step_picked_by_the_buttons_ticks_and_one_sent_from_a_screen_does_not(table):
    table.button("next", "tap")
    table.button("back", "tap")  # 2 Play 2 Penny
    picked = table.button("yes", "tap")
    assert picked.kind == "applied" and feedback(picked.kind, picked=picked.picked).sound == "step"
    typed = table.command({"cmd": "special"})
    assert feedback(typed.kind, picked=typed.picked).sound is None


def test_a_tag_read_again_only_clicks():
    assert READ_AGAIN.sound == "repeat"
    assert not READ_AGAIN.ring and READ_AGAIN.cues == () and not READ_AGAIN.moved


def test_the_status_led_lights_for_the_first_seat_that_may_act():
    seats = (Seat("a", "Ann"), Seat("b", "Bob", colour="blue"), Seat("c", "Cy"))
    assert status_seat(Turn("playing", "turn", ("b",)), seats) == (1, seats[1])
    assert status_seat(Turn("playing", "choose", ("c", "a")), seats) == (2, seats[2])  # in the turn's order
    assert status_seat(Turn("playing", "turn", ("gone", "a")), seats) == (0, seats[0])  # a seat not at the table is skipped


def test_the_status_led_is_dark_when_nobody_need_act(table):
    assert status_seat(Turn("setup"), table.session.seats) is None
    assert status_seat(Turn("over"), table.session.seats) is None
    assert status_seat(table.session.turn, table.session.seats) == (0, table.session.seats[0])  # Ann begins
