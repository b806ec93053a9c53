"""What a card does under a Rules value, read by the computer players and the table instead
of the card class tables (issue 10): wild cards, stop cards and the cost left in hand."""

from __future__ import annotations

from canasta_game.engine import preset
from canasta_game.engine.cards import parse_card

CLASSIC = preset("classic-4")


def test_c_meld_1_twos_and_jokers_are_the_wild_cards() -> None:
    assert [CLASSIC.wild[parse_card(c)] for c in ("2c", "JK", "Kh", "3s")] == [
        True, True, False, False,
    ]  # fmt: skip


def test_c_b3_3_a_black_three_is_a_stop_card_and_a_red_three_is_not() -> None:
    assert CLASSIC.stops[parse_card("3c")] and CLASSIC.stops[parse_card("3s")]
    assert not CLASSIC.stops[parse_card("3h")] and not CLASSIC.stops[parse_card("Kc")]


def test_o_b3_asr3_stop_decides_whether_a_bonus_black_three_stops() -> None:
    black = parse_card("3c")
    assert not CLASSIC.with_options(b3_asr3=True, b3_asr3_stop=False).stops[black]
    assert CLASSIC.with_options(b3_asr3=True, b3_asr3_stop=True).stops[black]


def test_o_b3_hand_sets_what_a_black_three_costs_in_hand() -> None:
    black, king, joker = parse_card("3s"), parse_card("Kc"), parse_card("JK")
    assert (CLASSIC.hand_cost[black], CLASSIC.hand_cost[king], CLASSIC.hand_cost[joker]) == (
        5, 10, 50,
    )  # fmt: skip
    assert CLASSIC.with_options(b3_hand=100).hand_cost[black] == 100


def test_the_tables_do_not_change_equality_or_the_settings_file() -> None:
    assert "wild" not in CLASSIC.to_dict() and "stops" not in CLASSIC.to_dict()
    assert preset("classic-4") == CLASSIC
