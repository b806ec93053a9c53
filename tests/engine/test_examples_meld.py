"""RULES.md section 5, melds and the initial meld: X-01, X-03, X-09 and X-22.

Every scenario is an explicit position (``state_from_setup``); "N has drawn" is ``Phase.PLAY``.
Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW.
"""

from __future__ import annotations

import pytest
from scenario import legal, meld_of, pick, rejected

from canasta_game.engine import (
    Meld,
    Phase,
    Rules,
    preset,
    state_from_setup,
    why_illegal,
)
from canasta_game.engine.cards import face_text

CLASSIC = preset("classic-4")


# --- X-01 Initial minimum, the 1600 example ---------------------------------------------

X01_HAND = "5c 5d 5h Qc Qd Qh 2c Ac Ad Ah 2d 9s 8h"


def _x01(ns_score: int):
    return state_from_setup(
        CLASSIC,
        [X01_HAND, "4c 4d", "6c 6d", "7c 7d"],
        stock="Tc Td Th",
        pile="Jc",
        scores=(ns_score, 0),
        phase=Phase.PLAY,
    )


def _x01_a(state):
    return Meld(0, new=(pick(state, 0, "5c 5d 5h"), pick(state, 0, "Qc Qd Qh 2c")))


def _x01_b(state):
    return Meld(0, new=(pick(state, 0, "5c 5d 5h"), pick(state, 0, "Ac Ad Ah 2d")))


def test_x01_at_1600_65_is_below_the_minimum_of_90():
    state = _x01(1600)
    assert CLASSIC.initial_minimum(1600) == (90, "")
    why = rejected(state, _x01_a(state), "C-INIT-1")
    assert why.values == {"need": 90, "have": 65}


def test_x01_at_1600_95_meets_the_minimum_of_90():
    state = _x01(1600)
    after = legal(state, _x01_b(state))
    assert after.is_open(0)
    assert meld_of(after, 0, "5").size == 3
    ace = meld_of(after, 0, "A")
    assert (ace.naturals, ace.wilds) == (3, 1)
    assert len(after.hands[0]) == len(X01_HAND.split()) - 7


def test_x01_at_1495_both_melds_are_legal():
    state = _x01(1495)
    assert why_illegal(state, _x01_a(state)) is None
    assert why_illegal(state, _x01_b(state)) is None


def test_x01_at_3000_neither_meld_is_legal():
    state = _x01(3000)
    assert rejected(state, _x01_a(state), "C-INIT-1").values == {"need": 120, "have": 65}
    assert rejected(state, _x01_b(state), "C-INIT-1").values == {"need": 120, "have": 95}


def test_x01_es_variant_with_sevens():
    """ES gives the same example with 7-7-7: 15 + 50 = 65 < 90, and 15 + 80 = 95."""
    state = state_from_setup(
        CLASSIC,
        ["7c 7d 7h Qc Qd Qh 2c Ac Ad Ah 2d 9s 8h", "4c 4d", "6c 6d", "5c 5d"],
        stock="Tc Td Th",
        scores=(1600, 0),
        phase=Phase.PLAY,
    )
    low = Meld(0, new=(pick(state, 0, "7c 7d 7h"), pick(state, 0, "Qc Qd Qh 2c")))
    high = Meld(0, new=(pick(state, 0, "7c 7d 7h"), pick(state, 0, "Ac Ad Ah 2d")))
    assert rejected(state, low, "C-INIT-1").values == {"need": 90, "have": 65}
    assert why_illegal(state, high) is None


# --- X-03 Meld legality under each O-MELD-WILD setting ----------------------------------

WILD_MODES = ("MAX3", "LE_NAT", "LT_NAT", "MAX2", "IT")

# meld -> legality per column MAX3, LE_NAT, LT_NAT, MAX2, IT (RULES.md X-03).
X03_TABLE = {
    "5c 5d 2c": (True, True, True, True, True),
    "Qc Qd Qh": (True, True, True, True, True),
    "8c 8d 8h 2c 2d JK": (True, True, False, False, False),
    "9c 9d 2c 2d 2h": (True, False, False, False, False),
    "9c 9d 2c 2d JK": (True, False, False, False, False),
    "Qc Qd 2c 2d": (True, True, False, True, False),
    "4c 2c JK": (False, False, False, False, False),
    "5c 2c 2d": (False, False, False, False, False),
    "9c 9d 9h 2c 2d 2h JK": (False, False, False, False, False),
    "3c 3s 2c": (False, False, False, False, False),
}

# Why an illegal row is illegal: the rule the table's note names (the option for the
# stricter columns, whose caps come from O-MELD-WILD; C-MELD-3 still caps them at 3).
X03_RULES = {
    "4c 2c JK": ("C-MELD-2",),
    "5c 2c 2d": ("C-MELD-2",),
    "3c 3s 2c": ("C-MELD-4", "C-B3-1"),
}


def _x03_state(rules: Rules, meld_text: str):
    # N's side is open (K-K-K), N has drawn and keeps two spare cards after the meld.
    return state_from_setup(
        rules,
        [meld_text + " Tc Td", "4d 4h", "6c 6d", "7c 7d"],
        stock="Jc Jd Jh",
        melds={0: ["Kc Kd Kh"]},
        phase=Phase.PLAY,
    )


@pytest.mark.parametrize("mode_index", range(len(WILD_MODES)), ids=WILD_MODES)
@pytest.mark.parametrize("meld_text", list(X03_TABLE))
def test_x03_meld_legality_table(meld_text: str, mode_index: int):
    mode = WILD_MODES[mode_index]
    rules = preset("classic-4", meld_wild=mode)
    state = _x03_state(rules, meld_text)
    action = Meld(0, new=(pick(state, 0, meld_text),))
    if X03_TABLE[meld_text][mode_index]:
        after = legal(state, action)
        assert len(after.melds[0]) == 2
        new = after.melds[0][-1]
        assert new.size == len(meld_text.split())
    else:
        if meld_text in X03_RULES:
            allowed = X03_RULES[meld_text]
        elif mode == "MAX3":
            allowed = ("C-MELD-3",)
        else:
            allowed = ("O-MELD-WILD", "C-MELD-3")
        rejected(state, action, *allowed)


# --- X-09 A canasta is not enough as an initial meld ------------------------------------

X09_HAND = "5c 5d 5h 5s 5c 5d 5h Kc Kd Kh 9c 8d"


def _x09():
    return state_from_setup(
        CLASSIC,
        [X09_HAND, "4c 4d", "6c 6d", "7c 7d"],
        stock="Tc Td Th",
        pile="Jc",
        phase=Phase.PLAY,
    )


def test_x09_seven_fives_count_35_not_the_bonus():
    state = _x09()
    action = Meld(0, new=(pick(state, 0, "5c 5d 5h 5s 5c 5d 5h"),))
    assert rejected(state, action, "C-INIT-1").values == {"need": 50, "have": 35}


def test_x09_seven_fives_plus_three_kings_reach_65():
    state = _x09()
    action = Meld(0, new=(pick(state, 0, "5c 5d 5h 5s 5c 5d 5h"), pick(state, 0, "Kc Kd Kh")))
    after = legal(state, action)
    fives = meld_of(after, 0, "5")
    assert fives.is_canasta and fives.is_natural
    assert sorted(face_text(c) for c in after.hands[0]) == ["8d", "9c"]


# --- X-22 Minimum tiers at the boundaries -----------------------------------------------


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-20, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120)],
)
def test_x22_minimum_tiers(score: int, minimum: int):
    assert CLASSIC.initial_minimum(score) == (minimum, "")


def test_x22_tier_applies_to_an_actual_initial_meld():
    """At -20 a 15-point meld opens; at 0 the same meld is 35 short of 50."""
    hand = "5c 5d 5h 9c 8d"
    for score, need in ((-20, None), (0, 50)):
        state = state_from_setup(
            CLASSIC,
            [hand, "4c 4d", "6c 6d", "7c 7d"],
            stock="Tc",
            scores=(score, 0),
            phase=Phase.PLAY,
        )
        action = Meld(0, new=(pick(state, 0, "5c 5d 5h"),))
        if need is None:
            assert why_illegal(state, action) is None
        else:
            assert rejected(state, action, "C-INIT-1").values == {"need": need, "have": 15}
