import os

import pytest
from hypothesis import HealthCheck, settings

# CI gets more examples than a quick local run; both stay well inside the suite's time budget.
settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.db"
