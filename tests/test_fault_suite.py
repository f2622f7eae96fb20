"""The fault suite's short run (tools/fault_suite.py --quick): a regression in crash safety, hostile
input, the ring link or secrecy fails the build. The full run is `python tools/fault_suite.py`."""
import importlib.util
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.timeout(600)


def test_every_row_of_the_quick_fault_suite_has_no_failures():
    spec = importlib.util.spec_from_file_location("fault_suite", ROOT / "tools" / "fault_suite.py")
    suite = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = suite  # its dataclasses look their module up there
    spec.loader.exec_module(suite)
    results = suite.run(quick=True)
    assert {r.check for r in results} >= {"kill -9, then resume", "hostile lines through headless", "two companions on one game",
                                          "every command in every phase", "secrets: worlds differing in one hidden value",
                                          "two paths to one file (a symlink)", "disk full at start", "read-only card after a kill -9",
                                          "repair during play", "a missing step", "card made read-only by the kernel mid-game"}
    assert [r for r in results if r.failures] == [], suite.table(results)
    assert all(r.runs > 0 or r.detail.startswith("skipped") for r in results)
