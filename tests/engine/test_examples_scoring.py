"""RULES.md section 5, scoring and game end: X-19, X-20, X-21 and X-25 (FLAT scale).

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW.
"""

from __future__ import annotations

import pytest
from scenario import legal, lines, pick

from canasta_game.engine import (
    Discard,
    Match,
    Meld,
    Phase,
    preset,
    score_hand,
    state_from_setup,
)

CLASSIC = preset("classic-4")


# --- X-19 Full hand, end to end ---------------------------------------------------------


def _x19_final():
    state = state_from_setup(
        CLASSIC,
        ["3c 3s 3c 6d", "JK 4d 4c", "5h 9c", "Kd Qs 3s"],
        stock="Tc Td",
        pile="Jc",
        melds={
            0: ["Kc Kh Ks Kc Kh Ks Kd", "Qc Qd Qh Qc Qd 2c JK", "8c 8d 8h"],
            1: ["Ac Ad Ah 2d", "7c 7d 7h 7s"],
        },
        bonus_threes={0: "3h 3d", 1: "3h"},
        scores=(3400, 1450),
        phase=Phase.PLAY,
    )
    assert state.minimum(0) == (120, "") and state.minimum(1) == (50, "")
    state = legal(state, Meld(0, new=(pick(state, 0, "3c 3s 3c"),)))
    return legal(state, Discard(0, pick(state, 0, "6d")[0]))


def test_x19_hand_end():
    final = _x19_final()
    assert final.phase is Phase.OVER
    end = final.end
    assert (end.reason, end.seat, end.concealed, end.black_threes) == ("went_out", 0, False, True)


def test_x19_ns_scores_1320():
    ns = lines(_x19_final(), 0)
    assert ns["melded_cards"] == 70 + 120 + 30 + 15
    assert ns["natural_canastas"] == 500
    assert ns["mixed_canastas"] == 300
    assert ns["going_out"] == 100
    assert "concealed" not in ns
    assert ns["red_threes"] == 200
    assert ns["hand_penalty"] == -15
    assert score_hand(_x19_final()).totals[0] == 1320


def test_x19_ew_scores_115():
    ew = lines(_x19_final(), 1)
    assert ew["melded_cards"] == 80 + 20
    assert ew["red_threes"] == 100
    assert ew["hand_penalty"] == -(60 + 25)
    assert "going_out" not in ew
    assert "natural_canastas" not in ew and "mixed_canastas" not in ew
    assert score_hand(_x19_final()).totals[1] == 115


def test_x19_new_totals_and_next_minimums():
    match = Match(CLASSIC, "x19", (3400, 1450), dealer=3)
    match = match.record(_x19_final())
    assert match.scores == (4720, 1565)
    assert match.minimums() == (120, 90)
    assert match.over is False and match.winner is None
    assert match.dealer == 0  # the deal passes clockwise


# --- X-20 A side that never melded ------------------------------------------------------


def test_x20_side_that_never_melded_scores_minus_900():
    state = state_from_setup(
        CLASSIC,
        ["4c", "JK Ac 9d", "5c", "7c 7d 5s 3s"],
        stock="Tc Td",
        pile="Jc",
        melds={0: ["Kc Kd Kh Ks Kc Kd Kh"]},
        bonus_threes={1: "3d 3h 3d 3h"},
        phase=Phase.PLAY,
    )
    done = legal(state, Discard(0, pick(state, 0, "4c")[0]))
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("went_out", 0, False)
    ew = lines(done, 1)
    assert ew["red_threes"] == -800
    assert ew["hand_penalty"] == -(80 + 20)
    assert ew["melded_cards"] == 0
    assert score_hand(done).totals[1] == -900


# --- X-21 Game end ----------------------------------------------------------------------


def x21_final(rules=CLASSIC):
    """A hand that scores NS +180 and EW +520 (E goes out)."""
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
    assert (done.end.reason, done.end.seat, done.end.concealed) == ("went_out", 1, False)
    assert score_hand(done).totals == (180, 520)
    return done


def test_x21_game_over_ew_wins_by_90():
    match = Match(CLASSIC, "x21", (4900, 4650), dealer=0).record(x21_final())
    assert match.scores == (5080, 5170)
    assert match.over is True
    assert match.winner == 1
    assert match.scores[1] - match.scores[0] == 90


def test_x21_tie_on_5100_is_a_draw_by_default():
    match = Match(CLASSIC, "x21", (4920, 4580), dealer=0).record(x21_final())
    assert match.scores == (5100, 5100)
    assert match.over is True
    assert match.winner is None


# --- X-25 Red-three scales (FLAT, the default) ------------------------------------------

REDS = ("3d", "3h", "3d", "3h", "3d", "3h")


@pytest.mark.parametrize(("count", "amount"), [(1, 100), (3, 300), (4, 800)])
def test_x25_flat_amounts(count: int, amount: int):
    assert CLASSIC.bonus_three_amount(count) == amount


def _red_three_lines(rules, count: int, melded: bool):
    state = state_from_setup(
        rules,
        ["4c 4d", "6c 6d", "7c 7d", "8c 8d"],
        stock="Tc Td",
        pile="Jc",
        melds={0: ["Kc Kd Kh"]} if melded else {},
        bonus_threes={0: " ".join(REDS[:count])},
    )
    return lines(state, 0)


@pytest.mark.parametrize(("count", "amount"), [(1, 100), (3, 300), (4, 800)])
def test_x25_flat_score_lines_melded_and_not_melded(count: int, amount: int):
    assert _red_three_lines(CLASSIC, count, melded=True)["red_threes"] == amount
    assert _red_three_lines(CLASSIC, count, melded=False)["red_threes"] == -amount


def test_x25_six_red_threes_with_162_cards():
    rules = preset("classic-4", decks=3, jokers=6)
    assert rules.deck_size() == 162
    assert rules.bonus_three_amount(6) == 1200
    assert _red_three_lines(rules, 6, melded=True)["red_threes"] == 1200
    assert _red_three_lines(rules, 6, melded=False)["red_threes"] == -1200
