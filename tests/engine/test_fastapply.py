"""Issue 16: ``fastapply.advance`` gives exactly the state ``apply`` gives.

Seeded self-play (random and greedy seats) of several presets, the classic family, Samba and
some that take the general path: at every position the generated move is made both ways
and the two states must be equal, field for field. The draws and discards ``advance`` makes
itself (no bonus three drawn, cards left after the discard) must be most of them, and it
must make some melds and pile takes itself where the rules are modelled.
"""

from __future__ import annotations

import random

import pytest
from scenario import mixed_play

from canasta_game.engine import fastapply, fastgen
from canasta_game.engine.actions import Discard, DrawStock, Meld, TakePile
from canasta_game.engine.fastapply import advance
from canasta_game.engine.game import apply
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import State, evolve
from canasta_game.sim.options import random_options


@pytest.mark.parametrize("name", ["classic-4", "classic-2", "samba", "bolivia", "italian"])
def test_advance_equals_apply(name: str) -> None:
    plain, melds, takes = _compare(preset(name), f"advance:{name}", hands=3)
    assert plain > 60
    assert (melds > 3 and takes > 3) or not fastgen.models(preset(name))


def test_advance_equals_apply_under_random_options() -> None:
    """Every modelled option seeded at random (pile rules, caps, quotas, stock rules): the
    turn a discard starts (``game.turn_changes``) and the melds and takes made here."""
    rng = random.Random("fastapply")
    plain = 0
    for number in range(4):
        rules = random_options(preset("classic-4"), rng)
        plain += _compare(rules, f"advance-options:{number}", hands=1)[0]
    assert plain > 60


def _compare(rules: Rules, label: str, hands: int) -> tuple[int, int, int]:
    """Seeded hands of random and greedy seats, every move made both ways and the states
    compared; returns how many draws and discards, melds and takes ``advance`` made."""
    plain = melds = takes = 0
    for state, move in mixed_play(rules, label, hands):
        fast, (full, _) = advance(state, move), apply(state, move)
        assert fast == full, f"{label} turn {state.turn}: {move}"
        plain += isinstance(move, (Discard, DrawStock))
        melds += isinstance(move, Meld) and fastapply._meld(state, move) is not None
        takes += isinstance(move, TakePile) and fastapply._take(state, move) is not None
    return plain, melds, takes


def _red_three_on_top(name: str, below: int | None = None) -> State:
    """A dealt hand's state whose stock shows a bonus three on top (and, with ``below``,
    only that many cards under it)."""
    rules = preset(name)
    for seed in range(60):
        state = new_hand(rules, seed, 0)
        threes = [c for c in state.stock if rules.is_bonus_three(c)]
        if threes:
            rest = [c for c in state.stock if c != threes[0]]
            rest = rest if below is None else rest[len(rest) - below :]
            return evolve(state, stock=(*rest, threes[0]))
    pytest.fail("no seed with a bonus three in the stock")


@pytest.mark.parametrize("name", ["classic-4", "samba"])
def test_a_draw_of_a_red_three_is_made_here(name: str) -> None:
    """C-R3-3, C-R3-4: the red three is laid out for the side and replaced from the stock,
    by ``advance`` itself, exactly as ``apply`` does it (Samba draws two, O-DRAW-K)."""
    state = _red_three_on_top(name)
    move = DrawStock(state.current)
    assert fastapply._draw(state) is not None
    after = advance(state, move)
    assert after == apply(state, move)[0]
    assert state.stock[-1] in after.bonus_threes[state.rules.seat_side[state.current]]
    assert len(after.hands[state.current]) == len(state.hands[state.current]) + (
        state.rules.draw_count
    )


@pytest.mark.parametrize("below", [0, 1])
def test_a_red_three_the_stock_cannot_replace_is_left_to_apply(below: int) -> None:
    """C-R3-5, C-STOCK-7: a red three with nothing (or too little) under it ends the hand or
    the draw the way ``apply`` decides; ``advance`` gives the same state."""
    state = _red_three_on_top("samba", below=below)
    move = DrawStock(state.current)
    assert fastapply._draw(state) is None
    assert advance(state, move) == apply(state, move)[0]
