"""A page of deliberate layout faults, served alone (`python -m tests.e2e.layout_specimen PORT`) for
tests/e2e/test_layout_check_browser.py: the layout check must name every fault here and pass the
controls drawn right. Drawn with the companion's own page look and fonts (ui/app.py's setup_page,
ui/webroot.py), as every real screen is."""
from __future__ import annotations

import sys

import flet as ft

#: the specimens, by the words each shows (the test looks for them in the check's report)
CUT = "Door cards each player is dealt at the start of the game"
SMALL = "A caption too small to read"
BROKEN = "Wandläufer"
CLIPPED = "Two lines in a box one line tall, so the second is cut off"
MERGED = "plays an action card this turn"
FITS = "Fits whole"
FIGURE = "7"
HELPER = "Door cards each player is dealt at the start (and after dying); current rules 4, older Pegasus sets 2."


def specimen(page: ft.Page) -> None:
    from ui.app import setup_page

    setup_page(page)
    page.add(ft.Column([
        ft.Container(ft.Text(CUT, size=18, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS), width=160),
        ft.Text(SMALL, size=12, color="#ffffff"),
        ft.Container(ft.Text(BROKEN, size=18), width=70),
        ft.Container(ft.Text(CLIPPED, size=18), width=300, height=26, clip_behavior=ft.ClipBehavior.HARD_EDGE),
        ft.Container(ft.Semantics(label="Blue: 3 AP left", content=ft.Column([
            ft.Text("AP left", size=18), ft.Text(MERGED, size=18, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)], tight=True)),
            width=120),
        ft.Text(FITS, size=18),
        ft.Semantics(identifier="figure:doom", content=ft.Text(FIGURE, size=24)),
        ft.TextField(label="Door cards", width=250, helper=HELPER, helper_max_lines=2),
    ], spacing=6))


def main(port: int) -> None:
    import uvicorn

    from ui.webroot import ASSETS, web_root

    root = web_root(ASSETS)
    app = ft.run(specimen, export_asgi_app=True, no_cdn=True, assets_dir=str(root))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio")


if __name__ == "__main__":
    main(int(sys.argv[1]))
