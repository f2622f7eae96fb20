"""docs/ring-protocol.md is the ring's contract, cited by the firmware and its host: what it lists — the
verbs, the animations, the limits, the host's resend rule, the CRC — is what firmware/main.py and
hardware/ring/ do (tests/firmware/ runs the firmware itself against each rule)."""
import re
from pathlib import Path

from hardware.ring import client, protocol

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "ring-protocol.md").read_text(encoding="utf-8")
FIRMWARE = (ROOT / "firmware" / "main.py").read_text(encoding="utf-8")


def test_the_firmware_answers_exactly_the_verbs_the_document_lists():
    listed = set(re.findall(r"^\| `([A-Z]+)` \|", DOC, re.MULTILINE))
    answered = set(re.findall(r'b"([A-Z]+)": self\._\w+', FIRMWARE))
    assert listed == answered == {"HELLO", "PING", "BRI", "SET", "SHOW", "FILL", "ANIM", "HOLD", "REPL"}


def test_the_firmware_runs_exactly_the_animations_the_document_lists():
    listed = set(re.findall(r"`(none|[a-z]+) <RRGGBB>", DOC)) | ({"none"} if "at least `none`" in DOC else set())
    assert listed == set(re.findall(r'b"([a-z]+)": A_[A-Z]+', FIRMWARE)) == {"none", "pulse", "flash", "spin"}


def test_the_limits_the_document_gives_are_the_firmwares():
    assert "At most 200 bytes per line" in DOC and re.search(r"^MAX_LINE = 200\b", FIRMWARE, re.MULTILINE) and protocol.MAX_LINE == 200
    assert "value 0..65535" in DOC and "v <= 65535" in FIRMWARE and protocol.SEQ_MOD == 65536
    ranges = {"`ms` 50..10000": (50, 10000), "`count` 1..100": (1, 100), "0..600000 ms": (0, 600000), "`BRI` | `0..255`": (0, 255)}
    for said, (low, high) in ranges.items():
        assert said in DOC and re.search(rf"_in_range\(\w+, {low}, {high}\b", FIRMWARE), said
    assert "`proto=1" in DOC and re.search(r"^PROTO = 1\b", FIRMWARE, re.MULTILINE) and protocol.PROTO == 1


def test_the_host_resends_as_the_document_says_and_computes_its_check_value():
    assert "resends a frame that got no reply within 100 ms (at most 3\n  times)" in DOC
    assert (client.REPLY_TIMEOUT, client.RESENDS) == (0.1, 3)
    assert "CRC of\n    `123456789` is `29B1`" in DOC and protocol.crc(b"123456789") == 0x29B1
    assert set(re.findall(r"`(CRC|SYNTAX|RANGE|TOO_LONG|UNKNOWN)`", DOC)) == protocol.ERROR_CODES
