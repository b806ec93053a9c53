"""Rule options for the simulator: ``--option ID=VALUE`` and ``--random-options``.

``ALTERNATIVES`` lists, for every option of RULES.md section 3 (``rules.OPTION_IDS``), the
values tried besides its default; the tests that play every option read the same table.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from canasta_game.engine.rules import OPTION_IDS, Rules

#: O-DECK-7PERRANK: the seven-per-rank pack the option was written for (CZ).
SEVEN_PER_RANK = (
    *(f"{rank}{suit}" for rank in "AKQJT98765432" for suit in "shdcshd"),
    *("JK",) * 6,
)

ALTERNATIVES: dict[str, list[Any]] = {
    "six_seating": ["THREE_OF_TWO"],
    "pile_nocanadd": [True],
    "pile_2nat": [True],
    "pile_conflict": ["A", "B"],
    "pile_frozen": [True],
    "pile_onecard": ["FORBID"],
    "b3_freeze": [True],
    "meld_wild": ["LE_NAT", "LT_NAT", "MAX2", "IT"],
    "wild_melds": [True],
    "wild_penalty": [True],
    "go_out_canastas": [0, 2],
    "go_out_clean": ["ONE", "BOTH"],
    "out_nowild3": [True],
    "conc_bonus": [200],
    "concealed_pile": ["DISALLOWED"],
    "conc_canasta": [True],
    "deal_size": [13, 15],
    "draw_count": [2],
    "upcard": ["COVER_ANY3_WILD", "NO_COVER"],
    "deal_exact": [True],
    "stock_force": ["PAGAT"],
    "stock_recycle": [True],
    "recycle_shuffle": [True],
    "jokers": [0, 6],
    "custom_deck": [SEVEN_PER_RANK],
    "r3_scale": ["PROGRESSIVE"],
    "b3_meld4": [True],
    "b3_hand": [100],
    "b3_asr3": [True],
    "b3_asr3_stop": [False],
    "target": [2500],
    "init_high": ["150", "CANASTA"],
    "init_neg50": [True],
    "tiebreak": ["EXTRA_HAND"],
}

_FIELD_OF = {option: name for name, option in OPTION_IDS.items()}


def parse_option(text: str) -> tuple[str, Any]:
    """``"O-STOCK-RECYCLE=true"`` -> ``("stock_recycle", True)``; ValueError says what is wrong."""
    option, sep, raw = text.partition("=")
    option = option.strip().upper()
    if not sep or option not in _FIELD_OF:
        known = ", ".join(sorted(_FIELD_OF))
        raise ValueError(f"expected ID=VALUE with an option ID of RULES.md ({known}): {text!r}")
    name = _FIELD_OF[option]
    default = getattr(Rules(), name)
    raw = raw.strip()
    if name == "custom_deck":
        if raw.upper() != "7PERRANK":
            raise ValueError(f"{option}: the only pack offered is 7PERRANK, not {raw!r}")
        return name, SEVEN_PER_RANK
    if isinstance(default, bool):
        if raw.lower() not in ("true", "false"):
            raise ValueError(f"{option} is true or false, not {raw!r}")
        return name, raw.lower() == "true"
    if isinstance(default, int):
        try:
            return name, int(raw)
        except ValueError:
            raise ValueError(f"{option} is a whole number, not {raw!r}") from None
    return name, raw.upper()


def with_options(rules: Rules, changes: dict[str, Any]) -> Rules:
    """``rules`` with ``changes``; ValueError (from Rules) if the combination is invalid."""
    return dataclasses.replace(rules, **changes) if changes else rules


def random_options(rules: Rules, rng: random.Random) -> Rules:
    """A seeded random combination of options on ``rules`` that the engine accepts."""
    while True:
        changes = {
            name: rng.choice(values)
            for name, values in ALTERNATIVES.items()
            if rng.random() < 0.3 and (name != "six_seating" or rules.players == 6)
        }
        try:
            return with_options(rules, changes)
        except ValueError:
            continue  # e.g. a deal too big for the pack (C-DEAL): draw another combination
