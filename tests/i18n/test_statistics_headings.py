"""Issue 15 item 7: every column of the Statistics screen says what it counts.

There were two columns headed "Won" (matches, hands) and one headed "Went out" that stayed 0
when the partner went out, because it counts only the player's own going out.
"""

from __future__ import annotations

import pytest

from canasta_game.i18n import LANGUAGES, set_language
from canasta_game.persistence.stats import Tally
from canasta_game.ui.shell.statistics_screen import cells, columns


@pytest.fixture
def english() -> object:
    yield
    set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_two_statistics_columns_share_a_heading(english: object, language: str) -> None:
    set_language(language)
    headings = columns()
    assert len(set(headings)) == len(headings) == len(cells(Tally()))


def test_the_headings_name_whose_count_it_is(english: object) -> None:
    set_language("en")
    headings = columns()
    assert "Won" not in headings and "Went out" not in headings
    assert {"Matches won", "Hands won", "Times you went out"} <= set(headings)
    going_out = headings.index("Times you went out")
    partner_went_out = Tally().after_hand(won=True, canastas=1, went_out=False)
    assert cells(partner_went_out)[going_out] == "0"  # yours only, and the heading says so
