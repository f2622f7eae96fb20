"""Settings as a declared schema: what the setup wizard and the docs are made from."""
import importlib.util
import pathlib

from companion.games.bigbang import GAME as BIGBANG
from companion.messages import render
from companion.settings import describe, dotted_overrides

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_wizard_fields_carry_label_range_default_and_choices():
    settings = {info.key: info for info in describe(BIGBANG.settings, BIGBANG.default_settings())}
    length = settings["track.length"]
    assert length.in_wizard and (length.low, length.high, length.default) == (2, 100, 12)
    assert render(length.label) == "Track length" and "red moon" in render(length.help)
    feedback = settings["gate.feedback"]
    assert feedback.kind == "choice" and [value for value, _label in feedback.choices] == ["count", "none"]
    assert render(dict(feedback.choices)["none"]) == "say nothing"
    assert settings["pile.penny"].advanced and not settings["table.players"].advanced  # printed card counts are tucked away
    assert not settings["cards"].in_wizard and not settings["gate.runes"].in_wizard  # lists are for the data file


def test_wizard_values_become_the_start_commands_settings():
    assert dotted_overrides({"track.length": 14, "table.cards_from": "companion"}) == {
        "track": {"length": 14}, "table": {"cards_from": "companion"}}


def test_the_settings_docs_are_made_from_the_schema_and_up_to_date():
    spec = importlib.util.spec_from_file_location("settings_docs", ROOT / "tools" / "settings_docs.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--check"]) == 0, "run: python tools/settings_docs.py"
    assert "`track.length` | Track length" in (ROOT / "docs" / "bigbang-settings.md").read_text(encoding="utf-8")
