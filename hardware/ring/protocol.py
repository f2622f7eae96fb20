"""Host side of the ring serial protocol, version 1 (docs/ring-protocol.md): pure helpers.

Builds host frames and parses device lines; no serial I/O here. The ring client and the firmware
tests share these.
"""
from __future__ import annotations

import binascii
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

PROTO = 1
MAX_LINE = 200  # bytes per line, counting every byte before the \n plus the \n
SEQ_MOD = 65536
ERROR_CODES = frozenset({"CRC", "SYNTAX", "RANGE", "TOO_LONG", "UNKNOWN"})

_TOKEN = re.compile(r"[!-~]+")  # printable ASCII, no space
_CODE = re.compile(r"[A-Z][A-Z0-9_]*")
_SEQ = re.compile(r"0|[1-9][0-9]{0,4}")


class ProtocolError(ValueError):
    """A frame cannot be built, or a device line does not follow the protocol."""


class VersionMismatch(ProtocolError):
    """The device speaks another major protocol version."""


def crc(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor)."""
    return binascii.crc_hqx(data, 0xFFFF)


def encode_frame(seq: int, verb: str, *args: object) -> bytes:
    """`<seq> <VERB> [<arg> ...] *<CRC>\\n` as bytes. Args are str or int, one token each."""
    if not isinstance(seq, int) or not 0 <= seq < SEQ_MOD:
        raise ProtocolError(f"seq must be 0..65535, not {seq!r}")
    fields = [str(seq), verb]
    for arg in (verb, *args):
        if isinstance(arg, bool) or not isinstance(arg, (str, int)):
            raise ProtocolError(f"frame fields are str or int, not {arg!r}")
        if isinstance(arg, int) and arg < 0:
            raise ProtocolError(f"numbers are unsigned, not {arg}")
        if isinstance(arg, str) and not _TOKEN.fullmatch(arg):
            raise ProtocolError(f"a field must be printable ASCII without spaces: {arg!r}")
    fields.extend(str(a) for a in args)
    body = " ".join(fields).encode("ascii")
    frame = b"%s *%04X\n" % (body, crc(body))
    if len(frame) > MAX_LINE:
        raise ProtocolError(f"frame is {len(frame)} bytes; the limit is {MAX_LINE}")
    return frame


def pixels_hex(pixels: Sequence[tuple[int, int, int]]) -> str:
    """[(r, g, b), ...] -> the RRGGBB... token of SET."""
    out = []
    for px in pixels:
        r, g, b = px
        for c in (r, g, b):
            if not isinstance(c, int) or not 0 <= c <= 255:
                raise ProtocolError(f"colour channels are 0..255: {px!r}")
        out.append(f"{r:02X}{g:02X}{b:02X}")
    return "".join(out)


@dataclass(frozen=True)
class Reply:
    """`<seq> OK [<data>]` (ok, code None) or `<seq> ERR <CODE> [<text>]` (data holds the text).
    seq is None for `-` (the device could not read the seq)."""

    seq: int | None
    ok: bool
    code: str | None = None
    data: str = ""


@dataclass(frozen=True)
class Unsolicited:
    """`! <KIND> [key=value ...]`, e.g. HELLO {proto, fw, leds} or LOST {}."""

    kind: str
    fields: dict[str, str] = field(default_factory=dict, hash=False)


def parse_fields(text: str) -> dict[str, str]:
    """`proto=1 fw=1.0.0 leds=24` -> {"proto": "1", ...}."""
    out: dict[str, str] = {}
    for tok in text.split(" ") if text else ():
        key, sep, value = tok.partition("=")
        if not sep or not key or key in out:
            raise ProtocolError(f"expected key=value fields, got {text!r}")
        out[key] = value
    return out


def parse_line(line: bytes | str) -> Reply | Unsolicited:
    """One device line (with or without its \\n / \\r\\n) -> Reply or Unsolicited.
    Raises ProtocolError for anything else (e.g. a MicroPython banner after a soft reset)."""
    if isinstance(line, bytes):
        try:
            text = line.decode("ascii")
        except UnicodeDecodeError:
            raise ProtocolError(f"not ASCII: {line!r}") from None
    else:
        text = line
    text = text.removesuffix("\n")
    text = text.removesuffix("\r")
    if not text or not text.isprintable():
        raise ProtocolError(f"not a protocol line: {line!r}")
    if text.startswith("! "):
        kind, _, rest = text[2:].partition(" ")
        if not _CODE.fullmatch(kind):
            raise ProtocolError(f"bad unsolicited line: {line!r}")
        return Unsolicited(kind, parse_fields(rest))
    seq_tok, _, rest = text.partition(" ")
    if seq_tok == "-":
        seq = None
    elif _SEQ.fullmatch(seq_tok) and int(seq_tok) < SEQ_MOD:
        seq = int(seq_tok)
    else:
        raise ProtocolError(f"bad seq in {line!r}")
    status, _, rest = rest.partition(" ")
    if status == "OK":
        if seq is None:
            raise ProtocolError(f"OK without a seq: {line!r}")
        return Reply(seq, True, None, rest)
    if status == "ERR":
        code, _, msg = rest.partition(" ")
        if not _CODE.fullmatch(code):
            raise ProtocolError(f"bad error code in {line!r}")
        return Reply(seq, False, code, msg)
    raise ProtocolError(f"expected OK or ERR in {line!r}")


def check_hello(fields: dict[str, str]) -> dict[str, str]:
    """Refuse a device of another major version (HELLO fields from `! HELLO` or a HELLO reply)."""
    proto = fields.get("proto")
    if proto != str(PROTO):
        raise VersionMismatch(
            f"the ring speaks protocol {proto or '(none)'}; this host speaks protocol {PROTO}: "
            "update the ring firmware (python -m hardware.ring.flash) or the host"
        )
    return fields
