"""A voice that cannot be heard shows on every page, in the table's language (issue 22), and the
language chosen on the table's page is kept for the next start."""
from companion.messages import M
from entry.root import kept_language
from hardware.events import DeviceProblem
from tests.ui.conftest import click, open_page, shown
from ui import i18n

SILENT = M("The voice is silent: no sound card or speaker was found.")


def test_a_silent_voice_shows_on_every_page_until_it_is_heard_again(companion, hub, app):
    other = open_page(companion, hub)
    app.set_language("de")
    try:
        companion._problem(DeviceProblem("speech", "no sound card", text=SILENT))  # from the speech thread, as the rig reports it
        german = i18n.translation("de").gettext(SILENT.id)
        assert german != SILENT.id and german in shown(app) and german in shown(other)
        companion._problem(DeviceProblem("speech", "heard again", ok=True, text=M("The voice is heard again.")))
        assert german not in shown(app) and german not in shown(other)
    finally:
        i18n.set_language("en")


def test_ok_puts_a_silent_voices_notice_away(companion, hub, app):
    companion._problem(DeviceProblem("speech", "no sound card", text=SILENT))
    assert SILENT.id in shown(app)
    click(app.root, "OK")
    assert SILENT.id not in shown(app) and companion.notices == []


def test_the_language_chosen_on_the_table_page_is_kept(companion, hub, app):
    try:
        app.set_language("nl")
        assert kept_language(companion.store.path) == "nl"
    finally:
        i18n.set_language("en")
