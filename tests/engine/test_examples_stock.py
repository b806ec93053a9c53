"""RULES.md section 5, the upcard, the stock and red threes: X-10, X-17, X-18 and X-24.

The option variants (O-UPCARD, O-STOCK-FORCE) are in ``test_examples_options.py``.
Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Stock and pile are bottom first.
"""

from __future__ import annotations

from dataclasses import replace

from scenario import faces, in_order, legal, lines, meld_of, pick, rejected

from canasta_game.engine import (
    Discard,
    DrawStock,
    Phase,
    TakePile,
    preset,
    score_hand,
    state_from_setup,
    why_illegal,
)
from canasta_game.engine.cards import face_text
from canasta_game.engine.setup import _upcard

CLASSIC = preset("classic-4")


def turn_up(rules, hands, stock: str, dealer: int = 0):
    """The position after the upcard procedure (C-UP) on an explicit stock (bottom first)."""
    base = state_from_setup(rules, hands, stock=stock, dealer=dealer, current=(dealer + 1) % 4)
    cards = list(base.stock)
    state = _upcard(base, cards)
    return replace(state, stock=tuple(cards))


# --- X-10 Upcard procedure (default O-UPCARD=COVER_WILD_R3) -----------------------------

X10_HANDS = ["4c 4d 4h", "8s 8d Kc Kd Kh 9c 5d", "6c 6d 6h", "7c 7d 7h"]


def test_x10_joker_and_red_three_are_covered_until_a_natural():
    # Stock top-down JK, 3h, 8c: written bottom first.
    state = turn_up(CLASSIC, X10_HANDS, "Tc Ts 8c 3h JK")
    assert in_order(state.pile) == ["JK", "3h", "8c"]
    assert face_text(state.top) == "8c"
    assert state.pile_frozen is True
    assert in_order(state.stock) == ["Tc", "Ts"]
    assert state.current == 1  # E plays first


def test_x10_east_takes_the_frozen_pile_with_eights_and_kings():
    state = turn_up(CLASSIC, X10_HANDS, "Tc Ts 8c 3h JK")
    assert state.minimum(1) == (50, "")
    take = TakePile(1, pick(state, 1, "8s 8d"), melds=(pick(state, 1, "Kc Kd Kh"),))
    after = legal(state, take)
    assert faces(meld_of(after, 1, "8").cards) == ["8c", "8d", "8s"]
    assert meld_of(after, 1, "K").size == 3
    # JK goes to E's hand; 3h goes to EW's red-three area and is not replaced.
    assert faces(after.hands[1]) == ["5d", "9c", "JK"]
    assert in_order(after.bonus_threes[1]) == ["3h"]
    assert in_order(after.stock) == ["Tc", "Ts"]
    assert after.pile == () and after.pile_frozen is False
    assert lines(after, 1)["red_threes"] == 100


def test_x10_black_three_upcard_stops_the_procedure_and_blocks_the_pile():
    # Stock top-down 3s, 9d.
    state = turn_up(CLASSIC, X10_HANDS, "Tc 9d 3s")
    assert in_order(state.pile) == ["3s"]
    assert state.pile_frozen is False
    rejected(state, TakePile(1, ()), "C-UP-4", "C-PILE-5", "C-B3-3")


# --- X-17 Stock exhaustion (default O-STOCK-FORCE=ANY) ----------------------------------


def x17_state(rules, south_discard: str, pile: str, west: str):
    """S is about to discard with the stock empty, so W's turn starts with no stock."""
    return state_from_setup(
        rules,
        ["4c 4d", "6c 6d", south_discard + " 5d", west],
        stock="",
        pile=pile,
        melds={0: ["Kc Kd Kh"], 1: ["Tc Td Ts"]},
        current=2,
        phase=Phase.PLAY,
    )


def start_wests_turn(state, face):
    return legal(state, Discard(2, pick(state, 2, face)[0]))


def test_x17a_unfrozen_pile_that_fits_the_ten_meld_must_be_taken():
    state = start_wests_turn(x17_state(CLASSIC, "Th", "Kc", "9c 9d"), "Th")
    assert state.end is None and state.current == 3 and state.stock == ()
    rejected(state, DrawStock(3), "C-STOCK-4")
    after = legal(state, TakePile(3, ()))
    assert meld_of(after, 1, "T").size == 4


def test_x17b_black_three_on_top_ends_the_hand_without_going_out_bonus():
    state = start_wests_turn(x17_state(CLASSIC, "3c", "Kc", "9c 9d"), "3c")
    assert state.phase is Phase.OVER
    assert (state.end.reason, state.end.seat, state.end.concealed) == ("stock", None, False)
    assert "going_out" not in lines(state, 0)
    assert "going_out" not in lines(state, 1)


def test_x17c_frozen_pile_must_be_taken_by_default():
    state = start_wests_turn(x17_state(CLASSIC, "Qd", "Kc JK 5d", "Qs Qh 9c"), "Qd")
    assert state.end is None and state.pile_frozen
    rejected(state, DrawStock(3), "C-STOCK-4")
    after = legal(state, TakePile(3, pick(state, 3, "Qs Qh")))
    assert meld_of(after, 1, "Q").naturals == 3


# --- X-18 Red three as the last stock card ----------------------------------------------


def test_x18_red_three_as_last_stock_card_ends_the_hand():
    state = state_from_setup(
        CLASSIC,
        ["9c 5d", "6c 6d", "4c", "8c 8d"],
        stock="3d",
        pile="Jc",
        melds={0: ["Kc Kd Kh"], 1: ["Qc Qd Qh"]},
    )
    done = legal(state, DrawStock(0))
    assert done.phase is Phase.OVER
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("red_three_last", None, False)
    assert in_order(done.bonus_threes[0]) == ["3d"]
    assert faces(done.hands[0]) == ["5d", "9c"]
    # N may not meld or discard.
    assert why_illegal(done, Discard(0, pick(done, 0, "9c")[0])) is not None
    ns = lines(done, 0)
    assert ns["red_threes"] == 100
    assert "going_out" not in ns and "going_out" not in lines(done, 1)
    assert ns["hand_penalty"] == -(10 + 5 + 5)  # N's 9c 5d and S's 4c count against NS
    assert score_hand(done).totals[0] == 30 + 100 - 20


# --- X-24 Two players --------------------------------------------------------------------

TWO = preset("classic-2")


def test_x24_one_canasta_is_not_enough_to_go_out():
    assert TWO.go_out_canastas == 2 and TWO.draw_count == 2
    state = state_from_setup(
        TWO,
        ["4c", "6c 6d"],
        stock="Tc Td",
        pile="Jc",
        melds={0: ["Kc Kd Kh Ks Kc Kd Kh"]},
        phase=Phase.PLAY,
    )
    why = rejected(state, Discard(0, pick(state, 0, "4c")[0]), "C-OUT-1")
    assert why.values == {"need": 2, "have": 1}


def test_x24_red_three_among_the_two_drawn_is_replaced():
    # A draws 3h and 8c; 3h is placed and replaced by one more card (9d).
    state = state_from_setup(TWO, ["4c 5d", "6c 6d"], stock="Tc 9d 8c 3h", pile="Jc")
    after = legal(state, DrawStock(0))
    assert faces(after.hands[0]) == ["4c", "5d", "8c", "9d"]
    assert in_order(after.bonus_threes[0]) == ["3h"]
    assert in_order(after.stock) == ["Tc"]
    assert after.phase is Phase.PLAY


def test_x24_drawing_the_last_single_card_is_a_complete_draw():
    state = state_from_setup(TWO, ["4c 5d", "6c 6d"], stock="8c", pile="Jc")
    after = legal(state, DrawStock(0))
    assert after.phase is Phase.PLAY and after.end is None
    assert faces(after.hands[0]) == ["4c", "5d", "8c"]
    assert after.stock == ()
    # The turn goes on normally: a discard is legal.
    assert why_illegal(after, Discard(0, pick(after, 0, "8c")[0])) is None
