"""Issue 16, the going-out solver's speed: the answers kept per melds tuple
(``going_out._table_keys``) and the cheap cuts read off them give exactly what the general
computation gives."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from scenario import random_play_positions

from canasta_game.engine import going_out
from canasta_game.engine.cards import (
    ACE,
    BLACK_THREE_KEY,
    FOUR,
    IS_NATURAL,
    JOKER,
    RANK_OF,
    SEQUENCE_KEY,
    SUIT_OF,
    WILD_KEY,
)
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.meldrules import make_meld
from canasta_game.engine.rules import preset
from canasta_game.engine.state import ASKED_NO, TableMeld, evolve

_DECK = [c for c in range(len(RANK_OF)) if RANK_OF[c] != JOKER or c % 2]


def _random_melds(rng: random.Random) -> tuple[TableMeld, ...]:
    """A side's melds: groups (some of one rank twice, SAM-12), black threes, a wild meld and
    sequences, complete or not."""
    rules = preset("samba")
    melds: list[TableMeld] = []
    for mid in range(rng.randrange(0, 9)):
        kind = rng.random()
        size = rng.randrange(3, 9)
        if kind < 0.6:
            key = rng.randrange(FOUR, ACE + 1)
        elif kind < 0.7:
            key = BLACK_THREE_KEY
        elif kind < 0.8:
            key = WILD_KEY
        else:
            key = SEQUENCE_KEY + rng.randrange(4)
        wilds = rng.randrange(0, 3) if key < SEQUENCE_KEY else 0
        melds.append(make_meld(rules, mid, key, (), size - wilds, wilds))
    return tuple(melds)


def _plain_keys(melds: tuple[TableMeld, ...]) -> set[int]:
    return {m.key for m in melds} - {BLACK_THREE_KEY, WILD_KEY}


def _plain_stuck(naturals: dict[int, list[int]], blacks: int, melds: tuple[TableMeld, ...]) -> bool:
    """``surely_stuck`` counted card by card from the melds."""
    keys = _plain_keys(melds)
    suits = {m.key - SEQUENCE_KEY for m in melds if m.key >= SEQUENCE_KEY and not m.is_canasta}
    stuck = 1 if 0 < blacks < 3 else 0
    for rank, cards in naturals.items():
        stuck += len(cards) == 1 and rank not in keys and SUIT_OF[cards[0]] not in suits
    return stuck > 1


def test_table_keys_answer_as_the_melds_read_afresh() -> None:
    """C-MELD-2, SAM-11: ``group_keys`` and ``surely_stuck`` answer as the melds read afresh,
    asked once, again of the same tuple, of an equal new tuple and of tuples seen before
    (more than ``_KEYS_KEPT`` of them: the kept answers are dropped and read again)."""
    rng = random.Random("table keys")
    seen: list[tuple[TableMeld, ...]] = []
    stuck = 0
    for _ in range(4000):
        melds = _random_melds(rng)
        hand = rng.sample(_DECK, rng.randrange(0, 15))
        naturals: dict[int, list[int]] = {}
        for card in hand:
            if IS_NATURAL[card]:
                naturals.setdefault(RANK_OF[card], []).append(card)
        blacks = rng.randrange(0, 5)
        expected = _plain_stuck(naturals, blacks, melds)
        for asked in (melds, melds, tuple(list(melds)), *rng.sample(seen, min(3, len(seen)))):
            assert going_out.group_keys(asked) == _plain_keys(asked)
        assert going_out.surely_stuck(naturals, blacks, melds) == expected
        assert going_out.surely_stuck(naturals, blacks, melds) == expected
        stuck += expected
        seen.append(melds)
    assert 400 < stuck < 3600


@pytest.mark.parametrize("name", ["classic-4", "samba", "brazilian", "chilean", "cuban", "italian"])
def test_a_cut_kept_from_within_reach_changes_no_answer(name: str) -> None:
    """C-OUT-7: ``can_go_out`` answers the same right after ``within_reach`` passed the same
    state (its cut kept, ``_reached``) as with nothing kept, along random self-play of each
    variant (every play position, as if the partner said yes); the same state is asked
    again, and another state after it, so a kept cut serves only its own state."""
    kept = 0
    previous = None
    for state in random_play_positions(preset(name), f"reached:{name}"):
        going_out._reached = None
        expected = can_go_out(state, asking=True)
        if going_out.within_reach(state):
            kept += 1
            assert can_go_out(state, asking=True) == expected, f"{name} turn {state.turn}"
            if previous is not None:
                going_out._reached = None
                alone = can_go_out(previous, asking=True)
                going_out.within_reach(state)
                assert can_go_out(previous, asking=True) == alone
        else:
            assert not expected
        previous = state
    going_out._reached = None
    assert kept > 0


@pytest.mark.parametrize("name", ["classic-4", "samba", "brazilian", "chilean", "cuban"])
def test_natural_need_answers_as_the_rules(name: str) -> None:
    """O-OUT-CLEAN: the kept count of natural canastas is the rules' own, for each going-out
    option."""
    for clean in ("NONE", "ONE", "BOTH"):
        rules = replace(preset(name), go_out_clean=clean)
        assert going_out._natural_need(rules) == rules.natural_canastas_to_go_out()
        assert going_out._natural_need(rules) == rules.natural_canastas_to_go_out()


@pytest.mark.parametrize("name", ["classic-4", "samba", "brazilian", "cuban"])
def test_a_search_kept_for_its_state_changes_no_answer(name: str) -> None:
    """C-OUT-7, C-B3-2: ``can_go_out`` asked again of the state it last searched answers from
    ``_solved``: the same as asked afresh, and as an equal copy of that state (another
    object, searched anew); the state before, asked after it, is searched again, and a
    "no" to the question (C-OUT-6) still answers no."""
    previous = None
    kept = 0
    for state in random_play_positions(preset(name), f"solved:{name}"):
        going_out._solved = None
        fresh = can_go_out(state, asking=True)
        assert can_go_out(state, asking=True) == fresh
        if state.question is not ASKED_NO:
            assert going_out._solved is not None and going_out._solved[0] is state
        assert can_go_out(evolve(state), asking=True) == fresh
        assert not can_go_out(evolve(state, question=ASKED_NO), asking=True)
        if previous is not None:
            answer = can_go_out(previous, asking=True)
            going_out._solved = None
            assert can_go_out(previous, asking=True) == answer
        kept += fresh
        previous = state
    going_out._solved = None
    assert kept > 0
