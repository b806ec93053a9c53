"""Issue 16, Samba's speed: the shortcuts of the sequence generators and of the going-out
solver give exactly what the general computation gives."""

from __future__ import annotations

import random

import pytest
from scenario import WILD_CAP_RULES

from canasta_game.engine import going_out
from canasta_game.engine.cards import JOKER, RANK_OF
from canasta_game.engine.meldrules import UNLIMITED, wild_cap
from canasta_game.engine.movegen import _RUN_BIT, _run_bits
from canasta_game.engine.rules import Rules, preset


def _plain_bits(hand: tuple[int, ...]) -> int:
    bits = 0
    for card in hand:
        bits |= _RUN_BIT[card]
    return bits


def test_run_bits_kept_for_the_same_hand_only() -> None:
    """``_run_bits`` keeps the last hand's bits: asked again of that hand object it answers
    the same, and a new hand (equal cards in a new tuple, or other cards) is read afresh."""
    rng = random.Random("last bits")
    deck = [c for c in range(len(RANK_OF)) if RANK_OF[c] != JOKER or c % 2]
    previous: tuple[int, ...] = ()
    for _ in range(3000):
        hand = tuple(rng.sample(deck, rng.randrange(0, 20)))
        expected = _plain_bits(hand)
        assert _run_bits(hand) == expected
        assert _run_bits(hand) == expected
        again = tuple(list(hand))  # (an equal hand, another object)
        assert _run_bits(again) == expected
        assert _run_bits(previous) == _plain_bits(previous)
        previous = hand


def _table_count(rules: Rules, entries: list[list[int]], wilds: int, need: int) -> bool:
    """The dynamic programme ``_count_cheapest`` stands in for: for each number of wild cards
    placed, the most canastas reachable, every meld taking each count its cap allows."""
    best = {0: 0}
    for nat, wild, size, least, locked in entries:
        step: dict[int, int] = {}
        for used, have in best.items():
            for add in range(least, (0 if locked else wilds - used) + 1):
                if wild + add > wild_cap(rules, nat, size + add):
                    continue
                got = have + (size + add >= rules.canasta_size)
                step[used + add] = max(step.get(used + add, -1), got)
        best = step
    return best.get(wilds, -1) >= need


@pytest.mark.parametrize("name", ["samba", "classic-4", "chilean"])
def test_count_cheapest_answers_as_the_table(name: str) -> None:
    """C-OUT-1, SAM-13, SAM-15: under a cap the same for every meld, the cheapest canastas
    first answer as the table over every count of wild cards, on 5,000 random spreads
    (locked canastas, melds over their cap, least counts; both answers seen)."""
    rules = preset(name)
    cap = going_out._fixed_cap(rules)
    assert cap is not None
    rng = random.Random(f"cheapest:{name}")
    full = rules.canasta_size
    answers: set[bool] = set()
    for _ in range(5000):
        entries = []
        for _ in range(rng.randrange(0, 8)):
            nat, wild = rng.randrange(0, full + 2), rng.randrange(0, cap + 2)
            entries.append([nat, wild, nat + wild, rng.choice((0, 0, 1, 2)), rng.random() < 0.2])
        wilds, need = rng.randrange(0, 8), rng.randrange(0, 4)
        expected = _table_count(rules, entries, wilds, need)
        assert going_out._count_cheapest(rules, entries, wilds, need, cap) == expected, (
            entries,
            wilds,
            need,
        )
        answers.add(expected)
    assert answers == {True, False}


_CAP_RULES = [*WILD_CAP_RULES.values(), preset("bolivia"), preset("brazilian")]


def test_fixed_cap_is_every_melds_cap() -> None:
    """C-MELD-3, SAM-13: where ``_fixed_cap`` answers a cap (kept for the last rules asked),
    ``wild_cap`` answers it for every meld, whatever its naturals and size (the solver's
    counts read it in its stead); rules asked in turn get their own answer."""
    seen = set()
    for rules in _CAP_RULES * 2:
        cap = wild_cap(rules, 2, 3)
        plain = None if rules.meld_max or cap != wild_cap(rules, UNLIMITED, UNLIMITED) else cap
        assert going_out._fixed_cap(rules) == plain
        assert going_out._fixed_cap(rules) == plain
        seen.add(plain)
        if plain is not None:
            for naturals in range(0, 16):
                for size in (*range(naturals, naturals + 12), UNLIMITED):
                    assert wild_cap(rules, naturals, size) == plain
    assert seen == {None, 2, 3}
