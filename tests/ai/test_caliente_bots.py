"""CAL-2..4: every computer level plays the Caliente when the draw-back pays, not otherwise,
and Medium sheds a kept Caliente before the hand ends (it would double the hand's penalty).

Seat 0 (side 0, partner seat 2) is to move in Canasta Caliente after drawing. Side 0 has one
meld against the opponents' three, so the engine allows the Caliente.
"""

from __future__ import annotations

import pytest

from canasta_game.ai import make_bot
from canasta_game.ai.caliente import caliente_pays, discard_cost, refill
from canasta_game.ai.situation import read_situation
from canasta_game.engine import Discard, Phase, PlayCaliente, preset, state_from_setup
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe

CALIENTE = preset("caliente")
THEIRS = ["Kh Kd Ks", "Qh Qs Qc", "Jh Jd Js"]
BIG_STOCK = " ".join(["4c 4d 4s 4h 5c 5d 5s 5h 6c 6d"] * 3)


def _position(hand="CA 5c 6d 9h", melds=None, stock=BIG_STOCK, pile="7h 8h"):
    return state_from_setup(
        CALIENTE,
        [hand, "5s 6s 7s 8s", "8c 8d 8s 7c 7d 7s 6c 6h 5d 5h Tc", "4c 4d 4s 9c"],
        stock=stock,
        pile=pile,
        melds={0: ["Ac Ad As"], 1: THEIRS} if melds is None else melds,
        phase=Phase.PLAY,
    )


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_the_caliente_for_a_big_refill_cal_2(level):
    state = _position()
    view = observe(state, 0)
    assert refill(view) == 8 and caliente_pays(view, read_situation(view))
    move = make_bot(level, 0, "caliente", budget=0.05).choose(view, legal_moves(state))
    assert move == PlayCaliente(0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_level_plays_it_for_a_small_refill_cal_2(level):
    state = _position(hand="CA 5c 6d 9h Tc Th Jc Qd Kc 4h")
    assert PlayCaliente(0) in legal_moves(state)
    move = make_bot(level, 0, "caliente", budget=0.05).choose(observe(state, 0), legal_moves(state))
    assert move != PlayCaliente(0)


def test_medium_keeps_it_when_the_stock_is_about_to_end_the_hand_cal_2():
    state = _position(stock="4c 4d 4s 4h 5c")
    view = observe(state, 0)
    assert view.may_play_caliente and not caliente_pays(view, read_situation(view))
    move = make_bot("medium", 0, "caliente").choose(view, legal_moves(state))
    assert move != PlayCaliente(0)


def test_medium_sheds_the_caliente_at_the_end_cal_4():
    # the stock is almost out: a Caliente kept would double the hand's 25 points
    state = _position(hand="CA 5c Tc Jd", stock="4c 4d", melds={0: ["Ac Ad As"], 1: []})
    view = observe(state, 0)
    assert discard_cost(view, read_situation(view)) == -25.0
    move = make_bot("medium", 0, "caliente").choose(view, legal_moves(state))
    assert isinstance(move, Discard) and CALIENTE.is_caliente(move.card)


def test_medium_throws_it_as_a_stop_on_a_rich_pile_and_keeps_it_on_a_poor_one_cal_3():
    even = {0: ["Ac Ad As"], 1: ["Kh Kd Ks"]}
    rich = observe(_position(melds=even, pile="Th Td Ts 9c 9d Kc Qd Jc 8c 8d 2c 7c"), 0)
    poor = observe(_position(melds=even, pile="7h"), 0)
    assert discard_cost(rich, read_situation(rich)) < discard_cost(poor, read_situation(poor))
