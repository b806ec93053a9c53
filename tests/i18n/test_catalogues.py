"""The translations are complete: template, catalogues and compiled files agree with the code.

When a test here fails it names each message and language, e.g.
``cs: untranslated: 'Take the pile'``. ``python tools/translations.py`` brings the template and the
catalogues up to date; then fill in what the failure lists and run it again (README,
"Translations").
"""

from __future__ import annotations

import gettext
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from canasta_game.engine.scoring import LINE_TEXT
from canasta_game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
from canasta_game.ui.score_lines import LABELS

pytest.importorskip("babel", reason="Babel comes with the 'test' extra")

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()


def test_the_template_in_the_repository_matches_the_code() -> None:
    stale = tool.stale_template()
    assert not stale, "run python tools/translations.py:\n" + "\n".join(stale)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    problems = [str(p) for p in tool.catalogue_problems(code)]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_file_compiled(code: str) -> None:
    assert not tool.mo_out_of_date(code), "run python tools/translations.py to compile it"


def test_a_catalogue_compiled_by_another_babel_is_up_to_date_a_changed_one_is_not(
    tmp_path: Path,
) -> None:
    """Only the "Generated-By" line differs between Babel releases (same length here, so
    the bytes stay aligned); a changed translation in the .po must still show the .mo as
    out of date."""
    po = tool.catalogue_path("cs")
    mo = po.with_suffix(".mo").read_bytes()
    header = re.search(rb"Generated-By: Babel [^\n]*", mo)
    assert header is not None
    other = mo.replace(
        header.group(), b"Generated-By: Babel " + b"9" * (header.end() - header.start() - 20), 1
    )
    assert other != mo
    assert tool.mo_entries(other) == tool.mo_entries(tool.compiled(po))
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "Hraje {name}"' in text
    changed = tmp_path / "changed.po"
    changed.write_text(text.replace('msgstr "Hraje {name}"', 'msgstr "Hraje {name}!"', 1), "utf-8")
    assert tool.mo_entries(mo) != tool.mo_entries(tool.compiled(changed))


def test_the_check_finds_an_untranslated_a_fuzzy_and_a_changed_placeholder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checks above can fail: a catalogue with each fault is reported message by message."""
    po = tool.catalogue_path("cs").read_text(encoding="utf-8")
    po = po.replace('msgstr "Hraje {name}"', 'msgstr ""', 1)
    po = po.replace('msgstr "Na tahu: {name}"', 'msgstr "Na tahu: {jmeno}"', 1)
    po = po.replace(
        'msgid "Draw a card or take the pile"', '#, fuzzy\nmsgid "Draw a card or take the pile"', 1
    )
    broken = tmp_path / "cs" / "LC_MESSAGES" / f"{DOMAIN}.po"
    broken.parent.mkdir(parents=True)
    broken.write_text(po, encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    found = {(p.message, p.what) for p in tool.catalogue_problems("cs")}
    assert ("{name} is playing", "untranslated") in found
    assert ("Turn: {name}", "placeholders differ from the English") in found
    assert ("Draw a card or take the pile", "fuzzy") in found


def test_czech_has_three_plural_forms() -> None:
    czech = gettext.translation(DOMAIN, LOCALE_DIR, languages=["cs"])
    forms = [czech.ngettext("{count} canasta", "{count} canastas", n) for n in (1, 3, 5)]
    assert forms == ["{count} kanasta", "{count} kanasty", "{count} kanast"]


def test_every_score_line_of_the_engine_has_a_translatable_name() -> None:
    assert set(LABELS) == set(LINE_TEXT)


def test_the_rules_pages_in_docs_say_what_the_rules_screen_says() -> None:
    spec = importlib.util.spec_from_file_location("rules_page", ROOT / "tools" / "rules_page.py")
    assert spec is not None and spec.loader is not None
    pages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pages)
    for name, text in pages.pages().items():
        committed = (ROOT / "docs" / name).read_text(encoding="utf-8")
        assert committed == text, f"docs/{name} is out of date: run python tools/rules_page.py"
