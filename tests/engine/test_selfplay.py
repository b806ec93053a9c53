"""Seeded self-play for every preset, checking every invariant at every step.

This is the engine's widest net: 300 hands per Classic preset and 200 per variant (random
and greedy players mixed) with card conservation, consistent hands, generated moves legal
and non-empty until the hand ends, no hidden card in any PlayerView, then JSON round trip,
log replay and scores that add up from their breakdown at the end of each hand.
"""

from __future__ import annotations

from collections import Counter

import pytest

from canasta_game.ai.baselines import GreedyBot, RandomBot
from canasta_game.engine.rules import (
    HAND_AND_FOOT_PRESETS,
    ITALIAN_PRESETS,
    MAC_PRESETS,
    PRESETS,
    SEQUENCE_PRESETS,
    preset,
)
from canasta_game.sim.runner import play_hand

HANDS_PER_PRESET = 300
#: Issues 11-13 ask 200 checked hands of each variant in CI. Checked hands cost 5 ms (Italian)
#: to 0.2 s (Bolivia) of one core since move generation became legal by construction, so the
#: main presets play 200 and their other player counts and packs 40 (20 for six-player Hand
#: and Foot, 0.25 s a hand).
VARIANT_HANDS = 200
OTHER_COUNT_HANDS = {"hand-and-foot-6": 20}
MAIN_VARIANTS = {
    "samba", "bolivia", "brazilian", "chilean", "cuban", "british", "modern-american",
    "italian", "hand-and-foot", "caliente", "uruguayan",
}  # fmt: skip
#: Hands per test, so that the two workers share the long presets evenly.
CHUNK = 100


def _hands(name: str) -> int:
    if name in MAIN_VARIANTS:
        return VARIANT_HANDS
    if name in SEQUENCE_PRESETS or name in HAND_AND_FOOT_PRESETS or name in ITALIAN_PRESETS:
        return OTHER_COUNT_HANDS.get(name, 40)
    return OTHER_COUNT_HANDS.get(name, HANDS_PER_PRESET)


CASES = [(name, first) for name in sorted(PRESETS) for first in range(0, _hands(name), CHUNK)]


@pytest.mark.parametrize("name, first", CASES)
def test_self_play_keeps_every_invariant(name: str, first: int) -> None:
    rules = preset(name)
    hands = min(CHUNK, _hands(name) - first)
    endings: Counter[str] = Counter()
    for hand in range(first, first + hands):
        make = RandomBot if hand % 2 else GreedyBot
        bots = [make(seat, f"{name}:{hand}") for seat in range(rules.players)]
        result = play_hand(rules, f"{name}:{hand}", bots, hand % rules.players, check=True)
        assert result.violations == [], f"hand {hand}: {result.violations[:3]}"
        assert result.illegal == 0
        assert not result.dead_end and not result.capped
        assert result.final.end is not None, f"hand {hand} did not end"
        endings[result.final.end.reason] += 1
    assert sum(endings.values()) == hands
    # baseline bots seldom make the two canastas of Samba, Modern American or Italian, or
    # Hand and Foot's books
    seldom = SEQUENCE_PRESETS.keys() | MAC_PRESETS.keys() | HAND_AND_FOOT_PRESETS.keys()
    if name not in seldom | ITALIAN_PRESETS.keys():
        assert endings["went_out"] > hands // 2  # hands mostly end by going out
