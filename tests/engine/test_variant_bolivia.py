"""VARIANTS.md sections 2 and 3: V-BOL (X-BOL-1..3, BOL-*), V-BRA (BRA-*) and V-CHI (CHI-*).

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Chilean Canasta is Bolivia with an
optional four-deck pack (CHI-3, ENG), so the Bolivia rules are checked on both.
"""

from __future__ import annotations

import pytest
from scenario import legal, lines, pick, rejected

from canasta_game.engine import (
    AnswerGoOut,
    AskGoOut,
    Discard,
    HandEnd,
    Meld,
    Phase,
    TakePile,
    observe,
    preset,
    state_from_setup,
)
from canasta_game.engine.meldrules import CanastaKind, meld_facts
from canasta_game.engine.setup import pack
from canasta_game.engine.state import evolve

BOLIVIA = preset("bolivia")
BRAZILIAN = preset("brazilian")
BOL_FAMILY = ("bolivia", "chilean", "chilean-216")
ESCALERA = "5h 6h 7h 8h 9h Th Jh"
KINGS = "Kc Kd Ks Kh Kc Kd Ks"


def _play(rules, hand, melds=None, **kwargs):
    """N to play after drawing; both sides open unless ``melds`` says otherwise."""
    return state_from_setup(
        rules,
        [hand, kwargs.pop("east", "4c 4d 5c"), "4s 5d 5s", "6c 6d 6s"],
        stock=kwargs.pop("stock", "Tc Td Ts Kc"),
        melds={0: ["9c 9d 9s"], 1: ["8c 8d 8s"]} if melds is None else melds,
        phase=kwargs.pop("phase", Phase.PLAY),
        **kwargs,
    )


def _ended(state, seat=0):
    return evolve(state, phase=Phase.OVER, end=HandEnd("went_out", seat))


# --- X-BOL-1: wild melds and the bolivia -----------------------------------------------------


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_x_bol_1_three_wild_cards_are_a_meld_worth_90_bol_2(name):
    state = _play(preset(name), "2c 2d JK Qc Qd", melds={}, scores=(0, 0))
    after = legal(state, Meld(0, (pick(state, 0, "2c 2d JK"),)))  # 20+20+50 = 90 >= 50
    assert after.melds[0][0].is_wild_meld


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_x_bol_1_seven_wild_cards_are_a_bolivia_worth_2500_bol_3(name):
    rules = preset(name)
    melds = {0: ["9c 9d 9s", "2c 2d JK 2h 2s JK 2c"], 1: ["8c 8d 8s"]}
    state = _play(rules, "2d Qc Qd", melds=melds)
    bolivia = state.melds[0][1]
    facts = meld_facts(rules, bolivia)
    assert facts.canasta is CanastaKind.WILD and facts.bonus == 2500 and facts.wild_room == 0
    score = lines(state, 0)
    assert score["wild_canastas"] == 2500
    assert score["melded_cards"] == 30 + 5 * 20 + 2 * 50  # 9s and the bolivia's 200
    rejected(state, Meld(0, add=((bolivia.mid, pick(state, 0, "2d")),)), "BOL-3")


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_wild_meld_never_passes_seven_cards_bol_3(name):
    rules = preset(name)
    state = _play(rules, "2c 2d 2h 2s 2c 2d JK JK Qc Qd")
    rejected(state, Meld(0, (pick(state, 0, "2c 2d 2h 2s 2c 2d JK JK"),)), "BOL-3")
    melds = {0: ["9c 9d 9s", "2c 2d JK 2h 2s JK"], 1: ["8c 8d 8s"]}
    six = _play(rules, "2d 2h Qc Qd Jc", melds=melds)
    rejected(six, Meld(0, add=((six.melds[0][1].mid, pick(six, 0, "2d 2h")),)), "BOL-3")


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_groups_hold_two_wild_cards_at_most_bol_5(name):
    rules = preset(name)
    state = _play(rules, "Kh Kd Ks 2c 2d JK Qc Jd")
    rejected(state, Meld(0, (pick(state, 0, "Kh Kd Ks 2c 2d JK"),)), "SAM-13")


@pytest.mark.parametrize("name", (*BOL_FAMILY, "brazilian"))
def test_a_wild_card_on_top_blocks_the_pile_bol_6(name):
    """The refusal names Bolivia's own rule (BOL-6; Brazilian by BRA-13), not C-PILE-5."""
    rules = preset(name)
    state = _play(rules, "Qh Qd 2c", phase=Phase.DRAW, pile="5c 2d")
    rejected(state, TakePile(0, pick(state, 0, "Qh Qd")), "BOL-6")
    assert observe(state, 0).pile_block.rule == "BOL-6"  # what the table words


def test_a_wild_card_on_top_in_samba_stays_c_pile_5():
    """Samba has no rule of its own for a wild card on top: Classic's C-PILE-5 applies."""
    state = _play(preset("samba"), "Qh Qd 2c", phase=Phase.DRAW, pile="5c 2d")
    rejected(state, TakePile(0, pick(state, 0, "Qh Qd")), "C-PILE-5")


def test_minimum_stays_150_from_7000_bol_8():
    for score in (7000, 12000, 14990):
        assert BOLIVIA.initial_minimum(score) == (150, "")


# --- X-BOL-2: going out needs an escalera ------------------------------------------------------


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_x_bol_2_natural_canasta_and_bolivia_without_escalera_may_not_go_out_bol_9(name):
    melds = {0: [KINGS, "2c 2d JK 2h 2s JK 2c"], 1: ["8c 8d 8s"]}
    state = _play(preset(name), "Qc Qd Qs 4c", melds=melds)
    rejected(state, Meld(0, (pick(state, 0, "Qc Qd Qs"),)), "BOL-9")


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_escalera_and_a_canasta_may_go_out_with_200_bol_9_bol_13(name):
    melds = {0: [KINGS, ESCALERA], 1: ["8c 8d 8s"]}
    state = _play(preset(name), "Qc Qd Qs 4c", melds=melds)
    melded = legal(state, Meld(0, (pick(state, 0, "Qc Qd Qs"),)))
    out = legal(melded, Discard(0, pick(melded, 0, "4c")[0]))
    score = lines(out, 0)
    assert score["going_out"] == 200
    assert (score["natural_canastas"], score["sequence_canastas"]) == (500, 1500)


# --- X-BOL-3: red threes and black threes --------------------------------------------------------


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_x_bol_3_one_canasta_and_three_red_threes_is_minus_300_bol_12(name):
    rules = preset(name)
    melds = {0: ["9c 9d 9s"], 1: [KINGS]}
    state = _play(rules, "Qc Qd", melds=melds, bonus_threes={1: "3h 3d 3h"})
    assert lines(state, 1)["red_threes"] == -300


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_x_bol_3_black_three_left_in_hand_costs_100_bol_10(name):
    rules = preset(name)
    melds = {0: ["9c 9d 9s"], 1: [KINGS]}
    state = _ended(_play(rules, "Qc Qd", melds=melds, east="3c 4c 5c"))
    score = lines(state, 1)
    assert score["black_threes_in_hand"] == -100
    assert score["hand_penalty"] == -(5 + 5 + 5 + 5 + 5 + 10 * 3 - 30)  # 4c 5c 6c 6d 6s


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_red_threes_count_plus_with_two_canastas_bol_12(name):
    rules = preset(name)
    melds = {0: [KINGS, ESCALERA], 1: ["8c 8d 8s"]}
    state = _play(rules, "Qc Qd", melds=melds, bonus_threes={0: "3h 3d"})
    assert lines(state, 0)["red_threes"] == 200


@pytest.mark.parametrize("name", BOL_FAMILY)
def test_black_threes_melded_when_going_out_count_5_each_bol_11(name):
    rules = preset(name)
    melds = {0: [KINGS, ESCALERA], 1: ["8c 8d 8s"]}
    state = _play(rules, "3c 3s 3c 4c", melds=melds)
    melded = legal(state, Meld(0, (pick(state, 0, "3c 3s 3c"),)))
    out = legal(melded, Discard(0, pick(melded, 0, "4c")[0]))
    assert lines(out, 0)["melded_cards"] == 70 + 55 + 15


# --- V-BRA ---------------------------------------------------------------------------------------


def test_the_pile_is_never_taken_for_the_initial_meld_bra_6():
    state = _play(BRAZILIAN, "Qh Qd 4c", melds={}, phase=Phase.DRAW, pile="5c Qs")
    rejected(state, TakePile(0, pick(state, 0, "Qh Qd")), "BRA-6")


@pytest.mark.parametrize("score, need", [(-5, (15, "")), (3000, (120, "")), (6995, (120, ""))])
def test_below_7000_the_samba_table_bra_2(score, need):
    assert BRAZILIAN.initial_minimum(score) == need


def test_from_7000_the_initial_meld_includes_a_canasta_bra_3():
    state = _play(BRAZILIAN, "Ah Ad As Kh Kd Ks Qd 4c", melds={}, scores=(7000, 0))
    why = rejected(
        state, Meld(0, (pick(state, 0, "Ah Ad As"), pick(state, 0, "Kh Kd Ks"))), "BRA-3"
    )
    assert why.values == {"natural": False}
    state = _play(BRAZILIAN, "5h 6h 7h 8h 9h Th Jh 4c Qd", melds={}, scores=(7000, 0))
    legal(state, Meld(0, (pick(state, 0, ESCALERA),)))  # 55 points, but a canasta


def test_from_8000_a_canasta_and_200_points_bra_4():
    state = _play(BRAZILIAN, "5h 6h 7h 8h 9h Th Jh Ac Ad As 4c Qd", melds={}, scores=(8000, 0))
    why = rejected(state, Meld(0, (pick(state, 0, ESCALERA),)), "C-INIT-1")
    assert why.values == {"need": 200, "have": 55}
    state = _play(
        BRAZILIAN,
        "5h 6h 7h 8h 9h Th Jh Ac Ad As Ah Ac Ad Kc Kd Ks 4c Qd",
        melds={},
        scores=(8000, 0),
    )
    melds = (
        pick(state, 0, ESCALERA),
        pick(state, 0, "Ac Ad As Ah Ac Ad"),
        pick(state, 0, "Kc Kd Ks"),
    )
    legal(state, Meld(0, melds))  # 55 + 120 + 30 = 205


def test_from_9000_a_natural_canasta_bra_5():
    hand = "Kc Kd Ks Kh Kc Kd 2c Qh Qd Qs Jd 4c"
    state = _play(BRAZILIAN, hand, melds={}, scores=(9000, 0))
    why = rejected(state, Meld(0, (pick(state, 0, "Kc Kd Ks Kh Kc Kd 2c"),)), "BRA-5")
    assert why.values == {"natural": True}


def test_wild_canasta_2000_bra_7():
    state = _play(BRAZILIAN, "Qc Qd", melds={0: ["2c 2d JK 2h 2s JK 2c"], 1: ["8c 8d 8s"]})
    assert lines(state, 0)["wild_canastas"] == 2000


def test_a_sequence_shorter_than_five_costs_1000_bra_8():
    melds = {0: ["9c 9d 9s", "5h 6h 7h 8h", "4s 5s 6s 7s 8s"], 1: ["8c 8d 8s"]}
    state = _play(BRAZILIAN, "Qc Qd", melds=melds)
    assert lines(state, 0)["short_sequences"] == -1000  # the five-card run is not short


def test_red_threes_brazilian_table_and_one_canasta_bra_10():
    assert [BRAZILIAN.bonus_three_amount(n) for n in (1, 4, 5, 6)] == [100, 400, 1000, 1200]
    melds = {0: [KINGS], 1: ["8c 8d 8s"]}
    state = _play(BRAZILIAN, "Qc Qd", melds=melds, bonus_threes={0: "3h 3d"})
    assert lines(state, 0)["red_threes"] == 200  # plus with one canasta


def _brazilian_out(hand="Qc Qd Qs 4c"):
    melds = {0: [KINGS, "5h 6h 7h 8h 9h"], 1: ["8c 8d 8s"]}
    return _play(BRAZILIAN, hand, melds=melds)


def test_going_out_needs_the_partners_yes_bra_11_without_escalera_bra_12():
    melds = {0: [KINGS, "Ac Ad As Ah Ac Ad Ah"], 1: ["8c 8d 8s"]}
    state = _play(BRAZILIAN, "Qc Qd Qs 4c", melds=melds)
    rejected(state, Meld(0, (pick(state, 0, "Qc Qd Qs"),)), "BRA-11")
    asked = legal(state, AskGoOut(0))
    yes = legal(asked, AnswerGoOut(2, True))
    melded = legal(yes, Meld(0, (pick(yes, 0, "Qc Qd Qs"),)))
    out = legal(melded, Discard(0, pick(melded, 0, "4c")[0]))
    assert out.phase is Phase.OVER
    assert "sequence_canastas" not in lines(out, 0)


def test_an_escalera_grows_past_seven_only_when_going_out_bra_9():
    melds = {0: [KINGS, ESCALERA], 1: ["8c 8d 8s"]}
    state = _play(BRAZILIAN, "Qh Qc Qd Qs 4c 8h", melds=melds)
    escalera = state.melds[0][1]
    rejected(state, Meld(0, add=((escalera.mid, pick(state, 0, "8h")),)), "SAM-9")  # twice
    rejected(state, Meld(0, add=((escalera.mid, pick(state, 0, "Qh")),)), "BRA-9")
    state = _play(BRAZILIAN, "Qh Qc Qd Qs 4c", melds=melds)
    both = Meld(0, (pick(state, 0, "Qc Qd Qs"),), add=((escalera.mid, pick(state, 0, "Qh")),))
    rejected(state, both, "BRA-11")
    yes = legal(legal(state, AskGoOut(0)), AnswerGoOut(2, True))
    grown = legal(yes, both)
    assert grown.melds[0][1].size == 8 and grown.must_go_out
    assert legal(grown, Discard(0, pick(grown, 0, "4c")[0])).phase is Phase.OVER


# --- V-CHI ----------------------------------------------------------------------------------------


def test_chilean_packs_of_162_and_216_cards_chi_1():
    assert len(pack(preset("chilean"))) == 162
    assert len(pack(preset("chilean-216"))) == 216


def test_chilean_has_both_sequences_and_wild_melds_chi_2():
    rules = preset("chilean")
    state = _play(rules, "5h 6h 7h 2c 2d JK Qc Qd")
    legal(state, Meld(0, (pick(state, 0, "5h 6h 7h"), pick(state, 0, "2c 2d JK"))))
