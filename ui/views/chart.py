"""The game as a picture (issue 23 §3): the key track over the turns and the dice against the odds,
in a dialog the table looks at together — opened from the result banner when the game ends and from
the undo list at any time. The data is the core's (`Session.chart()`, companion/chart.py); this draws
it with Flet's own charts (flet-charts, served with the web client: nothing from the internet), at
800×480 with every word and number 18 px or more. `companion export ID --chart FILE` draws the same
chart into a file (entry/picture.py)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import flet as ft

from companion.chart import CAME_OFF, DICE_TITLE, EXPECTED, ROLLS, TURN, Chart, Line
from companion.i18n import _
from companion.messages import render
from companion.palette import colour
from ui.screen import Screen
from ui.widgets.common import MUTED, button, keyed, text

if TYPE_CHECKING:  # flet-charts brings matplotlib (0.6 s of a start): imported when a chart is first drawn
    import flet_charts as fch

#: every word and number on the chart (the issue's rule for a screen read from a metre)
CHART_TEXT = 18
CHART_HEIGHT = 230
GRID = "#37474f"


def chart_button(app: Screen) -> ft.Control:
    return keyed(button(_("The game as a picture"), lambda e: show_chart(app), icon=ft.Icons.SHOW_CHART, max_lines=2, width=200),
                 "chart")


def show_chart(app: Screen) -> None:
    session = app.companion.session
    chart = session.chart() if session is not None else None
    if chart is None:
        return
    dialog = ft.AlertDialog(
        modal=False,
        title=text(render(chart.title()), size=22, weight=ft.FontWeight.BOLD),
        content=ft.Container(_drawing(chart), width=720),
        actions=[keyed(button(_("Close"), app.close_dialog, max_lines=1), "chart:close")],
        inset_padding=ft.Padding.all(8),
        content_padding=ft.Padding.symmetric(horizontal=12, vertical=4),
    )
    app.show_dialog(dialog, remake=lambda: show_chart(app))


def _drawing(chart: Chart) -> ft.Control:
    track = ft.Column([_legend(chart.lines), _track(chart)], spacing=2, expand=3)
    expected, made = chart.luck()
    luck: list[ft.Control] = [text(render(DICE_TITLE), size=CHART_TEXT, weight=ft.FontWeight.BOLD)]
    if chart.chances:
        luck += [_legend([Line(CAME_OFF, "gold", ()), Line(EXPECTED, "marker", ())]), _luck(expected, made)]
    return ft.Column([
        ft.Row([track, ft.Column(luck, spacing=2, expand=2)], vertical_alignment=ft.CrossAxisAlignment.START, spacing=12),
        keyed(text(render(chart.verdict()), size=CHART_TEXT, color=MUTED), "chart:verdict"),
    ], tight=True, spacing=6, scroll=ft.ScrollMode.AUTO)


def _legend(lines: Sequence[Line]) -> ft.Control:
    return ft.Row([ft.Row([ft.Container(width=18, height=6, bgcolor=colour(line.colour).screen), text(render(line.label), size=CHART_TEXT)],
                          spacing=4, tight=True) for line in lines], wrap=True, spacing=12, run_spacing=2)


def _axis(low: float, high: float, title: str | None = None) -> fch.ChartAxis:
    """Whole numbers only, at most six, each 18 px."""
    import flet_charts as fch

    step = max(1, round((high - low) / 5))
    values = range(int(low), int(high) + 1, step)
    return fch.ChartAxis(labels=[fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=CHART_TEXT)) for v in values],
                         label_size=40, title=ft.Text(title, size=CHART_TEXT) if title else None,
                         title_size=28 if title else 0)


def _chart(series: list[fch.LineChartData], max_x: float, low: float, high: float, x_title: str) -> ft.Control:
    import flet_charts as fch

    return ft.Container(fch.LineChart(
        data_series=series, min_x=0, max_x=max(max_x, 1), min_y=low, max_y=max(high, low + 1), interactive=False,
        left_axis=_axis(low, max(high, low + 1)), bottom_axis=_axis(0, max(max_x, 1), x_title),
        top_axis=fch.ChartAxis(show_labels=False, label_size=0), right_axis=fch.ChartAxis(show_labels=False, label_size=8),
        horizontal_grid_lines=fch.ChartGridLines(color=GRID, width=1), vertical_grid_lines=fch.ChartGridLines(color=GRID, width=1),
        border=ft.Border.all(1, GRID),
    ), height=CHART_HEIGHT)


def _track(chart: Chart) -> ft.Control:
    import flet_charts as fch

    series = [fch.LineChartData(points=[fch.LineChartDataPoint(turn, value) for turn, value in line.points],
                                color=colour(line.colour).screen, stroke_width=4) for line in chart.lines]
    return _chart(series, chart.turns, chart.low, chart.high, render(TURN))


def _luck(expected: Sequence[float], made: Sequence[int]) -> ft.Control:
    import flet_charts as fch

    def points(values: Sequence[float]) -> list[fch.LineChartDataPoint]:
        return [fch.LineChartDataPoint(n, value) for n, value in enumerate([0, *values])]

    series = [fch.LineChartData(points=points(expected), color=colour("marker").screen, stroke_width=3, dash_pattern=[8, 6]),
              fch.LineChartData(points=points(made), color=colour("gold").screen, stroke_width=4)]
    return _chart(series, len(made), 0, len(made), render(ROLLS))

