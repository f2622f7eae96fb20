"""Card readers: a card is one scan however long it lies there, lifting is noticed, a reader that
stops answering is said once and comes back, and every backend speaks the same normalised UIDs.

Clocks are injected and `poll_once()` is called by hand, except in the few tests that check the
thread itself. The RC522 chip cannot run here: its adapters get a fake chip with the library's
method names, so everything but the library import runs for real.
"""
import importlib.util
import queue

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.events import DeviceProblem, TagLifted, TagSeen
from hardware.readers import RereadFilter, normalise_uid, open_reader
from hardware.readers.keyboard import KeyboardReader, WedgeDecoder
from hardware.readers.rc522 import Mfrc522Reader, PiRc522Reader
from hardware.readers.simulated import SimulatedReader

CARD = "04a1b2c3"
NTAG = "04c35a1a2b3c80"  # a 7-byte sticker UID


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


class Heard(list):
    """A listener that keeps what it hears."""

    def __call__(self, event):
        self.append(event)

    def scans(self):
        return [e.uid for e in self if isinstance(e, TagSeen)]

    def lifts(self):
        return [e.uid for e in self if isinstance(e, TagLifted)]

    def problems(self):
        return [e for e in self if isinstance(e, DeviceProblem)]


def bcc(data):
    check = 0
    for b in data:
        check ^= b
    return check


# -- normalise_uid -------------------------------------------------------------------------------
@pytest.mark.parametrize("spelling", [
    "04A1B2C3", "04:a1:b2:c3", "04 A1 B2 C3", " 04a1b2c3\n", "0x04a1b2c3", "4:a1:b2:c3", "04-a1-b2-c3",
    b"\x04\xa1\xb2\xc3", bytearray(b"\x04\xa1\xb2\xc3"), [0x04, 0xA1, 0xB2, 0xC3], (0x04, 0xA1, 0xB2, 0xC3),
])
def test_every_spelling_of_a_uid_is_the_same_card(spelling):
    assert normalise_uid(spelling) == CARD


def test_the_mfrc522_check_byte_is_dropped():
    raw = [0x04, 0xA1, 0xB2, 0xC3, bcc([0x04, 0xA1, 0xB2, 0xC3])]
    assert normalise_uid(raw) == CARD
    assert normalise_uid(bytes(raw).hex(":")) == CARD


def test_ten_digits_from_a_keyboard_reader_are_decimal_in_the_byte_order_asked_for():
    assert normalise_uid("0077772223") == "04a2b5bf"
    assert normalise_uid("0077772223", decimal_order="big") == "04a2b5bf"
    assert normalise_uid("0077772223", decimal_order="little") == "bfb5a204"


def test_seven_and_ten_byte_uids_are_kept_whole():
    assert normalise_uid(NTAG.upper()) == NTAG
    assert normalise_uid(bytes(range(1, 11))) == bytes(range(1, 11)).hex()


@pytest.mark.parametrize("garbage, says", [
    ("", "empty"),
    ("hello", "not a card UID"),
    ("04a1b2c", "not a card UID"),  # odd number of hex digits
    ("04a1b2", "has 3"),
    ("04a1b2c3d5", "check byte"),  # 5 bytes whose last is not the check byte (d4)
    ("4294967296", "too large"),  # 10 digits, more than 4 bytes
    ("04:a1:zz:c3", "'zz'"),
    ("88a1b2c3", "7-byte"),  # the cascade tag: half of a longer UID
    ([4, 161, 256, 3], "0-255"),
    ([4, 161, True, 3], "0-255"),
    (None, "NoneType"),
    (77772223, "int"),
])
def test_garbage_is_a_value_error_that_says_what_is_wrong(garbage, says):
    with pytest.raises(ValueError, match=says):
        normalise_uid(garbage)


def test_an_unknown_byte_order_is_refused():
    with pytest.raises(ValueError, match="decimal_order"):
        normalise_uid("0077772223", decimal_order="middle")


uids = st.one_of(
    st.binary(min_size=4, max_size=4).filter(lambda b: b[0] != 0x88),
    st.binary(min_size=7, max_size=7),
    st.binary(min_size=10, max_size=10),
)


@given(uids)
def test_any_uid_round_trips_through_every_hex_spelling(uid):
    expected = uid.hex()
    for spelling in (uid, list(uid), uid.hex().upper(), uid.hex(":"), uid.hex(" ").upper(), "0x" + uid.hex(), expected):
        assert normalise_uid(spelling) == expected
    assert normalise_uid(normalise_uid(uid)) == expected


@given(st.binary(min_size=4, max_size=4).filter(lambda b: b[0] != 0x88))
def test_any_four_byte_uid_round_trips_with_its_check_byte(uid):
    assert normalise_uid(uid + bytes([bcc(uid)])) == uid.hex()


@given(st.binary(min_size=4, max_size=4).filter(lambda b: b[0] != 0x88), st.sampled_from(["big", "little"]))
def test_any_four_byte_uid_round_trips_through_the_ten_digits_a_reader_types(uid, order):
    typed = f"{int.from_bytes(uid, order):010d}"
    assert normalise_uid(typed, decimal_order=order) == uid.hex()


# -- RereadFilter --------------------------------------------------------------------------------
def test_a_card_lying_on_the_reader_is_one_scan():
    clock, heard = Clock(), Heard()
    f = RereadFilter(heard, "table", clock=clock)
    for _ in range(50):  # five seconds of reads every 0.1 s
        f.seen(CARD)
        clock.advance(0.1)
    assert heard == [TagSeen(CARD, "table")]


def test_a_lifted_card_is_noticed_after_the_delay_and_placing_it_again_is_a_new_scan():
    clock, heard = Clock(), Heard()
    f = RereadFilter(heard, clock=clock)
    f.seen(CARD)
    clock.advance(0.4)
    f.tick()
    assert heard.lifts() == []  # still within the 0.5 s default
    clock.advance(0.1)
    f.tick()
    assert heard.lifts() == [CARD] and f.current is None
    f.tick()
    f.seen(CARD)
    assert heard.scans() == [CARD, CARD] and heard.lifts() == [CARD]


def test_a_gap_shorter_than_the_delay_is_still_the_same_scan():
    clock, heard = Clock(), Heard()
    f = RereadFilter(heard, clock=clock)
    for _ in range(10):
        f.seen(CARD)
        clock.advance(0.3)  # the reader misses a few reads
        f.tick()
    assert heard.scans() == [CARD] and heard.lifts() == []


def test_the_lift_delay_is_configurable():
    clock, heard = Clock(), Heard()
    f = RereadFilter(heard, lift_after=2.0, clock=clock)
    f.seen(CARD)
    clock.advance(1.5)
    f.tick()
    assert heard.lifts() == []
    clock.advance(0.5)
    f.tick()
    assert heard.lifts() == [CARD]


def test_another_card_replacing_the_first_lifts_it_at_once():
    heard = Heard()
    f = RereadFilter(heard, clock=Clock())
    f.seen(CARD)
    f.seen(NTAG)
    assert heard == [TagSeen(CARD), TagLifted(CARD), TagSeen(NTAG)]


@pytest.mark.parametrize("delay", [0, -1, "0.5", None, True])
def test_a_nonsense_lift_delay_is_refused(delay):
    with pytest.raises(ValueError, match="lift_after"):
        RereadFilter(Heard(), lift_after=delay)


# -- the simulated reader ------------------------------------------------------------------------
def simulated(**options):
    clock, heard = Clock(), Heard()
    return SimulatedReader(heard, clock=clock, start=False, **options), clock, heard


def poll(reader, clock, seconds, step=0.1):
    for _ in range(round(seconds / step)):
        reader.poll_once()
        clock.advance(step)


def test_a_card_placed_on_the_tray_is_one_scan_until_lifted():
    reader, clock, heard = simulated()
    reader.place("04:A1:B2:C3")
    poll(reader, clock, 3.0)
    assert heard == [TagSeen(CARD, "simulated")]
    reader.lift()
    poll(reader, clock, 1.0)
    assert heard == [TagSeen(CARD, "simulated"), TagLifted(CARD, "simulated")]


def test_a_quick_scan_is_read_even_if_lifted_before_the_reader_looked():
    reader, clock, heard = simulated()
    reader.scan(CARD)
    poll(reader, clock, 1.0)
    assert heard.scans() == [CARD] and heard.lifts() == [CARD]
    reader.scan(CARD)
    poll(reader, clock, 1.0)
    assert heard.scans() == [CARD, CARD]


def test_a_bad_uid_on_the_tray_is_refused_and_nothing_is_heard():
    reader, clock, heard = simulated()
    with pytest.raises(ValueError):
        reader.place("not a tag")
    poll(reader, clock, 1.0)
    assert heard == []


def test_an_unplugged_reader_is_said_once_and_its_return_once():
    reader, clock, heard = simulated()
    reader.unplug()
    poll(reader, clock, 30.0)
    assert [p.ok for p in heard.problems()] == [False]
    assert "stopped answering" in heard.problems()[0].message
    reader.plug_in()
    reader.place(CARD)
    poll(reader, clock, 15.0)  # longer than the longest back-off
    assert [p.ok for p in heard.problems()] == [False, True]
    assert heard.scans() == [CARD]


def test_a_listener_that_fails_does_not_stop_the_reader():
    clock = Clock()
    heard = Heard()

    def clumsy(event):
        heard(event)
        if isinstance(event, TagSeen):
            raise RuntimeError("bug in the table")

    reader = SimulatedReader(clumsy, clock=clock, start=False)
    reader.scan(CARD)
    poll(reader, clock, 1.0)
    assert heard.lifts() == [CARD]


def test_the_reader_thread_delivers_events_and_stops_on_close():
    heard = queue.Queue()
    with open_reader("simulated", {"lift_after": 0.1, "poll_interval": 0.01}, heard.put) as reader:
        reader.scan(CARD)
        assert heard.get(timeout=5) == TagSeen(CARD, "simulated")
        assert heard.get(timeout=5) == TagLifted(CARD, "simulated")
    assert reader.closed and not reader._thread.is_alive()


def test_an_unknown_reader_kind_is_named_in_the_error():
    with pytest.raises(ValueError, match=r'"nfc".*keyboard, pirc522, rc522, simulated'):
        open_reader("nfc", {}, Heard())


def test_an_option_the_reader_does_not_take_is_named_in_the_error():
    with pytest.raises(ValueError, match="'speed'"):
        open_reader("simulated", {"speed": 3}, Heard())


# -- the keyboard-wedge reader -------------------------------------------------------------------
def key_name(ch):
    return "KEY_ENTER" if ch == "\n" else f"KEY_{ch.upper()}"


def type_text(decoder, text, *, shift=False):
    """Press and release each key as a reader does; returns what the decoder made of it."""
    out = []
    for ch in text:
        if shift and ch.isalpha():
            decoder.feed("KEY_LEFTSHIFT", 1)
        for value in (1, 0):
            uid = decoder.feed(key_name(ch), value)
            if uid:
                out.append(uid)
        if shift and ch.isalpha():
            decoder.feed("KEY_LEFTSHIFT", 0)
    return out


def test_ten_digits_and_enter_are_one_uid():
    assert type_text(WedgeDecoder(), "0077772223\n") == ["04a2b5bf"]
    assert type_text(WedgeDecoder("little"), "0077772223\n") == ["bfb5a204"]


def test_keypad_digits_and_keypad_enter_work_too():
    decoder = WedgeDecoder()
    keys = [f"KEY_KP{d}" for d in "0077772223"] + ["KEY_KPENTER"]
    assert [decoder.feed(k, 1) for k in keys][-1] == "04a2b5bf"


def test_autorepeat_and_key_release_do_not_type_twice():
    decoder = WedgeDecoder()
    for d in "0077772223":
        decoder.feed(f"KEY_{d}", 1)
        decoder.feed(f"KEY_{d}", 2)  # held: autorepeat
        decoder.feed(f"KEY_{d}", 0)
    assert decoder.feed("KEY_ENTER", 1) == "04a2b5bf"


def test_a_reader_typing_hex_with_shift_is_understood():
    assert type_text(WedgeDecoder(), "04A1B2C3\n", shift=True) == [CARD]


def test_swipes_one_after_another_are_separate_uids():
    assert type_text(WedgeDecoder(), "04a1b2c3\n0077772223\n\n") == [CARD, "04a2b5bf"]


def test_a_strange_key_spoils_only_its_line_and_is_named():
    decoder = WedgeDecoder()
    type_text(decoder, "0077")
    decoder.feed("KEY_SLASH", 1)
    with pytest.raises(ValueError, match="KEY_SLASH"):
        type_text(decoder, "772223\n")
    assert type_text(decoder, "04a1b2c3\n") == [CARD]


def test_a_line_that_never_ends_is_dropped_with_an_error():
    decoder = WedgeDecoder()
    with pytest.raises(ValueError, match="without ENTER"):
        type_text(decoder, "1" * 60)
    assert type_text(decoder, "04a1b2c3\n") == [CARD]


def test_a_keyboard_reader_needs_to_be_told_which_device():
    with pytest.raises(ValueError, match="device"):
        KeyboardReader(Heard(), start=False)


@pytest.mark.skipif(importlib.util.find_spec("evdev") is not None, reason="evdev is installed here")
def test_without_evdev_the_keyboard_reader_says_how_to_install_it_once():
    clock, heard = Clock(), Heard()
    reader = KeyboardReader(heard, device="/dev/input/event9", clock=clock, start=False)
    poll(reader, clock, 2.0)
    reader.close()
    assert len(heard) == 1 and not heard[0].ok and "pip install evdev" in heard[0].message


# -- RC522 adapters with a fake chip ---------------------------------------------------------------
class FakeChip:
    """What both fakes count: polls, re-initialisations, closing; `failure` makes every poll raise."""

    def __init__(self, card=None):
        self.card = card
        self.failure = None
        self.calls = 0
        self.inits = 0
        self.closed = False
        self._quiet = False


class FakeMfrc522Chip(FakeChip):
    """The `mfrc522.MFRC522` methods the adapter uses, answering like the chip: the first cascade
    level (4 bytes + check byte; 88 + 3 bytes + check byte for a 7-byte UID), and a card that was
    just read stays quiet for one request."""

    MI_OK, MI_NOTAGERR, MI_ERR = 0, 1, 2
    PICC_REQIDL = 0x26

    # the mfrc522 library's method names
    def MFRC522_Request(self, mode):  # noqa: N802
        assert mode == self.PICC_REQIDL
        self.calls += 1
        if self.failure:
            raise self.failure
        if self.card is None or self._quiet:
            self._quiet = False
            return self.MI_ERR, None
        return self.MI_OK, 0x10

    def MFRC522_Anticoll(self):  # noqa: N802
        self._quiet = True
        uid = bytes.fromhex(self.card)
        level1 = list(uid) if len(uid) == 4 else [0x88, *uid[:3]]
        return self.MI_OK, [*level1, bcc(level1)]

    def MFRC522_Init(self):  # noqa: N802
        self.inits += 1

    def Close_MFRC522(self):  # noqa: N802
        self.closed = True


class FakePiRc522Chip(FakeChip):
    """The `pirc522.RFID` methods the adapter uses: read_id() gives the UID bytes (4 or 7) or None."""

    def read_id(self):
        self.calls += 1
        if self.failure:
            raise self.failure
        if self.card is None or self._quiet:
            self._quiet = False
            return None
        self._quiet = True
        return list(bytes.fromhex(self.card))

    def init(self):
        self.inits += 1

    def cleanup(self):
        self.closed = True


ADAPTERS = [pytest.param(Mfrc522Reader, FakeMfrc522Chip, id="mfrc522"), pytest.param(PiRc522Reader, FakePiRc522Chip, id="pirc522")]


def chip_reader(adapter, fake, card=None, **options):
    clock, heard, chip = Clock(), Heard(), fake(card)
    return adapter(heard, chip=chip, clock=clock, start=False, **options), chip, clock, heard


@pytest.mark.parametrize("adapter, fake", ADAPTERS)
def test_a_four_byte_card_lying_on_the_rc522_is_one_scan_without_check_byte(adapter, fake):
    reader, chip, clock, heard = chip_reader(adapter, fake, CARD)
    poll(reader, clock, 3.0)  # the chip answers only every other poll
    assert heard == [TagSeen(CARD, "rc522")]
    chip.card = None
    poll(reader, clock, 1.0)
    assert heard.lifts() == [CARD]
    chip.card = CARD
    poll(reader, clock, 0.5)
    assert heard.scans() == [CARD, CARD]


def test_pirc522_reads_seven_byte_stickers():
    reader, _chip, clock, heard = chip_reader(PiRc522Reader, FakePiRc522Chip, NTAG)
    poll(reader, clock, 1.0)
    assert heard == [TagSeen(NTAG, "rc522")]


def test_mfrc522_says_once_that_it_cannot_read_a_seven_byte_sticker():
    reader, _chip, clock, heard = chip_reader(Mfrc522Reader, FakeMfrc522Chip, NTAG)
    poll(reader, clock, 3.0)
    assert heard.scans() == []
    assert len(heard.problems()) == 1 and "pirc522" in heard.problems()[0].message


@pytest.mark.parametrize("adapter, fake", ADAPTERS)
def test_a_chip_that_stops_answering_is_said_once_retried_with_back_off_and_recovers(adapter, fake):
    reader, chip, clock, heard = chip_reader(adapter, fake)
    chip.failure = OSError(121, "Remote I/O error")
    calls = []
    for _ in range(40):  # 4 s of polls every 0.1 s
        reader.poll_once()
        calls.append(chip.calls)
        clock.advance(0.1)
    assert [p.ok for p in heard.problems()] == [False]
    assert "Remote I/O error" in heard.problems()[0].message
    # tried at 0 s, then after 0.5 s, 1 s, 2 s: 4 tries in 4 s, not 40
    assert chip.calls == 4 and calls[:5] == [1, 1, 1, 1, 1]
    chip.failure, chip.card = None, CARD
    poll(reader, clock, 5.0)
    assert [p.ok for p in heard.problems()] == [False, True]
    assert chip.inits >= 1  # re-initialised before retrying
    assert heard.scans() == [CARD]


@pytest.mark.parametrize("adapter, fake", ADAPTERS)
def test_closing_an_rc522_reader_stops_its_thread_and_frees_the_chip(adapter, fake):
    heard = queue.Queue()
    chip = fake(CARD)
    reader = adapter(heard.put, chip=chip, poll_interval=0.01)
    assert heard.get(timeout=5) == TagSeen(CARD, "rc522")
    reader.close()
    assert chip.closed and not reader._thread.is_alive()
    reader.close()  # twice is harmless


def test_the_rc522_thread_keeps_going_after_a_failure():
    heard = queue.Queue()
    chip = FakePiRc522Chip()
    chip.failure = RuntimeError("SPI gone")
    with PiRc522Reader(heard.put, chip=chip, poll_interval=0.01) as reader:
        assert heard.get(timeout=5).ok is False
        chip.failure, chip.card = None, CARD
        assert heard.get(timeout=5).ok is True  # after the first back-off (0.5 s)
        assert heard.get(timeout=5) == TagSeen(CARD, "rc522")
    assert reader.closed


@pytest.mark.parametrize("kind, package", [("rc522", "mfrc522"), ("pirc522", "pirc522")])
def test_a_missing_rc522_library_is_one_problem_naming_what_to_install(kind, package):
    if importlib.util.find_spec(package) is not None:
        pytest.skip(f"{package} is installed here")
    heard = queue.Queue()
    with open_reader(kind, {}, heard.put) as reader:
        problem = heard.get(timeout=5)
        reader._thread.join(timeout=5)
        assert not reader._thread.is_alive()  # nothing more to do: the thread ended
    assert isinstance(problem, DeviceProblem) and not problem.ok
    assert "pip install" in problem.message and ("pi-rc522" if kind == "pirc522" else "mfrc522") in problem.message
    assert heard.empty()
