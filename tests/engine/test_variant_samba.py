"""VARIANTS.md section 1, V-SAMBA: scenarios from explicit setups (X-SAM-1..3 and SAM-*).

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles are written bottom first.
The rules every sequence-family preset shares are checked on each of them.
"""

from __future__ import annotations

import pytest
from scenario import faces, in_order, legal, lines, pick, rejected

from canasta_game.engine import (
    Discard,
    DrawStock,
    Meld,
    Phase,
    TakePile,
    apply,
    observe,
    preset,
    state_from_setup,
)
from canasta_game.engine.cards import ACE, FOUR
from canasta_game.engine.meldrules import CanastaKind, MeldKind, meld_facts
from canasta_game.engine.movegen import legal_moves

QUEEN, NINE = 10, 7  # rank indices (2 is 0)
SAMBA = preset("samba")
FAMILY = ("samba", "bolivia", "brazilian", "chilean")
OPEN = {0: ["9c 9d 9s"], 1: ["8c 8d 8s"]}  # both sides have opened


def _play(rules, hand, melds=None, **kwargs):
    """N to play after drawing, holding ``hand``; both sides open unless ``melds`` says."""
    return state_from_setup(
        rules,
        [hand, "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"],
        stock=kwargs.pop("stock", "Tc Td Ts Kc"),
        melds=OPEN if melds is None else melds,
        phase=kwargs.pop("phase", Phase.PLAY),
        **kwargs,
    )


def _meld_with(state, mid):
    return next(m for m in state.melds[0] if m.mid == mid)


# --- X-SAM-1: sequences and the wild-card cap ---------------------------------------------


@pytest.mark.parametrize("name", FAMILY)
def test_x_sam_1_sequence_of_three_is_legal_sam_9(name):
    state = _play(preset(name), "5h 6h 7h Qc Jd")
    after = legal(state, Meld(0, (pick(state, 0, "5h 6h 7h"),)))
    run = after.melds[0][-1]
    facts = meld_facts(after.rules, run)
    assert facts.kind is MeldKind.SEQUENCE
    assert (facts.suit, facts.low, facts.high) == (2, 3, 5)  # hearts, 5 to 7
    assert facts.grow_low and facts.grow_high
    assert observe(after, 1).meld_facts[0][-1] == facts  # the view carries the same facts


@pytest.mark.parametrize("name", FAMILY)
def test_x_sam_1_wild_card_in_a_sequence_is_illegal_sam_10(name):
    state = _play(preset(name), "5h 6h 2c Qc Jd")
    rejected(state, Meld(0, (pick(state, 0, "5h 6h 2c"),)), "SAM-10")


def test_x_sam_1_two_wild_cards_in_a_group_legal_three_illegal_sam_13():
    state = _play(SAMBA, "Kh Kd 2c JK Qc Jd")
    legal(state, Meld(0, (pick(state, 0, "Kh Kd 2c JK"),)))
    state = _play(SAMBA, "Kh Kd Ks 2c 2d JK Qc Jd")
    rejected(state, Meld(0, (pick(state, 0, "Kh Kd Ks 2c 2d JK"),)), "SAM-13")


@pytest.mark.parametrize(
    "cards, rule",
    [
        ("3h 4h 5h", "SAM-10"),  # a three never joins a sequence
        ("5h 6d 7h", "SAM-9"),  # one suit
        ("5h 6h 8h", "SAM-9"),  # consecutive
        ("4h 5h 6h 7h 8h 9h Th Jh", "SAM-11"),  # at most 7
    ],
)
def test_sequence_shape_rules_sam_9_10_11(cards, rule):
    state = _play(SAMBA, cards + " Qc Jd")
    rejected(state, Meld(0, (pick(state, 0, cards),)), rule)


def test_sequence_runs_from_four_up_to_ace_sam_10():
    state = _play(SAMBA, "Qh Kh Ah 4s 5s 6s Jd Tc")
    after = legal(state, Meld(0, (pick(state, 0, "Qh Kh Ah"), pick(state, 0, "4s 5s 6s"))))
    runs = [meld_facts(SAMBA, m) for m in after.melds[0][1:]]
    assert [(f.low, f.high, f.grow_low, f.grow_high) for f in runs] == [
        (QUEEN, ACE, True, False),
        (FOUR, FOUR + 2, False, True),
    ]


def test_seven_card_sequence_is_a_samba_and_takes_no_more_cards_sam_11_sam_26():
    melds = {0: ["9c 9d 9s", "5h 6h 7h 8h 9h Th"], 1: ["8c 8d 8s"]}
    state = _play(SAMBA, "Jh Qh Kc Kd", melds=melds)
    run = state.melds[0][1]
    after = legal(state, Meld(0, add=((run.mid, pick(state, 0, "Jh")),)))
    samba = _meld_with(after, run.mid)
    facts = meld_facts(SAMBA, samba)
    assert facts.canasta is CanastaKind.SEQUENCE and facts.bonus == 1500
    assert not facts.grow_low and not facts.grow_high
    assert faces(samba.cards)[0] == "5h" and after.canastas(0) == 1
    rejected(after, Meld(0, add=((run.mid, pick(after, 0, "Qh")),)), "SAM-11")
    assert lines(after, 0)["sequence_canastas"] == 1500


def test_two_sequences_of_one_suit_stay_separate_sam_16():
    melds = {0: ["9c 9d 9s", "9h Th Jh"], 1: ["8c 8d 8s"]}
    state = _play(SAMBA, "4h 5h 6h Kc Kd", melds=melds)
    after = legal(state, Meld(0, (pick(state, 0, "4h 5h 6h"),)))
    hearts = [m for m in after.melds[0] if m.label() == "run h"]
    assert len(hearts) == 2
    # the gap 7h-8h is not bridged: a card that fits neither end is refused
    rejected(
        after,
        Meld(0, add=((hearts[1].mid, pick(after, 0, "Kc")),)),
        "SAM-10",
        "SAM-9",
    )


def test_no_wild_card_on_a_completed_canasta_naturals_still_allowed_sam_15():
    melds = {0: ["Kc Kd Ks Kh Kc Kd 2c"], 1: ["8c 8d 8s"]}
    state = _play(SAMBA, "Ks 2d JK Qc Qd", melds=melds)
    kings = state.melds[0][0]
    rejected(state, Meld(0, add=((kings.mid, pick(state, 0, "2d")),)), "SAM-15")
    after = legal(state, Meld(0, add=((kings.mid, pick(state, 0, "Ks")),)))
    assert _meld_with(after, kings.mid).size == 8
    assert meld_facts(SAMBA, _meld_with(after, kings.mid)).wild_room == 0


# --- drawing ------------------------------------------------------------------------------


def test_draw_two_sam_6_and_nothing_more_after_taking_the_pile_sam_7():
    state = _play(SAMBA, "Qh Qd Jc Jd", phase=Phase.DRAW, pile="5c 7d Qs")
    drawn = legal(state, DrawStock(0))
    assert len(drawn.hands[0]) == 6
    taken = legal(state, TakePile(0, pick(state, 0, "Qh Qd")))
    assert taken.phase is Phase.PLAY
    rejected(taken, DrawStock(0), "C-TURN-2")


# --- X-SAM-2: taking the pile -------------------------------------------------------------


def _x_sam_2(top, hand, frozen=False, rules=SAMBA):
    melds = {0: ["9c 9d 9s", "9h Th Jh"], 1: ["8c 8d 8s"]}
    pile = ("2c " if frozen else "") + "5c " + top
    return _play(rules, hand, melds=melds, phase=Phase.DRAW, pile=pile)


def test_x_sam_2_top_card_extends_a_sequence_upward_and_downward_sam_18():
    for top in ("Qh", "8h"):
        state = _x_sam_2(top, "Kc Kd 4c")
        run = state.melds[0][1]
        after = legal(state, TakePile(0, onto=run.mid))
        grown = _meld_with(after, run.mid)
        assert grown.size == 4 and top in faces(grown.cards)
        assert faces(after.hands[0]) == ["4c", "5c", "Kc", "Kd"]


def test_x_sam_2_hand_card_with_the_top_card_to_extend_is_illegal_sam_19():
    state = _x_sam_2("7h", "8h Kc Kd")
    run = state.melds[0][1]
    rejected(state, TakePile(0, pick(state, 0, "8h"), onto=run.mid), "SAM-19")
    rejected(state, TakePile(0, onto=run.mid), "SAM-18")  # 7h fits no end
    rejected(state, TakePile(0, pick(state, 0, "8h")), "C-PILE-6")  # never starts a run


@pytest.mark.parametrize("name", FAMILY)
def test_x_sam_2_natural_and_wild_card_cannot_take_the_pile_sam_19(name):
    """The refusal names the variant's own rule SAM-19, not Classic's house option."""
    state = _x_sam_2("Kd", "Kc 2s Qc", rules=preset(name))
    rejected(state, TakePile(0, pick(state, 0, "Kc 2s")), "SAM-19")


def test_frozen_pile_needs_a_natural_pair_sam_17_sam_18():
    state = _x_sam_2("Qh", "Qc Qd 4c", frozen=True)
    run = state.melds[0][1]
    rejected(state, TakePile(0, onto=run.mid), "SAM-18")
    after = legal(state, TakePile(0, pick(state, 0, "Qc Qd")))
    assert [m.label() for m in after.melds[0]][-1] == "Q"


def test_pile_onto_a_completed_sequence_is_illegal_sam_19():
    melds = {0: ["9c 9d 9s", "5h 6h 7h 8h 9h Th Jh"], 1: ["8c 8d 8s"]}
    state = _play(SAMBA, "Kc Kd 4c", melds=melds, phase=Phase.DRAW, pile="5c Qh")
    rejected(state, TakePile(0, onto=state.melds[0][1].mid), "SAM-19")


def test_generated_takes_include_sequence_extensions():
    state = _x_sam_2("Qh", "Kc Kd 4c")
    run = state.melds[0][1]
    assert TakePile(0, onto=run.mid) in legal_moves(state)


def test_generated_melds_start_and_extend_sequences():
    melds = {0: ["9c 9d 9s", "6h 7h 8h"], 1: ["8c 8d 8s"]}
    state = _play(SAMBA, "4s 5s 6s 9h Th Kc Kd", melds=melds)
    moves = legal_moves(state)
    run = state.melds[0][1]
    assert Meld(0, (pick(state, 0, "4s 5s 6s"),)) in moves
    assert Meld(0, add=((run.mid, pick(state, 0, "9h Th")),)) in moves


# --- the initial meld ---------------------------------------------------------------------


def test_sequences_count_toward_the_initial_minimum_sam_21():
    state = _play(SAMBA, "Th Jh Qh Kh Ah Jd Jc 4c", melds={}, scores=(0, 0))
    why = rejected(state, Meld(0, (pick(state, 0, "Jh Qh Kh"),)), "C-INIT-1")
    assert why.values == {"need": 50, "have": 30}
    after = legal(state, Meld(0, (pick(state, 0, "Th Jh Qh Kh Ah"),)))  # 10*4 + 20 = 60
    assert after.melds[0][0].label() == "run h"


@pytest.mark.parametrize("score, need", [(-10, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)])
def test_initial_minimum_table_sam_22(score, need):
    state = _play(SAMBA, "Kh Kd Ks Jd Jc 4c", melds={}, scores=(score, 0))
    assert state.minimum(0) == (need, "")
    assert observe(state, 0).minimums[0] == need


def test_initial_minimum_150_refuses_140_sam_22():
    state = _play(SAMBA, "Ah Ad As Kh Kd Ks Qh Qd Qs 4c 7d", melds={}, scores=(7000, 0))
    why = rejected(
        state,
        Meld(
            0, (pick(state, 0, "Ah Ad As"), pick(state, 0, "Kh Kd Ks"), pick(state, 0, "Qh Qd Qs"))
        ),
        "C-INIT-1",
    )
    assert why.values == {"need": 150, "have": 120}


# --- X-SAM-3: going out -------------------------------------------------------------------


def _x_sam_3(melds_ns):
    return _play(SAMBA, "Qc Qd Qs 4c", melds={0: melds_ns, 1: ["8c 8d 8s"]})


def test_x_sam_3_natural_canasta_and_samba_may_go_out_sam_23_sam_27():
    state = _x_sam_3(["Kc Kd Ks Kh Kc Kd Ks", "5h 6h 7h 8h 9h Th Jh"])
    melded = legal(state, Meld(0, (pick(state, 0, "Qc Qd Qs"),)))
    out = legal(melded, Discard(0, pick(melded, 0, "4c")[0]))
    assert out.phase is Phase.OVER
    score = lines(out, 0)
    assert score["going_out"] == 200
    assert "concealed" not in score  # SAM-24
    # 7 kings 70 + run 5..J (5*3 + 10*4 = 55) + QQQ 30; 500 + 1500 + 200
    assert score["melded_cards"] == 70 + 55 + 30
    assert score["hand_penalty"] == -15  # S still holds 4s 5d 5s
    assert sum(score.values()) == 155 + 500 + 1500 + 200 - 15


def test_x_sam_3_one_canasta_may_not_go_out_sam_23():
    state = _x_sam_3(["Kc Kd Ks Kh Kc Kd Ks", "5h 6h 7h"])
    # melding down to the last card would leave a turn that cannot end (C-TURN-7 with Q=2)
    why = rejected(state, Meld(0, (pick(state, 0, "Qc Qd Qs"),)), "C-OUT-1")
    assert why.values == {"need": 2, "have": 1}


# --- scoring ------------------------------------------------------------------------------


def test_red_threes_all_six_1000_and_plus_only_with_two_canastas_sam_28_sam_29():
    two = ["Kc Kd Ks Kh Kc Kd Ks", "5h 6h 7h 8h 9h Th Jh"]
    state = _play(
        SAMBA, "4c", melds={0: two, 1: ["8c 8d 8s"]}, bonus_threes={0: "3h 3h 3h 3d 3d 3d"}
    )
    assert lines(state, 0)["red_threes"] == 1000
    one = _play(SAMBA, "4c", melds={0: two[:1], 1: ["8c 8d 8s"]}, bonus_threes={0: "3h 3d"})
    assert lines(one, 0)["red_threes"] == -200
    assert SAMBA.bonus_three_amount(5) == 500


def test_exact_hand_score_with_cards_left_in_hand():
    state = _play(SAMBA, "Ac JK 4c", melds={0: ["9c 9d 9s 2c"], 1: ["8c 8d 8s"]})
    score = lines(state, 0)
    # 9 9 9 2 on the table, A JK 4 in N's hand and 4s 5d 5s in S's
    assert score == {"melded_cards": 50, "hand_penalty": -(20 + 50 + 5 + 15)}


def test_apply_keeps_sequence_cards_in_rank_order():
    melds = {0: ["9c 9d 9s", "6h 7h 8h"], 1: ["8c 8d 8s"]}
    state = _play(SAMBA, "4h 5h 9h Kc Qd", melds=melds)
    run = state.melds[0][1]
    after, _ = apply(state, Meld(0, add=((run.mid, pick(state, 0, "9h 5h 4h")),)))
    assert in_order(_meld_with(after, run.mid).cards) == ["4h", "5h", "6h", "7h", "8h", "9h"]
    assert meld_facts(SAMBA, _meld_with(after, run.mid)).high == NINE
