"""Issue 16: the going-out solver's spread of wild cards (``going_out._spread_dp``: each meld's
ways read once, ``_spread_options``; only the canastas counted where nothing else is needed,
``_spread_count``) answers exactly as the plain dynamic programme over sets of outcomes it
replaced, on random melds under rules with every kind of cap (C-MELD-3, O-MELD-WILD,
SAM-13, O-PILE-CONFLICT=B, CUB-4), SAM-15's locked canastas and natural or dirty canastas
asked (O-OUT-CLEAN, IT-20)."""

from __future__ import annotations

import random

import pytest
from scenario import WILD_CAP_RULES

from canasta_game.engine import going_out
from canasta_game.engine.meldrules import wild_cap
from canasta_game.engine.rules import Rules


def _reference(
    rules: Rules, entries: list[list[int]], wilds: int, caps: tuple[int, int, int]
) -> bool:
    """The dynamic programme as first written: every meld, every count of wild cards
    before it, every share it may take, every outcome."""
    cap_q, cap_n, cap_d = caps
    reachable: dict[int, set[tuple[int, int, int]]] = {0: {(0, 0, 0)}}
    for nat, wild, size, least, locked in entries:
        step: dict[int, set[tuple[int, int, int]]] = {}
        for used, outcomes in reachable.items():
            for add in range(least, (used if locked else wilds) - used + 1):
                if wild + add > wild_cap(rules, nat, size + add):
                    continue
                if rules.meld_max and size + add > rules.meld_max:
                    continue
                canasta = size + add >= rules.canasta_size
                natural = canasta and wild + add == 0
                dirty = canasta and not natural
                bucket = step.setdefault(used + add, set())
                for c, n, d in outcomes:
                    bucket.add(
                        (min(cap_q, c + canasta), min(cap_n, n + natural), min(cap_d, d + dirty))
                    )
        reachable = step
        if not reachable:
            return False
    return any(c >= cap_q and n >= cap_n and d >= cap_d for c, n, d in reachable.get(wilds, ()))


def _entry(rng: random.Random, full: int) -> list[int]:
    """A random solver entry ``[naturals, wilds, size, least, locked]``."""
    nat = rng.randrange(0, full + 3)
    wild = rng.randrange(0, 4)
    least = rng.choice((0, 0, 0, 1, 2))
    return [nat, wild, nat + wild, least, int(rng.random() < 0.2)]


@pytest.mark.parametrize("rules", WILD_CAP_RULES.values(), ids=WILD_CAP_RULES.keys())
def test_spread_answers_as_the_plain_programme(rules: Rules) -> None:
    """C-OUT-1: the same yes or no on 3,000 random spreads per rule set, both answers seen."""
    rng = random.Random(f"spread:{rules.meld_wild}:{rules.meld_max}:{rules.pile_conflict}")
    full = rules.canasta_size
    answers: set[bool] = set()
    for _ in range(3000):
        entries = [_entry(rng, full) for _ in range(rng.randrange(0, 8))]
        wilds = rng.randrange(1, 7)
        caps = (rng.randrange(0, 4), rng.choice((0, 0, 1, 2)), rng.choice((0, 0, 1)))
        expected = _reference(rules, [list(e) for e in entries], wilds, caps)
        assert going_out._spread_dp(rules, entries, wilds, caps) == expected, (entries, caps)
        answers.add(expected)
    assert answers == {True, False}
