"""firmware/main.py's pure logic imported into CPython: fast property checks against the host
helpers (the same code also runs under MicroPython in the other firmware tests)."""
import binascii
import importlib.util
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from ringharness import FIRMWARE

from hardware.ring.protocol import Reply, encode_frame, parse_line

_spec = importlib.util.spec_from_file_location("ring_firmware_main", FIRMWARE)
fw = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fw)


def test_crc_check_value():
    assert fw.crc16(b"123456789") == 0x29B1


@given(st.binary(max_size=300))
def test_firmware_crc_matches_the_host_crc(data):
    assert fw.crc16(data) == binascii.crc_hqx(data, 0xFFFF)


def _state(ring):
    return (bytes(ring.back), bytes(ring.shown), ring.brightness, ring.anim, ring.anim_rgb,
            ring.anim_arg, ring.hold_ms, ring.leaving)


verbs = st.sampled_from(["HELLO", "PING", "BRI", "SET", "SHOW", "FILL", "ANIM", "HOLD", "REPL", "NOPE"])
args = st.lists(
    st.one_of(
        st.integers(0, 700000),
        st.sampled_from(["none", "pulse", "flash", "spin", "twirl", "-5", "x", ""]),
        st.text("0123456789abcdefABCDEFG", min_size=1, max_size=30),
    ),
    max_size=4,
)


@settings(max_examples=400)
@given(seq=st.integers(0, 65535), verb=verbs, args=args, corrupt=st.integers(0, 5))
def test_every_frame_gets_one_reply_with_its_seq_and_errors_change_nothing(seq, verb, args, corrupt):
    ring = fw.Ring(24, 0)
    args = [a for a in args if a != ""]
    line = encode_frame(seq, verb, *args)[:-1]
    if corrupt == 0:  # a damaged CRC
        line = line[:-1] + (b"0" if line[-1:] != b"0" else b"1")
    before = _state(ring)
    reply = parse_line(ring.on_line(line, 5))
    assert isinstance(reply, Reply) and reply.seq == seq
    if corrupt == 0:
        assert reply.code == "CRC"
    if not reply.ok:
        assert _state(ring) == before
        assert reply.code in {"CRC", "SYNTAX", "RANGE", "UNKNOWN"}


def _model_lines(data):
    """What the protocol says a byte stream contains: lines (without \\r\\n) and TOO_LONG marks."""
    out, cur, skipping = [], bytearray(), False
    for b in data:
        if b == 10:
            if skipping:
                skipping = False
            else:
                line = bytes(cur[:-1] if cur.endswith(b"\r") else cur)
                if line:
                    out.append(line)
            cur = bytearray()
        elif not skipping:
            cur.append(b)
            if len(cur) + 1 > 200:
                out.append("TOO_LONG")
                skipping, cur = True, bytearray()
    return out


@given(st.lists(st.one_of(st.binary(max_size=250), st.just(b"\n"), st.just(b"\r\n"),
                          st.just(b"a" * 199), st.just(b"a" * 198 + b"\r")), max_size=30))
def test_line_reader_splits_like_the_protocol(chunks):
    data = b"".join(chunks)
    reader = fw.LineReader()
    got = []
    for b in data:
        r = reader.feed(b)
        if r == fw.TOO_LONG:
            got.append("TOO_LONG")
        elif isinstance(r, bytes):
            got.append(r)
    assert got == _model_lines(data)


def test_render_applies_gamma_brightness_and_the_cap_in_led_byte_order():
    ring = fw.Ring(12, 0)
    ring.on_line(encode_frame(1, "FILL", "FF8000")[:-1], 0)
    ring.on_line(encode_frame(2, "SHOW")[:-1], 0)
    out = bytearray(36)
    assert ring.render(0, out, (1, 0, 2, 3))
    r, g, b = out[1], out[0], out[2]          # GRB on the wire
    assert r > g > b == 0
    assert sum(out) <= ring.budget


def test_host_lost_fires_once_after_the_hold_time():
    ring = fw.Ring(12, 0)
    ring.on_line(encode_frame(1, "HOLD", 100)[:-1], 1000)
    assert ring.tick(1100) is None
    assert ring.tick(1101) == b"! LOST\n"
    assert all(ring.tick(t) is None for t in range(1102, 5000, 7))
    ring.on_line(b"junk", 5000)
    assert ring.tick(5101) == b"! LOST\n"


def test_ticks_wrap_does_not_confuse_the_hold_timer():
    ring = fw.Ring(12, 0)
    near_wrap = (1 << 30) - 50
    ring.on_line(encode_frame(1, "HOLD", 100)[:-1], near_wrap)
    assert ring.tick(fw.ticks_add(near_wrap, 90)) is None
    assert ring.tick(fw.ticks_add(near_wrap, 101)) == b"! LOST\n"


def test_random_storms_never_raise():
    rnd = random.Random(7)
    ring = fw.Ring(60, 0)
    reader = fw.LineReader()
    out = bytearray(180)
    for t in range(20000):
        got = reader.feed(rnd.randrange(256) if rnd.random() > 0.05 else 10)
        if got is not None:
            ring.on_line(got, t)
        ring.tick(t)
        ring.render(t, out, (1, 0, 2))
