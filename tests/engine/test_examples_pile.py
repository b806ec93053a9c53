"""RULES.md section 5, taking the discard pile: X-02, X-04..X-08 and X-23 (default rules).

The option variants of these examples are in ``test_examples_options.py``.
Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles are written bottom first.
"""

from __future__ import annotations

from scenario import faces, legal, meld_of, pick, rejected

from canasta_game.engine import (
    Discard,
    DrawStock,
    Meld,
    Phase,
    TakePile,
    preset,
    state_from_setup,
)
from canasta_game.engine.state import evolve

CLASSIC = preset("classic-4")


# --- X-02 Initial meld while taking the pile: only the top card counts ------------------


def _x02(ns_score: int):
    # The pile, top first, is Kh, 9c, Qd, Ks, 6h.
    return state_from_setup(
        CLASSIC,
        ["Kc Kd Qs Qh 2d", "4c 4d", "6c 6d", "7c 7d"],
        stock="Tc Td",
        pile="6h Ks Qd 9c Kh",
        scores=(ns_score, 0),
    )


def _x02_take(state):
    return TakePile(0, pick(state, 0, "Kc Kd"), melds=(pick(state, 0, "Qs Qh 2d"),))


def test_x02_take_with_kkk_and_qq2_counts_70_and_is_legal():
    state = _x02(0)
    assert not state.pile_frozen  # no wild card or red three in it
    after = legal(state, _x02_take(state))
    kings, queens = meld_of(after, 0, "K"), meld_of(after, 0, "Q")
    assert faces(kings.cards) == ["Kc", "Kd", "Kh"]
    assert (queens.naturals, queens.wilds) == (2, 1)
    # The rest of the pile goes to the hand only after the melds (C-PILE-9).
    assert faces(after.hands[0]) == ["6h", "9c", "Ks", "Qd"]
    assert after.pile == ()
    # N MAY add Ks and Qd to the melds this turn.
    add = Meld(
        0,
        add=((kings.mid, pick(after, 0, "Ks")), (queens.mid, pick(after, 0, "Qd"))),
    )
    later = legal(after, add)
    assert meld_of(later, 0, "K").size == 4
    assert meld_of(later, 0, "Q").size == 4
    assert faces(later.hands[0]) == ["6h", "9c"]


def test_x02_with_minimum_90_the_cards_below_the_top_do_not_count():
    state = _x02(1500)
    # RULES.md names C-INIT-2 (what counts); C-PILE-8 is the rule for a closed taker.
    why = rejected(state, _x02_take(state), "C-INIT-2", "C-PILE-8", "C-INIT-1")
    assert why.values == {"need": 90, "have": 70}


# --- X-04 Frozen pile: natural plus wild is not enough ----------------------------------


def _x04(north: str):
    return state_from_setup(
        CLASSIC,
        [north, "4c 4d", "6c 6d", "8c 8d"],
        stock="Tc Td",
        pile="9c 2d 5s 7h",  # the 2 lies crosswise inside: frozen
        melds={0: ["7s 7h 7s"]},
    )


def test_x04_frozen_pile_rejects_natural_plus_joker():
    state = _x04("7c JK Kc Qd")
    assert state.pile_frozen
    rejected(state, TakePile(0, pick(state, 0, "7c JK")), "C-PILE-6")
    # Adding the top card to the 7 meld alone is not allowed either.
    rejected(state, TakePile(0, ()), "C-PILE-6")


def test_x04_frozen_pile_taken_with_a_natural_pair_merges_and_unfreezes():
    state = _x04("7c 7d Kc Qd")
    after = legal(state, TakePile(0, pick(state, 0, "7c 7d")))
    sevens = meld_of(after, 0, "7")
    assert (sevens.size, sevens.naturals, sevens.wilds) == (6, 6, 0)
    assert len(after.melds[0]) == 1
    assert after.pile == ()
    assert after.pile_frozen is False
    assert faces(after.hands[0]) == ["2d", "5s", "9c", "Kc", "Qd"]


# --- X-05 Unfrozen pile taken by adding to a meld (default) -----------------------------


def x05_state(rules, nine_meld: str = "9c 9s 9h 2c"):
    return state_from_setup(
        rules,
        ["Kd Qs 5h 6c", "4c 4d", "6d 6h", "8c 8d"],
        stock="Tc Td",
        pile="Kc 9d",
        melds={0: [nine_meld]},
    )


def test_x05_top_card_added_to_the_nine_meld_is_legal():
    state = x05_state(CLASSIC)
    after = legal(state, TakePile(0, ()))
    nines = meld_of(after, 0, "9")
    assert (nines.size, nines.naturals, nines.wilds) == (5, 4, 1)
    assert faces(after.hands[0]) == ["5h", "6c", "Kc", "Kd", "Qs"]


def test_x05_top_card_added_to_a_nine_canasta_is_legal_by_default():
    state = x05_state(CLASSIC, "9c 9s 9h 9c 9s 9h 2c")
    after = legal(state, TakePile(0, ()))
    assert meld_of(after, 0, "9").size == 8


# --- X-06 Unfrozen pile taken with natural plus wild (default) --------------------------


def x06_state(rules, north: str):
    return state_from_setup(
        rules,
        [north, "4c 4d", "6d 6h", "8c 8d"],
        stock="Tc Td",
        pile="5c Jc",
        melds={0: ["Kc Kd Kh"]},
    )


def test_x06_jack_plus_two_forms_a_new_jack_meld():
    state = x06_state(CLASSIC, "Jd 2s 9c 9d 4h")
    after = legal(state, TakePile(0, pick(state, 0, "Jd 2s")))
    jacks = meld_of(after, 0, "J")
    assert (jacks.size, jacks.naturals, jacks.wilds) == (3, 2, 1)


def test_x06_two_wild_cards_are_not_enough():
    state = x06_state(CLASSIC, "2s JK 9c 9d 4h")
    rejected(state, TakePile(0, pick(state, 0, "2s JK")), "C-PILE-7", "C-MELD-2")


# --- X-07 Blocked pile ------------------------------------------------------------------


def _x07(pile: str, east: str):
    state = state_from_setup(
        CLASSIC,
        ["9d 8h 5c", east, "6d 6h", "7c 7d"],
        stock="4c 4d 4h",
        pile=pile,
        melds={0: ["Qc Qd Qh"], 1: ["Tc Td Th"]},
    )
    return evolve(state, discards=((3, state.pile[-1]),))  # the top card was discarded


def test_x07_black_three_on_top_blocks_the_pile_for_this_turn_only():
    state = _x07("Kc 3s", "8c 2c 6c 6s")
    assert not state.pile_frozen
    rejected(state, TakePile(0, ()), "C-B3-3", "C-PILE-5")
    state = legal(state, DrawStock(0))
    state = legal(state, Discard(0, pick(state, 0, "8h")[0]))
    assert state.current == 1
    # Covered, the 3s has no further effect: the pile is not frozen, so E takes it with
    # a natural plus a wild card (C-PILE-7b), which a frozen pile would refuse.
    after = legal(state, TakePile(1, pick(state, 1, "8c 2c")))
    eights = meld_of(after, 1, "8")
    assert (eights.naturals, eights.wilds) == (2, 1)
    assert faces(after.hands[1]) == ["3s", "6c", "6s", "Kc"]


def test_x07_wild_card_on_top_blocks_and_stays_frozen_once_covered():
    state = _x07("Kc 2h", "8c 2c 8d 6s")
    assert state.pile_frozen
    rejected(state, TakePile(0, ()), "C-PILE-5")
    state = legal(state, DrawStock(0))
    state = legal(state, Discard(0, pick(state, 0, "8h")[0]))
    assert state.pile_frozen
    rejected(state, TakePile(1, pick(state, 1, "8c 2c")), "C-PILE-6")
    after = legal(state, TakePile(1, pick(state, 1, "8c 8d")))
    assert after.pile_frozen is False
    assert meld_of(after, 1, "8").naturals == 3


# --- X-08 Unfrozen pile against a closed side -------------------------------------------


def _x08(west: str):
    return state_from_setup(
        CLASSIC,
        ["4c 4d", "6c 6d", "8c 8d", west],
        stock="Tc Td",
        pile="5c Ad",
        melds={0: ["Qc Qd Qh"]},
        current=3,
    )


def test_x08_closed_side_cannot_take_with_natural_plus_wild():
    state = _x08("Ac 2c 9d 9h")
    assert not state.pile_frozen and not state.is_open(1)
    rejected(state, TakePile(3, pick(state, 3, "Ac 2c")), "C-PILE-4")


def test_x08_closed_side_takes_with_a_natural_pair_reaching_60():
    state = _x08("Ac Ah 9d 9h")
    after = legal(state, TakePile(3, pick(state, 3, "Ac Ah")))
    aces = meld_of(after, 1, "A")
    assert faces(aces.cards) == ["Ac", "Ad", "Ah"]
    assert after.is_open(1)
    assert faces(after.hands[3]) == ["5c", "9d", "9h"]


# --- X-23 One-card pile (default O-PILE-ONECARD=ALLOW) -----------------------------------


def x23_state(rules, with_canasta: bool = True):
    melds = ["9c 9s 9h"]
    if with_canasta:
        melds.append("Kc Kd Kh Ks Kc Kd Kh")
    return state_from_setup(
        rules,
        ["Qh", "4c 4d", "6c 6d", "8c 8d"],
        stock="Tc Td",
        pile="9d",
        melds={0: melds},
    )


def test_x23_one_card_pile_taken_then_going_out_is_legal():
    state = x23_state(CLASSIC)
    after = legal(state, TakePile(0, ()))
    assert meld_of(after, 0, "9").size == 4
    assert faces(after.hands[0]) == ["Qh"]
    done = legal(after, Discard(0, pick(after, 0, "Qh")[0]))
    assert done.phase is Phase.OVER
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("went_out", 0, False)


def test_x23_without_the_canasta_the_one_card_pile_is_illegal():
    state = x23_state(CLASSIC, with_canasta=False)
    rejected(state, TakePile(0, ()), "C-PILE-11", "C-OUT-1", "C-OUT-5")
