"""What a single meld may hold (C-MELD, O-MELD-WILD, O-WILD-MELDS): one place for the caps.

Both the legality check and the going-out solver ask these functions, so the wild-card cap of
every option is written exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.engine.cards import (
    BLACK_THREE_KEY,
    IS_BLACK_THREE,
    IS_WILD,
    RANK_OF,
    THREE,
    WILD_KEY,
)
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules

UNLIMITED = 1 << 20


def wild_cap(rules: Rules, naturals: int, size_after: int) -> int:
    """The most wild cards a meld with ``naturals`` natural cards may hold."""
    if (
        rules.pile_conflict == "B"
        and rules.pile_nocanadd
        and not rules.pile_2nat
        and size_after > 7
        and naturals >= 4
    ):
        return UNLIMITED  # O-PILE-CONFLICT=B: melds over 7 cards have no wild limit
    mode = rules.meld_wild
    if mode == "MAX3":
        return 3
    if mode == "LE_NAT":
        return min(3, naturals)
    if mode == "LT_NAT":
        return min(3, naturals - 1)
    if mode == "MAX2":
        return 2
    return 1 if naturals <= 2 else 2  # IT


def cap_rule(rules: Rules) -> str:
    return "C-MELD-3" if rules.meld_wild == "MAX3" else "O-MELD-WILD"


def check_counts(rules: Rules, naturals: int, wilds: int) -> Reason | None:
    """C-MELD-2 and C-MELD-3 for a regular meld of ``naturals`` + ``wilds`` cards."""
    if naturals < 2:
        return reason("C-MELD-2", "meld_two_naturals")
    cap = wild_cap(rules, naturals, naturals + wilds)
    if wilds > cap:
        return reason(cap_rule(rules), "meld_wild_cap", cap=cap, naturals=naturals)
    return None


def classify(rules: Rules, cards: Sequence[int]) -> tuple[int, int, int] | Reason:
    """A new meld's (key, naturals, wilds), or why these cards are no meld."""
    natural_rank = -1
    naturals = wilds = black = 0
    for card in cards:
        rank = RANK_OF[card]
        if IS_WILD[card]:
            wilds += 1
        elif rank == THREE:
            if not IS_BLACK_THREE[card]:
                return reason("C-R3-1", "meld_threes")
            black += 1
        else:
            if natural_rank == -1:
                natural_rank = rank
            elif rank != natural_rank:
                return reason("C-MELD-1", "meld_one_rank")
            naturals += 1
    if black:
        if naturals or wilds:
            return reason("C-MELD-4", "meld_threes")
        if black < 3:
            return reason("C-B3-1", "meld_too_small")
        return BLACK_THREE_KEY, black, 0
    if naturals == 0:
        if not rules.wild_melds:
            return reason("C-MELD-4", "meld_wild_only")
        if wilds < 3:
            return reason("O-WILD-MELDS", "meld_too_small")
        return WILD_KEY, 0, wilds
    if naturals + wilds < 3:
        return reason("C-MELD-1", "meld_too_small")
    problem = check_counts(rules, naturals, wilds)
    if problem is not None:
        return problem
    return natural_rank, naturals, wilds
