"""The layout check itself, on a page of deliberate faults (tests/e2e/layout_specimen.py): it names a text
cut short, a text too small to read from a metre, a word broken between its letters, a text clipped by
its box, a text cut inside a node that merged several, a key figure drawn small and a field's helper text
cut — and passes a text drawn whole. Without this, a check that finds nothing would look like a screen
that has nothing wrong."""
from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest

from tests.e2e import layout_specimen as specimen
from tests.e2e.browser import ROOT, WATCH_CHANGES, TextStyles, enable_semantics, free_port, layout_problems, wait_text

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def specimen_url():
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tests.e2e.layout_specimen", str(port)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                break
        except OSError:
            time.sleep(0.1)  # polling a port that is not open yet; there is no event to wait for
    yield url
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def problems(browser, specimen_url) -> str:
    page = browser.new_page(viewport={"width": 800, "height": 480})
    page.add_init_script(WATCH_CHANGES)
    styles = TextStyles(page)
    page.goto(specimen_url)
    enable_semantics(page)
    wait_text(page, specimen.FITS)
    found = layout_problems(page, styles, "specimen")
    page.close()
    return "\n".join(found)


def lines_about(problems: str, words: str) -> list[str]:
    return [line for line in problems.splitlines() if words[:30] in line]


def test_a_text_cut_short_is_named(problems):
    assert any("text cut" in line for line in lines_about(problems, specimen.CUT)), problems


def test_a_text_too_small_to_read_is_named(problems):
    assert any("12 px" in line for line in lines_about(problems, specimen.SMALL)), problems


def test_a_word_broken_between_its_letters_is_named(problems):
    assert any("broken between its letters" in line for line in lines_about(problems, specimen.BROKEN)), problems


def test_a_clipped_text_is_named(problems):
    assert any("text cut" in line or "clipped" in line for line in lines_about(problems, specimen.CLIPPED)), problems


def test_a_text_cut_inside_a_merged_node_is_named(problems):
    assert any("text cut" in line and specimen.MERGED[:20] in line for line in problems.splitlines()), problems


def test_a_small_key_figure_is_named(problems):
    assert any("key figure at 24 px" in line for line in problems.splitlines()), problems


def test_a_cut_helper_text_is_named(problems):
    assert any("text cut" in line for line in lines_about(problems, specimen.HELPER)), problems


def test_a_text_drawn_whole_passes(problems):
    assert not lines_about(problems, specimen.FITS), problems
