"""Cards, ranks and melds in the grammar of each language (issue 14: "dva přirozené krále",
"dos reyes naturales", "due re naturali"), and the human's own moves in the second person.

The names are whole phrases per grammatical role, so a Czech suit agrees with the rank's
gender and a counted rank takes the case its number asks for.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from canasta_game.engine import events as ev
from canasta_game.engine.cards import RANK_OF, parse_card
from canasta_game.engine.reasons import reason
from canasta_game.i18n import set_language
from canasta_game.ui.table.move_log import describe
from canasta_game.ui.table.wording import reason_text

KING = RANK_OF[parse_card("Kc")]
NINE = RANK_OF[parse_card("9c")]


@pytest.fixture
def language() -> Iterator[object]:
    yield set_language
    set_language("en")


def wrong_card(card: str) -> str:
    return reason_text(reason("C-MELD-6", "meld_wrong_card", card=parse_card(card), rank=NINE))


def frozen(need: int) -> str:
    return reason_text(reason("C-PILE-6", "pile_frozen_pair", rank=KING, need=need))


def test_czech_suits_agree_with_the_rank_and_melds_take_the_case(language: object) -> None:
    set_language("cs")
    assert wrong_card("Kh") == "Srdcový král se ke skupině devítek nehodí."
    assert wrong_card("Qh") == "Srdcová dáma se ke skupině devítek nehodí."
    assert wrong_card("Ah") == "Srdcové eso se ke skupině devítek nehodí."


def test_czech_counted_naturals_take_the_form_of_their_number(language: object) -> None:
    set_language("cs")
    assert "z ruky 1 přirozeného krále." in frozen(1)
    assert "z ruky 2 přirozené krále." in frozen(2)
    assert "z ruky 5 přirozených králů." in frozen(5)


def test_spanish_and_italian_name_cards_and_counts_in_their_words(language: object) -> None:
    set_language("es")
    assert "2 reyes naturales" in frozen(2)
    assert wrong_card("Qs") == "La reina de picas no se puede añadir a la combinación de nueves."
    set_language("it")
    assert "2 re naturali" in frozen(2)
    assert wrong_card("Kh") == "Il re di cuori non si può aggiungere al gioco di nove."


@pytest.mark.parametrize(
    ("code", "west", "mine", "theirs"),
    [
        ("en", "West", "You discarded 9", "West discarded 9"),
        ("cs", "Západ", "Odhazuješ 9", "Západ odhazuje 9"),
        ("es", "Oeste", "Descartas 9", "Oeste descarta 9"),
        ("it", "Ovest", "Hai scartato 9", "Ovest ha scartato 9"),
    ],
)
def test_the_log_words_the_humans_own_move_for_you(
    language: object, code: str, west: str, mine: str, theirs: str
) -> None:
    """ "{name} discarded" with the name "Ty" would read "Ty odhazuje" in Czech."""
    set_language(code)
    names = ("You", west, "North", "East")
    for seat, expected in ((0, mine), (1, theirs)):
        move, _extra = describe(
            [ev.Discarded(seat, parse_card("9h"))],
            seat,
            names=names,
            side_names=("", ""),
            me=0,
            keys={},
        )
        assert move is not None and move.text == expected
