"""Every level plays legally under every rule option, alone and in random combinations.

The presets switch only some options on; a bot that silently assumed classic rules (a pile
that can always be taken with a natural and a wild card, one card drawn per turn, three wild
cards per meld) would pass the preset tests and fail a player who turns an option on. So
each option is switched to each of its other values on its own, and a seeded sample of
random combinations follows. Hard runs on a tiny budget: its search code runs all the same.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta_game.ai import LEVELS, make_bot
from canasta_game.engine.game import apply
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import OPTION_IDS, Rules, preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase

TINY_BUDGET = 0.01
MAX_ACTIONS = 3000

#: The values each option is tried with besides its default (custom_deck: 7 cards per rank).
ALTERNATIVES: dict[str, list[Any]] = {
    "six_seating": [],  # only meaningful for six players: the classic-6 presets cover both
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
    "custom_deck": ["7PERRANK"],
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

SEVEN_PER_RANK = (
    *(f"{rank}{suit}" for rank in "AKQJT98765432" for suit in "shdcshd"),
    *("JK",) * 6,
)


def _value(option: str, value: Any) -> Any:
    return SEVEN_PER_RANK if option == "custom_deck" else value


def _play_hand(rules: Rules, seed: str, levels: list[str]) -> None:
    """One hand with the given level in each seat: every move legal, the hand ends."""
    bots = [make_bot(level, seat, seed, TINY_BUDGET) for seat, level in enumerate(levels)]
    state = new_hand(rules, seed, 1)
    for _ in range(MAX_ACTIONS):
        if state.phase is Phase.OVER:
            return
        seat = state.actor
        legal = legal_moves(state)
        move = bots[seat].choose(observe(state, seat), legal)
        assert move in legal, f"{levels[seat]} chose {move}, not a legal move, under {seed}"
        state, _ = apply(state, move)
    # O-STOCK-RECYCLE has no end when nobody can go out (noted in README); legality held
    assert rules.stock_recycle, f"hand {seed} did not end in {MAX_ACTIONS} actions"


def test_the_table_names_every_option_and_only_options() -> None:
    assert set(ALTERNATIVES) == set(OPTION_IDS)
    for option, values in ALTERNATIVES.items():
        default = getattr(Rules(), option)
        assert all(_value(option, v) != default for v in values), option


@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option, values in ALTERNATIVES.items() for value in values],
)
def test_every_level_plays_under_each_option(option: str, value: Any) -> None:
    changes = {option: _value(option, value)}
    for players in (4, 2):
        rules = preset(f"classic-{players}").with_options(**changes)
        levels = [LEVELS[(seat + players) % 3] for seat in range(players)]
        _play_hand(rules, f"{option}={value}:{players}", levels)


def test_every_level_plays_under_random_combinations_of_options() -> None:
    rng = random.Random("options")
    played = 0
    while played < 30:
        changes = {
            option: _value(option, rng.choice(values))
            for option, values in ALTERNATIVES.items()
            if values and rng.random() < 0.4
        }
        players = rng.choice((2, 3, 4, 6))
        try:
            rules = preset(f"classic-{players}").with_options(**changes)
        except ValueError:
            continue  # e.g. a deal too big for the pack: the engine refuses such rules
        levels = [rng.choice(LEVELS) for _ in range(players)]
        _play_hand(rules, f"combo:{played}:{sorted(changes)}", levels)
        played += 1
