"""Buttons: gestures from edges (pure, exact timing) and through gpiozero's own MockFactory pins."""
import contextlib
import queue
import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hypothesis import given
from hypothesis import strategies as st

from hardware.buttons import ButtonPanel, GestureRecogniser, StatusLed, Timing
from hardware.events import ButtonGesture

T = Timing(debounce=0.03, double=0.3, hold=0.8)


def run(recogniser, script, until=None):
    """Feed ("down"|"up", t) edges and tick every 5 ms; return (gesture, time) pairs."""
    out = []
    edges = sorted(script, key=lambda e: e[1])
    end = until if until is not None else (edges[-1][1] if edges else 0) + 2.0
    level, i, now = False, 0, 0.0
    while now <= end:
        while i < len(edges) and edges[i][1] <= now:
            level = edges[i][0] == "down"
            out += [(g.gesture, now) for g in recogniser.edge(level, now)]
            i += 1
        out += [(g.gesture, now) for g in recogniser.tick(now, level)]
        now = round(now + 0.005, 6)
    return out


def gestures(script, **kw):
    return [g for g, _t in run(GestureRecogniser("next", T, **kw), script)]


def test_a_quick_press_is_one_tap_after_the_double_window():
    events = run(GestureRecogniser("next", T), [("down", 0.0), ("up", 0.1)])
    assert [g for g, _ in events] == ["tap"]
    assert events[0][1] == pytest.approx(0.4, abs=0.01)  # released at 0.1, + 0.3 double window


def test_two_quick_presses_are_one_double_tap_not_two_taps():
    assert gestures([("down", 0.0), ("up", 0.08), ("down", 0.2), ("up", 0.28)]) == ["double"]


def test_two_slow_presses_are_two_taps():
    assert gestures([("down", 0.0), ("up", 0.1), ("down", 0.6), ("up", 0.7)]) == ["tap", "tap"]


def test_a_long_press_is_a_hold_and_its_release_makes_no_tap():
    events = run(GestureRecogniser("back", T), [("down", 0.0), ("up", 2.0)])
    assert [g for g, _ in events] == ["hold"]
    assert events[0][1] == pytest.approx(0.8, abs=0.01)  # fires while still pressed


def test_without_double_taps_a_tap_comes_at_release_at_once():
    events = run(GestureRecogniser("yes", T, double_enabled=False), [("down", 0.0), ("up", 0.1)])
    assert events == [("tap", 0.1)]


def test_a_bounce_storm_on_press_and_release_is_still_one_tap():
    storm = [("down", 0.0), ("up", 0.004), ("down", 0.008), ("up", 0.012), ("down", 0.016),
             ("up", 0.15), ("down", 0.153), ("up", 0.158)]
    assert gestures(storm) == ["tap"]


def test_a_tap_shorter_than_the_debounce_is_not_lost_nor_turned_into_a_hold():
    assert gestures([("down", 0.0), ("up", 0.01)]) == ["tap"]


def bouncing(level, start, gaps):
    """Edges of a switch going to `level` at `start`, bouncing back and forth `gaps` apart, then settled."""
    edges, t, now = [], start, level
    for gap in gaps:
        edges.append(("down" if now else "up", t))
        t, now = t + gap, not now
    edges.append(("down" if now else "up", t))
    if now != level:  # an odd number of bounces: one more edge to settle where the switch went
        t += 0.001
        edges.append(("down" if level else "up", t))
    return edges, t


bounces = st.lists(st.floats(0.0005, 0.003), max_size=6)  # a switch settles well within the debounce


@given(bounces, st.floats(0.06, 1.5), bounces)
def test_a_press_with_bouncing_contacts_is_exactly_one_tap_or_hold(press_bounces, held, release_bounces):
    down, settled = bouncing(True, 0.1, press_bounces)
    up, _end = bouncing(False, settled + held, release_bounces)
    result = gestures(down + up)
    if held < T.hold - 0.03:
        assert result == ["tap"]
    elif held > T.hold + 0.03:
        assert result == ["hold"]
    else:
        assert len(result) == 1


# -- through gpiozero's MockFactory ---------------------------------------------------------------
@pytest.fixture
def panel():
    factory = MockFactory()
    got = queue.Queue()
    timing = Timing(debounce=0.01, double=0.12, hold=0.25)
    p = ButtonPanel({"next": 17, "back": 27}, got.put, timing=timing, pin_factory=factory,
                    double_enabled=lambda name: name == "back")
    yield p, factory, got
    p.close()


def press(factory, pin, seconds):
    factory.pin(pin).drive_low()
    time.sleep(seconds)
    factory.pin(pin).drive_high()


def collect(got, wait=0.6):
    deadline, out = time.monotonic() + wait, []
    while time.monotonic() < deadline:
        with contextlib.suppress(queue.Empty):
            out.append(got.get(timeout=0.05))
    return out


def test_mock_pins_give_a_tap_a_hold_and_a_double(panel):
    _panel, factory, got = panel
    press(factory, 17, 0.02)
    assert collect(got) == [ButtonGesture("next", "tap")]
    press(factory, 27, 0.4)
    assert collect(got) == [ButtonGesture("back", "hold")]
    press(factory, 27, 0.02)
    time.sleep(0.03)
    press(factory, 27, 0.02)
    assert collect(got) == [ButtonGesture("back", "double")]


def test_mock_pin_bounce_storm_is_one_tap():
    # a debounce window wide enough that a busy machine cannot spread the storm's edges beyond it
    factory, got = MockFactory(), queue.Queue()
    p = ButtonPanel({"next": 17}, got.put, timing=Timing(debounce=0.2, double=0.12, hold=2.0), pin_factory=factory)
    try:
        pin = factory.pin(17)
        for _ in range(5):  # gpiozero's mock pins do not debounce: five fast edges reach our code
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        time.sleep(0.3)
        pin.drive_high()
        assert collect(got, wait=1.0) == [ButtonGesture("next", "tap")]
    finally:
        p.close()


def test_the_status_led_shows_the_colour_it_is_given():
    factory = MockFactory(pin_class=MockPWMPin)
    led = StatusLed((5, 6, 13), pin_factory=factory)
    led.show((255, 0, 51))
    assert led.colour == (255, 0, 51)
    assert factory.pin(5).state == 1.0 and factory.pin(6).state == 0.0
    led.close()


def test_a_listener_that_raises_does_not_stop_the_buttons():
    factory, got = MockFactory(), queue.Queue()

    def listener(gesture):
        got.put(gesture)
        raise RuntimeError("a screen that fell over")

    with ButtonPanel({"next": 17}, listener, timing=Timing(debounce=0.01, double=0.05, hold=0.25), pin_factory=factory):
        press(factory, 17, 0.02)
        assert collect(got) == [ButtonGesture("next", "tap")]
        press(factory, 17, 0.4)
        assert collect(got) == [ButtonGesture("next", "hold")]
