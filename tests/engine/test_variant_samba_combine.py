"""VARIANTS.md SAM-12: several groups of one rank, and combining them (legal and illegal).

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. N is to play after drawing.
"""

from __future__ import annotations

import pytest
from scenario import faces, legal, pick, rejected

from canasta_game.ai import make_bot
from canasta_game.engine import CombineMelds, Meld, Phase, observe, preset, state_from_setup
from canasta_game.engine.actions import (
    AnswerGoOut,
    AskGoOut,
    Discard,
    action_from_dict,
    action_to_dict,
)
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.meldrules import CanastaKind, meld_facts
from canasta_game.engine.movegen import legal_moves

SAMBA = preset("samba")
FAMILY = ("samba", "bolivia", "brazilian", "chilean")


def _play(rules, groups, hand="4c 5d 9h Qc", others=None):
    return state_from_setup(
        rules,
        [hand, "4d 5c 6c", "4s 5s 6s", "6d 7c 7d"],
        stock="Tc Td Ts Jc",
        melds={0: groups, 1: ["8c 8d 8s"]} if others is None else others,
        phase=Phase.PLAY,
    )


def _mids(state):
    return [m.mid for m in state.melds[0]]


@pytest.mark.parametrize("name", FAMILY)
def test_a_side_may_start_a_second_group_of_a_rank_sam_12(name):
    state = _play(preset(name), ["Kc Kd Ks"], hand="Kh Kc Kd 4c 9h")
    after = legal(state, Meld(0, (pick(state, 0, "Kh Kc Kd"),)))
    assert [m.label() for m in after.melds[0]] == ["K", "K"]


def test_classic_keeps_one_group_per_rank_c_meld_5():
    state = _play(preset("classic-4"), ["Kc Kd Ks"], hand="Kh Kc Kd 4c 9h")
    rejected(state, Meld(0, (pick(state, 0, "Kh Kc Kd"),)), "C-MELD-5")


@pytest.mark.parametrize("name", FAMILY)
def test_two_groups_of_one_rank_combine_into_one_sam_12(name):
    state = _play(preset(name), ["Kc Kd Ks", "Kh Kc 2d"])
    first, second = _mids(state)
    after = legal(state, CombineMelds(0, first, second))
    assert _mids(after) == [first]
    joined = after.melds[0][0]
    assert faces(joined.cards) == faces(state.melds[0][0].cards + state.melds[0][1].cards)
    assert (joined.naturals, joined.wilds) == (5, 1)
    assert after.phase is Phase.PLAY and after.hands[0] == state.hands[0]  # still to discard


def test_combining_can_complete_a_natural_canasta_sam_12():
    state = _play(SAMBA, ["Kc Kd Ks Kh", "Kc Kd Ks"])
    after = legal(state, CombineMelds(0, *_mids(state)))
    assert meld_facts(SAMBA, after.melds[0][0]).canasta is CanastaKind.NATURAL


def test_combining_past_two_wild_cards_is_illegal_sam_13():
    state = _play(SAMBA, ["Kc Kd 2c 2d", "Kh Ks JK"])
    rejected(state, CombineMelds(0, *_mids(state)), "SAM-13")


def test_no_wild_card_joins_a_canasta_by_combining_sam_15():
    state = _play(SAMBA, ["Kc Kd Ks Kh Kc Kd Ks", "Kh Ks 2c"])
    first, second = _mids(state)
    rejected(state, CombineMelds(0, first, second), "SAM-15")
    rejected(state, CombineMelds(0, second, first), "SAM-15")


def test_only_groups_of_one_rank_combine_sam_12():
    state = _play(SAMBA, ["Kc Kd Ks", "Qc Qd Qs"])
    rejected(state, CombineMelds(0, *_mids(state)), "SAM-12")
    runs = _play(SAMBA, ["5h 6h 7h", "9h Th Jh"])
    rejected(runs, CombineMelds(0, *_mids(runs)), "C-MELD-5", "SAM-12")  # SAM-16


def test_combining_needs_two_of_ones_own_melds():
    state = _play(SAMBA, ["Kc Kd Ks", "Kh Kc Kd"])
    first, _ = _mids(state)
    theirs = state.melds[1][0].mid
    rejected(state, CombineMelds(0, first, theirs), "C-TURN-6")
    rejected(state, CombineMelds(0, first, first), "C-MELD-6")
    drawing = state_from_setup(
        SAMBA,
        ["4c 5d 9h", "4d 5c 6c", "4s 5s 6s", "6d 7c 7d"],
        stock="Tc Td",
        melds={0: ["Kc Kd Ks", "Kh Kc Kd"]},
    )
    rejected(drawing, CombineMelds(0, *_mids(drawing)), "C-TURN-2")  # draw first


def test_classic_never_combines_c_meld_5():
    rules = preset("classic-4", pile_conflict="A", pile_nocanadd=True)
    state = _play(rules, ["Kc Kd Ks Kh Kc Kd Ks", "Kh Ks Kc"])
    rejected(state, CombineMelds(0, *_mids(state)), "C-MELD-5")


def test_move_generation_offers_the_legal_combinations_sam_12():
    state = _play(SAMBA, ["Kc Kd Ks", "Kh Kc 2d", "Qc Qd Qs"])
    combos = [m for m in legal_moves(state) if isinstance(m, CombineMelds)]
    assert combos == [CombineMelds(0, *_mids(state)[:2])]
    wild = _play(SAMBA, ["Kc Kd 2c 2d", "Kh Ks JK"])
    assert not any(isinstance(m, CombineMelds) for m in legal_moves(wild))


def test_the_action_round_trips_through_json():
    move = CombineMelds(2, 5, 9)
    assert action_to_dict(move) == {"type": "combine", "seat": 2, "into": 5, "mid": 9}
    assert action_from_dict(action_to_dict(move)) == move


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_computer_players_combine_when_it_makes_a_canasta_sam_12(level):
    state = _play(SAMBA, ["Kc Kd Ks Kh", "Kc Kd 2s"])
    legal_list = legal_moves(state)
    move = make_bot(level, 0, "scenario", 0.05).choose(observe(state, 0), legal_list)
    assert move == CombineMelds(0, *_mids(state))


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_computer_players_do_not_combine_short_groups(level):
    state = _play(SAMBA, ["Kc Kd Ks", "Kh Kc 2d"])
    move = make_bot(level, 0, "scenario").choose(observe(state, 0), legal_moves(state))
    assert not isinstance(move, CombineMelds)


def test_a_meld_down_to_the_last_card_may_count_on_joining_groups_sam_12_c_out_1():
    """SAM-12 with C-OUT-1: the second canasta may come from joining two groups later in the
    turn, so melding down to one card first is legal, and so is going out after the join."""
    state = _play(SAMBA, ["Qc Qd Qs Qh Qc Qd Qs", "Kc Kd Ks Kh", "Kc Kd Ks"], hand="5h 5s 5d 8c")
    assert can_go_out(state)
    melded = legal(state, Meld(0, (pick(state, 0, "5h 5s 5d"),)))
    _, kings, more_kings, _ = _mids(melded)
    joined = legal(melded, CombineMelds(0, kings, more_kings))
    out = legal(joined, Discard(0, pick(joined, 0, "8c")[0]))
    assert out.phase is Phase.OVER


def test_going_out_may_share_naturals_between_two_groups_sam_12_c_out_1():
    """SAM-12: two groups of six (each with two wild cards, so they cannot be joined, SAM-13)
    each take one king from the hand: two canastas, so the player can go out."""
    groups = ["Kc Kd Ks Kh 2c 2d", "Kc Kd Ks Kh JK 2h"]
    state = _play(SAMBA, groups, hand="Kc Kd 8c")
    assert can_go_out(state)
    first, second = _mids(state)
    kings = pick(state, 0, "Kc Kd")
    melded = legal(state, Meld(0, add=((first, kings[:1]), (second, kings[1:]))))
    assert legal(melded, Discard(0, pick(melded, 0, "8c")[0])).phase is Phase.OVER


def test_groups_that_cannot_reach_two_canastas_do_not_go_out_sam_12_c_out_1():
    """The same two groups and only one king: one canasta at most, so no going out."""
    groups = ["Kc Kd Ks Kh 2c 2d", "Kc Kd Ks Kh JK 2h"]
    assert not can_go_out(_play(SAMBA, groups, hand="Kc 8c"))


#: The side's kings are a completed canasta beside a samba: two canastas, the quota (SAM-23).
KING_CANASTA = ["Kc Kd Ks Kh Kc Kd Ks", "4h 5h 6h 7h 8h 9h Th"]


@pytest.mark.parametrize("name", ["samba", "bolivia", "chilean", "brazilian"])
def test_a_player_may_ask_to_go_out_with_a_second_group_sam_12_c_out_7(name):
    """SAM-12, SAM-15, C-OUT-7: Kh Kc 2c go out only as a new group of kings (the canasta
    takes no wild card), the 9c discarded. "May I go out?" was refused here ("you cannot go
    out this turn"); under Brazilian, where going out must be asked (BRA-11), the player could
    not go out at all."""
    state = _play(preset(name), KING_CANASTA, hand="Kh Kc 2c 9c")
    asked = legal(state, AskGoOut(0))
    told = legal(asked, AnswerGoOut(2, True))
    melded = legal(told, Meld(0, (pick(told, 0, "Kh Kc 2c"),)))
    assert legal(melded, Discard(0, pick(melded, 0, "9c")[0])).phase is Phase.OVER


def test_black_threes_may_be_melded_before_a_second_group_sam_12_c_b3_2():
    """C-B3-2 with SAM-12: melding the black threes binds the player to go out this turn,
    which the kings and the 2 still allow as a new group; the black threes alone were refused
    ("meld the rest first")."""
    state = _play(SAMBA, KING_CANASTA, hand="3c 3s 3c Kh Kc 2c 9c")
    threes = legal(state, Meld(0, (pick(state, 0, "3c 3s 3c"),)))
    melded = legal(threes, Meld(0, (pick(threes, 0, "Kh Kc 2c"),)))
    assert legal(melded, Discard(0, pick(melded, 0, "9c")[0])).phase is Phase.OVER


def test_no_second_group_without_the_cards_for_it_sam_12_c_out_7():
    """The same table with a lone king and a 2: no new group (C-MELD-2), the canasta takes no
    wild card (SAM-15), so asking is refused."""
    state = _play(SAMBA, KING_CANASTA, hand="Kh 2c 9c")
    rejected(state, AskGoOut(0), "C-OUT-7")
