"""End-to-end: the real `companion run` in a subprocess, Debian's Chromium driven by Python Playwright
(tests/e2e/browser.py has the helpers; they are re-exported here for tests that import them from the conftest).

Every test here is skipped, with the reason, when chromium or playwright is missing (a `pytestmark`
in a conftest is not applied to the test modules, so the hook below marks them). Never runs
`playwright install`.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.browser import (  # noqa: F401 - re-exported
    CHROMIUM,
    CHROMIUM_ARGS,
    HAVE_PLAYWRIGHT,
    QUIET_MS,
    ROOT,
    SHOTS,
    Server,
    assert_drawn,
    enable_semantics,
    free_port,
    host,
    missing,
    open_page,
    reload,
    settled,
    shot,
    tap,
    type_into,
    visible_text,
    wait_text,
)

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    reason = missing()
    if reason is None:
        return
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # Playwright gives every launch a fresh temporary profile (its own user-data-dir).
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("e2e") / "games.db")
    yield s
    s.stop()
