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
                                          "random command sequences", "secrets crawl (every viewer, every step)",
                                          "two paths to one file (a symlink)", "disk full at start", "read-only card after a kill -9",
                                          "repair during play", "a missing step", "card made read-only by the kernel mid-game"}
    assert [r for r in results if r.failures] == [], suite.table(results)
    assert all(r.runs > 0 or r.detail.startswith("skipped") for r in results)


def test_the_secrets_rows_play_dungeon_twister_on_seat_screens_too_and_catch_a_card_shown_to_all():
    """Dungeon Twister's default (the table enters revealed cards) keeps no card secret: the crawl must also
    play it on seat screens, where an undo-list line naming a face-down card to everyone is caught."""
    from companion.contract import seat_viewer
    from companion.games.dungeontwister import GAME, views
    from tests.walks import fault_suite

    suite = fault_suite()
    assert suite.ways_to_play(GAME) == [{}, {"seats": {"secret_choices": "seats"}}]
    assert suite.start_request(GAME, 1)["settings"] == {"seats": {"secret_choices": "seats"}}
    assert "settings" not in suite.start_request(GAME, 0)  # the default, a table without phones: the other seeds

    def as_the_chooser(before, events, viewer):  # a line that forgets who reads it
        chooser = next((e.colour for e in events if e.kind == "combat_card_chosen"), None)
        return views.describe(before, events, seat_viewer(chooser) if chooser else viewer)

    leaky = type(GAME)(**{**GAME.__dict__, "describe": as_the_chooser})
    assert suite.secrets_crawl([GAME], 2).failures == 0
    assert suite.secrets_crawl([leaky], 2).failures > 0
