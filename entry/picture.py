"""`companion export ID --chart FILE`: the picture after the game (companion/chart.py) as a PNG or an
SVG file, by the file's extension, drawn without a browser.

matplotlib draws it (its Agg renderer for PNG, its own SVG writer): a kept library with wheels for the
Pi, whose bundled DejaVu Sans draws Cyrillic, so one drawing gives both formats in all five languages.
It is imported only here, when a chart is exported: the touchscreen draws the same `Chart` with Flet's
own charts (ui/views/chart.py) and never loads it. The picture is 800×480, like the table's screen,
its text 18 px and up.
"""
from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from companion.chart import CAME_OFF, DICE_TITLE, EXPECTED, ROLLS, TURN, Chart
from companion.errors import RuleError
from companion.messages import M, render
from companion.palette import colour

#: file extension -> matplotlib's format
FORMATS = {".png": "png", ".svg": "svg"}
WIDTH_PX, HEIGHT_PX, DPI = 800, 480, 100
BACKGROUND, INK, GRID = "#11151c", "#eceff1", "#37474f"
#: 18 px at 100 dpi, in points (matplotlib sizes text in points: 1 pt = 1/72 inch)
TEXT_PT = 18 * 72 / DPI
TITLE_PT = 20 * 72 / DPI
#: characters of a 20 px title on a line of one half of the picture (DejaVu Sans averages ~0.55 em a character)
TITLE_CHARACTERS = 30


def chart_format(path: str | Path) -> str:
    """The format a file name asks for; any other extension is refused before anything is drawn."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise RuleError("BAD_CHART_FILE", M("A chart is written as .png or .svg, not \"{name}\".", name=Path(path).name))
    return FORMATS[suffix]


def write_chart(chart: Chart, path: str | Path) -> None:
    """Draw `chart` into `path` (PNG or SVG, by its extension), in the current language."""
    kind = chart_format(path)
    import matplotlib

    matplotlib.use("Agg")  # no display, no browser: a file
    matplotlib.rcParams["svg.fonttype"] = "none"  # an SVG's words stay text: searchable, and read by a screen reader
    from matplotlib.figure import Figure

    figure = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, facecolor=BACKGROUND)
    grid = figure.add_gridspec(2, 2, height_ratios=(5, 1), left=0.07, right=0.97, top=0.82, bottom=0.04, wspace=0.22, hspace=0.5)
    _track(figure.add_subplot(grid[0, 0]), chart)
    _luck(figure.add_subplot(grid[0, 1]), chart)
    words = figure.add_subplot(grid[1, :])
    words.axis("off")
    words.text(0, 0.5, textwrap.fill(render(chart.verdict()), 70), color=INK, fontsize=TEXT_PT, va="center")
    figure.savefig(path, format=kind, facecolor=BACKGROUND)


def _axes(axes: Any, title: str, xlabel: str) -> None:
    axes.set_facecolor(BACKGROUND)
    axes.set_title(textwrap.fill(title, TITLE_CHARACTERS), color=INK, fontsize=TITLE_PT, loc="left")
    axes.set_xlabel(xlabel, color=INK, fontsize=TEXT_PT)
    axes.tick_params(colors=INK, labelsize=TEXT_PT)
    axes.grid(color=GRID, linewidth=0.8)
    for side in axes.spines.values():
        side.set_color(GRID)


def _track(axes: Any, chart: Chart) -> None:
    _axes(axes, render(chart.title()), render(TURN))
    for line in chart.lines:
        turns = [turn for turn, _ in line.points]
        values = [value for _, value in line.points]
        axes.plot(turns, values, color=colour(line.colour).screen, linewidth=3, marker="o", label=render(line.label))
    axes.set_ylim(chart.low, max(chart.high, chart.low + 1))
    axes.set_xlim(-0.2, max(chart.turns, 1) + 0.2)
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.yaxis.get_major_locator().set_params(integer=True)
    if chart.lines:
        axes.legend(fontsize=TEXT_PT, facecolor=BACKGROUND, edgecolor=GRID, labelcolor=INK)


def _luck(axes: Any, chart: Chart) -> None:
    _axes(axes, render(DICE_TITLE), render(ROLLS))
    expected, made = chart.luck()
    rolls = list(range(len(chart.chances) + 1))
    axes.plot(rolls, [0, *expected], color=colour("marker").screen, linewidth=3, linestyle="--", label=render(EXPECTED))
    axes.plot(rolls, [0, *made], color=colour("gold").screen, linewidth=3, marker="o", label=render(CAME_OFF))
    axes.set_xlim(-0.2, max(len(chart.chances), 1) + 0.2)
    axes.set_ylim(0, max(len(chart.chances), 1) + 0.2)
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.yaxis.get_major_locator().set_params(integer=True)
    if chart.chances:
        axes.legend(fontsize=TEXT_PT, facecolor=BACKGROUND, edgecolor=GRID, labelcolor=INK, loc="upper left")
