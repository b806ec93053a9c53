"""Issue 16, Samba's speed: "meld all" (``movegen.meld_all_proved``) built with fewer
intermediate objects gives the batch and the proof the general computation gives."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from scenario import random_play_positions

from canasta_game.engine import fastgen, movegen
from canasta_game.engine.cards import SEQUENCE_KEY
from canasta_game.engine.constructive import SimpleMelds
from canasta_game.engine.game import why_illegal
from canasta_game.engine.movegen import legal_moves, meld_all_proved
from canasta_game.engine.rules import preset
from canasta_game.engine.state import State, TableMeld
from canasta_game.engine.take import HandGroups

_PRESETS = ["samba", "samba-2", "bolivia", "brazilian", "chilean", "classic-4", "cuban"]


@pytest.mark.parametrize("name", _PRESETS)
def test_meld_all_leaves_the_hand_groups_as_they_were(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``meld_all_proved`` puts the naturals' lists of the groups it is given into the batch
    and copies them only where wild cards are appended (``_counts``): the groups must come
    back unchanged, and the batch and proof be those of groups made afresh and of none given
    (the caller's groups serve its other candidates after "meld all"). The walk meets both
    ways, with wild cards past the pairs and without."""
    counted = Counter[bool]()  # positions with wild cards past the pairs, and without
    asked: list[bool] = []
    real = movegen._counts

    def counts(*args: object) -> dict[int, list[int]]:
        asked.append(True)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(movegen, "_counts", counts)
    for state in random_play_positions(preset(name), f"meld-all-groups:{name}", hands=3):
        asked.clear()
        hand = state.hands[state.current]
        groups = HandGroups(hand)
        before = copy.deepcopy((groups.naturals, groups.wilds, groups.blacks))
        for threes in (False, True):
            found = meld_all_proved(state, groups, threes=threes)
            assert (groups.naturals, groups.wilds, groups.blacks) == before, state.turn
            assert found == meld_all_proved(state, HandGroups(hand), threes=threes)
        assert meld_all_proved(state) == meld_all_proved(state, groups)
        counted[bool(asked)] += 1
    assert counted[True] and counted[False], counted


def _plain_extended(hand: tuple[int, ...], melds: tuple[TableMeld, ...]) -> int:
    bits = movegen._run_bits(hand)
    return sum(1 for m in melds if m.key >= SEQUENCE_KEY and movegen._may_extend(m, bits))


@pytest.mark.parametrize("name", ["samba", "samba-2", "bolivia", "brazilian", "chilean"])
def test_sequence_ends_kept_for_the_same_hand_and_melds_only(name: str) -> None:
    """SAM-11: ``sequence_moves`` keeps how many sequences its hand extends (``_ends``);
    "meld all" and ``runs_extended`` asked next of the same hand and melds answer as they
    do unkept, and other objects (an equal hand in a new tuple, the other side's melds)
    are read afresh. The walk meets hands that extend a sequence and hands that do not."""
    seen = Counter[bool]()
    for state in random_play_positions(preset(name), f"sequence-ends:{name}", hands=3):
        hand = state.hands[state.current]
        melds = state.melds[state.side_of(state.current)]
        groups = HandGroups(hand)
        movegen._ends = (None, None, 0)
        plain = meld_all_proved(state, groups, threes=True)
        movegen.sequence_moves(state, groups)
        assert movegen.runs_extended(hand, melds) == _plain_extended(hand, melds)
        assert meld_all_proved(state, groups, threes=True) == plain, state.turn
        other = state.melds[1 - state.side_of(state.current)]
        assert movegen.runs_extended(hand, other) == _plain_extended(hand, other)
        again = tuple(list(hand))
        assert movegen.runs_extended(again, melds) == _plain_extended(again, melds)
        if melds:
            seen[movegen._ends[2] > 0] += 1
    assert seen[True] and seen[False], seen


def _general(state: State, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    with monkeypatch.context() as patched:
        patched.setattr(fastgen, "play_moves", lambda _state: None)
        patched.setattr(fastgen, "draw_moves", lambda _state: None)
        return list(legal_moves(state))


@pytest.mark.parametrize("name", ["samba", "samba-2", "bolivia", "brazilian", "chilean"])
def test_rare_candidates_need_no_search_for_an_equal_one(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SAM-9..11: ``fastgen._rare`` asks only "meld all" whether an earlier candidate is the
    same move (``_repeated``). The sequences ``sequence_moves`` lists (new runs, extensions:
    a one-card extension once) are distinct and none is a single group or addition the
    general generator builds before them; the fast list, which no longer drops a repeat of
    them, is the general one with no move twice. The walk meets extensions of one card."""
    seen = Counter[int]()  # extensions of one card, and of more
    for state in random_play_positions(preset(name), f"rare:{name}", hands=3):
        melds = state.melds[state.side_of(state.current)]
        if not melds or len(state.hands[state.current]) < 2:
            continue
        groups = HandGroups(state.hands[state.current])
        simple = SimpleMelds(state, melds)
        singles = {m for m, _ in movegen._open_side_candidates(state, groups, melds, simple)}
        runs = movegen.sequence_moves(state, groups)
        assert len(set(runs)) == len(runs) and not singles & set(runs), state.turn
        seen.update(min(len(m.add[0][1]), 2) for m in runs if m.add)
        fast = fastgen.play_moves(state)
        if fast is not None:
            assert len(set(fast)) == len(fast) and fast == _general(state, monkeypatch)
    assert seen[1], seen


@pytest.mark.parametrize(
    "name", ["samba", "samba-2", "bolivia", "brazilian", "chilean", "classic-4", "classic-2"]
)
def test_meld_all_with_black_threes_refused_where_they_alone_are(name: str) -> None:
    """C-B3-1, C-B3-2: where an open side's hand holds three or more black threes that
    ``fastgen._threes_meldable`` does not offer alone (the player cannot go out now), the
    fast list does not build "meld all" (``_meld_all_refused``); the full check must refuse
    that batch, which lays them too, every time. The walk meets such hands and hands where
    the black threes may go (Samba's)."""
    seen = Counter[bool]()
    for state in random_play_positions(preset(name), f"refused:{name}", hands=8):
        melds = state.melds[state.side_of(state.current)]
        groups = HandGroups(state.hands[state.current])
        if state.must_go_out or not melds or len(groups.blacks) < 3:
            continue
        meldable = fastgen._threes_meldable(state, groups)
        seen[meldable] += 1
        assert fastgen._meld_all_refused(groups, meldable) == (not meldable)
        if not meldable:
            everything = meld_all_proved(state, groups)[0]
            assert everything is not None and why_illegal(state, everything) is not None
    assert seen[False] >= 10 and (seen[True] or name != "samba"), seen
