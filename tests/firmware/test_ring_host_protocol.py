"""hardware.ring.protocol: the host's frame builder and device-line parser."""
import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.ring.protocol import (
    ProtocolError,
    Reply,
    Unsolicited,
    VersionMismatch,
    check_hello,
    crc,
    encode_frame,
    parse_line,
    pixels_hex,
)


def test_crc_is_ccitt_false():
    assert crc(b"123456789") == 0x29B1


def test_encode_frame_is_seq_verb_args_and_upper_case_crc():
    assert encode_frame(5, "PING") == b"5 PING *8ACE\n"
    frame = encode_frame(65535, "SET", 3, "ff00aa")
    body, _, tail = frame.rpartition(b" *")
    assert body == b"65535 SET 3 ff00aa" and tail == b"%04X\n" % crc(body)


@pytest.mark.parametrize("seq, verb, args", [
    (-1, "PING", ()), (65536, "PING", ()), (1, "PI NG", ()), (1, "", ()), (1, "SET", ("a b",)),
    (1, "BRI", (-5,)), (1, "BRI", (True,)), (1, "BRI", (1.5,)), (1, "SET", ("\n",)),
    (1, "SET", (0, "F" * 190)),
])
def test_encode_frame_refuses_what_the_protocol_cannot_carry(seq, verb, args):
    with pytest.raises(ProtocolError):
        encode_frame(seq, verb, *args)


def test_longest_frame_is_200_bytes():
    assert len(encode_frame(65535, "SET", 0, "A" * 180)) == 199
    with pytest.raises(ProtocolError, match="limit is 200"):
        encode_frame(65535, "SET", 0, "A" * 186)


@pytest.mark.parametrize("line, want", [
    (b"7 OK\n", Reply(7, True, None, "")),
    (b"7 OK proto=1 fw=1.0.0 leds=24\r\n", Reply(7, True, None, "proto=1 fw=1.0.0 leds=24")),
    ("0 ERR CRC", Reply(0, False, "CRC", "")),
    (b"- ERR TOO_LONG\n", Reply(None, False, "TOO_LONG", "")),
    (b"12 ERR RANGE pixel index\n", Reply(12, False, "RANGE", "pixel index")),
    (b"! LOST\n", Unsolicited("LOST", {})),
    (b"! HELLO proto=1 fw=1.0.0 leds=60\n", Unsolicited("HELLO", {"proto": "1", "fw": "1.0.0", "leds": "60"})),
])
def test_parse_line(line, want):
    assert parse_line(line) == want


@pytest.mark.parametrize("line", [
    b"", b"\n", b"OK\n", b"007 OK\n", b"65536 OK\n", b"- OK\n", b"7 YES\n", b"7 ERR\n", b"7 ERR crc\n",
    b"! \n", b"! HELLO proto\n", b"!HELLO\n", b"MPY: soft reboot\r\n", b"7 OK \xff\n", b"7 OK\x00\n",
])
def test_parse_line_refuses_non_protocol_lines(line):
    with pytest.raises(ValueError):  # ProtocolError is a ValueError
        parse_line(line)


@given(st.binary(max_size=80))
def test_parse_line_only_ever_raises_protocol_error(data):
    with contextlib.suppress(ProtocolError):
        parse_line(data)


def test_check_hello_refuses_another_major_version():
    assert check_hello({"proto": "1", "leds": "24"})["leds"] == "24"
    with pytest.raises(VersionMismatch, match="protocol 2"):
        check_hello({"proto": "2"})


def test_pixels_hex():
    assert pixels_hex([(255, 0, 16), (1, 2, 3)]) == "FF0010010203"
    with pytest.raises(ProtocolError):
        pixels_hex([(256, 0, 0)])
