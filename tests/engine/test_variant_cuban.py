"""VARIANTS.md section 6, V-CUB: Cuban Canasta scenarios from explicit setups (CUB-1..9).

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles are written bottom first.
"""

from __future__ import annotations

import pytest
from scenario import faces, legal, lines, pick, rejected

from canasta_game.engine import (
    Discard,
    DrawStock,
    HandEnd,
    Meld,
    Phase,
    TakePile,
    new_hand,
    preset,
    state_from_setup,
)
from canasta_game.engine.handfoot import takes_no_more
from canasta_game.engine.meldrules import CanastaKind, meld_facts
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.state import evolve

CUBAN = preset("cuban")
OPEN = {0: ["9c 9d 9s"], 1: ["8c 8d 8s"]}  # both sides have opened
LATER = 4  # the first turn of the second round with four players (CUB-7)


def _play(hand, melds=None, **kwargs):
    """N to play after drawing, holding ``hand``, in the second round unless ``turn`` says."""
    turn = kwargs.pop("turn", LATER)
    state = state_from_setup(
        CUBAN,
        [hand, "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"],
        stock=kwargs.pop("stock", "Tc Td Ts Kc"),
        melds=OPEN if melds is None else melds,
        phase=kwargs.pop("phase", Phase.PLAY),
        **kwargs,
    )
    return evolve(state, turn=turn)


def _ended(state, seat=0):
    return evolve(state, phase=Phase.OVER, end=HandEnd("went_out", seat))


def test_thirteen_cards_each_from_a_pack_of_108_cub_1():
    state = new_hand(CUBAN, 7)
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert CUBAN.deck_size() == 108 and CUBAN.target == 7500


@pytest.mark.parametrize("score, need", [(4995, 120), (5000, 150), (7000, 150), (-10, 15)])
def test_150_to_open_from_5000_up_cub_2(score, need):
    assert CUBAN.initial_minimum(score) == (need, "")


def test_the_pile_is_always_frozen_and_needs_a_natural_pair_cub_3():
    state = _play("Kc 2c Qd", phase=Phase.DRAW, pile="5c 7d Kd")
    rejected(state, TakePile(0, pick(state, 0, "Kc 2c")), "O-PILE-FROZEN")
    state = _play("Kc Ks Qd", phase=Phase.DRAW, pile="5c 7d Kd")
    after = legal(state, TakePile(0, pick(state, 0, "Kc Ks")))
    assert faces(after.hands[0]) == ["5c", "7d", "Qd"]


def test_a_wild_card_on_top_blocks_the_pile_cub_3():
    state = _play("2d 2h Qd", phase=Phase.DRAW, pile="5c 7d 2c")
    rejected(state, TakePile(0, pick(state, 0, "2d 2h")), "C-PILE-5")


def test_a_canasta_holds_at_most_seven_cards_cub_4():
    melds = {0: ["Kc Kd Ks Kh Kc Kd 2c"], 1: ["8c 8d 8s"]}
    state = _play("Ks Qc Qd", melds=melds)
    kings = state.melds[0][0]
    assert meld_facts(CUBAN, kings).wild_room == 0
    rejected(state, Meld(0, add=((kings.mid, pick(state, 0, "Ks")),)), "CUB-4")
    state = _play("Kc Kd Ks Kh Kc Kd Ks Kh Qd")  # eight kings are no meld either
    rejected(state, Meld(0, (pick(state, 0, "Kc Kd Ks Kh Kc Kd Ks Kh"),)), "CUB-4")


def test_a_full_canasta_takes_no_more_cards_for_the_bots_too_cub_4():
    """CUB-4: ``takes_no_more``, what the computer players read, says what the check says: a
    canasta of seven takes no card, one of six (or Classic's of seven) still does."""
    state = _play("Ks Qc Qd", melds={0: ["Kc Kd Ks Kh Kc Kd 2c", "Qs Qh Qs"], 1: ["8c 8d 8s"]})
    kings, queens = state.melds[0]
    assert takes_no_more(CUBAN, kings) and not takes_no_more(CUBAN, queens)
    assert not takes_no_more(preset("classic-4"), kings)
    six = _play("Ks Qc Qd", melds={0: ["Kc Kd Ks Kh Kc 2c"], 1: ["8c 8d 8s"]}).melds[0][0]
    assert not takes_no_more(CUBAN, six)


def test_the_pile_cannot_grow_a_full_canasta_cub_4():
    melds = {0: ["Kc Kd Ks Kh Kc Kd 2c"], 1: ["8c 8d 8s"]}
    state = _play("Ks Kh Qd", melds=melds, phase=Phase.DRAW, pile="5c Kc")
    rejected(state, TakePile(0, pick(state, 0, "Ks Kh")), "CUB-4", "C-MELD-5")
    assert all(not isinstance(m, TakePile) for m in legal_moves(state))


@pytest.mark.parametrize(
    "cards, bonus",
    [
        ("2c 2d 2h 2s 2c 2d 2h", 4000),
        ("JK JK JK JK 2c 2d 2h", 3000),
        ("JK 2c 2d 2h 2s 2c 2d", 2000),
        ("JK JK 2c 2d 2h 2s 2c", 2000),
    ],
)
def test_wild_canastas_by_their_twos_and_jokers_cub_5(cards, bonus):
    state = _play("Qc Qd Qs 4h", melds={0: ["9c 9d 9s", cards], 1: ["8c 8d 8s"]})
    wild = state.melds[0][1]
    assert meld_facts(CUBAN, wild).canasta is CanastaKind.WILD
    assert meld_facts(CUBAN, wild).bonus == bonus
    assert lines(_ended(state), 0)["wild_canastas"] == bonus


def test_a_wild_meld_of_three_grows_to_seven_and_no_further_cub_5_cub_4():
    state = _play("2c 2d 2h JK Qc", melds={0: ["9c 9d 9s", "2s 2c 2d 2h"], 1: ["8c 8d 8s"]})
    wild = state.melds[0][1]
    rejected(state, Meld(0, add=((wild.mid, pick(state, 0, "2c 2d 2h JK")),)), "CUB-4")
    after = legal(state, Meld(0, add=((wild.mid, pick(state, 0, "2c 2d 2h")),)))
    assert after.canastas(0) == 1
    state = _play("2c 2d JK Qc Qd")
    legal(state, Meld(0, (pick(state, 0, "2c 2d JK"),)))


@pytest.mark.parametrize(
    "threes, with_canasta, points",
    [
        ("3d", True, 100),
        ("3d 3h", True, 300),
        ("3d 3h 3d", True, 500),
        ("3d 3h 3d 3h", True, 1000),
        ("3d 3h", False, -300),
        ("3d 3h 3d 3h", False, -1000),
    ],
)
def test_red_threes_100_300_500_1000_plus_only_with_a_canasta_cub_6(threes, with_canasta, points):
    melds = {0: ["9c 9d 9s 9h 9c 9d 9s" if with_canasta else "9c 9d 9s"], 1: ["8c 8d 8s"]}
    state = _play("Qc", melds=melds, bonus_threes={0: threes})
    assert lines(_ended(state, 1), 0)["red_threes"] == points


def test_no_black_three_discarded_in_the_first_round_cub_7():
    first = _play("3c Qc Jd", turn=3)
    rejected(first, Discard(0, pick(first, 0, "3c")[0]), "CUB-7")
    assert all(
        not (isinstance(m, Discard) and m.card == pick(first, 0, "3c")[0])
        for m in legal_moves(first)
    )
    legal(first, Discard(0, pick(first, 0, "Qc")[0]))
    later = _play("3c Qc Jd")
    legal(later, Discard(0, pick(later, 0, "3c")[0]))


def test_a_meld_that_leaves_only_black_threes_in_the_first_round_is_refused_cub_7():
    state = _play("Qc Qd Qs 3c 3s", turn=2)
    rejected(state, Meld(0, (pick(state, 0, "Qc Qd Qs"),)), "CUB-7")
    later = _play("Qc Qd Qs 3c 3s")
    legal(later, Meld(0, (pick(later, 0, "Qc Qd Qs"),)))


def test_black_threes_of_a_taken_pile_are_set_aside_and_score_5_each_cub_8():
    state = _play("Kc Ks Qd", phase=Phase.DRAW, pile="3c 5c 3s 7d Kd")
    after = legal(state, TakePile(0, pick(state, 0, "Kc Ks")))
    assert faces(after.hands[0]) == ["5c", "7d", "Qd"]
    assert faces(after.bonus_threes[0]) == ["3c", "3s"]
    assert lines(_ended(after, 1), 0)["black_threes_set_aside"] == 10


def test_all_four_black_threes_set_aside_score_100_cub_8():
    state = _play("Qc", bonus_threes={0: "3c 3s 3c 3s"})
    scored = lines(_ended(state, 1), 0)
    assert scored["black_threes_set_aside"] == 100 and "black_threes_bonus" not in scored


def test_no_bonus_for_going_out_concealed_cub_9():
    state = _play("Qc Qd Qs Qh Qc Qd Qs 4h", melds={}, stock="Tc Td Ts 5c")
    after = legal(state, Meld(0, (pick(state, 0, "Qc Qd Qs Qh Qc Qd Qs"),)))
    out = legal(after, Discard(0, pick(after, 0, "4h")[0]))
    assert out.end is not None and out.end.concealed
    scored = lines(out, 0)
    assert scored["going_out"] == 100 and "concealed" not in scored
    assert scored["natural_canastas"] == 500


def test_draw_is_classic_one_card_cub_1():
    state = _play("Qc Qd", phase=Phase.DRAW)
    assert len(legal(state, DrawStock(0)).hands[0]) == 3


def test_going_out_with_more_naturals_than_fit_melds_only_what_fits_cub_4():
    """Self-play found a dead end here: the generated moves added both 4s to a meld of six."""
    melds = {0: ["Tc Td Ts Th Tc Td Ts", "4c 4d 4s 4h 4c 4s"], 1: ["8c 8d 8s"]}
    state = evolve(_play("4d 4h", melds=melds), must_go_out=True)
    fours = state.melds[0][1]
    moves = legal_moves(state)
    assert Meld(0, add=((fours.mid, pick(state, 0, "4d")),)) in moves
    after = legal(state, Meld(0, add=((fours.mid, pick(state, 0, "4d")),)))
    out = legal(after, Discard(0, pick(after, 0, "4h")[0]))
    assert out.end is not None and out.end.reason == "went_out"
