"""Issue 16: the shortcuts for a side that has not opened are exact.

``fastgen._closed_draw`` answers a closed side's draw phase without the general generator
where no take of the pile can be legal (C-PILE-4, C-PILE-6: no natural pair of the top card's
rank; C-PILE-5; BRA-6); ``fastgen._openings`` skips the opening search and "meld all"
where ``take.opening_reach`` says their points fall short of the minimum (C-INIT-1) and reads
"meld all" off the hand's groups (``fastgen._closed_meld_all``); ``pile_takes`` proves a
closed side's takes from the way it built them (``take._built_take_proven``, C-PILE-8). These
walks compare each with the general path on seeded self-play: a bound that undercounts a
hand, a draw list that drops a take, a batch or a proof that differs, fails here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from scenario import random_play_positions

from canasta_game.ai.baselines import RandomBot
from canasta_game.engine import constructive, fastgen, take
from canasta_game.engine.actions import TakePile
from canasta_game.engine.cards import VALUE_OF
from canasta_game.engine.game import apply
from canasta_game.engine.movegen import acaba_moves, draw_moves, legal_moves, meld_all_proved
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase, State
from canasta_game.engine.take import HandGroups, initial_batches, opening_reach, pile_takes

PRESETS = ["classic-4", "classic-2", "samba", "bolivia", "brazilian", "chilean", "cz-house"]


def _closed_draws(rules: Rules, label: str, hands: int = 4) -> Iterator[State]:
    """Every draw-phase position of a closed side in ``hands`` seeded hands of random play."""
    for n in range(hands):
        state = new_hand(rules, f"{label}:{n}", 0)
        bots = [RandomBot(seat, n) for seat in range(rules.players)]
        for _ in range(600):
            if state.phase is Phase.OVER:
                break
            side = rules.seat_side[state.current]
            if state.phase is Phase.DRAW and not state.melds[side]:
                yield state
            state, _ = apply(state, bots[state.actor].choose(None, legal_moves(state)))


@pytest.mark.parametrize("name", PRESETS)
def test_closed_draw_lists_equal_the_general_ones(name: str) -> None:
    """C-PILE-8: a closed side's draw list is the general one, takes and all; positions with
    a take and without one both occur."""
    seen: Counter[bool] = Counter()
    for state in _closed_draws(preset(name), f"closed-draw:{name}", hands=8):
        fast = fastgen.draw_moves(state)
        if fast is None:
            continue
        assert fast == draw_moves(state) + acaba_moves(state), state.turn
        seen[len(fast) > 1] += 1
    assert seen[False] > 15, seen
    if name != "brazilian":  # BRA-6: never a take for the initial meld
        assert seen[True] > 0, seen


@pytest.mark.parametrize("name", PRESETS)
def test_opening_reach_bounds_every_opening(name: str) -> None:
    """``opening_reach`` is never below what the opening search or "meld all" lays: no batch
    reaches one point more than the bound, and "meld all"'s new groups (black threes apart)
    count no more points and cards; in Classic, hands short of the minimum by it occur (in
    the sequence games' larger hands, hardly ever)."""
    rules = preset(name)
    short = compared = 0
    for state in random_play_positions(rules, f"reach-bound:{name}", hands=6):
        side = rules.seat_side[state.current]
        if state.melds[side]:
            continue
        groups = HandGroups(state.hands[state.current])
        points, laid = opening_reach(groups)
        assert initial_batches(state, groups, points + 1) == []
        everything, _ = meld_all_proved(state, groups)
        if everything is not None:
            regular = [group for group in everything.new if group != tuple(groups.blacks)]
            assert sum(VALUE_OF[c] for group in regular for c in group) <= points
            assert sum(map(len, regular)) <= laid
        short += points < state.minimum(side)[0]
        compared += 1
    assert compared > 10
    assert short > 5 or rules.sequences


@pytest.mark.parametrize("name", PRESETS)
def test_closed_meld_all_equals_the_general_one(name: str) -> None:
    """``fastgen._closed_meld_all`` is ``meld_all_proved``'s batch and proof for a closed
    side (where it falls back, trivially); hands it answers itself occur, most proven."""
    rules = preset(name)
    seen: Counter[bool] = Counter()
    for state in random_play_positions(rules, f"closed-meld-all:{name}", hands=10):
        side = rules.seat_side[state.current]
        need, canasta = state.minimum(side)
        if state.melds[side] or canasta or state.must_go_out:
            continue
        groups = HandGroups(state.hands[state.current])
        found = fastgen._closed_meld_all(state, groups, need)
        assert found == meld_all_proved(state, groups), state.hands[state.current]
        pairs = sum(len(nats) == 2 for nats in groups.naturals.values())
        if len(groups.wilds) <= pairs:
            seen[found[1]] += 1
    assert seen[True] > 3, seen


@pytest.mark.parametrize("name", PRESETS)
def test_built_take_proof_matches(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``take._built_take_proven`` (the proof of a closed side's take read off the way
    ``pile_takes`` built it, C-PILE-8) answers as ``constructive.opening_take_proven`` does,
    take by take; proven takes occur."""
    seen: Counter[bool] = Counter()
    built = take._built_take_proven
    for state in _closed_draws(preset(name), f"built-take:{name}", hands=12):

        def checked(*args: object, state: State = state) -> bool:
            found = built(*args)  # type: ignore[arg-type]
            move = args[4]
            assert isinstance(move, TakePile)
            assert found == constructive.opening_take_proven(state, move), move
            seen[found] += 1
            return found

        with monkeypatch.context() as patched:
            patched.setattr(take, "_built_take_proven", checked)
            pile_takes(state)
    if name != "brazilian":  # BRA-6: never a take for the initial meld
        assert seen[True] > 3, seen
