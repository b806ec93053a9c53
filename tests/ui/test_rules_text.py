"""The Rules screen explains every variant (issues 11 and 13) in the player's words."""

from __future__ import annotations

import re

import pytest

from canasta_game.i18n import LANGUAGE_NAMES, _, set_language
from canasta_game.ui.shell.match_setup import preset_label
from canasta_game.ui.shell.rules_text import sections, variant_sections

RULE_ID = re.compile(r"[A-Z]+-\d")


def test_the_spanish_rule_books_presets_have_a_section_under_their_new_game_name() -> None:
    """URU-1, V-CUB and V-BRIT: the heading is the name New game gives the preset."""
    headings = [heading for heading, _paragraphs in variant_sections()]
    for name in ("uruguayan", "cuban", "british"):
        assert preset_label(name) in headings, name


def test_the_variants_other_branches_bring_have_a_section() -> None:
    """V-MAC, V-HF and V-IT are explained even before New game offers them."""
    headings = [heading for heading, _paragraphs in variant_sections()]
    for heading in (_("Modern American Canasta"), _("Hand and Foot"), _("Italian Canasta")):
        assert heading in headings


def test_uru_1_uruguayan_is_said_to_play_by_the_classic_rules() -> None:
    uruguayan = dict(variant_sections())[preset_label("uruguayan")]
    assert any("Classic rules" in paragraph for paragraph in uruguayan)


@pytest.mark.parametrize("code", sorted(LANGUAGE_NAMES))
def test_every_section_is_translated_and_shows_no_rule_id(code: str) -> None:
    set_language("en")
    english = [paragraph for _heading, paragraphs in sections() for paragraph in paragraphs]
    set_language(code)
    try:
        texts = sections()
    finally:
        set_language("en")
    paragraphs = [paragraph for _heading, paragraphs in texts for paragraph in paragraphs]
    assert len({heading for heading, _paragraphs in texts}) == len(texts)  # no heading twice
    for paragraph, original in zip(paragraphs, english, strict=True):
        assert not RULE_ID.search(paragraph), paragraph
        if code != "en":
            assert paragraph != original, paragraph
