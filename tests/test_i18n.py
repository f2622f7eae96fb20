"""Translations: every text a player reads exists in Dutch, Italian, Russian and German, keeps its
{placeholders}, switches at runtime, and the bundled font can draw it."""
from __future__ import annotations

import gettext
import importlib.util
import struct
import sys
import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.messages import render
from companion.session import Session
from ui import i18n

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "ui" / "assets" / "fonts"
TRANSLATED = ("nl", "it", "ru", "de")


def _load_tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def problems():
    return tool.check()


# -- the catalogues ---------------------------------------------------------------------------------
def test_the_languages_offered_are_english_and_the_four_catalogues():
    assert list(i18n.LANGUAGES) == ["en", *TRANSLATED]
    assert tool.LANGUAGES == TRANSLATED


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_parses_and_compiles(language):
    found = tool.read_all(language)
    assert set(found) == {tool.SHELL, "bigbang", "dungeontwister", "eldersign", "munchkin"}
    for name, catalog in found.items():
        assert catalog.locale.language == language, name
        assert len(catalog) > 100, name
    assert isinstance(i18n.translation(language), gettext.GNUTranslations)


def test_each_committed_template_lists_exactly_the_texts_in_the_code_that_belong_to_it():
    in_code = {name: {tool.key(m) for m in part if m.id} for name, part in tool.split().items()}
    for name, wanted in in_code.items():
        with tool.catalogue(name).template.open("rb") as f:
            committed = {tool.key(m) for m in read_po(f) if m.id}
        assert committed == wanted, f"{name}: run: python tools/i18n.py extract"


def test_every_marked_text_is_translated_in_every_language(problems):
    """Fails as soon as someone adds a _("...") without translating it (the code is scanned now)."""
    open_items = [str(p) for p in problems if p.kind in ("missing", "untranslated", "fuzzy", "misplaced", "differs")]
    assert not open_items, "run `python tools/i18n.py extract`, translate, check:\n" + "\n".join(open_items)


def test_every_translation_keeps_the_placeholders_and_edge_spaces(problems):
    wrong = [str(p) for p in problems if p.kind in ("placeholders", "unparsable", "whitespace")]
    assert not wrong, "\n".join(wrong)


def test_a_new_untranslated_text_is_caught(tmp_path):
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "new.py").write_text(
        'from companion.i18n import _\nMESSAGE = _("A brand new sentence about {thing}.")\n', encoding="utf-8")
    tool.update(tmp_path)
    found = tool.check(root=tmp_path)
    assert {(p.language, p.kind, p.msgid) for p in found} == {
        (language, "untranslated", "A brand new sentence about {thing}.") for language in TRANSLATED}


def test_a_word_in_a_games_context_is_extracted_and_translated_apart(tmp_path):
    """pgettext("munchkin", "Level"): its own entry (msgctxt), so each game may word it differently."""
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "w.py").write_text('from companion.i18n import pgettext\nA = pgettext("munchkin", "Level")\n'
                                          'B = pgettext("a-new-game", "Level")\n', encoding="utf-8")
    catalog = tool.extract(tmp_path)
    assert catalog.get("Level", "munchkin") is not None and catalog.get("Level", "a-new-game") is not None
    tool.update(tmp_path)
    de = tool.read_all("de", tmp_path)[tool.SHELL]
    de.get("Level", "munchkin").string = "Stufe"
    tool.po_path("de", root=tmp_path).write_bytes(tool.render(de))
    found = tool.check(("de",), root=tmp_path)  # Munchkin's is translated; the new game's not
    assert {(p.language, p.kind, p.msgid) for p in found} == {("de", "untranslated", "Level")}


def test_a_contexts_translation_is_the_one_shown():
    from companion.i18n import pgettext

    i18n.set_language("de")
    assert pgettext("munchkin", "Strength") == "Kampfstärke" and pgettext("eldersign", "Clues") == "Hinweise"


#: Russian texts that speak to several players at once: their plural ("возьмите", "Вы победили") is the plural of ты
RUSSIAN_TO_A_GROUP = ("The gate is closed. You win!", "The players need +{n}: play cards, ask for help or run away.",
                      "The players win this fight: kill the monsters.", "{dead} is dead. {looters}: take one card from the body")
#: the formal address: вы and its forms, or a verb in -ите/-йте/-ьте ("нажмите", "введите", "проверьте")
RUSSIAN_FORMAL = r"\b([Вв]ы|[Вв]ас|[Вв]ам|[Вв]ами|[Вв]аш\w*)\b|\b\w{3,}(ите|йте|ьте)\b"


def test_russian_speaks_to_a_player_with_the_informal_ty_throughout():
    import re

    formal = re.compile(RUSSIAN_FORMAL)
    found = []
    for message in (m for catalog in tool.read_all("ru").values() for m in catalog):
        ident = message.id if isinstance(message.id, str) else (message.id or ("",))[0]
        if not ident or ident.startswith(RUSSIAN_TO_A_GROUP):
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [f"{ident!r}: {form}" for form in forms if form and any(h.group(0) != "защите" for h in formal.finditer(form))]
    assert not found, "formal address (вы) among the informal (ты):\n" + "\n".join(found)


def test_a_lost_placeholder_is_caught(tmp_path):
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "x.py").write_text('_("Hello {name}, {n!r} cards")\n', encoding="utf-8")
    po = tool.po_path("de", root=tmp_path)
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  'msgid "Hello {name}, {n!r} cards"\nmsgstr "Hallo {Name}, {n} Karten"\n', encoding="utf-8")
    [problem] = tool.check(("de",), root=tmp_path)
    assert problem.kind == "placeholders"
    assert tool.placeholders("a {{literal}} {x:>3} {y!r}") == {"{x:>3}", "{y!r}"}


# -- switching at runtime -------------------------------------------------------------------------------
def _refusal() -> str:
    with pytest.raises(RuleError) as caught:
        Session(GAME, 7).apply({"cmd": "pass"})
    assert caught.value.code == "NOT_STARTED"
    return caught.value.message


def _prompt() -> str:
    return render(Session(GAME, 7).public_view().prompt)


def test_switching_language_changes_a_rule_error_and_back():
    assert _refusal() == "Start the game first."
    i18n.set_language("ru")
    assert _refusal() == "Сначала начни игру."
    assert i18n.current_language() == "ru"
    i18n.set_language("en")
    assert _refusal() == "Start the game first."
    assert i18n.current_language() == "en"


def test_switching_language_changes_the_table_prompt_and_back():
    english = _prompt()
    assert english.startswith("Start the game: name the")
    i18n.set_language("ru")
    russian = _prompt()
    assert russian.startswith("Начни игру") and any("а" <= ch <= "я" for ch in russian)
    i18n.set_language("de")
    assert _prompt().startswith("Starte das Spiel")
    i18n.set_language("en")
    assert _prompt() == english


def test_a_language_switch_changes_the_history_too():
    """Undo-list lines are messages made when shown: the whole history speaks the new language."""
    session = Session(GAME, 7)
    session.apply({"cmd": "start", "players": ["Ann", "Bob", "Cy"], "hands": {"Ann": ["penny"], "Bob": [], "Cy": []},
                   "settings": {"table": {"cards_from": "companion"}}})  # the companion lays the board: straight to play
    session.apply({"cmd": "play", "character": "penny", "cards": 1})
    session.apply({"cmd": "special"})
    lines = lambda: [render(session.describe(step)) for step in session.history]  # noqa: E731
    english = lines()
    assert english[1:] == ["Ann: plays 1 Penny card", "Ann: Penny's special action; the ring moves up (8 → 9)"]
    i18n.set_language("de")
    german = lines()
    assert german[1] == "Ann: spielt 1 Penny-Karte" and "Der Ring steigt (8 → 9)".lower() in german[2].lower()
    i18n.set_language("ru")
    assert all(any("а" <= ch <= "я" for ch in line) for line in lines())
    i18n.set_language("en")
    assert lines() == english


@pytest.mark.parametrize("language, expected", [("nl", "Rode maan"), ("it", "Luna rossa"), ("ru", "Красная луна"), ("de", "Roter Mond")])
def test_each_language_speaks_its_own_words(language, expected):
    i18n.set_language(language)
    from companion.i18n import _
    assert _("Red moon") == expected


def test_an_unknown_language_is_refused_and_changes_nothing():
    i18n.set_language("nl")
    with pytest.raises(ValueError, match=r"Unknown language 'fr'.*nl \(Nederlands\)"):
        i18n.set_language("fr")
    assert i18n.current_language() == "nl"
    assert _refusal() == "Start eerst het spel."


def test_catalogues_are_compiled_once():
    assert i18n.translation("it") is i18n.translation("it")
    assert type(i18n.translation("en")) is gettext.NullTranslations


# -- the bundled font ----------------------------------------------------------------------------------
def font_characters(path: Path) -> set[int]:
    """The code points a TrueType font maps to glyphs (cmap formats 4 and 12; enough for DejaVu)."""
    data = path.read_bytes()
    (tables,) = struct.unpack_from(">H", data, 4)
    offsets = {data[12 + 16 * i:16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0] for i in range(tables)}
    cmap = offsets[b"cmap"]
    _version, subtables = struct.unpack_from(">HH", data, cmap)
    found: set[int] = set()
    for i in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        at = cmap + offset
        (fmt,) = struct.unpack_from(">H", data, at)
        if fmt == 4:
            segments = struct.unpack_from(">H", data, at + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, at + 14)
            starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
            deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
            range_at = at + 16 + 6 * segments
            range_offsets = struct.unpack_from(f">{segments}H", data, range_at)
            for s, (start, end, delta, ro) in enumerate(zip(starts, ends, deltas, range_offsets, strict=True)):
                for code in range(start, end + 1):
                    if code == 0xFFFF:
                        continue
                    if ro == 0:
                        glyph = (code + delta) & 0xFFFF
                    else:
                        (glyph,) = struct.unpack_from(">H", data, range_at + 2 * s + ro + 2 * (code - start))
                        glyph = (glyph + delta) & 0xFFFF if glyph else 0
                    if glyph:
                        found.add(code)
        elif fmt == 12:
            (groups,) = struct.unpack_from(">I", data, at + 12)
            for g in range(groups):
                start, end, _glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
                found.update(range(start, end + 1))
    return found


FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


@pytest.fixture(scope="module", params=FONT_FILES)
def font(request):
    path = FONTS / request.param
    assert path.is_file(), f"missing bundled font {path}"
    return request.param, font_characters(path)


def test_the_font_licence_is_bundled():
    text = (FONTS / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream" in text and "Permission is hereby granted" in text


def test_the_font_draws_latin_and_cyrillic(font):
    name, chars = font
    needed = {ord(c) for c in "AZaz09äöüßÄÖÜàèéìòùëï"} | set(range(0x0410, 0x0450)) | {0x0401, 0x0451}
    assert not needed - chars, f"{name} lacks {''.join(map(chr, sorted(needed - chars)))!r}"


def test_the_font_draws_every_symbol_the_screens_use(font):
    name, chars = font
    sources = sorted((ROOT / "ui").rglob("*.py")) + [ROOT / "companion" / "console.py"]
    symbols = tool.symbols_in_code(sources)
    assert {"✓", "✗", "↶", "↷", "▶", "●"} <= symbols
    missing = {c for c in symbols if ord(c) not in chars and unicodedata.category(c) not in ("Cf", "Zs")}
    assert not missing, f"{name} cannot draw {sorted(missing)}"


def test_the_font_draws_every_translated_text(font):
    name, chars = font
    used = set()
    for language in TRANSLATED:
        for message in (m for catalog in tool.read_all(language).values() for m in catalog):
            if message.id and message.string:
                forms = message.string if isinstance(message.string, tuple) else (message.string,)  # plurals: every form
                used |= set("".join(forms))
    missing = {c for c in used if ord(c) > 127 and ord(c) not in chars}
    assert not missing, f"{name} cannot draw {sorted(missing)}"
