"""The translations' one command: extract the template, update the catalogues, compile them.

    python tools/translations.py          # the .pot from the code, then every .po, then .mo
    python tools/translations.py --check  # change nothing; list what is missing, exit 1 if any

After the first command a new English message is in every ``.po`` with an empty ``msgstr``
and a changed one is marked fuzzy; ``--check`` (and ``tests/i18n``) name each such message
per language. Translate them in ``canasta_game/locale/<lang>/LC_MESSAGES/canasta_game.po``,
remove the ``#, fuzzy`` lines, and run the first command again to compile the ``.mo`` files
the game reads. Needs Babel (in the ``test`` extra); the game itself does not.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "canasta_game"
LOCALE = PACKAGE / "locale"
DOMAIN = "canasta_game"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
MAPPING = ROOT / "babel.cfg"
TRANSLATED = ("cs", "es", "it")
KEYWORDS = ["-k", "_", "-k", "N_", "-k", "ngettext:1,2", "-k", "pgettext:1c,2",
            "-k", "npgettext:1c,2,3"]  # fmt: skip
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def extract(output: Path) -> None:
    """Write the template of every marked message in the package to ``output``."""
    output.parent.mkdir(parents=True, exist_ok=True)
    _babel(
        "extract", "--no-default-keywords", *KEYWORDS, "-F", str(MAPPING),
        "--add-location=file", "--sort-by-file", "--add-comments=TRANSLATORS:",
        "--project=canasta-game", "--copyright-holder=canasta-game contributors",
        "--msgid-bugs-address=-", "-o", str(output), PACKAGE.name,
    )  # fmt: skip


def update() -> None:
    """Template, catalogues (created if missing), compiled ``.mo`` files, in that order."""
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "fresh.pot"
        extract(fresh)
        if not TEMPLATE.is_file() or _undated(fresh) != _undated(TEMPLATE):
            TEMPLATE.write_bytes(fresh.read_bytes())  # else keep it: no diff for a new date
    for code in TRANSLATED:
        po = catalogue_path(code)
        _babel(
            "update", "-i", str(TEMPLATE), "-o", str(po), "-l", code, "--init-missing",
            "--ignore-obsolete", "--no-wrap",
        )  # fmt: skip
        po.with_suffix(".mo").write_bytes(compiled(po))


def _undated(pot: Path) -> list[str]:
    lines = pot.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if not line.startswith('"POT-Creation-Date:')]


def catalogue_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of a catalogue; fuzzy translations are left out, as gettext would."""
    buffer = io.BytesIO()
    write_mo(buffer, read(po), use_fuzzy=False)
    return buffer.getvalue()


def message_keys(catalog: Catalog) -> set[tuple[str | None, str, str | None]]:
    """(context, msgid, plural msgid) of every message, the header left out."""
    keys: set[tuple[str | None, str, str | None]] = set()
    for message in catalog:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id, None)
            keys.add((message.context, ids[0], ids[1]))
    return keys


def stale_template() -> list[str]:
    """Messages the code has and the template lacks, or the other way round."""
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "fresh.pot"
        extract(fresh)
        code, committed = message_keys(read(fresh)), message_keys(read(TEMPLATE))
    added = [f"in the code, not in the template: {k!r}" for k in sorted(code - committed, key=str)]
    gone = [f"in the template, not in the code: {k!r}" for k in sorted(committed - code, key=str)]
    return added + gone


@dataclass(frozen=True)
class Problem:
    language: str
    message: str
    what: str

    def __str__(self) -> str:
        return f"{self.language}: {self.what}: {self.message!r}"


def _names(text: str) -> set[str]:
    return {m.group(1) for m in PLACEHOLDER.finditer(text)}


def catalogue_problems(code: str) -> list[Problem]:
    """Untranslated, fuzzy, placeholder-changed and stale messages of one catalogue."""
    catalog = read(catalogue_path(code), code)
    template = message_keys(read(TEMPLATE))
    problems = [
        Problem(
            code, str(key[1]), "in the template, not in the catalogue (run tools/translations.py)"
        )
        for key in sorted(template - message_keys(catalog), key=str)
    ]
    for message in catalog:
        if message.id:
            problems.extend(_message_problems(code, message, catalog.num_plurals))
    return problems


def _message_problems(code: str, message: Message, plurals: int) -> list[Problem]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    source = " | ".join(ids)
    if message.fuzzy:
        return [Problem(code, source, "fuzzy")]
    if not all(strings):
        return [Problem(code, source, "untranslated")]
    if len(ids) > 1 and len(strings) != plurals:
        return [Problem(code, source, f"needs {plurals} plural forms")]
    wanted = set().union(*(_names(i) for i in ids))
    found = [_names(s) for s in strings]
    if any(names - wanted for names in found) or (len(ids) == 1 and found[0] != wanted):
        return [Problem(code, source, "placeholders differ from the English")]
    return []


def mo_out_of_date(code: str) -> bool:
    po = catalogue_path(code)
    mo = po.with_suffix(".mo")
    return not mo.is_file() or mo_entries(mo.read_bytes()) != mo_entries(compiled(po))


def mo_entries(data: bytes) -> list[tuple[str, str, str]]:
    """What a ``.mo`` says: every message with its translation, the header included, sorted.
    Not its bytes: Babel writes its own version into the header ("Generated-By"), so a
    catalogue compiled by another Babel release must still count as up to date. Reading it
    back rebuilds that line from the Babel reading it, the same for both sides."""
    catalog = read_mo(io.BytesIO(data))
    return sorted((repr(m.context), repr(m.id), repr(m.string)) for m in catalog)


def check() -> list[str]:
    """Everything that keeps the translations from being complete, as lines for a person."""
    lines = stale_template()
    for code in TRANSLATED:
        lines.extend(str(p) for p in catalogue_problems(code))
        if mo_out_of_date(code):
            lines.append(f"{code}: the .mo file does not match the .po (run tools/translations.py)")
    return lines


def _babel(*args: str) -> None:
    """Run one pybabel command from the repository root, so locations read canasta_game/..."""
    with contextlib.chdir(ROOT):
        CommandLineInterface().run(["pybabel", "-q", *args])


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        lines = check()
        print("\n".join(lines) or "every message is translated in every language")
        return 1 if lines else 0
    if argv:
        print(__doc__)
        return 2
    update()
    lines = check()
    print("\n".join(lines) or "every message is translated in every language")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
