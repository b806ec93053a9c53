"""README and docs/ point only at what ships with the project (issue 15, item 10)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_page_sends_a_player_outside_the_project(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "../shared" not in text and "RULES.md" not in text


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_and_image_exists(page: Path) -> None:
    targets = [t for t in LINK.findall(page.read_text(encoding="utf-8")) if "://" not in t]
    missing = [t for t in targets if not (page.parent / t).exists()]
    assert not missing


def test_the_readme_links_the_rules_page_and_a_screenshot_per_language() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in ("docs/rules.md", "docs/table-cs.png", "docs/table-es.png", "docs/table-it.png"):
        assert f"]({target})" in text
