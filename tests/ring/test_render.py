"""hardware.ring.render: what the table sees on the ring for each ring view."""
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.bigbang.state import initial_state, replace
from companion.games.bigbang.views import ring_view
from hardware.ring.render import (
    BOTTOM_RED,
    DANGER_AMBER,
    MARKER,
    MOON_LIT,
    TOP_VIOLET,
    UNKNOWN_DIM,
    UNLIT,
    RingFrame,
    render,
)

LETTER = {BOTTOM_RED: "R", MOON_LIT: "L", DANGER_AMBER: "A", MARKER: "M", UNLIT: "U", TOP_VIOLET: "V"}


def track(length=12, moon=8, danger=0, alert=None):
    return {"kind": "track", "track": length, "moon": moon, "bottom": 0, "top": length - 1,
            "danger": danger, "alert": alert}


def letters(frame: RingFrame) -> str:
    """The ring read from LED 0 round, one letter per LED (R red bottom, L lit, M moon, ...)."""
    return "".join(LETTER[p] for p in frame.pixels)


@st.composite
def tracks(draw, with_danger=False):
    length = draw(st.integers(2, 100))
    moon = draw(st.integers(0, length - 1))
    danger = draw(st.integers(0, length)) if with_danger else 0
    return track(length, moon, danger)


leds = st.integers(12, 60)


# ------------------------------------------------------------------ the Big Bang game itself

def test_game_start_on_24_leds_reads_red_bottom_lit_moon_unlit_top():
    frame = render(ring_view(initial_state()), 24)  # track 12, moon at 8: two LEDs a position
    assert letters(frame) == "RR" + "L" * 14 + "MM" + "UUUU" + "VV"
    assert frame.anim is None


def test_red_moon_flashes_red_then_shows_where_the_moon_would_fall():
    state = replace(initial_state(), moon=5, red_moon_open=True)
    view = dict(ring_view(state), danger=2)  # two danger on the board: the moon would drop to 3
    frame = render(view, 24)
    assert frame.anim == ("flash", "FF0000", "3")
    assert letters(frame) == "RR" + "L" * 4 + "AAAA" + "MM" + "U" * 10 + "VV"


def test_lost_pulses_red_and_won_spins_gold():
    lost = render(ring_view(replace(initial_state(), moon=0, status="lost")), 24)
    won = render(ring_view(replace(initial_state(), status="won")), 24)
    assert lost.anim == ("pulse", "FF0000", "1200")
    assert letters(lost).startswith("MM")  # the moon sits on the red moon
    assert won.anim == ("spin", "FFC000", "1500")


# ------------------------------------------------------------------ any ring, any track

@given(tracks(), leds)
def test_every_led_gets_a_colour_and_the_ring_reads_bottom_lit_moon_unlit_top(view, n):
    frame = render(view, n)
    assert len(frame.pixels) == n
    assert re.fullmatch(r"R*L*M+U*V*", letters(frame)), letters(frame)


@given(tracks(), leds)
def test_the_moon_sits_its_share_of_the_way_round(view, n):
    moon, length = view["moon"], view["track"]
    marked = [i for i, p in enumerate(render(view, n).pixels) if p == MARKER]
    assert marked and marked == list(range(marked[0], marked[-1] + 1))
    for i in marked:  # LED i of n covers the fraction i/n .. (i+1)/n of the ring
        assert moon * n / length - 1 <= i < (moon + 1) * n / length


@given(tracks(), leds)
def test_red_bottom_and_top_are_visible_unless_the_moon_covers_them(view, n):
    frame = render(view, n)
    assert frame.pixels[0] in (BOTTOM_RED, MARKER)
    assert frame.pixels[-1] in (TOP_VIOLET, MARKER)
    if view["moon"] * n >= 2 * view["track"]:  # the moon is at least two LEDs up the ring
        assert frame.pixels[0] == BOTTOM_RED


@given(tracks(with_danger=True), leds)
def test_danger_zone_lies_just_below_the_moon(view, n):
    assert re.fullmatch(r"R*L*A*M+U*V*", letters(render(view, n)))


@given(st.integers(2, 12), st.integers(12, 60))
def test_short_tracks_give_each_position_its_own_arc(length, n):
    frame = render(track(length, moon=length - 1 if length > 2 else 1), n)
    lit = letters(frame).count("L") + letters(frame).count("R")
    assert lit >= (length - 1) * (n // length)  # every position below the moon shows


@pytest.mark.parametrize("alert, anim", [
    (None, None), ("red_moon", ("flash", "FF0000", "3")), ("lost", ("pulse", "FF0000", "1200")),
    ("won", ("spin", "FFC000", "1500")), ("something new", None),
])
def test_alerts_become_device_animations(alert, anim):
    assert render(track(alert=alert), 24).anim == anim


# ------------------------------------------------------------------ views it does not know

@given(st.dictionaries(st.sampled_from(["kind", "track", "moon", "top", "danger", "alert"]),
                       st.one_of(st.none(), st.integers(-5, 200), st.text(max_size=5)),
                       max_size=6),
       leds)
def test_any_view_renders_without_crashing(view, n):
    frame = render(view, n)
    assert len(frame.pixels) == n


def test_unknown_kind_is_dim_and_still():
    frame = render({"kind": "dungeon", "hp": 3}, 12)
    assert frame == RingFrame((UNKNOWN_DIM,) * 12)
    assert max(max(p) for p in frame.pixels) <= 16


def test_track_without_a_moon_is_shown_dim_not_raised():
    assert render({"kind": "track", "track": 12}, 24).pixels == (UNKNOWN_DIM,) * 24


@pytest.mark.parametrize("n", [0, 11, 61])
def test_led_counts_outside_12_to_60_are_refused(n):
    with pytest.raises(ValueError, match="12..60"):
        render(track(), n)
