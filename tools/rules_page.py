"""Write the Rules screen's text as docs/rules.md and docs/rules.<lang>.md, one per language.

    python tools/rules_page.py

The pages are generated from ``canasta_game/ui/shell/rules_text.py`` and the catalogues, so
they say exactly what the game's Rules screen says; tests/i18n checks they are up to date.
"""

from __future__ import annotations

import sys
from pathlib import Path

from canasta_game.i18n import LANGUAGE_NAMES, set_language
from canasta_game.ui.shell.rules_text import rules_markdown

DOCS = Path(__file__).resolve().parents[1] / "docs"


def page_name(code: str) -> str:
    return "rules.md" if code == "en" else f"rules.{code}.md"


def pages() -> dict[str, str]:
    """File name -> Markdown text, for every language."""
    links = " · ".join(f"[{name}]({page_name(code)})" for code, name in LANGUAGE_NAMES.items())
    texts = {}
    for code in LANGUAGE_NAMES:
        set_language(code)
        texts[page_name(code)] = rules_markdown(links)
    set_language("en")
    return texts


def main() -> int:
    for name, text in pages().items():
        (DOCS / name).write_text(text, encoding="utf-8")
        print(DOCS / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
