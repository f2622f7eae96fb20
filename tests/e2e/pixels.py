"""Reading a Playwright screenshot's pixels without an imaging library, to catch Flutter's error box.

A layout Flutter cannot draw (an expanding child in a wrapping row, say) shows, in a release build,
as a plain grey rectangle, with nothing in the console and nothing in the accessibility tree. So the
end-to-end tests look at the pixels: a screen that is mostly that grey failed to draw.
"""
from __future__ import annotations

import struct
import zlib

#: Flutter's release-mode error box, as Chromium paints it here
ERROR_GREY = (182, 182, 183)


def rows(png: bytes) -> tuple[int, int, list[bytes]]:
    """(width, channels, rows of bytes) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, compressed = 8, b""
    width = height = channels = 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _compression, _filter, interlace = struct.unpack(">IIBBBBB", data)
            if depth != 8 or interlace or colour_type not in (2, 6):
                raise ValueError("only 8-bit non-interlaced RGB(A) PNGs")
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            compressed += data
        pos += 12 + length
    raw = zlib.decompress(compressed)
    stride = width * channels
    found: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = _unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), previous, channels)
        found.append(bytes(line))
        previous = line
    return width, channels, found


def _unfilter(kind: int, line: bytearray, previous: bytearray, channels: int) -> bytearray:
    if kind == 0:
        return line
    for x in range(len(line)):
        left = line[x - channels] if x >= channels else 0
        up = previous[x]
        if kind == 1:
            line[x] = (line[x] + left) & 255
        elif kind == 2:
            line[x] = (line[x] + up) & 255
        elif kind == 3:
            line[x] = (line[x] + (left + up) // 2) & 255
        else:  # Paeth
            corner = previous[x - channels] if x >= channels else 0
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
    return line


def error_share(png: bytes) -> float:
    """The share of the screenshot painted in Flutter's error grey (sampled every 4th pixel)."""
    width, channels, lines = rows(png)
    total = grey = 0
    for line in lines[::4]:
        for x in range(0, width * channels, channels * 4):
            total += 1
            if all(abs(line[x + i] - ERROR_GREY[i]) <= 3 for i in range(3)):
                grey += 1
    return grey / total if total else 0.0
