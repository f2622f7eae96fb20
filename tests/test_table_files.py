"""A table's own file takes the cards entered during a game whole, or not at all (companion/settings.py)."""

import tomllib

import pytest

from companion.errors import RuleError
from companion.settings import add_to_table_file

CARD = {"id": "own-mond", "name": "Mond", "names": {"de": "Mond"}, "doom": 1, "sanity": -1}


def test_a_card_is_appended_and_the_tables_comments_and_values_stay(tmp_path):
    path = tmp_path / "tables" / "eldersign" / "ours.toml"
    path.parent.mkdir(parents=True)
    path.write_text('# our house rules\nclock_hours = 3\n\n[[mythos]]\nid = "old"\nname = "Old"', encoding="utf-8")
    assert add_to_table_file(path, "mythos", CARD) is True
    text = path.read_text(encoding="utf-8")
    assert text.startswith('# our house rules\nclock_hours = 3\n')
    assert tomllib.loads(text)["mythos"] == [{"id": "old", "name": "Old"}, CARD]
    assert add_to_table_file(path, "mythos", CARD) is False, "a card the file holds is left as it is"
    assert path.read_text(encoding="utf-8") == text
    assert [p.name for p in path.parent.iterdir()] == ["ours.toml"], "no temporary file is left behind"


def test_a_file_that_cannot_take_the_card_is_a_clear_error_and_stays_as_it_was(tmp_path):
    path = tmp_path / "ours.toml"
    before = 'mythos = [{ id = "old", name = "Old" }]  # written inline by hand\n'
    path.write_text(before, encoding="utf-8")
    with pytest.raises(RuleError) as refused:
        add_to_table_file(path, "mythos", CARD)
    assert refused.value.code == "BAD_TABLE_FILE" and "ours.toml" in str(refused.value.text)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["ours.toml"]
