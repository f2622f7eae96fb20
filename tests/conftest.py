import os

import pytest
from hypothesis import HealthCheck, settings

# The test command is derandomized: the same examples on every run, so CI fails only on a change of
# code. CI gets more examples than a quick local run. `make explore` (profile "explore") searches with
# fresh random seeds and many more examples; a case it finds is kept as an explicit @example.
_QUIET = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", max_examples=60, derandomize=True, **_QUIET)
settings.register_profile("dev", max_examples=25, derandomize=True, **_QUIET)
settings.register_profile("explore", max_examples=400, derandomize=False, **_QUIET)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.db"


#: the files that take longest (`pytest --durations`), handed out first: `pytest -n 3 --dist loadfile
#: --no-loadscope-reorder` (the Makefile's) gives files to the workers in the order collected, so one long
#: file left to the end would keep a worker busy alone (xdist's own order, most tests first, did just that)
LONGEST_FIRST = ("tests/e2e/test_layout_browser.py", "tests/test_fault_suite.py", "tests/test_benchmarks.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::", 1)[0]
        if path in LONGEST_FIRST:
            return LONGEST_FIRST.index(path)
        return len(LONGEST_FIRST) + (0 if path.startswith("tests/e2e/") else 1)  # browser tests next: each takes seconds

    items.sort(key=rank)  # stable: within a file, the order written
