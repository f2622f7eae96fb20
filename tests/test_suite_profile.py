"""The test command is repeatable: hypothesis draws the same examples on every run (CI included)."""

import os

from hypothesis import settings


def test_the_property_tests_are_derandomized_unless_exploring():
    exploring = os.environ.get("HYPOTHESIS_PROFILE") == "explore"
    assert settings.default.derandomize is not exploring
