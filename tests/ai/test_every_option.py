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
from canasta_game.ai.play import play_hand
from canasta_game.engine.rules import OPTION_IDS, Rules, preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase
from canasta_game.sim.options import ALTERNATIVES as SIM_ALTERNATIVES

TINY_BUDGET = 0.01
#: The option table the simulator's --random-options uses; six_seating only matters for six
#: players, where the classic-6 presets cover both seatings.
ALTERNATIVES: dict[str, list[Any]] = {**SIM_ALTERNATIVES, "six_seating": []}


def _play_hand(rules: Rules, seed: str, levels: list[str]) -> None:
    """One hand with the given level in each seat: every move legal, the hand ends."""
    bots = {seat: make_bot(level, seat, seed, TINY_BUDGET) for seat, level in enumerate(levels)}
    played = play_hand(new_hand(rules, seed, 1), bots)
    assert played.illegal == 0, f"{played.problems[:2]} under {seed}"
    assert not played.dead_end and not played.capped, f"{played.problems} under {seed}"
    assert played.final.phase is Phase.OVER


def test_the_table_names_every_option_and_only_options() -> None:
    assert set(ALTERNATIVES) == set(OPTION_IDS)
    for option, values in ALTERNATIVES.items():
        default = getattr(Rules(), option)
        assert all(v != default for v in values), option


@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option, values in ALTERNATIVES.items() for value in values],
)
def test_every_level_plays_under_each_option(option: str, value: Any) -> None:
    changes = {option: value}
    for players in (4, 2):
        rules = preset(f"classic-{players}").with_options(**changes)
        levels = [LEVELS[(seat + players) % 3] for seat in range(players)]
        _play_hand(rules, f"{option}={value}:{players}", levels)


def test_every_level_plays_under_random_combinations_of_options() -> None:
    rng = random.Random("options")
    played = 0
    while played < 30:
        changes = {
            option: rng.choice(values)
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
