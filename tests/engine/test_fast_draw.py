"""Issue 16: the draw list's kept verdicts and ``advance`` on every listed move.

``fastgen._take_verdicts`` keeps ``SimpleTake``'s verdicts of an open side's takes per Rules
value, keyed by the counts they depend on; here every open side's draw position of seeded
self-play (Samba, Bolivia, Brazilian, Chilean, the classic family and random options) asks
it and a fresh ``SimpleTake`` and compares, so a key that left out something the verdict
reads fails. ``advance`` must equal ``apply(...)[0]`` on every move listed there, not only
on the one a bot chose (``test_fastapply.py``), and leave an escalera past seven to it
(BRA-9).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from scenario import mixed_play, pick

from canasta_game.engine import fastapply, fastgen
from canasta_game.engine.actions import Meld, TakePile
from canasta_game.engine.cards import IS_WILD, RANK_OF, SEQUENCE_KEY
from canasta_game.engine.constructive import SimpleTake, too_few_for_top
from canasta_game.engine.fastapply import advance
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase, State, evolve
from canasta_game.engine.take import top_target
from canasta_game.engine.turn import frozen_for, pile_blocked, set_at
from canasta_game.sim.options import random_options

PRESETS = ["samba", "samba-2", "bolivia", "brazilian", "chilean", "classic-4", "classic-2"]


def _positions(rules: Rules, label: str, hands: int) -> list[State]:
    """Every position of ``hands`` seeded hands, random and greedy seats."""
    return [state for state, _ in mixed_play(rules, label, hands)]


def _fresh_verdicts(state: State) -> tuple[tuple[int, int, bool | None], ...] | None:
    """``draw_moves``' takes of an open side with a fresh ``SimpleTake`` (None where the
    position never asks ``_take_verdicts``), and the kept verdicts must equal them."""
    rules = state.rules
    seat = state.current
    side = rules.seat_side[seat]
    melds = state.melds[side]
    usual = state.phase is Phase.DRAW and not state.must_go_out and fastgen.models(rules)
    if not usual or not melds or not state.stock or pile_blocked(state):
        return None
    hand = state.hands[seat]
    rank = RANK_OF[state.pile[-1]]
    naturals = sum(1 for card in hand if RANK_OF[card] == rank)
    wilds = sum(1 for card in hand if IS_WILD[card])
    frozen = frozen_for(state, side)
    if rules.pile_conflict == "A" or too_few_for_top(naturals, frozen, melds, rank):
        return None
    target = top_target(melds, rank, rules.books_closed)
    simple = SimpleTake(state, side, target)
    counts = sorted({n for n in (0, 1, 2, naturals) if n <= naturals and (n >= 2 or not frozen)})
    fresh = tuple((n, w, simple.verdict(n, w)) for n in counts for w in range(min(3, wilds) + 1))
    kept = fastgen._take_verdicts(state, side, target, frozen, naturals, wilds)
    assert kept == tuple(item for item in fresh if item[2] is not False)
    return fresh


def _short(state: State, keep: int) -> State:
    """``state`` with a one-card pile and a hand cut to ``keep`` cards more than the top
    card's naturals and the wild cards: the verdicts that read the cards left (C-TURN-7)."""
    rank = RANK_OF[state.pile[-1]]
    hand = state.hands[state.current]
    needed = [c for c in hand if RANK_OF[c] == rank or IS_WILD[c]]
    others = [c for c in hand if c not in needed]
    cut = tuple(needed + others[:keep])
    return evolve(state, pile=state.pile[-1:], hands=set_at(state.hands, state.current, cut))


@pytest.mark.parametrize("name", PRESETS)
def test_kept_take_verdicts_equal_fresh_ones(name: str) -> None:
    rules = preset(name)
    rules.memo.pop(fastgen._VERDICTS_KEY, None)  # (the preset's Rules value is shared)
    states = _positions(rules, f"verdicts:{name}", 8)
    asked = [_fresh_verdicts(state) for state in states]
    count = sum(item is not None for item in asked)
    assert count > 60
    assert len(rules.memo[fastgen._VERDICTS_KEY]) < count  # (most answered from the table)
    for state, fresh in zip(states, asked, strict=True):
        for keep in range(5) if fresh is not None else ():
            _fresh_verdicts(_short(state, keep))  # (around the cut: five cards kept)


def test_kept_take_verdicts_under_random_options() -> None:
    rng = random.Random("verdicts")
    asked = 0
    for number in range(6):
        rules = random_options(preset("classic-4"), rng)
        for state in _positions(rules, f"verdicts-options:{number}", 1):
            asked += _fresh_verdicts(state) is not None
    assert asked > 40


@pytest.mark.parametrize("name", PRESETS)
def test_advance_equals_apply_on_every_listed_move(name: str) -> None:
    made = 0
    for state in _positions(preset(name), f"listed:{name}", 2):
        for move in legal_moves(state):
            assert advance(state, move) == apply(state, move)[0], f"turn {state.turn}: {move}"
            made += 1
    assert made > 500


def test_an_escalera_past_seven_is_left_to_apply_bra_9() -> None:
    """``fastapply._meld`` asks for an escalera past seven only under ``sequence_grow_out``
    (SAM-11 refuses one elsewhere): here one grows to eight keeping one card, and ``apply``
    binds the player to go out (BRA-9), which the fast path would not."""
    rules = dataclasses.replace(preset("brazilian"), out_must_ask=False)
    state = state_from_setup(
        rules,
        ["Qh 4c", "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"],
        stock="Tc Td Ts Kc",
        melds={0: ["Kc Kd Ks Kh Kc Kd Ks", "5h 6h 7h 8h 9h Th Jh"], 1: ["8c 8d 8s"]},
        phase=Phase.PLAY,
    )
    move = Meld(0, add=((state.melds[0][1].mid, pick(state, 0, "Qh")),))
    assert why_illegal(state, move) is None
    after = advance(state, move)
    assert after == apply(state, move)[0]
    assert after.must_go_out and not state.must_go_out


@pytest.mark.parametrize("name", ["samba", "samba-2", "bolivia", "chilean"])
def test_no_sequence_passes_a_canasta_without_grow_out(name: str) -> None:
    """SAM-11: without ``sequence_grow_out`` no sequence ever passes a canasta's size, which
    is why ``fastapply._meld`` does not look for one there."""
    rules = preset(name)
    assert not rules.sequence_grow_out
    for state in _positions(rules, f"escaleras:{name}", 3):
        for melds in state.melds:
            assert all(m.key < SEQUENCE_KEY or m.size <= m.canasta_size for m in melds)


@pytest.mark.parametrize("name", ["classic-4", "samba"])
def test_a_take_of_a_pile_with_a_red_three_is_made_here(name: str) -> None:
    """C-R3-1, C-UP-5: a red three turned up at the bottom of the pile is laid out for the
    side that takes it, not taken into the hand, by ``advance`` itself (``fastapply`` asks
    whether the pile holds one with a set of uids), exactly as ``apply`` does it."""
    state = state_from_setup(
        preset(name),
        ["Kc Kd 5c 6d 7s", "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"],
        stock="Tc Td Ts Jc Jd",
        pile="3h 9c 8d Kh",
        melds={0: ["Qc Qd Qs"], 1: ["8c 8d 8s"]},
    )
    move = TakePile(0, pick(state, 0, "Kc Kd"))
    assert move in legal_moves(state)
    assert fastapply._take(state, move) is not None
    after = advance(state, move)
    assert after == apply(state, move)[0]
    assert after.bonus_threes[0] == state.pile[:1]
    assert state.pile[0] not in after.hands[0]
