"""Issue 24 §2: each game owns its words. A game's texts (its rules in companion/games/<id>/, its screens in
ui/games/<id>/) are in its own catalogue, companion/games/<id>/locales/; the shell's catalogue, ui/locales/,
holds the rest. At load they are one catalogue again; `tools/i18n.py extract` puts every entry where it
belongs without losing a translation, guesses none, and adding a game writes only into the game's folder."""
from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from pydantic import Field

from companion.i18n import N_
from companion.settings import Section
from tests.games.counter import GAME as COUNTER
from tests.test_i18n import ROOT, TRANSLATED, english_afterwards, tool  # noqa: F401 - the fixture is used by every test here
from ui import i18n


def entries(language: str, name: str, root: Path = ROOT) -> dict[tuple[str | None, str], object]:
    """(msgctxt, msgid) -> msgstr of one catalogue's active entries."""
    return {tool.key(m): m.string for m in tool.read(tool.po_path(language, name, root), language) or () if m.id}


# -- where the words are ------------------------------------------------------------------------------------
def test_a_games_words_are_in_its_own_catalogue_and_the_shells_words_in_the_shells():
    shell, bigbang, munchkin = (entries("de", name) for name in (tool.SHELL, "bigbang", "munchkin"))
    assert bigbang[(None, "Red moon")] == "Roter Mond" and (None, "Red moon") not in shell  # the rules' words
    assert (None, "Start the game first.") in shell and (None, "Start the game first.") not in bigbang  # the core's
    assert munchkin[("munchkin", "Level")] == "Stufe"  # a word of the game's screens (ui/games/munchkin/), in its context


def test_a_text_the_shell_shares_with_a_game_stays_in_the_shells_catalogue_alone():
    """"Cancel" is the shell's and every game's screens': one entry, the shell's, read by every game."""
    assert (None, "Cancel") in entries("de", tool.SHELL)
    assert all((None, "Cancel") not in entries("de", game) for game in ("bigbang", "dungeontwister", "eldersign", "munchkin"))


def test_a_text_several_games_share_is_in_each_of_their_catalogues_translated_alike():
    """"End the turn" is Munchkin's and Dungeon Twister's, not the shell's: each game keeps its copy, so
    either can be taken away; at load they are one entry, so `check` refuses copies that differ."""
    for language in TRANSLATED:
        copies = {entries(language, game).get((None, "End the turn")) for game in ("munchkin", "dungeontwister")}
        assert len(copies) == 1 and None not in copies and "" not in copies
        assert (None, "End the turn") not in entries(language, tool.SHELL)


def test_at_load_the_games_catalogues_join_the_shells():
    from companion.i18n import _, pgettext
    from companion.messages import P, render

    i18n.set_language("de")
    assert _("Start the game first.") == "Starte zuerst das Spiel."  # the shell's
    assert _("Red moon") == "Roter Mond"  # Big Bang's
    assert pgettext("eldersign", "Clues") == "Hinweise" and pgettext("munchkin", "Level") == "Stufe"  # in a game's context
    i18n.set_language("ru")  # a game's plural, with Russian's three forms
    shown = [render(P("Discard {n} card and end the turn", "Discard {n} cards and end the turn", n=n)) for n in (1, 3, 5)]
    assert len(set(shown)) == 3 and all(str(n) in line for n, line in zip((1, 3, 5), shown, strict=True))


# -- a command, and what it changes ------------------------------------------------------------------------
def copy_of_the_project(into: Path) -> Path:
    """The sources the extractor reads and every catalogue, in a folder of their own."""
    def skipped(folder: str, found: list[str]) -> set[str]:
        return {name for name in found if name == "__pycache__" or (Path(folder, name).is_file()
                                                                     and not name.endswith((".py", ".po", ".pot")))}

    for folder in tool.SOURCES:
        shutil.copytree(ROOT / folder, into / folder, ignore=skipped)
    return into


def fingerprints(root: Path) -> dict[str, str]:
    return {str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(root.rglob("*")) if path.is_file() and "__pycache__" not in path.parts}


COIN_RACE = {
    "__init__.py": '"""A coin race: the first to 20 coins wins."""\n'
                   "from companion.listing import GameListing\nfrom companion.messages import M\n\n"
                   'LISTING = GameListing.of_package(__name__, M("Coin race"))\n__getattr__ = LISTING.module_getattr\n',
    "config.py": "from pydantic import Field\n\nfrom companion.i18n import N_\nfrom companion.settings import Section\n\n\n"
                 "class CoinRaceSettings(Section):\n"
                 '    target: int = Field(ge=5, le=99, title=N_("Coins to win"), description=N_("The first seat to reach this wins."))\n',
    "views.py": "from companion.i18n import pgettext\nfrom companion.messages import M, P\n\n\n"
                "def words(player: str, n: int) -> list[object]:\n"
                '    return [M("{player} rolls and takes {n} coins.", player=player, n=n), P("{n} coin", "{n} coins", n=n),\n'
                '            pgettext("coinrace", "Coin"), M("End the turn"), M("Cancel")]\n',
}


def test_adding_a_game_writes_only_into_its_own_folder(tmp_path):
    """The issue's coin race: its texts go to companion/games/coinrace/locales/ and nowhere else. A text the
    shell has is read from the shell's; one another game has comes with that game's translation; a new text
    stays empty: "Coin race" is not guessed from a similar text (it once became "Beitrittscode")."""
    root = copy_of_the_project(tmp_path / "project")
    assert tool.update(root) == []  # the copy is as the project: extract changes nothing
    game = root / "companion" / "games" / "coinrace"
    game.mkdir()
    for name, text in COIN_RACE.items():
        (game / name).write_text(text, encoding="utf-8")
    before = fingerprints(root)

    changed = tool.update(root)

    after = fingerprints(root)
    touched = {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}
    assert touched == {f"companion/games/coinrace/locales/{f}" for f in
                       ("coinrace.pot", *(f"{language}/LC_MESSAGES/coinrace.po" for language in TRANSLATED))}
    assert set(changed) == touched
    for language in TRANSLATED:
        words = entries(language, "coinrace", root)
        assert words[(None, "Coin race")] == "" and words[(None, "Coins to win")] == "" and words[("coinrace", "Coin")] == ""
        assert words[(None, "End the turn")] == entries(language, "munchkin")[(None, "End the turn")] != ""
        assert (None, "Cancel") not in words  # the shell's
        assert not any(m.fuzzy for m in tool.read(tool.po_path(language, "coinrace", root), language) or ())
    new = {"Coin race", "Coins to win", "The first seat to reach this wins.", "{player} rolls and takes {n} coins.", "{n} coin", "Coin"}
    assert {(p.language, p.kind, p.msgid) for p in tool.check(root=root)} == {
        (language, "untranslated", text) for language in TRANSLATED for text in new}


def tiny_project(root: Path) -> Path:
    """A project of two texts: the shell's and a game's."""
    (root / "ui").mkdir(parents=True)
    (root / "ui" / "shell.py").write_text('from companion.i18n import _\nA = _("Welcome")\n', encoding="utf-8")
    (root / "companion" / "games" / "alpha").mkdir(parents=True)
    (root / "companion" / "games" / "alpha" / "rules.py").write_text('from companion.messages import M\nB = M("Alpha wins")\n',
                                                                     encoding="utf-8")
    tool.update(root)
    return root


def translate(root: Path, name: str, language: str, text: str, translation: str) -> None:
    """Write one translation into a catalogue file, as a translator (or a branch from before a move) does."""
    path = tool.po_path(language, name, root)
    catalog = tool.read(path, language) or tool._new_catalog(language, name)
    if catalog.get(text) is None:
        catalog.add(text, translation)
    else:
        catalog.get(text).string = translation
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(tool.render(catalog))


def test_a_games_translation_written_in_the_shells_catalogue_moves_to_the_games(tmp_path):
    """A branch from before the move translated the game's text in the shell's catalogue: after the merge,
    extract takes it into the game's catalogue (it is the newest) and out of the shell's."""
    root = tiny_project(tmp_path)
    translate(root, "alpha", "de", "Alpha wins", "Alpha gewinnt (alt)")
    translate(root, tool.SHELL, "de", "Alpha wins", "Alpha hat gewonnen")
    assert {p.kind for p in tool.check(("de",), root)} >= {"misplaced"}

    tool.update(root)

    assert entries("de", "alpha", root)[(None, "Alpha wins")] == "Alpha hat gewonnen"
    assert (None, "Alpha wins") not in entries("de", tool.SHELL, root)
    assert {(p.kind, p.msgid) for p in tool.check(("de",), root)} == {("untranslated", "Welcome")}


def test_a_text_the_code_no_longer_marks_is_kept_as_obsolete_and_comes_back_translated(tmp_path):
    root = tiny_project(tmp_path)
    translate(root, "alpha", "it", "Alpha wins", "Vince Alpha")
    rules = root / "companion" / "games" / "alpha" / "rules.py"
    rules.write_text('from companion.messages import M\nB = M("Alpha wins!")\n', encoding="utf-8")
    tool.update(root)
    catalog = tool.read(tool.po_path("it", "alpha", root), "it")
    assert catalog.get("Alpha wins!").string == "" and not catalog.get("Alpha wins!").fuzzy  # no guess from the old text
    assert [m.string for m in catalog.obsolete.values()] == ["Vince Alpha"]
    rules.write_text('from companion.messages import M\nB = M("Alpha wins")\n', encoding="utf-8")
    tool.update(root)
    assert entries("it", "alpha", root)[(None, "Alpha wins")] == "Vince Alpha"


def test_a_text_the_shell_starts_sharing_moves_into_the_shells_catalogue_with_its_translation(tmp_path):
    root = tiny_project(tmp_path)
    translate(root, "alpha", "nl", "Alpha wins", "Alpha wint")
    (root / "ui" / "shell.py").write_text('from companion.i18n import _\nA = _("Welcome")\nB = _("Alpha wins")\n', encoding="utf-8")
    tool.update(root)
    assert entries("nl", tool.SHELL, root)[(None, "Alpha wins")] == "Alpha wint"
    assert (None, "Alpha wins") not in entries("nl", "alpha", root)


def test_a_merged_branchs_changed_translations_win_wherever_it_wrote_them(tmp_path):
    """`extract --merge-from BRANCH`: the translations BRANCH wrote since it forked are kept, even where the
    merge was settled by taking this side's catalogue files, and even when BRANCH wrote them in the shell's."""
    root = tiny_project(tmp_path)
    translate(root, "alpha", "ru", "Alpha wins", "Альфа победила")

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "empty")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "catalogues")
    git("checkout", "-q", "-b", "old")
    translate(root, tool.SHELL, "ru", "Alpha wins", "Альфа выиграла")  # written where an older tree kept it
    translate(root, tool.SHELL, "ru", "Welcome", "Привет")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "translated")
    git("checkout", "-q", "main")
    git("-c", "user.name=t", "-c", "user.email=t@t", "merge", "-q", "-s", "ours", "-m", "merged, catalogues as they were", "old")
    assert entries("ru", tool.SHELL, root)[(None, "Welcome")] == ""

    tool.update(root, changed=tool.branch_changes("old", root))

    assert entries("ru", "alpha", root)[(None, "Alpha wins")] == "Альфа выиграла"
    assert entries("ru", tool.SHELL, root)[(None, "Welcome")] == "Привет"
    assert (None, "Alpha wins") not in entries("ru", tool.SHELL, root)


# -- what a game shows that no catalogue could translate ------------------------------------------------------
def test_the_shipped_games_mark_every_setting_label_and_name_every_bound_command():
    assert tool.unmarked(tool.shipped_games()) == []


class Unmarked(Section):
    target: int = Field(ge=1, le=9, title="Points to win", description=N_("Start the game first."))


def test_a_setting_label_not_marked_for_translation_is_flagged():
    """The guide's example once left N_() out: the wizard then showed "Points to win" in English everywhere."""
    import dataclasses

    found = tool.unmarked({"counter": dataclasses.replace(COUNTER, settings=Unmarked)})
    assert [(p.kind, p.msgid) for p in found] == [("unmarked", "Points to win")]  # its help is a text the shell marks
    assert "target (label)" in found[0].detail


def test_a_bound_command_without_a_name_is_flagged():
    """The gesture card once printed a command's English docstring in every language."""
    import dataclasses

    from companion.inputs import DEFAULT_BINDINGS, Bindings
    from companion.messages import M

    bound = Bindings.from_toml('[phase.choose]\nyes = { hold = { cmd = "choose", card = "c1" } }', base=DEFAULT_BINDINGS)
    found = tool.unmarked({"counter": dataclasses.replace(COUNTER, settings=Section, bindings=bound)})
    assert [p.kind for p in found] == ["unnamed"] and "hold YES while phase choose" in found[0].msgid
    named = dataclasses.replace(COUNTER, settings=Section, bindings=bound, name_command=lambda r: M("Choose card 1"))
    assert tool.unmarked({"counter": named}) == []
