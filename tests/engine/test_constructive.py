"""Issue 16: move generation legal by construction gives exactly what the full check gives.

The generator skips ``why_illegal`` for the candidates that ``engine.constructive`` proves
legal. These tests walk seeded self-play and compare, position by position, the generated
moves with those of the same generator when every candidate is filtered through
``why_illegal`` (``needs_full_check`` forced): a shortcut that admitted an illegal move, or
one that changed which moves are offered, fails here. Rules with a field the shortcuts do not
model must use the full check.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, fields

import pytest
from scenario import random_play_positions

from canasta_game.ai.baselines import GreedyBot, RandomBot
from canasta_game.engine import constructive, fastgen
from canasta_game.engine.actions import Meld, TakePile
from canasta_game.engine.cards import IS_BLACK_THREE, make_uid
from canasta_game.engine.cards import RANK_CHARS as RANKS
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.movegen import legal_moves, meld_all_proved
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase, State, evolve
from canasta_game.engine.take import HandGroups, initial_batches, take_is_legal
from canasta_game.sim.options import random_options


def _walk_and_compare(rules: Rules, seed: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """Play one hand (random and greedy seats); at every position the fast and the fully
    filtered move lists must be equal and every move legal. Returns the positions seen."""
    state = new_hand(rules, seed, 0)
    bots = [(RandomBot if seat % 2 else GreedyBot)(seat, seed) for seat in range(rules.players)]
    positions = 0
    while state.phase is not Phase.OVER and positions < 2000:
        fast = legal_moves(state)
        with monkeypatch.context() as patched:
            patched.setattr(constructive, "needs_full_check", lambda _rules: True)
            filtered = legal_moves(state)
        assert fast == filtered, f"{seed} position {positions}: {set(fast) ^ set(filtered)}"
        assert all(why_illegal(state, move) is None for move in fast)
        state, _ = apply(state, bots[state.actor].choose(observe(state, state.actor), fast))
        positions += 1
    return positions


@pytest.mark.parametrize("name", ["classic-4", "classic-2", "cz-house", "samba", "bolivia"])
def test_constructive_moves_equal_the_fully_checked_ones(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = preset(name)
    positions = sum(_walk_and_compare(rules, f"{name}:{n}", monkeypatch) for n in range(3))
    assert positions > 100


def test_constructive_moves_under_random_options(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random("constructive")
    for number in range(8):
        base = preset(rng.choice(["classic-2", "classic-3", "classic-4", "classic-6"]))
        _walk_and_compare(random_options(base, rng), f"options:{number}", monkeypatch)


@dataclass(frozen=True)
class _HouseRules(Rules):
    """A variant with a rule the shortcuts were never taught."""

    no_discarding_aces: bool = False


def test_unmodelled_rules_field_switches_the_full_check_on() -> None:
    assert not constructive.needs_full_check(preset("classic-4"))
    assert not constructive.needs_full_check(preset("samba"))
    assert not constructive.needs_full_check(_HouseRules())
    assert constructive.needs_full_check(_HouseRules(no_discarding_aces=True))


def test_every_modelled_field_is_a_rules_field() -> None:
    names = {f.name for f in fields(Rules) if f.init}
    assert names >= constructive.MODELLED_FIELDS


def test_black_threes_meld_offered_exactly_when_the_full_check_allows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """C-B3-2: the generator offers the meld of black threes only to a hand that can go out
    this turn (``can_go_out``) instead of asking ``why_illegal``; at every position holding
    three or more black threes the list must equal the fully filtered one, and positions
    where the meld is legal and where it is not must both occur."""
    seen: Counter[bool] = Counter()
    for name in ("classic-2", "bolivia"):
        rules = preset(name)
        for number in range(12):
            seed = f"b3:{name}:{number}"
            state = new_hand(rules, seed, number % rules.players)
            seats = range(rules.players)
            bots = [(RandomBot if (s + number) % 2 else GreedyBot)(s, seed) for s in seats]
            while state.phase is not Phase.OVER:
                fast = legal_moves(state)
                blacks = [c for c in state.hands[state.current] if IS_BLACK_THREE[c]]
                if state.phase is Phase.PLAY and len(blacks) >= 3:
                    with monkeypatch.context() as patched:
                        patched.setattr(constructive, "needs_full_check", lambda _rules: True)
                        assert fast == legal_moves(state), f"{seed} turn {state.turn}"
                    seen[Meld(state.current, (tuple(blacks),)) in fast] += 1
                choice = bots[state.actor].choose(observe(state, state.actor), fast)
                state, _ = apply(state, choice)
    assert seen[True] and seen[False], seen


def _meld_all_proof_checked(state: State) -> bool | None:
    """Compare ``meld_all_proved``'s proof with ``SimpleMelds.by_construction(keep=1)`` where
    the shortcut applies and the batch keeps a card; None where there is nothing to compare,
    else whether the position's side is open."""
    melds = state.melds[state.rules.seat_side[state.current]]
    move, proven = meld_all_proved(state)
    simple = constructive.SimpleMelds(state, melds)
    if move is None or not simple.usable:
        return None
    if len(state.hands[state.current]) - len(move.cards()) < 1:
        return None
    assert proven == simple.by_construction(move, keep=1), f"{state.turn}: {move}"
    return bool(melds)


@pytest.mark.parametrize("name", ["classic-4", "samba", "bolivia", "brazilian", "chilean"])
def test_meld_all_proof_is_the_shortcut_check(name: str) -> None:
    """Issue 16: "meld all" is proven legal by the counts it was built with
    (``movegen.meld_all_proved``) exactly when ``SimpleMelds.by_construction(keep=1)`` proves
    it, on every play position of random self-play where the shortcut applies (a closed
    side's "meld all" is an opening: its points must reach the minimum, C-INIT-1)."""
    rules = preset(name)
    seen = Counter(map(_meld_all_proof_checked, random_play_positions(rules, name, hands=4)))
    assert seen[True] > 20 and seen[False], seen


def test_meld_all_proof_under_random_options() -> None:
    """The same with every modelled option seeded at random (wild melds waiting, caps)."""
    rng = random.Random("meld-all")
    seen: Counter[bool | None] = Counter()
    for number in range(8):
        rules = random_options(preset(rng.choice(["classic-2", "classic-4"])), rng)
        positions = random_play_positions(rules, f"meld-all-options:{number}", hands=1)
        seen.update(map(_meld_all_proof_checked, positions))
    assert seen[True] + seen[False] > 50, seen


@pytest.mark.parametrize("name", ["classic-4", "classic-2", "samba", "bolivia"])
def test_opening_batches_are_proven_exactly_when_the_shortcut_proves_them(name: str) -> None:
    """Issue 16: a closed side's opening batches (``take.initial_batches``, C-INIT-1..3) are
    proven legal from the way they were built (``fastgen._opening_proven``) exactly when
    ``SimpleMelds.by_construction`` proves them; both answers occur."""
    seen: Counter[bool] = Counter()
    rules = preset(name)
    for state in random_play_positions(rules, f"openings:{name}", hands=6):
        side = rules.seat_side[state.current]
        simple = constructive.SimpleMelds(state, ())
        if state.melds[side] or not simple.usable or state.must_go_out:
            continue
        groups = HandGroups(state.hands[state.current])
        for batch in initial_batches(state, groups, state.minimum(side)[0]):
            proven = fastgen._opening_proven(state, groups, batch)
            assert proven == simple.by_construction(Meld(state.current, batch)), batch
            seen[proven] += 1
    assert seen[True] > 10, seen


def test_an_opening_keeping_one_card_is_not_proven() -> None:
    """C-TURN-7: three aces open (C-INIT-1: 60 points) but keep one card, so the batch goes
    to the full check (going out concealed, C-INIT-6), not the shortcut."""
    rules = preset("classic-4")
    aces = tuple(make_uid(RANKS.index("A"), suit) for suit in range(3))
    state = new_hand(rules, "one-kept", 0)
    hands = list(state.hands)
    hands[state.current] = (*aces, make_uid(RANKS.index("7"), 0))
    state = evolve(state, hands=tuple(hands), phase=Phase.PLAY)
    groups = HandGroups(state.hands[state.current])
    assert initial_batches(state, groups, 50) == [(aces,)]
    assert not fastgen._opening_proven(state, groups, (aces,))
    assert not constructive.SimpleMelds(state, ()).by_construction(Meld(state.current, (aces,)))


def _closed_take_variants(state: State, move: TakePile) -> list[TakePile]:
    """``move`` and takes near it: a card of its own left out, a card of another rank added
    (C-PILE-6), its further melds dropped (C-INIT-1) or the first one laid with the top card
    (C-MELD-1), so that refused takes are met as well."""
    hand = state.hands[state.current]
    used = set(move.cards) | {c for group in move.melds for c in group}
    spare = [c for c in hand if c not in used]
    out = [move, TakePile(move.seat, move.cards[:-1], move.melds), TakePile(move.seat, move.cards)]
    if spare:
        out.append(TakePile(move.seat, (*move.cards, spare[0]), move.melds))
    if move.melds:
        out.append(TakePile(move.seat, move.cards + move.melds[0], move.melds[1:]))
    return out


@pytest.mark.parametrize("name", ["classic-4", "classic-2", "samba", "bolivia", "chilean"])
def test_closed_takes_are_proven_only_when_legal(name: str) -> None:
    """C-PILE-4, C-PILE-8, C-INIT-1, C-MELD-1..5, C-TURN-7: a closed side's take proven by
    ``constructive.opening_take_proven`` is one ``take_is_legal`` allows, on every take the
    generator lists and the takes near them along random self-play; most of the legal ones
    are proven (so the generator skips the full check for them)."""
    seen: Counter[tuple[bool, bool]] = Counter()
    rules = preset(name)
    for n in range(6):
        state = new_hand(rules, f"closed-takes:{name}:{n}", 0)
        bots = [RandomBot(seat, n) for seat in range(rules.players)]
        while state.phase is not Phase.OVER:
            moves = legal_moves(state)
            side = rules.seat_side[state.current]
            takes = [m for m in moves if isinstance(m, TakePile)]
            for move in takes if not state.melds[side] else ():
                for variant in _closed_take_variants(state, move):
                    proven = constructive.opening_take_proven(state, variant)
                    legal = take_is_legal(state, variant)
                    assert legal or not proven, f"{name} turn {state.turn}: {variant}"
                    seen[proven, legal] += 1
            state, _ = apply(state, bots[state.actor].choose(None, moves))
    assert seen[True, True] > 2 * seen[False, True] and seen[False, False], seen
