"""Issue 16, Samba's speed: the shortcuts of the sequence generators and of the going-out
solver give exactly what the general computation gives."""

from __future__ import annotations

import random

from canasta_game.engine.cards import JOKER, RANK_OF
from canasta_game.engine.movegen import _RUN_BIT, _run_bits


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
