"""Issue 16, the going-out solver's speed: the answers kept per melds tuple
(``going_out._table_keys``) and the cheap cuts read off them give exactly what the general
computation gives."""

from __future__ import annotations

import random

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
from canasta_game.engine.meldrules import make_meld
from canasta_game.engine.rules import preset
from canasta_game.engine.state import TableMeld

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
