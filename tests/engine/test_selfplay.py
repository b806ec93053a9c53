"""Seeded self-play for every preset, checking every invariant at every step.

This is the engine's widest net: 300 hands per preset (random and greedy players mixed)
with card conservation, consistent hands, generated moves legal and non-empty until the
hand ends, no hidden card in any PlayerView, then JSON round trip, log replay and scores
that add up from their breakdown at the end of each hand.
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
#: The sequence family's hands are long (162 cards, draw two, and the baseline players seldom
#: go out): a checked hand costs 0.6 s (Samba) to 1.3 s (Bolivia) on one core, so 200 hands
#: of each of nine presets would take half an hour. 60 hands for each variant, 16 for its
#: other player counts and pack keep the suite under its time; `sim --check` runs the long
#: counts (README).
SEQUENCE_HANDS = {"samba": 60, "bolivia": 60, "brazilian": 60, "chilean": 60}
SEQUENCE_OTHER_HANDS = 16
#: Issues 12 and 13 ask 200 checked hands per preset in CI: Cuban and British cost about 16 s of
#: one core each, Modern American about 24 s; Uruguayan is Classic itself (URU-1), which
#: classic-4 already plays 300 times.
VARIANT_HANDS = {"cuban": 200, "british": 200, "uruguayan": 20, "modern-american": 200}
#: V-IT: 162 cards and draw two like Samba; `sim --check` runs the 200 hands of issue 13.
VARIANT_HANDS.update({"italian": 40, "italian-2decks": 20})
#: V-CAL: Classic with two Calientes, about 9 s of one core for the 200 hands of issue 13.
VARIANT_HANDS["caliente"] = 200
#: Hand and Foot's hands are longer still (270 cards for four, draw two, hand and foot), and
#: the baseline players never make its book quota: 40 hands for four players (about 25 s on
#: one core), 10 for the other counts; `sim --preset P --check` runs the long counts.
HAND_AND_FOOT_HANDS = {"hand-and-foot": 40}


def _hands(name: str) -> int:
    if name in SEQUENCE_PRESETS:
        return VARIANT_HANDS.get(name, SEQUENCE_HANDS.get(name, SEQUENCE_OTHER_HANDS))
    if name in HAND_AND_FOOT_PRESETS:
        return HAND_AND_FOOT_HANDS.get(name, 10)
    return VARIANT_HANDS.get(name, HANDS_PER_PRESET)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_self_play_keeps_every_invariant(name: str) -> None:
    rules = preset(name)
    hands = _hands(name)
    endings: Counter[str] = Counter()
    for hand in range(hands):
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
