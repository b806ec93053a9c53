"""Issue 16: the sequence generators read off a hand's bits (``movegen._run_bits``) give
exactly what reading the cards one by one gave (SAM-9..11): the runs of ``hand_runs`` in the
same order, cut the same way, and ``_may_extend`` true exactly where ``run_extension`` finds a
card. The references below are the straightforward versions they replaced."""

from __future__ import annotations

import random

from canasta_game.engine.cards import ACE, FOUR, IS_NATURAL, JOKER, RANK_OF, SEQUENCE_KEY, SUIT_OF
from canasta_game.engine.meldrules import make_meld
from canasta_game.engine.movegen import (
    _may_extend,
    _run_bits,
    hand_runs,
    run_extension,
    run_index,
)
from canasta_game.engine.rules import preset

Cards = tuple[int, ...]


def _reference_runs(hand: Cards, size: int) -> list[Cards]:
    """SAM-9, SAM-10 card by card: each suit (in the order of its first natural in hand) and
    its ranks ascending, the first card of each rank, runs cut into pieces of ``size``."""
    by_suit: dict[int, dict[int, int]] = {}
    for card in hand:
        if IS_NATURAL[card]:
            by_suit.setdefault(SUIT_OF[card], {}).setdefault(RANK_OF[card], card)
    out: list[Cards] = []
    for cards in by_suit.values():
        run: list[int] = []
        previous = -1
        for rank in sorted(r for r in cards if FOUR <= r <= ACE):
            if rank == previous + 1 and len(run) < size:
                run.append(cards[rank])
            else:
                if len(run) >= 3:
                    out.append(tuple(run))
                run = [cards[rank]]
            previous = rank
        if len(run) >= 3:
            out.append(tuple(run))
    return out


def _deck() -> list[int]:
    return [c for c in range(len(RANK_OF)) if RANK_OF[c] != JOKER or c % 2]


def test_hand_runs_match_the_card_by_card_reading() -> None:
    """SAM-9, SAM-10: the same runs, in the same order, of the same cards, for canastas of
    3 to 8 cards (pieces cut off long runs) and hands of up to 40 cards (several suits with
    runs, two decks: the first card of a rank is the one taken)."""
    rng = random.Random("bits")
    deck = _deck()
    several = 0
    for _ in range(4000):
        hand = tuple(rng.sample(deck, rng.randrange(3, 41)))
        size = rng.randrange(3, 9)
        expected = _reference_runs(hand, size)
        assert hand_runs(hand, size) == expected, (hand, size)
        assert hand_runs(hand, size, _run_bits(hand)) == expected
        several += len({SUIT_OF[run[0]] for run in expected}) > 1
    assert several > 100


def test_may_extend_exactly_where_run_extension_finds_a_card() -> None:
    """SAM-11: ``_may_extend`` is true exactly where ``run_extension`` is not empty, for
    random sequences (complete ones included) and random hands."""
    rules = preset("samba")
    rng = random.Random("ends")
    deck = _deck()
    found = 0
    for number in range(4000):
        suit = rng.randrange(4)
        low = rng.randrange(FOUR, ACE - 1)
        high = rng.randrange(low + 2, min(ACE, low + 7) + 1)
        cards = tuple(c for c in deck if SUIT_OF[c] == suit and low <= RANK_OF[c] <= high)
        ranks = {RANK_OF[c]: c for c in cards if IS_NATURAL[c]}
        run = tuple(ranks[r] for r in range(low, high + 1))
        meld = make_meld(rules, number, SEQUENCE_KEY + suit, run, len(run), 0)
        hand = tuple(rng.sample(deck, rng.randrange(1, 16)))
        extension = run_extension(meld, run_index(hand))
        assert _may_extend(meld, _run_bits(hand)) == bool(extension), (run, hand)
        found += bool(extension)
    assert 200 < found < 3800
