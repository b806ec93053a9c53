"""Issue 16: ``constructive.fit_table`` (``counts_fit`` read by subscript in the move lists)
answers exactly what ``meldrules.check_counts`` answers, for every preset and for the random
rule options the simulator draws, over every count a meld can hold; and ``take.top_target``,
written as one loop, picks the meld the list-based definition picks."""

from __future__ import annotations

import random

import pytest

from canasta_game.engine.constructive import counts_fit, fit_table
from canasta_game.engine.meldrules import check_counts
from canasta_game.engine.rules import PRESETS, Rules
from canasta_game.engine.state import TableMeld
from canasta_game.engine.take import top_target
from canasta_game.sim.options import random_options


def _rules_under_test() -> list[Rules]:
    rng = random.Random(16)
    drawn = [random_options(PRESETS["classic-4"], rng) for _ in range(20)]
    return [*PRESETS.values(), *drawn]


@pytest.mark.parametrize("rules", _rules_under_test())
def test_fit_table_matches_check_counts(rules: Rules) -> None:
    table = fit_table(rules)
    assert fit_table(rules) is table  # (made once per Rules value)
    for naturals in range(0, 30):
        for wilds in range(0, 20):
            expected = check_counts(rules, naturals, wilds) is None
            assert table[naturals << 10 | wilds] is expected, (naturals, wilds)
            assert counts_fit(rules, naturals, wilds) is expected


def _listed_target(melds: list[TableMeld], rank: int, books_closed: bool) -> TableMeld | None:
    """``top_target`` as it was first written: the melds of the rank, closed books left out
    (HF-9), the first open one, else the first of them."""
    of_rank = [m for m in melds if m.key == rank and not (books_closed and m.is_canasta)]
    return next((m for m in of_rank if not m.is_canasta), of_rank[0] if of_rank else None)


def test_top_target_matches_the_listed_definition() -> None:
    rng = random.Random(7)
    for trial in range(3000):
        melds = [
            TableMeld(mid, rng.randint(2, 5), (), rng.randint(2, 8), rng.randint(0, 2), 7)
            for mid in range(rng.randint(0, 6))
        ]
        rank = rng.randint(2, 5)
        for books_closed in (False, True):
            expected = _listed_target(melds, rank, books_closed)
            assert top_target(melds, rank, books_closed) is expected, (trial, books_closed)
