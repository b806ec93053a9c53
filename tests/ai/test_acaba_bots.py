"""BRIT-1, BRIT-2: every computer level declares Acaba when it pays and plays on otherwise.

Seat 0 (side 0, partner seat 2) is to move in British Canasta. In the losing position the
opponents have three canastas, four red threes and a player with two cards left, while side 0
has one small meld and a hand full of jokers and aces: playing on costs far more than the
1500 that Acaba gives away. The control position differs only in the table: side 0 leads.
"""

from __future__ import annotations

import pytest

from canasta_game.ai import make_bot
from canasta_game.ai.acaba import acaba_pays, expected_margin
from canasta_game.engine import Acaba, AnswerGoOut, Phase, preset, state_from_setup
from canasta_game.engine.game import apply
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe

BRITISH = preset("british")
HAND = "JK JK JK As Ad Ah Ac 2c 2d Kc Qd"
THEIRS = ["Kh Kd Ks Kc Kh Kd Ks", "Qh Qs Qc Qh Qs Qc Qd", "Jh Jd Js Jc Jh Jd Js"]


def _position(losing: bool = True):
    melds = {0: ["9c 9d 9s"], 1: THEIRS} if losing else {0: THEIRS, 1: ["9c 9d 9s"]}
    threes = {1: "3d 3h 3d 3h"} if losing else {0: "3d 3h 3d 3h"}
    return state_from_setup(
        BRITISH,
        [HAND, "5c 6d", "8c 8d 8s 7c 7d 7s 6c 6s 6h 5d 5s", "4c 4d"],
        stock="Tc Td Ts Th 4h 4s",
        pile="5h Tc",
        melds=melds,
        bonus_threes=threes,
        phase=Phase.PLAY,
    )


def test_the_losing_position_expects_worse_than_acaba_brit_1():
    view = observe(_position(), 0)
    assert expected_margin(view) < -2000 and acaba_pays(view)
    assert not acaba_pays(observe(_position(losing=False), 0))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_declares_acaba_when_it_pays_brit_1(level):
    state = _position()
    legal = legal_moves(state)
    assert Acaba(0) in legal
    move = make_bot(level, 0, "acaba", budget=0.05).choose(observe(state, 0), legal)
    assert move == Acaba(0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_level_declares_acaba_while_ahead_brit_1(level):
    state = _position(losing=False)
    legal = legal_moves(state)
    move = make_bot(level, 0, "acaba", budget=0.05).choose(observe(state, 0), legal)
    assert not isinstance(move, Acaba)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("losing", [True, False])
def test_the_partner_answers_yes_only_when_acaba_pays_brit_2(level, losing):
    state, _ = apply(_position(losing), Acaba(0, ask=True))
    view = observe(state, 2)
    move = make_bot(level, 2, "acaba", budget=0.05).choose(view, legal_moves(state))
    assert move == AnswerGoOut(2, losing)
