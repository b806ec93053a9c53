"""RULES.md section 5, the option values the worked examples mention.

X-05 (O-PILE-FROZEN, O-PILE-NOCANADD), X-06 (O-PILE-2NAT), X-10 (O-UPCARD=COVER_ANY3_WILD),
X-17 (O-STOCK-FORCE=PAGAT), X-21 (O-TIEBREAK), X-22 (O-INIT-NEG50, O-TARGET + O-INIT-HIGH),
X-23 (O-PILE-ONECARD=FORBID), X-25 (O-R3-SCALE), X-26 (O-WILD-MELDS, O-WILD-PENALTY),
X-27 (O-PILE-CONFLICT), X-34 (the cz-house preset) and X-36 (O-DEAL-EXACT).
X-03's O-MELD-WILD table is in ``test_examples_meld.py``.
Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Stock and pile are bottom first.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from scenario import in_order, legal, lines, meld_of, pick, rejected

from canasta_game.engine import (
    AddToMeld,
    Discard,
    DrawStock,
    Match,
    Meld,
    Phase,
    TakePile,
    apply,
    new_hand,
    preset,
    score_hand,
    state_from_setup,
    why_illegal,
)
from canasta_game.engine import events as ev
from canasta_game.engine.cards import IS_BLACK_THREE, IS_NATURAL, face_text
from canasta_game.engine.setup import _upcard, pack

CLASSIC = preset("classic-4")
K7 = "Kc Kd Kh Ks Kc Kd Kh"


# --- X-05 with O-PILE-FROZEN and O-PILE-NOCANADD ----------------------------------------


def _x05(rules, nine_meld: str = "9c 9s 9h 2c"):
    return state_from_setup(
        rules,
        ["Kd Qs 5h 6c", "4c 4d", "6d 6h", "8c 8d"],
        stock="Tc Td",
        pile="Kc 9d",
        melds={0: [nine_meld]},
    )


def test_x05_pile_frozen_option_forbids_adding_the_top_card():
    state = _x05(preset("classic-4", pile_frozen=True))
    assert not state.pile_frozen  # nothing in the pile freezes it; the option does
    rejected(state, TakePile(0, ()), "O-PILE-FROZEN")


def test_x05_nocanadd_forbids_adding_the_top_card_to_a_canasta():
    rules = preset("classic-4", pile_nocanadd=True)
    state = _x05(rules, "9c 9s 9h 9c 9s 9h 2c")
    rejected(state, TakePile(0, ()), "O-PILE-NOCANADD")
    # The incomplete 9 meld is still a legal target under the option.
    assert why_illegal(_x05(rules), TakePile(0, ())) is None


# --- X-06 with O-PILE-2NAT --------------------------------------------------------------


def test_x06_two_naturals_option_rejects_natural_plus_wild():
    rules = preset("classic-4", pile_2nat=True)
    state = state_from_setup(
        rules,
        ["Jd 2s 9c 9d 4h", "4c 4d", "6d 6h", "8c 8d"],
        stock="Tc Td",
        pile="5c Jc",
        melds={0: ["Kc Kd Kh"]},
    )
    rejected(state, TakePile(0, pick(state, 0, "Jd 2s")), "O-PILE-2NAT")


# --- X-10 with O-UPCARD=COVER_ANY3_WILD -------------------------------------------------

X10_HANDS = ["4c 4d 4h", "8s 8d Kc Kd Kh 9c 5d", "6c 6d 6h", "7c 7d 7h"]


def _turn_up(rules, stock: str):
    base = state_from_setup(rules, X10_HANDS, stock=stock, dealer=0, current=1)
    cards = list(base.stock)
    state = _upcard(base, cards)
    return replace(state, stock=tuple(cards))


def test_x10_cover_any3_wild_covers_a_black_three():
    rules = preset("classic-4", upcard="COVER_ANY3_WILD")
    state = _turn_up(rules, "Tc 9d 3s")  # top-down 3s, 9d
    assert in_order(state.pile) == ["3s", "9d"]
    assert face_text(state.top) == "9d"
    assert state.pile_frozen is False
    assert in_order(state.stock) == ["Tc"]


def test_x10_cover_any3_wild_still_covers_wild_cards_and_red_threes():
    rules = preset("classic-4", upcard="COVER_ANY3_WILD")
    state = _turn_up(rules, "Tc 8c 3c 3h JK")
    assert in_order(state.pile) == ["JK", "3h", "3c", "8c"]
    assert state.pile_frozen is True


def test_x10_dealt_hand_with_a_black_three_upcard_under_both_settings():
    """The same shuffle through ``new_hand``: a 3s/3c upcard stops (default) or is covered."""
    seed = next(
        s
        for s in range(2000)
        if len(new_hand(CLASSIC, s).pile) == 1 and IS_BLACK_THREE[new_hand(CLASSIC, s).pile[0]]
    )
    default = new_hand(CLASSIC, seed)
    rejected(default, TakePile(default.current, ()), "C-UP-4", "C-PILE-5", "C-B3-3")
    covered = new_hand(preset("classic-4", upcard="COVER_ANY3_WILD"), seed)
    assert covered.pile[0] == default.pile[0]
    assert len(covered.pile) >= 2
    assert IS_NATURAL[covered.pile[-1]]
    assert all(not IS_NATURAL[c] for c in covered.pile[:-1])


# --- X-17 with O-STOCK-FORCE=PAGAT ------------------------------------------------------


def _x17(rules, south_discard: str, pile: str, west: str):
    state = state_from_setup(
        rules,
        ["4c 4d", "6c 6d", south_discard + " 5d", west],
        stock="",
        pile=pile,
        melds={0: ["Kc Kd Kh"], 1: ["Tc Td Ts"]},
        current=2,
        phase=Phase.PLAY,
    )
    return legal(state, Discard(2, pick(state, 2, south_discard)[0]))


PAGAT = preset("classic-4", stock_force="PAGAT")


def test_x17c_pagat_frozen_pile_is_optional_and_declining_ends_the_hand():
    state = _x17(PAGAT, "Qd", "Kc JK 5d", "Qs Qh 9c")
    assert state.end is None and state.current == 3 and state.pile_frozen
    assert why_illegal(state, TakePile(3, pick(state, 3, "Qs Qh"))) is None
    done = legal(state, DrawStock(3))
    assert done.phase is Phase.OVER
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("stock", None, False)
    assert "going_out" not in lines(done, 0) and "going_out" not in lines(done, 1)


def test_x17a_pagat_unfrozen_pile_that_fits_a_meld_is_still_compulsory():
    state = _x17(PAGAT, "Th", "Kc", "9c 9d")
    rejected(state, DrawStock(3), "O-STOCK-FORCE", "C-STOCK-4")
    assert why_illegal(state, TakePile(3, ())) is None


# --- X-21 with O-TIEBREAK=EXTRA_HAND ----------------------------------------------------


def test_x21_tie_with_extra_hand_tiebreak_plays_on():
    rules = preset("classic-4", tiebreak="EXTRA_HAND")
    state = state_from_setup(
        rules,
        ["JK", "6c", "", "4c 6d 7c"],
        stock="Tc Td",
        pile="Jc",
        melds={
            0: ["Ac Ad Ah", "Kc Kd Kh", "9c 9d 9h 9s"],
            1: ["Qc Qd Qh Qs Qc 2c 2d", "8c 8d 8h", "5c 5d 5h"],
        },
        bonus_threes={0: "3h"},
        current=1,
        phase=Phase.PLAY,
    )
    done = legal(state, Discard(1, pick(state, 1, "6c")[0]))
    assert score_hand(done).totals == (180, 520)
    match = Match(rules, "x21", (4920, 4580), dealer=0).record(done)
    assert match.scores == (5100, 5100)
    assert match.over is False and match.winner is None


# --- X-22 with O-INIT-NEG50 and O-TARGET=10000 + O-INIT-HIGH ----------------------------


def test_x22_init_neg50():
    rules = preset("classic-4", init_neg50=True)
    assert rules.initial_minimum(-20) == (50, "")
    assert rules.initial_minimum(0) == (50, "")
    assert rules.initial_minimum(1500) == (90, "")


def test_x22_init_high_150_with_target_10000():
    rules = preset("classic-4", target=10000, init_high="150")
    assert rules.initial_minimum(6000) == (150, "")
    assert rules.initial_minimum(4995) == (120, "")


def test_x22_init_high_applies_to_a_meld():
    rules = preset("classic-4", target=10000, init_high="150")
    state = state_from_setup(
        rules,
        ["Ac Ad Ah 2c Kc Kd Kh 9c 8d", "4c 4d", "6c 6d", "7c 7d"],
        stock="Tc",
        scores=(6000, 0),
        phase=Phase.PLAY,
    )
    action = Meld(0, new=(pick(state, 0, "Ac Ad Ah 2c"), pick(state, 0, "Kc Kd Kh")))
    assert rejected(state, action, "C-INIT-1").values == {"need": 150, "have": 110}


# --- X-23 with O-PILE-ONECARD=FORBID ----------------------------------------------------


def test_x23_one_card_pile_forbidden():
    rules = preset("classic-4", pile_onecard="FORBID")
    state = state_from_setup(
        rules,
        ["Qh", "4c 4d", "6c 6d", "8c 8d"],
        stock="Tc Td",
        pile="9d",
        melds={0: ["9c 9s 9h", K7]},
    )
    rejected(state, TakePile(0, ()), "O-PILE-ONECARD")


# --- X-25 with O-R3-SCALE=PROGRESSIVE ---------------------------------------------------


@pytest.mark.parametrize(("count", "amount"), [(1, 100), (2, 200), (3, 400), (4, 800)])
def test_x25_progressive_scale(count: int, amount: int):
    rules = preset("classic-4", r3_scale="PROGRESSIVE")
    assert rules.bonus_three_amount(count) == amount
    reds = " ".join(("3d", "3h", "3d", "3h")[:count])
    for melded, sign in ((True, 1), (False, -1)):
        state = state_from_setup(
            rules,
            ["4c 4d", "6c 6d", "7c 7d", "8c 8d"],
            stock="Tc Td",
            pile="Jc",
            melds={0: ["Kc Kd Kh"]} if melded else {},
            bonus_threes={0: reds},
        )
        assert lines(state, 0)["red_threes"] == sign * amount


# --- X-26 O-WILD-MELDS and O-WILD-PENALTY -----------------------------------------------

WILD = preset("classic-4", wild_melds=True)


def test_x26_incomplete_wild_meld_takes_every_wild_card():
    state = state_from_setup(
        WILD,
        ["2c 2d JK 2h 5c 6d", "4c 4d", "6c 6h", "7c 7d"],
        stock="Tc Td",
        pile="Jc",
        melds={0: ["Qc Qd Qh"]},
        phase=Phase.PLAY,
    )
    state = legal(state, Meld(0, new=(pick(state, 0, "2c 2d JK"),)))
    wild = meld_of(state, 0, "wild")
    assert (wild.size, wild.naturals, wild.is_canasta) == (3, 0, False)
    assert lines(state, 0)["melded_cards"] == 30 + 90  # 2-2-JK counts 90
    queens = meld_of(state, 0, "Q")
    rejected(state, AddToMeld(0, queens.mid, pick(state, 0, "2h")), "O-WILD-MELDS")
    # The 2 may still go to the wild meld itself.
    assert why_illegal(state, AddToMeld(0, wild.mid, pick(state, 0, "2h"))) is None


def test_x26_wild_canasta_scores_1000_plus_200():
    state = state_from_setup(
        WILD,
        ["2h 2s JK 2c 5c 6d", "4c 4d", "6c 6h", "7c 7d"],
        stock="Tc Td",
        pile="Jc",
        melds={0: ["2c 2d JK"]},
        phase=Phase.PLAY,
    )
    wild = meld_of(state, 0, "wild")
    state = legal(state, AddToMeld(0, wild.mid, pick(state, 0, "2h 2s JK 2c")))
    wild = meld_of(state, 0, "wild")
    assert (wild.size, wild.is_canasta) == (7, True)
    assert sorted(in_order(wild.cards)) == ["2c", "2c", "2d", "2h", "2s", "JK", "JK"]
    ns = lines(state, 0)
    assert ns["melded_cards"] == 5 * 20 + 2 * 50
    assert ns["wild_canastas"] == 1000
    assert ns["melded_cards"] + ns["wild_canastas"] == 1200
    assert "natural_canastas" not in ns and "mixed_canastas" not in ns


def _x26_hand_end(rules, wild_meld: str):
    state = state_from_setup(
        rules,
        ["4c", "4d 4h", "6c", "7c 7d"],
        stock="Tc Td",
        pile="Jc",
        melds={0: [K7, wild_meld]},
        phase=Phase.PLAY,
    )
    done = legal(state, Discard(0, pick(state, 0, "4c")[0]))
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("went_out", 0, False)
    return done


def test_x26_wild_penalty_for_an_incomplete_wild_meld():
    rules = preset("classic-4", wild_melds=True, wild_penalty=True)
    done = _x26_hand_end(rules, "2c 2d JK")
    ns = lines(done, 0)
    assert ns["wild_meld_penalty"] == -1000
    assert score_hand(done).totals[0] == 70 + 90 + 500 + 100 - 1000 - 5


def test_x26_no_wild_penalty_without_the_option_or_once_complete():
    assert "wild_meld_penalty" not in lines(_x26_hand_end(WILD, "2c 2d JK"), 0)
    rules = preset("classic-4", wild_melds=True, wild_penalty=True)
    complete = _x26_hand_end(rules, "2c 2d 2h 2s JK JK 2c")
    assert "wild_meld_penalty" not in lines(complete, 0)


# --- X-27 O-PILE-CONFLICT ---------------------------------------------------------------


def _x27(conflict: str):
    rules = preset("classic-4", pile_nocanadd=True, pile_2nat=False, pile_conflict=conflict)
    state = state_from_setup(
        rules,
        ["Kc 2h 5c 6d 9h", "4c 4d", "6c 6h", "7c 7d"],
        stock="Tc Td",
        pile="8c Kd",
        melds={0: ["Kh Ks Kh Ks 2c 2d JK"]},
    )
    canasta = meld_of(state, 0, "K")
    assert (canasta.naturals, canasta.wilds, canasta.is_canasta) == (4, 3, True)
    return state


def test_x27_conflict_c_default_forbids_the_take():
    assert CLASSIC.pile_conflict == "C"
    state = _x27("C")
    rejected(state, TakePile(0, pick(state, 0, "Kc 2h")), "O-PILE-CONFLICT", "C-MELD-3")
    rejected(state, TakePile(0, pick(state, 0, "Kc 2h"), separate=True), "O-PILE-CONFLICT")


def test_x27_conflict_a_starts_a_separate_open_meld():
    state = _x27("A")
    after = legal(state, TakePile(0, pick(state, 0, "Kc 2h"), separate=True))
    kings = sorted((m for m in after.melds[0] if m.label() == "K"), key=lambda m: m.size)
    assert [(m.size, m.naturals, m.wilds) for m in kings] == [(3, 2, 1), (7, 4, 3)]
    assert sorted(in_order(kings[0].cards)) == ["2h", "Kc", "Kd"]


def test_x27_conflict_b_merges_into_a_ten_card_canasta():
    state = _x27("B")
    after = legal(state, TakePile(0, pick(state, 0, "Kc 2h")))
    kings = meld_of(after, 0, "K")
    assert (kings.size, kings.naturals, kings.wilds, kings.is_canasta) == (10, 6, 4, True)


# --- X-34 Czech house closing (cz-house preset) -----------------------------------------


def _x34(rules):
    state = state_from_setup(
        rules,
        ["3s 3c 3s 9d", "Tc Th", "4c", "9c 9h"],
        stock="Jc Jd",
        pile="6c",
        melds={0: [K7], 1: ["Ac Ad Ah 2d", "Jc Jd Jh 2c", "5c 5d 5h 5s"]},
        phase=Phase.PLAY,
    )
    state = legal(state, Meld(0, new=(pick(state, 0, "3s 3c 3s"),)))
    done, events = apply(state, Discard(0, pick(state, 0, "9d")[0]))
    return done, events


def test_x34_closing_with_black_threes_scores_300_face_down():
    done, events = _x34(preset("cz-house"))
    end = done.end
    assert (end.reason, end.seat, end.concealed, end.black_threes) == ("went_out", 0, False, True)
    discards = [e for e in events if isinstance(e, ev.Discarded)]
    assert len(discards) == 1 and discards[0].face_down is True
    ns = score_hand(done).sides[0].lines
    assert [line.points for line in ns if line.key == "going_out"] == [300]
    assert "concealed" not in {line.key for line in ns}


def test_x34_side_without_a_canasta_subtracts_everything():
    done, _ = _x34(preset("cz-house"))
    ew = lines(done, 1)
    assert ew["melded_cards"] == -150
    assert ew["hand_penalty"] == -40
    assert score_hand(done).totals[1] == -190


def test_x34_contrast_classic_closing_is_face_up_100_and_melds_count_plus():
    done, events = _x34(CLASSIC)
    discards = [e for e in events if isinstance(e, ev.Discarded)]
    assert discards[0].face_down is False
    assert lines(done, 0)["going_out"] == 100
    assert score_hand(done).totals[1] == 150 - 40


# --- X-36 Dealer's exact lift (O-DEAL-EXACT) --------------------------------------------

EXACT = preset("classic-4", deal_exact=True)


@pytest.mark.parametrize("dealer", [0, 1])
def test_x36_exact_lift_of_44_scores_100_for_the_dealers_side(dealer: int):
    state = new_hand(EXACT, "x36", dealer=dealer, lift=44)
    side = dealer % 2
    assert state.exact_deal_side == side
    assert lines(state, side)["exact_deal"] == 100
    assert "exact_deal" not in lines(state, 1 - side)


def test_x36_lift_of_45_gives_no_bonus_and_returns_a_card_to_the_stock():
    exact = new_hand(EXACT, "x36", dealer=0, lift=44)
    over = new_hand(EXACT, "x36", dealer=0, lift=45)
    assert over.exact_deal_side is None
    assert "exact_deal" not in lines(over, 0) and "exact_deal" not in lines(over, 1)
    # The 45th card goes back on top of the stock, so the deal is the same and that card is
    # the first one turned up.
    assert over.hands == exact.hands
    assert over.stock == exact.stock and over.pile == exact.pile
    shuffled = pack(EXACT)
    random.Random("x36").shuffle(shuffled)
    assert over.pile[0] == shuffled[44]
    assert all(len(hand) == 11 for hand in over.hands)


def test_x36_option_off_gives_no_bonus_even_with_an_exact_lift():
    state = new_hand(CLASSIC, "x36", dealer=0, lift=44)
    assert state.exact_deal_side is None
    assert "exact_deal" not in lines(state, 0)
