"""RULES.md section 5, going out and black threes: X-11..X-16.

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. "N has drawn" is ``Phase.PLAY``.
"""

from __future__ import annotations

from scenario import faces, legal, lines, meld_of, pick, rejected

from canasta_game.engine import (
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    Phase,
    TakePile,
    preset,
    score_hand,
    state_from_setup,
)

CLASSIC = preset("classic-4")
K7 = "Kc Kd Kh Ks Kc Kd Kh"  # a natural canasta of kings (70 + 500)


def discard(state, seat, face):
    return Discard(seat, pick(state, seat, face)[0])


# --- X-11 Going out with black threes ---------------------------------------------------


def _x11(north: str, ns_melds=(K7,)):
    return state_from_setup(
        CLASSIC,
        [north, "6c 6d", "4c", "8c 8d"],
        stock="Tc Td",
        pile="9c",
        melds={0: list(ns_melds)},
        phase=Phase.PLAY,
    )


def test_x11_black_three_meld_then_discard_goes_out():
    state = _x11("3c 3s 3c Qd")
    state = legal(state, Meld(0, new=(pick(state, 0, "3c 3s 3c"),)))
    threes = meld_of(state, 0, "3")
    assert (threes.size, threes.wilds) == (3, 0)
    done = legal(state, discard(state, 0, "Qd"))
    assert done.phase is Phase.OVER
    end = done.end
    assert (end.reason, end.seat, end.concealed, end.black_threes) == ("went_out", 0, False, True)
    ns = lines(done, 0)
    assert ns["melded_cards"] == 70 + 15  # the 3-meld counts 15
    assert ns["going_out"] == 100
    assert "concealed" not in ns
    assert ns["natural_canastas"] == 500
    assert ns["hand_penalty"] == -5  # S's 4c
    assert score_hand(done).totals[0] == 70 + 15 + 500 + 100 - 5


def test_x11_threes_with_a_wild_card_are_no_meld():
    state = _x11("3c 3s 2d Qd")
    rejected(state, Meld(0, new=(pick(state, 0, "3c 3s 2d"),)), "C-MELD-4", "C-B3-1")


def test_x11_black_three_meld_without_a_canasta_is_illegal():
    state = _x11("3c 3s 3c Qd", ns_melds=("Kc Kd Kh",))
    rejected(state, Meld(0, new=(pick(state, 0, "3c 3s 3c"),)), "C-B3-2", "C-OUT-1")


# --- X-12 A black-three meld without going out ------------------------------------------


def test_x12_black_three_meld_rejected_when_zero_cards_cannot_be_reached():
    state = _x11("3c 3s 3c Qd Jd")
    # Qd and Jd cannot both leave the hand (one discard, no Q or J meld).
    rejected(state, Meld(0, new=(pick(state, 0, "3c 3s 3c"),)), "C-TURN-7", "C-B3-2")


def test_x12_discard_rejected_while_a_card_is_still_in_hand():
    # With a J meld on the table the threes are legal (Jd can still be added) ...
    state = _x11("3c 3s 3c Qd Jd", ns_melds=(K7, "Jc Js Jc"))
    state = legal(state, Meld(0, new=(pick(state, 0, "3c 3s 3c"),)))
    # ... but discarding Qd while keeping Jd is not.
    rejected(state, discard(state, 0, "Qd"), "C-B3-2")
    state = legal(state, Meld(0, add=((meld_of(state, 0, "J").mid, pick(state, 0, "Jd")),)))
    done = legal(state, discard(state, 0, "Qd"))
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("went_out", 0, False)


# --- X-13 No canasta, no going out -------------------------------------------------------


def _x13(nine_meld: str):
    return state_from_setup(
        CLASSIC,
        ["9h 9s Kd", "6c 6d", "4c", "8c 8d"],
        stock="Tc Td",
        pile="5c",
        melds={0: [nine_meld, "Kc Kd Kh"]},
        phase=Phase.PLAY,
    )


def test_x13_adding_to_a_four_card_meld_leaves_no_legal_end_of_turn():
    state = _x13("9c 9d 9c 9d")
    assert state.canastas(0) == 0
    add = Meld(0, add=((meld_of(state, 0, "9").mid, pick(state, 0, "9h 9s")),))
    rejected(state, add, "C-TURN-7", "C-OUT-5")


def test_x13_completing_the_canasta_then_discarding_is_going_out():
    state = _x13("9c 9d 9c 9d 9h")
    add = Meld(0, add=((meld_of(state, 0, "9").mid, pick(state, 0, "9h 9s")),))
    state = legal(state, add)
    nines = meld_of(state, 0, "9")
    assert nines.is_canasta and nines.is_natural and nines.size == 7
    done = legal(state, discard(state, 0, "Kd"))
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("went_out", 0, False)
    assert lines(done, 0)["going_out"] == 100


# --- X-14 Asking permission -------------------------------------------------------------


def _x14(phase=Phase.DRAW, north="Qd Qh 5c", pile="9c"):
    # After drawing Qs from the stock N can go out: Q cards to the Q meld, discard 5c.
    return state_from_setup(
        CLASSIC,
        [north, "6c 6d", "4c 4d", "8c 8d"],
        stock="Tc Qs",
        pile=pile,
        melds={0: [K7, "Qc Qs Qc"]},
        phase=phase,
    )


def _asked(answer: bool):
    state = legal(_x14(), DrawStock(0))
    state = legal(state, AskGoOut(0))
    assert state.phase is Phase.ANSWER
    assert state.actor == 2  # S answers
    return legal(state, AnswerGoOut(2, answer))


def test_x14_after_no_n_must_keep_a_card():
    state = _asked(False)
    qmid = meld_of(state, 0, "Q").mid
    # Melding every Q leaves 5c, whose discard would go out: rejected.
    rejected(state, Meld(0, add=((qmid, pick(state, 0, "Qd Qh Qs")),)), "C-OUT-6")
    after = legal(state, Meld(0, add=((qmid, pick(state, 0, "Qd Qh")),)))
    rejected(after, Meld(0, add=((qmid, pick(after, 0, "Qs")),)), "C-OUT-6")
    ended = legal(after, discard(after, 0, "5c"))
    assert ended.end is None and ended.current == 1
    assert faces(ended.hands[0]) == ["Qs"]


def test_x14_after_yes_n_must_go_out():
    state = _asked(True)
    rejected(state, discard(state, 0, "5c"), "C-OUT-6")  # keeping Q cards
    qmid = meld_of(state, 0, "Q").mid
    state = legal(state, Meld(0, add=((qmid, pick(state, 0, "Qd Qh Qs")),)))
    done = legal(state, discard(state, 0, "5c"))
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("went_out", 0, False)


def test_x14_asking_after_a_meld_is_illegal():
    state = legal(_x14(), DrawStock(0))
    qmid = meld_of(state, 0, "Q").mid
    state = legal(state, Meld(0, add=((qmid, pick(state, 0, "Qd")),)))
    rejected(state, AskGoOut(0), "C-OUT-6")


def test_x14_asking_after_the_top_card_meld_of_a_taken_pile_is_legal():
    state = _x14(north="Qd 5c 5h", pile="5d Qh")
    state = legal(state, TakePile(0, ()))
    assert faces(state.hands[0]) == ["5c", "5d", "5h", "Qd"]
    state = legal(state, AskGoOut(0))
    assert state.phase is Phase.ANSWER


# --- X-15 Concealed going out with no minimum -------------------------------------------

X15_HAND = "7c 7d 7h 7s 7c 7d 7h 5c 5d 5h 5s 9c"


def test_x15_concealed_going_out_needs_no_minimum():
    state = state_from_setup(
        CLASSIC,
        [X15_HAND, "6c 6d", "Kc 4d", "8c 8d"],
        stock="Tc Td",
        pile="Jc",
        bonus_threes={0: "3h"},
        scores=(2000, 0),
        phase=Phase.PLAY,
    )
    assert not state.is_open(0) and state.minimum(0) == (90, "")
    melds = Meld(0, new=(pick(state, 0, "7c 7d 7h 7s 7c 7d 7h"), pick(state, 0, "5c 5d 5h 5s")))
    state = legal(state, melds)
    done = legal(state, discard(state, 0, "9c"))
    end = done.end
    assert (end.reason, end.seat, end.concealed) == ("went_out", 0, True)
    ns = lines(done, 0)
    assert ns["melded_cards"] == 35 + 20
    assert ns["natural_canastas"] == 500
    assert ns["going_out"] == 100
    assert ns["concealed"] == 100
    assert ns["red_threes"] == 100
    assert ns["hand_penalty"] == -15  # S holds Kc 4d
    assert score_hand(done).totals[0] == 855 - 15


def test_x15_taking_the_pile_while_closed_keeps_the_minimum():
    state = state_from_setup(
        CLASSIC,
        ["7c 7d 7h 7c 7d 7h 5c 5d 5h 5s 9c", "6c 6d", "Kc 4d", "8c 8d"],
        stock="Tc Td",
        pile="Jc 7s",
        scores=(2000, 0),
    )
    take = TakePile(0, pick(state, 0, "7c 7d 7h 7c 7d 7h"), melds=(pick(state, 0, "5c 5d 5h 5s"),))
    why = rejected(state, take, "C-PILE-8", "C-INIT-1")
    assert why.values == {"need": 90, "have": 55}


# --- X-16 No concealed bonus ------------------------------------------------------------

Q7 = "Qc Qd Qh Qs Qc Qd Qh"


def _x16(ns_melds, has_melded, north):
    return state_from_setup(
        CLASSIC,
        [north, "6c 6d", "4c", "9c 9d"],
        stock="Tc Td",
        pile="5c",
        melds={0: ns_melds},
        has_melded=has_melded,
        phase=Phase.PLAY,
    )


def test_x16_player_who_melded_earlier_scores_100_only():
    state = _x16(["8c 8d 8h"], has_melded=(0,), north=Q7 + " 4d")
    state = legal(state, Meld(0, new=(pick(state, 0, Q7),)))
    done = legal(state, discard(state, 0, "4d"))
    assert (done.end.seat, done.end.concealed) == (0, False)
    ns = lines(done, 0)
    assert ns["going_out"] == 100 and "concealed" not in ns


def test_x16_adding_to_the_partners_meld_scores_100_only():
    state = _x16(["Kc Kd Kh"], has_melded=(2,), north=Q7 + " Ks 4d")
    kmid = meld_of(state, 0, "K").mid
    action = Meld(0, new=(pick(state, 0, Q7),), add=((kmid, pick(state, 0, "Ks")),))
    state = legal(state, action)
    done = legal(state, discard(state, 0, "4d"))
    assert (done.end.seat, done.end.concealed) == (0, False)
    ns = lines(done, 0)
    assert ns["going_out"] == 100 and "concealed" not in ns


def test_x16_only_new_melds_with_a_canasta_is_concealed_200():
    state = _x16(["8c 8d 8h"], has_melded=(2,), north=Q7 + " 5d 5h 5s 4d")
    state = legal(state, Meld(0, new=(pick(state, 0, Q7), pick(state, 0, "5d 5h 5s"))))
    done = legal(state, discard(state, 0, "4d"))
    assert (done.end.seat, done.end.concealed) == (0, True)
    ns = lines(done, 0)
    assert ns["going_out"] + ns["concealed"] == 200
