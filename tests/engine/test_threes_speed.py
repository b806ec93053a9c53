"""Issue 16, black threes (C-B3-1, C-B3-2): the shortcuts that spare the going-out solver a
second pass over nearly the same position answer exactly as the solver asked afresh, along
seeded self-play of every variant that melds black threes, with black threes dealt into the
hand of the player to act."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest
from scenario import random_play_positions

from canasta_game.engine import Meld, fastgen, going_out
from canasta_game.engine.cards import ACE, IS_BLACK_THREE, RANK_OF
from canasta_game.engine.going_out import can_go_out, same_after_threes
from canasta_game.engine.meldrules import make_meld
from canasta_game.engine.rules import preset
from canasta_game.engine.state import State, evolve
from canasta_game.engine.turn import set_at

_BLACKS = [c for c in range(len(RANK_OF)) if IS_BLACK_THREE[c]]
_PRESETS = ["classic-4", "samba", "brazilian", "bolivia", "chilean", "cuban", "cz-house"]


def _with_threes(state: State, hand: tuple[int, ...], blacks: int) -> State:
    """``state`` with ``hand`` and ``blacks`` more black threes in the current hand."""
    threes = tuple(c for c in _BLACKS if c not in hand)[:blacks]
    return evolve(state, hands=set_at(state.hands, state.current, hand + threes))


@pytest.mark.parametrize("name", _PRESETS)
def test_the_threes_answer_is_the_answer_after_melding_them(name: str) -> None:
    """C-B3-2: where ``same_after_threes`` holds, "can I go out?" asked of a hand with three
    to six black threes is what ``threes_out`` answers for the meld of those threes alone
    (the solver asked after the meld), so ``fastgen._rare`` lists that meld unasked."""
    answers = {True: 0, False: 0}
    for state in random_play_positions(preset(name), f"threes:{name}", hands=3):
        side = state.side_of(state.current)
        whole = tuple(c for c in state.hands[state.current] if not IS_BLACK_THREE[c])
        if not whole or any(m.is_black_threes for m in state.melds[side]):
            continue
        for hand, blacks in product((whole, whole[:1], whole[:2]), (3, 4, 6)):
            asked = _with_threes(state, hand, blacks)
            if not same_after_threes(asked.rules, blacks):
                continue
            threes = tuple(c for c in asked.hands[asked.current] if IS_BLACK_THREE[c])
            keys = {m.key for m in asked.melds[side]}
            before = can_go_out(asked)
            assert fastgen.threes_out(asked, Meld(asked.current, (threes,)), keys) is before
            answers[before] += 1
    # (Bolivia and Chile ask two and three canastas: random play seldom holds them)
    assert answers[True] > 0 or name in ("bolivia", "chilean")
    assert answers[False] > 0


def test_a_final_discard_required_makes_the_answers_differ_it_20() -> None:
    """IT-20 with four black threes: before the meld one three may be the discard, the other
    three melded with the queens; after it a queen must go, leaving a pair no meld takes. So
    ``same_after_threes`` must say no there (and yes with three, or with no discard asked)."""
    rules = replace(preset("classic-4"), out_discard=True)
    state = next(iter(random_play_positions(rules, "threes:it-20", hands=1)))
    side = state.side_of(state.current)
    canasta = make_meld(rules, 90, ACE, (), 7, 0)
    queens = tuple(c for c in range(len(RANK_OF)) if RANK_OF[c] == 10)[:3]
    state = evolve(state, melds=set_at(state.melds, side, (canasta,)))
    four = _with_threes(state, queens, 4)
    threes = tuple(c for c in four.hands[four.current] if IS_BLACK_THREE[c])
    assert can_go_out(four)
    assert not fastgen.threes_out(four, Meld(four.current, (threes,)), {ACE})
    assert not same_after_threes(rules, 4)
    assert same_after_threes(rules, 3)
    assert same_after_threes(preset("classic-4"), 4)
    assert not going_out.same_after_threes(preset("italian"), 3)  # IT-14: never melded
