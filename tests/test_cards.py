"""The card catalogue: which tag is which card. Enrolment refuses what would silently change a card,
CSV import is all or nothing, and the CLI enrols from arguments or from scans typed on stdin."""
import argparse
import io
import sqlite3
import sys

import pytest

from companion.cards import (
    CardCatalogue,
    Known,
    OtherGame,
    Unknown,
    enrolable_cards,
    match_cards,
)
from companion.cards_cli import add_cards_parser
from companion.errors import RuleError
from companion.games.bigbang.config import default_settings
from companion.messages import render
from companion.store import EventStore

PENNY_TAG = "04a1b2c3"
NTAG = "04c35a1a2b3c80"


@pytest.fixture
def catalogue(db_path):
    with CardCatalogue(db_path) as c:
        yield c


def rows(catalogue):
    return [(e.uid, e.game, e.card, e.label, e.enrolled_at) for e in catalogue.list()]


# -- enrol, lookup, forget, list -------------------------------------------------------------------
def test_an_enrolled_tag_is_found_again_after_a_restart(db_path):
    with CardCatalogue(db_path) as c:
        c.enrol("04:A1:B2:C3", "bigbang", "penny", label="Penny, torn corner")
    with CardCatalogue(db_path) as c:
        entry = c.lookup(PENNY_TAG, "bigbang")
    assert (entry.uid, entry.game, entry.card, entry.shown) == (PENNY_TAG, "bigbang", "penny", "Penny, torn corner")


def test_the_catalogue_shares_the_save_file_with_the_event_store(db_path):
    with EventStore(db_path) as store, CardCatalogue(db_path) as c:
        store.create_game("bigbang", 1)
        c.enrol(PENNY_TAG, "bigbang", "penny")
        assert c._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert c._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    db = sqlite3.connect(db_path)
    assert {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} >= {"games", "steps", "cards"}


def test_a_shared_connection_is_used_and_left_open():
    db = sqlite3.connect(":memory:", isolation_level=None)
    with CardCatalogue(db) as c:
        c.enrol(PENNY_TAG, "bigbang", "penny")
    assert db.execute("SELECT card FROM cards").fetchall() == [("penny",)]


def test_many_tags_may_be_the_same_card_and_the_list_is_sorted_and_filtered(catalogue):
    catalogue.enrol("04000003", "bigbang", "penny")
    catalogue.enrol("04000001", "bigbang", "penny")
    catalogue.enrol("04000002", "bigbang", "howard")
    catalogue.enrol("04000009", "eldersign", "investigator")
    assert [(e.game, e.card, e.uid) for e in catalogue.list()] == [
        ("bigbang", "howard", "04000002"), ("bigbang", "penny", "04000001"), ("bigbang", "penny", "04000003"),
        ("eldersign", "investigator", "04000009"),
    ]
    assert [e.uid for e in catalogue.list("eldersign")] == ["04000009"]


def test_a_forgotten_tag_is_unknown_again(catalogue):
    catalogue.enrol(PENNY_TAG, "bigbang", "penny")
    assert [e.card for e in catalogue.forget("04 a1 b2 c3")] == ["penny"]
    assert catalogue.lookup(PENNY_TAG, "bigbang") is None
    assert catalogue.classify(PENNY_TAG, "bigbang") == Unknown(PENNY_TAG)


def test_forgetting_a_tag_that_is_not_enrolled_says_so(catalogue):
    with pytest.raises(RuleError) as err:
        catalogue.forget(PENNY_TAG)
    assert err.value.code == "TAG_UNKNOWN" and PENNY_TAG in err.value.message


# -- classify ---------------------------------------------------------------------------------------
def test_a_tag_is_known_unknown_or_from_another_game(catalogue):
    penny = catalogue.enrol(PENNY_TAG, "bigbang", "penny")
    stray = catalogue.enrol(NTAG, "eldersign", "investigator")
    assert catalogue.classify(PENNY_TAG, "bigbang") == Known(penny)
    assert catalogue.classify("04ffffff", "bigbang") == Unknown("04ffffff")
    found = catalogue.classify(NTAG, "bigbang")
    assert found == OtherGame(stray)
    assert "eldersign" in render(found.message) and "investigator" in render(found.message)


def test_a_bad_uid_is_a_rule_error_not_a_crash(catalogue):
    with pytest.raises(RuleError) as err:
        catalogue.lookup("hello", "bigbang")
    assert err.value.code == "BAD_UID"


# -- refusals change nothing --------------------------------------------------------------------------
def test_enrolling_a_known_tag_is_refused_and_nothing_changes(catalogue):
    catalogue.enrol(PENNY_TAG, "bigbang", "penny")
    before = rows(catalogue)
    with pytest.raises(RuleError) as err:
        catalogue.enrol("04:a1:b2:c3", "bigbang", "howard")
    assert err.value.code == "TAG_KNOWN" and "penny" in err.value.message
    assert rows(catalogue) == before


def test_a_known_tag_can_be_replaced_on_purpose(catalogue):
    catalogue.enrol(PENNY_TAG, "bigbang", "penny")
    catalogue.enrol(PENNY_TAG, "bigbang", "howard", replace=True)
    assert catalogue.lookup(PENNY_TAG, "bigbang").card == "howard" and len(catalogue.list()) == 1


def test_one_tag_may_be_a_card_in_each_of_several_games(catalogue):
    """A sticker reused across boxes: the game being played decides what it means."""
    catalogue.enrol(PENNY_TAG, "bigbang", "penny")
    catalogue.enrol(PENNY_TAG, "eldersign", "doom")
    assert catalogue.lookup(PENNY_TAG, "bigbang").card == "penny"
    assert catalogue.lookup(PENNY_TAG, "eldersign").card == "doom"
    assert catalogue.classify(PENNY_TAG, "munchkin") == OtherGame(catalogue.lookup(PENNY_TAG, "bigbang"))
    assert [e.game for e in catalogue.forget(PENNY_TAG, "eldersign")] == ["eldersign"]
    assert [e.game for e in catalogue.entries(PENNY_TAG)] == ["bigbang"]


def test_a_catalogue_from_before_per_game_tags_is_migrated_with_its_rows(db_path):
    old = sqlite3.connect(db_path)
    old.execute("CREATE TABLE cards (uid TEXT PRIMARY KEY, game TEXT NOT NULL, card TEXT NOT NULL, label TEXT, enrolled_at REAL NOT NULL)")
    old.execute("INSERT INTO cards VALUES ('04a1b2c3', 'bigbang', 'penny', 'torn', 1700000000)")
    old.commit()
    old.close()
    with CardCatalogue(db_path) as c:
        assert c.lookup(PENNY_TAG, "bigbang").label == "torn"
        c.enrol(PENNY_TAG, "eldersign", "doom")  # only possible with the (uid, game) key
        assert len(c.list()) == 2


@pytest.mark.parametrize("uid, game, card, label, code", [
    ("not-a-tag", "bigbang", "penny", None, "BAD_UID"),
    (PENNY_TAG, "Big Bang", "penny", None, "BAD_GAME"),
    (PENNY_TAG, "bigbang", "  ", None, "BAD_CARD"),
    (PENNY_TAG, "bigbang", "pen\nny", None, "BAD_CARD"),
    (PENNY_TAG, "bigbang", "penny", "x" * 101, "BAD_CARD"),
])
def test_bad_enrolments_are_refused_and_store_nothing(catalogue, uid, game, card, label, code):
    with pytest.raises(RuleError) as err:
        catalogue.enrol(uid, game, card, label)
    assert err.value.code == code
    assert catalogue.list() == []


# -- CSV ---------------------------------------------------------------------------------------------
def test_a_catalogue_survives_a_csv_round_trip(tmp_path, catalogue):
    catalogue.enrol(PENNY_TAG, "bigbang", "penny", label='Penny, the "good" one')
    catalogue.enrol(NTAG, "bigbang", "kripke", label="Крипке")
    catalogue.enrol("04000009", "eldersign", "investigator")
    path = tmp_path / "cards.csv"
    assert catalogue.export_csv(path) == 3
    with CardCatalogue(tmp_path / "other.db") as fresh:
        assert fresh.import_csv(path) == 3
        assert rows(fresh) == rows(catalogue)
    assert catalogue.import_csv(path) == 0  # importing what is already there changes nothing


def test_export_of_one_game_only(catalogue):
    catalogue.enrol(PENNY_TAG, "bigbang", "penny")
    catalogue.enrol("04000009", "eldersign", "investigator")
    out = io.StringIO()
    catalogue.export_csv(out, game="eldersign")
    assert out.getvalue().splitlines()[1:] == [line for line in out.getvalue().splitlines()[1:] if "eldersign" in line]
    assert len(out.getvalue().splitlines()) == 2


def test_a_bad_row_names_its_line_and_nothing_is_imported(catalogue):
    catalogue.enrol("04000009", "eldersign", "investigator")
    before = rows(catalogue)
    text = "uid,game,card,label\n04a1b2c3,bigbang,penny,\n04zz,bigbang,howard,\n04000002,bigbang,raj,\n"
    with pytest.raises(RuleError) as err:
        catalogue.import_csv(io.StringIO(text))
    assert err.value.code == "BAD_CSV" and "Line 3" in err.value.message and "04zz" in err.value.message
    assert rows(catalogue) == before


@pytest.mark.parametrize("text, line", [
    ("uid,game,card\n04a1b2c3,bigbang,penny\n04000002,bigbang,\n", "Line 3"),  # no card name
    ("uid,game,card\n04a1b2c3,bigbang,penny\n04:A1:B2:C3,bigbang,raj\n", "Line 3"),  # the same tag twice
    ("uid,game,card\n04a1b2c3,bigbang,penny,extra\n", "Line 2"),  # a cell too many
    ("uid,game,card,label,enrolled_at\n04a1b2c3,bigbang,penny,,yesterday\n", "Line 2"),
    ("uid,card\n04a1b2c3,penny\n", "Line 1"),  # no game column
])
def test_every_kind_of_bad_csv_names_the_line(catalogue, text, line):
    with pytest.raises(RuleError) as err:
        catalogue.import_csv(io.StringIO(text))
    assert line in err.value.message
    assert catalogue.list() == []


def test_an_import_that_would_change_a_known_tag_is_refused_unless_replacing(catalogue):
    catalogue.enrol(PENNY_TAG, "bigbang", "penny")
    text = "uid,game,card\n04000002,bigbang,raj\n04a1b2c3,bigbang,howard\n"
    with pytest.raises(RuleError) as err:
        catalogue.import_csv(io.StringIO(text))
    assert err.value.code == "TAG_KNOWN" and "Line 3" in err.value.message
    assert [e.card for e in catalogue.list()] == ["penny"]
    assert catalogue.import_csv(io.StringIO(text), replace=True) == 2
    assert sorted(e.card for e in catalogue.list()) == ["howard", "raj"]


# -- the names Big Bang cards can have --------------------------------------------------------------
def test_big_bang_offers_characters_red_moon_location_cards_and_artefacts():
    ids = {c.id for c in enrolable_cards("bigbang")}
    assert {"penny", "leonard", "red_moon", "artefact:clue", "artefact:reroll"} <= ids
    assert {card["id"] for card in default_settings()["cards"]} <= ids
    assert enrolable_cards("no-such-game") == []


@pytest.mark.parametrize("typed, expected", [
    ("pen", ["penny"]),
    ("WIL", ["wil-wheaton-work", "wil-wheaton-home", "wil-wheaton-fun"]),
    ("amy", ["amy"]),
    ("barry", ["kripke"]),  # a word of the card's name
    ("art", ["artefact:reroll", "artefact:clue", "artefact:cubes", "artefact:moon"]),
    ("zzz", []),
])
def test_the_enrolment_list_narrows_by_prefix(typed, expected):
    assert [c.id for c in match_cards("bigbang", typed)] == expected


# -- the CLI (in-process: `companion cards` is wired into companion/cli.py by the lead) -------------
def cards_cli(db_path, *argv, stdin=""):
    parser = argparse.ArgumentParser(prog="companion")
    add_cards_parser(parser.add_subparsers(required=True))
    args = parser.parse_args(["cards", *argv, "--db", str(db_path)])
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        return args.func(args)
    finally:
        sys.stdin = old


def test_cli_enrols_lists_and_forgets(db_path, capsys):
    assert cards_cli(db_path, "enrol", "--game", "bigbang", "04:A1:B2:C3", "penny") == 0
    assert "Enrolled the tag 04a1b2c3 as penny" in capsys.readouterr().out
    cards_cli(db_path, "list")
    assert capsys.readouterr().out.split()[:3] == [PENNY_TAG, "bigbang", "penny"]
    cards_cli(db_path, "forget", PENNY_TAG)
    cards_cli(db_path, "list")
    assert "No tags are enrolled" in capsys.readouterr().out


def test_cli_refuses_a_known_tag_and_an_unknown_game(db_path):
    cards_cli(db_path, "enrol", "--game", "bigbang", PENNY_TAG, "penny")
    with pytest.raises(RuleError) as err:
        cards_cli(db_path, "enrol", "--game", "bigbang", PENNY_TAG, "raj")
    assert err.value.code == "TAG_KNOWN"
    with pytest.raises(RuleError) as err:
        cards_cli(db_path, "enrol", "--game", "bigbnag", "04000002", "raj")
    assert err.value.code == "UNKNOWN_GAME"
    with CardCatalogue(db_path) as c:
        assert [e.card for e in c.list()] == ["penny"]


def test_cli_enrols_scans_typed_on_stdin_asking_each_card_by_prefix(db_path, capsys):
    cards_cli(db_path, "enrol", "--game", "bigbang", "04000009", "raj")
    typed = "\n".join([
        "0077772223", "pen",  # a USB reader's 10 digits; one card starts with "pen"
        "04:a1:b2:c3", "wil", "2",  # three Wil Wheatons: pick the second
        "04000009",  # already enrolled: said, not asked
        "garbage",  # not a tag: said, skipped
        "04000005", "zzz", "",  # no such card, then skip
        "",  # done
    ]) + "\n"
    assert cards_cli(db_path, "enrol", "--game", "bigbang", stdin=typed) == 0
    out = capsys.readouterr().out
    assert "already raj" in out and "not a card tag" in out and 'starts with "zzz"' in out and "2 tags enrolled" in out
    with CardCatalogue(db_path) as c:
        assert {(e.uid, e.card) for e in c.list()} == {("04a2b5bf", "penny"), (PENNY_TAG, "wil-wheaton-home"), ("04000009", "raj")}


def test_cli_export_then_import_into_another_file(tmp_path, db_path, capsys):
    cards_cli(db_path, "enrol", "--game", "bigbang", PENNY_TAG, "penny", "--label", "Penny 1")
    csv_path = tmp_path / "cards.csv"
    cards_cli(db_path, "export", str(csv_path))
    other = tmp_path / "other.db"
    cards_cli(other, "import", str(csv_path))
    assert "Imported 1" in capsys.readouterr().out
    with CardCatalogue(other) as c:
        assert [(e.uid, e.card, e.label) for e in c.list()] == [(PENNY_TAG, "penny", "Penny 1")]


# -- what each game knows of its cardboard (`companion cards known`) ------------------------------------
@pytest.mark.parametrize("game_id", ["bigbang", "eldersign", "munchkin", "dungeontwister"])
def test_cards_known_prints_every_card_of_the_game_as_one_json_object_a_line(game_id):
    import json
    import subprocess

    from companion.registry import get_game

    done = subprocess.run([sys.executable, "-m", "entry", "cards", "known", game_id, "--json"],
                          capture_output=True, text=True, timeout=60, check=True)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["id"] for line in lines] == [card.id for card in get_game(game_id).cards()]
    assert all(line["kind"] and line["names"].get("en") for line in lines)


def test_the_card_docs_are_made_from_the_games_cards_and_up_to_date():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("cards_docs", Path(__file__).resolve().parent.parent / "tools" / "cards_docs.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--check"]) == 0, "run: python tools/cards_docs.py"


def test_a_card_name_shows_in_the_tables_language_else_in_english_and_survives_the_save_file():
    import gettext

    from companion import i18n
    from companion.messages import M, Names, text_from_json, text_json

    name = Names({"en": "Plutonium Dragon", "de": "Plutoniumdrache"})
    line = M("{player} fights {monster}.", player="Ann", monster=name)
    before = i18n.language()
    try:
        i18n.use(gettext.NullTranslations(), "de")
        assert render(text_from_json(text_json(line))) == "Ann fights Plutoniumdrache."
        i18n.use(gettext.NullTranslations(), "it")
        assert render(name) == "Plutonium Dragon"
    finally:
        i18n.use(gettext.NullTranslations(), before)
