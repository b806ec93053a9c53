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

from canasta_game.ai.baselines import GreedyBot, RandomBot
from canasta_game.engine import fastapply, fastgen
from canasta_game.engine.actions import Discard, DrawStock, Meld, TakePile
from canasta_game.engine.fastapply import advance
from canasta_game.engine.game import apply
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase
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
    for number in range(hands):
        seed = f"{label}:{number}"
        state = new_hand(rules, seed, number % rules.players)
        bots = [(RandomBot if s % 2 else GreedyBot)(s, seed) for s in range(rules.players)]
        for _ in range(2000):
            if state.phase is Phase.OVER:
                break
            move = bots[state.actor].choose(observe(state, state.actor), legal_moves(state))
            fast, (full, _) = advance(state, move), apply(state, move)
            assert fast == full, f"{seed} turn {state.turn}: {move}"
            plain += isinstance(move, (Discard, DrawStock))
            melds += isinstance(move, Meld) and fastapply._meld(state, move) is not None
            takes += isinstance(move, TakePile) and fastapply._take(state, move) is not None
            state = full
    return plain, melds, takes


def test_a_draw_of_a_red_three_is_made_by_apply() -> None:
    """C-R3-3: the red three is laid out and replaced, which ``apply`` does."""
    rules = preset("classic-4")
    for seed in range(40):
        state = new_hand(rules, seed, 0)
        if rules.is_bonus_three(state.stock[-1]):
            break
    else:
        pytest.fail("no seed with a red three on top of the stock")
    move = DrawStock(state.current)
    after = advance(state, move)
    assert after == apply(state, move)[0]
    assert state.stock[-1] in after.bonus_threes[rules.seat_side[state.current]]
