"""Issue 10's rule gaps, each with the test that failed before the fix.

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles are written bottom first.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario import legal, pick, rejected

from canasta_game.engine import (
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    Phase,
    TakePile,
    apply,
    preset,
    state_from_setup,
    why_illegal,
)
from canasta_game.engine.game import can_recycle
from canasta_game.engine.movegen import pile_takes
from canasta_game.engine.rules import Rules
from canasta_game.sim.invariants import no_leaks

CLASSIC = preset("classic-4")
OTHERS = ["4c 4d 9s", "7c 7d 8s", "6c 6d Ts"]


# --- gap 1: going out by taking the pile (C-OUT-1, C-OUT-2, C-PILE-11) -------------------


def test_c_out_2_taking_the_pile_and_melding_every_card_goes_out():
    state = state_from_setup(
        CLASSIC,
        ["Kc Kd", *OTHERS],
        stock="Tc Td",
        pile="Kh",
        melds={0: ["Qc Qd Qh Qs Qc Qd Qh", "5c 5d 5h"]},
    )
    after = legal(state, TakePile(0, pick(state, 0, "Kc Kd")))
    assert after.phase is Phase.OVER
    assert (after.end.reason, after.end.seat) == ("went_out", 0)


def test_c_pile_11_a_canasta_the_top_card_completes_counts_for_going_out():
    state = state_from_setup(
        CLASSIC,
        ["Qc Qd", *OTHERS],
        stock="Tc Td",
        pile="Qh",
        melds={0: ["Qs Qh Qs 2c", "5c 5d 5h"]},
    )
    after = legal(state, TakePile(0, pick(state, 0, "Qc Qd")))
    assert after.phase is Phase.OVER and after.end.reason == "went_out"
    assert after.canastas(0) == 1


def test_c_out_5_taking_the_pile_into_an_empty_hand_without_a_canasta_names_the_rule():
    state = state_from_setup(
        CLASSIC, ["Kc Kd", *OTHERS], stock="Tc Td", pile="Kh", melds={0: ["5c 5d 5h"]}
    )
    why = rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "C-OUT-5")
    assert why.key == "out_no_canasta"


def test_c_out_1_two_canastas_needed_names_the_counts():
    rules = preset("classic-2")
    state = state_from_setup(
        rules,
        ["Kc Kd", "4c 4d 9s"],
        stock="Tc Td",
        pile="Kh",
        melds={0: ["Qc Qd Qh Qs Qc Qd Qh", "5c 5d 5h"]},
    )
    why = rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "C-OUT-1")
    assert why.values == {"need": 2, "have": 1}


# --- gap 2: the generator finds every kind of legal take (C-PILE-8, C-STOCK-4) -----------


def _gap2_state(stock: str = "Tc Td"):
    return state_from_setup(CLASSIC, ["Kc Kd Ac Ad Ah As", *OTHERS], stock=stock, pile="5h Kh")


def test_c_pile_8_generator_finds_an_opening_take_that_keeps_cards_back():
    state = _gap2_state()
    take = TakePile(0, pick(state, 0, "Kc Kd"), (pick(state, 0, "Ac Ad Ah"),))
    assert why_illegal(state, take) is None
    assert pile_takes(state), "a legal opening take exists but none was generated"


def test_c_stock_4_an_empty_stock_with_a_possible_opening_take_does_not_end_the_hand():
    state = _gap2_state(stock="")
    assert state.phase is Phase.DRAW
    take = pile_takes(state)[0]
    assert apply(state, take)[0].is_open(0)


RANKS = ("K", "A", "Q", "5", "2", "JK")


def _brute_takes(state) -> list[TakePile]:
    """Every way to split the hand into top-meld cards, up to two extra melds, and the rest."""
    hand = state.hands[0]
    out: list[TakePile] = []
    seen: set[tuple] = set()
    for labels in itertools.product(range(4), repeat=len(hand)):
        if 3 in labels and 2 not in labels:
            continue  # the two extra melds are interchangeable
        top = tuple(c for c, lab in zip(hand, labels, strict=True) if lab == 1)
        groups = tuple(
            tuple(c for c, lab in zip(hand, labels, strict=True) if lab == g) for g in (2, 3)
        )
        melds = tuple(g for g in groups if g)
        key = (top, melds)
        if key in seen:
            continue
        seen.add(key)
        move = TakePile(0, top, melds)
        if why_illegal(state, move) is None:
            out.append(move)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.lists(st.sampled_from(RANKS), min_size=2, max_size=6),
    top=st.sampled_from(("K", "A", "Q")),
    below=st.booleans(),
    score=st.sampled_from((-10, 0)),
)
def test_c_pile_8_generator_agrees_with_brute_force_on_small_hands(hand, top, below, score):
    suits = itertools.cycle("cdhs")
    cards = " ".join(r if r == "JK" else r + next(suits) for r in hand)
    pile = f"5s {top}h" if below else f"{top}h"
    state = state_from_setup(CLASSIC, [cards, *OTHERS], stock="Tc Td", pile=pile, scores=(score, 0))
    brute = _brute_takes(state)
    generated = pile_takes(state)
    assert all(why_illegal(state, m) is None for m in generated)
    assert bool(generated) == bool(brute), f"brute force found {brute[:3]}"


# --- gap 3: state_from_setup's frozen flag under O-B3-FREEZE (C-PILE-3) -------------------


def test_o_b3_freeze_setup_default_freezes_a_pile_holding_a_black_three():
    rules = CLASSIC.with_options(b3_freeze=True)
    state = state_from_setup(rules, ["Kc Kd", *OTHERS], stock="Tc Td", pile="3s Kh")
    assert state.pile_frozen
    plain = state_from_setup(CLASSIC, ["Kc Kd", *OTHERS], stock="Tc Td", pile="3s Kh")
    assert not plain.pile_frozen


# --- gap 4: dead deals are refused when the rules are built (C-DEAL, C-UP, C-R3-2) --------

SEVEN_PER_RANK = (
    *(f"{rank}{suit}" for rank in "AKQJT98765432" for suit in "shdcshd"),
    *("JK",) * 6,
)


@pytest.mark.parametrize(
    "changes",
    [
        {"deal_size": 26},
        {"players": 6, "deal_size": 15, "custom_deck": SEVEN_PER_RANK},
    ],
)
def test_c_deal_a_pack_that_cannot_supply_the_deal_is_refused(changes):
    with pytest.raises(ValueError, match="cannot deal"):
        CLASSIC.with_options(**changes)
    data = CLASSIC.to_dict() | {
        k: list(v) if isinstance(v, tuple) else v for k, v in changes.items()
    }
    with pytest.raises(ValueError, match="cannot deal"):
        Rules.from_dict(data)


def test_c_deal_every_preset_still_deals():
    for name in ("classic-2", "classic-3", "classic-4", "classic-5", "classic-6", "cz-house"):
        assert preset(name).problems() == []


# --- gap 5: a hand under O-STOCK-RECYCLE always ends (RECYCLE-END) ------------------------


def test_recycle_end_the_pile_is_not_turned_over_again_without_a_meld_or_take():
    rules = preset("classic-2").with_options(stock_recycle=True)
    state = state_from_setup(
        rules, ["Kc Qd 9h", "4c 7d 9s"], stock="", pile="5c 8d", melds={0: ["Jc Jd Jh"]}
    )
    assert can_recycle(state)
    state, _ = apply(state, DrawStock(0))  # turns the pile over: 8d and 5c drawn
    assert state.recycle_idle and not state.stock
    state, _ = apply(state, Discard(0, pick(state, 0, "Qd")[0]))
    # East cannot take Qd, and nobody melded since the turn-over: no second one (C-STOCK-1)
    assert state.phase is Phase.OVER and state.end.reason == "stock"


def test_recycle_end_a_meld_allows_the_next_turn_over():
    rules = preset("classic-2").with_options(stock_recycle=True)
    state = state_from_setup(
        rules, ["Kc Kd Kh 9h", "4c 7d 9s"], stock="", pile="5c 8d", melds={0: ["Jc Jd Jh"]}
    )
    state, _ = apply(state, DrawStock(0))
    state, _ = apply(state, Meld(0, (pick(state, 0, "Kc Kd Kh"),)))
    assert not state.recycle_idle


# --- gap 6: the leak check knows that recycled discards were seen face up ------------------


def test_leak_check_accepts_recycled_discards_in_the_stock():
    rules = CLASSIC.with_options(stock_recycle=True)
    state = state_from_setup(
        rules, ["Kc Qd 9h", *OTHERS], stock="Tc", pile="5c", melds={0: ["Jc Jd Jh"]}
    )
    state, _ = apply(state, DrawStock(0))
    state, _ = apply(state, Discard(0, pick(state, 0, "Qd")[0]))
    state, _ = apply(state, DrawStock(1))  # the pile (5c Qd) turned over becomes the stock
    assert state.stock and any(card in state.stock for _, card in state.discards)
    assert no_leaks(state) == []


# --- gap 7: the most specific rule (C-OUT-6) -------------------------------------------


def test_c_out_6_asking_before_drawing_names_c_out_6():
    state = state_from_setup(CLASSIC, ["Kc Kd 5h", *OTHERS], stock="Tc Td", pile="9h")
    rejected(state, AskGoOut(0), "C-OUT-6")
