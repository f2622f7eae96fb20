"""hardware.ring.render: what the table sees on the ring for every kind of ring view, on 12, 24 and
60 LEDs, as the module docstring documents it."""
import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import palette
from companion.ring import Alert, Blank, Counter, Counters, Gauge, SeatLevels, Track
from hardware.ring.render import RingFrame, pip_levels, render

RINGS = [12, 24, 60]
leds = st.integers(12, 60)

LETTER = {palette.colour(name).led: letter for name, letter in [
    ("danger", "R"), ("lit", "L"), ("warning", "A"), ("marker", "M"), ("unlit", "U"), ("top", "V"),
    ("mark", "K"), ("clock", "C"), ("unknown", "?"),
]}
UNLIT = palette.colour("unlit").led
DIM = palette.colour("unknown").led


def letters(frame: RingFrame) -> str:
    """The ring read from LED 0 round, one letter per LED (R danger, L lit, M marker, ...)."""
    return "".join(LETTER[p] for p in frame.pixels)


def each(pattern: str, n: int) -> str:
    """A 12-letter pattern as it shows on n LEDs (12, 24, 60: every letter n/12 times)."""
    return "".join(letter * (n // 12) for letter in pattern)


def brightness(pixel) -> int:
    return sum(pixel)


# ------------------------------------------------------------------ Track (Big Bang's moon)

def moon(position=8, danger=0, alert=None, length=12):
    return Track(length=length, position=position, bottom=0, top=length - 1, danger=danger, alert=alert)


@pytest.mark.parametrize("n", RINGS)
def test_track_reads_red_bottom_lit_marker_unlit_top(n):
    frame = render(moon(8), n)  # track 12, moon at 8
    assert letters(frame) == each("RLLLLLLLMUUV", n)
    assert frame.anim is None


@pytest.mark.parametrize("n", RINGS)
def test_an_open_red_moon_flashes_and_shows_where_the_moon_would_fall(n):
    frame = render(moon(5, danger=2, alert=Alert("flash", "danger", count=3)), n)
    assert frame.anim == ("flash", "FF0000", "3")
    assert letters(frame) == each("RLLAAMUUUUUV", n)


def test_lost_pulses_red_on_the_bottom_and_won_spins_gold():
    lost = render(moon(0, alert=Alert("pulse", "danger", period_ms=1200)), 24)
    won = render(moon(5, alert=Alert("spin", "gold", period_ms=1500)), 24)
    assert lost.anim == ("pulse", "FF0000", "1200") and letters(lost).startswith("MM")
    assert won.anim == ("spin", "FFC000", "1500")


@st.composite
def tracks(draw, with_danger=False):
    length = draw(st.integers(2, 100))
    danger = draw(st.integers(0, length)) if with_danger else 0
    return moon(draw(st.integers(0, length - 1)), danger, length=length)


@given(tracks(), leds)
def test_every_led_gets_a_colour_and_the_track_reads_in_order(view, n):
    frame = render(view, n)
    assert len(frame.pixels) == n
    assert re.fullmatch(r"R*L*M+U*V*", letters(frame)), letters(frame)


@given(tracks(), leds)
def test_the_marker_sits_its_share_of_the_way_round(view, n):
    marked = [i for i, p in enumerate(render(view, n).pixels) if LETTER[p] == "M"]
    assert marked and marked == list(range(marked[0], marked[-1] + 1))
    for i in marked:  # LED i of n covers the fraction i/n .. (i+1)/n of the ring
        assert view.position * n / view.length - 1 <= i < (view.position + 1) * n / view.length


@given(tracks(), leds)
def test_bottom_and_top_show_unless_the_marker_covers_them(view, n):
    frame = letters(render(view, n))
    assert frame[0] in "RM" and frame[-1] in "VM"
    if view.position * n >= 2 * view.length:  # the marker is at least two LEDs up the ring
        assert frame[0] == "R"


@given(tracks(with_danger=True), leds)
def test_the_danger_zone_lies_just_below_the_marker(view, n):
    assert re.fullmatch(r"R*L*A*M+U*V*", letters(render(view, n)))


@given(st.integers(2, 12), leds)
def test_short_tracks_give_each_position_its_own_arc(length, n):
    frame = letters(render(moon(length - 1, length=length), n))
    assert frame.count("L") + frame.count("R") >= (length - 1) * (n // length)


def test_a_marker_past_the_ends_sits_on_the_end():
    assert letters(render(moon(40), 12)) == "RLLLLLLLLLLM"
    assert letters(render(moon(-3), 12)) == "MUUUUUUUUUUV"


# ------------------------------------------------------------------ Gauge (a doom track and its clock)

DOOM = Gauge(length=12, filled=5, marked=(3, 7, 9))


@pytest.mark.parametrize("n", RINGS)
def test_gauge_fills_from_led_0_with_the_next_space_and_the_marks_showing(n):
    # filled 0..4 (the mark at 3 is behind), the next space 5, marks at 7 and 9 ahead, the end at 11
    assert letters(render(DOOM, n)) == each("LLLLLMUKUKUR", n)


@pytest.mark.parametrize("n", RINGS)
def test_a_full_gauge_is_all_danger_and_an_empty_one_waits_at_led_0(n):
    assert letters(render(Gauge(12, filled=12, marked=(3,)), n)) == "R" * n
    assert letters(render(Gauge(12, filled=0), n)) == each("MUUUUUUUUUUR", n)


@pytest.mark.parametrize("n", RINGS)
@pytest.mark.parametrize("hour", range(12))
def test_the_clock_hand_is_one_led_its_hour_round_the_ring(n, hour):
    frame = letters(render(Gauge(12, filled=5, clock=hour), n))
    assert frame.count("C") == 1 and frame.index("C") == hour * n // 12


@pytest.mark.parametrize("n", RINGS)
def test_a_four_hour_clock_points_to_quarters(n):
    frame = letters(render(Gauge(14, filled=0, clock=3, clock_hours=4), n))
    assert frame.index("C") == 3 * n // 4
    assert letters(render(Gauge(14, filled=0, clock=7, clock_hours=4), n)).index("C") == 3 * n // 4  # modulo the hours


@given(st.integers(1, 100), st.data(), leds)
def test_a_gauge_always_reads_filled_next_then_empty(length, data, n):
    filled = data.draw(st.integers(0, length))
    frame = letters(render(Gauge(length, filled=filled), n))
    assert len(frame) == n
    if filled == length:
        assert frame == "R" * n
    else:
        assert re.fullmatch(r"L*M+U*R*", frame), frame


# ------------------------------------------------------------------ SeatLevels (one arc per seat)

SIX = (0, 1, 5, 9, 10, 3)


def arcs(frame: RingFrame, seats: int) -> list[tuple]:
    n = frame.led_count
    return [frame.pixels[k * n // seats:(k + 1) * n // seats] for k in range(seats)]


def lit(arc, colour) -> int:
    """How many LEDs from the arc's start show `colour` (the lit part is one run from the start)."""
    count = 0
    while count < len(arc) and arc[count] == colour:
        count += 1
    assert all(p != colour for p in arc[count:])
    return count


WHITE = palette.colour("marker").led


def pips_then_colour(arc, colour):
    """(white LEDs from the arc's start, then LEDs in `colour`), the rest neither."""
    whites = 0
    while whites < len(arc) and arc[whites] == WHITE:
        whites += 1
    ones = lit(arc[whites:], colour)
    return whites, ones


@pytest.mark.parametrize("n", RINGS)
def test_seat_levels_give_each_seat_an_arc_in_its_colour_filled_to_its_level(n):
    frame = render(SeatLevels(SIX, maximum=10), n)
    pip = pip_levels(n // 6, 10)
    for seat, (arc, level) in enumerate(zip(arcs(frame, 6), SIX, strict=True)):
        colour = palette.seat_colour(seat).led
        whites, shown = pips_then_colour(arc, colour)
        assert all(p == UNLIT for p in arc[whites + shown:])
        assert (whites + shown == 0) == (level == 0)       # level 0 is dark, any other level shows
        assert (shown == len(arc)) == (level == 10)        # only the maximum fills the arc, in the seat's colour
        if pip is not None and level < 10:                 # a white LED counts `pip` levels, the colour the rest
            assert (whites, shown) == divmod(level, pip)
        elif level < 10:
            assert whites == 0 and (shown == -(-level * len(arc) // 10) or (shown == len(arc) - 1 < level * len(arc) / 10))


@pytest.mark.parametrize("n", RINGS)
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_every_level_lights_its_own_pattern_wherever_the_arcs_allow_a_pip(n, seats):
    """Issue 22: on 24 LEDs levels 4 and 5 lit alike, and with six seats 6 to 9 all lit three LEDs."""
    arc = n // seats
    patterns = {level: render(SeatLevels((level,) * seats, maximum=10), n).pixels[:arc] for level in range(1, 11)}
    distinct = len(set(patterns.values())) == 10
    assert distinct == (pip_levels(min((k + 1) * n // seats - k * n // seats for k in range(seats)), 10) is not None or arc >= 10)
    if n >= 24:
        assert distinct


def test_pips_count_five_where_they_fit_and_three_on_short_arcs():
    assert [pip_levels(arc, 10) for arc in (4, 5, 6, 8, 10, 12)] == [3, 5, 5, 5, None, None]
    assert pip_levels(2, 10) is None  # nothing fits: the arc shows its share of the maximum


def test_on_60_leds_six_seats_show_their_level_one_led_a_level():
    frame = render(SeatLevels(SIX, maximum=10), 60)
    assert [lit(arc, palette.seat_colour(seat).led) for seat, arc in enumerate(arcs(frame, 6))] == list(SIX)


@pytest.mark.parametrize("n", RINGS)
def test_the_active_seat_is_brightest_and_shows_its_arc_even_empty(n):
    levels = (4, 0, 7)
    for active in range(3):
        frame = render(SeatLevels(levels, maximum=10, active=active), n)
        seat_arcs = arcs(frame, 3)
        colour = palette.seat_colour(active).led
        mine = seat_arcs[active]
        whites, shown = pips_then_colour(mine, colour)
        assert all(p != UNLIT and brightness(p) < brightness(colour) for p in mine[whites + shown:])  # faintly in its colour
        for other, arc in enumerate(seat_arcs):
            if other != active and levels[other]:
                full = (palette.seat_colour(other).led, WHITE)
                assert arc[0] not in full and brightness(arc[0]) < max(brightness(p) for p in full)  # the others dimmed
                assert arc[-1] == UNLIT


def test_seat_colours_may_be_named_and_repeat():
    frame = render(SeatLevels((10, 10, 10), maximum=10, colours=("gold", "green")), 12)
    assert [arc[0] for arc in arcs(frame, 3)] == [palette.colour(c).led for c in ("gold", "green", "gold")]


@pytest.mark.parametrize("n", RINGS)
def test_a_level_above_the_maximum_fills_its_arc(n):
    frame = render(SeatLevels((12, -2), maximum=10), n)
    assert frame.pixels[: n // 2] == (palette.seat_colour(0).led,) * (n // 2)
    assert frame.pixels[n // 2:] == (UNLIT,) * (n // 2)


# ------------------------------------------------------------------ Counters (one arc per counter)

AP_VP = Counters((Counter(3, 4, "blue"), Counter(2, 6, "gold")))


@pytest.mark.parametrize("n", RINGS)
def test_counters_each_fill_their_arc_in_their_colour(n):
    frame = render(AP_VP, n)
    (ap, vp) = arcs(frame, 2)
    blue, gold = palette.colour("blue").led, palette.colour("gold").led
    assert lit(ap, blue) == -(-3 * len(ap) // 4) and lit(vp, gold) == -(-2 * len(vp) // 6)
    assert all(p != UNLIT and brightness(p) < brightness(blue) for p in ap[lit(ap, blue):])  # the rest faint, so the arc shows
    assert all(p != UNLIT and brightness(p) < brightness(gold) for p in vp[lit(vp, gold):])


def test_on_24_leds_each_point_owns_its_own_leds():
    frame = render(AP_VP, 24)
    (ap, vp) = arcs(frame, 2)
    assert lit(ap, palette.colour("blue").led) == 9   # 3 of 4 action points, 3 LEDs each
    assert lit(vp, palette.colour("gold").led) == 4   # 2 of 6 victory points, 2 LEDs each


def test_a_counter_at_zero_is_only_its_faint_arc():
    frame = render(Counters((Counter(0, 5, "green"),)), 12)
    assert len(set(frame.pixels)) == 1 and frame.pixels[0] != UNLIT


# ------------------------------------------------------------------ Blank and the empty kinds

@pytest.mark.parametrize("n", RINGS)
@pytest.mark.parametrize("view", [Blank(), SeatLevels(()), Counters(())])
def test_blank_and_empty_views_are_all_unlit(view, n):
    assert render(view, n) == RingFrame((UNLIT,) * n)


# ------------------------------------------------------------------ alerts, for every kind

KINDS = [moon(), DOOM, SeatLevels(SIX), AP_VP, Blank()]


@pytest.mark.parametrize("view", KINDS, ids=lambda v: v.kind)
@pytest.mark.parametrize("alert, anim", [
    (None, None),
    (Alert("flash", "danger", count=3), ("flash", "FF0000", "3")),
    (Alert("pulse", "danger", period_ms=1200), ("pulse", "FF0000", "1200")),
    (Alert("spin", "gold", period_ms=1500), ("spin", "FFC000", "1500")),
    (Alert("flash", "blue", count=2), ("flash", "003CFF", "2")),
    (Alert("flash", "no-such-colour", count=1), ("flash", palette.colour("unknown").led_hex, "1")),
    (Alert("sparkle", "gold"), None),  # type: ignore[arg-type]  # an effect from a newer core: the frame stays still
    (Alert("flash", count=0), ("flash", "FF0000", "1")),  # clamped to what the firmware takes
    (Alert("flash", count=500), ("flash", "FF0000", "100")),
    (Alert("pulse", period_ms=10), ("pulse", "FF0000", "50")),
    (Alert("spin", period_ms=99_999), ("spin", "FF0000", "10000")),
])
def test_alerts_become_the_firmwares_animations(view, alert, anim):
    still = render(view, 24)
    frame = render(replace(view, alert=alert), 24)
    assert frame.anim == anim
    assert frame.pixels == still.pixels  # an alert never changes the frame under it


# ------------------------------------------------------------------ views it cannot read

@pytest.mark.parametrize("view", [
    None, {"kind": "track", "track": 12, "moon": 3}, "track",
    Track(length=0, position=0),
    Track(length="12", position=3),  # type: ignore[arg-type]
    Track(length=12, position=None),  # type: ignore[arg-type]
    Track(length=12, position=3, danger=1.5),  # type: ignore[arg-type]
    Gauge(length=12, filled=3, clock=3, clock_hours=0),
    Gauge(length=12, filled=3, marked=("monster",)),  # type: ignore[arg-type]
    SeatLevels((1, 2), active=5),
    SeatLevels((1, 2), maximum=0),
    SeatLevels(("1", 2)),  # type: ignore[arg-type]
    SeatLevels((1,) * 13),  # thirteen arcs do not fit on twelve LEDs
    SeatLevels((1, 2), colours="red"),  # type: ignore[arg-type]
    Counters((Counter(1, 0, "blue"),)),
    Counters(({"value": 1},)),  # type: ignore[arg-type]
    Counters((Counter(1, 3, None),)),  # type: ignore[arg-type]
    Track(12, 3, alert=Alert("flash", count="3")),  # type: ignore[arg-type]
], ids=repr)
def test_a_view_it_cannot_read_is_dim_and_still(view):
    frame = render(view, 12)
    assert frame == RingFrame((DIM,) * 12)
    assert max(max(p) for p in frame.pixels) <= 16


anything = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=3),
                     st.tuples(st.integers(-3, 20)), st.floats(allow_nan=True))
alerts = st.one_of(st.none(), st.builds(Alert, st.sampled_from(["flash", "pulse", "spin", "x"]), anything, anything, anything))


@given(st.one_of(
    st.builds(Track, anything, anything, anything, anything, anything, alerts),
    st.builds(Gauge, anything, anything, st.lists(anything, max_size=4).map(tuple), anything, anything, alerts),
    st.builds(SeatLevels, st.lists(anything, max_size=8).map(tuple), anything, anything,
              st.lists(anything, max_size=3).map(tuple), alerts),
    st.builds(Counters, st.lists(st.builds(Counter, anything, anything, anything), max_size=4).map(tuple), alerts),
), leds)
def test_no_view_makes_it_raise(view, n):
    frame = render(view, n)
    assert len(frame.pixels) == n and all(len(p) == 3 and all(0 <= c <= 255 for c in p) for p in frame.pixels)


@pytest.mark.parametrize("n", [0, 11, 61])
def test_led_counts_outside_12_to_60_are_refused(n):
    with pytest.raises(ValueError, match=r"12\.\.60"):
        render(moon(), n)


def test_a_pulse_on_one_space_beats_on_the_leds_of_that_space_only():
    """Elder Sign's last free doom space: 12 spaces on 24 LEDs, space 11 is LEDs 22 and 23."""
    last = render(Gauge(length=12, filled=11, alert=Alert("pulse", "warning", period_ms=1500, space=11)), 24)
    assert last.anim[:1] == ("pulse",) and last.anim[3:] == ("22", "2")
    whole = render(Gauge(length=12, filled=11, alert=Alert("pulse", "warning", period_ms=1500)), 24)
    assert len(whole.anim) == 3, "without a space the whole ring pulses, as before"
