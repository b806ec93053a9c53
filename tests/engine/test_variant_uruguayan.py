"""RULES.md V-URU: Uruguayan Canasta is the 1949 original, which the Spanish rule book equates
with Classic (URU-1). Its preset is Classic under its own name; these scenarios check the
Classic rules on it with exact scores, so a change of either is noticed.

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles are written bottom first.
"""

from __future__ import annotations

import pytest
from scenario import legal, lines, pick, rejected

from canasta_game.engine import (
    Acaba,
    Discard,
    HandEnd,
    Meld,
    Phase,
    TakePile,
    new_hand,
    preset,
    state_from_setup,
)
from canasta_game.engine.state import evolve

URUGUAYAN = preset("uruguayan")
OPEN = {0: ["9c 9d 9s"], 1: ["8c 8d 8s"]}


def _play(hand, melds=None, **kwargs):
    return state_from_setup(
        URUGUAYAN,
        [hand, "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"],
        stock=kwargs.pop("stock", "Tc Td Ts Kc"),
        melds=OPEN if melds is None else melds,
        phase=kwargs.pop("phase", Phase.PLAY),
        **kwargs,
    )


def test_uruguayan_is_classic_under_its_own_name_uru_1():
    assert URUGUAYAN.with_options(name="classic-4") == preset("classic-4")


def test_eleven_cards_each_from_108_target_5000_uru_1_c_deal():
    state = new_hand(URUGUAYAN, 3)
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert URUGUAYAN.deck_size() == 108 and URUGUAYAN.target == 5000


@pytest.mark.parametrize("score, need", [(-5, 15), (0, 50), (1500, 90), (3000, 120), (9000, 120)])
def test_the_classic_opening_table_uru_1_c_init_1(score, need):
    assert URUGUAYAN.initial_minimum(score) == (need, "")


def test_a_wild_card_freezes_the_pile_and_a_natural_pair_takes_it_uru_1_c_pile_3():
    state = _play("Kc 2c Ks", phase=Phase.DRAW, pile="2d 5c Kd")
    rejected(state, TakePile(0, pick(state, 0, "Kc 2c")), "C-PILE-6")
    legal(state, TakePile(0, pick(state, 0, "Kc Ks")))


def test_an_unfrozen_pile_takes_with_a_matching_meld_uru_1_c_pile_7():
    state = _play(
        "Qc Jd 4h", melds={0: ["Kc Kd Ks"], 1: ["8c 8d 8s"]}, phase=Phase.DRAW, pile="5c Kh"
    )
    after = legal(state, TakePile(0))
    assert after.melds[0][0].size == 4


def test_a_black_three_on_top_blocks_the_pile_uru_1_c_b3_3():
    state = _play("3c 3s Qd", phase=Phase.DRAW, pile="5c 3c")
    state = evolve(state, discards=((3, state.pile[-1]),))  # discarded, not the upcard (C-UP-4)
    rejected(state, TakePile(0, pick(state, 0, "3c 3s")), "C-B3-3")


def test_canastas_grow_past_seven_and_there_is_no_acaba_uru_1():
    state = _play("Kh Qc Qd", melds={0: ["Kc Kd Ks Kh Kc Kd Ks"], 1: ["8c 8d 8s"]})
    after = legal(state, Meld(0, add=((0, pick(state, 0, "Kh")),)))
    assert after.melds[0][0].size == 8
    rejected(state, Acaba(0), "BRIT-1")


def test_going_out_concealed_scores_exactly_uru_1_c_score():
    state = _play("Qc Qd Qs Qh Qc Qd Qs 4h", melds={})
    after = legal(state, Meld(0, (pick(state, 0, "Qc Qd Qs Qh Qc Qd Qs"),)))
    out = legal(after, Discard(0, pick(after, 0, "4h")[0]))
    assert out.end is not None and out.end.concealed
    assert lines(out, 0) == {
        "melded_cards": 70,
        "natural_canastas": 500,
        "going_out": 100,
        "concealed": 100,
        "hand_penalty": -15,  # the partner's 4s 5d 5s
    }


@pytest.mark.parametrize(
    "threes, melded, points",
    [("3d", True, 100), ("3d 3h 3d 3h", True, 800), ("3d 3h", False, -200)],
)
def test_red_threes_100_each_800_all_minus_unopened_uru_1_c_score_5(threes, melded, points):
    state = _play("Qc", melds=OPEN if melded else {1: ["8c 8d 8s"]}, bonus_threes={0: threes})
    ended = evolve(state, phase=Phase.OVER, end=HandEnd("went_out", 1))
    assert lines(ended, 0)["red_threes"] == points
