"""The real firmware under MicroPython, spoken to over a pty: verbs, errors, framing, robustness."""
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ringharness import UNAVAILABLE, FirmwareDevice, raw_frame

from hardware.ring.protocol import Reply, encode_frame, parse_line


def reply_text(dev, data: bytes) -> str:
    dev.write(data)
    return dev.read_line().decode().rstrip("\n")


def f(body: bytes) -> bytes:
    return raw_frame(body)


# ------------------------------------------------------------------ boot and identity

@pytest.mark.skipif(bool(UNAVAILABLE), reason=str(UNAVAILABLE))
def test_boot_line_is_the_first_thing_the_firmware_says(tmp_path):
    with FirmwareDevice({"LED_COUNT": 16}, tmp_path) as dev:
        assert dev.read_line() == b"! HELLO proto=1 fw=1.0.0 leds=16\n"


def test_hello_names_protocol_firmware_and_led_count(start_ring):
    dev = start_ring(LED_COUNT=60, FW_VERSION="9.8.7")
    assert dev.request("HELLO").data == "proto=1 fw=9.8.7 leds=60"


# ------------------------------------------------------------------ every verb, accepted

@pytest.mark.parametrize("body, data", [
    (b"7 PING", ""),
    (b"00042 PING", None),
    (b"0 PING", None),
    (b"65535 PING", None),
    (b"7 HELLO", "proto=1 fw=1.0.0 leds=24"),
    (b"7 BRI 0", ""), (b"7 BRI 255", ""), (b"7 BRI 007", ""),
    (b"7 SET 0 FF0000", ""), (b"7 SET 23 00ff00", ""), (b"7 SET 20 AABBCCDDEEFF001122334455", ""),
    (b"7 SHOW", ""),
    (b"7 FILL abCDef", ""),
    (b"7 ANIM none", ""),
    (b"7 ANIM pulse 102030 50", ""), (b"7 ANIM pulse 102030 10000", ""),
    (b"7 ANIM pulse 102030 500 0 1", ""), (b"7 ANIM pulse 102030 500 23 24", ""),
    (b"7 ANIM flash FFFFFF 1", ""), (b"7 ANIM flash FFFFFF 100", ""),
    (b"7 ANIM spin 00FF00 50", ""), (b"7 ANIM spin 00FF00 10000", ""),
    (b"7 HOLD 0", ""), (b"7 HOLD 600000", ""),
])
def test_valid_frames_are_answered_ok(ring, body, data):
    seq = int(body.split()[0])
    got = reply_text(ring, f(body))
    assert got == (f"{seq} OK" + (f" {data}" if data else ""))


def test_crc_may_be_lower_case_and_line_may_end_in_crlf(ring):
    frame = f(b"12 PING")
    assert reply_text(ring, frame[:-5] + frame[-5:-1].lower() + b"\n") == "12 OK"
    assert reply_text(ring, frame[:-1] + b"\r\n") == "12 OK"


# ------------------------------------------------------------------ every error code

@pytest.mark.parametrize("line, want", [
    # unparseable seq: SYNTAX with seq "-"
    (f(b"abc PING"), "- ERR SYNTAX"), (f(b"65536 PING"), "- ERR SYNTAX"),
    (f(b"000001 PING"), "- ERR SYNTAX"), (f(b"-5 PING"), "- ERR SYNTAX"),
    (f(b" 7 PING"), "- ERR SYNTAX"), (b"\x03\n", "- ERR SYNTAX"), (b"hello world\n", "- ERR SYNTAX"),
    # CRC
    (b"7 PING *0000\n", "7 ERR CRC"), (f(b"7 PING")[:-2] + b"0\n", "7 ERR CRC"),
    (b"00009 PING *0000\n", "9 ERR CRC"),
    # SYNTAX: missing or malformed CRC field
    (b"7 PING\n", "7 ERR SYNTAX"), (b"7\n", "7 ERR SYNTAX"), (b"7 PING *12G4\n", "7 ERR SYNTAX"),
    (b"7 PING *123\n", "7 ERR SYNTAX"), (b"7 PING *12345\n", "7 ERR SYNTAX"),
    (b"7 PING*1234\n", "7 ERR SYNTAX"), (b"7 PING *\n", "7 ERR SYNTAX"),
    # SYNTAX: fields
    (f(b"7  PING"), "7 ERR SYNTAX"), (f(b"7 PING "), "7 ERR SYNTAX"), (f(b"7"), "7 ERR SYNTAX"),
    (f(b"7 PING 1"), "7 ERR SYNTAX"), (f(b"7 HELLO x"), "7 ERR SYNTAX"),
    (f(b"7 SHOW now"), "7 ERR SYNTAX"), (f(b"7 REPL now"), "7 ERR SYNTAX"),
    (f(b"7 BRI"), "7 ERR SYNTAX"), (f(b"7 BRI x"), "7 ERR SYNTAX"), (f(b"7 BRI -5"), "7 ERR SYNTAX"),
    (f(b"7 BRI +5"), "7 ERR SYNTAX"), (f(b"7 BRI 1 2"), "7 ERR SYNTAX"),
    (f(b"7 SET 0"), "7 ERR SYNTAX"), (f(b"7 SET 0 FFFFF"), "7 ERR SYNTAX"),
    (f(b"7 SET 0 GGGGGG"), "7 ERR SYNTAX"), (f(b"7 SET x FFFFFF"), "7 ERR SYNTAX"),
    (f(b"7 SET 0 FFFFFF 1"), "7 ERR SYNTAX"),
    (f(b"7 FILL FFF"), "7 ERR SYNTAX"), (f(b"7 FILL #FFFFFF"), "7 ERR SYNTAX"), (f(b"7 FILL"), "7 ERR SYNTAX"),
    (f(b"7 ANIM"), "7 ERR SYNTAX"), (f(b"7 ANIM pulse FF0000"), "7 ERR SYNTAX"),
    (f(b"7 ANIM pulse FF0000 1.5"), "7 ERR SYNTAX"), (f(b"7 ANIM none 5"), "7 ERR SYNTAX"),
    (f(b"7 ANIM flash FF0000 2 2"), "7 ERR SYNTAX"),
    (f(b"7 HOLD"), "7 ERR SYNTAX"), (f(b"7 HOLD 1e3"), "7 ERR SYNTAX"),
    (f(b"7 PING *0000"), "7 ERR SYNTAX"),  # the CRC covers up to the LAST " *": "*0000" is a field
    # UNKNOWN
    (f(b"7 FROB"), "7 ERR UNKNOWN"), (f(b"7 ping"), "7 ERR UNKNOWN"), (f(b"7 PI\rNG"), "7 ERR UNKNOWN"),
    (f(b"7 ANIM rainbow"), "7 ERR UNKNOWN"), (f(b"7 ANIM rainbow FF0000 100"), "7 ERR UNKNOWN"),
    # RANGE
    (f(b"7 BRI 256"), "7 ERR RANGE"), (f(b"7 BRI 99999999999999"), "7 ERR RANGE"),
    (f(b"7 SET 24 FFFFFF"), "7 ERR RANGE"), (f(b"7 SET 23 FFFFFF000000"), "7 ERR RANGE"),
    (f(b"7 ANIM pulse FF0000 49"), "7 ERR RANGE"), (f(b"7 ANIM pulse FF0000 10001"), "7 ERR RANGE"),
    (f(b"7 ANIM spin FF0000 49"), "7 ERR RANGE"), (f(b"7 ANIM spin FF0000 10001"), "7 ERR RANGE"),
    (f(b"7 ANIM flash FF0000 0"), "7 ERR RANGE"), (f(b"7 ANIM flash FF0000 101"), "7 ERR RANGE"),
    (f(b"7 HOLD 600001"), "7 ERR RANGE"),
    (f(b"7 ANIM pulse FF0000 500 24 1"), "7 ERR RANGE"), (f(b"7 ANIM pulse FF0000 500 0 0"), "7 ERR RANGE"),
    (f(b"7 ANIM pulse FF0000 500 0 25"), "7 ERR RANGE"),
    # TOO_LONG
    (b"7 PING " + b"x" * 300 + b"\n", "- ERR TOO_LONG"),
])
def test_each_fault_gets_its_error_code(ring, line, want):
    got = reply_text(ring, line)
    assert got.split(" ")[:3] == want.split(" ")


@pytest.mark.parametrize("line, want", [
    (b"abc " + b"x" * 300 + b" *0000\n", "- ERR TOO_LONG"),  # TOO_LONG before everything
    (b"x PING *0000\n", "- ERR SYNTAX"),                      # bad seq before CRC
    (b"7  BRI x *0000\n", "7 ERR CRC"),                       # CRC before other SYNTAX
    (b"7 FROB *0000\n", "7 ERR CRC"),                         # CRC before UNKNOWN
    (b"7 BRI 999 *0000\n", "7 ERR CRC"),                      # CRC before RANGE
    (b"7 FROB\n", "7 ERR SYNTAX"),                            # missing CRC before UNKNOWN
    (f(b"7 FROB x  y"), "7 ERR SYNTAX"),                      # SYNTAX before UNKNOWN
    (f(b"7 ANIM pulse GG0000 5"), "7 ERR SYNTAX"),            # SYNTAX before RANGE
    (f(b"7 SET 99 GGGGGG"), "7 ERR SYNTAX"),
    (f(b"7 ANIM pulse FF0000 5 9"), "7 ERR SYNTAX"),
    (f(b"7 ANIM pulse FF0000 500 0 1 2"), "7 ERR SYNTAX"), (f(b"7 ANIM flash FF0000 2 0 1"), "7 ERR SYNTAX"),
    (f(b"7 ANIM rainbow FF0000 5"), "7 ERR UNKNOWN"),         # UNKNOWN before RANGE
])
def test_several_faults_report_the_first_in_protocol_order(ring, line, want):
    assert reply_text(ring, line).split(" ")[:3] == want.split(" ")


def test_error_replies_parse_and_echo_the_seq_without_leading_zeros(ring):
    ring.write(f(b"00017 BRI 300"))
    reply = parse_line(ring.read_line())
    assert (reply.seq, reply.ok, reply.code) == (17, False, "RANGE")


# ------------------------------------------------------------------ line length and line ends

def _set_line(length: int, end: bytes = b"\n") -> bytes:
    """A valid SET frame of exactly `length` bytes (padded with leading zeros of its start index)."""
    zeros = length - len(f(b"00005 SET 0 " + b"FF0000" * 24)) - (len(end) - 1)
    line = f(b"00005 SET " + b"0" * zeros + b"0 " + b"FF0000" * 24)
    assert len(line[:-1] + end) == length
    return line[:-1] + end


def test_a_line_of_exactly_200_bytes_is_accepted_and_201_is_too_long(ring):
    assert reply_text(ring, _set_line(200)) == "5 OK"
    assert reply_text(ring, _set_line(201)) == "- ERR TOO_LONG"
    assert reply_text(ring, _set_line(200, b"\r\n")) == "5 OK"  # the final \r counts
    assert reply_text(ring, _set_line(201, b"\r\n")) == "- ERR TOO_LONG"
    assert reply_text(ring, _set_line(199)) == "5 OK"


def test_an_overlong_line_is_answered_once_and_its_tail_is_not_obeyed(ring):
    ring.show([(1, 2, 3)] * 24)
    ring.write(b"y" * 5000 + b" " + f(b"1 FILL FFFFFF")[:-1] + b"\n" + f(b"2 SHOW"))
    assert [parse_line(x) for x in ring.drain()] == [
        Reply(None, False, "TOO_LONG", ""), Reply(2, True, None, "")]
    time.sleep(0.1)
    assert ring.shown() == [(1, 2, 3)] * 24


def test_empty_lines_get_no_reply(ring):
    ring.write(b"\n\r\n\n\r\n" + f(b"3 PING"))
    assert ring.drain() == [b"3 OK\n"]


def test_only_one_carriage_return_before_the_newline_is_dropped(ring):
    assert reply_text(ring, f(b"3 PING")[:-1] + b"\r\r\n") == "3 ERR SYNTAX crc malformed"


# ------------------------------------------------------------------ bursts and garbage

def test_pipelined_burst_is_answered_in_order(ring):
    frames, want = [], []
    seq = 65300  # wraps through 65535 -> 0
    rnd = random.Random(4)
    pixels = [(0, 0, 0)] * 24
    for i in range(400):
        seq = (seq + 1) % 65536
        kind = i % 5
        if kind == 0:
            frames.append(encode_frame(seq, "PING"))
            want.append((seq, True))
        elif kind == 1:
            idx = rnd.randrange(24)
            colour = (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256))
            pixels[idx] = colour
            frames.append(encode_frame(seq, "SET", idx, "{:02X}{:02X}{:02X}".format(*colour)))
            want.append((seq, True))
        elif kind == 2:
            good = encode_frame(seq, "FILL", "123456")
            frames.append(good[:-2] + (b"0" if good[-2:-1] != b"0" else b"1") + b"\n")  # bad CRC
            want.append((seq, False))
        elif kind == 3:
            frames.append(encode_frame(seq, "HELLO"))
            want.append((seq, True))
        else:
            frames.append(encode_frame(seq, "BRI", 300))
            want.append((seq, False))
    frames.append(encode_frame(0xBEEF, "SHOW"))
    want.append((0xBEEF, True))
    ring.write(b"".join(frames))
    got = [parse_line(ring.read_line()) for _ in want]
    assert [(r.seq, r.ok) for r in got] == want
    assert ring.quiet(0.2) == []
    ring.wait_shown(pixels)


def _expected_replies(data: bytes) -> tuple[int, int]:
    """(replies, of which TOO_LONG) the protocol demands for `data` (which ends in \\n)."""
    replies = too_long = 0
    for chunk in data.split(b"\n")[:-1]:
        if len(chunk) >= 200:
            replies += 1
            too_long += 1
        elif chunk not in (b"", b"\r"):
            replies += 1
    return replies, too_long


def _garbage(rnd: random.Random, size: int) -> bytes:
    out = bytearray()
    while len(out) < size:
        pick = rnd.random()
        if pick < 0.05:
            out += b"z" * rnd.randrange(150, 700)  # over-long runs
        elif pick < 0.15:
            out += rnd.choice([b"\x03", b"\x03\x03\x03", b"\r", b"\x00", b"\x1b[A", b"\x04", b"\r\n"])
        elif pick < 0.25:
            out += b"\n"
        else:
            out += bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 40)))
    return bytes(out) + b"\n"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_garbage_storm_gets_one_error_per_line_and_the_ring_still_answers(ring, seed):
    data = _garbage(random.Random(seed), 20000)
    replies, too_long = _expected_replies(data)
    for i in range(0, len(data), 997):  # a storm of chunks, as a noisy cable would deliver
        ring.write(data[i:i + 997])
    got = [parse_line(ring.read_line()) for _ in range(replies)]
    assert all(not r.ok for r in got)
    assert sum(r.code == "TOO_LONG" for r in got) == too_long
    assert ring.request("PING").ok
    assert ring.quiet(0.1) == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.binary(max_size=600))
def test_any_bytes_then_a_newline_leave_the_ring_answering(ring, junk):
    data = junk + b"\n"
    replies, _ = _expected_replies(data)
    ring.write(data)
    got = [parse_line(ring.read_line()) for _ in range(replies)]
    assert all(isinstance(r, Reply) for r in got)
    seq = ring.next_seq()
    ring.write(encode_frame(seq, "PING"))
    assert parse_line(ring.read_line()) == Reply(seq, True, None, "")


def test_ctrl_c_bytes_do_not_stop_the_firmware(ring):
    ring.write(b"\x03\x03\x03")
    ring.write(b"\x03" + f(b"4 PING"))  # the same line: seq is garbage
    assert ring.read_line() == b"- ERR SYNTAX seq\n"
    assert reply_text(ring, f(b"5 PING")) == "5 OK"
    assert ring.proc.poll() is None


# ------------------------------------------------------------------ REPL

def test_repl_replies_ok_then_leaves_the_protocol_loop(ring):
    ring.expect_exit = True
    assert ring.request("REPL").ok
    ring.proc.wait(5)  # on the unix port, leaving main() ends the program
    assert ring.proc.returncode == 0
    ring.poll_log()
    assert ("TIMER", ["2000"]) in ring.events  # the watchdog stays fed while the REPL runs
