"""Labels that fit their box in every language, the way a FittedBox would shrink them (Flet has none).

A button of a fixed width gets a label that may be three times longer in German than in English, and
a single long word cannot wrap. So the server measures the label with the very font the screen draws
it with (the bundled DejaVu Sans: its advance widths read from the TTF, plus Material 3's letter
spacing), breaks it into lines as Flutter does (after a space or a hyphen), and picks the largest font
size, down to `smallest`, at which it fits in `max_lines` lines. Kerning is left out: it only ever
narrows a text, so a label measured to fit does fit.

The browser layout check (tests/e2e/test_layout_browser.py) measures the drawn result independently.
"""
from __future__ import annotations

import re
import struct
from functools import cache
from pathlib import Path

FONTS = Path(__file__).resolve().parents[1] / "assets" / "fonts"
#: Material 3's letter spacing of a button's label (labelLarge) and of body text (bodyMedium), px
LABEL_SPACING, TEXT_SPACING = 0.1, 0.25
#: Material 3's line height: 20 px lines for 14 px letters
LINE_HEIGHT = 20 / 14
_BREAK_AFTER = re.compile(r"(?<=[ \-])")


@cache
def _metrics(bold: bool) -> tuple[dict[int, int], int, int]:
    """(code point -> advance width in font units, units per em, the missing glyph's advance)."""
    data = (FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")).read_bytes()
    count = struct.unpack(">H", data[4:6])[0]
    tables = {data[12 + 16 * i:16 + 16 * i].decode("latin-1"): struct.unpack(">II", data[20 + 16 * i:28 + 16 * i])[0]
              for i in range(count)}
    units = struct.unpack(">H", data[tables["head"] + 18:tables["head"] + 20])[0]
    metrics_count = struct.unpack(">H", data[tables["hhea"] + 34:tables["hhea"] + 36])[0]
    hmtx = tables["hmtx"]
    advances = [struct.unpack(">H", data[hmtx + 4 * i:hmtx + 4 * i + 2])[0] for i in range(metrics_count)]
    glyphs = _cmap(data, tables["cmap"])
    widths = {cp: advances[min(glyph, metrics_count - 1)] for cp, glyph in glyphs.items()}
    return widths, units, advances[0]


def _cmap(data: bytes, offset: int) -> dict[int, int]:
    """Code point -> glyph id, from the font's Unicode cmap subtables (formats 4 and 12)."""
    found: dict[int, int] = {}
    for i in range(struct.unpack(">H", data[offset + 2:offset + 4])[0]):
        platform, _encoding, sub = struct.unpack(">HHI", data[offset + 4 + 8 * i:offset + 12 + 8 * i])
        if platform not in (0, 3):
            continue
        at = offset + sub
        kind = struct.unpack(">H", data[at:at + 2])[0]
        if kind == 4:
            segments = struct.unpack(">H", data[at + 6:at + 8])[0] // 2
            ends = struct.unpack(f">{segments}H", data[at + 14:at + 14 + 2 * segments])
            starts_at = at + 16 + 2 * segments
            starts = struct.unpack(f">{segments}H", data[starts_at:starts_at + 2 * segments])
            deltas = struct.unpack(f">{segments}h", data[starts_at + 2 * segments:starts_at + 4 * segments])
            ranges_at = starts_at + 4 * segments
            ranges = struct.unpack(f">{segments}H", data[ranges_at:ranges_at + 2 * segments])
            for s, (start, end, delta, range_offset) in enumerate(zip(starts, ends, deltas, ranges, strict=True)):
                for cp in range(start, end + 1):
                    if cp == 0xFFFF:
                        continue
                    if range_offset == 0:
                        glyph = (cp + delta) & 0xFFFF
                    else:
                        where = ranges_at + 2 * s + range_offset + 2 * (cp - start)
                        glyph = struct.unpack(">H", data[where:where + 2])[0]
                        glyph = (glyph + delta) & 0xFFFF if glyph else 0
                    if glyph:
                        found.setdefault(cp, glyph)
        elif kind == 12:
            for g in range(struct.unpack(">I", data[at + 12:at + 16])[0]):
                start, end, glyph = struct.unpack(">III", data[at + 16 + 12 * g:at + 28 + 12 * g])
                for cp in range(start, end + 1):
                    found.setdefault(cp, glyph + cp - start)
    return found


def text_width(text: str, size: float, bold: bool = False, spacing: float = LABEL_SPACING) -> float:
    """The width, px, of `text` on one line at `size` px."""
    widths, units, missing = _metrics(bold)
    return sum(widths.get(ord(ch), missing) for ch in text) * size / units + spacing * len(text)


def lines(text: str, width: float, size: float, bold: bool = False, spacing: float = LABEL_SPACING) -> int:
    """How many lines `text` takes in a box `width` px wide: broken after spaces and hyphens, a word
    longer than the line between its letters (as Flutter does)."""
    width = max(width, 1.0)
    count = 0
    for paragraph in text.split("\n"):
        count += 1
        used = 0.0
        for piece in _BREAK_AFTER.split(paragraph):
            full = text_width(piece, size, bold, spacing)
            bare = text_width(piece.rstrip(), size, bold, spacing)
            if used > 0 and used + bare > width:
                count += 1
                used = 0.0
            if used == 0 and bare > width:
                count += int(bare // width)
                used = bare % width + full - bare
            else:
                used += full
    return count


def fitted_size(text: str, width: float, max_lines: int = 1, size: float = 17, smallest: float = 12, bold: bool = False,
                spacing: float = LABEL_SPACING, height: float | None = None) -> float:
    """The largest font size from `size` down to `smallest` (in half pixels) at which `text` fits
    `max_lines` lines of `width` px, no word broken between its letters — and, given a `height`, no
    more lines than it holds at that size (smaller letters, more lines); `smallest` when none does
    (it then wraps between letters, or is cut)."""
    def rows(at: float) -> int:
        if height is None:
            return max_lines
        return max(1, min(max_lines, int(height / (at * LINE_HEIGHT) + 0.15)))

    def fits(at: float) -> bool:  # and no word broken between its letters
        longest = max((text_width(word, at, bold, spacing) for word in _BREAK_AFTER.split(text.replace("\n", " "))), default=0.0)
        return longest <= width and lines(text, width, at, bold, spacing) <= rows(at)

    candidate = float(size)
    while candidate > smallest and not fits(candidate):
        candidate -= 0.5
    return max(candidate, float(smallest))
