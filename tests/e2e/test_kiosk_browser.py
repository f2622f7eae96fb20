"""The kiosk's first page (deploy/starting.html): Chromium is up before the companion answers, says so, and
opens the companion's page as soon as it does — the two start side by side at boot (deploy/kiosk.sh)."""
from __future__ import annotations

import pytest

from tests.e2e.browser import ROOT, WATCH_CHANGES, Server, enable_semantics, free_port, wait_text

pytestmark = pytest.mark.timeout(120)

STARTING = ROOT / "deploy" / "starting.html"


def test_the_kiosk_page_says_the_companion_is_starting_and_opens_it_once_it_answers(browser, tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    page = browser.new_page(viewport={"width": 800, "height": 480})
    page.add_init_script(WATCH_CHANGES)  # what wait_text watches, on the companion's page once it opens
    page.route(f"{url}/", lambda route: route.abort("connectionrefused"))  # the companion is not up yet
    page.goto(f"{STARTING.as_uri()}?url={url}")
    assert "starting…" in page.inner_text("body") and "startet…" in page.inner_text("body")  # in the table's five languages
    for _refused in range(3):  # each refusal is met by asking again
        page.wait_for_event("request", lambda request: request.url.startswith(url))
    assert page.url.startswith("file://")
    page.unroute(f"{url}/")
    server = Server(tmp_path / "kiosk.db", port=port)
    try:
        page.wait_for_url(f"{url}/")
        enable_semantics(page)
        wait_text(page, "New Big Bang moon game")
    finally:
        server.stop()
